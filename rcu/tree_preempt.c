// SPDX-License-Identifier: GPL-2.0
/*
 * Preemptible RCU: readers that can be preempted (CONFIG_PREEMPT_RCU).
 *
 * A reader only counts its nesting in its task (rcu_read_lock() in
 * <linux/rcupdate.h>).  When the scheduler switches away from a task
 * inside a reader, the task is queued on the blocked-tasks list of its
 * CPU's leaf rcu_node, and the CPU's context switch still counts as a
 * quiescent state: from then on the leaf, not the CPU, stands for the
 * reader.  The task's outermost rcu_read_unlock() sees the "special"
 * word set and dequeues it (rcu_read_unlock_special()).
 *
 * Which queued tasks hold up which grace period: each leaf counts the
 * normal and the expedited grace periods started on it (->gp_gen,
 * ->exp_gen).  A task queued while its CPU still owes the current grace
 * period a quiescent state may have begun its reader before that grace
 * period started, so it records the current generation; a task queued
 * after its CPU reported (or while no grace period runs on the leaf)
 * began its reader after the current grace period started, so it
 * records the next generation.  When a grace period starts on a leaf
 * every queued task holds it up (the previous one could only end once
 * no task held it up), so the leaf only increments its generation and
 * copies its count of queued tasks: nothing is walked or marked.  A
 * leaf reports up the tree only when its CPUs have reported and its
 * count of tasks holding up the grace period is zero; the last such
 * task's unlock makes the report.  Expedited grace periods work the
 * same way with ->exp_gen and ->n_exp_blkd (rcu/tree_exp.c).
 *
 * The unlock's work needs the leaf's lock, may end a grace period (a
 * wake-up) and may end a priority boost (an rt_mutex release).  Where
 * that is not allowed (interrupts or preemption disabled, in an
 * interrupt handler) it is deferred: the task keeps its special bits,
 * marks the deferral and sets need_resched, so the next preemption point
 * switches away (possibly back to itself) and rcu_note_context_switch()
 * does the work.  The deferral is never lost: until then the task is
 * still queued and holds up its grace periods.
 */
#include <linux/kernel.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/hardirq.h>
#include <linux/bug.h>
#include <trace/events/rcu.h>
#include "tree.h"

/**
 * __rcu_read_lock() - rcu_read_lock()'s counting, out of line
 *
 * For callers that need a function (tables of operations, assembly);
 * rcu_read_lock() inlines the same code.
 */
void __rcu_read_lock(void)
{
	rcu_preempt_read_enter();
}

/** __rcu_read_unlock() - rcu_read_unlock()'s counting, out of line */
void __rcu_read_unlock(void)
{
	rcu_preempt_read_exit();
}

void __init rcu_preempt_init_node(struct rcu_node *rnp)
{
	INIT_LIST_HEAD(&rnp->blkd_tasks);
}

/*
 * Queue the current task, preempted inside a reader, on this CPU's leaf.
 * Interrupts are off (the scheduler's context switch).
 */
static void rcu_preempt_queue_task(struct task_struct *t, struct rcu_data *rdp)
{
	struct rcu_node *rnp = rdp->mynode;

	spin_lock(&rnp->lock);
	WRITE_ONCE(t->rcu_read_unlock_special.b.blocked, 1);
	t->rcu_blocked_node = rnp;
	list_add(&t->rcu_node_entry, &rnp->blkd_tasks);
	WRITE_ONCE(rnp->n_blkd, rnp->n_blkd + 1);
	WRITE_ONCE(rnp->n_queued, rnp->n_queued + 1);
	trace_rcu_preempt_task(RCU_TRACE_NAME, t->pid, rnp->gp_seq);
	if ((rnp->qsmask & rdp->grpmask) && gp_seq_state(rnp->gp_seq)) {
		t->rcu_blocked_gp_gen = rnp->gp_gen;
		WRITE_ONCE(rnp->n_gp_blkd, rnp->n_gp_blkd + 1);
	} else {
		t->rcu_blocked_gp_gen = rnp->gp_gen + 1;
	}
	/*
	 * The expedited grace period marks the CPUs it waits for under this
	 * lock (rcu_exp_run()), so the pending flag read here is exact.
	 */
	if (this_cpu_read(rcu_exp_qs_pending)) {
		t->rcu_blocked_exp_gen = rnp->exp_gen;
		/* Safe: this CPU's own report still holds the leaf up. */
		if (rnp->n_exp_blkd++ == 0)
			atomic_inc(&rnp->exp_remaining);
	} else {
		t->rcu_blocked_exp_gen = rnp->exp_gen + 1;
	}
	spin_unlock(&rnp->lock);
}

/*
 * Take @t off its leaf's list, with interrupts off (@flags saved by the
 * caller, restored on return).  If it was the last task holding up the
 * leaf's grace period and the leaf's CPUs have all reported, report the
 * leaf up the tree; likewise for the expedited grace period.
 */
static void rcu_preempt_dequeue(struct task_struct *t, unsigned long flags)
{
	struct rcu_node *rnp = t->rcu_blocked_node;
	struct rt_mutex *boost_mtx = NULL;
	bool report = false;

	spin_lock(&rnp->lock);
	list_del_init(&t->rcu_node_entry);
	trace_rcu_unlock_preempted_task(RCU_TRACE_NAME, rnp->gp_seq, t->pid);
	t->rcu_blocked_node = NULL;
	WRITE_ONCE(rnp->n_blkd, rnp->n_blkd - 1);
	if (rcu_task_blocks_exp(rnp, t)) {
		t->rcu_blocked_exp_gen = rnp->exp_gen + 1;
		if (--rnp->n_exp_blkd == 0)
			rcu_exp_report_node(rnp);
	}
	if (rcu_task_blocks_gp(rnp, t)) {
		t->rcu_blocked_gp_gen = rnp->gp_gen + 1;
		WRITE_ONCE(rnp->n_gp_blkd, rnp->n_gp_blkd - 1);
		report = !rnp->n_gp_blkd && !rnp->qsmask && gp_seq_state(rnp->gp_seq);
	}
#ifdef CONFIG_RCU_BOOST
	boost_mtx = t->rcu_boost_mutex;
	t->rcu_boost_mutex = NULL;
	if (rnp->boost_task == t)
		WRITE_ONCE(rnp->boost_task, NULL);
#endif
	if (!report) {
		spin_unlock_irqrestore(&rnp->lock, flags);
	} else if (!rnp->parent) {
		/* The root is this leaf: the grace period is over. */
		spin_unlock_irqrestore(&rnp->lock, flags);
		rcu_gp_kthread_wake();
	} else {
		unsigned long mask = rnp->grpmask, gps = rnp->gp_seq;

		spin_unlock(&rnp->lock);
		spin_lock(&rnp->parent->lock);
		rcu_report_qs_rnp(mask, rnp->parent, gps, flags);
	}
#ifdef CONFIG_RCU_BOOST
	/* Ends the priority boost; the boost kthread takes the lock back. */
	if (boost_mtx)
		rt_mutex_futex_unlock(boost_mtx);
#else
	(void)boost_mtx;
#endif
}

/*
 * Do the work of @t's outermost unlock: @t is the current task, outside
 * any reader, in a context where the leaf's lock, wake-ups and the boost
 * lock's release are allowed.  Interrupts off, @flags restored on return.
 */
static void rcu_preempt_deferred_qs_irqrestore(struct task_struct *t,
					       unsigned long flags)
{
	union rcu_special special = t->rcu_read_unlock_special;

	WRITE_ONCE(t->rcu_read_unlock_special.s, 0);
	/*
	 * Not in a reader of any kind (the caller checked): a quiescent
	 * state of this CPU, which also answers an expedited grace period
	 * that interrupted the reader (->exp_hint).
	 */
	rcu_qs();
	if (special.b.blocked)
		rcu_preempt_dequeue(t, flags);
	else
		local_irq_restore(flags);
}

/*
 * May this context do the unlock's work now?  Not with interrupts or
 * preemption disabled: the caller may hold a run-queue lock or be inside
 * an RCU-sched reader, and the work takes sleeping-lock paths (boost).
 */
static bool rcu_preempt_can_report_now(unsigned long flags)
{
	return !irqs_disabled_flags(flags) && !preempt_count();
}

/**
 * rcu_read_unlock_special() - the outermost rcu_read_unlock() has work
 * @t: the current task
 *
 * Called by rcu_read_unlock() when the nesting count reached zero with
 * @t->rcu_read_unlock_special set: dequeue a preempted reader, report an
 * expedited quiescent state, end a priority boost.  In a context where
 * that is not allowed it is deferred to the task's next context switch.
 */
void rcu_read_unlock_special(struct task_struct *t)
{
	unsigned long flags;

	local_irq_save(flags);
	if (READ_ONCE(t->rcu_read_lock_nesting) || !READ_ONCE(t->rcu_read_unlock_special.s)) {
		/* An interrupt's nested reader got here first, or did it all. */
		local_irq_restore(flags);
		return;
	}
	if (!rcu_preempt_can_report_now(flags)) {
		WRITE_ONCE(t->rcu_read_unlock_special.b.deferred_qs, 1);
		set_need_resched();
		local_irq_restore(flags);
		return;
	}
	rcu_preempt_deferred_qs_irqrestore(t, flags);
}

/**
 * rcu_preempt_note_context_switch() - the scheduler switches away from current
 * @preempt: the switch is a preemption
 *
 * Called with interrupts off and preemption disabled, before the
 * run-queue lock is taken.  A task inside a reader is queued; a task
 * whose unlock deferred its work does it now.
 */
void rcu_preempt_note_context_switch(bool preempt)
{
	struct task_struct *t = current;
	int nesting = READ_ONCE(t->rcu_read_lock_nesting);

	if (nesting > 0) {
		if (!t->rcu_read_unlock_special.b.blocked)
			rcu_preempt_queue_task(t, this_cpu_ptr(&rcu_data));
	} else if (READ_ONCE(t->rcu_read_unlock_special.s)) {
		unsigned long flags;

		local_irq_save(flags);
		rcu_preempt_deferred_qs_irqrestore(t, flags);
	}
}

/**
 * rcu_preempt_gp_init_leaf() - a normal grace period starts on leaf @rnp
 * @rnp: the leaf, locked
 *
 * Every task queued now holds the new grace period up.
 */
void rcu_preempt_gp_init_leaf(struct rcu_node *rnp)
{
	WARN_ON_ONCE(rnp->n_gp_blkd);
	rnp->gp_gen++;
	WRITE_ONCE(rnp->n_gp_blkd, rnp->n_blkd);
}

/**
 * rcu_preempt_exp_init_leaf() - an expedited grace period starts on leaf @rnp
 * @rnp: the leaf, locked
 *
 * Return: 1 if queued tasks hold it up (one count in the leaf's
 * ->exp_remaining, dropped by the last of them), else 0.
 */
int rcu_preempt_exp_init_leaf(struct rcu_node *rnp)
{
	WARN_ON_ONCE(rnp->n_exp_blkd);
	rnp->exp_gen++;
	rnp->n_exp_blkd = rnp->n_blkd;
	return rnp->n_exp_blkd != 0;
}

/**
 * rcu_preempt_tick_qs() - is the tick's interrupted code in a quiescent state?
 *
 * Outside any rcu_read_lock() reader, with preemption and softirqs
 * enabled (and interrupts, or the tick would not have come): no reader
 * of any kind can be running on this CPU.  A task with deferred unlock
 * work is made to reschedule, which does it.
 */
bool rcu_preempt_tick_qs(void)
{
	struct task_struct *t = current;

	if (READ_ONCE(t->rcu_read_lock_nesting))
		return false;
	if (READ_ONCE(t->rcu_read_unlock_special.s)) {
		set_need_resched();
		return false;
	}
	return !(preempt_count() & (PREEMPT_MASK | SOFTIRQ_MASK | NMI_MASK)) &&
	       hardirq_count() == HARDIRQ_OFFSET;
}

/**
 * rcu_preempt_exp_handler() - the expedited IPI found current in a reader?
 *
 * Return: true if current is inside an rcu_read_lock() reader: its
 * outermost unlock reports the quiescent state (or, if it is preempted
 * first, it is queued as holding up the expedited grace period).
 */
bool rcu_preempt_exp_handler(void)
{
	struct task_struct *t = current;

	if (!READ_ONCE(t->rcu_read_lock_nesting))
		return false;
	WRITE_ONCE(t->rcu_read_unlock_special.b.exp_hint, 1);
	return true;
}

/**
 * exit_rcu() - a task exits: it must not be inside a reader
 *
 * A task that exits inside a reader would hold grace periods up forever:
 * complain, then end the reader for it.
 */
void exit_rcu(void)
{
	struct task_struct *t = current;
	int nesting = READ_ONCE(t->rcu_read_lock_nesting);

	if (unlikely(nesting)) {
		pr_err("rcu: task %s/%d exited inside an RCU read-side critical section (nesting %d)\n",
		       t->comm, t->pid, nesting);
		WARN_ON(nesting);
		WRITE_ONCE(t->rcu_read_lock_nesting, nesting > 0 ? 1 : 0);
		if (nesting > 0)
			rcu_preempt_read_exit();
	}
	if (unlikely(READ_ONCE(t->rcu_read_unlock_special.s)))
		rcu_read_unlock_special(t);
}

/* Append " P<pid>" for each of @rnp's tasks that @which selects. */
static int rcu_preempt_list_pids(struct rcu_node *rnp, char *buf, int size, int which)
{
	struct task_struct *t;
	int len = 0;

	list_for_each_entry(t, &rnp->blkd_tasks, rcu_node_entry) {
		if ((which == 1 && !rcu_task_blocks_gp(rnp, t)) ||
		    (which == 2 && !rcu_task_blocks_exp(rnp, t)))
			continue;
		if (len > size - 16) {
			len += scnprintf(buf + len, size - len, " ...");
			break;
		}
		len += scnprintf(buf + len, size - len, " P%d", t->pid);
	}
	if (!len)
		len = scnprintf(buf, size, " none");
	return len;
}

/**
 * rcu_preempt_print_blocked() - the shell's view of @rnp's blocked tasks
 * @rnp: a leaf
 *
 * Which tasks are queued, which of them hold up the current normal grace
 * period and which the current expedited one.
 */
void rcu_preempt_print_blocked(struct rcu_node *rnp)
{
	unsigned long flags;
	char all[96], gp[96], exp[96];

	spin_lock_irqsave(&rnp->lock, flags);
	rcu_preempt_list_pids(rnp, all, sizeof(all), 0);
	rcu_preempt_list_pids(rnp, gp, sizeof(gp), 1);
	rcu_preempt_list_pids(rnp, exp, sizeof(exp), 2);
	printk("rcu:   blocked tasks (CPUs %d-%d, %lu queued since boot):%s; holding up the GP:%s; the expedited GP:%s\n",
	       rnp->grplo, rnp->grphi, rnp->n_queued, all, gp, exp);
	spin_unlock_irqrestore(&rnp->lock, flags);
}
