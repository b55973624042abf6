/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_BITMAP_H
#define _LINUX_BITMAP_H

#include <linux/types.h>
#include <linux/bitops.h>
#include <linux/string.h>

/*
 * Bitmaps: arrays of unsigned long, bit n in word n / BITS_PER_LONG at
 * position n % BITS_PER_LONG.  @nbits is the number of valid bits; the bits
 * past it in the last word are kept clear by the functions that write whole
 * words (bitmap_fill() included), and ignored by the ones that read.
 *
 * Nothing here is atomic: callers serialise writers.  The find_*() functions
 * return @size when there is no such bit.
 */
#ifndef DECLARE_BITMAP	/* <asm/bitops.h> may have it */
#define DECLARE_BITMAP(name, bits) unsigned long name[BITS_TO_LONGS(bits)]
#endif

/* Mask of the valid bits of the first word from @start on. */
#define BITMAP_FIRST_WORD_MASK(start) (~0UL << ((start) & (BITS_PER_LONG - 1)))
/* Mask of the valid bits of the last word of an @nbits bitmap. */
#define BITMAP_LAST_WORD_MASK(nbits) (~0UL >> (-(nbits) & (BITS_PER_LONG - 1)))

unsigned long find_next_bit(const unsigned long *addr, unsigned long size,
			    unsigned long offset);
unsigned long find_next_zero_bit(const unsigned long *addr, unsigned long size,
				 unsigned long offset);
unsigned long find_last_bit(const unsigned long *addr, unsigned long size);

unsigned int bitmap_weight(const unsigned long *src, unsigned int nbits);
bool bitmap_empty(const unsigned long *src, unsigned int nbits);
bool bitmap_full(const unsigned long *src, unsigned int nbits);
bool bitmap_equal(const unsigned long *src1, const unsigned long *src2,
		  unsigned int nbits);
bool bitmap_intersects(const unsigned long *src1, const unsigned long *src2,
		       unsigned int nbits);
bool bitmap_subset(const unsigned long *src1, const unsigned long *src2,
		   unsigned int nbits);
void bitmap_and(unsigned long *dst, const unsigned long *src1,
		const unsigned long *src2, unsigned int nbits);
void bitmap_or(unsigned long *dst, const unsigned long *src1,
	       const unsigned long *src2, unsigned int nbits);
void bitmap_xor(unsigned long *dst, const unsigned long *src1,
		const unsigned long *src2, unsigned int nbits);
void bitmap_andnot(unsigned long *dst, const unsigned long *src1,
		   const unsigned long *src2, unsigned int nbits);
void bitmap_complement(unsigned long *dst, const unsigned long *src,
		       unsigned int nbits);
void bitmap_set(unsigned long *map, unsigned int start, unsigned int len);
void bitmap_clear(unsigned long *map, unsigned int start, unsigned int len);
int bitmap_scnprintf(char *buf, unsigned int size, const unsigned long *maskp,
		     unsigned int nbits);
int bitmap_parselist(const char *buf, unsigned long *maskp, unsigned int nbits);

/**
 * find_first_bit() - index of the first set bit
 * @addr: the bitmap
 * @size: its size in bits
 *
 * Return: the index, or @size if no bit is set.
 */
static inline unsigned long find_first_bit(const unsigned long *addr,
					   unsigned long size)
{
	return find_next_bit(addr, size, 0);
}

/**
 * find_first_zero_bit() - index of the first clear bit
 * @addr: the bitmap
 * @size: its size in bits
 *
 * Return: the index, or @size if every bit is set.
 */
static inline unsigned long find_first_zero_bit(const unsigned long *addr,
						unsigned long size)
{
	return find_next_zero_bit(addr, size, 0);
}

/* for_each_set_bit() - loop over the set bits in ascending order. */
#define for_each_set_bit(bit, addr, size)				\
	for ((bit) = find_first_bit((addr), (size));			\
	     (bit) < (size);						\
	     (bit) = find_next_bit((addr), (size), (bit) + 1))

/* for_each_set_bit_from() - as for_each_set_bit(), from @bit on. */
#define for_each_set_bit_from(bit, addr, size)				\
	for ((bit) = find_next_bit((addr), (size), (bit));		\
	     (bit) < (size);						\
	     (bit) = find_next_bit((addr), (size), (bit) + 1))

/* for_each_clear_bit() - loop over the clear bits in ascending order. */
#define for_each_clear_bit(bit, addr, size)				\
	for ((bit) = find_first_zero_bit((addr), (size));		\
	     (bit) < (size);						\
	     (bit) = find_next_zero_bit((addr), (size), (bit) + 1))

/**
 * bitmap_zero() - clear every bit
 * @dst: the bitmap
 * @nbits: its size in bits
 */
static inline void bitmap_zero(unsigned long *dst, unsigned int nbits)
{
	memset(dst, 0, BITS_TO_LONGS(nbits) * sizeof(unsigned long));
}

/**
 * bitmap_fill() - set bits 0..@nbits-1
 * @dst: the bitmap
 * @nbits: its size in bits; the unused bits of the last word stay clear
 */
static inline void bitmap_fill(unsigned long *dst, unsigned int nbits)
{
	unsigned int words = BITS_TO_LONGS(nbits);

	if (!words)
		return;
	memset(dst, 0xff, words * sizeof(unsigned long));
	dst[words - 1] &= BITMAP_LAST_WORD_MASK(nbits);
}

/**
 * bitmap_copy() - copy a bitmap
 * @dst: destination
 * @src: source
 * @nbits: size in bits (whole words are copied)
 */
static inline void bitmap_copy(unsigned long *dst, const unsigned long *src,
			       unsigned int nbits)
{
	memcpy(dst, src, BITS_TO_LONGS(nbits) * sizeof(unsigned long));
}

#endif /* _LINUX_BITMAP_H */
