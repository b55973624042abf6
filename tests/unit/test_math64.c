// SPDX-License-Identifier: GPL-2.0
/* Unit tests for <linux/math64.h>. */
#include "ktest.h"

#include <linux/math64.h>
#include <linux/kernel.h>
#include <linux/random.h>

static void test_div(struct ktest *t)
{
	u32 rem32;
	s32 srem;
	u64 rem64;

	KEXPECT_EQ(t, div_u64(1000000000000ULL, 1000), 1000000000ULL);
	KEXPECT_EQ(t, div_u64(U64_MAX, 1), U64_MAX);
	KEXPECT_EQ(t, div_u64(U64_MAX, U32_MAX), 0x100000001ULL);
	KEXPECT_EQ(t, div_u64_rem(1003, 10, &rem32), 100ULL);
	KEXPECT_EQ(t, rem32, 3U);
	KEXPECT_EQ(t, div_u64_rem(U64_MAX, 0x80000000U, &rem32), 0x1ffffffffULL);
	KEXPECT_EQ(t, rem32, 0x7fffffffU);
	KEXPECT_EQ(t, div_s64(-7, 2), -3);	/* rounds toward zero */
	KEXPECT_EQ(t, div_s64_rem(-7, 2, &srem), -3);
	KEXPECT_EQ(t, srem, -1);
	KEXPECT_EQ(t, div64_u64(U64_MAX, 1ULL << 32), 0xffffffffULL);
	KEXPECT_EQ(t, div64_u64(12345678901234ULL, 12345678901234ULL), 1ULL);
	KEXPECT_EQ(t, div64_u64_rem(100, 7, &rem64), 14ULL);
	KEXPECT_EQ(t, rem64, 2ULL);
	KEXPECT_EQ(t, div64_s64(S64_MAX, -1), -S64_MAX);
	KEXPECT_EQ(t, div64_ul(10UL, 3UL), 3ULL);
	KEXPECT_EQ(t, DIV64_U64_ROUND_UP(10ULL, 3ULL), 4ULL);
	KEXPECT_EQ(t, DIV64_U64_ROUND_UP(9ULL, 3ULL), 3ULL);
	KEXPECT_EQ(t, DIV_ROUND_UP_ULL(1ULL << 40, 3), 366503875926ULL);
}

static void test_div_random(struct ktest *t)
{
	struct rnd_state rs;
	int i;

	prandom_seed_state(&rs, 77);
	for (i = 0; i < 100000; i++) {
		u64 a = prandom_u64_state(&rs) >> prandom_u32_below_state(&rs, 64);
		u32 d = prandom_u32_state(&rs) >> prandom_u32_below_state(&rs, 32);
		u64 q;
		u32 r;

		if (!d)
			d = 1;
		q = div_u64_rem(a, d, &r);
		KASSERT_TRUE(t, r < d);
		/* q * d + r == a, checked in 128 bits. */
		KASSERT_TRUE(t, (unsigned __int128)q * d + r == a);
	}
}

static void test_mul_shr(struct ktest *t)
{
	KEXPECT_EQ(t, mul_u64_u32_shr(1ULL << 63, 4, 2), 1ULL << 63);
	KEXPECT_EQ(t, mul_u64_u32_shr(U64_MAX, U32_MAX, 32), 0xfffffffeffffffffULL);
	KEXPECT_EQ(t, mul_u64_u32_shr(1000, 3, 0), 3000ULL);
	KEXPECT_EQ(t, mul_u64_u32_shr(0, U32_MAX, 10), 0ULL);
	/* Cycles to ns at 2.5 GHz: mult = 0.4 * 2^32. */
	KEXPECT_EQ(t, mul_u64_u32_shr(2500000000ULL, 1717986918U, 32), 999999999ULL);
	KEXPECT_EQ(t, mul_u64_u64_shr(U64_MAX, U64_MAX, 64), U64_MAX - 1);
	KEXPECT_EQ(t, mul_u64_u64_shr(1ULL << 40, 1ULL << 40, 70), 1024ULL);
	KEXPECT_EQ(t, mul_u32_u32(U32_MAX, U32_MAX), 0xfffffffe00000001ULL);
}

static const struct ktest_case cases[] = {
	KTEST_CASE(test_div),
	KTEST_CASE(test_div_random),
	KTEST_CASE(test_mul_shr),
	{}
};

KTEST_MAIN("math64", cases)
