// SPDX-License-Identifier: GPL-2.0
/*
 * Bitmap operations: searching, counting, set algebra, range lists.
 */
#include <linux/bitmap.h>
#include <linux/kernel.h>
#include <linux/ctype.h>
#include <linux/errno.h>
#include <linux/kstrtox.h>

/*
 * The common search: the first bit >= @start in (addr[i] ^ invert), where
 * @invert is 0 to look for set bits and ~0UL for clear ones.
 */
static unsigned long find_next(const unsigned long *addr, unsigned long size,
			       unsigned long start, unsigned long invert)
{
	unsigned long word, idx;

	if (start >= size)
		return size;
	idx = BIT_WORD(start);
	word = (addr[idx] ^ invert) & BITMAP_FIRST_WORD_MASK(start);
	while (!word) {
		if (++idx >= BITS_TO_LONGS(size))
			return size;
		word = addr[idx] ^ invert;
	}
	return min(idx * BITS_PER_LONG + __ffs(word), size);
}

/**
 * find_next_bit() - index of the next set bit
 * @addr: the bitmap
 * @size: its size in bits
 * @offset: the first index to look at
 *
 * Return: the index of the first set bit at or after @offset, or @size.
 */
unsigned long find_next_bit(const unsigned long *addr, unsigned long size,
			    unsigned long offset)
{
	return find_next(addr, size, offset, 0UL);
}

/**
 * find_next_zero_bit() - index of the next clear bit
 * @addr: the bitmap
 * @size: its size in bits
 * @offset: the first index to look at
 *
 * Return: the index of the first clear bit at or after @offset, or @size.
 */
unsigned long find_next_zero_bit(const unsigned long *addr, unsigned long size,
				 unsigned long offset)
{
	return find_next(addr, size, offset, ~0UL);
}

/**
 * find_last_bit() - index of the last set bit
 * @addr: the bitmap
 * @size: its size in bits
 *
 * Return: the index of the highest set bit, or @size if none is set.
 */
unsigned long find_last_bit(const unsigned long *addr, unsigned long size)
{
	unsigned long idx, word;

	if (!size)
		return 0;
	idx = BITS_TO_LONGS(size) - 1;
	word = addr[idx] & BITMAP_LAST_WORD_MASK(size);
	for (;;) {
		if (word)
			return idx * BITS_PER_LONG + __fls(word);
		if (!idx)
			return size;
		word = addr[--idx];
	}
}

/**
 * bitmap_weight() - number of set bits
 * @src: the bitmap
 * @nbits: its size in bits
 *
 * Return: the number of bits set among the first @nbits.
 */
unsigned int bitmap_weight(const unsigned long *src, unsigned int nbits)
{
	unsigned int i, w = 0, full = nbits / BITS_PER_LONG;

	for (i = 0; i < full; i++)
		w += hweight_long(src[i]);
	if (nbits % BITS_PER_LONG)
		w += hweight_long(src[i] & BITMAP_LAST_WORD_MASK(nbits));
	return w;
}

/*
 * Walk the words of one or two bitmaps, the last one masked to @nbits.
 * The callbacks below return true to stop.
 */
#define BITMAP_FOR_EACH_WORD(i, nbits, expr_full, expr_last)		\
	({								\
		unsigned int i, __full = (nbits) / BITS_PER_LONG;	\
		bool __stop = false;					\
									\
		for (i = 0; i < __full && !__stop; i++)			\
			__stop = (expr_full);				\
		if (!__stop && (nbits) % BITS_PER_LONG)			\
			__stop = (expr_last);				\
		__stop;							\
	})

/**
 * bitmap_empty() - is no bit set?
 * @src: the bitmap
 * @nbits: its size in bits
 *
 * Return: true if none of the first @nbits bits is set.
 */
bool bitmap_empty(const unsigned long *src, unsigned int nbits)
{
	return !BITMAP_FOR_EACH_WORD(i, nbits, src[i] != 0,
		(src[i] & BITMAP_LAST_WORD_MASK(nbits)) != 0);
}

/**
 * bitmap_full() - is every bit set?
 * @src: the bitmap
 * @nbits: its size in bits
 *
 * Return: true if all of the first @nbits bits are set.
 */
bool bitmap_full(const unsigned long *src, unsigned int nbits)
{
	return !BITMAP_FOR_EACH_WORD(i, nbits, ~src[i] != 0,
		(~src[i] & BITMAP_LAST_WORD_MASK(nbits)) != 0);
}

/**
 * bitmap_equal() - are the first @nbits bits of two bitmaps equal?
 * @src1: one bitmap
 * @src2: the other bitmap
 * @nbits: their size in bits
 *
 * Return: true if the first @nbits bits of @src1 and @src2 are equal.
 */
bool bitmap_equal(const unsigned long *src1, const unsigned long *src2,
		  unsigned int nbits)
{
	return !BITMAP_FOR_EACH_WORD(i, nbits, src1[i] != src2[i],
		((src1[i] ^ src2[i]) & BITMAP_LAST_WORD_MASK(nbits)) != 0);
}

/**
 * bitmap_intersects() - do two bitmaps have a set bit in common?
 * @src1: one bitmap
 * @src2: the other bitmap
 * @nbits: their size in bits
 *
 * Return: true if some bit below @nbits is set in both.
 */
bool bitmap_intersects(const unsigned long *src1, const unsigned long *src2,
		       unsigned int nbits)
{
	return BITMAP_FOR_EACH_WORD(i, nbits, (src1[i] & src2[i]) != 0,
		(src1[i] & src2[i] & BITMAP_LAST_WORD_MASK(nbits)) != 0);
}

/**
 * bitmap_subset() - is every bit of @src1 also set in @src2?
 * @src1: the candidate subset
 * @src2: the candidate superset
 * @nbits: their size in bits
 *
 * Return: true if @src1 & ~@src2 is empty over @nbits bits.
 */
bool bitmap_subset(const unsigned long *src1, const unsigned long *src2,
		   unsigned int nbits)
{
	return !BITMAP_FOR_EACH_WORD(i, nbits, (src1[i] & ~src2[i]) != 0,
		(src1[i] & ~src2[i] & BITMAP_LAST_WORD_MASK(nbits)) != 0);
}

/* Word-by-word binary operations over BITS_TO_LONGS(nbits) words. */
#define BITMAP_BINOP(name, op)						\
void name(unsigned long *dst, const unsigned long *src1,		\
	  const unsigned long *src2, unsigned int nbits)		\
{									\
	unsigned int i;							\
									\
	for (i = 0; i < BITS_TO_LONGS(nbits); i++)			\
		dst[i] = op;						\
}

/*
 * bitmap_and() - @dst = @src1 & @src2
 * @dst: the result; may be one of the sources
 * @src1: one operand
 * @src2: the other operand
 * @nbits: size in bits
 */
BITMAP_BINOP(bitmap_and, src1[i] & src2[i])

/*
 * bitmap_or() - @dst = @src1 | @src2
 * @dst: the result; may be one of the sources
 * @src1: one operand
 * @src2: the other operand
 * @nbits: size in bits
 */
BITMAP_BINOP(bitmap_or, src1[i] | src2[i])

/*
 * bitmap_xor() - @dst = @src1 ^ @src2
 * @dst: the result; may be one of the sources
 * @src1: one operand
 * @src2: the other operand
 * @nbits: size in bits
 */
BITMAP_BINOP(bitmap_xor, src1[i] ^ src2[i])

/*
 * bitmap_andnot() - @dst = @src1 & ~@src2
 * @dst: the result; may be one of the sources
 * @src1: one operand
 * @src2: the bits to clear
 * @nbits: size in bits
 */
BITMAP_BINOP(bitmap_andnot, src1[i] & ~src2[i])

/**
 * bitmap_complement() - @dst = ~@src over @nbits bits
 * @dst: the result; may be @src
 * @src: the operand
 * @nbits: size in bits; the unused bits of the last word are cleared
 */
void bitmap_complement(unsigned long *dst, const unsigned long *src,
		       unsigned int nbits)
{
	unsigned int i, words = BITS_TO_LONGS(nbits);

	for (i = 0; i < words; i++)
		dst[i] = ~src[i];
	if (words)
		dst[words - 1] &= BITMAP_LAST_WORD_MASK(nbits);
}

/**
 * bitmap_set() - set a range of bits
 * @map: the bitmap
 * @start: the first bit
 * @len: the number of bits
 */
void bitmap_set(unsigned long *map, unsigned int start, unsigned int len)
{
	unsigned long *p = map + BIT_WORD(start);
	unsigned long mask = BITMAP_FIRST_WORD_MASK(start);
	unsigned int end = start + len;
	unsigned int bits_in_word = BITS_PER_LONG - (start % BITS_PER_LONG);

	if (!len)
		return;
	while (len >= bits_in_word) {
		*p++ |= mask;
		len -= bits_in_word;
		bits_in_word = BITS_PER_LONG;
		mask = ~0UL;
	}
	if (len)
		*p |= mask & BITMAP_LAST_WORD_MASK(end);
}

/**
 * bitmap_clear() - clear a range of bits
 * @map: the bitmap
 * @start: the first bit
 * @len: the number of bits
 */
void bitmap_clear(unsigned long *map, unsigned int start, unsigned int len)
{
	unsigned long *p = map + BIT_WORD(start);
	unsigned long mask = BITMAP_FIRST_WORD_MASK(start);
	unsigned int end = start + len;
	unsigned int bits_in_word = BITS_PER_LONG - (start % BITS_PER_LONG);

	if (!len)
		return;
	while (len >= bits_in_word) {
		*p++ &= ~mask;
		len -= bits_in_word;
		bits_in_word = BITS_PER_LONG;
		mask = ~0UL;
	}
	if (len)
		*p &= ~(mask & BITMAP_LAST_WORD_MASK(end));
}

/**
 * bitmap_scnprintf() - print a bitmap as a list of ranges
 * @buf: the buffer
 * @size: size of @buf in bytes
 * @maskp: the bitmap
 * @nbits: its size in bits
 *
 * The format is comma-separated decimal bit numbers, with runs of two or
 * more set bits as "first-last": bits 0,1,2,3,5 print as "0-3,5".  An
 * empty bitmap prints as "".  The output is truncated to fit and is always
 * NUL-terminated when @size > 0.
 *
 * Return: the number of characters stored in @buf, not counting the NUL.
 */
int bitmap_scnprintf(char *buf, unsigned int size, const unsigned long *maskp,
		     unsigned int nbits)
{
	unsigned int first, last;
	int len = 0;

	if (size)
		buf[0] = '\0';
	first = find_first_bit(maskp, nbits);
	while (first < nbits) {
		last = find_next_zero_bit(maskp, nbits, first + 1) - 1;
		if (len)
			len += scnprintf(buf + len, size - len, ",");
		if (first == last)
			len += scnprintf(buf + len, size - len, "%u", first);
		else
			len += scnprintf(buf + len, size - len, "%u-%u",
					 first, last);
		first = find_next_bit(maskp, nbits, last + 1);
	}
	return len;
}

/* Parse one bit number for bitmap_parselist(): decimal, or "N" = last. */
static const char *parse_bitnum(const char *s, unsigned int nbits,
				unsigned int *res, int *err)
{
	unsigned long long val;
	char *end;

	if (*s == 'N') {
		if (!nbits) {
			*err = -ERANGE;
			return s;
		}
		*res = nbits - 1;
		return s + 1;
	}
	if (!isdigit(*s)) {
		*err = -EINVAL;
		return s;
	}
	val = simple_strtoull(s, &end, 10);
	if (end - s > 10 || val >= nbits) {
		*err = -ERANGE;
		return end;
	}
	*res = val;
	return end;
}

/**
 * bitmap_parselist() - parse a range list into a bitmap
 * @buf: the string, e.g. "0-3,5,8-N"; an optional trailing '\n' is allowed
 * @maskp: the bitmap, cleared first
 * @nbits: its size in bits
 *
 * The inverse of bitmap_scnprintf(): comma-separated decimal bit numbers or
 * "first-last" ranges; "N" stands for the last bit (@nbits - 1).  White
 * space around the items is allowed.  An empty string gives an empty bitmap.
 *
 * Return: 0, -EINVAL for a malformed list or a range with first > last,
 * -ERANGE for a bit number >= @nbits.
 */
int bitmap_parselist(const char *buf, unsigned long *maskp, unsigned int nbits)
{
	unsigned int first, last;
	int err = 0;

	bitmap_zero(maskp, nbits);
	buf = skip_spaces(buf);
	if (!*buf)
		return 0;
	for (;;) {
		buf = skip_spaces(buf);
		buf = parse_bitnum(buf, nbits, &first, &err);
		if (err)
			return err;
		last = first;
		buf = skip_spaces(buf);
		if (*buf == '-') {
			buf = skip_spaces(buf + 1);
			buf = parse_bitnum(buf, nbits, &last, &err);
			if (err)
				return err;
			if (first > last)
				return -EINVAL;
			buf = skip_spaces(buf);
		}
		bitmap_set(maskp, first, last - first + 1);
		if (*buf != ',')
			break;
		buf++;
	}
	if (*buf)
		return -EINVAL;
	return 0;
}
