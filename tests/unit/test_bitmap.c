// SPDX-License-Identifier: GPL-2.0
/* Unit tests for lib/bitmap.c and <linux/bitmap.h>. */
#include "ktest.h"

#include <linux/bitmap.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/random.h>

#define NB 200		/* not a multiple of BITS_PER_LONG on purpose */

/* A reference model: one bool per bit. */
static bool model[NB];

static void fill_random(unsigned long *map, unsigned int nbits, struct rnd_state *rs,
			unsigned int density)
{
	unsigned int i;

	bitmap_zero(map, nbits);
	for (i = 0; i < nbits; i++) {
		model[i] = prandom_u32_below_state(rs, 100) < density;
		if (model[i])
			__set_bit(i, map);
	}
}

static void test_zero_fill(struct ktest *t)
{
	DECLARE_BITMAP(map, NB);
	unsigned int i;

	KEXPECT_EQ(t, sizeof(map), 4 * sizeof(long));
	bitmap_fill(map, NB);
	KEXPECT_TRUE(t, bitmap_full(map, NB));
	KEXPECT_FALSE(t, bitmap_empty(map, NB));
	KEXPECT_EQ(t, bitmap_weight(map, NB), NB);
	/* Bits past nbits stay clear. */
	KEXPECT_EQ(t, map[3], BITMAP_LAST_WORD_MASK(NB));
	for (i = 0; i < NB; i++)
		KASSERT_TRUE(t, test_bit(i, map));
	bitmap_zero(map, NB);
	KEXPECT_TRUE(t, bitmap_empty(map, NB));
	KEXPECT_FALSE(t, bitmap_full(map, NB));
	KEXPECT_EQ(t, bitmap_weight(map, NB), 0);
	/* Garbage past nbits is ignored by the readers. */
	map[3] = ~BITMAP_LAST_WORD_MASK(NB);
	KEXPECT_TRUE(t, bitmap_empty(map, NB));
	KEXPECT_EQ(t, bitmap_weight(map, NB), 0);
	KEXPECT_EQ(t, find_first_bit(map, NB), NB);
	KEXPECT_EQ(t, find_last_bit(map, NB), NB);
	/* Zero-sized bitmaps. */
	KEXPECT_TRUE(t, bitmap_empty(map, 0));
	KEXPECT_TRUE(t, bitmap_full(map, 0));
	KEXPECT_EQ(t, find_first_bit(map, 0), 0);
	/* Exact multiples of the word size. */
	bitmap_fill(map, 128);
	KEXPECT_EQ(t, map[1], ~0UL);
	KEXPECT_TRUE(t, bitmap_full(map, 128));
	KEXPECT_EQ(t, bitmap_weight(map, 128), 128);
}

static void test_find_random(struct ktest *t)
{
	DECLARE_BITMAP(map, NB);
	struct rnd_state rs;
	unsigned int round, i, density;

	prandom_seed_state(&rs, 1);
	for (round = 0; round < 200; round++) {
		density = (round % 5) * 25;	/* 0%, 25%, ... 100% */
		fill_random(map, NB, &rs, density);

		for (i = 0; i <= NB; i++) {
			unsigned int j, next_set = NB, next_zero = NB;

			for (j = i; j < NB; j++)
				if (model[j]) {
					next_set = j;
					break;
				}
			for (j = i; j < NB; j++)
				if (!model[j]) {
					next_zero = j;
					break;
				}
			KASSERT_EQ(t, find_next_bit(map, NB, i), next_set);
			KASSERT_EQ(t, find_next_zero_bit(map, NB, i), next_zero);
		}
		{
			unsigned int last = NB, w = 0;

			for (i = 0; i < NB; i++) {
				if (model[i]) {
					last = i;
					w++;
				}
			}
			KASSERT_EQ(t, find_last_bit(map, NB), last);
			KASSERT_EQ(t, bitmap_weight(map, NB), w);
			KASSERT_EQ(t, bitmap_empty(map, NB), w == 0);
			KASSERT_EQ(t, bitmap_full(map, NB), w == NB);
		}
		KASSERT_EQ(t, find_next_bit(map, NB, NB + 5), NB);
	}
}

static void test_for_each(struct ktest *t)
{
	DECLARE_BITMAP(map, NB);
	unsigned long bit;
	unsigned int n = 0, sum = 0;

	bitmap_zero(map, NB);
	__set_bit(0, map);
	__set_bit(63, map);
	__set_bit(64, map);
	__set_bit(199, map);
	for_each_set_bit(bit, map, NB) {
		n++;
		sum += bit;
	}
	KEXPECT_EQ(t, n, 4);
	KEXPECT_EQ(t, sum, 0 + 63 + 64 + 199);

	n = 0;
	for_each_clear_bit(bit, map, NB)
		n++;
	KEXPECT_EQ(t, n, NB - 4);

	bit = 64;
	n = 0;
	for_each_set_bit_from(bit, map, NB)
		n++;
	KEXPECT_EQ(t, n, 2);

	/* A bitmap smaller than a word, with junk above nbits. */
	map[0] = ~0UL;
	n = 0;
	for_each_set_bit(bit, map, 10)
		n++;
	KEXPECT_EQ(t, n, 10);
}

static void test_set_clear_range(struct ktest *t)
{
	DECLARE_BITMAP(map, NB);
	unsigned int start, len, i;

	for (start = 0; start < 140; start += 7)
		for (len = 0; start + len <= NB; len += 13) {
			bitmap_zero(map, NB);
			bitmap_set(map, start, len);
			for (i = 0; i < NB; i++)
				KASSERT_EQ(t, test_bit(i, map), i >= start && i < start + len);
			bitmap_fill(map, NB);
			bitmap_clear(map, start, len);
			for (i = 0; i < NB; i++)
				KASSERT_EQ(t, test_bit(i, map), !(i >= start && i < start + len));
		}
	bitmap_zero(map, NB);
	bitmap_set(map, 64, 64);
	KEXPECT_EQ(t, map[0], 0UL);
	KEXPECT_EQ(t, map[1], ~0UL);
	KEXPECT_EQ(t, map[2], 0UL);
}

static void test_algebra(struct ktest *t)
{
	DECLARE_BITMAP(a, NB);
	DECLARE_BITMAP(b, NB);
	DECLARE_BITMAP(r, NB);
	bool ma[NB];
	struct rnd_state rs;
	unsigned int i, round;

	prandom_seed_state(&rs, 2);
	for (round = 0; round < 50; round++) {
		fill_random(a, NB, &rs, 50);
		for (i = 0; i < NB; i++)
			ma[i] = model[i];
		fill_random(b, NB, &rs, round % 2 ? 50 : 5);

		bitmap_and(r, a, b, NB);
		for (i = 0; i < NB; i++)
			KASSERT_EQ(t, test_bit(i, r), ma[i] && model[i]);
		bitmap_or(r, a, b, NB);
		for (i = 0; i < NB; i++)
			KASSERT_EQ(t, test_bit(i, r), ma[i] || model[i]);
		bitmap_xor(r, a, b, NB);
		for (i = 0; i < NB; i++)
			KASSERT_EQ(t, test_bit(i, r), ma[i] != model[i]);
		bitmap_andnot(r, a, b, NB);
		for (i = 0; i < NB; i++)
			KASSERT_EQ(t, test_bit(i, r), ma[i] && !model[i]);
		bitmap_complement(r, a, NB);
		for (i = 0; i < NB; i++)
			KASSERT_EQ(t, test_bit(i, r), !ma[i]);
		KASSERT_EQ(t, bitmap_weight(r, NB) + bitmap_weight(a, NB), NB);

		{
			bool inter = false, subset = true;

			for (i = 0; i < NB; i++) {
				inter |= ma[i] && model[i];
				if (ma[i] && !model[i])
					subset = false;
			}
			KASSERT_EQ(t, bitmap_intersects(a, b, NB), inter);
			KASSERT_EQ(t, bitmap_subset(a, b, NB), subset);
		}
		bitmap_and(r, a, b, NB);
		KASSERT_TRUE(t, bitmap_subset(r, a, NB));
		KASSERT_TRUE(t, bitmap_subset(r, b, NB));
		bitmap_copy(r, a, NB);
		KASSERT_TRUE(t, bitmap_equal(r, a, NB));
		__change_bit(NB - 1, r);
		KASSERT_FALSE(t, bitmap_equal(r, a, NB));
	}
}

static const char *print(const unsigned long *map, unsigned int nbits)
{
	static char buf[256];

	bitmap_scnprintf(buf, sizeof(buf), map, nbits);
	return buf;
}

static void test_scnprintf(struct ktest *t)
{
	DECLARE_BITMAP(map, NB);
	char small[6];
	int len;

	bitmap_zero(map, NB);
	KEXPECT_STREQ(t, print(map, NB), "");
	__set_bit(5, map);
	KEXPECT_STREQ(t, print(map, NB), "5");
	bitmap_set(map, 0, 4);
	KEXPECT_STREQ(t, print(map, NB), "0-3,5");
	__set_bit(7, map);
	__set_bit(8, map);
	KEXPECT_STREQ(t, print(map, NB), "0-3,5,7-8");
	bitmap_set(map, 60, 10);
	KEXPECT_STREQ(t, print(map, NB), "0-3,5,7-8,60-69");
	__set_bit(NB - 1, map);
	KEXPECT_STREQ(t, print(map, NB), "0-3,5,7-8,60-69,199");
	bitmap_fill(map, NB);
	KEXPECT_STREQ(t, print(map, NB), "0-199");
	KEXPECT_STREQ(t, print(map, 1), "0");
	KEXPECT_STREQ(t, print(map, 0), "");

	/* Truncation: scnprintf semantics, always terminated. */
	bitmap_zero(map, NB);
	bitmap_set(map, 100, 50);
	__set_bit(160, map);
	len = bitmap_scnprintf(small, sizeof(small), map, NB);
	KEXPECT_EQ(t, len, 5);
	KEXPECT_STREQ(t, small, "100-1");
	KEXPECT_EQ(t, bitmap_scnprintf(small, 0, map, NB), 0);
}

static void test_parselist(struct ktest *t)
{
	DECLARE_BITMAP(map, NB);
	DECLARE_BITMAP(map2, NB);
	struct rnd_state rs;
	unsigned int round;
	char buf[1024];

	KEXPECT_EQ(t, bitmap_parselist("0-3,5", map, NB), 0);
	KEXPECT_STREQ(t, print(map, NB), "0-3,5");
	KEXPECT_EQ(t, bitmap_parselist("", map, NB), 0);
	KEXPECT_TRUE(t, bitmap_empty(map, NB));
	KEXPECT_EQ(t, bitmap_parselist("7\n", map, NB), 0);
	KEXPECT_STREQ(t, print(map, NB), "7");
	KEXPECT_EQ(t, bitmap_parselist(" 1 - 2 , 4 ", map, NB), 0);
	KEXPECT_STREQ(t, print(map, NB), "1-2,4");
	KEXPECT_EQ(t, bitmap_parselist("190-N", map, NB), 0);
	KEXPECT_STREQ(t, print(map, NB), "190-199");
	KEXPECT_EQ(t, bitmap_parselist("3,1,2,2", map, NB), 0);
	KEXPECT_STREQ(t, print(map, NB), "1-3");

	KEXPECT_EQ(t, bitmap_parselist("200", map, NB), -ERANGE);
	KEXPECT_EQ(t, bitmap_parselist("0-200", map, NB), -ERANGE);
	KEXPECT_EQ(t, bitmap_parselist("99999999999999999999", map, NB), -ERANGE);
	KEXPECT_EQ(t, bitmap_parselist("5-3", map, NB), -EINVAL);
	KEXPECT_EQ(t, bitmap_parselist("a", map, NB), -EINVAL);
	KEXPECT_EQ(t, bitmap_parselist("1,", map, NB), -EINVAL);
	KEXPECT_EQ(t, bitmap_parselist(",1", map, NB), -EINVAL);
	KEXPECT_EQ(t, bitmap_parselist("1-", map, NB), -EINVAL);
	KEXPECT_EQ(t, bitmap_parselist("1;2", map, NB), -EINVAL);
	KEXPECT_EQ(t, bitmap_parselist("-1", map, NB), -EINVAL);

	/* Round trip: print then parse gives back the same bitmap. */
	prandom_seed_state(&rs, 3);
	for (round = 0; round < 100; round++) {
		fill_random(map, NB, &rs, round % 100);
		bitmap_scnprintf(buf, sizeof(buf), map, NB);
		KASSERT_EQ(t, bitmap_parselist(buf, map2, NB), 0);
		KASSERT_TRUE(t, bitmap_equal(map, map2, NB));
	}
}

static const struct ktest_case cases[] = {
	KTEST_CASE(test_zero_fill),
	KTEST_CASE(test_find_random),
	KTEST_CASE(test_for_each),
	KTEST_CASE(test_set_clear_range),
	KTEST_CASE(test_algebra),
	KTEST_CASE(test_scnprintf),
	KTEST_CASE(test_parselist),
	{}
};

KTEST_MAIN("bitmap", cases)
