/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_SRCUTREE_H
#define _LINUX_SRCUTREE_H

/*
 * Tree SRCU's data structures and read side (rcu/srcutree.c has the
 * rest).  Included by <linux/srcu.h> only.
 */
#include <linux/compiler.h>
#include <linux/atomic.h>
#include <linux/list.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>
#include <linux/completion.h>
#include <linux/percpu.h>
#include <linux/rcu_segcblist.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/wait.h>
#include <asm/barrier.h>

/**
 * struct srcu_ctr - one CPU's reader counts for one index
 * @srcu_locks: srcu_read_lock*() calls on this CPU that picked this index
 * @srcu_unlocks: srcu_read_unlock*() calls on this CPU for this index
 *
 * Only the owning CPU writes its counters (this_cpu_inc()); a reader
 * may lock on one CPU and unlock on another, so only the sums over all
 * CPUs mean anything.
 */
struct srcu_ctr {
	unsigned long srcu_locks;
	unsigned long srcu_unlocks;
};

/**
 * struct srcu_data - a domain's per-CPU state
 * @srcu_ctrs: reader counts for index 0 and 1
 * @lock: protects @srcu_cblist
 * @srcu_cblist: call_srcu() callbacks queued on this CPU
 * @srcu_barrier_head: srcu_barrier()'s callback for this CPU
 * @ssp: the domain
 */
struct srcu_data {
	struct srcu_ctr srcu_ctrs[2];
	spinlock_t lock;
	struct rcu_segcblist srcu_cblist;
	struct rcu_head srcu_barrier_head;
	struct srcu_struct *ssp;
};

/**
 * struct srcu_struct - an SRCU domain
 * @srcu_ctrp: this domain's current index, as the address of its
 *	&struct srcu_ctr in @sda: what readers increment
 * @sda: per-CPU data
 * @lock: protects the sequence numbers
 * @srcu_gp_seq: grace-period sequence number (rcu/rcu.h's encoding)
 * @srcu_gp_seq_needed: furthest grace period requested
 * @srcu_gp_seq_needed_exp: furthest expedited grace period requested
 * @srcu_fast: SRCU_FAST_NONE, _ASKED or _ON: have fast readers used this
 *	domain, and do its grace periods know
 * @srcu_percpu_ready: the per-CPU callback lists are initialised
 * @srcu_dynamic: @sda came from alloc_percpu() (init_srcu_struct())
 * @srcu_phase: grace-period kthread's state for this domain
 * @srcu_scan_step: where a scan of one index is (unlock sum taken or not)
 * @srcu_scan_unlocks: the unlock sum of the scan in progress
 * @srcu_rcu_waiting: a fast-reader barrier waits for @srcu_rcu_cookie
 * @srcu_rcu_cookie: polled RCU grace period standing in for a barrier
 * @srcu_retries: scans of this grace period that found readers
 * @srcu_queued: on the grace-period kthread's list, or being processed
 * @srcu_node: entry in that list
 * @srcu_wq: synchronize_srcu() callers wait here for @srcu_gp_seq
 * @srcu_barrier_mutex: serialises srcu_barrier()
 * @srcu_barrier_done: completed by the last srcu_barrier() callback
 * @srcu_barrier_cpu_cnt: srcu_barrier() callbacks still to run, plus one
 * @dep_map: PROVE_RCU: held by this domain's readers
 */
struct srcu_struct {
	struct srcu_ctr __percpu *srcu_ctrp;
	struct srcu_data __percpu *sda;
	spinlock_t lock;
	unsigned long srcu_gp_seq;
	unsigned long srcu_gp_seq_needed;
	unsigned long srcu_gp_seq_needed_exp;
	u8 srcu_fast;
	bool srcu_percpu_ready;
	bool srcu_dynamic;
	u8 srcu_phase;
	u8 srcu_scan_step;
	bool srcu_rcu_waiting;
	unsigned long srcu_scan_unlocks;
	unsigned long srcu_rcu_cookie;
	unsigned long srcu_retries;
	bool srcu_queued;
	struct list_head srcu_node;
	struct wait_queue_head srcu_wq;
	struct mutex srcu_barrier_mutex;
	struct completion srcu_barrier_done;
	atomic_t srcu_barrier_cpu_cnt;
	struct lockdep_map dep_map;
};

/*
 * srcu_struct::srcu_fast.  A fast reader asks; grace periods wait for
 * RCU's from then on; and once no grace period of plain barriers is
 * under way, the flag says so and fast readers skip B and C.  Until then
 * a fast reader executes B and C as a normal one: a grace period already
 * under way may rely on them.
 */
enum {
	SRCU_FAST_NONE,		/* no fast reader yet */
	SRCU_FAST_ASKED,	/* grace periods wait for RCU's */
	SRCU_FAST_ON,		/* and fast readers need not pair with them */
};

/* Grace-period numbers start near the wrap, as Tree RCU's (rcu/rcu.h). */
#define SRCU_GP_SEQ_INITIAL	((0UL - 300UL) << 2)

#define __SRCU_STRUCT_INIT(name, pcpu_name) {				\
	.srcu_ctrp = &pcpu_name.srcu_ctrs[0],				\
	.sda = &pcpu_name,						\
	.lock = __SPIN_LOCK_UNLOCKED(name.lock),			\
	.srcu_gp_seq = SRCU_GP_SEQ_INITIAL,				\
	.srcu_gp_seq_needed = SRCU_GP_SEQ_INITIAL,			\
	.srcu_gp_seq_needed_exp = SRCU_GP_SEQ_INITIAL,			\
	.srcu_node = LIST_HEAD_INIT(name.srcu_node),			\
	.srcu_wq = __WAIT_QUEUE_HEAD_INITIALIZER(name.srcu_wq),	\
	.srcu_barrier_mutex = __MUTEX_INITIALIZER(name.srcu_barrier_mutex), \
	.srcu_barrier_done = COMPLETION_INITIALIZER(name.srcu_barrier_done), \
	LOCKDEP_MAP_INIT(name)						\
}

#define __DEFINE_SRCU(name, qual)					\
	static DEFINE_PER_CPU(struct srcu_data, name##_srcu_data);	\
	qual struct srcu_struct name = __SRCU_STRUCT_INIT(name, name##_srcu_data)

/**
 * DEFINE_SRCU() - define a statically allocated SRCU domain
 * @name: the srcu_struct's name
 *
 * Its per-CPU data is a DEFINE_PER_CPU() variable; it needs no
 * init_srcu_struct() and must not be passed to cleanup_srcu_struct().
 */
#define DEFINE_SRCU(name)		__DEFINE_SRCU(name, /* global */)
/** DEFINE_STATIC_SRCU() - DEFINE_SRCU(), file-local */
#define DEFINE_STATIC_SRCU(name)	__DEFINE_SRCU(name, static)

/* The index of counter @scp: 0 or 1. */
static inline int __srcu_ctr_to_idx(struct srcu_struct *ssp,
				    struct srcu_ctr __percpu *scp)
{
	return (int)(scp - &ssp->sda->srcu_ctrs[0]);
}

/*
 * The read side.  The barriers are named as in rcu/srcutree.c, where the
 * grace period's barriers they pair with are:
 *
 * B (lock) pairs with E (grace-period start): either the grace period's
 * scan sees this reader's lock increment and waits for it, or the
 * reader's critical section sees every store made before the grace
 * period started.  Without it a reader's loads could pass its increment
 * (store buffering) and use memory the updater frees.
 *
 * C (unlock) pairs with D (grace-period end) and A (scan): the critical
 * section's accesses are done before the unlock increment can be seen,
 * so an updater that sees it may free; and whoever sees the unlock
 * increment also sees the lock increment (B or C orders the two).
 */
static inline int __srcu_read_lock(struct srcu_struct *ssp)
{
	struct srcu_ctr __percpu *scp = READ_ONCE(ssp->srcu_ctrp);

	this_cpu_inc(scp->srcu_locks);
	smp_mb();	/* B: pairs with E */
	return __srcu_ctr_to_idx(ssp, scp);
}

static inline void __srcu_read_unlock(struct srcu_struct *ssp, int idx)
{
	smp_mb();	/* C: pairs with D and A */
	this_cpu_inc(ssp->sda->srcu_ctrs[idx].srcu_unlocks);
}

void srcu_mark_fast(struct srcu_struct *ssp);
void srcu_print_state(struct srcu_struct *ssp, const char *name);

/*
 * Fast readers have neither B nor C once the domain's grace periods wait
 * for a normal RCU grace period where they would otherwise rely on them,
 * which orders every CPU on which RCU is watching.  Until then
 * (->srcu_fast not yet SRCU_FAST_ON) they execute both.
 *
 * The acquire pairs with the release of SRCU_FAST_ON: a reader that
 * skips B comes after every grace period that did not wait for RCU's.  Otherwise its loads could pass the flag's
 * and its increment, and a grace period of plain barriers miss it.
 */
static inline struct srcu_ctr __percpu *__srcu_read_lock_fast(struct srcu_struct *ssp)
{
	bool on = smp_load_acquire(&ssp->srcu_fast) == SRCU_FAST_ON;
	struct srcu_ctr __percpu *scp;

	if (unlikely(!on))
		srcu_mark_fast(ssp);
	scp = READ_ONCE(ssp->srcu_ctrp);
	this_cpu_inc(scp->srcu_locks);
	if (unlikely(!on))
		smp_mb();	/* as B, until grace periods wait for RCU's */
	else
		barrier();
	return scp;
}

/*
 * C may be skipped even if the lock executed B: the unlock increment
 * comes after the flag's load (control dependency), so only grace
 * periods that wait for RCU's can see it.
 */
static inline void __srcu_read_unlock_fast(struct srcu_struct *ssp,
					   struct srcu_ctr __percpu *scp)
{
	if (unlikely(READ_ONCE(ssp->srcu_fast) != SRCU_FAST_ON))
		smp_mb();	/* as C, until grace periods wait for RCU's */
	else
		barrier();
	this_cpu_inc(scp->srcu_unlocks);
}

#endif /* _LINUX_SRCUTREE_H */
