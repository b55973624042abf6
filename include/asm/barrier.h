/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_BARRIER_H
#define _ASM_BARRIER_H

#include <linux/compiler.h>

/*
 * x86-64 is TSO: loads are not reordered with loads, stores not with
 * stores, so rmb/wmb and acquire/release need only stop the compiler.
 * Only store->load ordering needs a real fence.
 */
#define mb()	__asm__ __volatile__("mfence" : : : "memory")
#define rmb()	__asm__ __volatile__("lfence" : : : "memory")
#define wmb()	__asm__ __volatile__("sfence" : : : "memory")

/* A locked RMW on the stack is a full barrier and cheaper than mfence. */
#define smp_mb()	__asm__ __volatile__("lock; addl $0,-4(%%rsp)" : : : "memory", "cc")
#define smp_rmb()	barrier()
#define smp_wmb()	barrier()

/* Atomic RMW instructions are full barriers on x86. */
#define smp_mb__before_atomic()	barrier()
#define smp_mb__after_atomic()	barrier()

#define smp_store_release(p, v)						\
do {									\
	barrier();							\
	WRITE_ONCE(*(p), (v));						\
} while (0)

#define smp_load_acquire(p)						\
({									\
	__typeof__(*(p)) ___p1 = READ_ONCE(*(p));			\
	barrier();							\
	___p1;								\
})

#define smp_store_mb(var, value)					\
do {									\
	WRITE_ONCE(var, value);						\
	smp_mb();							\
} while (0)

#endif /* _ASM_BARRIER_H */
