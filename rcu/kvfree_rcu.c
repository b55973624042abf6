// SPDX-License-Identifier: GPL-2.0
/*
 * kfree_rcu() batching, for Tiny and Tree RCU alike.
 *
 * One callback per object costs a list insertion, a debug-object entry
 * and an indirect call each, and keeps the object's cache line live
 * until the grace period ends.  Instead, kfree_rcu() batches objects per
 * CPU, and each batch takes one callback:
 *
 *  - kfree_rcu(ptr, rhf) chains the object into this CPU's batch through
 *    its own rcu_head (->next, with the head's offset in ->func), so a
 *    waiting object costs no memory beyond its own: a batch is a small
 *    kmalloc()'d header holding the chain.
 *  - kfree_rcu(ptr), with no rcu_head, stores the object's address in a
 *    per-CPU, page-sized array of pointers.
 *
 * Both kinds of batch ("arrays" in the statistics) go the same way:
 *
 *  - A batch is handed to RCU when it is full (KVFREE_BULK_MAX objects),
 *    or when the oldest object in it has waited KVFREE_DRAIN_JIFFIES (a
 *    kernel timer of the CPU that filled it, armed only while that CPU
 *    has a partly filled batch, so an idle CPU with nothing to free keeps
 *    its tick stopped: kernel/arch/nohz.c stops the tick only when no
 *    timer is pending).
 *  - Handing over takes a polled cookie.  The first array a CPU hands
 *    over with a given cookie queues call_rcu() on the rcu_head at its
 *    start; the next ones with the same cookie need the same grace period
 *    and join its group instead.  So a CPU queues about one callback per
 *    grace period however fast it fills arrays: each callback counts
 *    against RCU_SOFTIRQ's batch limit, and a callback per array fell
 *    behind a producer that fills dozens per grace period.  The callback
 *    only moves the group's arrays to the CPU's ready list: the CPU's
 *    "kvfree_rcu/N" kthread frees the objects with kfree_bulk(),
 *    rescheduling between arrays, so that a flood of arrays (507 objects
 *    each) never holds a CPU in softirq, and keeps the page for the next
 *    array.  If the cookie taken at the last insertion shows that a full
 *    grace period has already elapsed when the timer flushes an array, it
 *    goes to the ready list at once, with no callback.
 *  - An array page comes from a small per-CPU cache or from the page
 *    allocator, a chain's header from kmalloc() (GFP_ATOMIC: kfree_rcu()
 *    may be called with interrupts disabled).  Without one, kfree_rcu(ptr,
 *    rhf) falls back to queueing the object's own rcu_head, and
 *    kfree_rcu(ptr), which has no head and may sleep, to
 *    synchronize_rcu() and kfree().
 *
 * Each CPU's state is touched only by that CPU, with interrupts disabled:
 * kfree_rcu(), the timer, the RCU callback (invoked where it was queued)
 * and the kthread (bound) all run there, and other CPUs flush or shrink
 * it by IPI.  So the fast path is as cheap as call_rcu()'s: no lock, no
 * atomic instruction.  A CPU going offline parks its kthread and, as its
 * last act, flushes its array and frees its ready ones; the callbacks of
 * its arrays then run on another CPU, which frees those arrays itself.
 *
 * With CONFIG_DEBUG_OBJECTS_RCU_HEAD, an object waiting in an array is an
 * active debug object (type "kvfree_rcu") under its own address: a second
 * kfree_rcu() of it is reported ("activate active") and refused, and a
 * plain kfree() of it meanwhile is reported by the allocator's free
 * check.  It stops being tracked just before it is freed.
 */
#include <linux/kernel.h>
#include <linux/types.h>
#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/cpu.h>
#include <linux/debugobjects.h>
#include <linux/err.h>
#include <linux/gfp.h>
#include <linux/init.h>
#include <linux/irqflags.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/mm.h>
#include <linux/percpu.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/timer.h>
#include <trace/events/rcu.h>
#include "rcu.h"
#include "kvfree_rcu.h"

/**
 * struct kvfree_rcu_bulk - a batch of objects waiting for a grace period:
 *	a page of pointers, or the header of a chain of rcu_heads
 * @rh: queued with call_rcu() when the batch is handed to RCU
 * @next: link in the per-CPU ready list or cache of spare pages
 * @gp_snap: get_state_synchronize_rcu() cookie taken at the last insertion,
 *	then at the hand-over
 * @group: a callback's other arrays, handed over with the same cookie,
 *	linked through ->next
 * @chain: a chain: the objects' heads, newest first, linked through
 *	->next, each with its offset in its object in ->func; else NULL
 * @cpu: the CPU whose cache gets the page back
 * @nr: objects in the batch (pointers in @records for a page)
 * @is_chain: a kmalloc()'d chain header, without @records
 * @records: the objects to kfree()
 */
struct kvfree_rcu_bulk {
	struct rcu_head rh;
	struct kvfree_rcu_bulk *next;
	unsigned long gp_snap;
	struct kvfree_rcu_bulk *group;
	struct rcu_head *chain;
	unsigned int cpu;
	unsigned int nr;
	bool is_chain;
	void *records[];
};

#define KVFREE_CHAIN_HDR	offsetof(struct kvfree_rcu_bulk, records)

#define KVFREE_BULK_MAX							\
	((PAGE_SIZE - offsetof(struct kvfree_rcu_bulk, records)) / sizeof(void *))

/* The longest a lone object waits before its array is handed to RCU. */
#define KVFREE_DRAIN_JIFFIES	(HZ / 50 ? HZ / 50 : 1)

/* Spare array pages each CPU keeps instead of freeing them. */
#define KVFREE_CACHE_MAX	2

/**
 * struct kfree_rcu_cpu - one CPU's kfree_rcu() state, used only by it
 * @cur: the array being filled, or NULL; never empty when not NULL
 * @cur_chain: the chain being filled, or NULL; never empty when not NULL
 * @open: the array whose callback the next array handed over may join
 * @cache: spare pages, linked through ->next
 * @ncached: pages in @cache
 * @ready: arrays whose grace period has elapsed, oldest first
 * @ready_tail: where the next ready array goes
 * @ready_seq: arrays ever put on @ready
 * @done_seq: arrays the kthread has freed; it frees them in order
 * @cpu: the CPU
 * @monitor: flushes @cur KVFREE_DRAIN_JIFFIES after it was started
 * @task: the kthread that frees ready arrays, NULL if there is none
 * @objs: objects put in arrays on this CPU
 * @arrays: arrays handed over from this CPU
 * @callbacks: callbacks queued for them
 */
struct kfree_rcu_cpu {
	struct kvfree_rcu_bulk *cur;
	struct kvfree_rcu_bulk *cur_chain;
	struct kvfree_rcu_bulk *open;
	struct kvfree_rcu_bulk *cache;
	unsigned int ncached;
	struct kvfree_rcu_bulk *ready;
	struct kvfree_rcu_bulk **ready_tail;
	unsigned long ready_seq;
	unsigned long done_seq;
	unsigned int cpu;
	struct timer_list monitor;
	struct task_struct *task;
	unsigned long objs;
	unsigned long arrays;
	unsigned long callbacks;
};

static DEFINE_PER_CPU(struct kfree_rcu_cpu, krc_data);
static bool kvfree_rcu_ready;

static atomic_long_t kvfree_arrays_direct;
static atomic_long_t kvfree_arrays_freed;
static atomic_long_t kvfree_objs_freed;
static atomic_long_t kvfree_head_fallback;
static atomic_long_t kvfree_sync_fallback;
static atomic_long_t kvfree_page_fail;
static atomic_long_t kvfree_refused;

bool kvfree_rcu_fail_pages;

/* ---- debug objects ---- */

#ifdef CONFIG_DEBUG_OBJECTS_RCU_HEAD
/*
 * An object waiting in an array is a debug object of its own type: its
 * memory need not start with an rcu_head (kfree_rcu(ptr) has none), so
 * the hint names kfree_rcu()'s implementation instead of a callback.
 */
static void *kvfree_debug_hint(void *addr)
{
	return (void *)kvfree_call_rcu;
}

static bool kvfree_debug_is_static_object(void *addr)
{
	return true;
}

static const struct debug_obj_descr kvfree_debug_descr = {
	.name			= "kvfree_rcu",
	.debug_hint		= kvfree_debug_hint,
	.is_static_object	= kvfree_debug_is_static_object,
	.nr_reports		= &rcu_head_debug_reports,
};

/* Enter @ptr as waiting.  Return: false if it must not be queued. */
static bool kvfree_debug_queue(void *ptr)
{
	if (rcu_call_from_nmi())
		return false;
	return !debug_object_activate(ptr, &kvfree_debug_descr);
}

/*
 * @ptr leaves the array: to be kfree()d, whose free check stops tracking
 * it, or to have its rcu_head queued with call_rcu() (same address at
 * offset 0: the inactive tracker becomes the rcu_head's).
 */
static void kvfree_debug_unqueue(void *ptr)
{
	debug_object_deactivate(ptr, &kvfree_debug_descr);
}
#else
static bool kvfree_debug_queue(void *ptr)
{
	return !rcu_call_from_nmi();
}

static void kvfree_debug_unqueue(void *ptr)
{
}
#endif /* CONFIG_DEBUG_OBJECTS_RCU_HEAD */

/* ---- array pages ---- */

/*
 * Is @krc this CPU's, so that it may be touched here?  Interrupts are
 * disabled by the caller.  Anything else is a bug, caught rather than
 * allowed to corrupt another CPU's lists.
 */
static bool krc_is_local(struct kfree_rcu_cpu *krc)
{
	return !WARN_ON_ONCE(krc != this_cpu_ptr(&krc_data));
}

/* A page for a new array: from @krc's cache, else GFP_ATOMIC.  Irqs off. */
static struct kvfree_rcu_bulk *kvfree_get_page(struct kfree_rcu_cpu *krc)
{
	struct kvfree_rcu_bulk *b;

	if (unlikely(READ_ONCE(kvfree_rcu_fail_pages))) {
		b = NULL;
	} else if (krc->cache) {
		b = krc->cache;
		krc->cache = b->next;
		WRITE_ONCE(krc->ncached, krc->ncached - 1);
	} else {
		b = (void *)__get_free_page(GFP_ATOMIC | __GFP_NOWARN);
	}
	if (!b) {
		atomic_long_inc(&kvfree_page_fail);
		return NULL;
	}
	b->next = NULL;
	b->chain = NULL;
	b->cpu = krc->cpu;
	b->nr = 0;
	b->is_chain = false;
	return b;
}

/* A header for a new chain, GFP_ATOMIC.  Irqs off. */
static struct kvfree_rcu_bulk *kvfree_get_chain(struct kfree_rcu_cpu *krc)
{
	struct kvfree_rcu_bulk *b = NULL;

	if (likely(!READ_ONCE(kvfree_rcu_fail_pages)))
		b = kmalloc(KVFREE_CHAIN_HDR, GFP_ATOMIC | __GFP_NOWARN);
	if (!b) {
		atomic_long_inc(&kvfree_page_fail);
		return NULL;
	}
	b->next = NULL;
	b->chain = NULL;
	b->cpu = krc->cpu;
	b->nr = 0;
	b->is_chain = true;
	return b;
}

/* Keep @b for a later array on its CPU, or give it back. */
static void kvfree_put_page(struct kvfree_rcu_bulk *b)
{
	struct kfree_rcu_cpu *krc = per_cpu_ptr(&krc_data, b->cpu);
	unsigned long flags;

	local_irq_save(flags);
	if (krc == this_cpu_ptr(&krc_data) && krc->ncached < KVFREE_CACHE_MAX) {
		b->next = krc->cache;
		krc->cache = b;
		WRITE_ONCE(krc->ncached, krc->ncached + 1);
		b = NULL;
	}
	local_irq_restore(flags);
	if (b)
		free_page((unsigned long)b);
}

/* ---- freeing an array ---- */

#define KVFREE_CHAIN_BULK	64	/* pointers per kfree_bulk() of a chain */

/*
 * Free a chain's objects, KVFREE_CHAIN_BULK at a time.  Exactly @b->nr
 * of them: a head queued twice (no debug objects to refuse it) must not
 * make the walk endless; the allocator reports the double free.
 */
static void kvfree_chain_free(struct kvfree_rcu_bulk *b)
{
	void *ptrs[KVFREE_CHAIN_BULK];
	struct rcu_head *h = b->chain;
	unsigned int i, n = 0;

	for (i = 0; i < b->nr && h; i++) {
		struct rcu_head *next = h->next;

		ptrs[n] = (void *)h - (unsigned long)h->func;
		kvfree_debug_unqueue(ptrs[n]);
		if (++n == KVFREE_CHAIN_BULK) {
			kfree_bulk(n, ptrs);
			n = 0;
		}
		h = next;
	}
	if (n)
		kfree_bulk(n, ptrs);
}

/* A grace period has elapsed since every insertion: free them all. */
static void kvfree_bulk_free(struct kvfree_rcu_bulk *b)
{
	unsigned int i, nr = b->nr;

	trace_rcu_invoke_kfree_bulk_callback(RCU_TRACE_NAME, nr,
					     b->is_chain ? (void **)b : b->records);
	if (b->is_chain) {
		kvfree_chain_free(b);
	} else {
		for (i = 0; i < nr; i++)
			kvfree_debug_unqueue(b->records[i]);
		kfree_bulk(nr, b->records);
	}
	atomic_long_add(nr, &kvfree_objs_freed);
	atomic_long_inc(&kvfree_arrays_freed);
	if (b->is_chain)
		kfree(b);
	else
		kvfree_put_page(b);
}

/*
 * @b's grace period has elapsed: give it to its CPU's kthread, or free it
 * here if there is none.  Called on @b's CPU.
 */
static void kvfree_bulk_ready(struct kvfree_rcu_bulk *b)
{
	struct kfree_rcu_cpu *krc = per_cpu_ptr(&krc_data, b->cpu);
	struct task_struct *wake = NULL;
	unsigned long flags;

	local_irq_save(flags);
	/*
	 * The callback of an array from a CPU that went offline runs where
	 * the callbacks went (rcu/tree_hotplug.c): free it here.
	 */
	if (krc->task && krc == this_cpu_ptr(&krc_data)) {
		if (!krc->ready)
			wake = krc->task;
		b->next = NULL;
		*krc->ready_tail = b;
		krc->ready_tail = &b->next;
		WRITE_ONCE(krc->ready_seq, krc->ready_seq + 1);
		b = NULL;
	}
	local_irq_restore(flags);
	if (wake)
		wake_up_process(wake);
	if (b)
		kvfree_bulk_free(b);
}

/*
 * RCU callback of an array and its group: runs on the CPU that queued it,
 * @b's, unless that CPU went offline, which closed the group.
 */
static void kvfree_bulk_rcu_cb(struct rcu_head *rh)
{
	struct kvfree_rcu_bulk *b = container_of(rh, struct kvfree_rcu_bulk, rh);
	struct kfree_rcu_cpu *krc = per_cpu_ptr(&krc_data, b->cpu);
	struct kvfree_rcu_bulk *f, *next;
	unsigned long flags;

	/* Close the group before reading it: no array joins it afterwards. */
	local_irq_save(flags);
	if (krc == this_cpu_ptr(&krc_data) && krc->open == b)
		krc->open = NULL;
	f = b->group;
	local_irq_restore(flags);
	kvfree_bulk_ready(b);
	/*
	 * Same cookie as @b's: the grace period @b's callback waited for
	 * covers them.  Not a poll_state_synchronize_rcu() check: a CPU may
	 * invoke callbacks as soon as its leaf has seen that grace period
	 * end, before the global counter that the cookies are read from.
	 */
	for (; f; f = next) {
		next = f->next;
		kvfree_bulk_ready(f);
	}
}

/*
 * @b was just taken off this CPU (interrupts off): ready now if its
 * grace period is over and @may_poll allows, else it waits for one with
 * the group of the arrays handed over under the same cookie.
 */
static void kvfree_bulk_submit(struct kfree_rcu_cpu *krc, struct kvfree_rcu_bulk *b,
			       bool may_poll)
{
	struct kvfree_rcu_bulk *open = krc->open;

	if (may_poll && poll_state_synchronize_rcu(b->gp_snap)) {
		atomic_long_inc(&kvfree_arrays_direct);
		kvfree_bulk_ready(b);
		return;
	}
	/*
	 * The open array's callback was queued under this cookie: it waits
	 * for a grace period that begins after that, so after now too.
	 */
	b->gp_snap = get_state_synchronize_rcu();
	if (open && open->gp_snap == b->gp_snap) {
		b->next = open->group;
		open->group = b;
		return;
	}
	/* Else @b's own callback, for it and the arrays that will join it. */
	b->group = NULL;
	krc->open = b;
	WRITE_ONCE(krc->callbacks, krc->callbacks + 1);
	call_rcu(&b->rh, kvfree_bulk_rcu_cb);
}

/* "kvfree_rcu/N": free CPU N's ready arrays. */
static int kvfree_rcu_kthread(void *arg)
{
	struct kfree_rcu_cpu *krc = arg;
	struct kvfree_rcu_bulk *b, *next;
	unsigned long flags, n;

	for (;;) {
		if (kthread_should_park())
			kthread_parkme();
		set_current_state(TASK_INTERRUPTIBLE);
		local_irq_save(flags);
		b = NULL;
		if (krc_is_local(krc)) {
			b = krc->ready;
			krc->ready = NULL;
			krc->ready_tail = &krc->ready;
		}
		local_irq_restore(flags);
		if (!b) {
			if (!kthread_should_park())
				schedule();
			continue;
		}
		__set_current_state(TASK_RUNNING);
		for (n = 0; b; b = next, n++) {
			next = b->next;
			kvfree_bulk_free(b);
			cond_resched();
		}
		WRITE_ONCE(krc->done_seq, krc->done_seq + n);
	}
	return 0;
}

/* Hand @*slot, a partly filled batch of this CPU, to RCU.  Irqs off. */
static void kvfree_flush_batch(struct kfree_rcu_cpu *krc, struct kvfree_rcu_bulk **slot,
			       bool may_poll)
{
	struct kvfree_rcu_bulk *b = *slot;

	if (b) {
		*slot = NULL;
		WRITE_ONCE(krc->arrays, krc->arrays + 1);
		kvfree_bulk_submit(krc, b, may_poll);
	}
}

/* Hand this CPU's partly filled array and chain to RCU.  Irqs off. */
static void kvfree_flush_local(struct kfree_rcu_cpu *krc, bool may_poll)
{
	kvfree_flush_batch(krc, &krc->cur, may_poll);
	kvfree_flush_batch(krc, &krc->cur_chain, may_poll);
}

/* IPI handler (or direct call) for kvfree_rcu_flush() and the barrier. */
static void kvfree_flush_ipi(void *may_poll)
{
	kvfree_flush_local(this_cpu_ptr(&krc_data), may_poll != NULL);
}

/* The timer of a CPU with a partly filled array: the array is old enough. */
static void kvfree_rcu_monitor(struct timer_list *t)
{
	struct kfree_rcu_cpu *krc = from_timer(krc, t, monitor);
	unsigned long flags;

	local_irq_save(flags);
	if (krc_is_local(krc))
		kvfree_flush_local(krc, true);
	local_irq_restore(flags);
}

/* ---- kfree_rcu() ---- */

/*
 * This CPU's batch being filled (*@cur), or a new one from @get made
 * current.  Interrupts off.  Return: NULL if @get has none.
 */
static struct kvfree_rcu_bulk *
kvfree_cur_batch(struct kfree_rcu_cpu *krc, struct kvfree_rcu_bulk **cur,
		 struct kvfree_rcu_bulk *(*get)(struct kfree_rcu_cpu *krc))
{
	struct kvfree_rcu_bulk *b = *cur;

	if (!b) {
		b = get(krc);
		if (!b)
			return NULL;
		*cur = b;
		/*
		 * Only a CPU with a batch waiting has this timer pending.  It
		 * is queued on this CPU's base, since it is armed only here.
		 */
		if (!timer_pending(&krc->monitor))
			mod_timer(&krc->monitor, jiffies + KVFREE_DRAIN_JIFFIES);
	}
	return b;
}

/*
 * Put @ptr in this CPU's array.  Return: false if there is no array page
 * (the caller then falls back to the object's rcu_head or to waiting).
 */
static bool kvfree_add_ptr(void *ptr)
{
	struct kfree_rcu_cpu *krc;
	struct kvfree_rcu_bulk *b;
	unsigned long flags;

	local_irq_save(flags);
	krc = this_cpu_ptr(&krc_data);
	b = kvfree_cur_batch(krc, &krc->cur, kvfree_get_page);
	if (!b) {
		local_irq_restore(flags);
		return false;
	}
	b->records[b->nr++] = ptr;
	b->gp_snap = get_state_synchronize_rcu();
	WRITE_ONCE(krc->objs, krc->objs + 1);
	/* A full array waits for a grace period begun after it filled. */
	if (b->nr == KVFREE_BULK_MAX)
		kvfree_flush_batch(krc, &krc->cur, false);
	local_irq_restore(flags);
	return true;
}

/*
 * Chain @ptr into this CPU's chain through its rcu_head @head.  Return:
 * false if there is no chain header (the caller falls back).
 */
static bool kvfree_add_head(struct rcu_head *head, void *ptr)
{
	struct kfree_rcu_cpu *krc;
	struct kvfree_rcu_bulk *b;
	unsigned long flags;

	local_irq_save(flags);
	krc = this_cpu_ptr(&krc_data);
	b = kvfree_cur_batch(krc, &krc->cur_chain, kvfree_get_chain);
	if (!b) {
		local_irq_restore(flags);
		return false;
	}
	head->func = (rcu_callback_t)((unsigned long)head - (unsigned long)ptr);
	head->next = b->chain;
	b->chain = head;
	b->nr++;
	b->gp_snap = get_state_synchronize_rcu();
	WRITE_ONCE(krc->objs, krc->objs + 1);
	if (b->nr == KVFREE_BULK_MAX)
		kvfree_flush_batch(krc, &krc->cur_chain, false);
	local_irq_restore(flags);
	return true;
}

/**
 * kvfree_call_rcu() - kfree() an object after a grace period
 * @head: the object's rcu_head, or NULL for the single-argument
 *	kfree_rcu(ptr) (then the caller must be able to sleep)
 * @ptr: the object, from kmalloc()
 *
 * The implementation of kfree_rcu().  @ptr goes into a per-CPU batch,
 * chained through @head or, without @head, in an array, that is freed in
 * bulk after a grace period (within a few jiffies of the call if nothing
 * else fills the batch).  If no batch can be had, @head is queued with
 * call_rcu() instead or, without @head, this waits in synchronize_rcu()
 * and frees @ptr itself.
 *
 * With @head, legal in every context call_rcu() is: interrupts disabled,
 * hardirq, softirq, task.  Never from NMI: reported and ignored.
 */
void kvfree_call_rcu(struct rcu_head *head, void *ptr)
{
	if (!head)
		might_sleep();

	if (!kvfree_debug_queue(ptr)) {
		/* Probably a double kfree_rcu(): leak rather than corrupt. */
		atomic_long_inc(&kvfree_refused);
		return;
	}
	if (head)
		BUG_ON((unsigned long)head - (unsigned long)ptr >= KFREE_RCU_OFFSET_MAX);
	if (likely(READ_ONCE(kvfree_rcu_ready)) &&
	    (head ? kvfree_add_head(head, ptr) : kvfree_add_ptr(ptr)))
		return;
	kvfree_debug_unqueue(ptr);

	if (head) {
		unsigned long off = (unsigned long)head - (unsigned long)ptr;

		atomic_long_inc(&kvfree_head_fallback);
		call_rcu(head, (rcu_callback_t)off);
		return;
	}
	atomic_long_inc(&kvfree_sync_fallback);
	synchronize_rcu();
	kfree(ptr);
}

/* See kvfree_rcu.h.  Not with interrupts disabled (IPIs are waited for). */
void kvfree_rcu_flush(void)
{
	unsigned int cpu;

	for_each_online_cpu(cpu)
		smp_call_function_single(cpu, kvfree_flush_ipi, NULL, true);
}

void kvfree_rcu_flush_local(void)
{
	unsigned long flags;

	local_irq_save(flags);
	kvfree_flush_local(this_cpu_ptr(&krc_data), false);
	local_irq_restore(flags);
}

/**
 * kvfree_rcu_barrier() - wait until every kfree_rcu() so far has freed
 *
 * Hands every CPU's partly filled array to RCU and waits for those
 * arrays, and for the objects that took the rcu_head path, to be freed.
 * kfree_rcu()s that run concurrently may or may not be waited for.
 * rcu_barrier() alone does not do this: a partly filled array may not
 * have been handed to RCU yet.  Sleeps.
 */
void kvfree_rcu_barrier(void)
{
	unsigned int cpu;

	might_sleep();
	/*
	 * Synchronous IPIs: every array is queued or ready when they return.
	 * A CPU that went offline flushed its array and freed its ready
	 * ones as it went (kvfree_rcu_dying_cpu()); the hotplug lock, held
	 * around each CPU's look and IPI only (remove_cpu() need not wait
	 * for the whole barrier), keeps that from happening in between.
	 */
	for_each_online_cpu(cpu) {
		cpus_read_lock();
		if (cpu_online(cpu))
			smp_call_function_single(cpu, kvfree_flush_ipi, (void *)1UL, true);
		cpus_read_unlock();
		cond_resched();
	}
	rcu_barrier();
	/*
	 * Every array is on a ready list now, or freed: wait for each
	 * kthread to get past the last one queued so far.  An array whose
	 * CPU went offline meanwhile was freed where its callback ran or by
	 * kvfree_rcu_dying_cpu(): stop waiting for a CPU once it is offline.
	 */
	for_each_online_cpu(cpu) {
		struct kfree_rcu_cpu *krc = per_cpu_ptr(&krc_data, cpu);
		unsigned long target = READ_ONCE(krc->ready_seq);

		for (;;) {
			bool wait;

			cpus_read_lock();
			wait = cpu_online(cpu) &&
			       ULONG_CMP_LT(READ_ONCE(krc->done_seq), target);
			cpus_read_unlock();
			if (!wait)
				break;
			schedule_timeout_uninterruptible(1);
		}
	}
	smp_mb();	/* the kthreads' frees before the caller's accesses */
}

/* IPI handler for kvfree_rcu_shrink(): take this CPU's spare pages. */
static void kvfree_shrink_ipi(void *arg)
{
	struct kfree_rcu_cpu *krc = this_cpu_ptr(&krc_data);
	struct kvfree_rcu_bulk **list = arg;

	*list = krc->cache;
	krc->cache = NULL;
	WRITE_ONCE(krc->ncached, 0);
}

unsigned long kvfree_rcu_shrink(void)
{
	unsigned long n = 0;
	unsigned int cpu;

	might_sleep();
	for_each_online_cpu(cpu) {
		struct kvfree_rcu_bulk *b = NULL, *next;

		smp_call_function_single(cpu, kvfree_shrink_ipi, &b, true);
		for (; b; b = next, n++) {
			next = b->next;
			free_page((unsigned long)b);
		}
	}
	return n;
}

unsigned int kvfree_rcu_array_capacity(void)
{
	return KVFREE_BULK_MAX;
}

/* Exact for this CPU with interrupts disabled; a snapshot for others. */
void kvfree_rcu_get_stats(struct kvfree_rcu_stats *s)
{
	unsigned int cpu;

	memset(s, 0, sizeof(*s));
	for_each_possible_cpu(cpu) {
		struct kfree_rcu_cpu *krc = per_cpu_ptr(&krc_data, cpu);

		s->objs += READ_ONCE(krc->objs);
		s->arrays += READ_ONCE(krc->arrays);
		s->callbacks += READ_ONCE(krc->callbacks);
		s->cached_pages += READ_ONCE(krc->ncached);
	}
	s->arrays_direct = atomic_long_read(&kvfree_arrays_direct);
	s->arrays_freed = atomic_long_read(&kvfree_arrays_freed);
	s->objs_freed = atomic_long_read(&kvfree_objs_freed);
	s->head_fallback = atomic_long_read(&kvfree_head_fallback);
	s->sync_fallback = atomic_long_read(&kvfree_sync_fallback);
	s->page_fail = atomic_long_read(&kvfree_page_fail);
	s->refused = atomic_long_read(&kvfree_refused);
}

/* Until this has run, kfree_rcu() takes the fallback paths. */
/* ---- CPU hotplug ---- */

/*
 * CPUHP_AP_KFREE_RCU_DYING teardown, on the outgoing CPU, interrupts off,
 * its kthread parked: hand the array being filled to RCU (its callback
 * moves with the CPU's other callbacks), free the ready arrays the kthread
 * has not freed, give back its spare pages, and drop the timer, which
 * would otherwise run elsewhere on this CPU's state.
 */
static int kvfree_rcu_dying_cpu(unsigned int cpu)
{
	struct kfree_rcu_cpu *krc = this_cpu_ptr(&krc_data);
	struct kvfree_rcu_bulk *b, *next;
	unsigned long n = 0;

	del_timer(&krc->monitor);
	kvfree_flush_local(krc, false);
	/* The group's callback moves with the CPU's and runs elsewhere. */
	krc->open = NULL;
	b = krc->ready;
	krc->ready = NULL;
	krc->ready_tail = &krc->ready;
	for (; b; b = next, n++) {
		next = b->next;
		kvfree_bulk_free(b);
	}
	WRITE_ONCE(krc->done_seq, krc->done_seq + n);
	/* Spare pages are of no use to an offline CPU. */
	while ((b = krc->cache)) {
		krc->cache = b->next;
		free_page((unsigned long)b);
	}
	WRITE_ONCE(krc->ncached, 0);
	return 0;
}

/* The kthread of a CPU going offline parks; it runs again when it is back. */
static int kvfree_rcu_park_cpu(unsigned int cpu)
{
	struct task_struct *t = READ_ONCE(per_cpu_ptr(&krc_data, cpu)->task);

	if (t)
		kthread_park(t);
	return 0;
}

static void kvfree_rcu_spawn(unsigned int cpu)
{
	struct kfree_rcu_cpu *krc = per_cpu_ptr(&krc_data, cpu);
	struct task_struct *t;

	t = kthread_create_on_cpu(kvfree_rcu_kthread, krc, cpu, "kvfree_rcu/%u");
	if (IS_ERR(t)) {
		pr_warn("kvfree_rcu: no kthread for CPU %u: arrays freed from softirq\n", cpu);
		return;
	}
	/*
	 * Real-time (lowest priority): freed memory should not wait for the
	 * tasks that keep the CPU busy queueing more, just as callbacks do
	 * not (they run in softirq).  It only runs while this CPU has ready
	 * arrays, and yields between arrays.
	 */
	sched_set_fifo_low(t);
	WRITE_ONCE(krc->task, t);
	wake_up_process(t);
}

/* A CPU online for the first time (not started at boot) gets its kthread. */
static int kvfree_rcu_unpark_cpu(unsigned int cpu)
{
	struct task_struct *t = READ_ONCE(per_cpu_ptr(&krc_data, cpu)->task);

	if (t)
		kthread_unpark(t);
	else
		kvfree_rcu_spawn(cpu);
	return 0;
}

static int __init kvfree_rcu_init(void)
{
	unsigned int cpu;

	BUILD_BUG_ON(KVFREE_BULK_MAX < 64);
	for_each_possible_cpu(cpu) {
		struct kfree_rcu_cpu *krc = per_cpu_ptr(&krc_data, cpu);

		krc->cpu = cpu;
		krc->ready_tail = &krc->ready;
		timer_setup(&krc->monitor, kvfree_rcu_monitor, 0);
	}
	for_each_online_cpu(cpu)
		kvfree_rcu_spawn(cpu);
	cpuhp_setup_state_nocalls(CPUHP_AP_KFREE_RCU_DYING, "rcu:kfree_rcu_dying", NULL,
				  kvfree_rcu_dying_cpu);
	cpuhp_setup_state_nocalls(CPUHP_AP_ONLINE_DYN, "rcu:kvfree_rcu_kthread",
				  kvfree_rcu_unpark_cpu, kvfree_rcu_park_cpu);
	smp_store_release(&kvfree_rcu_ready, true);
	return 0;
}
early_initcall(kvfree_rcu_init);
