/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_HASH_H
#define _LINUX_HASH_H

#include <linux/types.h>

/*
 * Multiplicative (Fibonacci) hashing: multiply by a constant close to
 * 2^w / phi, phi being the golden ratio, and keep the top @bits bits, which
 * depend on all the input bits.  Good for hash tables indexed by integers
 * or pointers; not a hash for strings (see <linux/jhash.h>).
 */
#define GOLDEN_RATIO_32 0x61C88647U
#define GOLDEN_RATIO_64 0x61C8864680B583EBULL

/**
 * hash_32() - hash a 32-bit value into @bits bits
 * @val: the value
 * @bits: the number of result bits, 0..32
 *
 * Return: a value in [0, 2^@bits).
 */
static inline u32 hash_32(u32 val, unsigned int bits)
{
	u32 h = val * GOLDEN_RATIO_32;

	return bits ? h >> (32 - bits) : 0;
}

/**
 * hash_64() - hash a 64-bit value into @bits bits
 * @val: the value
 * @bits: the number of result bits, 0..32
 *
 * Return: a value in [0, 2^@bits).
 */
static inline u32 hash_64(u64 val, unsigned int bits)
{
	u64 h = val * GOLDEN_RATIO_64;

	return bits ? (u32)(h >> (64 - bits)) : 0;
}

/**
 * hash_long() - hash an unsigned long into @bits bits
 * @val: the value
 * @bits: the number of result bits, 0..32
 *
 * Return: a value in [0, 2^@bits).
 */
static inline u32 hash_long(unsigned long val, unsigned int bits)
{
	return hash_64(val, bits);
}

/**
 * hash_ptr() - hash a pointer into @bits bits
 * @ptr: the pointer
 * @bits: the number of result bits, 0..32
 *
 * Return: a value in [0, 2^@bits).
 */
static inline u32 hash_ptr(const void *ptr, unsigned int bits)
{
	return hash_long((unsigned long)ptr, bits);
}

/**
 * hash32_ptr() - a 32-bit hash of a pointer, all bits mixed in
 * @ptr: the pointer
 *
 * Return: the high and low halves of @ptr xor-ed together.
 */
static inline u32 hash32_ptr(const void *ptr)
{
	unsigned long val = (unsigned long)ptr;

	return (u32)val ^ (u32)(val >> 32);
}

#endif /* _LINUX_HASH_H */
