/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _RCU_RCU_H
#define _RCU_RCU_H

/*
 * Internal to rcu/: grace-period sequence numbers.
 *
 * A sequence number counts grace periods in its upper bits and keeps the
 * state of the current one in the low two bits: 0 idle, 1 in progress.
 * Starting a grace period adds 1; ending it rounds up to the next
 * multiple of 4.  All comparisons are wrap-safe (ULONG_CMP_*), and the
 * counter starts 300 grace periods before it wraps so that every boot
 * crosses the wrap.
 */
#include <linux/types.h>
#include <linux/limits.h>
#include <asm/barrier.h>

#define GP_SEQ_CTR_SHIFT	2
#define GP_SEQ_STATE_MASK	((1UL << GP_SEQ_CTR_SHIFT) - 1)
#define GP_SEQ_INITIAL		((0UL - 300UL) << GP_SEQ_CTR_SHIFT)

static inline unsigned long gp_seq_ctr(unsigned long s)
{
	return s >> GP_SEQ_CTR_SHIFT;
}

static inline unsigned long gp_seq_state(unsigned long s)
{
	return s & GP_SEQ_STATE_MASK;
}

/* The value a sequence reaches when the grace period in progress at @s ends. */
static inline unsigned long gp_seq_endval(unsigned long s)
{
	return (s | GP_SEQ_STATE_MASK) + 1;
}

/*
 * The value the sequence must reach for a full grace period to have
 * elapsed after a caller observed @s: the end of the next grace period to
 * start if none is in progress, else the end of the one after the
 * current (which may have started before the caller's updates).
 */
static inline unsigned long gp_seq_snap_val(unsigned long s)
{
	return (s + 2 * GP_SEQ_STATE_MASK + 1) & ~GP_SEQ_STATE_MASK;
}

/* Has sequence value @cur reached the target @s? */
static inline bool gp_seq_done_val(unsigned long cur, unsigned long s)
{
	return ULONG_CMP_GE(cur, s);
}

/* Did a grace period end between @old and @cur? */
static inline bool gp_seq_completed_gp(unsigned long old, unsigned long cur)
{
	return ULONG_CMP_LT(old, cur & ~GP_SEQ_STATE_MASK);
}

/* Did a grace period start between @old and @cur? */
static inline bool gp_seq_new_gp(unsigned long old, unsigned long cur)
{
	return ULONG_CMP_LT((old + GP_SEQ_STATE_MASK) & ~GP_SEQ_STATE_MASK, cur);
}

/* Tiny and Tree both provide these for the common code in update.c. */
void rcu_wait_for_callback(void);
extern bool rcu_scheduler_active;

/* Invoke one callback: handles the kfree_rcu() offset encoding. */
void rcu_reclaim_one(struct rcu_head *head);

/*
 * call_rcu() asks rcu_head_debug_queue() (update.c) before queueing
 * @head: false means refuse it (from NMI, or already queued: reported).
 * rcu_head_debug_unqueue() is called as its callback is invoked.
 */
bool rcu_head_debug_queue(struct rcu_head *head);
bool rcu_call_from_nmi(void);	/* true (and a warning) in NMI context */
#ifdef CONFIG_DEBUG_OBJECTS_RCU_HEAD
void rcu_head_debug_unqueue(struct rcu_head *head);
#else
static inline void rcu_head_debug_unqueue(struct rcu_head *head) { }
#endif

/* Counters the tests read to check that a splat was printed. */
extern unsigned long rcu_suspicious_count;	/* prove_rcu.c */
extern unsigned long rcu_head_debug_reports;	/* update.c */

#endif /* _RCU_RCU_H */
