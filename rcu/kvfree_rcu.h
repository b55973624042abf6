/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _RCU_KVFREE_RCU_H
#define _RCU_KVFREE_RCU_H

/*
 * Internal to rcu/: kfree_rcu() batching (rcu/kvfree_rcu.c), its
 * statistics and the hooks its tests and the "kfreebench" command use.
 */
#include <linux/types.h>

/*
 * The rcu_head path of kfree_rcu(ptr, rhf) queues the head with, instead
 * of a function, the offset of the head inside the object: always below
 * this, and no function lives at such an address.  rcu_reclaim_one()
 * (update.c) decodes it.
 */
#define KFREE_RCU_OFFSET_MAX	4096

/**
 * struct kvfree_rcu_stats - kfree_rcu() counters since boot, all CPUs
 * @objs: objects put in a batch: a chain through their rcu_heads, or a
 *	page-sized array for kfree_rcu(ptr)
 * @arrays: batches handed to RCU
 * @callbacks: call_rcu()s for them: one per group of batches handed over
 *	in one grace-period interval on one CPU
 * @arrays_direct: batches freed without a callback: their grace period
 *	had already elapsed when they were flushed
 * @arrays_freed: batches whose objects have been freed
 * @objs_freed: objects freed from batches
 * @head_fallback: kfree_rcu(ptr, rhf) that queued the object's rcu_head
 *	(no chain header could be had)
 * @sync_fallback: kfree_rcu(ptr) that waited in synchronize_rcu()
 * @page_fail: array pages and chain headers that could not be allocated
 * @refused: kfree_rcu() of an object already waiting (debug objects) or
 *	from NMI: reported and leaked rather than freed twice
 * @cached_pages: spare array pages held now, all CPUs
 */
struct kvfree_rcu_stats {
	unsigned long objs;
	unsigned long arrays;
	unsigned long callbacks;
	unsigned long arrays_direct;
	unsigned long arrays_freed;
	unsigned long objs_freed;
	unsigned long head_fallback;
	unsigned long sync_fallback;
	unsigned long page_fail;
	unsigned long refused;
	unsigned long cached_pages;
};

void kvfree_rcu_get_stats(struct kvfree_rcu_stats *s);

/* Objects one array page holds, and one chain. */
unsigned int kvfree_rcu_array_capacity(void);

/*
 * Hand every CPU's partly filled array to RCU now, without waiting for
 * the grace period (by IPI: interrupts must be enabled).
 */
void kvfree_rcu_flush(void);

/* The same for this CPU only; any context but NMI. */
void kvfree_rcu_flush_local(void);

/*
 * Give back the spare array pages every CPU keeps (after
 * kvfree_rcu_barrier(), nothing else is left).  Return: pages freed.
 */
unsigned long kvfree_rcu_shrink(void);

/* Test hook: while true, every array page allocation fails. */
extern bool kvfree_rcu_fail_pages;

#endif /* _RCU_KVFREE_RCU_H */
