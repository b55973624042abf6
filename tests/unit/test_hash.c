// SPDX-License-Identifier: GPL-2.0
/* Unit tests for <linux/hash.h> and <linux/jhash.h>. */
#include "ktest.h"

#include <linux/hash.h>
#include <linux/jhash.h>
#include <linux/kernel.h>
#include <linux/string.h>

static void test_hash_range(struct ktest *t)
{
	unsigned int bits;
	u64 v;

	for (bits = 0; bits <= 32; bits++)
		for (v = 0; v < 2000; v++) {
			u64 big = v * 0x9e3779b97f4a7c15ULL;

			if (bits < 32) {
				KASSERT_TRUE(t, hash_32((u32)big, bits) < (1ULL << bits));
				KASSERT_TRUE(t, hash_64(big, bits) < (1ULL << bits));
				KASSERT_TRUE(t, hash_long(big, bits) < (1ULL << bits));
			}
		}
	KEXPECT_EQ(t, hash_32(12345, 0), 0);
	KEXPECT_EQ(t, hash_64(12345, 0), 0);
	/* Full width: the plain product. */
	KEXPECT_EQ(t, hash_32(1, 32), GOLDEN_RATIO_32);
	KEXPECT_EQ(t, hash_64(1, 32), (u32)(GOLDEN_RATIO_64 >> 32));
	KEXPECT_EQ(t, hash_32(0, 10), 0);
	KEXPECT_EQ(t, hash_ptr((void *)0x1000, 8), hash_64(0x1000, 8));
}

/*
 * Spread: hash N keys with a regular pattern into 2^bits buckets; no bucket
 * may get much more than its share.  Multiplicative hashing is excellent on
 * arithmetic progressions, such as pointers to array elements.
 */
static unsigned int max_bucket(const unsigned int *counts, unsigned int n)
{
	unsigned int i, max = 0;

	for (i = 0; i < n; i++)
		max = max(max, counts[i]);
	return max;
}

static void test_hash_distribution(struct ktest *t)
{
	static unsigned int counts[1024];
	unsigned int i, nkeys = 64 * 1024;
	const unsigned int bits = 10, avg = nkeys >> bits;

	/* Sequential integers. */
	memset(counts, 0, sizeof(counts));
	for (i = 0; i < nkeys; i++)
		counts[hash_32(i, bits)]++;
	KEXPECT_LE(t, max_bucket(counts, 1 << bits), 2 * avg);

	/* Pointers to 64-byte objects: low bits always zero. */
	memset(counts, 0, sizeof(counts));
	for (i = 0; i < nkeys; i++)
		counts[hash_ptr((void *)(0xffff888000000000UL + 64UL * i), bits)]++;
	KEXPECT_LE(t, max_bucket(counts, 1 << bits), 2 * avg);

	/* Page-aligned 64-bit values. */
	memset(counts, 0, sizeof(counts));
	for (i = 0; i < nkeys; i++)
		counts[hash_64((u64)i << 12, bits)]++;
	KEXPECT_LE(t, max_bucket(counts, 1 << bits), 2 * avg);

	/* Values differing only in the high half. */
	memset(counts, 0, sizeof(counts));
	for (i = 0; i < nkeys; i++)
		counts[hash_64((u64)i << 32, bits)]++;
	KEXPECT_LE(t, max_bucket(counts, 1 << bits), 2 * avg);
}

static void test_jhash_basic(struct ktest *t)
{
	const char *s = "The quick brown fox jumps over the lazy dog";
	u32 k[6] = { 1, 2, 3, 4, 5, 6 };
	char buf[64];
	u32 h;

	/* Deterministic. */
	KEXPECT_EQ(t, jhash(s, strlen(s), 0), jhash(s, strlen(s), 0));
	KEXPECT_EQ(t, jhash2(k, 6, 7), jhash2(k, 6, 7));
	/* Seed, length and content all matter. */
	KEXPECT_NE(t, jhash(s, strlen(s), 0), jhash(s, strlen(s), 1));
	KEXPECT_NE(t, jhash(s, strlen(s), 0), jhash(s, strlen(s) - 1, 0));
	KEXPECT_NE(t, jhash2(k, 6, 0), jhash2(k, 5, 0));
	KEXPECT_NE(t, jhash_1word(1, 0), jhash_1word(2, 0));
	KEXPECT_NE(t, jhash_2words(1, 2, 0), jhash_2words(2, 1, 0));
	KEXPECT_NE(t, jhash_3words(1, 2, 3, 0), jhash_3words(1, 2, 3, 1));
	/* Empty input gives the seeded starting value. */
	KEXPECT_EQ(t, jhash("", 0, 5), JHASH_INITVAL + 5);
	KEXPECT_EQ(t, jhash2(k, 0, 5), JHASH_INITVAL + 5);

	/* Alignment does not matter: the same bytes at an odd address. */
	h = jhash(s, strlen(s), 42);
	memcpy(buf + 1, s, strlen(s));
	KEXPECT_EQ(t, jhash(buf + 1, strlen(s), 42), h);

	/* Every length 0..40 over every tail size gives distinct values. */
	{
		u32 seen[41];
		size_t i, j;

		for (i = 0; i <= 40; i++) {
			seen[i] = jhash(s, i, 0);
			for (j = 0; j < i; j++)
				KEXPECT_NE(t, seen[i], seen[j]);
		}
	}
}

/* Flipping any one input bit flips about half of the output bits. */
static void test_jhash_avalanche(struct ktest *t)
{
	u8 key[24];
	unsigned int bit, trial, total = 0, n = 0, worst_low = 32, worst_high = 0;

	for (trial = 0; trial < 16; trial++) {
		for (bit = 0; bit < sizeof(key); bit++)
			key[bit] = (u8)(trial * 37 + bit * 11 + 1);
		for (bit = 0; bit < sizeof(key) * 8; bit++) {
			u32 h0 = jhash(key, sizeof(key), trial), h1, d;

			key[bit / 8] ^= 1 << (bit % 8);
			h1 = jhash(key, sizeof(key), trial);
			key[bit / 8] ^= 1 << (bit % 8);
			d = hweight32(h0 ^ h1);
			total += d;
			n++;
			worst_low = min(worst_low, d);
			worst_high = max(worst_high, d);
		}
	}
	/* Mean close to 16 of 32 bits; no flip leaves the hash (nearly) unchanged. */
	KEXPECT_GE(t, total * 10 / n, 150U);
	KEXPECT_LE(t, total * 10 / n, 170U);
	KEXPECT_GE(t, worst_low, 4U);
	KEXPECT_LE(t, worst_high, 28U);
}

static void test_jhash_distribution(struct ktest *t)
{
	static unsigned int counts[256];
	char name[32];
	unsigned int i, nkeys = 64 * 256;

	/* Similar strings ("cpu0", "cpu1", ...) into 256 buckets. */
	memset(counts, 0, sizeof(counts));
	for (i = 0; i < nkeys; i++) {
		int len = snprintf(name, sizeof(name), "cpu%u", i);

		counts[jhash(name, len, 0) & 255]++;
	}
	KEXPECT_LE(t, max_bucket(counts, 256), 2 * 64);
	for (i = 0; i < 256; i++)
		KEXPECT_GE(t, counts[i], 64 / 3);

	memset(counts, 0, sizeof(counts));
	for (i = 0; i < nkeys; i++)
		counts[jhash_2words(i, i >> 3, 0) >> 24]++;
	KEXPECT_LE(t, max_bucket(counts, 256), 2 * 64);
}

/*
 * Known answers.  jhash() results may be stored or compared across boots
 * (and tests pin hash-table layouts), so a change to the function must be
 * deliberate: update these values together with it.
 */
static void test_jhash_known_values(struct ktest *t)
{
	const char *s = "The quick brown fox jumps over the lazy dog";
	const u32 k[5] = { 1, 2, 3, 4, 5 };

	KEXPECT_EQ(t, jhash(s, 43, 0), 0x64a2cd46U);
	KEXPECT_EQ(t, jhash(s, 12, 1), 0x7d9ba4caU);
	KEXPECT_EQ(t, jhash(s, 13, 0), 0xe287c4cdU);
	KEXPECT_EQ(t, jhash(s, 1, 0), 0x789c5f5cU);
	KEXPECT_EQ(t, jhash2(k, 5, 0), 0x629129c0U);
	KEXPECT_EQ(t, jhash2(k, 3, 9), 0xb9bfee10U);
	KEXPECT_EQ(t, jhash_1word(1, 0), 0x72a82a9bU);
	KEXPECT_EQ(t, jhash_2words(1, 2, 0), 0x8b4c7979U);
	KEXPECT_EQ(t, jhash_3words(1, 2, 3, 0), 0xa46158f5U);
}

static const struct ktest_case cases[] = {
	KTEST_CASE(test_hash_range),
	KTEST_CASE(test_hash_distribution),
	KTEST_CASE(test_jhash_basic),
	KTEST_CASE(test_jhash_avalanche),
	KTEST_CASE(test_jhash_distribution),
	KTEST_CASE(test_jhash_known_values),
	{}
};

KTEST_MAIN("hash", cases)
