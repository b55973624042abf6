// SPDX-License-Identifier: GPL-2.0
/*
 * RCU priority boosting (CONFIG_RCU_BOOST).
 *
 * A reader preempted by higher-priority work holds up every grace period
 * that started before it was preempted, for as long as that work keeps
 * it off its CPU: on a busy real-time system, forever, while callbacks
 * and memory pile up.  Each leaf rcu_node has a boost kthread ("rcub/N")
 * running SCHED_FIFO at rcutree.kthread_prio.  When a normal grace
 * period has waited rcutree.rcu_boost_delay milliseconds and tasks
 * queued on the leaf still hold it up, or at once when an expedited grace
 * period waits for queued tasks, the kthread boosts them one at a time:
 * it makes the reader the owner of the leaf's rt_mutex by proxy and
 * blocks on it, so priority inheritance runs the reader at the
 * kthread's priority until its rcu_read_unlock() releases the lock
 * (rcu_preempt_dequeue()), which ends the boost.  The kthread then takes
 * the lock, drops it and looks for the next reader.
 */
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/jiffies.h>
#include <linux/moduleparam.h>
#include <linux/rtmutex.h>
#include "tree.h"

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "rcutree."

static int rcu_boost_delay = CONFIG_RCU_BOOST_DELAY;
module_param(rcu_boost_delay, int, 0444);

void __init rcu_boost_init_node(struct rcu_node *rnp)
{
	rt_mutex_init(&rnp->boost_mtx);
	init_waitqueue_head(&rnp->boost_wq);
}

/*
 * The task on @rnp to boost next, or NULL: one holding up the expedited
 * grace period if @exp, else one holding up the normal one.  Only tasks
 * not boosted yet.  @rnp locked.
 */
static struct task_struct *rcu_boost_pick(struct rcu_node *rnp, bool exp)
{
	struct task_struct *t;

	/* Oldest first: they have held the grace period up longest. */
	list_for_each_entry_reverse(t, &rnp->blkd_tasks, rcu_node_entry) {
		if (t->rcu_boost_mutex)
			continue;
		if (exp ? rcu_task_blocks_exp(rnp, t) : rcu_task_blocks_gp(rnp, t))
			return t;
	}
	return NULL;
}

/* Is a normal grace period old enough for @rnp's blocked tasks to be boosted? */
static bool rcu_boost_gp_due(struct rcu_node *rnp)
{
	return rcu_preempt_blocked_readers_cgp(rnp) && rcu_gp_in_progress() &&
	       time_after_eq(jiffies, READ_ONCE(rcu_state.gp_start) +
			     msecs_to_jiffies(rcu_boost_delay));
}

static bool rcu_boost_wanted(struct rcu_node *rnp)
{
	return READ_ONCE(rnp->boost_exp) || rcu_boost_gp_due(rnp);
}

/* Boost one task; false if there was none left to boost. */
static bool rcu_boost_one(struct rcu_node *rnp)
{
	struct task_struct *t;
	unsigned long flags;

	spin_lock_irqsave(&rnp->lock, flags);
	t = NULL;
	if (rnp->boost_exp) {
		t = rcu_boost_pick(rnp, true);
		if (!t)
			rnp->boost_exp = false;	/* all its readers are gone */
	}
	if (!t && rcu_boost_gp_due(rnp))
		t = rcu_boost_pick(rnp, false);
	if (!t) {
		spin_unlock_irqrestore(&rnp->lock, flags);
		return false;
	}
	/* The reader owns the lock from now on; its unlock releases it. */
	rt_mutex_init_proxy_locked(&rnp->boost_mtx, t);
	t->rcu_boost_mutex = &rnp->boost_mtx;
	WRITE_ONCE(rnp->boost_task, t);
	WRITE_ONCE(rnp->n_boosts, rnp->n_boosts + 1);
	spin_unlock_irqrestore(&rnp->lock, flags);

	rt_mutex_lock(&rnp->boost_mtx);		/* lends t our priority */
	rt_mutex_unlock(&rnp->boost_mtx);
	return true;
}

static int rcu_boost_kthread(void *arg)
{
	struct rcu_node *rnp = arg;

	for (;;) {
		wait_event_idle(rnp->boost_wq, rcu_boost_wanted(rnp));
		while (rcu_boost_one(rnp))
			cond_resched();
		/* Nothing left to boost: wait for the next request or GP age. */
		if (!READ_ONCE(rnp->boost_exp))
			schedule_timeout_idle(1);
	}
	return 0;
}

/**
 * rcu_boost_check() - wake @rnp's boost kthread if its readers are due
 * @rnp: a leaf
 *
 * Called by the grace-period kthread's forced-quiescent-state passes.
 */
void rcu_boost_check(struct rcu_node *rnp)
{
	if (rnp->boost_kthread && rcu_boost_gp_due(rnp))
		wake_up(&rnp->boost_wq);
}

/**
 * rcu_boost_exp_kick() - an expedited grace period waits for @rnp's tasks
 * @rnp: a leaf
 */
void rcu_boost_exp_kick(struct rcu_node *rnp)
{
	if (!rnp->boost_kthread || !READ_ONCE(rnp->n_exp_blkd))
		return;
	WRITE_ONCE(rnp->boost_exp, true);
	wake_up(&rnp->boost_wq);
}

/* One boost kthread per leaf, at the grace-period kthread's priority. */
void __init rcu_boost_kthreads_start(void)
{
	struct sched_param sp = { .sched_priority = clamp(rcu_kthread_prio(), 1, 99) };
	struct rcu_node *rnp;

	rcu_for_each_leaf_node(rnp) {
		struct task_struct *t;

		t = kthread_run(rcu_boost_kthread, rnp, "rcub/%ld",
				(long)(rnp - rcu_state.level[rcu_state.geo.levels - 1]));
		if (IS_ERR_OR_NULL(t))
			panic("rcu: cannot start a boost kthread");
		sched_setscheduler_nocheck(t, SCHED_FIFO, &sp);
		rnp->boost_kthread = t;
	}
	pr_info("rcu: priority boosting after %d ms, rcub kthreads at SCHED_FIFO %d\n",
		rcu_boost_delay, sp.sched_priority);
}
