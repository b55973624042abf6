// SPDX-License-Identifier: GPL-2.0
/*
 * RCU code shared by Tiny and Tree RCU: waiting for a grace period via a
 * callback, invoking callbacks (kfree_rcu()'s offset encoding), refusing
 * call_rcu() from NMI, and the rcu_head's debug-object type.  PROVE_RCU
 * is in prove_rcu.c, kfree_rcu() in kvfree_rcu.c.
 */
#include <linux/kernel.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/completion.h>
#include <linux/debugobjects.h>
#include <linux/hardirq.h>
#include <linux/slab.h>
#include "rcu.h"
#include "kvfree_rcu.h"

/* ---- waiting for a grace period ---- */

struct rcu_synchronize {
	struct rcu_head head;
	struct completion completion;
};

static void wakeme_after_rcu(struct rcu_head *head)
{
	struct rcu_synchronize *rs = container_of(head, struct rcu_synchronize, head);

	complete(&rs->completion);
}

/* Queue a callback and sleep until it runs: after a grace period, and
 * after every callback this CPU queued before it. */
void rcu_wait_for_callback(void)
{
	struct rcu_synchronize rs;

	init_rcu_head_on_stack(&rs.head);
	init_completion(&rs.completion);
	call_rcu(&rs.head, wakeme_after_rcu);
	wait_for_completion(&rs.completion);
	destroy_rcu_head_on_stack(&rs.head);
}

/* ---- invoking a callback ---- */

/*
 * kfree_rcu()'s rcu_head path (rcu/kvfree_rcu.c) queues the head with the
 * offset of the head inside the object instead of a function.
 */
void rcu_reclaim_one(struct rcu_head *head)
{
	unsigned long off = (unsigned long)head->func;

	rcu_head_debug_unqueue(head);
	if (off < KFREE_RCU_OFFSET_MAX)
		kfree((void *)head - off);
	else
		head->func(head);
}

/* ---- call_rcu() from NMI ---- */

/*
 * call_rcu() is illegal in NMI context: the per-CPU callback list is
 * protected only by disabling interrupts, which an NMI ignores, and debug
 * objects take spinlocks the interrupted code may hold.  call_rcu()
 * splats (PROVE_RCU) and then asks rcu_head_debug_queue(), which refuses
 * such a callback (kfree_rcu() likewise): it is never invoked, and
 * nothing the NMI interrupted is corrupted.  Without PROVE_RCU, warn once
 * here.
 */
bool rcu_call_from_nmi(void)
{
	if (likely(!in_nmi()))
		return false;
	if (!IS_ENABLED(CONFIG_PROVE_RCU))
		WARN_ON_ONCE(1);
	return true;
}

/* ---- debug objects for rcu_head ---- */

/*
 * An rcu_head is a debug object (lib/debugobjects.c) of type "rcu_head":
 * active from call_rcu() until its callback is invoked.  A second
 * call_rcu() of an active head is reported and refused, so the callback
 * list stays intact; freeing memory that holds an active head is
 * reported by the allocator's free check.  Heads need no init call
 * (is_static_object), except those on the stack:
 * init_rcu_head_on_stack().
 */
#ifdef CONFIG_DEBUG_OBJECTS_RCU_HEAD
unsigned long rcu_head_debug_reports;

/* The callback identifies the head in a report. */
static void *rcuhead_debug_hint(void *addr)
{
	return (void *)((struct rcu_head *)addr)->func;
}

static bool rcuhead_is_static_object(void *addr)
{
	return true;
}

static const struct debug_obj_descr rcuhead_debug_descr = {
	.name			= "rcu_head",
	.debug_hint		= rcuhead_debug_hint,
	.is_static_object	= rcuhead_is_static_object,
	.nr_reports		= &rcu_head_debug_reports,
};

void init_rcu_head(struct rcu_head *head)
{
	debug_object_init(head, &rcuhead_debug_descr);
}

void destroy_rcu_head(struct rcu_head *head)
{
	debug_object_free(head, &rcuhead_debug_descr);
}

void init_rcu_head_on_stack(struct rcu_head *head)
{
	debug_object_init_on_stack(head, &rcuhead_debug_descr);
}

void destroy_rcu_head_on_stack(struct rcu_head *head)
{
	debug_object_free(head, &rcuhead_debug_descr);
}

bool rcu_head_debug_queue(struct rcu_head *head)
{
	if (rcu_call_from_nmi())
		return false;
	return !debug_object_activate(head, &rcuhead_debug_descr);
}

void rcu_head_debug_unqueue(struct rcu_head *head)
{
	debug_object_deactivate(head, &rcuhead_debug_descr);
}
#else
bool rcu_head_debug_queue(struct rcu_head *head)
{
	return !rcu_call_from_nmi();
}
#endif /* CONFIG_DEBUG_OBJECTS_RCU_HEAD */
