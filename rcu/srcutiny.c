// SPDX-License-Identifier: GPL-2.0
/*
 * Tiny SRCU: one CPU, no preemption (the read side and why it needs no
 * more are in <linux/srcutiny.h>).
 *
 * One kthread, srcu_gp, runs the grace periods of every domain as a
 * two-step state machine, so that a domain whose readers sleep holds up
 * only its own grace periods.  A grace period starts by flipping the
 * domain's index, taking the callbacks queued so far as its own; it
 * ends, at once or on a later pass, when the old index has no readers
 * left (the last one kicks the kthread).  The kthread then invokes those
 * callbacks in order, with bottom halves disabled as if from a softirq,
 * and wakes the synchronize_srcu() callers whose grace period it was.
 */
#include <linux/kernel.h>
#include <linux/completion.h>
#include <linux/init.h>
#include <linux/interrupt.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/srcu.h>
#include <linux/wait.h>
#include "rcu.h"

/* Protects the list, and every domain's callbacks and sequence numbers. */
static DEFINE_SPINLOCK(srcu_lock);
static LIST_HEAD(srcu_pending);			/* domains with work */
static bool srcu_kicked;			/* work may be doable: look */
static DECLARE_WAIT_QUEUE_HEAD(srcu_kthread_wq);
static DECLARE_WAIT_QUEUE_HEAD(srcu_gp_wq);	/* grace periods ended */

/**
 * init_srcu_struct() - initialise a dynamically allocated srcu_struct
 * @ssp: the structure to initialise
 *
 * Return: 0 (Tiny SRCU allocates nothing).
 */
int init_srcu_struct(struct srcu_struct *ssp)
{
	*ssp = (struct srcu_struct)__SRCU_STRUCT_INIT((*ssp));
	lockdep_init_map(&ssp->dep_map, "srcu_struct");
	return 0;
}

/*
 * The kthread clears the flag before it looks at anything, so a change
 * made before a kick is seen by the pass the kick causes, if not earlier.
 */
static void srcu_kick(void)
{
	WRITE_ONCE(srcu_kicked, true);
	wake_up(&srcu_kthread_wq);
}

/**
 * srcu_last_reader() - the last reader of a grace period's old index left
 * @ssp: the domain
 *
 * For __srcu_read_unlock() only.
 */
void srcu_last_reader(struct srcu_struct *ssp)
{
	srcu_kick();
}

/*
 * Request the grace period a caller arriving now needs, queue @ssp for
 * the kthread, and return the sequence number that ends it.  Called
 * with srcu_lock held.
 */
static unsigned long srcu_request_locked(struct srcu_struct *ssp)
{
	unsigned long s = gp_seq_snap_val(ssp->srcu_gp_seq);

	if (ULONG_CMP_LT(ssp->srcu_gp_seq_needed, s))
		ssp->srcu_gp_seq_needed = s;
	if (!ssp->srcu_queued) {
		ssp->srcu_queued = true;
		list_add_tail(&ssp->srcu_node, &srcu_pending);
	}
	srcu_kick();
	return s;
}

static unsigned long srcu_request(struct srcu_struct *ssp)
{
	unsigned long flags, s;

	spin_lock_irqsave(&srcu_lock, flags);
	s = srcu_request_locked(ssp);
	spin_unlock_irqrestore(&srcu_lock, flags);
	return s;
}

/* A grace period in progress, or one requested: called with srcu_lock. */
static bool srcu_busy(struct srcu_struct *ssp)
{
	return gp_seq_state(ssp->srcu_gp_seq) ||
	       ULONG_CMP_LT(ssp->srcu_gp_seq, ssp->srcu_gp_seq_needed);
}

/*
 * Move @ssp's grace period on by one step.  Return: true if it made
 * progress (there may be more to do), false if it is idle with nothing
 * requested or waits for readers.
 */
static bool srcu_gp_step(struct srcu_struct *ssp)
{
	struct rcu_head *cbs, *next;

	spin_lock_irq(&srcu_lock);
	if (!gp_seq_state(ssp->srcu_gp_seq)) {
		if (!srcu_busy(ssp))
			goto out;
		ssp->srcu_gp_cbs = ssp->srcu_cb_head;
		ssp->srcu_cb_head = NULL;
		ssp->srcu_cb_tail = &ssp->srcu_cb_head;
		WRITE_ONCE(ssp->srcu_gp_seq, ssp->srcu_gp_seq + 1);
		WRITE_ONCE(ssp->srcu_idx, !ssp->srcu_idx);
	}
	if (READ_ONCE(ssp->srcu_ctrs[!ssp->srcu_idx].srcu_readers))
		goto out;
	cbs = ssp->srcu_gp_cbs;
	ssp->srcu_gp_cbs = NULL;
	WRITE_ONCE(ssp->srcu_gp_seq, gp_seq_endval(ssp->srcu_gp_seq));
	spin_unlock_irq(&srcu_lock);

	wake_up_all(&srcu_gp_wq);
	local_bh_disable();
	for (; cbs; cbs = next) {
		next = cbs->next;
		rcu_head_debug_unqueue(cbs);
		cbs->func(cbs);
	}
	local_bh_enable();
	return true;
out:
	spin_unlock_irq(&srcu_lock);
	return false;
}

static int srcu_gp_kthread(void *unused)
{
	struct srcu_struct *ssp;
	LIST_HEAD(todo);

	for (;;) {
		wait_event_idle(srcu_kthread_wq, READ_ONCE(srcu_kicked));
		spin_lock_irq(&srcu_lock);
		/* A kick from here on comes with a change this pass may miss. */
		WRITE_ONCE(srcu_kicked, false);
		list_splice_init(&srcu_pending, &todo);
		while (!list_empty(&todo)) {
			ssp = list_first_entry(&todo, struct srcu_struct, srcu_node);
			list_del_init(&ssp->srcu_node);
			spin_unlock_irq(&srcu_lock);
			while (srcu_gp_step(ssp))
				cond_resched();
			spin_lock_irq(&srcu_lock);
			if (srcu_busy(ssp))
				list_add_tail(&ssp->srcu_node, &srcu_pending);
			else
				WRITE_ONCE(ssp->srcu_queued, false);
		}
		spin_unlock_irq(&srcu_lock);
		wake_up_all(&srcu_gp_wq);	/* for cleanup_srcu_struct() */
	}
	return 0;
}

static bool srcu_seq_done(struct srcu_struct *ssp, unsigned long s)
{
	return gp_seq_done_val(READ_ONCE(ssp->srcu_gp_seq), s);
}

static void __synchronize_srcu(struct srcu_struct *ssp)
{
	unsigned long s;

	/* Before the scheduler there is one task, outside any reader. */
	if (!READ_ONCE(rcu_scheduler_active))
		return;
	s = srcu_request(ssp);
	wait_event(srcu_gp_wq, srcu_seq_done(ssp, s));
}

/**
 * synchronize_srcu() - wait for a grace period of @ssp
 * @ssp: the domain
 *
 * Returns after every reader of @ssp that began before the call has
 * ended; readers of other domains are not waited for.
 */
void synchronize_srcu(struct srcu_struct *ssp)
{
	might_sleep();
	if (srcu_sync_in_own_reader(ssp,
			"Illegal synchronize_srcu() in same-type SRCU read-side critical section"))
		return;
	__synchronize_srcu(ssp);
}

/**
 * synchronize_srcu_expedited() - synchronize_srcu(): Tiny SRCU does not
 * delay grace periods in the first place
 * @ssp: the domain
 */
void synchronize_srcu_expedited(struct srcu_struct *ssp)
{
	might_sleep();
	if (srcu_sync_in_own_reader(ssp,
			"Illegal synchronize_srcu_expedited() in same-type SRCU read-side critical section"))
		return;
	__synchronize_srcu(ssp);
}

/* call_srcu().  Return: false if @rhp was refused (and will not run). */
static bool __call_srcu(struct srcu_struct *ssp, struct rcu_head *rhp,
			rcu_callback_t func)
{
	unsigned long flags;

	if (!rcu_head_debug_queue(rhp))
		return false;	/* double call_srcu(), or from NMI: reported */
	rhp->func = func;
	rhp->next = NULL;
	spin_lock_irqsave(&srcu_lock, flags);
	if (WARN_ON_ONCE(!ssp->srcu_cb_tail)) {
		/* After cleanup_srcu_struct(). */
		spin_unlock_irqrestore(&srcu_lock, flags);
		rcu_head_debug_unqueue(rhp);
		return false;
	}
	*ssp->srcu_cb_tail = rhp;
	ssp->srcu_cb_tail = &rhp->next;
	srcu_request_locked(ssp);
	spin_unlock_irqrestore(&srcu_lock, flags);
	return true;
}

/**
 * call_srcu() - run @func(@rhp) after a grace period of @ssp
 * @ssp: the domain
 * @rhp: the callback's head
 * @func: the callback; it runs in the srcu_gp kthread with bottom
 *	halves disabled, after the callbacks queued before it on @ssp
 */
void call_srcu(struct srcu_struct *ssp, struct rcu_head *rhp, rcu_callback_t func)
{
	__call_srcu(ssp, rhp, func);
}

struct srcu_barrier_head {
	struct rcu_head head;
	struct completion done;
};

static void srcu_barrier_cb(struct rcu_head *rhp)
{
	complete(&container_of(rhp, struct srcu_barrier_head, head)->done);
}

/**
 * srcu_barrier() - wait for every call_srcu() callback queued on @ssp
 * @ssp: the domain
 *
 * A domain's callbacks run in the order they were queued: this queues
 * one more and waits for it.
 */
void srcu_barrier(struct srcu_struct *ssp)
{
	struct srcu_barrier_head b;

	might_sleep();
	if (srcu_sync_in_own_reader(ssp,
			"Illegal srcu_barrier() in same-type SRCU read-side critical section"))
		return;
	init_rcu_head_on_stack(&b.head);
	init_completion(&b.done);
	if (__call_srcu(ssp, &b.head, srcu_barrier_cb))
		wait_for_completion(&b.done);
	destroy_rcu_head_on_stack(&b.head);
}

/**
 * get_state_synchronize_srcu() - cookie for a later poll_state_synchronize_srcu()
 * @ssp: the domain
 *
 * Does not start a grace period.
 */
unsigned long get_state_synchronize_srcu(struct srcu_struct *ssp)
{
	barrier();	/* the caller's updates before the snapshot */
	return gp_seq_snap_val(READ_ONCE(ssp->srcu_gp_seq));
}

/**
 * start_poll_synchronize_srcu() - as get_state_synchronize_srcu(), and start it
 * @ssp: the domain
 */
unsigned long start_poll_synchronize_srcu(struct srcu_struct *ssp)
{
	return srcu_request(ssp);
}

/**
 * poll_state_synchronize_srcu() - has the grace period of @cookie ended?
 * @ssp: the domain the cookie came from
 * @cookie: from get_state_synchronize_srcu() or start_poll_synchronize_srcu()
 */
bool poll_state_synchronize_srcu(struct srcu_struct *ssp, unsigned long cookie)
{
	bool done = srcu_seq_done(ssp, cookie);

	barrier();	/* the grace period before the caller's later accesses */
	return done;
}

/**
 * srcu_batches_completed() - grace periods @ssp has completed, for tests
 * @ssp: the domain
 */
unsigned long srcu_batches_completed(struct srcu_struct *ssp)
{
	/* Signed, so that differences stay right across the wrap. */
	return (long)READ_ONCE(ssp->srcu_gp_seq) >> GP_SEQ_CTR_SHIFT;
}

/**
 * cleanup_srcu_struct() - tear down an srcu_struct
 * @ssp: the structure
 *
 * With readers active, callbacks pending or a grace period in flight it
 * warns and leaves @ssp as it is.  Otherwise it waits for the kthread
 * to let go of @ssp, and a later call_srcu() on it is refused with a
 * warning until init_srcu_struct().
 */
void cleanup_srcu_struct(struct srcu_struct *ssp)
{
	const char *why = NULL;

	spin_lock_irq(&srcu_lock);
	if (ssp->srcu_cb_head || ssp->srcu_gp_cbs)
		why = "callbacks pending";
	else if (READ_ONCE(ssp->srcu_ctrs[0].srcu_readers) ||
		 READ_ONCE(ssp->srcu_ctrs[1].srcu_readers))
		why = "readers active";
	else if (srcu_busy(ssp))
		why = "a grace period in flight";
	else
		ssp->srcu_cb_tail = NULL;
	spin_unlock_irq(&srcu_lock);
	if (why) {
		pr_err("srcu: cleanup_srcu_struct() with %s: refused\n", why);
		WARN_ON(why);
		return;
	}
	/* The kthread may still be finishing its pass over @ssp. */
	wait_event(srcu_gp_wq, !READ_ONCE(ssp->srcu_queued));
}

/**
 * srcu_print_state() - print a domain's grace-period state, for debugging
 * @ssp: the domain
 * @name: what to call it
 */
void srcu_print_state(struct srcu_struct *ssp, const char *name)
{
	pr_info("srcu %s: gp_seq %#lx needed %#lx idx %d readers %lu/%lu\n",
		name, READ_ONCE(ssp->srcu_gp_seq), READ_ONCE(ssp->srcu_gp_seq_needed),
		READ_ONCE(ssp->srcu_idx),
		READ_ONCE(ssp->srcu_ctrs[ssp->srcu_idx].srcu_readers),
		READ_ONCE(ssp->srcu_ctrs[!ssp->srcu_idx].srcu_readers));
}

static int __init srcu_init(void)
{
	struct task_struct *t = kthread_run(srcu_gp_kthread, NULL, "srcu_gp");

	return PTR_ERR_OR_ZERO(t);
}
early_initcall(srcu_init);
