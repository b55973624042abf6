/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _RCU_TREE_GEOMETRY_H
#define _RCU_TREE_GEOMETRY_H

/*
 * Shape of the rcu_node tree for a number of CPUs and the fanouts.
 * Pure arithmetic, shared with the host unit test (tests/unit).
 */
#define RCU_MAX_LEVELS	5

struct rcu_geometry {
	int levels;			/* 1 = the root is the only (leaf) node */
	int level_cnt[RCU_MAX_LEVELS];	/* nodes per level, root first */
	int level_first[RCU_MAX_LEVELS];/* index of each level's first node */
	int level_span[RCU_MAX_LEVELS];	/* CPUs covered by one node of the level */
	int num_nodes;
};

int rcu_geometry_compute(struct rcu_geometry *g, int nr_cpus, int fanout,
			 int fanout_leaf);

#endif /* _RCU_TREE_GEOMETRY_H */
