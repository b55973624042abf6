/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tests/wmm: barriers as the memory model's (tests/wmm/wmm.h).  Only the
 * full barrier is a fence; the read and write barriers are full fences
 * too, which is stronger than the kernel's and so never reports a bug
 * that is not there.
 */
#ifndef _ASM_BARRIER_H
#define _ASM_BARRIER_H

#include <linux/compiler.h>

#define mb()		wmm_fence()
#define rmb()		wmm_fence()
#define wmb()		wmm_fence()
#define smp_mb()	wmm_fence()
#define smp_rmb()	wmm_fence()
#define smp_wmb()	wmm_fence()
#define smp_mb__before_atomic()	wmm_fence()
#define smp_mb__after_atomic()	wmm_fence()

#define smp_store_release(p, v) do {					\
	__typeof__(*(p)) __w = (v);					\
	wmm_store((p), sizeof(*(p)), &__w, WMM_RELEASE);		\
} while (0)

#define smp_load_acquire(p) ({						\
	__auto_type __r = *(p);						\
	wmm_load((p), sizeof(*(p)), &__r, WMM_ACQUIRE);			\
	__r; })

#define smp_store_mb(var, value) do {					\
	WRITE_ONCE(var, value);						\
	smp_mb();							\
} while (0)

#endif /* _ASM_BARRIER_H */
