// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of RCU's guarantees, through its public API only.
 *
 * Suite "rcu": publish/subscribe, the grace-period guarantee (for every
 * reader kind, normal and expedited), callbacks (once, in softirq, after
 * a grace period; from task, softirq, hardirq and irq-disabled code),
 * rcu_barrier(), the polled cookies, nested readers and kfree_rcu().
 *
 * Suite "rcu_batch": 2,000 kthreads call synchronize_rcu() at once; the
 * grace periods they share must be a small handful.
 *
 * Tests that need a reader on another CPU at the same time as an updater
 * also have a form that works on one CPU: a callback queued inside a
 * reader must not run before the reader ends, however long it lasts.
 */
#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/types.h>
#include <linux/errno.h>
#include <linux/err.h>
#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/smp.h>
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/completion.h>
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
#include "rcu_test_util.h"

/* ---- helpers ---- */

/* Read-side critical section kinds the tests cover. */
enum rcu_test_kind {
	RCU_TEST_RCU,
	RCU_TEST_BH,
	RCU_TEST_SCHED,
	RCU_TEST_IRQ,		/* interrupts disabled: a reader too */
	RCU_TEST_NESTED,	/* rcu { bh { sched } } */
	RCU_TEST_NKINDS,
};

static const char * const rcu_test_kind_name[RCU_TEST_NKINDS] = {
	"rcu_read_lock", "rcu_read_lock_bh", "rcu_read_lock_sched",
	"local_irq_save", "nested",
};

static void rcu_test_lock(int kind, unsigned long *flags)
{
	switch (kind) {
	case RCU_TEST_RCU:
		rcu_read_lock();
		break;
	case RCU_TEST_BH:
		rcu_read_lock_bh();
		break;
	case RCU_TEST_SCHED:
		rcu_read_lock_sched();
		break;
	case RCU_TEST_IRQ:
		local_irq_save(*flags);
		break;
	default:
		rcu_read_lock();
		rcu_read_lock_bh();
		rcu_read_lock_sched();
		break;
	}
}

static void rcu_test_unlock(int kind, unsigned long flags)
{
	switch (kind) {
	case RCU_TEST_RCU:
		rcu_read_unlock();
		break;
	case RCU_TEST_BH:
		rcu_read_unlock_bh();
		break;
	case RCU_TEST_SCHED:
		rcu_read_unlock_sched();
		break;
	case RCU_TEST_IRQ:
		local_irq_restore(flags);
		break;
	default:
		rcu_read_unlock_sched();
		rcu_read_unlock_bh();
		rcu_read_unlock();
		break;
	}
}


/* A callback that records how and when it ran. */
struct rcu_test_probe {
	struct rcu_head rh;
	unsigned long cookie;		/* get_state_synchronize_rcu() at queue time */
	atomic_t invoked;
	bool softirq;
	bool hardirq;
	bool gp_done;
	bool queued_in_hardirq;
	bool queued_irqs_off;
};

static atomic_t rcu_test_probe_count = ATOMIC_INIT(0);

static void rcu_test_probe_cb(struct rcu_head *rh)
{
	struct rcu_test_probe *p = container_of(rh, struct rcu_test_probe, rh);

	p->softirq = in_serving_softirq();
	p->hardirq = in_hardirq();
	p->gp_done = poll_state_synchronize_rcu(p->cookie);
	atomic_inc(&p->invoked);
	atomic_inc(&rcu_test_probe_count);
}

static void rcu_test_probe_queue(struct rcu_test_probe *p)
{
	p->cookie = get_state_synchronize_rcu();
	call_rcu(&p->rh, rcu_test_probe_cb);
}

/* Check the probes after rcu_barrier(): once, in softirq, after a GP. */
static void rcu_test_probe_check(struct kunit *test, struct rcu_test_probe *p,
				 int n, const char *what)
{
	int i, bad_count = 0, bad_ctx = 0, bad_gp = 0;

	for (i = 0; i < n; i++) {
		if (atomic_read(&p[i].invoked) != 1)
			bad_count++;
		else if (!p[i].softirq || p[i].hardirq)
			bad_ctx++;
		else if (!p[i].gp_done)
			bad_gp++;
	}
	KUNIT_EXPECT_EQ_MSG(test, bad_count, 0,
			    "%s: callbacks not invoked exactly once after rcu_barrier()", what);
	KUNIT_EXPECT_EQ_MSG(test, bad_ctx, 0,
			    "%s: callbacks invoked outside softirq context", what);
	KUNIT_EXPECT_EQ_MSG(test, bad_gp, 0,
			    "%s: callbacks invoked before their grace period had elapsed", what);
}

/* ---- publish/subscribe ---- */

#define PS_MAGIC	0x5055425355425343UL

struct ps_obj {
	unsigned long magic;
	unsigned long seq;
	unsigned long b;
	unsigned long c;
	struct rcu_head rh;
};

static struct ps_obj __rcu *ps_ptr;
static atomic_long_t ps_bad;
static atomic_long_t ps_reads;

static int ps_reader(void *arg)
{
	unsigned long lastsleep = jiffies + 10;
	unsigned int i = 0;

	while (!kthread_should_stop()) {
		struct ps_obj *p;

		rcu_read_lock();
		p = rcu_dereference(ps_ptr);
		if (p) {
			unsigned long seq = READ_ONCE(p->seq);

			if (READ_ONCE(p->magic) != PS_MAGIC ||
			    READ_ONCE(p->b) != seq * 3 + 1 ||
			    READ_ONCE(p->c) != ~seq)
				atomic_long_inc(&ps_bad);
		}
		rcu_read_unlock();
		atomic_long_inc(&ps_reads);
		if (time_after(jiffies, lastsleep)) {
			/* Let grace periods (and the writer) through now and then. */
			schedule_timeout_interruptible(1);
			lastsleep = jiffies + 10;
		} else if (!(++i % 64)) {
			cond_resched();
		}
	}
	return 0;
}

/* Readers on all CPUs never see an uninitialized or freed element. */
static void rcu_test_pubsub(struct kunit *test)
{
	unsigned int ncpus = num_online_cpus(), cpu, n = 0;
	struct task_struct **readers;
	unsigned long seq = 0;
	struct ps_obj *p, *old;
	u64 end;

	readers = kunit_kcalloc(test, ncpus, sizeof(*readers), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, readers);
	atomic_long_set(&ps_bad, 0);
	atomic_long_set(&ps_reads, 0);
	RCU_INIT_POINTER(ps_ptr, NULL);
	for_each_online_cpu(cpu) {
		struct task_struct *t = rcu_test_run_on(ps_reader, NULL, cpu, "rcu_ps");

		if (IS_ERR(t))
			break;
		readers[n++] = t;
	}
	KUNIT_EXPECT_EQ(test, n, ncpus);

	/* One second, and at least 12 updates however slow the host is. */
	end = ktime_get_ns() + NSEC_PER_SEC;
	while (ktime_get_ns() < end || seq < 12) {
		p = kmalloc(sizeof(*p), GFP_KERNEL);
		if (!p)
			break;
		seq++;
		p->seq = seq;
		p->b = seq * 3 + 1;
		p->c = ~seq;
		p->magic = PS_MAGIC;
		old = rcu_replace_pointer(ps_ptr, p, true);
		if (!old) {
			/* nothing to free */
		} else if (seq & 1) {
			kfree_rcu(old, rh);
		} else {
			synchronize_rcu();
			memset(old, 0x6b, sizeof(*old));	/* a reader would notice */
			kfree(old);
		}
		if (!(seq % 16))
			msleep(1);
		else
			cond_resched();
	}

	while (n)
		kthread_stop(readers[--n]);
	old = rcu_replace_pointer(ps_ptr, NULL, true);
	synchronize_rcu();
	kfree(old);
	rcu_barrier();
	KUNIT_EXPECT_EQ_MSG(test, atomic_long_read(&ps_bad), 0,
			    "readers saw %ld uninitialized elements", atomic_long_read(&ps_bad));
	KUNIT_EXPECT_GT(test, atomic_long_read(&ps_reads), 0);
	KUNIT_EXPECT_GE(test, seq, 12UL);
	kunit_info(test, "%lu updates, %ld reads on %u CPUs\n", seq,
		   atomic_long_read(&ps_reads), ncpus);
}

/* ---- grace-period guarantee ---- */

struct gp_reader {
	int kind;
	unsigned int hold_ms;
	bool in;		/* inside the reader (outermost section) */
	bool inner_released;	/* NESTED: the inner sections have ended */
	bool done;		/* about to leave the reader */
};

static int gp_reader_fn(void *arg)
{
	struct gp_reader *r = arg;
	unsigned long flags = 0;

	if (r->kind == RCU_TEST_NESTED) {
		rcu_read_lock();
		rcu_read_lock_bh();
		rcu_read_lock();
		rcu_read_lock_sched();
		WRITE_ONCE(r->in, true);
		rcu_read_unlock_sched();
		rcu_read_unlock();
		rcu_read_unlock_bh();
		/* Only the outermost rcu_read_lock() is left. */
		WRITE_ONCE(r->inner_released, true);
		mdelay(r->hold_ms);
		WRITE_ONCE(r->done, true);
		rcu_read_unlock();
	} else {
		rcu_test_lock(r->kind, &flags);
		WRITE_ONCE(r->in, true);
		mdelay(r->hold_ms);
		WRITE_ONCE(r->done, true);
		rcu_test_unlock(r->kind, flags);
	}
	torture_kthread_park();
	return 0;
}

/*
 * A reader on another CPU that began before synchronize_rcu() (or the
 * expedited form) must have ended when it returns.
 */
static void rcu_test_gp_guarantee(struct kunit *test)
{
	int cpu = torture_other_cpu(raw_smp_processor_id());
	int kind, exp;

	if (cpu < 0)
		kunit_skip(test, "needs 2 CPUs (rcu_test_cb_in_reader covers UP)");
	for (kind = 0; kind < RCU_TEST_NKINDS; kind++) {
		for (exp = 0; exp < 2; exp++) {
			struct gp_reader r = { .kind = kind, .hold_ms = 50 };
			struct task_struct *t;
			bool *startp = kind == RCU_TEST_NESTED ? &r.inner_released : &r.in;

			t = rcu_test_run_on(gp_reader_fn, &r, cpu, "rcu_gpr");
			KUNIT_ASSERT_FALSE(test, IS_ERR(t));
			if (!rcu_test_wait_flag(startp, 5000)) {
				KUNIT_FAIL(test, "%s reader did not start", rcu_test_kind_name[kind]);
				kthread_stop(t);
				continue;
			}
			if (exp)
				synchronize_rcu_expedited();
			else
				synchronize_rcu();
			KUNIT_EXPECT_TRUE_MSG(test, READ_ONCE(r.done),
					      "%s returned before a %s reader ended",
					      exp ? "synchronize_rcu_expedited()" : "synchronize_rcu()",
					      rcu_test_kind_name[kind]);
			kthread_stop(t);
		}
	}
}

/*
 * The same guarantee on any number of CPUs: a callback queued inside a
 * reader does not run before the reader ends, however many ticks (and
 * softirqs) it spans.
 */
static void rcu_test_cb_in_reader(struct kunit *test)
{
	int kind;

	for (kind = 0; kind < RCU_TEST_NKINDS; kind++) {
		struct rcu_test_probe p = { };
		unsigned long flags = 0;
		int early;

		init_rcu_head_on_stack(&p.rh);
		atomic_set(&p.invoked, 0);
		rcu_test_lock(kind, &flags);
		rcu_test_probe_queue(&p);
		mdelay(30);
		early = atomic_read(&p.invoked);
		rcu_test_unlock(kind, flags);
		KUNIT_EXPECT_EQ_MSG(test, early, 0,
				    "callback ran inside the %s reader that queued it",
				    rcu_test_kind_name[kind]);
		rcu_barrier();
		rcu_test_probe_check(test, &p, 1, rcu_test_kind_name[kind]);
		destroy_rcu_head_on_stack(&p.rh);
	}
}

/* Nested readers: the grace period waits for the outermost unlock. */
static void rcu_test_nested(struct kunit *test)
{
	struct rcu_test_probe p = { };
	int cpu = torture_other_cpu(raw_smp_processor_id());
	int early;

	/* One CPU: a callback queued in the innermost section. */
	init_rcu_head_on_stack(&p.rh);
	atomic_set(&p.invoked, 0);
	rcu_read_lock();
	rcu_read_lock();
	rcu_read_lock_sched();
	rcu_test_probe_queue(&p);
	rcu_read_unlock_sched();
	rcu_read_unlock();
	mdelay(30);
	early = atomic_read(&p.invoked);
	rcu_read_unlock();
	KUNIT_EXPECT_EQ_MSG(test, early, 0,
			    "callback ran while the outermost rcu_read_lock() was held");
	rcu_barrier();
	rcu_test_probe_check(test, &p, 1, "nested");
	destroy_rcu_head_on_stack(&p.rh);

	/* Another CPU: synchronize_rcu() after the inner sections ended. */
	if (cpu >= 0) {
		struct gp_reader r = { .kind = RCU_TEST_NESTED, .hold_ms = 50 };
		struct task_struct *t = rcu_test_run_on(gp_reader_fn, &r, cpu, "rcu_nest");

		KUNIT_ASSERT_FALSE(test, IS_ERR(t));
		if (rcu_test_wait_flag(&r.inner_released, 5000)) {
			synchronize_rcu();
			KUNIT_EXPECT_TRUE_MSG(test, READ_ONCE(r.done),
					      "synchronize_rcu() returned while the outermost reader was held");
		} else {
			KUNIT_FAIL(test, "nested reader did not start");
		}
		kthread_stop(t);
	}
}

/* ---- callbacks ---- */

#define RCU_TEST_NPROBES	200

/* Callbacks run exactly once, in softirq, after a grace period. */
static void rcu_test_callbacks(struct kunit *test)
{
	struct rcu_test_probe *p;
	unsigned long flags;
	int i, early;

	p = kunit_kcalloc(test, RCU_TEST_NPROBES, sizeof(*p), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, p);
	for (i = 0; i < RCU_TEST_NPROBES; i++)
		atomic_set(&p[i].invoked, 0);

	/* With interrupts off nothing can end a grace period on this CPU. */
	local_irq_save(flags);
	rcu_test_probe_queue(&p[0]);
	udelay(100);
	early = atomic_read(&p[0].invoked);
	local_irq_restore(flags);
	KUNIT_EXPECT_EQ_MSG(test, early, 0, "callback ran before a grace period");

	for (i = 1; i < RCU_TEST_NPROBES; i++) {
		rcu_test_probe_queue(&p[i]);
		if (!(i % 50))
			msleep(1);	/* spread them over several grace periods */
	}
	rcu_barrier();
	rcu_test_probe_check(test, p, RCU_TEST_NPROBES, "task");

	/* Exactly once: nothing more happens later. */
	synchronize_rcu();
	rcu_barrier();
	msleep(20);
	for (i = 0; i < RCU_TEST_NPROBES; i++)
		if (atomic_read(&p[i].invoked) != 1)
			break;
	KUNIT_EXPECT_EQ_MSG(test, i, RCU_TEST_NPROBES, "callback %d invoked %d times", i,
			    i < RCU_TEST_NPROBES ? atomic_read(&p[i].invoked) : 1);
}

/* rcu_barrier() waits for callbacks queued on every CPU. */
#define RCU_TEST_BARRIER_PER_CPU	50

struct barrier_ctx {
	struct rcu_test_probe *probes;	/* RCU_TEST_BARRIER_PER_CPU of them */
	bool queued;
};

static atomic_t barrier_count;

static void barrier_cb(struct rcu_head *rh)
{
	udelay(2);
	atomic_inc(&barrier_count);
}

static int barrier_queuer(void *arg)
{
	struct barrier_ctx *c = arg;
	int i;

	for (i = 0; i < RCU_TEST_BARRIER_PER_CPU; i++)
		call_rcu(&c->probes[i].rh, barrier_cb);
	WRITE_ONCE(c->queued, true);
	torture_kthread_park();
	return 0;
}

static void rcu_test_barrier(struct kunit *test)
{
	unsigned int ncpus = num_online_cpus(), cpu, n = 0, i;
	struct task_struct **tasks;
	struct barrier_ctx *ctx;
	int round, count;

	tasks = kunit_kcalloc(test, ncpus, sizeof(*tasks), GFP_KERNEL);
	ctx = kunit_kcalloc(test, ncpus, sizeof(*ctx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, tasks);
	KUNIT_ASSERT_NOT_NULL(test, ctx);
	for (i = 0; i < ncpus; i++) {
		ctx[i].probes = kunit_kcalloc(test, RCU_TEST_BARRIER_PER_CPU,
					      sizeof(struct rcu_test_probe), GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, ctx[i].probes);
	}

	for (round = 0; round < 3; round++) {
		atomic_set(&barrier_count, 0);
		n = 0;
		for_each_online_cpu(cpu) {
			struct task_struct *t;

			if (n >= ncpus)
				break;
			ctx[n].queued = false;
			t = rcu_test_run_on(barrier_queuer, &ctx[n], cpu, "rcu_bar");
			KUNIT_ASSERT_FALSE(test, IS_ERR(t));
			tasks[n++] = t;
		}
		for (i = 0; i < n; i++)
			KUNIT_EXPECT_TRUE(test, rcu_test_wait_flag(&ctx[i].queued, 5000));
		rcu_barrier();
		count = atomic_read(&barrier_count);
		for (i = 0; i < n; i++)
			kthread_stop(tasks[i]);
		KUNIT_EXPECT_EQ_MSG(test, count, (int)(n * RCU_TEST_BARRIER_PER_CPU),
				    "round %d: rcu_barrier() returned with callbacks pending", round);
		if (count != (int)(n * RCU_TEST_BARRIER_PER_CPU))
			rcu_barrier();	/* do not free probes still queued */
	}
}

/* call_rcu() from hardirq (IPI), softirq (timer) and irq-disabled code. */
static void rcu_test_call_hardirq_fn(void *info)
{
	struct rcu_test_probe *p = info;

	p->queued_in_hardirq = in_hardirq();
	p->queued_irqs_off = irqs_disabled();
	rcu_test_probe_queue(p);
}

struct softirq_call {
	struct timer_list timer;
	struct rcu_test_probe probe;
	bool queued;
	bool in_softirq;
};

static void rcu_test_call_timer_fn(struct timer_list *t)
{
	struct softirq_call *s = from_timer(s, t, timer);

	s->in_softirq = in_serving_softirq();
	rcu_test_probe_queue(&s->probe);
	WRITE_ONCE(s->queued, true);
}

static void rcu_test_call_irq_contexts(struct kunit *test)
{
	unsigned int self, cpu, n = 0, ncpus = num_online_cpus();
	struct rcu_test_probe *p, irqoff[10];
	struct softirq_call *s;
	unsigned long flags;
	int i, ret;

	p = kunit_kcalloc(test, ncpus, sizeof(*p), GFP_KERNEL);
	s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_ASSERT_NOT_NULL(test, s);

	/* Hardirq: an IPI handler on every other CPU. */
	self = get_cpu();
	put_cpu();
	for_each_online_cpu(cpu) {
		if (cpu == self || n >= ncpus)
			continue;
		atomic_set(&p[n].invoked, 0);
		ret = smp_call_function_single(cpu, rcu_test_call_hardirq_fn, &p[n], true);
		KUNIT_EXPECT_EQ(test, ret, 0);
		if (ret)
			continue;
		KUNIT_EXPECT_TRUE_MSG(test, p[n].queued_in_hardirq,
				      "IPI handler on CPU %u not in hardirq context", cpu);
		n++;
	}

	/* Interrupts disabled, on this CPU. */
	memset(irqoff, 0, sizeof(irqoff));
	for (i = 0; i < (int)ARRAY_SIZE(irqoff); i++)
		init_rcu_head_on_stack(&irqoff[i].rh);
	local_irq_save(flags);
	for (i = 0; i < (int)ARRAY_SIZE(irqoff); i++)
		rcu_test_probe_queue(&irqoff[i]);
	local_irq_restore(flags);

	/* Softirq: a timer handler. */
	timer_setup(&s->timer, rcu_test_call_timer_fn, 0);
	mod_timer(&s->timer, jiffies + 1);
	KUNIT_EXPECT_TRUE_MSG(test, rcu_test_wait_flag(&s->queued, 5000),
			      "the timer did not fire");
	del_timer_sync(&s->timer);
	KUNIT_EXPECT_TRUE(test, s->in_softirq);

	rcu_barrier();
	rcu_test_probe_check(test, p, n, "hardirq");
	rcu_test_probe_check(test, irqoff, ARRAY_SIZE(irqoff), "irqs-off");
	for (i = 0; i < (int)ARRAY_SIZE(irqoff); i++)
		destroy_rcu_head_on_stack(&irqoff[i].rh);
	if (READ_ONCE(s->queued))
		rcu_test_probe_check(test, &s->probe, 1, "softirq");
	if (ncpus > 1)
		KUNIT_EXPECT_EQ(test, n, ncpus - 1);
}

/* ---- polled grace periods ---- */

static void rcu_test_polled(struct kunit *test)
{
	unsigned long cookie, flags;
	u64 t0, dt, best = U64_MAX;
	bool done_early;
	int i;

	/* Before a grace period: not done (irqs off: none can end here). */
	local_irq_save(flags);
	cookie = get_state_synchronize_rcu();
	done_early = poll_state_synchronize_rcu(cookie);
	local_irq_restore(flags);
	KUNIT_EXPECT_FALSE_MSG(test, done_early, "fresh cookie %#lx already done", cookie);

	/* After synchronize_rcu(): done. */
	synchronize_rcu();
	KUNIT_EXPECT_TRUE_MSG(test, poll_state_synchronize_rcu(cookie),
			      "cookie %#lx not done after synchronize_rcu()", cookie);
	synchronize_rcu_expedited();
	KUNIT_EXPECT_TRUE(test, poll_state_synchronize_rcu(cookie));

	/* An expedited grace period completes a cookie too. */
	cookie = get_state_synchronize_rcu();
	synchronize_rcu_expedited();
	KUNIT_EXPECT_TRUE_MSG(test, poll_state_synchronize_rcu(cookie),
			      "cookie %#lx not done after synchronize_rcu_expedited()", cookie);

	/* cond_synchronize_rcu() on a completed cookie returns at once. */
	for (i = 0; i < 10; i++) {
		cookie = get_state_synchronize_rcu();
		synchronize_rcu();
		t0 = ktime_get_ns();
		cond_synchronize_rcu(cookie);
		dt = ktime_get_ns() - t0;
		if (dt < best)
			best = dt;
	}
	KUNIT_EXPECT_LT_MSG(test, best, (u64)NSEC_PER_MSEC,
			    "cond_synchronize_rcu() on a done cookie took %llu ns",
			    (unsigned long long)best);

	/* cond_synchronize_rcu() on a fresh cookie waits for a grace period. */
	cookie = get_state_synchronize_rcu();
	cond_synchronize_rcu(cookie);
	KUNIT_EXPECT_TRUE(test, poll_state_synchronize_rcu(cookie));

	/* start_poll_synchronize_rcu() eventually completes by itself. */
	t0 = ktime_get_ns();
	cookie = start_poll_synchronize_rcu();
	for (i = 0; i < 10000 && !poll_state_synchronize_rcu(cookie); i++)
		msleep(1);
	KUNIT_EXPECT_TRUE_MSG(test, poll_state_synchronize_rcu(cookie),
			      "start_poll cookie %#lx not done after 10 s", cookie);
	kunit_info(test, "start_poll cookie done after %llu us\n",
		   (unsigned long long)((ktime_get_ns() - t0) / NSEC_PER_USEC));

	/* The always-completed cookie. */
	KUNIT_EXPECT_EQ(test, get_completed_synchronize_rcu(), RCU_GET_STATE_COMPLETED);
	KUNIT_EXPECT_TRUE(test, poll_state_synchronize_rcu(RCU_GET_STATE_COMPLETED));
	local_irq_save(flags);
	done_early = poll_state_synchronize_rcu(get_completed_synchronize_rcu());
	local_irq_restore(flags);
	KUNIT_EXPECT_TRUE(test, done_early);
	t0 = ktime_get_ns();
	cond_synchronize_rcu(RCU_GET_STATE_COMPLETED);
	dt = ktime_get_ns() - t0;
	KUNIT_EXPECT_LT(test, dt, (u64)(10 * NSEC_PER_MSEC));

	/* Grace periods advance the statistics. */
	t0 = rcu_gp_completed();
	synchronize_rcu();
	KUNIT_EXPECT_GT(test, rcu_gp_completed() - (unsigned long)t0, 0UL);
}

/* ---- kfree_rcu ---- */

#define KF_SIZE		3000	/* a kmalloc size little else uses */
#define KF_BYTE		0x5a

struct kf_obj {
	struct rcu_head rh;
	unsigned char data[KF_SIZE - sizeof(struct rcu_head)];
};

static bool kf_intact(const struct kf_obj *p)
{
	return rcu_test_bytes_intact(p->data, sizeof(p->data), KF_BYTE);
}

/* KF_SIZE objects come from kmalloc-4096. */
static bool kf_is_free(void *p)
{
	return rcu_test_obj_is_free(p, "slab kmalloc-4096 ");
}

/* Wait (at most ~5 s) for a kfree_rcu()ed object to be freed. */
static bool kf_wait_free(void *p)
{
	int i;

	for (i = 0; i < 50; i++) {
		synchronize_rcu();
		rcu_barrier();
		if (kf_is_free(p))
			return true;
		msleep(100);
	}
	return false;
}

static struct kf_obj __rcu *kf_ptr;

struct kf_reader {
	bool in;
	bool done;
	bool intact;
};

static int kf_reader_fn(void *arg)
{
	struct kf_reader *r = arg;
	struct kf_obj *p;

	rcu_read_lock();
	p = rcu_dereference(kf_ptr);
	WRITE_ONCE(r->in, true);
	mdelay(50);
	r->intact = p && kf_intact(p);
	WRITE_ONCE(r->done, true);
	rcu_read_unlock();
	torture_kthread_park();
	return 0;
}

static void rcu_test_kfree_rcu(struct kunit *test)
{
	int reports = atomic_read(&kmalloc_debug_reports);
	int cpu = torture_other_cpu(raw_smp_processor_id());
	struct kf_obj *p, *q;
	bool intact;

	/* kfree_rcu(p, rh): not freed inside a reader that began before. */
	p = kmalloc(sizeof(*p), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, p);
	memset(p->data, KF_BYTE, sizeof(p->data));
	rcu_read_lock();
	kfree_rcu(p, rh);
	mdelay(20);
	intact = kf_intact(p);
	rcu_read_unlock();
	KUNIT_EXPECT_TRUE_MSG(test, intact, "kfree_rcu(p, rh) freed p inside a reader");
	KUNIT_EXPECT_TRUE_MSG(test, kf_wait_free(p),
			      "kfree_rcu(p, rh) did not free p within 5 s");

	/* kfree_rcu(p): the single-argument form, may sleep. */
	q = kmalloc(sizeof(*q), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, q);
	memset(q->data, KF_BYTE, sizeof(q->data));
	if (cpu >= 0) {
		struct kf_reader r = { };
		struct task_struct *t;

		rcu_assign_pointer(kf_ptr, q);
		t = rcu_test_run_on(kf_reader_fn, &r, cpu, "rcu_kf");
		KUNIT_ASSERT_FALSE(test, IS_ERR(t));
		KUNIT_EXPECT_TRUE(test, rcu_test_wait_flag(&r.in, 5000));
		RCU_INIT_POINTER(kf_ptr, NULL);
		kfree_rcu(q);
		rcu_test_wait_flag(&r.done, 5000);
		KUNIT_EXPECT_TRUE_MSG(test, r.intact,
				      "kfree_rcu(p) freed p under a running reader");
		kthread_stop(t);
	} else {
		kfree_rcu(q);
	}
	KUNIT_EXPECT_TRUE_MSG(test, kf_wait_free(q), "kfree_rcu(p) did not free p within 5 s");

	/* kfree_rcu(NULL, rh) is a no-op. */
	p = NULL;
	kfree_rcu(p, rh);
	rcu_barrier();
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&kmalloc_debug_reports), reports,
			    "the allocator reported a bug (double free?)");
}

/* ---- waiting for a cross-CPU call is not a quiescent state ---- */

static void rcu_test_nop_ipi(void *unused)
{
}

/*
 * smp_call_function_single(..., wait) is legal inside a reader, so its
 * wait must not report a quiescent state (in a non-preemptible kernel a
 * reader is only the absence of context switches): a grace period that
 * needs this CPU cannot end while it waits, however long.
 */
static void rcu_test_ipi_wait_in_reader(struct kunit *test)
{
	int cpu = torture_other_cpu(raw_smp_processor_id());
	unsigned long cookie;
	bool done;

	if (cpu < 0)
		kunit_skip(test, "needs a second CPU");
	rcu_read_lock();
	cookie = start_poll_synchronize_rcu();
	for (int i = 0; i < 50; i++) {
		KUNIT_EXPECT_EQ(test, smp_call_function_single(cpu, rcu_test_nop_ipi,
								NULL, true), 0);
		mdelay(2);
	}
	done = poll_state_synchronize_rcu(cookie);
	rcu_read_unlock();
	KUNIT_EXPECT_FALSE_MSG(test, done,
			       "a grace period ended while this CPU waited for IPIs in a reader");
	synchronize_rcu();
	KUNIT_EXPECT_TRUE(test, poll_state_synchronize_rcu(cookie));
}

static struct kunit_case rcu_test_cases[] = {
	KUNIT_CASE(rcu_test_pubsub),
	KUNIT_CASE(rcu_test_gp_guarantee),
	KUNIT_CASE(rcu_test_cb_in_reader),
	KUNIT_CASE(rcu_test_nested),
	KUNIT_CASE(rcu_test_callbacks),
	KUNIT_CASE(rcu_test_barrier),
	KUNIT_CASE(rcu_test_call_irq_contexts),
	KUNIT_CASE(rcu_test_polled),
	KUNIT_CASE(rcu_test_kfree_rcu),
	KUNIT_CASE(rcu_test_ipi_wait_in_reader),
	{}
};

static struct kunit_suite rcu_test_suite = {
	.name = "rcu",
	.test_cases = rcu_test_cases,
};

/* ---- rcu_batch: concurrent synchronize_rcu() callers share grace periods ---- */

#define RCU_BATCH_NTHREADS	2000
#define RCU_BATCH_MAX_GPS	10
#define RCU_BATCH_CREATE_SECS	120
#define RCU_BATCH_WAIT_SECS	240

/*
 * The callers are spread over the CPUs, bound, and each CPU wakes its own
 * from a function-call IPI: one complete_all() waking 2,000 threads on
 * other CPUs would send them IPIs one after the other and stretch their
 * arrival over many grace periods on a TCG host.
 */
struct rcu_batch_ctx {
	struct completion *go;		/* one per CPU */
	struct completion all_done;
	atomic_t arrived;
	atomic_t done;
	int nthreads;
	u64 last_arrival_ns;
	unsigned long last_arrival_gp;
};

static int rcu_batch_fn(void *arg)
{
	struct rcu_batch_ctx *c = arg;

	wait_for_completion(&c->go[smp_processor_id()]);
	if (atomic_inc_return(&c->arrived) == c->nthreads) {
		WRITE_ONCE(c->last_arrival_gp, rcu_gp_completed());
		WRITE_ONCE(c->last_arrival_ns, ktime_get_ns());
	}
	synchronize_rcu();
	if (atomic_inc_return(&c->done) == c->nthreads)
		complete(&c->all_done);
	torture_kthread_park();
	return 0;
}

static void rcu_batch_go(void *arg)
{
	struct rcu_batch_ctx *c = arg;

	complete_all(&c->go[smp_processor_id()]);
}

static void rcu_batch_sync(struct kunit *test)
{
	struct task_struct **tasks;
	struct rcu_batch_ctx *c;
	unsigned long g0, g1;
	u64 t0, us, spread_us;
	unsigned int cpu = 0;
	int i, n = 0;
	bool ok;

	c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);
	tasks = kunit_kcalloc(test, RCU_BATCH_NTHREADS, sizeof(*tasks), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, c);
	KUNIT_ASSERT_NOT_NULL(test, tasks);
	c->go = kunit_kcalloc(test, NR_CPUS, sizeof(*c->go), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, c->go);
	for (i = 0; i < NR_CPUS; i++)
		init_completion(&c->go[i]);
	init_completion(&c->all_done);
	atomic_set(&c->arrived, 0);
	atomic_set(&c->done, 0);
	c->nthreads = RCU_BATCH_NTHREADS;

	t0 = ktime_get_ns();
	for (i = 0; i < RCU_BATCH_NTHREADS; i++) {
		struct task_struct *t;

		/* An overcommitted TCG host can take minutes: give up politely. */
		if (!(i % 64) && ktime_get_ns() - t0 > RCU_BATCH_CREATE_SECS * NSEC_PER_SEC)
			break;
		cpu = torture_nth_cpu(i + 1);
		t = kthread_create_on_cpu(rcu_batch_fn, c, cpu, "rcu_batch/%d");
		if (IS_ERR(t))
			break;
		wake_up_process(t);
		tasks[n++] = t;
	}
	if (n < RCU_BATCH_NTHREADS) {
		/* Let the ones that exist finish, then stop them. */
		c->nthreads = n;
		on_each_cpu(rcu_batch_go, c, true);
		if (n)
			wait_for_completion_timeout(&c->all_done, RCU_BATCH_WAIT_SECS * HZ);
		while (n)
			kthread_stop(tasks[--n]);
		if (i < RCU_BATCH_NTHREADS && ktime_get_ns() - t0 > RCU_BATCH_CREATE_SECS * NSEC_PER_SEC)
			kunit_skip(test, "created only %d of %d kthreads in %d s",
				   c->nthreads, RCU_BATCH_NTHREADS, RCU_BATCH_CREATE_SECS);
		KUNIT_FAIL(test, "could only create %d of %d kthreads", c->nthreads,
			   RCU_BATCH_NTHREADS);
		return;
	}

	msleep(10);		/* let them all block on the completion */
	g0 = rcu_gp_completed();
	t0 = ktime_get_ns();
	on_each_cpu(rcu_batch_go, c, true);
	ok = wait_for_completion_timeout(&c->all_done, RCU_BATCH_WAIT_SECS * HZ);
	g1 = rcu_gp_completed();
	us = (ktime_get_ns() - t0) / NSEC_PER_USEC;
	spread_us = READ_ONCE(c->last_arrival_ns) ?
		    (READ_ONCE(c->last_arrival_ns) - t0) / NSEC_PER_USEC : 0;
	while (n)
		kthread_stop(tasks[--n]);

	KUNIT_ASSERT_TRUE_MSG(test, ok, "only %d of %d synchronize_rcu() calls returned in %d s",
			      atomic_read(&c->done), RCU_BATCH_NTHREADS, RCU_BATCH_WAIT_SECS);
	printk(KERN_INFO KUNIT_SUBTEST_INDENT
	       "# rcu_batch: %d synchronize_rcu() callers, %lu grace periods (all called within %llu us, all returned within %llu us)\n",
	       RCU_BATCH_NTHREADS, g1 - g0, (unsigned long long)spread_us,
	       (unsigned long long)us);
	if (IS_ENABLED(CONFIG_TINY_RCU) && g1 - g0 > RCU_BATCH_MAX_GPS)
		kunit_skip(test, "Tiny RCU: each synchronize_rcu() is a grace period by itself");
	KUNIT_EXPECT_GT(test, g1 - g0, 0UL);
	/* Once every caller is waiting, a handful of grace periods serve them all. */
	KUNIT_EXPECT_LE_MSG(test, g1 - READ_ONCE(c->last_arrival_gp),
			    (unsigned long)RCU_BATCH_MAX_GPS,
			    "grace periods after the last of %d callers arrived",
			    RCU_BATCH_NTHREADS);
	/*
	 * Grace periods that ended while callers were still arriving served
	 * the early ones; how many there were depends on how fast the host
	 * let the callers run, not on batching.  Over the whole run, require
	 * real sharing: at least 10 callers per grace period on average.
	 */
	KUNIT_EXPECT_LE_MSG(test, g1 - g0, (unsigned long)RCU_BATCH_NTHREADS / 10,
			    "%d synchronize_rcu() callers (arriving over %llu us) did not share grace periods",
			    RCU_BATCH_NTHREADS, (unsigned long long)spread_us);
}

static struct kunit_case rcu_batch_test_cases[] = {
	KUNIT_CASE_SLOW(rcu_batch_sync),
	{}
};

static struct kunit_suite rcu_batch_test_suite = {
	.name = "rcu_batch",
	.test_cases = rcu_batch_test_cases,
};

kunit_test_suites(&rcu_test_suite, &rcu_batch_test_suite);
