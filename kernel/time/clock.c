// SPDX-License-Identifier: GPL-2.0
/*
 * The TSC clock, busy-wait delays and jiffies conversions.
 *
 * ktime_get_ns() = (rdtsc() - tsc_base) * tsc_mult >> 32, with
 * tsc_mult = 10^6 * 2^32 / tsc_khz and a 128-bit product, so it neither
 * overflows nor loses precision for centuries.  It never depends on the
 * tick: under QEMU TCG ticks get lost, the TSC does not.
 */
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <asm/processor.h>
#include <asm/barrier.h>

u64 tsc_khz;
static u64 tsc_base;
static u64 tsc_mult;

/**
 * tsc_set_khz() - set the TSC frequency; starts the clock
 * @khz: TSC frequency in kHz, as calibrated at boot
 *
 * ktime_get_ns() counts from this call (and is 0 before it).
 */
void tsc_set_khz(u64 khz)
{
	if (!khz)
		return;
	tsc_base = rdtsc();
	WRITE_ONCE(tsc_mult, ((u64)NSEC_PER_MSEC << 32) / khz);
	smp_store_release(&tsc_khz, khz);
}

/**
 * ktime_get_ns() - monotonic nanoseconds since the clock started
 *
 * From the TSC; usable in any context, including NMI.
 *
 * Return: nanoseconds since tsc_set_khz(), 0 before it.
 */
u64 ktime_get_ns(void)
{
	u64 now, mult = READ_ONCE(tsc_mult);

	if (!mult)
		return 0;
	now = rdtsc_ordered();
	if (now < tsc_base)
		return 0;
	return (u64)(((unsigned __int128)(now - tsc_base) * mult) >> 32);
}

/** ktime_get_mono_fast_ns() - ktime_get_ns(), NMI-safe */
u64 ktime_get_mono_fast_ns(void)
{
	return ktime_get_ns();
}

/**
 * local_clock() - this CPU's clock in ns (the TSC clock)
 *
 * Return: ktime_get_ns().
 */
u64 local_clock(void)
{
	return ktime_get_ns();
}

/* TSC cycles for @ns nanoseconds; assumes 1 GHz until calibrated. */
static u64 ns_to_cycles(u64 ns)
{
	u64 khz = READ_ONCE(tsc_khz);

	if (!khz)
		khz = 1000000;
	/* Split to stay in 64 bits (no 128-bit division available). */
	return ns / NSEC_PER_MSEC * khz + ns % NSEC_PER_MSEC * khz / NSEC_PER_MSEC;
}

static void delay_cycles(u64 cycles)
{
	u64 start = rdtsc_ordered();

	while (rdtsc_ordered() - start < cycles)
		cpu_relax();
}

/**
 * ndelay() - spin for at least @nsecs nanoseconds
 * @nsecs: nanoseconds
 */
void ndelay(unsigned long nsecs)
{
	delay_cycles(ns_to_cycles(nsecs));
}

/**
 * udelay() - spin for at least @usecs microseconds
 * @usecs: microseconds
 *
 * Any context.  Spins on the TSC: with interrupts enabled, time spent in
 * interrupt handlers counts.
 */
void udelay(unsigned long usecs)
{
	delay_cycles(ns_to_cycles((u64)usecs * NSEC_PER_USEC));
}

/**
 * mdelay() - spin for at least @msecs milliseconds
 * @msecs: milliseconds
 */
void mdelay(unsigned long msecs)
{
	delay_cycles(ns_to_cycles((u64)msecs * NSEC_PER_MSEC));
}

/**
 * msecs_to_jiffies() - milliseconds to jiffies, rounded up
 * @m: milliseconds
 *
 * Return: the jiffies, at most MAX_JIFFY_OFFSET.
 */
unsigned long msecs_to_jiffies(unsigned int m)
{
	u64 j = ((u64)m * HZ + MSEC_PER_SEC - 1) / MSEC_PER_SEC;

	return j > MAX_JIFFY_OFFSET ? MAX_JIFFY_OFFSET : (unsigned long)j;
}

/**
 * usecs_to_jiffies() - microseconds to jiffies, rounded up
 * @u: microseconds
 *
 * Return: the jiffies, at most MAX_JIFFY_OFFSET.
 */
unsigned long usecs_to_jiffies(unsigned int u)
{
	u64 j = ((u64)u * HZ + USEC_PER_SEC - 1) / USEC_PER_SEC;

	return j > MAX_JIFFY_OFFSET ? MAX_JIFFY_OFFSET : (unsigned long)j;
}

/**
 * nsecs_to_jiffies() - nanoseconds to jiffies, rounded down
 * @n: nanoseconds
 *
 * Return: the jiffies.
 */
unsigned long nsecs_to_jiffies(u64 n)
{
	return n / NSEC_PER_SEC * HZ + n % NSEC_PER_SEC * HZ / NSEC_PER_SEC;
}

/**
 * jiffies_to_msecs() - jiffies to milliseconds
 * @j: jiffies (a duration)
 *
 * Return: the milliseconds.
 */
unsigned int jiffies_to_msecs(unsigned long j)
{
	return (unsigned int)((u64)j * MSEC_PER_SEC / HZ);
}

/**
 * jiffies_to_usecs() - jiffies to microseconds
 * @j: jiffies (a duration)
 *
 * Return: the microseconds.
 */
unsigned int jiffies_to_usecs(unsigned long j)
{
	return (unsigned int)((u64)j * USEC_PER_SEC / HZ);
}

/**
 * jiffies_to_nsecs() - jiffies to nanoseconds
 * @j: jiffies (a duration)
 *
 * Return: the nanoseconds.
 */
u64 jiffies_to_nsecs(unsigned long j)
{
	return (u64)j * NSEC_PER_SEC / HZ;
}
