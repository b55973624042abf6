/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_JHASH_H
#define _LINUX_JHASH_H

#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/bitops.h>

/*
 * Jenkins-style hashing of byte strings and u32 arrays, after Bob Jenkins'
 * public-domain "lookup3" design: the input is consumed 12 bytes at a time
 * into three 32-bit lanes that are stirred by a reversible mix, and a final
 * avalanche spreads every input bit over the whole result.
 *
 * Results are stable across runs and machines (bytes are read little-endian)
 * but are not meant to be compatible with any other jhash implementation.
 * Not a cryptographic hash: use a random @initval where inputs may be chosen
 * by an adversary.
 */

/* An arbitrary starting value for the lanes. */
#define JHASH_INITVAL	0xdeadbeefU

/* __jhash_mix() - stir three lanes reversibly. */
#define __jhash_mix(a, b, c)				\
do {							\
	a -= c; a ^= rol32(c, 4);  c += b;		\
	b -= a; b ^= rol32(a, 6);  a += c;		\
	c -= b; c ^= rol32(b, 8);  b += a;		\
	a -= c; a ^= rol32(c, 16); c += b;		\
	b -= a; b ^= rol32(a, 19); a += c;		\
	c -= b; c ^= rol32(b, 4);  b += a;		\
} while (0)

/* __jhash_final() - final avalanche of three lanes into c. */
#define __jhash_final(a, b, c)				\
do {							\
	c ^= b; c -= rol32(b, 14);			\
	a ^= c; a -= rol32(c, 11);			\
	b ^= a; b -= rol32(a, 25);			\
	c ^= b; c -= rol32(b, 16);			\
	a ^= c; a -= rol32(c, 4);			\
	b ^= a; b -= rol32(a, 14);			\
	c ^= b; c -= rol32(b, 24);			\
} while (0)

/* Little-endian load of @n (0..4) bytes, missing high bytes zero. */
static inline u32 __jhash_load(const u8 *p, unsigned int n)
{
	u32 v = 0;

	while (n--)
		v |= (u32)p[n] << (8 * n);
	return v;
}

/**
 * jhash() - hash a byte string
 * @key: the bytes, any alignment
 * @length: number of bytes
 * @initval: a seed; different seeds give unrelated hashes
 *
 * Return: a 32-bit hash; use the low bits (or hash & mask) as an index.
 */
static inline u32 jhash(const void *key, u32 length, u32 initval)
{
	const u8 *k = key;
	u32 a, b, c;

	a = b = c = JHASH_INITVAL + length + initval;

	while (length > 12) {
		a += __jhash_load(k, 4);
		b += __jhash_load(k + 4, 4);
		c += __jhash_load(k + 8, 4);
		__jhash_mix(a, b, c);
		length -= 12;
		k += 12;
	}
	/* The last 1..12 bytes; nothing left means nothing to finalise. */
	if (!length)
		return c;
	a += __jhash_load(k, min_t(u32, length, 4));
	if (length > 4)
		b += __jhash_load(k + 4, min_t(u32, length - 4, 4));
	if (length > 8)
		c += __jhash_load(k + 8, length - 8);
	__jhash_final(a, b, c);
	return c;
}

/**
 * jhash2() - hash an array of u32
 * @k: the words
 * @length: number of words (not bytes)
 * @initval: a seed
 *
 * Return: a 32-bit hash.  Faster than jhash() on the same data, and not
 * equal to it.
 */
static inline u32 jhash2(const u32 *k, u32 length, u32 initval)
{
	u32 a, b, c;

	a = b = c = JHASH_INITVAL + (length << 2) + initval;

	while (length > 3) {
		a += k[0];
		b += k[1];
		c += k[2];
		__jhash_mix(a, b, c);
		length -= 3;
		k += 3;
	}
	switch (length) {
	case 3:
		c += k[2];
		fallthrough;
	case 2:
		b += k[1];
		fallthrough;
	case 1:
		a += k[0];
		__jhash_final(a, b, c);
		break;
	default:	/* nothing left */
		break;
	}
	return c;
}

/* __jhash_nwords() - hash of three words, @initval already added in. */
static inline u32 __jhash_nwords(u32 a, u32 b, u32 c, u32 initval)
{
	a += initval;
	b += initval;
	c += initval;
	__jhash_final(a, b, c);
	return c;
}

/**
 * jhash_3words() - hash three u32 values
 * @a: first value
 * @b: second value
 * @c: third value
 * @initval: a seed
 *
 * Return: a 32-bit hash.
 */
static inline u32 jhash_3words(u32 a, u32 b, u32 c, u32 initval)
{
	return __jhash_nwords(a, b, c, initval + JHASH_INITVAL + (3 << 2));
}

/**
 * jhash_2words() - hash two u32 values
 * @a: first value
 * @b: second value
 * @initval: a seed
 *
 * Return: a 32-bit hash.
 */
static inline u32 jhash_2words(u32 a, u32 b, u32 initval)
{
	return __jhash_nwords(a, b, 0, initval + JHASH_INITVAL + (2 << 2));
}

/**
 * jhash_1word() - hash one u32 value
 * @a: the value
 * @initval: a seed
 *
 * Return: a 32-bit hash.
 */
static inline u32 jhash_1word(u32 a, u32 initval)
{
	return __jhash_nwords(a, 0, 0, initval + JHASH_INITVAL + (1 << 2));
}

#endif /* _LINUX_JHASH_H */
