/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tests/wmm: atomics.  Those that return a value are fully ordered
 * (a fence on each side), the others relaxed, as the kernel's.
 */
#ifndef _LINUX_ATOMIC_H
#define _LINUX_ATOMIC_H

#include <asm/barrier.h>

#define atomic_read(v)		READ_ONCE((v)->counter)
#define atomic_set(v, i)	WRITE_ONCE((v)->counter, (i))
#define atomic_add(i, v)	wmm_rmw_add(&(v)->counter, sizeof(int), (i))
#define atomic_inc(v)		atomic_add(1, (v))
#define atomic_dec(v)		atomic_add(-1, (v))

static inline int atomic_dec_and_test(atomic_t *v)
{
	int r;

	smp_mb();
	atomic_dec(v);
	r = v->counter;
	smp_mb();
	return r == 0;
}

#endif /* _LINUX_ATOMIC_H */
