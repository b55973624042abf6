// SPDX-License-Identifier: GPL-2.0
/* Unit tests for lib/sort.c. */
#include "ktest.h"

#include <linux/sort.h>
#include <linux/random.h>
#include <linux/kernel.h>
#include <linux/string.h>

static unsigned long ncmp;

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	ncmp++;
	return (x > y) - (x < y);
}

static int cmp_u64_desc(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return (x < y) - (x > y);
}

/* A record whose size is neither 4 nor 8, to exercise the byte swap. */
struct rec {
	u16 key;
	char tag[5];
} __packed;

static int cmp_rec(const void *a, const void *b)
{
	return (int)((const struct rec *)a)->key - (int)((const struct rec *)b)->key;
}

static int cmp_mod_r(const void *a, const void *b, const void *priv)
{
	unsigned int mod = *(const unsigned int *)priv;
	unsigned int x = *(const unsigned int *)a % mod, y = *(const unsigned int *)b % mod;

	return (x > y) - (x < y);
}

static unsigned long nswap;

static void swap_int(void *a, void *b, int size)
{
	int t = *(int *)a;

	*(int *)a = *(int *)b;
	*(int *)b = t;
	nswap++;
}

static void test_sort_ints(struct ktest *t)
{
	enum { MAX = 1000 };
	static int a[MAX];
	static unsigned int hist[MAX];
	struct rnd_state rs;
	unsigned int n, i, round;
	u64 sum, sum2;

	prandom_seed_state(&rs, 11);
	for (round = 0; round < 300; round++) {
		n = prandom_u32_below_state(&rs, MAX + 1);
		memset(hist, 0, sizeof(hist));
		sum = 0;
		for (i = 0; i < n; i++) {
			/* Small ranges make many duplicates. */
			a[i] = prandom_u32_below_state(&rs, round % 2 ? MAX : 10);
			hist[a[i]]++;
			sum += a[i];
		}
		sort(a, n, sizeof(int), cmp_int, NULL);
		sum2 = 0;
		for (i = 0; i < n; i++) {
			if (i)
				KASSERT_TRUE(t, a[i - 1] <= a[i]);
			KASSERT_TRUE(t, hist[a[i]] > 0);	/* a permutation */
			hist[a[i]]--;
			sum2 += a[i];
		}
		KASSERT_EQ(t, sum, sum2);
	}
}

static void test_sort_edge(struct ktest *t)
{
	int one[1] = { 5 };
	int two[2] = { 2, 1 };
	int same[7] = { 3, 3, 3, 3, 3, 3, 3 };
	int asc[9] = { 1, 2, 3, 4, 5, 6, 7, 8, 9 };
	int desc[9] = { 9, 8, 7, 6, 5, 4, 3, 2, 1 };
	int neg[6] = { 0, -1, 2147483647, -2147483647 - 1, 5, -5 };
	const int neg_sorted[6] = { -2147483647 - 1, -5, -1, 0, 5, 2147483647 };
	int i;

	sort(NULL, 0, sizeof(int), cmp_int, NULL);
	sort(one, 1, sizeof(int), cmp_int, NULL);
	KEXPECT_EQ(t, one[0], 5);
	sort(two, 2, sizeof(int), cmp_int, NULL);
	KEXPECT_EQ(t, two[0], 1);
	KEXPECT_EQ(t, two[1], 2);
	sort(same, 7, sizeof(int), cmp_int, NULL);
	for (i = 0; i < 7; i++)
		KEXPECT_EQ(t, same[i], 3);
	sort(asc, 9, sizeof(int), cmp_int, NULL);
	sort(desc, 9, sizeof(int), cmp_int, NULL);
	for (i = 0; i < 9; i++) {
		KEXPECT_EQ(t, asc[i], i + 1);
		KEXPECT_EQ(t, desc[i], i + 1);
	}
	sort(neg, 6, sizeof(int), cmp_int, NULL);
	KEXPECT_MEMEQ(t, neg, neg_sorted, sizeof(neg));
}

static void test_sort_complexity(struct ktest *t)
{
	enum { N = 4096 };
	static int a[N];
	struct rnd_state rs;
	int i;

	prandom_seed_state(&rs, 12);
	for (i = 0; i < N; i++)
		a[i] = prandom_u32_state(&rs);
	ncmp = 0;
	nswap = 0;
	sort(a, N, sizeof(int), cmp_int, swap_int);
	for (i = 1; i < N; i++)
		KASSERT_TRUE(t, a[i - 1] <= a[i]);
	/* Heapsort: at most about 2 n log2 n comparisons (n log2 n = 49152). */
	KEXPECT_LE(t, ncmp, 2UL * N * 12);
	KEXPECT_GT(t, nswap, 0UL);	/* the custom swap was used */
	KEXPECT_LE(t, nswap, 1UL * N * 12);

	/* Already sorted input is no worse. */
	ncmp = 0;
	sort(a, N, sizeof(int), cmp_int, NULL);
	KEXPECT_LE(t, ncmp, 2UL * N * 12);
}

static void test_sort_sizes(struct ktest *t)
{
	u64 w[100];
	struct rec r[50];
	struct rnd_state rs;
	int i;

	prandom_seed_state(&rs, 13);
	for (i = 0; i < 100; i++)
		w[i] = prandom_u64_state(&rs);
	sort(w, 100, sizeof(u64), cmp_u64_desc, NULL);
	for (i = 1; i < 100; i++)
		KASSERT_TRUE(t, w[i - 1] >= w[i]);

	for (i = 0; i < 50; i++) {
		r[i].key = (i * 37) % 50;
		snprintf(r[i].tag, sizeof(r[i].tag), "t%02u", r[i].key);
	}
	sort(r, 50, sizeof(struct rec), cmp_rec, NULL);
	for (i = 0; i < 50; i++) {
		char want[5];

		snprintf(want, sizeof(want), "t%02d", i);
		KASSERT_EQ(t, r[i].key, i);
		KASSERT_STREQ(t, r[i].tag, want);	/* records moved whole */
	}
}

static void test_sort_r(struct ktest *t)
{
	unsigned int a[40], mod = 7;
	int i;

	for (i = 0; i < 40; i++)
		a[i] = 40 - i;
	sort_r(a, 40, sizeof(a[0]), cmp_mod_r, NULL, &mod);
	for (i = 1; i < 40; i++)
		KASSERT_TRUE(t, a[i - 1] % 7 <= a[i] % 7);
}

static const struct ktest_case cases[] = {
	KTEST_CASE(test_sort_ints),
	KTEST_CASE(test_sort_edge),
	KTEST_CASE(test_sort_complexity),
	KTEST_CASE(test_sort_sizes),
	KTEST_CASE(test_sort_r),
	{}
};

KTEST_MAIN("sort", cases)
