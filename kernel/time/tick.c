// SPDX-License-Identifier: GPL-2.0
/*
 * The periodic tick: every CPU's local APIC timer interrupt at HZ.
 *
 * jiffies is not counted but computed from the TSC clock on each tick
 * (INITIAL_JIFFIES + elapsed ns * HZ / 10^9), by whichever CPU ticks, with
 * a compare-and-swap that only moves it forward.  So lost or late ticks
 * (QEMU TCG loses many) never slow it down, and it keeps advancing while
 * any CPU is ticking.
 */
#include <linux/kernel.h>
#include <linux/profile.h>
#include <linux/jiffies.h>
#include <linux/timer.h>
#include <linux/ktime.h>
#include <linux/sched.h>
#include <linux/atomic.h>
#include <linux/rcupdate.h>

volatile unsigned long jiffies = INITIAL_JIFFIES;

/* Ticks taken by each CPU (the shell's cpus command). */
DEFINE_PER_CPU(u64, tick_count);

/**
 * jiffies_update() - bring jiffies up to date with the TSC clock
 *
 * The tick does this; sleepers call it before computing a deadline so
 * that a stale jiffies (no tick for a while) cannot make them short.
 * Any context.
 */
void jiffies_update(void)
{
	unsigned long now = INITIAL_JIFFIES + nsecs_to_jiffies(ktime_get_ns());
	unsigned long old = READ_ONCE(jiffies);

	while (time_after(now, old)) {
		if (try_cmpxchg((unsigned long *)&jiffies, &old, now))
			break;
	}
}

/**
 * update_process_times() - per-tick work of this CPU
 * @user_tick: the tick interrupted user mode (never, in rcuos)
 *
 * Raises TIMER_SOFTIRQ for due timers, reports the tick to RCU and lets
 * the scheduler account the running task's time slice.  Hardirq context.
 */
void update_process_times(int user_tick)
{
	run_local_timers();
	rcu_sched_clock_irq(user_tick);
	scheduler_tick();
}

/**
 * tick_handle_periodic() - the tick interrupt's handler
 * @regs: the interrupted registers
 * @user_mode: the tick interrupted user mode
 *
 * Called by the local APIC timer interrupt on every CPU, inside
 * irq_enter()/irq_exit(), with interrupts disabled.
 */
void tick_handle_periodic(struct pt_regs *regs, bool user_mode)
{
	this_cpu_inc(tick_count);
	profile_tick(regs);
	jiffies_update();
	update_process_times(user_mode);
}

/**
 * tick_count_cpu() - ticks taken by @cpu so far
 * @cpu: the CPU
 *
 * Return: the count (racy snapshot).
 */
u64 tick_count_cpu(unsigned int cpu)
{
	return READ_ONCE(per_cpu(tick_count, cpu));
}
