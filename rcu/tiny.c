// SPDX-License-Identifier: GPL-2.0
/*
 * Tiny RCU: one CPU, no preemption.
 *
 * With a single CPU and readers that cannot be preempted or block, any
 * point where this CPU is not in a reader ends a grace period for every
 * callback queued before it: a context switch, a tick taken from the idle
 * loop, cond_resched(), or a call to synchronize_rcu() itself (which is
 * illegal inside a reader, so it needs no wait at all).  Callbacks wait
 * on one list; a quiescent state moves the "done" tail up to the current
 * tail, and RCU_SOFTIRQ invokes the done part.
 */
#include <linux/kernel.h>
#include <linux/rcupdate.h>
#include <linux/interrupt.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include "rcu.h"

static struct {
	struct rcu_head *cblist;	/* all callbacks, oldest first */
	struct rcu_head **donetail;	/* end of those whose grace period ended */
	struct rcu_head **curtail;	/* end of the list */
	unsigned long gp_seq;		/* +4 per quiescent state (GP_SEQ scheme) */
	unsigned long gp_count;
	long qlen;
	unsigned long n_invoked;
} rcu_ctrlblk = {
	.donetail = &rcu_ctrlblk.cblist,
	.curtail = &rcu_ctrlblk.cblist,
	.gp_seq = GP_SEQ_INITIAL,
};

bool rcu_scheduler_active;

/* A quiescent state: everything queued so far may be invoked. */
static void rcu_qs(void)
{
	unsigned long flags;

	local_irq_save(flags);
	if (rcu_ctrlblk.donetail != rcu_ctrlblk.curtail) {
		rcu_ctrlblk.donetail = rcu_ctrlblk.curtail;
		raise_softirq_irqoff(RCU_SOFTIRQ);
	}
	WRITE_ONCE(rcu_ctrlblk.gp_seq, rcu_ctrlblk.gp_seq + (1UL << GP_SEQ_CTR_SHIFT));
	WRITE_ONCE(rcu_ctrlblk.gp_count, rcu_ctrlblk.gp_count + 1);
	local_irq_restore(flags);
}

void rcu_note_context_switch(bool preempt)
{
	rcu_qs();
}

void rcu_all_qs(void)
{
	rcu_qs();
}

/* The tick interrupted the idle loop at process level: not in a reader. */
static bool tick_from_idle(void)
{
	return is_idle_task(current) &&
	       (preempt_count() & (HARDIRQ_MASK | SOFTIRQ_MASK | NMI_MASK)) ==
	       HARDIRQ_OFFSET;
}

void rcu_sched_clock_irq(int user)
{
	if (user || tick_from_idle())
		rcu_qs();
	else if (READ_ONCE(rcu_ctrlblk.cblist))
		set_need_resched();	/* a context switch will end the GP */
}

/* RCU_SOFTIRQ: invoke the callbacks whose grace period has ended. */
static void rcu_process_callbacks(void)
{
	struct rcu_head *list, *next;
	unsigned long flags;
	long n = 0;

	local_irq_save(flags);
	if (rcu_ctrlblk.donetail == &rcu_ctrlblk.cblist) {
		local_irq_restore(flags);
		return;
	}
	list = rcu_ctrlblk.cblist;
	rcu_ctrlblk.cblist = *rcu_ctrlblk.donetail;
	*rcu_ctrlblk.donetail = NULL;
	if (rcu_ctrlblk.curtail == rcu_ctrlblk.donetail)
		rcu_ctrlblk.curtail = &rcu_ctrlblk.cblist;
	rcu_ctrlblk.donetail = &rcu_ctrlblk.cblist;
	local_irq_restore(flags);

	for (; list; list = next) {
		next = list->next;
		rcu_reclaim_one(list);
		n++;
	}
	local_irq_save(flags);
	rcu_ctrlblk.qlen -= n;
	rcu_ctrlblk.n_invoked += n;
	local_irq_restore(flags);
}

void call_rcu(struct rcu_head *head, rcu_callback_t func)
{
	unsigned long flags;

	RCU_LOCKDEP_WARN(in_nmi(), "Illegal call_rcu() from NMI context");
	if (!rcu_head_debug_queue(head))
		return;
	head->func = func;
	head->next = NULL;
	local_irq_save(flags);
	*rcu_ctrlblk.curtail = head;
	rcu_ctrlblk.curtail = &head->next;
	rcu_ctrlblk.qlen++;
	local_irq_restore(flags);
	/* From the idle loop there is no later context switch to wait for. */
	if (is_idle_task(current) && !in_interrupt())
		rcu_qs();
}

void synchronize_rcu(void)
{
	RCU_LOCKDEP_WARN(rcu_read_lock_any_held(),
			 "Illegal synchronize_rcu() in RCU read-side critical section");
	might_sleep();
	/* Not in a reader, and the only CPU: this call is a grace period. */
	rcu_qs();
}

void synchronize_rcu_expedited(void)
{
	RCU_LOCKDEP_WARN(rcu_read_lock_any_held(),
			 "Illegal synchronize_rcu_expedited() in RCU read-side critical section");
	synchronize_rcu();
}

void rcu_barrier(void)
{
	/* Callbacks run in order: once ours has, all earlier ones have. */
	rcu_wait_for_callback();
}

unsigned long get_state_synchronize_rcu(void)
{
	barrier();
	return READ_ONCE(rcu_ctrlblk.gp_seq) + (1UL << GP_SEQ_CTR_SHIFT);
}

unsigned long start_poll_synchronize_rcu(void)
{
	unsigned long s = get_state_synchronize_rcu();

	/* A tick or context switch will come: nothing to start. */
	set_need_resched();
	return s;
}

bool poll_state_synchronize_rcu(unsigned long oldstate)
{
	return oldstate == RCU_GET_STATE_COMPLETED ||
	       gp_seq_done_val(READ_ONCE(rcu_ctrlblk.gp_seq), oldstate);
}

void cond_synchronize_rcu(unsigned long oldstate)
{
	/* May sleep whatever the cookie says: illegal in any reader. */
	RCU_LOCKDEP_WARN(rcu_read_lock_any_held(),
			 "Illegal cond_synchronize_rcu() in RCU read-side critical section");
	if (!poll_state_synchronize_rcu(oldstate))
		synchronize_rcu();
}

bool rcu_needs_cpu(void)
{
	return READ_ONCE(rcu_ctrlblk.cblist);
}

void __init rcu_init(void)
{
	open_softirq(RCU_SOFTIRQ, rcu_process_callbacks);
	pr_info("rcu: Tiny RCU, gp_seq starts at %#lx\n", rcu_ctrlblk.gp_seq);
}

void __init rcu_init_late(void)
{
	rcu_scheduler_active = true;
}

unsigned long rcu_gp_completed(void)
{
	return READ_ONCE(rcu_ctrlblk.gp_count);
}

unsigned long rcu_get_gp_seq(void)
{
	return READ_ONCE(rcu_ctrlblk.gp_seq);
}

void rcu_print_state(void)
{
	printk("rcu: Tiny RCU, gp_seq %#lx (counter %ld), grace periods %lu\n",
	       rcu_ctrlblk.gp_seq, (long)rcu_ctrlblk.gp_seq >> GP_SEQ_CTR_SHIFT,
	       rcu_ctrlblk.gp_count);
	printk("rcu: callbacks queued %ld (%s), invoked %lu\n", rcu_ctrlblk.qlen,
	       rcu_ctrlblk.donetail != &rcu_ctrlblk.cblist ? "some done" : "none done",
	       rcu_ctrlblk.n_invoked);
}
