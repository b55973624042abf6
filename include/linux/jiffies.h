/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_JIFFIES_H
#define _LINUX_JIFFIES_H

/*
 * jiffies: the tick counter, HZ per second.
 *
 * It is derived from the TSC clock on every tick (INITIAL_JIFFIES plus the
 * elapsed time in ticks), so it keeps real time even when ticks are lost,
 * as they are under QEMU TCG.  It starts 300 seconds before the low 32 bits
 * wrap, as in Linux, so that wrap bugs show up in every boot: compare
 * jiffies only with time_after() and friends.
 */

#include <linux/types.h>
#include <linux/limits.h>

#define HZ		CONFIG_HZ
#define USER_HZ		100

#define INITIAL_JIFFIES	((unsigned long)(unsigned int)(-300 * HZ))

/* The tick counter; on 64-bit, jiffies and jiffies_64 are the same value. */
extern volatile unsigned long jiffies;

/** get_jiffies_64() - jiffies as a u64 (the same value on 64-bit) */
static inline u64 get_jiffies_64(void)
{
	return (u64)jiffies;
}

/*
 * Wrap-safe comparisons: correct as long as the two values are less than
 * LONG_MAX jiffies apart.
 */
#define time_after(a, b)	((long)((b) - (a)) < 0)
#define time_before(a, b)	time_after(b, a)
#define time_after_eq(a, b)	((long)((a) - (b)) >= 0)
#define time_before_eq(a, b)	time_after_eq(b, a)
#define time_in_range(a, b, c)	(time_after_eq(a, b) && time_before_eq(a, c))
#define time_in_range_open(a, b, c) (time_after_eq(a, b) && time_before(a, c))

#define time_after64(a, b)	((s64)((b) - (a)) < 0)
#define time_before64(a, b)	time_after64(b, a)
#define time_after_eq64(a, b)	((s64)((a) - (b)) >= 0)
#define time_before_eq64(a, b)	time_after_eq64(b, a)

#define time_after32(a, b)	((s32)((u32)(b) - (u32)(a)) < 0)
#define time_before32(b, a)	time_after32(a, b)

#define time_is_before_jiffies(a)	time_after(jiffies, a)
#define time_is_after_jiffies(a)	time_before(jiffies, a)
#define time_is_before_eq_jiffies(a)	time_after_eq(jiffies, a)
#define time_is_after_eq_jiffies(a)	time_before_eq(jiffies, a)

/* The largest timeout that is still safely in the future. */
#define MAX_JIFFY_OFFSET	((LONG_MAX >> 1) - 1)

void jiffies_update(void);

unsigned long msecs_to_jiffies(unsigned int m);
unsigned long usecs_to_jiffies(unsigned int u);
unsigned long nsecs_to_jiffies(u64 n);
unsigned int jiffies_to_msecs(unsigned long j);
unsigned int jiffies_to_usecs(unsigned long j);
u64 jiffies_to_nsecs(unsigned long j);

#endif /* _LINUX_JIFFIES_H */
