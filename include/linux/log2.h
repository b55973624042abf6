/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_LOG2_H
#define _LINUX_LOG2_H

#include <linux/types.h>
#include <linux/bitops.h>

/* Runtime integer log2 (floor); the result for 0 is -1. */
static inline __attribute__((__const__)) int __ilog2_u32(u32 n)
{
	return fls(n) - 1;
}

static inline __attribute__((__const__)) int __ilog2_u64(u64 n)
{
	return fls64(n) - 1;
}

/*
 * const_ilog2() - floor(log2(n)) as a constant expression, for @n > 0.
 * Evaluates @n more than once: for constants only.
 */
#define const_ilog2(n) \
	((n) < 2 ? 0 : 63 - __builtin_clzll((unsigned long long)(n)))

/**
 * ilog2() - floor of the base-2 logarithm of an unsigned integer
 * @n: the value; must be > 0
 *
 * A constant expression when @n is constant, so it can size arrays.
 * ilog2(1) == 0, ilog2(4096) == 12, ilog2(4097) == 12.
 */
#define ilog2(n)						\
	(__builtin_constant_p(n) ? const_ilog2(n) :		\
	 (sizeof(n) <= 4) ? __ilog2_u32(n) : __ilog2_u64(n))

/**
 * is_power_of_2() - is @n a power of two?
 * @n: the value
 *
 * Return: true for 1, 2, 4, ...; false for 0 and everything else.
 */
static inline __attribute__((__const__)) bool is_power_of_2(unsigned long n)
{
	return n != 0 && (n & (n - 1)) == 0;
}

/* Round up / down to a power of two: runtime versions. */
static inline __attribute__((__const__)) unsigned long __roundup_pow_of_two(unsigned long n)
{
	return 1UL << fls_long(n - 1);
}

static inline __attribute__((__const__)) unsigned long __rounddown_pow_of_two(unsigned long n)
{
	return 1UL << (fls_long(n) - 1);
}

/**
 * roundup_pow_of_two() - round up to the next power of two
 * @n: the value; must be > 0 and at most 1UL << 63
 *
 * roundup_pow_of_two(1) == 1, (5) == 8, (8) == 8.
 */
#define roundup_pow_of_two(n)						\
	(__builtin_constant_p(n) ?					\
	 ((n) == 1 ? 1UL : 1UL << (const_ilog2((n) - 1) + 1)) :	\
	 __roundup_pow_of_two(n))

/**
 * rounddown_pow_of_two() - round down to a power of two
 * @n: the value; must be > 0
 */
#define rounddown_pow_of_two(n)						\
	(__builtin_constant_p(n) ? (1UL << const_ilog2(n)) :		\
	 __rounddown_pow_of_two(n))

/**
 * order_base_2() - ceiling of the base-2 logarithm
 * @n: the value; order_base_2(0) and order_base_2(1) are 0
 *
 * order_base_2(5) == 3, order_base_2(8) == 3.
 */
#define order_base_2(n) ((n) > 1 ? ilog2((n) - 1) + 1 : 0)

#endif /* _LINUX_LOG2_H */
