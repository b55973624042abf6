// SPDX-License-Identifier: GPL-2.0
/*
 * rcu_node tree geometry: leaves of up to @fanout_leaf CPUs, inner nodes
 * of up to @fanout children, as few levels as fit @nr_cpus.
 */
#include "tree_geometry.h"

/**
 * rcu_geometry_compute() - lay out the rcu_node tree
 * @g: filled in
 * @nr_cpus: CPUs to cover (at least 1)
 * @fanout: children per inner node (2..64)
 * @fanout_leaf: CPUs per leaf (2..64)
 *
 * Return: 0, or -1 if the arguments are out of range or the tree would
 * need more than RCU_MAX_LEVELS levels.
 */
int rcu_geometry_compute(struct rcu_geometry *g, int nr_cpus, int fanout,
			 int fanout_leaf)
{
	long span = fanout_leaf;
	int levels = 1, i;

	if (nr_cpus < 1 || fanout < 2 || fanout > 64 ||
	    fanout_leaf < 1 || fanout_leaf > 64)
		return -1;
	while (span < nr_cpus) {
		span *= fanout;
		if (++levels > RCU_MAX_LEVELS)
			return -1;
	}
	g->levels = levels;
	/* Span of a node at each level: the leaf level spans fanout_leaf. */
	g->level_span[levels - 1] = fanout_leaf;
	for (i = levels - 2; i >= 0; i--)
		g->level_span[i] = g->level_span[i + 1] * fanout;
	g->num_nodes = 0;
	for (i = 0; i < levels; i++) {
		g->level_cnt[i] = (nr_cpus + g->level_span[i] - 1) / g->level_span[i];
		g->level_first[i] = g->num_nodes;
		g->num_nodes += g->level_cnt[i];
	}
	return 0;
}
