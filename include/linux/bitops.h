/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_BITOPS_H
#define _LINUX_BITOPS_H

#include <linux/types.h>
#include <linux/compiler.h>

/*
 * Bit operations on words and on arrays of unsigned long.
 *
 * Only the non-atomic ones are defined here (the ones with a __ prefix, and
 * test_bit()); the atomic set_bit(), clear_bit(), test_and_set_bit() ...
 * come from the architecture's <asm/bitops.h>, included below so that
 * <linux/bitops.h> gives both, as in Linux.
 *
 * <asm/bitops.h> may define the basic macros too; whichever header comes
 * first defines them, with the same meaning.
 */
#define BITS_PER_BYTE		8
#ifndef BITS_PER_LONG
#define BITS_PER_LONG		64
#endif
#define BITS_PER_LONG_LONG	64

#ifndef BIT
#define BIT(n)			(1UL << (n))
#endif
#define BIT_ULL(nr)		(1ULL << (nr))
#ifndef BIT_MASK
#define BIT_MASK(n)		(1UL << ((n) % BITS_PER_LONG))
#endif
#ifndef BIT_WORD
#define BIT_WORD(n)		((n) / BITS_PER_LONG)
#endif
#ifndef BITS_TO_LONGS
#define BITS_TO_LONGS(n)	(((n) + BITS_PER_LONG - 1) / BITS_PER_LONG)
#endif
#define BITS_TO_U32(nr)		(((nr) + 31) / 32)
#define BITS_TO_BYTES(nr)	(((nr) + BITS_PER_BYTE - 1) / BITS_PER_BYTE)

/* GENMASK(h, l): bits l..h set, e.g. GENMASK(7, 4) == 0xf0. */
#define GENMASK(h, l) \
	((~0UL << (l)) & (~0UL >> (BITS_PER_LONG - 1 - (h))))
#define GENMASK_ULL(h, l) \
	((~0ULL << (l)) & (~0ULL >> (BITS_PER_LONG_LONG - 1 - (h))))

/**
 * __set_bit() - set a bit in a bitmap, non-atomically
 * @nr: the bit number
 * @addr: the bitmap
 */
static inline void __set_bit(unsigned long nr, volatile unsigned long *addr)
{
	addr[BIT_WORD(nr)] |= BIT_MASK(nr);
}

/**
 * __clear_bit() - clear a bit in a bitmap, non-atomically
 * @nr: the bit number
 * @addr: the bitmap
 */
static inline void __clear_bit(unsigned long nr, volatile unsigned long *addr)
{
	addr[BIT_WORD(nr)] &= ~BIT_MASK(nr);
}

/**
 * __change_bit() - flip a bit in a bitmap, non-atomically
 * @nr: the bit number
 * @addr: the bitmap
 */
static inline void __change_bit(unsigned long nr, volatile unsigned long *addr)
{
	addr[BIT_WORD(nr)] ^= BIT_MASK(nr);
}

/**
 * __test_and_set_bit() - set a bit and return its old value, non-atomically
 * @nr: the bit number
 * @addr: the bitmap
 *
 * Return: the value of the bit before it was set.
 */
static inline bool __test_and_set_bit(unsigned long nr, volatile unsigned long *addr)
{
	unsigned long old = addr[BIT_WORD(nr)];

	addr[BIT_WORD(nr)] = old | BIT_MASK(nr);
	return (old & BIT_MASK(nr)) != 0;
}

/**
 * __test_and_clear_bit() - clear a bit and return its old value, non-atomically
 * @nr: the bit number
 * @addr: the bitmap
 *
 * Return: the value of the bit before it was cleared.
 */
static inline bool __test_and_clear_bit(unsigned long nr, volatile unsigned long *addr)
{
	unsigned long old = addr[BIT_WORD(nr)];

	addr[BIT_WORD(nr)] = old & ~BIT_MASK(nr);
	return (old & BIT_MASK(nr)) != 0;
}

/**
 * test_bit() - read a bit of a bitmap
 * @nr: the bit number
 * @addr: the bitmap
 *
 * One plain read of the word, so it may be used on a bitmap that others
 * change atomically.
 *
 * Return: the value of bit @nr.
 */
static inline bool test_bit(unsigned long nr, const volatile unsigned long *addr)
{
	return (addr[BIT_WORD(nr)] >> (nr % BITS_PER_LONG)) & 1;
}

/**
 * ffs() - find the first set bit, counting from 1
 * @x: the word
 *
 * Return: 1 + the index of the least significant set bit, or 0 if @x is 0.
 */
static inline int ffs(int x)
{
	return __builtin_ffs(x);
}

/**
 * fls() - find the last set bit, counting from 1
 * @x: the word
 *
 * Return: 1 + the index of the most significant set bit, or 0 if @x is 0:
 * fls(1) == 1, fls(0x80000000) == 32.
 */
static inline int fls(unsigned int x)
{
	return x ? 32 - __builtin_clz(x) : 0;
}

/**
 * fls64() - find the last set bit of a 64-bit word, counting from 1
 * @x: the word
 *
 * Return: 1..64, or 0 if @x is 0.
 */
static inline int fls64(u64 x)
{
	return x ? 64 - __builtin_clzll(x) : 0;
}

/**
 * fls_long() - fls() of an unsigned long
 * @x: the word
 *
 * Return: 1..64, or 0 if @x is 0.
 */
static inline int fls_long(unsigned long x)
{
	return x ? BITS_PER_LONG - __builtin_clzl(x) : 0;
}

/**
 * __ffs() - index of the least significant set bit
 * @word: the word; must not be 0 (the result is undefined)
 *
 * Return: the bit index, 0..63.
 */
static inline unsigned long __ffs(unsigned long word)
{
	return __builtin_ctzl(word);
}

/**
 * __fls() - index of the most significant set bit
 * @word: the word; must not be 0 (the result is undefined)
 *
 * Return: the bit index, 0..63.
 */
static inline unsigned long __fls(unsigned long word)
{
	return BITS_PER_LONG - 1 - __builtin_clzl(word);
}

/**
 * ffz() - index of the least significant clear bit
 * @word: the word; must not be ~0UL (the result is undefined)
 *
 * Return: the bit index, 0..63.
 */
static inline unsigned long ffz(unsigned long word)
{
	return __builtin_ctzl(~word);
}

/*
 * Population counts in plain C: __builtin_popcount() would become a call to
 * libgcc's __popcountdi2 without -mpopcnt, and the kernel has no libgcc.
 */
static inline unsigned int __sw_hweight32(u32 w)
{
	w = w - ((w >> 1) & 0x55555555U);
	w = (w & 0x33333333U) + ((w >> 2) & 0x33333333U);
	w = (w + (w >> 4)) & 0x0f0f0f0fU;
	return (w * 0x01010101U) >> 24;
}

static inline unsigned int __sw_hweight64(u64 w)
{
	w = w - ((w >> 1) & 0x5555555555555555ULL);
	w = (w & 0x3333333333333333ULL) + ((w >> 2) & 0x3333333333333333ULL);
	w = (w + (w >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
	return (w * 0x0101010101010101ULL) >> 56;
}

static inline unsigned int hweight8(unsigned int w)
{
	return __sw_hweight32(w & 0xff);
}

static inline unsigned int hweight16(unsigned int w)
{
	return __sw_hweight32(w & 0xffff);
}

static inline unsigned int hweight32(unsigned int w)
{
	return __sw_hweight32(w);
}

static inline unsigned long hweight64(u64 w)
{
	return __sw_hweight64(w);
}

/**
 * hweight_long() - number of set bits (Hamming weight) of a word
 * @w: the word
 *
 * Return: the number of bits set in @w.
 */
static inline unsigned long hweight_long(unsigned long w)
{
	return __sw_hweight64(w);
}

/* Rotations; @shift is taken modulo the width. */
static inline u32 rol32(u32 word, unsigned int shift)
{
	return (word << (shift & 31)) | (word >> ((-shift) & 31));
}

static inline u32 ror32(u32 word, unsigned int shift)
{
	return (word >> (shift & 31)) | (word << ((-shift) & 31));
}

static inline u64 rol64(u64 word, unsigned int shift)
{
	return (word << (shift & 63)) | (word >> ((-shift) & 63));
}

static inline u64 ror64(u64 word, unsigned int shift)
{
	return (word >> (shift & 63)) | (word << ((-shift) & 63));
}

#include <asm/bitops.h>

#endif /* _LINUX_BITOPS_H */
