/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_KTIME_H
#define _LINUX_KTIME_H

/*
 * Time from the TSC.  The lead's boot code calibrates the TSC against the
 * PIT and calls tsc_set_khz(); from then on ktime_get_ns() is nanoseconds
 * since that moment (0 before it).  It never depends on timer ticks.
 */

#include <linux/types.h>

#define MSEC_PER_SEC	1000L
#define USEC_PER_MSEC	1000L
#define NSEC_PER_USEC	1000L
#define NSEC_PER_MSEC	1000000L
#define USEC_PER_SEC	1000000L
#define NSEC_PER_SEC	1000000000L

typedef s64 ktime_t;

/* TSC frequency in kHz; 0 until calibrated. */
extern u64 tsc_khz;

void tsc_set_khz(u64 khz);
u64 ktime_get_ns(void);
u64 ktime_get_mono_fast_ns(void);
u64 local_clock(void);

/** ktime_get() - monotonic time since boot, as a ktime_t (ns) */
static inline ktime_t ktime_get(void)
{
	return (ktime_t)ktime_get_ns();
}

static inline s64 ktime_to_ns(const ktime_t kt)
{
	return kt;
}

static inline ktime_t ns_to_ktime(u64 ns)
{
	return (ktime_t)ns;
}

static inline s64 ktime_to_us(const ktime_t kt)
{
	return kt / NSEC_PER_USEC;
}

static inline s64 ktime_to_ms(const ktime_t kt)
{
	return kt / NSEC_PER_MSEC;
}

#define ktime_add(a, b)		((a) + (b))
#define ktime_sub(a, b)		((a) - (b))
#define ktime_add_ns(kt, ns)	((kt) + (ns))
#define ktime_add_us(kt, us)	((kt) + (us) * NSEC_PER_USEC)
#define ktime_add_ms(kt, ms)	((kt) + (ms) * NSEC_PER_MSEC)
#define ktime_compare(a, b)	((a) < (b) ? -1 : (a) > (b) ? 1 : 0)
#define ktime_after(a, b)	((a) > (b))
#define ktime_before(a, b)	((a) < (b))

static inline s64 ktime_us_delta(const ktime_t later, const ktime_t earlier)
{
	return ktime_to_us(later - earlier);
}

static inline s64 ktime_ms_delta(const ktime_t later, const ktime_t earlier)
{
	return ktime_to_ms(later - earlier);
}

#endif /* _LINUX_KTIME_H */
