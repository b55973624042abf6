// SPDX-License-Identifier: GPL-2.0
/*
 * Dyntick-idle: stop the local APIC tick while a CPU idles with nothing
 * that needs it.
 *
 * The idle loop calls arch_cpu_idle_enter() with interrupts disabled
 * just before halting.  If this CPU has no pending softirqs and no RCU
 * callbacks, its tick is stopped: with no kernel timer queued here only a
 * device interrupt or an IPI (a wake-up, a cross-CPU call, a timer queued
 * here from another CPU) ends the halt; with timers, the local APIC timer
 * fires once, when the earliest is due (a timer due at the next tick
 * keeps the tick).  On the way out the tick starts again and jiffies
 * catch up from the TSC, so no time is lost.  RCU does not need the tick
 * of an idle CPU: the grace-period kthread credits it from its dyntick
 * counter (rcu/tree_nohz.c).
 */
#include <linux/kernel.h>
#include <linux/smp.h>
#include <linux/timer.h>
#include <linux/tick.h>
#include <linux/cpu.h>
#include <linux/interrupt.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/moduleparam.h>
#include <asm/arch.h>

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX ""

static bool nohz = IS_ENABLED(CONFIG_NO_HZ_IDLE);
module_param(nohz, bool, 0644);

static DEFINE_PER_CPU(int, tick_stopped);
static DEFINE_PER_CPU(u64, idle_wakeups);
static DEFINE_PER_CPU(u64, tick_stops);

void jiffies_update(void);

void arch_cpu_idle_enter(void)
{
	unsigned int cpu = smp_processor_id();
	long delta = 0;

	if (!READ_ONCE(nohz) || local_softirq_pending() || rcu_needs_cpu())
		return;
	/*
	 * Stopped before the timers are looked at: a CPU that queues one
	 * here looks at tick_stopped after queueing it, so that either we
	 * see its timer or it sends the IPI (wake_up_nohz_cpu()).
	 */
	this_cpu_write(tick_stopped, 1);
	smp_mb();
	if (timers_pending_cpu(cpu)) {
		jiffies_update();
		delta = (long)(timers_next_expiry_cpu(cpu) - READ_ONCE(jiffies));
		if (delta <= 1) {
			this_cpu_write(tick_stopped, 0);
			return;
		}
	}
	if (delta)
		lapic_timer_oneshot(delta);
	else
		lapic_timer_stop();
	this_cpu_inc(tick_stops);
}

void arch_cpu_idle_exit(void)
{
	this_cpu_inc(idle_wakeups);
	if (!this_cpu_read(tick_stopped))
		return;
	this_cpu_write(tick_stopped, 0);
	jiffies_update();
	lapic_timer_start();
}

/*
 * Hotplug (CPUHP_AP_TICK_DYING), on the CPU, interrupts off: an offline
 * CPU takes no timer interrupts.  Its tick is not "stopped" in the nohz
 * sense, so wake_up_nohz_cpu() never sends it an IPI.
 */
int tick_dying_cpu(unsigned int cpu)
{
	lapic_timer_stop();
	this_cpu_write(tick_stopped, 0);
	return 0;
}

int tick_starting_cpu(unsigned int cpu)
{
	jiffies_update();
	lapic_timer_start();
	return 0;
}

bool tick_nohz_tick_stopped_cpu(int cpu)
{
	return READ_ONCE(per_cpu(tick_stopped, cpu));
}

void wake_up_nohz_cpu(int cpu)
{
	smp_mb();	/* the caller's new timer before tick_stopped; see above */
	if (cpu != (int)raw_smp_processor_id() && tick_nohz_tick_stopped_cpu(cpu) &&
	    cpu_online(cpu))
		smp_send_reschedule(cpu);
}

u64 idle_wakeups_cpu(unsigned int cpu)
{
	return READ_ONCE(per_cpu(idle_wakeups, cpu));
}

u64 tick_stops_cpu(unsigned int cpu)
{
	return READ_ONCE(per_cpu(tick_stops, cpu));
}
