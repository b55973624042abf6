/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_MATH64_H
#define _LINUX_MATH64_H

#include <linux/types.h>

/*
 * 64-bit division and multiplication helpers.  On x86-64 these are plain C
 * division; the names exist so code reads like Linux and so that 32-bit
 * divisors are visible at the call site.  Dividing by zero is a bug (#DE).
 */

/**
 * div_u64_rem() - unsigned 64-bit by 32-bit division with remainder
 * @dividend: the dividend
 * @divisor: the divisor, not 0
 * @remainder: where the remainder is stored
 *
 * Return: the quotient.
 */
static inline u64 div_u64_rem(u64 dividend, u32 divisor, u32 *remainder)
{
	*remainder = dividend % divisor;
	return dividend / divisor;
}

/**
 * div_s64_rem() - signed 64-bit by 32-bit division with remainder
 * @dividend: the dividend
 * @divisor: the divisor, not 0
 * @remainder: where the remainder is stored; has the sign of @dividend
 *
 * Return: the quotient, rounded toward zero.
 */
static inline s64 div_s64_rem(s64 dividend, s32 divisor, s32 *remainder)
{
	*remainder = dividend % divisor;
	return dividend / divisor;
}

/**
 * div64_u64_rem() - unsigned 64-bit by 64-bit division with remainder
 * @dividend: the dividend
 * @divisor: the divisor, not 0
 * @remainder: where the remainder is stored
 *
 * Return: the quotient.
 */
static inline u64 div64_u64_rem(u64 dividend, u64 divisor, u64 *remainder)
{
	*remainder = dividend % divisor;
	return dividend / divisor;
}

/**
 * div_u64() - unsigned 64-bit by 32-bit division
 * @dividend: the dividend
 * @divisor: the divisor, not 0
 *
 * Return: the quotient.
 */
static inline u64 div_u64(u64 dividend, u32 divisor)
{
	return dividend / divisor;
}

/**
 * div_s64() - signed 64-bit by 32-bit division
 * @dividend: the dividend
 * @divisor: the divisor, not 0
 *
 * Return: the quotient, rounded toward zero.
 */
static inline s64 div_s64(s64 dividend, s32 divisor)
{
	return dividend / divisor;
}

/**
 * div64_u64() - unsigned 64-bit by 64-bit division
 * @dividend: the dividend
 * @divisor: the divisor, not 0
 *
 * Return: the quotient.
 */
static inline u64 div64_u64(u64 dividend, u64 divisor)
{
	return dividend / divisor;
}

/**
 * div64_s64() - signed 64-bit by 64-bit division
 * @dividend: the dividend
 * @divisor: the divisor, not 0
 *
 * Return: the quotient, rounded toward zero.
 */
static inline s64 div64_s64(s64 dividend, s64 divisor)
{
	return dividend / divisor;
}

/* div64_ul() - unsigned long by unsigned long division. */
#define div64_ul(x, y)	div64_u64((x), (y))

/* DIV64_U64_ROUND_UP() - 64-bit division rounding up. */
#define DIV64_U64_ROUND_UP(ll, d) \
	({ u64 _tmp = (d); div64_u64((ll) + _tmp - 1, _tmp); })

/* DIV_ROUND_UP_ULL() - DIV_ROUND_UP() for a 64-bit dividend. */
#define DIV_ROUND_UP_ULL(ll, d) \
	({ u32 _tmp = (d); div_u64((u64)(ll) + _tmp - 1, _tmp); })

/**
 * mul_u64_u32_shr() - (a * mul) >> shift without losing the high bits
 * @a: a 64-bit value
 * @mul: a 32-bit multiplier
 * @shift: right shift, 0..63
 *
 * The product is computed in 96 (128) bits, so it may exceed 64 bits as long
 * as the shifted result fits.  The usual use is scaling by a fixed-point
 * factor, e.g. cycles to nanoseconds.
 *
 * Return: the low 64 bits of (@a * @mul) >> @shift.
 */
static inline u64 mul_u64_u32_shr(u64 a, u32 mul, unsigned int shift)
{
	return (u64)(((unsigned __int128)a * mul) >> shift);
}

/**
 * mul_u64_u64_shr() - (a * mul) >> shift with a 128-bit product
 * @a: a 64-bit value
 * @mul: a 64-bit multiplier
 * @shift: right shift, 0..127
 *
 * Return: the low 64 bits of (@a * @mul) >> @shift.
 */
static inline u64 mul_u64_u64_shr(u64 a, u64 mul, unsigned int shift)
{
	return (u64)(((unsigned __int128)a * mul) >> shift);
}

/**
 * mul_u32_u32() - full 64-bit product of two 32-bit values
 * @a: a factor
 * @b: the other factor
 *
 * Return: @a * @b as a u64.
 */
static inline u64 mul_u32_u32(u32 a, u32 b)
{
	return (u64)a * b;
}

#endif /* _LINUX_MATH64_H */
