// SPDX-License-Identifier: GPL-2.0
/* Unit tests for the rcu_node tree geometry (rcu/tree_geometry.c). */
#include "ktest.h"

#include "../../rcu/tree_geometry.c"

struct shape {
	int nr_cpus, fanout, leaf;
	int levels, nodes;
	int cnt[RCU_MAX_LEVELS];
};

static const struct shape shapes[] = {
	/* The defaults, FANOUT 64 and FANOUT_LEAF 16. */
	{ 1, 64, 16, 1, 1, { 1 } },
	{ 2, 64, 16, 1, 1, { 1 } },
	{ 16, 64, 16, 1, 1, { 1 } },
	{ 17, 64, 16, 2, 3, { 1, 2 } },
	{ 64, 64, 16, 2, 5, { 1, 4 } },
	{ 255, 64, 16, 2, 17, { 1, 16 } },
	{ 1024, 64, 16, 2, 65, { 1, 64 } },
	{ 1025, 64, 16, 3, 68, { 1, 2, 65 } },
	{ 4096, 64, 16, 3, 261, { 1, 4, 256 } },
	/* NR_CPUS=4096 with RCU_FANOUT_LEAF=4 (tree_leaf4_defconfig), all present. */
	{ 4096, 64, 4, 3, 1041, { 1, 16, 1024 } },
	/* Small fanouts: deeper trees. */
	{ 8, 2, 2, 3, 7, { 1, 2, 4 } },
	{ 7, 2, 2, 3, 7, { 1, 2, 4 } },
	{ 255, 64, 4, 2, 65, { 1, 64 } },
	{ 10, 3, 3, 3, 7, { 1, 2, 4 } },
	{ 32, 2, 2, 5, 31, { 1, 2, 4, 8, 16 } },
};

static void check_shape(struct ktest *t, const struct shape *s)
{
	struct rcu_geometry g;

	KASSERT_EQ(t, rcu_geometry_compute(&g, s->nr_cpus, s->fanout, s->leaf), 0);
	KEXPECT_EQ(t, g.levels, s->levels);
	KEXPECT_EQ(t, g.num_nodes, s->nodes);
	for (int l = 0; l < g.levels; l++) {
		KEXPECT_EQ(t, g.level_cnt[l], s->cnt[l]);
		/* Every level covers all CPUs, with no empty node. */
		KEXPECT_GE(t, g.level_cnt[l] * g.level_span[l], s->nr_cpus);
		KEXPECT_LT(t, (g.level_cnt[l] - 1) * g.level_span[l], s->nr_cpus);
		if (l)
			KEXPECT_LE(t, g.level_cnt[l], g.level_cnt[l - 1] * s->fanout);
	}
	KEXPECT_EQ(t, g.level_span[g.levels - 1], s->leaf);
	KEXPECT_EQ(t, g.level_cnt[0], 1);
	KEXPECT_EQ(t, g.level_first[0], 0);
}

static void test_shapes(struct ktest *t)
{
	for (unsigned int i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++)
		check_shape(t, &shapes[i]);
}

/* Properties for every CPU count up to 4096 and several fanouts. */
static void test_all_counts(struct ktest *t)
{
	static const int fan[][2] = { { 64, 16 }, { 64, 4 }, { 16, 16 }, { 4, 4 }, { 3, 2 } };

	for (unsigned int f = 0; f < 5; f++) {
		for (int n = 1; n <= 4096; n++) {
			struct rcu_geometry g;
			int sum = 0;

			if (rcu_geometry_compute(&g, n, fan[f][0], fan[f][1]))
				continue;	/* too deep: checked in test_limits */
			for (int l = 0; l < g.levels; l++) {
				if (g.level_first[l] != sum)
					KEXPECT_EQ(t, g.level_first[l], sum);
				sum += g.level_cnt[l];
				if (g.level_cnt[l] * g.level_span[l] < n)
					KEXPECT_GE(t, g.level_cnt[l] * g.level_span[l], n);
			}
			if (sum != g.num_nodes)
				KEXPECT_EQ(t, sum, g.num_nodes);
			/* The fewest levels that fit: one level less would not. */
			if (g.levels > 1 && g.level_span[1] >= n)
				KEXPECT_LT(t, g.level_span[1], n);
		}
	}
}

static void test_limits(struct ktest *t)
{
	struct rcu_geometry g;

	KEXPECT_EQ(t, rcu_geometry_compute(&g, 0, 64, 16), -1);
	KEXPECT_EQ(t, rcu_geometry_compute(&g, 4, 1, 16), -1);
	KEXPECT_EQ(t, rcu_geometry_compute(&g, 4, 65, 16), -1);
	KEXPECT_EQ(t, rcu_geometry_compute(&g, 4, 64, 65), -1);
	/* 255 CPUs with fanout 2 would need 8 levels: refused, not built wrong. */
	KEXPECT_EQ(t, rcu_geometry_compute(&g, 255, 2, 2), -1);
	KEXPECT_EQ(t, rcu_geometry_compute(&g, 64, 2, 2), -1);
	KEXPECT_EQ(t, rcu_geometry_compute(&g, 32, 2, 2), 0);
	/* 4096 CPUs fit every default-like fanout, not the deep test trees. */
	KEXPECT_EQ(t, rcu_geometry_compute(&g, 4096, 64, 2), 0);
	KEXPECT_EQ(t, rcu_geometry_compute(&g, 4096, 2, 2), -1);
}

static const struct ktest_case cases[] = {
	KTEST_CASE(test_shapes),
	KTEST_CASE(test_all_counts),
	KTEST_CASE(test_limits),
	{}
};

KTEST_MAIN("rcu_geometry", cases)
