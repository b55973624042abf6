/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_BITOPS_H
#define _ASM_BITOPS_H

#include <linux/types.h>

/* Atomic bit operations on an array of unsigned longs (fully ordered). */
#ifndef BITS_PER_LONG
#define BITS_PER_LONG		64
#endif
#ifndef BIT
#define BIT(n)			(1UL << (n))
#endif
#ifndef BIT_WORD
#define BIT_WORD(n)		((n) / BITS_PER_LONG)
#endif
#ifndef BIT_MASK
#define BIT_MASK(n)		(1UL << ((n) % BITS_PER_LONG))
#endif
#ifndef BITS_TO_LONGS
#define BITS_TO_LONGS(n)	(((n) + BITS_PER_LONG - 1) / BITS_PER_LONG)
#endif
#ifndef DECLARE_BITMAP
#define DECLARE_BITMAP(name, bits) unsigned long name[BITS_TO_LONGS(bits)]
#endif

static __always_inline void set_bit(long nr, volatile unsigned long *addr)
{
	__atomic_fetch_or((unsigned long *)&addr[BIT_WORD(nr)], BIT_MASK(nr), __ATOMIC_SEQ_CST);
}

static __always_inline void clear_bit(long nr, volatile unsigned long *addr)
{
	__atomic_fetch_and((unsigned long *)&addr[BIT_WORD(nr)], ~BIT_MASK(nr), __ATOMIC_SEQ_CST);
}

static __always_inline bool test_and_set_bit(long nr, volatile unsigned long *addr)
{
	return __atomic_fetch_or((unsigned long *)&addr[BIT_WORD(nr)], BIT_MASK(nr),
				 __ATOMIC_SEQ_CST) & BIT_MASK(nr);
}

static __always_inline bool test_and_clear_bit(long nr, volatile unsigned long *addr)
{
	return __atomic_fetch_and((unsigned long *)&addr[BIT_WORD(nr)], ~BIT_MASK(nr),
				  __ATOMIC_SEQ_CST) & BIT_MASK(nr);
}

static __always_inline bool arch_test_bit(long nr, const volatile unsigned long *addr)
{
	return (addr[BIT_WORD(nr)] >> (nr % BITS_PER_LONG)) & 1;
}

#endif /* _ASM_BITOPS_H */
