// SPDX-License-Identifier: GPL-2.0
/* Unit tests for lib/random.c. */
#include "ktest.h"

#include <linux/random.h>
#include <linux/bitops.h>
#include <linux/kernel.h>
#include <linux/string.h>

static void test_deterministic(struct ktest *t)
{
	struct rnd_state a, b;
	int i, same = 0;

	prandom_seed_state(&a, 42);
	prandom_seed_state(&b, 42);
	for (i = 0; i < 1000; i++)
		KASSERT_EQ(t, prandom_u32_state(&a), prandom_u32_state(&b));

	/* Different seeds, 0 included, give different sequences. */
	prandom_seed_state(&a, 0);
	prandom_seed_state(&b, 1);
	for (i = 0; i < 1000; i++)
		same += prandom_u32_state(&a) == prandom_u32_state(&b);
	KEXPECT_LE(t, same, 1);

	/* Seed 0 does not give the all-zero state (a fixed point). */
	prandom_seed_state(&a, 0);
	KEXPECT_TRUE(t, a.s1 | a.s2 | a.s3 | a.s4);
	KEXPECT_NE(t, prandom_u32_state(&a) | prandom_u32_state(&a), 0U);
}

/*
 * Known answers for seed 42, checked against an independent model of
 * splitmix64 + xoshiro128**.  Torture tests print their seed so a run can
 * be replayed: the sequence for a seed must not change by accident.
 */
static void test_known_values(struct ktest *t)
{
	struct rnd_state s;

	prandom_seed_state(&s, 42);
	KEXPECT_EQ(t, prandom_u32_state(&s), 0x69e85a2aU);
	KEXPECT_EQ(t, prandom_u32_state(&s), 0xf843fad0U);
	KEXPECT_EQ(t, prandom_u32_state(&s), 0x0105185fU);
	KEXPECT_EQ(t, prandom_u32_state(&s), 0x8a1f1ea6U);
}

static void test_no_short_cycle(struct ktest *t)
{
	struct rnd_state s;
	u32 first[4], v;
	int i, repeats = 0;

	prandom_seed_state(&s, 7);
	for (i = 0; i < 4; i++)
		first[i] = prandom_u32_state(&s);
	for (i = 0; i < 1000000; i++) {
		v = prandom_u32_state(&s);
		if (v == first[0]) {
			struct rnd_state c = s;

			repeats += prandom_u32_state(&c) == first[1] &&
				   prandom_u32_state(&c) == first[2] &&
				   prandom_u32_state(&c) == first[3];
		}
	}
	KEXPECT_EQ(t, repeats, 0);
}

static void test_uniformity(struct ktest *t)
{
	enum { BUCKETS = 64, N = 640000 };
	static unsigned int counts[BUCKETS];
	unsigned int bitcount[32] = { 0 };
	struct rnd_state s;
	u64 chi2 = 0;
	int i, b;

	prandom_seed_state(&s, 12345);
	for (i = 0; i < N; i++) {
		u32 v = prandom_u32_state(&s);

		counts[v >> 26]++;		/* top bits */
		for (b = 0; b < 32; b++)
			bitcount[b] += (v >> b) & 1;
	}
	for (i = 0; i < BUCKETS; i++) {
		s64 d = (s64)counts[i] - N / BUCKETS;

		chi2 += d * d;
	}
	/* chi2 = sum(d^2) / expected; 63 degrees of freedom: < 120 is p > 1e-5. */
	KEXPECT_LT(t, chi2 / (N / BUCKETS), 120ULL);
	/* Each bit is set about half of the time (sd ~ 400). */
	for (b = 0; b < 32; b++) {
		KEXPECT_GT(t, bitcount[b], N / 2 - 3000U);
		KEXPECT_LT(t, bitcount[b], N / 2 + 3000U);
	}
}

static void test_low_bits(struct ktest *t)
{
	/* The low bits must not be periodic as in a plain LCG. */
	enum { N = 65536 };
	static unsigned int counts[16];
	struct rnd_state s;
	unsigned int i, prev = 0, pairs_same = 0;

	prandom_seed_state(&s, 99);
	for (i = 0; i < N; i++) {
		unsigned int v = prandom_u32_state(&s) & 15;

		counts[v]++;
		pairs_same += v == prev;
		prev = v;
	}
	for (i = 0; i < 16; i++) {
		KEXPECT_GT(t, counts[i], N / 16 - 500);
		KEXPECT_LT(t, counts[i], N / 16 + 500);
	}
	KEXPECT_GT(t, pairs_same, N / 16 - 500);
	KEXPECT_LT(t, pairs_same, N / 16 + 500);
}

static void test_below_and_bytes(struct ktest *t)
{
	struct rnd_state s;
	unsigned int seen[10] = { 0 };
	u8 buf[37], zero[37] = { 0 };
	int i;

	prandom_seed_state(&s, 5);
	for (i = 0; i < 10000; i++) {
		u32 v = prandom_u32_below_state(&s, 10);

		KASSERT_TRUE(t, v < 10);
		seen[v]++;
	}
	for (i = 0; i < 10; i++)
		KEXPECT_GT(t, seen[i], 800U);
	KEXPECT_EQ(t, prandom_u32_below_state(&s, 0), 0U);
	KEXPECT_EQ(t, prandom_u32_below_state(&s, 1), 0U);

	memset(buf, 0, sizeof(buf));
	prandom_bytes_state(&s, buf, sizeof(buf));	/* odd size: tail bytes */
	KEXPECT_FALSE(t, memcmp(buf, zero, sizeof(buf)) == 0);
	KEXPECT_FALSE(t, memcmp(buf + 32, zero, 5) == 0);
	prandom_bytes_state(&s, buf, 0);

	/* 64-bit values use both halves. */
	{
		u64 or = 0;

		for (i = 0; i < 64; i++)
			or |= prandom_u64_state(&s);
		KEXPECT_EQ(t, or, ~0ULL);
	}
}

static const struct ktest_case cases[] = {
	KTEST_CASE(test_deterministic),
	KTEST_CASE(test_known_values),
	KTEST_CASE(test_no_short_cycle),
	KTEST_CASE(test_uniformity),
	KTEST_CASE(test_low_bits),
	KTEST_CASE(test_below_and_bytes),
	{}
};

KTEST_MAIN("random", cases)
