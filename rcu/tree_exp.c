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
 * expedited sequence number (the value that means "a full expedited grace
 * period has elapsed since").  The first caller for a given target
 * records it in ->exp_seq_rq and runs one expedited grace period under
 * ->exp_mutex, which always reaches its target; later callers whose
 * target is no further just sleep on ->exp_wq until the sequence gets
 * there.  So at most two callers compete for the mutex (the one running
 * and the one for the next target), every caller waits for at most two
 * expedited grace periods, and a storm from every CPU costs one grace
 * period per "generation" of callers instead of one per call.  (With
 * only a mutex, a caller that had just returned took the mutex again
 * ahead of sleeping waiters: 64 CPUs ran one grace period per call and
 * some CPUs made 40 times less progress than others.)
 */
#include <linux/kernel.h>
#include <linux/smp.h>
#include <linux/sched.h>
#include <linux/mutex.h>
#include <linux/delay.h>
#include <linux/ktime.h>
#include <linux/rcupdate.h>
#include <linux/jiffies.h>
#include <asm/arch.h>
#include <trace/events/rcu.h>
#include "tree.h"

DEFINE_PER_CPU(int, rcu_exp_qs_pending);

void __init rcu_exp_init(void)
{
	mutex_init(&rcu_state.exp_mutex);
	spin_lock_init(&rcu_state.exp_lock);
	rcu_state.exp_seq_rq = rcu_state.expedited_sequence;
	init_waitqueue_head(&rcu_state.exp_wq);
}

/* Report this CPU's expedited QS, if one is owed.  Lock-free. */
void rcu_exp_note_qs(void)
{
	if (this_cpu_read(rcu_exp_qs_pending)) {
		this_cpu_write(rcu_exp_qs_pending, 0);
		atomic_dec(&rcu_state.exp_cpus_remaining);
	}
}

static bool exp_in_reader_free_context(void)
{
	if (rcu_irq_from_idle())
		return true;
	/*
	 * Preemption enabled and outside any rcu_read_lock() reader: no
	 * reader of any kind runs here.  (Without preemptible RCU every
	 * reader disables preemption.)
	 */
	return IS_ENABLED(CONFIG_PREEMPT) && !rcu_preempt_depth() &&
	       (preempt_count() & ~HARDIRQ_MASK) == 0;
}

static void rcu_exp_handler(void *unused)
{
	if (!this_cpu_read(rcu_exp_qs_pending))
		return;
	if (exp_in_reader_free_context()) {
		rcu_exp_note_qs();
		return;
	}
	/* In a preemptible reader: its outermost unlock reports. */
	if (rcu_preempt_exp_handler())
		return;
	/* Possibly in a reader: the next context switch reports. */
	set_need_resched();
}

/*
 * An expedited grace period older than the stall timeout: name the CPUs
 * that still owe it a quiescent state, then their backtraces (by NMI:
 * they may have interrupts off).  Printed by the waiting caller, every
 * three timeouts while the stall lasts.
 */
static void rcu_exp_print_stall(unsigned long age)
{
	struct rcu_node *rnp;
	char cpus[128] = "";	/* stays empty if no CPU owes a QS */
	unsigned int cpu;
	int len = 0, n = 0;

	if (rcu_stall_suppressed())
		return;
	for_each_online_cpu(cpu) {
		if (!READ_ONCE(per_cpu(rcu_exp_qs_pending, cpu)))
			continue;
		if (len < (int)sizeof(cpus) - 16)
			len += scnprintf(cpus + len, sizeof(cpus) - len, " %u-...", cpu);
		n++;
	}
	/* Tasks preempted in readers first (" P<pid>"), then the CPUs. */
	trace_rcu_stall_warning(RCU_TRACE_NAME, "ExpeditedStall");
	printk(KERN_ERR "INFO: rcu detected expedited stalls on CPUs/tasks: {");
	rcu_for_each_leaf_node(rnp)
		n += rcu_print_task_exp_stall(rnp);
	pr_cont("%s } %lu jiffies s: %ld, %d report(s) missing\n",
		cpus, age, (long)READ_ONCE(rcu_state.expedited_sequence),
		atomic_read(&rcu_state.exp_cpus_remaining));
	rcu_state.nr_stall_warnings++;
	rcu_state.nr_exp_stall_warnings++;
	for_each_online_cpu(cpu)
		if (READ_ONCE(per_cpu(rcu_exp_qs_pending, cpu)))
			trigger_cpu_backtrace(cpu);
	if (!n)
		printk(KERN_ERR "\tno CPU or task owes a quiescent state, %d reports missing\n",
		       atomic_read(&rcu_state.exp_cpus_remaining));
}

#ifdef CONFIG_KUNIT
void (*rcu_exp_test_fn)(void);

void rcu_exp_test_hook(void)
{
	void (*fn)(void) = READ_ONCE(rcu_exp_test_fn);

	if (fn)
		fn();
}
#endif

static void rcu_exp_run(void)
{
	struct rcu_node *rnp;
	unsigned long flags;
	unsigned int cpu, this_cpu;
	u64 t0 = ktime_get_ns();
	unsigned long j0 = jiffies, j_warn = j0 + rcu_stall_timeout_jiffies();
	int left;

	atomic_set(&rcu_state.exp_cpus_remaining, 1);
	this_cpu = get_cpu();
	/*
	 * Each leaf under its lock: the tasks queued there hold this grace
	 * period up, and so do the CPUs it marks.  A task preempted in a
	 * reader after this is queued under the same lock and sees whether
	 * its CPU still owes this grace period a quiescent state
	 * (rcu_preempt_queue_task()): then it holds the grace period up too.
	 */
	rcu_for_each_leaf_node(rnp) {
		int n = 0;

		spin_lock_irqsave(&rnp->lock, flags);
		n += rcu_preempt_exp_init_leaf(rnp);
		/*
		 * Only CPUs online in RCU's view, under the leaf lock that
		 * rcutree_report_dead() takes to leave it: an outgoing CPU
		 * is either marked here and reports as it goes, or never
		 * marked.  Its IPI is then skipped (smp_call_function_single()
		 * sends none to an offline CPU) or runs before it parks.
		 */
		for_each_leaf_node_cpu_mask(rnp, cpu, rnp->qsmaskinitnext) {
			if (cpu == this_cpu)
				continue;	/* we are not in a reader: we may sleep */
			if (rcu_watching_in_eqs(rcu_watching_snap(cpu)))
				continue;	/* idle: do not disturb */
			per_cpu(rcu_exp_qs_pending, cpu) = 1;
			n++;
		}
		atomic_add(n, &rcu_state.exp_cpus_remaining);
		spin_unlock_irqrestore(&rnp->lock, flags);
		rcu_boost_exp_kick(rnp);
	}
	smp_mb();
	put_cpu();
	/*
	 * A marked CPU may go offline from here on: it answers as it goes
	 * (its context switch to the idle task, or rcutree_report_dead()),
	 * and the walk below no longer sees it.  A test can take one
	 * offline at exactly this point.
	 */
	rcu_exp_test_hook();
	for_each_online_cpu(cpu) {
		if (cpu != this_cpu && per_cpu(rcu_exp_qs_pending, cpu)) {
			rcu_state.n_exp_ipis++;
			per_cpu(rcu_data, cpu).n_exp_ipis++;
			smp_call_function_single(cpu, rcu_exp_handler, NULL, false);
		}
	}
	atomic_dec(&rcu_state.exp_cpus_remaining);
	/* Spin briefly (the common case is a few microseconds), then sleep. */
	while ((left = atomic_read(&rcu_state.exp_cpus_remaining))) {
		/* A CPU reported twice: do not wait forever for -1 to reach 0. */
		if (WARN_ON_ONCE(left < 0))
			break;
		if (ktime_get_ns() - t0 < 100000) {
			cpu_relax();
			continue;
		}
		schedule_timeout_uninterruptible(1);
		/*
		 * A waiter kept off its CPU (by real-time hogs, say) wakes long
		 * after the last report: only a grace period still owed
		 * reports is a stall.
		 */
		if (time_after(jiffies, j_warn) &&
		    atomic_read(&rcu_state.exp_cpus_remaining) > 0) {
			rcu_exp_print_stall(jiffies - j0);
			j_warn = jiffies + 3 * rcu_stall_timeout_jiffies();
		}
	}
	smp_mb();
}

/* Has the expedited sequence reached snapshot @s? */
static bool rcu_exp_done(unsigned long s)
{
	return gp_seq_done_val(READ_ONCE(rcu_state.expedited_sequence), s);
}

void synchronize_rcu_expedited(void)
{
	unsigned long s, flags;

	RCU_LOCKDEP_WARN(rcu_read_lock_any_held(),
			 "Illegal synchronize_rcu_expedited() in RCU read-side critical section");
	/* As synchronize_rcu(): a preemptible reader would wait for itself. */
	if (rcu_preempt_depth())
		return;
	might_sleep();
	if (!rcu_scheduler_active)
		return;		/* early boot: one task, no readers elsewhere */
	smp_mb();	/* the caller's updates before the snapshot */
	s = gp_seq_snap_val(READ_ONCE(rcu_state.expedited_sequence));
	trace_rcu_exp_grace_period(RCU_TRACE_NAME, s, "snap");
	spin_lock_irqsave(&rcu_state.exp_lock, flags);
	if (ULONG_CMP_GE(rcu_state.exp_seq_rq, s)) {
		/* Someone else will run a grace period that reaches @s. */
		spin_unlock_irqrestore(&rcu_state.exp_lock, flags);
		wait_event(rcu_state.exp_wq, rcu_exp_done(s));
		goto shared;
	}
	rcu_state.exp_seq_rq = s;
	spin_unlock_irqrestore(&rcu_state.exp_lock, flags);

	/*
	 * Take the mutex, or learn that others' grace periods reached @s
	 * while waiting for it: every unlock wakes ->exp_wq, so a caller
	 * never depends on winning the mutex against others.
	 */
	while (!mutex_trylock(&rcu_state.exp_mutex)) {
		wait_event(rcu_state.exp_wq,
			   rcu_exp_done(s) || !mutex_is_locked(&rcu_state.exp_mutex));
		if (rcu_exp_done(s))
			goto shared;
	}
	if (rcu_exp_done(s)) {
		mutex_unlock(&rcu_state.exp_mutex);
		wake_up_all(&rcu_state.exp_wq);
		goto shared;
	}
	WRITE_ONCE(rcu_state.expedited_sequence, rcu_state.expedited_sequence + 1);
	smp_mb();
	trace_rcu_exp_grace_period(RCU_TRACE_NAME, rcu_state.expedited_sequence, "start");
	/*
	 * With one CPU, which is outside any reader here, there is nothing
	 * to wait for but preempted readers, and the sequence still
	 * advances: polled cookies taken before this call must read as
	 * done after it.
	 */
	if (num_online_cpus() > 1 || IS_ENABLED(CONFIG_PREEMPT_RCU))
		rcu_exp_run();
	WRITE_ONCE(rcu_state.expedited_sequence,
		   gp_seq_endval(rcu_state.expedited_sequence));
	trace_rcu_exp_grace_period(RCU_TRACE_NAME, rcu_state.expedited_sequence, "end");
	rcu_state.n_exp_gps++;
	mutex_unlock(&rcu_state.exp_mutex);
	wake_up_all(&rcu_state.exp_wq);
	return;

shared:
	/* Covered by someone else's expedited grace period. */
	trace_rcu_exp_grace_period(RCU_TRACE_NAME, s, "done");
	__atomic_fetch_add(&rcu_state.n_exp_shared, 1, __ATOMIC_RELAXED);
	smp_mb();	/* the grace period before the caller's accesses */
}
