/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_SRCUTINY_H
#define _LINUX_SRCUTINY_H

/*
 * Tiny SRCU's domain and read side (rcu/srcutiny.c has the rest).
 * Included by <linux/srcu.h> only.
 *
 * One CPU and no preemption: no other task can run between a reader's
 * load of the index and its increment, and a reader in an interrupt
 * ends before the code it interrupted resumes.  So the grace-period
 * kthread, which flips the index in process context, never meets a
 * half-entered reader: after the flip the old index's count can only
 * fall, and at zero no reader that began before the flip is left.
 * Nothing else needs ordering on one CPU, so the read side has only
 * compiler barriers, and fast readers are plain readers.
 */
#include <linux/compiler.h>
#include <linux/list.h>
#include <linux/lockdep.h>
#include <linux/types.h>

struct rcu_head;

/**
 * struct srcu_ctr - the readers of one index
 * @srcu_readers: readers inside that took this index
 */
struct srcu_ctr {
	unsigned long srcu_readers;
};

/**
 * struct srcu_struct - an SRCU domain
 * @srcu_ctrs: reader counts for index 0 and 1
 * @srcu_idx: the index new readers take
 * @srcu_queued: on the grace-period kthread's list, or being processed
 * @srcu_gp_seq: grace-period sequence number (rcu/rcu.h's encoding)
 * @srcu_gp_seq_needed: furthest grace period requested
 * @srcu_cb_head: call_srcu() callbacks waiting for the next grace period
 * @srcu_cb_tail: where the next one goes; NULL after cleanup_srcu_struct()
 * @srcu_gp_cbs: the callbacks the grace period in progress serves
 * @srcu_node: entry in the grace-period kthread's list
 * @dep_map: PROVE_RCU: held by this domain's readers
 */
struct srcu_struct {
	struct srcu_ctr srcu_ctrs[2];
	u8 srcu_idx;
	bool srcu_queued;
	unsigned long srcu_gp_seq;
	unsigned long srcu_gp_seq_needed;
	struct rcu_head *srcu_cb_head;
	struct rcu_head **srcu_cb_tail;
	struct rcu_head *srcu_gp_cbs;
	struct list_head srcu_node;
	struct lockdep_map dep_map;
};

/* Grace-period numbers start near the wrap, as Tiny RCU's (rcu/rcu.h). */
#define SRCU_GP_SEQ_INITIAL	((0UL - 300UL) << 2)

#define __SRCU_STRUCT_INIT(name) {					\
	.srcu_gp_seq = SRCU_GP_SEQ_INITIAL,				\
	.srcu_gp_seq_needed = SRCU_GP_SEQ_INITIAL,			\
	.srcu_cb_tail = &name.srcu_cb_head,				\
	.srcu_node = LIST_HEAD_INIT(name.srcu_node),			\
	LOCKDEP_MAP_INIT(name)						\
}

/**
 * DEFINE_SRCU() - define a statically allocated SRCU domain
 * @name: the srcu_struct's name
 *
 * It needs no init_srcu_struct().
 */
#define DEFINE_SRCU(name)	struct srcu_struct name = __SRCU_STRUCT_INIT(name)
/** DEFINE_STATIC_SRCU() - DEFINE_SRCU(), file-local */
#define DEFINE_STATIC_SRCU(name) \
	static struct srcu_struct name = __SRCU_STRUCT_INIT(name)

void srcu_last_reader(struct srcu_struct *ssp);
void srcu_print_state(struct srcu_struct *ssp, const char *name);

static inline int __srcu_read_lock(struct srcu_struct *ssp)
{
	int idx = READ_ONCE(ssp->srcu_idx);

	WRITE_ONCE(ssp->srcu_ctrs[idx].srcu_readers,
		   READ_ONCE(ssp->srcu_ctrs[idx].srcu_readers) + 1);
	barrier();	/* the increment before the critical section */
	return idx;
}

static inline void __srcu_read_unlock(struct srcu_struct *ssp, int idx)
{
	unsigned long n = READ_ONCE(ssp->srcu_ctrs[idx].srcu_readers) - 1;

	barrier();	/* the critical section before the decrement */
	WRITE_ONCE(ssp->srcu_ctrs[idx].srcu_readers, n);
	/* The last reader of the index a grace period waits on. */
	if (unlikely(!n && idx != READ_ONCE(ssp->srcu_idx)))
		srcu_last_reader(ssp);
}

static inline struct srcu_ctr __percpu *__srcu_read_lock_fast(struct srcu_struct *ssp)
{
	/* There is only one "CPU": the counter is the domain's own. */
	return (struct srcu_ctr __force __percpu *)&ssp->srcu_ctrs[__srcu_read_lock(ssp)];
}

static inline void __srcu_read_unlock_fast(struct srcu_struct *ssp,
					   struct srcu_ctr __percpu *scp)
{
	__srcu_read_unlock(ssp, (struct srcu_ctr __force *)scp - ssp->srcu_ctrs);
}

#endif /* _LINUX_SRCUTINY_H */
