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
 * The work is spread over the rcu_node tree.  Each leaf marks its online,
 * non-idle CPUs (and counts its preempted readers, rcu/tree_preempt.c),
 * sends them IPIs and drops the hold it kept while doing so.  With more
 * than one leaf, the share of each leaf that has non-idle CPUs runs in
 * that leaf's own kthread (rcu_exp/N), so the IPIs go out in parallel;
 * the caller does its own leaf's share and those of quiet leaves, since
 * waking a kthread there would itself disturb an idle CPU.  Reports count
 * down ->exp_remaining: a leaf's last report clears the leaf's bit in its
 * parent's ->expmask and counts the parent down, and so on to the root,
 * whose last report wakes the caller, who waits for the root alone.  The
 * counting is atomic, so a report may be made anywhere: from the IPI, at
 * a context switch, by an outgoing CPU, under a leaf's lock.
 *
 * Concurrent callers share the work: each takes a snapshot of the
 * expedited sequence number (the value that means "a full expedited grace
 * period has elapsed since").  The first caller for a given target
 * records it in ->exp_seq_rq and runs one expedited grace period under
 * ->exp_mutex, which always reaches its target; later callers whose
 * target is no further just sleep until the sequence gets there, on one
 * of their leaf's ->exp_wq[] chosen by the target, so the wake-ups at the
 * end of a grace period are spread over the leaves' queue locks and wake
 * only the callers it satisfies.  So at most two callers compete for the
 * mutex (the one running and the one for the next target), every caller
 * waits for at most two expedited grace periods, and a storm from every
 * CPU costs one grace period per "generation" of callers instead of one
 * per call.  (With only a mutex, a caller that had just returned took
 * the mutex again ahead of sleeping waiters: 64 CPUs ran one grace period
 * per call and some CPUs made 40 times less progress than others.)
 */
#include <linux/kernel.h>
#include <linux/smp.h>
#include <linux/sched.h>
#include <linux/mutex.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/wait.h>
#include <linux/ktime.h>
#include <linux/rcupdate.h>
#include <linux/jiffies.h>
#include <asm/arch.h>
#include <trace/events/rcu.h>
#include "tree.h"

DEFINE_PER_CPU(int, rcu_exp_qs_pending);

void __init rcu_exp_init(void)
{
	struct rcu_node *rnp;
	int i;

	mutex_init(&rcu_state.exp_mutex);
	spin_lock_init(&rcu_state.exp_lock);
	rcu_state.exp_seq_rq = rcu_state.expedited_sequence;
	init_waitqueue_head(&rcu_state.exp_wq);
	init_waitqueue_head(&rcu_state.exp_gp_wq);
	rcu_for_each_node_breadth_first(rnp) {
		for (i = 0; i < RCU_EXP_NR_WQ; i++)
			init_waitqueue_head(&rnp->exp_wq[i]);
		init_waitqueue_head(&rnp->exp_kthread_wq);
	}
}

/* The queue of @rnp on which callers wait for expedited sequence @s. */
static struct wait_queue_head *rcu_exp_wq(struct rcu_node *rnp, unsigned long s)
{
	return &rnp->exp_wq[gp_seq_ctr(s) % RCU_EXP_NR_WQ];
}

/**
 * rcu_exp_report_node() - one report owed to @rnp has been made
 * @rnp: the node, leaf or inner
 *
 * The last one reports @rnp to its parent, and so on up; the root's last
 * one wakes the grace period's runner.  The counting is lock-free and the
 * wake-up takes only a wait-queue lock: callable from interrupts and with
 * any RCU lock held, but not with a run-queue lock held.
 */
void rcu_exp_report_node(struct rcu_node *rnp)
{
	int left;

	for (; rnp; rnp = rnp->parent) {
		left = atomic_dec_return(&rnp->exp_remaining);
		/* A double report: do not take a third party's count. */
		if (WARN_ON_ONCE(left < 0) || left)
			return;
		if (!rnp->parent)
			break;
		__atomic_fetch_and(&rnp->parent->expmask, ~rnp->grpmask,
				   __ATOMIC_RELAXED);
	}
	/* The root's last report: the grace period's runner may return. */
	wake_up(&rcu_state.exp_gp_wq);
}

/*
 * Reports the running expedited grace period still lacks: at the leaves
 * (CPUs, one for the preempted readers of each leaf, the leaves' own
 * holds while their IPIs go out).
 */
int rcu_exp_reports_missing(void)
{
	struct rcu_node *rnp;
	int n = 0;

	rcu_for_each_leaf_node(rnp)
		n += atomic_read(&rnp->exp_remaining);
	return n;
}

/* Report this CPU's expedited QS, if one is owed.  Lock-free. */
void rcu_exp_note_qs(void)
{
	struct rcu_data *rdp;

	if (this_cpu_read(rcu_exp_qs_pending)) {
		this_cpu_write(rcu_exp_qs_pending, 0);
		rdp = this_cpu_ptr(&rcu_data);
		__atomic_fetch_and(&rdp->mynode->expmask, ~rdp->grpmask,
				   __ATOMIC_RELAXED);
		rcu_exp_report_node(rdp->mynode);
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
		rcu_exp_reports_missing());
	rcu_state.nr_stall_warnings++;
	rcu_state.nr_exp_stall_warnings++;
	for_each_online_cpu(cpu)
		if (READ_ONCE(per_cpu(rcu_exp_qs_pending, cpu)))
			trigger_cpu_backtrace(cpu);
	if (!n)
		printk(KERN_ERR "\tno CPU or task owes a quiescent state, %d reports missing\n",
		       rcu_exp_reports_missing());
}

#ifdef CONFIG_KUNIT
void (*rcu_exp_test_fn)(struct rcu_node *rnp);

void rcu_exp_test_hook(struct rcu_node *rnp)
{
	void (*fn)(struct rcu_node *rnp) = READ_ONCE(rcu_exp_test_fn);

	if (fn)
		fn(rnp);
}
#endif

/*
 * Leaf @rnp's share of the expedited grace period: mark its CPUs, send
 * them IPIs, drop the leaf's hold.  Run by the leaf's kthread, or by the
 * caller (its own leaf, a quiet one, or the only one).
 */
static void rcu_exp_run_leaf(struct rcu_node *rnp)
{
	unsigned int cpu;
	unsigned long flags, mask = 0;
	int n = 0;

	/*
	 * Under the leaf lock: the tasks queued here hold this grace period
	 * up, and so do the CPUs it marks.  A task preempted in a reader
	 * after this is queued under the same lock and sees whether its CPU
	 * still owes this grace period a quiescent state
	 * (rcu_preempt_queue_task()): then it holds the grace period up too.
	 */
	spin_lock_irqsave(&rnp->lock, flags);
	atomic_set(&rnp->exp_remaining, 1);	/* our hold, until the IPIs are out */
	n += rcu_preempt_exp_init_leaf(rnp);
	/*
	 * Only CPUs online in RCU's view, under the leaf lock that
	 * rcutree_report_dead() takes to leave it: an outgoing CPU is either
	 * marked here and reports as it goes, or never marked.  Of those,
	 * only the ones rcu_exp_run() did not find idle (rcu_exp_leaf_scan()).
	 */
	for_each_leaf_node_cpu_mask(rnp, cpu, rnp->qsmaskinitnext & READ_ONCE(rnp->exp_nonidle)) {
		mask |= 1UL << (cpu - rnp->grplo);
		n++;
	}
	/* Counts and mask before the flags: a marked CPU may report at once. */
	WRITE_ONCE(rnp->expmask, mask);
	atomic_add(n, &rnp->exp_remaining);
	for_each_leaf_node_cpu_mask(rnp, cpu, mask)
		per_cpu(rcu_exp_qs_pending, cpu) = 1;
	spin_unlock_irqrestore(&rnp->lock, flags);
	rcu_boost_exp_kick(rnp);
	smp_mb();	/* the flags before the IPIs' reads of them */
	/*
	 * A marked CPU may go offline from here on: it answers as it goes
	 * (its context switch to the idle task, or rcutree_report_dead()),
	 * and gets no IPI.  A test can take one offline at exactly this
	 * point.
	 */
	rcu_exp_test_hook(rnp);
	for_each_leaf_node_cpu_mask(rnp, cpu, mask) {
		if (!cpu_online(cpu) || !READ_ONCE(per_cpu(rcu_exp_qs_pending, cpu)))
			continue;
		__atomic_fetch_add(&rcu_state.n_exp_ipis, 1, __ATOMIC_RELAXED);
		per_cpu(rcu_data, cpu).n_exp_ipis++;
		smp_call_function_single(cpu, rcu_exp_handler, NULL, false);
	}
	rcu_exp_report_node(rnp);
}

/* A leaf's expedited kthread: its share of each expedited grace period. */
static int rcu_exp_kthread(void *arg)
{
	struct rcu_node *rnp = arg;

	for (;;) {
		wait_event_idle(rnp->exp_kthread_wq, smp_load_acquire(&rnp->exp_work));
		WRITE_ONCE(rnp->exp_work, false);
		rcu_exp_run_leaf(rnp);
	}
	return 0;
}

/**
 * rcu_exp_kthreads_start() - one expedited kthread per leaf, if several
 *
 * At the grace-period kthread's priority: the caller waits for them.
 */
void __init rcu_exp_kthreads_start(void)
{
	struct sched_param sp = { .sched_priority = clamp(rcu_kthread_prio(), 1, 99) };
	struct rcu_node *rnp;

	if (rcu_state.geo.num_nodes == 1)
		return;
	rcu_for_each_leaf_node(rnp) {
		struct task_struct *t;

		t = kthread_run(rcu_exp_kthread, rnp, "rcu_exp/%ld",
				(long)(rnp - rcu_state.level[rcu_state.geo.levels - 1]));
		if (IS_ERR_OR_NULL(t))
			panic("rcu: cannot start an expedited kthread");
		if (rcu_kthread_prio() > 0)
			sched_setscheduler_nocheck(t, SCHED_FIFO, &sp);
		WRITE_ONCE(rnp->exp_kthread, t);
	}
}

/*
 * A leaf's kthread pays for itself only when the leaf has several CPUs
 * to send IPIs to (all of them, in a leaf of fewer): waking it costs
 * about what an IPI does, and the leaf's first IPI waits for that.
 */
#define RCU_EXP_KTHREAD_MIN_CPUS	4

/*
 * Record in ->exp_nonidle the CPUs of leaf @rnp that are not idle now:
 * an idle CPU (its watching counter in an extended quiescent state, read
 * after the grace period started) holds no reader and is left alone.
 * The caller's CPU runs the caller, outside any reader, after the grace
 * period started: left alone too.  No lock: the leaf's share intersects
 * this with the online CPUs under the leaf lock.
 *
 * Return: whether the leaf has enough of them to be worth its kthread.
 */
static bool rcu_exp_leaf_scan(struct rcu_node *rnp, unsigned int this_cpu)
{
	unsigned int cpu, n = 0;
	unsigned int min = min(RCU_EXP_KTHREAD_MIN_CPUS, rnp->grphi - rnp->grplo + 1);
	unsigned long mask = 0;

	for_each_leaf_node_cpu_mask(rnp, cpu, READ_ONCE(rnp->qsmaskinitnext)) {
		if (cpu == this_cpu || rcu_watching_in_eqs(rcu_watching_snap(cpu)))
			continue;
		mask |= 1UL << (cpu - rnp->grplo);
		n++;
	}
	WRITE_ONCE(rnp->exp_nonidle, mask);
	return n >= min;
}

static void rcu_exp_run(void)
{
	struct rcu_node *root = rcu_get_root(), *rnp, *mine;
	unsigned int this_cpu;
	unsigned long j0 = jiffies, j_warn = j0 + rcu_stall_timeout_jiffies();
	int left;
	u64 t0;

	/* Inner nodes wait for every child, which reports once done. */
	rcu_for_each_node_breadth_first(rnp) {
		if (rcu_is_leaf_node(rnp))
			break;
		atomic_set(&rnp->exp_remaining, 0);
		WRITE_ONCE(rnp->expmask, 0);
	}
	rcu_for_each_node_breadth_first(rnp) {
		if (!rnp->parent)
			continue;
		atomic_inc(&rnp->parent->exp_remaining);
		rnp->parent->expmask |= rnp->grpmask;
	}
	this_cpu = raw_smp_processor_id();
	WRITE_ONCE(rcu_state.exp_task, current);
	/*
	 * Only leaves with several CPUs to send IPIs to are worth a kthread
	 * (for a quiet leaf, waking one would itself disturb an idle CPU).
	 * The others are done here, after the kicks.
	 */
	mine = per_cpu(rcu_data, this_cpu).mynode;
	rcu_for_each_leaf_node(rnp) {
		bool busy = rcu_exp_leaf_scan(rnp, this_cpu);

		rnp->exp_inline = !rnp->exp_kthread || rnp == mine || !busy;
		if (!rnp->exp_inline) {
			smp_store_release(&rnp->exp_work, true);
			wake_up(&rnp->exp_kthread_wq);
		}
	}
	/* The caller's own leaf, and the quieter ones, while the kthreads run. */
	rcu_for_each_leaf_node(rnp)
		if (rnp->exp_inline)
			rcu_exp_run_leaf(rnp);
	t0 = ktime_get_ns();
	/*
	 * Spin briefly (the common case is a few microseconds), then sleep
	 * until the root's last report wakes us; the timeout is only for the
	 * stall check.
	 */
	while ((left = atomic_read(&root->exp_remaining))) {
		/* A node reported twice: do not wait forever for -1 to reach 0. */
		if (WARN_ON_ONCE(left < 0))
			break;
		if (ktime_get_ns() - t0 < 100000) {
			cpu_relax();
			continue;
		}
		wait_event_timeout(rcu_state.exp_gp_wq,
				   atomic_read(&root->exp_remaining) <= 0, HZ);
		/*
		 * A waiter kept off its CPU (by real-time hogs, say) wakes long
		 * after the last report: only a grace period still owed
		 * reports is a stall.
		 */
		if (time_after(jiffies, j_warn) &&
		    atomic_read(&root->exp_remaining) > 0) {
			rcu_exp_print_stall(jiffies - j0);
			j_warn = jiffies + 3 * rcu_stall_timeout_jiffies();
		}
	}
	/* Each leaf's kthread dropped its hold last: it is done with this one. */
	WRITE_ONCE(rcu_state.exp_task, NULL);
	smp_mb();
}

/* Wake the callers waiting on every leaf for expedited sequence @s. */
static void rcu_exp_wake(unsigned long s)
{
	struct rcu_node *rnp;

	rcu_for_each_leaf_node(rnp)
		wake_up_all(rcu_exp_wq(rnp, s));
	wake_up_all(&rcu_state.exp_wq);
}

/* Has the expedited sequence reached snapshot @s? */
static bool rcu_exp_done(unsigned long s)
{
	return gp_seq_done_val(READ_ONCE(rcu_state.expedited_sequence), s);
}

void synchronize_rcu_expedited(void)
{
	struct wait_queue_head *wq;
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
		wq = rcu_exp_wq(per_cpu(rcu_data, raw_smp_processor_id()).mynode, s);
		wait_event(*wq, rcu_exp_done(s));
		goto shared;
	}
	rcu_state.exp_seq_rq = s;
	spin_unlock_irqrestore(&rcu_state.exp_lock, flags);

	/*
	 * Take the mutex, or learn that others' grace periods reached @s
	 * while waiting for it: every unlock wakes rcu_state.exp_wq, so a caller
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
	s = gp_seq_endval(rcu_state.expedited_sequence);
	WRITE_ONCE(rcu_state.expedited_sequence, s);
	trace_rcu_exp_grace_period(RCU_TRACE_NAME, s, "end");
	rcu_state.n_exp_gps++;
	mutex_unlock(&rcu_state.exp_mutex);
	rcu_exp_wake(s);
	return;

shared:
	/* Covered by someone else's expedited grace period. */
	trace_rcu_exp_grace_period(RCU_TRACE_NAME, s, "done");
	__atomic_fetch_add(&rcu_state.n_exp_shared, 1, __ATOMIC_RELAXED);
	smp_mb();	/* the grace period before the caller's accesses */
}
