// SPDX-License-Identifier: GPL-2.0
/*
 * Expedited grace periods.
 *
 * synchronize_rcu_expedited() does not wait for the grace-period
 * machinery: it sends an IPI to every online CPU that is not idle.  In
 * the IPI handler a CPU that was interrupted in the idle loop (or, in a
 * preemptible kernel, with preemption enabled, hence outside any reader)
 * reports at once; otherwise it is asked to reschedule and reports at its
 * next context switch or cond_resched().  Idle CPUs are not disturbed:
 * their watching counter shows they hold no reader.
 *
 * Concurrent callers share the work: each takes a snapshot of the
 * expedited sequence number, and whoever runs an expedited grace period
 * completes every snapshot taken before it started.
 */
#include <linux/kernel.h>
#include <linux/smp.h>
#include <linux/sched.h>
#include <linux/mutex.h>
#include <linux/delay.h>
#include <linux/ktime.h>
#include <linux/rcupdate.h>
#include "tree.h"

static DEFINE_PER_CPU(int, exp_qs_pending);

void __init rcu_exp_init(void)
{
	mutex_init(&rcu_state.exp_mutex);
}

/* Report this CPU's expedited QS, if one is owed.  Lock-free. */
void rcu_exp_note_qs(void)
{
	if (this_cpu_read(exp_qs_pending)) {
		this_cpu_write(exp_qs_pending, 0);
		atomic_dec(&rcu_state.exp_cpus_remaining);
	}
}

static bool exp_in_reader_free_context(void)
{
	if (rcu_irq_from_idle())
		return true;
	/* With preemptible readers off, a reader disables preemption. */
	return IS_ENABLED(CONFIG_PREEMPT) &&
	       (preempt_count() & ~HARDIRQ_MASK) == 0;
}

static void rcu_exp_handler(void *unused)
{
	if (!this_cpu_read(exp_qs_pending))
		return;
	if (exp_in_reader_free_context()) {
		rcu_exp_note_qs();
		return;
	}
	/* Possibly in a reader: the next context switch reports. */
	set_need_resched();
}

static void rcu_exp_run(void)
{
	unsigned int cpu, this_cpu;
	u64 t0 = ktime_get_ns();

	atomic_set(&rcu_state.exp_cpus_remaining, 1);
	this_cpu = get_cpu();
	for_each_online_cpu(cpu) {
		if (cpu == this_cpu)
			continue;	/* we are not in a reader: we may sleep */
		if (rcu_watching_in_eqs(rcu_watching_snap(cpu)))
			continue;	/* idle: do not disturb */
		per_cpu(exp_qs_pending, cpu) = 1;
		atomic_inc(&rcu_state.exp_cpus_remaining);
	}
	smp_mb();
	for_each_online_cpu(cpu) {
		if (cpu != this_cpu && per_cpu(exp_qs_pending, cpu)) {
			rcu_state.n_exp_ipis++;
			smp_call_function_single(cpu, rcu_exp_handler, NULL, false);
		}
	}
	put_cpu();
	atomic_dec(&rcu_state.exp_cpus_remaining);
	/* Spin briefly (the common case is a few microseconds), then sleep. */
	while (atomic_read(&rcu_state.exp_cpus_remaining)) {
		if (ktime_get_ns() - t0 < 100000)
			cpu_relax();
		else
			schedule_timeout_uninterruptible(1);
	}
	smp_mb();
}

void synchronize_rcu_expedited(void)
{
	unsigned long s;

	RCU_LOCKDEP_WARN(rcu_read_lock_any_held(),
			 "Illegal synchronize_rcu_expedited() in RCU read-side critical section");
	/* As synchronize_rcu(): a preemptible reader would wait for itself. */
	if (IS_ENABLED(CONFIG_PREEMPT_RCU) && rcu_read_lock_any_held())
		return;
	might_sleep();
	if (!rcu_scheduler_active)
		return;		/* early boot: one task, no readers elsewhere */
	s = gp_seq_snap_val(READ_ONCE(rcu_state.expedited_sequence));
	mutex_lock(&rcu_state.exp_mutex);
	if (gp_seq_done_val(rcu_state.expedited_sequence, s)) {
		rcu_state.n_exp_shared++;
		mutex_unlock(&rcu_state.exp_mutex);
		smp_mb();
		return;
	}
	WRITE_ONCE(rcu_state.expedited_sequence, rcu_state.expedited_sequence + 1);
	smp_mb();
	/*
	 * With one CPU, which is outside any reader here, there is nothing
	 * to wait for, but the sequence still advances: polled cookies
	 * taken before this call must read as done after it.
	 */
	if (num_online_cpus() > 1)
		rcu_exp_run();
	WRITE_ONCE(rcu_state.expedited_sequence,
		   gp_seq_endval(rcu_state.expedited_sequence));
	rcu_state.n_exp_gps++;
	mutex_unlock(&rcu_state.exp_mutex);
}
