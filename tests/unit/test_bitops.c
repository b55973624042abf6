// SPDX-License-Identifier: GPL-2.0
/* Unit tests for <linux/bitops.h> and <linux/log2.h>. */
#include "ktest.h"

#include <linux/bitops.h>
#include <linux/log2.h>
#include <linux/kernel.h>

/* ilog2() of a constant is a constant expression. */
static char ilog2_array[ilog2(4096)];
BUILD_BUG_ON(sizeof(ilog2_array) != 12);
BUILD_BUG_ON(roundup_pow_of_two(100) != 128);
BUILD_BUG_ON(rounddown_pow_of_two(100) != 64);
BUILD_BUG_ON(order_base_2(5) != 3);

static void test_set_clear_test(struct ktest *t)
{
	unsigned long map[3] = { 0, 0, 0 };

	__set_bit(0, map);
	__set_bit(63, map);
	__set_bit(64, map);
	__set_bit(130, map);
	KEXPECT_EQ(t, map[0], 0x8000000000000001UL);
	KEXPECT_EQ(t, map[1], 1UL);
	KEXPECT_EQ(t, map[2], 4UL);
	KEXPECT_TRUE(t, test_bit(63, map));
	KEXPECT_TRUE(t, test_bit(130, map));
	KEXPECT_FALSE(t, test_bit(129, map));
	__clear_bit(63, map);
	KEXPECT_EQ(t, map[0], 1UL);
	__change_bit(1, map);
	KEXPECT_EQ(t, map[0], 3UL);
	__change_bit(1, map);
	KEXPECT_EQ(t, map[0], 1UL);
	KEXPECT_FALSE(t, __test_and_set_bit(100, map));
	KEXPECT_TRUE(t, __test_and_set_bit(100, map));
	KEXPECT_TRUE(t, __test_and_clear_bit(100, map));
	KEXPECT_FALSE(t, __test_and_clear_bit(100, map));
	KEXPECT_EQ(t, map[1], 1UL);
}

static void test_masks(struct ktest *t)
{
	KEXPECT_EQ(t, BIT(0), 1UL);
	KEXPECT_EQ(t, BIT(63), 0x8000000000000000UL);
	KEXPECT_EQ(t, BIT_WORD(64), 1);
	KEXPECT_EQ(t, BIT_MASK(65), 2UL);
	KEXPECT_EQ(t, BITS_TO_LONGS(0), 0);
	KEXPECT_EQ(t, BITS_TO_LONGS(1), 1);
	KEXPECT_EQ(t, BITS_TO_LONGS(64), 1);
	KEXPECT_EQ(t, BITS_TO_LONGS(65), 2);
	KEXPECT_EQ(t, GENMASK(7, 4), 0xf0UL);
	KEXPECT_EQ(t, GENMASK(63, 0), ~0UL);
	KEXPECT_EQ(t, GENMASK(0, 0), 1UL);
	KEXPECT_EQ(t, GENMASK_ULL(39, 32), 0xff00000000ULL);
}

static void test_find_first_last(struct ktest *t)
{
	int i;

	KEXPECT_EQ(t, ffs(0), 0);
	KEXPECT_EQ(t, ffs(1), 1);
	KEXPECT_EQ(t, ffs(0x80000000), 32);
	KEXPECT_EQ(t, ffs(0x18), 4);
	KEXPECT_EQ(t, fls(0), 0);
	KEXPECT_EQ(t, fls(1), 1);
	KEXPECT_EQ(t, fls(0x18), 5);
	KEXPECT_EQ(t, fls(0x80000000), 32);
	KEXPECT_EQ(t, fls64(0), 0);
	KEXPECT_EQ(t, fls64(1ULL << 63), 64);
	KEXPECT_EQ(t, fls_long(0), 0);
	KEXPECT_EQ(t, fls_long(~0UL), 64);
	for (i = 0; i < 64; i++) {
		KASSERT_EQ(t, __ffs(1UL << i), (unsigned long)i);
		KASSERT_EQ(t, __fls(1UL << i), (unsigned long)i);
		KASSERT_EQ(t, __ffs((1UL << i) | (1UL << 63)), (unsigned long)i);
		KASSERT_EQ(t, __fls((1UL << i) | 1), (unsigned long)i);
		KASSERT_EQ(t, ffz(~(1UL << i)), (unsigned long)i);
		KASSERT_EQ(t, ffz((1UL << i) - 1), (unsigned long)i);
	}
}

static void test_hweight(struct ktest *t)
{
	u64 x = 0x0123456789abcdefULL;
	unsigned int i, naive;

	KEXPECT_EQ(t, hweight8(0xff), 8);
	KEXPECT_EQ(t, hweight8(0x1ff), 8);
	KEXPECT_EQ(t, hweight16(0xffff), 16);
	KEXPECT_EQ(t, hweight32(0), 0);
	KEXPECT_EQ(t, hweight32(0xffffffff), 32);
	KEXPECT_EQ(t, hweight64(~0ULL), 64);
	KEXPECT_EQ(t, hweight_long(0x8000000000000001UL), 2);
	for (i = 0; i < 1000; i++) {
		u64 v = x;

		for (naive = 0; v; v >>= 1)
			naive += v & 1;
		KASSERT_EQ(t, hweight64(x), naive);
		KASSERT_EQ(t, hweight32((u32)x), naive - (unsigned int)hweight64(x >> 32));
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
	}
}

static void test_rotate(struct ktest *t)
{
	KEXPECT_EQ(t, rol32(0x80000001, 1), 3U);
	KEXPECT_EQ(t, ror32(3, 1), 0x80000001U);
	KEXPECT_EQ(t, rol32(0x12345678, 0), 0x12345678U);
	KEXPECT_EQ(t, rol32(0x12345678, 32), 0x12345678U);
	KEXPECT_EQ(t, rol32(0x12345678, 8), 0x34567812U);
	KEXPECT_EQ(t, rol64(1, 63), 0x8000000000000000ULL);
	KEXPECT_EQ(t, ror64(1, 1), 0x8000000000000000ULL);
	KEXPECT_EQ(t, rol64(0x0123456789abcdefULL, 16), 0x456789abcdef0123ULL);
}

static void test_log2(struct ktest *t)
{
	unsigned long n;
	volatile unsigned long v;	/* defeat constant folding */
	int i;

	KEXPECT_EQ(t, ilog2(1), 0);
	KEXPECT_EQ(t, ilog2(2), 1);
	KEXPECT_EQ(t, ilog2(4095), 11);
	KEXPECT_EQ(t, ilog2(4096), 12);
	KEXPECT_EQ(t, ilog2(~0UL), 63);
	for (i = 0; i < 64; i++) {
		v = 1UL << i;
		n = v;
		KASSERT_EQ(t, ilog2(n), i);
		KASSERT_TRUE(t, is_power_of_2(n));
		if (i > 1) {
			n = v + 1;
			KASSERT_FALSE(t, is_power_of_2(n));
			KASSERT_EQ(t, ilog2(n), i);
			n = v - 1;
			KASSERT_EQ(t, ilog2(n), i - 1);
		}
	}
	{
		volatile u32 v32 = 0x80000000u;
		u32 n32 = v32;

		KEXPECT_EQ(t, ilog2(n32), 31);
	}
	KEXPECT_FALSE(t, is_power_of_2(0));
	KEXPECT_FALSE(t, is_power_of_2(6));

	v = 1; n = v;
	KEXPECT_EQ(t, roundup_pow_of_two(n), 1UL);
	v = 5; n = v;
	KEXPECT_EQ(t, roundup_pow_of_two(n), 8UL);
	KEXPECT_EQ(t, rounddown_pow_of_two(n), 4UL);
	KEXPECT_EQ(t, order_base_2(n), 3);
	v = 8; n = v;
	KEXPECT_EQ(t, roundup_pow_of_two(n), 8UL);
	KEXPECT_EQ(t, rounddown_pow_of_two(n), 8UL);
	KEXPECT_EQ(t, order_base_2(n), 3);
	v = (1UL << 62) + 1; n = v;
	KEXPECT_EQ(t, roundup_pow_of_two(n), 1UL << 63);
	KEXPECT_EQ(t, roundup_pow_of_two(1000), 1024UL);
	KEXPECT_EQ(t, order_base_2(0), 0);
	KEXPECT_EQ(t, order_base_2(1), 0);
	KEXPECT_EQ(t, order_base_2(2), 1);
}

static const struct ktest_case cases[] = {
	KTEST_CASE(test_set_clear_test),
	KTEST_CASE(test_masks),
	KTEST_CASE(test_find_first_last),
	KTEST_CASE(test_hweight),
	KTEST_CASE(test_rotate),
	KTEST_CASE(test_log2),
	{}
};

KTEST_MAIN("bitops", cases)
