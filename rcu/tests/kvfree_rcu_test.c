// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "kvfree_rcu": kfree_rcu() batching (rcu/kvfree_rcu.c).
 *
 *  - reader: an object is not freed while a reader that began before
 *    kfree_rcu() runs, even once its array has been handed to RCU (with
 *    CONFIG_DEBUG_KMALLOC a freed object is poisoned, so "intact" means
 *    "not freed"), and it is freed after; both forms, with the reader on
 *    this CPU and on another.
 *  - batches: objects go into arrays, one array per KVFREE capacity
 *    objects and no rcu_head queued, from interrupt-disabled code; arrays
 *    handed over within one grace-period interval share a callback.
 *  - group_cookie: one handed over after a grace period began does not
 *    share the callback of one handed over before.
 *  - contexts: from hardirq (IPI) and softirq (timer).
 *  - aged: a lone object is freed by the timer, with nobody flushing.
 *  - fallback: with array pages failing, kfree_rcu(ptr, rhf) queues the
 *    rcu_head and kfree_rcu(ptr) waits for a grace period itself; the
 *    reader guarantee still holds.
 *  - double: a second kfree_rcu() of a waiting object is reported and
 *    refused, and the object is freed once (CONFIG_DEBUG_OBJECTS_RCU_HEAD).
 */
#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/types.h>
#include <linux/err.h>
#include <linux/cpumask.h>
#include <linux/smp.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/timer.h>
#include <linux/interrupt.h>
#include <linux/irqflags.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/rcupdate.h>
#include <linux/torture.h>
#include "../rcu.h"
#include "../kvfree_rcu.h"
#ifdef CONFIG_TREE_RCU
#include "../tree.h"
#endif
#include "rcu_test_util.h"

#define KVT_SIZE	1800	/* kmalloc-2048: a class little else uses */
#define KVT_CACHE	"slab kmalloc-2048 "
#define KVT_BYTE	0xc3

struct kvt_obj {
	unsigned long pad;	/* the rcu_head not at offset 0 */
	struct rcu_head rh;
	unsigned char data[KVT_SIZE - sizeof(struct rcu_head) - sizeof(unsigned long)];
};

/* A small object, as most kfree_rcu() users free. */
struct kvt_small {
	struct rcu_head rh;
	unsigned long val;
};

static struct kvt_obj *kvt_alloc(struct kunit *test)
{
	struct kvt_obj *p = kmalloc(sizeof(*p), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, p);
	memset(p->data, KVT_BYTE, sizeof(p->data));
	return p;
}

static bool kvt_intact(const struct kvt_obj *p)
{
	return rcu_test_bytes_intact(p->data, sizeof(p->data), KVT_BYTE);
}

static bool kvt_is_free(void *p)
{
	return rcu_test_obj_is_free(p, KVT_CACHE);
}


/* ---- a reader on another CPU ---- */

static struct kvt_obj __rcu *kvt_ptr[2];

struct kvt_reader {
	bool in;
	bool done;
	bool intact;
};

static int kvt_reader_fn(void *arg)
{
	struct kvt_reader *r = arg;
	struct kvt_obj *p, *q;
	bool ok;

	rcu_read_lock();
	p = rcu_dereference(kvt_ptr[0]);
	q = rcu_dereference(kvt_ptr[1]);
	WRITE_ONCE(r->in, true);
	mdelay(150);
	ok = p && q && kvt_intact(p) && kvt_intact(q);
	mdelay(50);
	ok = ok && kvt_intact(p) && kvt_intact(q);
	r->intact = ok;
	WRITE_ONCE(r->done, true);
	rcu_read_unlock();
	torture_kthread_park();
	return 0;
}

/*
 * Publish two objects, start a reader on another CPU, unpublish them and
 * free them with @free (which may wait); the reader must find them intact.
 */
static void kvt_reader_other_cpu(struct kunit *test,
				 void (*free)(struct kvt_obj *p, struct kvt_obj *q))
{
	struct kvt_obj *p = kvt_alloc(test), *q = kvt_alloc(test);
	struct kvt_reader r = { };
	struct task_struct *t;
	int cpu = torture_other_cpu(raw_smp_processor_id());

	if (cpu < 0) {
		free(p, q);
		kvfree_rcu_barrier();
		return;
	}
	rcu_assign_pointer(kvt_ptr[0], p);
	rcu_assign_pointer(kvt_ptr[1], q);
	t = kthread_create(kvt_reader_fn, &r, "kvt_reader/%d", cpu);
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	kthread_bind(t, cpu);
	wake_up_process(t);
	KUNIT_EXPECT_TRUE(test, rcu_test_wait_flag(&r.in, 5000));
	RCU_INIT_POINTER(kvt_ptr[0], NULL);
	RCU_INIT_POINTER(kvt_ptr[1], NULL);
	free(p, q);
	kvfree_rcu_flush();		/* hand the arrays to RCU right away */
	kvfree_rcu_barrier();
	KUNIT_EXPECT_TRUE(test, READ_ONCE(r.done));
	KUNIT_EXPECT_TRUE_MSG(test, r.intact,
			      "an object was freed under a reader on CPU %d", cpu);
	kthread_stop(t);
	KUNIT_EXPECT_TRUE(test, kvt_is_free(p));
	KUNIT_EXPECT_TRUE(test, kvt_is_free(q));
}

static void kvt_free_both_forms(struct kvt_obj *p, struct kvt_obj *q)
{
	kfree_rcu(p, rh);
	kfree_rcu(q);
}

static void kvfree_rcu_test_reader(struct kunit *test)
{
	int reports = atomic_read(&kmalloc_debug_reports);
	struct kvfree_rcu_stats s0, s1;
	struct kvt_obj *p;
	bool intact;

	kvfree_rcu_barrier();
	kvfree_rcu_get_stats(&s0);

	/* This CPU's reader: the array is handed to RCU inside it. */
	p = kvt_alloc(test);
	rcu_read_lock();
	kfree_rcu(p, rh);
	kvfree_rcu_flush();
	mdelay(30);
	intact = kvt_intact(p);
	rcu_read_unlock();
	KUNIT_EXPECT_TRUE_MSG(test, intact, "kfree_rcu(p, rh) freed p inside a reader");
	kvfree_rcu_barrier();
	KUNIT_EXPECT_TRUE_MSG(test, kvt_is_free(p),
			      "kfree_rcu(p, rh) did not free p by kvfree_rcu_barrier()");

	/* Another CPU's reader, both forms. */
	kvt_reader_other_cpu(test, kvt_free_both_forms);

	kvfree_rcu_get_stats(&s1);
	KUNIT_EXPECT_GE(test, s1.objs - s0.objs, 3UL);
	KUNIT_EXPECT_EQ(test, s1.head_fallback - s0.head_fallback, 0UL);
	KUNIT_EXPECT_EQ(test, s1.sync_fallback - s0.sync_fallback, 0UL);
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&kmalloc_debug_reports), reports,
			    "the allocator reported a bug (double free?)");
}

/* ---- batches ---- */

/* @n small objects, kmalloc()'d; the test fails if any cannot be had. */
static struct kvt_small **kvt_alloc_small(struct kunit *test, unsigned int n)
{
	struct kvt_small **objs = kunit_kcalloc(test, n, sizeof(*objs), GFP_KERNEL);
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, objs);
	for (i = 0; i < n; i++) {
		objs[i] = kmalloc(sizeof(*objs[i]), GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, objs[i]);
	}
	return objs;
}

static void kvfree_rcu_test_batches(struct kunit *test)
{
	unsigned int cap = kvfree_rcu_array_capacity();
	unsigned int n = 3 * cap + 7, i;
	int reports = atomic_read(&kmalloc_debug_reports);
	struct kvfree_rcu_stats s0, s1, s2;
	struct kvt_small **objs;
	unsigned long flags;

	objs = kvt_alloc_small(test, n);
	kvfree_rcu_barrier();
	kvfree_rcu_get_stats(&s0);

	/* Interrupts off: no flush by the timer in the middle either. */
	local_irq_save(flags);
	for (i = 0; i < n; i++)
		kfree_rcu(objs[i], rh);
	kvfree_rcu_get_stats(&s1);
	local_irq_restore(flags);
	kvfree_rcu_barrier();
	kvfree_rcu_get_stats(&s2);

	kunit_info(test, "%u objects, %lu arrays (%u per array), %lu rcu_head callbacks\n",
		   n, s2.arrays - s0.arrays, cap, s2.head_fallback - s0.head_fallback);
	KUNIT_EXPECT_EQ(test, s1.objs - s0.objs, (unsigned long)n);
	/* The full arrays went to RCU as they filled, the last one later. */
	KUNIT_EXPECT_EQ(test, s1.arrays - s0.arrays, (unsigned long)(n / cap));
	/*
	 * With interrupts off here no grace period can end, so the cookie
	 * changed at most once (one beginning): the full arrays shared at
	 * most two callbacks.
	 */
	KUNIT_EXPECT_LE(test, s1.callbacks - s0.callbacks, 2UL);
	KUNIT_EXPECT_EQ(test, s2.arrays - s0.arrays, (unsigned long)DIV_ROUND_UP(n, cap));
	KUNIT_EXPECT_EQ(test, s2.head_fallback - s0.head_fallback, 0UL);
	KUNIT_EXPECT_EQ(test, s2.objs_freed - s0.objs_freed, (unsigned long)n);
	KUNIT_EXPECT_EQ(test, s2.arrays_freed - s0.arrays_freed,
			(unsigned long)DIV_ROUND_UP(n, cap));
	KUNIT_EXPECT_LE(test, s2.cached_pages, 2UL * num_possible_cpus());
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&kmalloc_debug_reports), reports,
			    "the allocator reported a bug (double free?)");
	kvfree_rcu_shrink();
	kvfree_rcu_get_stats(&s2);
	KUNIT_EXPECT_EQ(test, s2.cached_pages, 0UL);
}

/*
 * Hand over one full array of @objs.  Return: false if the cookie moved
 * meanwhile (a grace period began), so that the array's own cookie is not
 * known.
 */
static bool kvt_hand_over(struct kvt_small **objs, unsigned int cap, unsigned long *cookie)
{
	unsigned int i;

	for (i = 0; i + 1 < cap; i++)
		kfree_rcu(objs[i], rh);
	*cookie = get_state_synchronize_rcu();
	kfree_rcu(objs[i], rh);
	return get_state_synchronize_rcu() == *cookie;
}

#define KVT_GP_BEGIN_NS	(500 * NSEC_PER_MSEC)

struct kvt_group {
	struct kvt_small **objs;
	unsigned int cap;
	struct kvfree_rcu_stats s0, s1, s2;
	unsigned long c1, c2;
	bool known, began, done;
};

/*
 * Two full arrays, the second handed over once a grace period has begun
 * after the first.  A reader all along, on a CPU other than the
 * grace-period kthread's, so that the grace period the first array's
 * callback asks for begins and none can end.
 */
static int kvt_group_fn(void *arg)
{
	struct kvt_group *g = arg;
	u64 t0;

	kvfree_rcu_get_stats(&g->s0);
	rcu_read_lock();
	preempt_disable();
	g->known = kvt_hand_over(g->objs, g->cap, &g->c1);
	kvfree_rcu_get_stats(&g->s1);
	t0 = ktime_get_ns();
	while (!(g->began = get_state_synchronize_rcu() != g->c1) &&
	       ktime_get_ns() - t0 < KVT_GP_BEGIN_NS)
		cpu_relax();
	g->known = kvt_hand_over(g->objs + g->cap, g->cap, &g->c2) && g->known;
	kvfree_rcu_get_stats(&g->s2);
	preempt_enable();
	rcu_read_unlock();
	WRITE_ONCE(g->done, true);
	while (!kthread_should_stop())
		schedule_timeout_interruptible(1);
	return 0;
}

/* A CPU that is not the grace-period kthread's, or -1. */
static int kvt_cpu_without_gp_kthread(void)
{
#ifdef CONFIG_TREE_RCU
	struct task_struct *gp = READ_ONCE(rcu_state.gp_kthread);
	unsigned int cpu;

	if (!gp)
		return -1;
	for_each_online_cpu(cpu)
		if (cpu != task_cpu(gp))
			return cpu;
#endif
	return -1;
}

/*
 * An array handed over after a grace period began needs the next one, so
 * it must not join the callback of an array handed over before, which
 * may run as soon as that grace period ends.
 */
static void kvfree_rcu_test_group_cookie(struct kunit *test)
{
	struct kvt_group g = { .cap = kvfree_rcu_array_capacity() };
	int cpu = kvt_cpu_without_gp_kthread();
	unsigned int n = 2 * g.cap;
	struct kvfree_rcu_stats s3;
	struct task_struct *t;

	if (cpu < 0)
		kunit_skip(test, "needs Tree RCU and two CPUs");
	g.objs = kvt_alloc_small(test, n);
	kvfree_rcu_barrier();
	t = rcu_test_run_on(kvt_group_fn, &g, cpu, "kvt_group");
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	KUNIT_EXPECT_TRUE(test, rcu_test_wait_flag(&g.done, 5000));
	kthread_stop(t);
	kvfree_rcu_barrier();
	kvfree_rcu_get_stats(&s3);

	KUNIT_EXPECT_EQ(test, g.s2.arrays - g.s0.arrays, 2UL);
	KUNIT_EXPECT_EQ(test, s3.objs_freed - g.s0.objs_freed, (unsigned long)n);
	if (!g.known || !g.began)
		kunit_skip(test, "no grace period began in between, or one began during a hand-over");
	KUNIT_EXPECT_NE(test, g.c1, g.c2);
	KUNIT_EXPECT_EQ_MSG(test, g.s2.callbacks - g.s1.callbacks, 1UL,
			    "the array handed over after a grace period began had no callback of its own");
}

/* ---- hardirq and softirq ---- */

struct kvt_ctx {
	struct timer_list timer;
	struct kvt_obj *p;
	bool in_context;
	bool done;
};

static void kvt_hardirq_fn(void *info)
{
	struct kvt_ctx *c = info;

	c->in_context = in_hardirq() && irqs_disabled();
	kfree_rcu(c->p, rh);
	WRITE_ONCE(c->done, true);
}

static void kvt_timer_fn(struct timer_list *t)
{
	struct kvt_ctx *c = from_timer(c, t, timer);

	c->in_context = in_serving_softirq();
	kfree_rcu(c->p, rh);
	WRITE_ONCE(c->done, true);
}

static void kvfree_rcu_test_contexts(struct kunit *test)
{
	struct kvt_ctx *hard, *soft;
	int cpu = torture_other_cpu(raw_smp_processor_id());

	hard = kunit_kzalloc(test, sizeof(*hard), GFP_KERNEL);
	soft = kunit_kzalloc(test, sizeof(*soft), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, hard);
	KUNIT_ASSERT_NOT_NULL(test, soft);
	hard->p = kvt_alloc(test);
	soft->p = kvt_alloc(test);

	if (cpu >= 0) {
		KUNIT_EXPECT_EQ(test, smp_call_function_single(cpu, kvt_hardirq_fn,
							       hard, true), 0);
		KUNIT_EXPECT_TRUE(test, hard->in_context);
	} else {
		kfree_rcu(hard->p, rh);
		hard->done = true;
	}
	timer_setup(&soft->timer, kvt_timer_fn, 0);
	mod_timer(&soft->timer, jiffies + 1);
	KUNIT_EXPECT_TRUE_MSG(test, rcu_test_wait_flag(&soft->done, 5000),
			      "the timer did not fire");
	del_timer_sync(&soft->timer);
	KUNIT_EXPECT_TRUE(test, soft->in_context);

	kvfree_rcu_barrier();
	if (READ_ONCE(hard->done))
		KUNIT_EXPECT_TRUE(test, kvt_is_free(hard->p));
	if (READ_ONCE(soft->done))
		KUNIT_EXPECT_TRUE(test, kvt_is_free(soft->p));
}

/* ---- a lone object is not forgotten ---- */

static void kvfree_rcu_test_aged(struct kunit *test)
{
	struct kvt_obj *p = kvt_alloc(test);
	unsigned long t0 = jiffies;
	bool freed = false;

	kvfree_rcu_barrier();
	kfree_rcu(p, rh);
	/* No flush, no barrier: the timer hands it over within jiffies. */
	while (time_before(jiffies, t0 + 5 * HZ)) {
		msleep(10);
		freed = kvt_is_free(p);
		if (freed)
			break;
	}
	KUNIT_EXPECT_TRUE_MSG(test, freed, "a lone kfree_rcu() object was not freed in 5 s");
	if (freed)
		kunit_info(test, "lone object freed after %u ms\n",
			   jiffies_to_msecs(jiffies - t0));
}

/* ---- no array page ---- */

static void kvt_free_fallback(struct kvt_obj *p, struct kvt_obj *q)
{
	WRITE_ONCE(kvfree_rcu_fail_pages, true);
	kvfree_rcu_flush();
	kfree_rcu(p, rh);
	kfree_rcu(q);		/* waits for the reader itself */
	WRITE_ONCE(kvfree_rcu_fail_pages, false);
}

static void kvfree_rcu_test_fallback(struct kunit *test)
{
	int reports = atomic_read(&kmalloc_debug_reports);
	struct kvfree_rcu_stats s0, s1;
	struct kvt_obj *p, *q;
	unsigned long flags;
	bool intact;

	kvfree_rcu_barrier();
	kvfree_rcu_get_stats(&s0);

	/* kfree_rcu(p, rh), interrupts off, inside this CPU's reader. */
	p = kvt_alloc(test);
	rcu_read_lock();
	local_irq_save(flags);
	kvfree_rcu_flush_local();	/* this CPU has no array now */
	WRITE_ONCE(kvfree_rcu_fail_pages, true);
	kfree_rcu(p, rh);
	WRITE_ONCE(kvfree_rcu_fail_pages, false);
	local_irq_restore(flags);
	mdelay(30);
	intact = kvt_intact(p);
	rcu_read_unlock();
	KUNIT_EXPECT_TRUE_MSG(test, intact, "fallback kfree_rcu(p, rh) freed p inside a reader");
	kvfree_rcu_get_stats(&s1);
	KUNIT_EXPECT_EQ(test, s1.head_fallback - s0.head_fallback, 1UL);
	KUNIT_EXPECT_GE(test, s1.page_fail - s0.page_fail, 1UL);
	kvfree_rcu_barrier();
	KUNIT_EXPECT_TRUE(test, kvt_is_free(p));

	/* kfree_rcu(q): waits, and has freed q when it returns. */
	q = kvt_alloc(test);
	WRITE_ONCE(kvfree_rcu_fail_pages, true);
	kvfree_rcu_flush();
	kfree_rcu(q);
	WRITE_ONCE(kvfree_rcu_fail_pages, false);
	KUNIT_EXPECT_TRUE_MSG(test, kvt_is_free(q),
			      "fallback kfree_rcu(q) returned before freeing q");
	kvfree_rcu_get_stats(&s1);
	KUNIT_EXPECT_EQ(test, s1.sync_fallback - s0.sync_fallback, 1UL);

	/* Both, against a reader on another CPU. */
	kvt_reader_other_cpu(test, kvt_free_fallback);
	kvfree_rcu_get_stats(&s1);
	KUNIT_EXPECT_EQ(test, s1.objs - s0.objs, 0UL);
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&kmalloc_debug_reports), reports,
			    "the allocator reported a bug (double free?)");
}

/* ---- double kfree_rcu() ---- */

#ifdef CONFIG_DEBUG_OBJECTS_RCU_HEAD
static void kvfree_rcu_test_double(struct kunit *test)
{
	int reports = atomic_read(&kmalloc_debug_reports);
	unsigned long dobj = rcu_head_debug_reports;
	struct kvfree_rcu_stats s0, s1;
	struct kvt_obj *p;

	kvfree_rcu_get_stats(&s0);
	p = kvt_alloc(test);
	kfree_rcu(p, rh);
	kunit_expect_splat_begin(test);
	kfree_rcu(p, rh);
	kunit_expect_splat_end(test);
	kvfree_rcu_barrier();
	kvfree_rcu_get_stats(&s1);
	KUNIT_EXPECT_EQ(test, rcu_head_debug_reports - dobj, 1UL);
	KUNIT_EXPECT_EQ(test, s1.refused - s0.refused, 1UL);
	KUNIT_EXPECT_TRUE(test, kvt_is_free(p));
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&kmalloc_debug_reports), reports,
			    "the object was freed twice");
}
#else
static void kvfree_rcu_test_double(struct kunit *test)
{
	kunit_skip(test, "needs CONFIG_DEBUG_OBJECTS_RCU_HEAD");
}
#endif

static struct kunit_case kvfree_rcu_test_cases[] = {
	KUNIT_CASE(kvfree_rcu_test_reader),
	KUNIT_CASE(kvfree_rcu_test_batches),
	KUNIT_CASE(kvfree_rcu_test_group_cookie),
	KUNIT_CASE(kvfree_rcu_test_contexts),
	KUNIT_CASE(kvfree_rcu_test_aged),
	KUNIT_CASE(kvfree_rcu_test_fallback),
	KUNIT_CASE(kvfree_rcu_test_double),
	{}
};

static struct kunit_suite kvfree_rcu_test_suite = {
	.name = "kvfree_rcu",
	.test_cases = kvfree_rcu_test_cases,
};
kunit_test_suite(kvfree_rcu_test_suite);
