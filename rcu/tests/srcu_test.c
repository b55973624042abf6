// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "srcu": sleepable RCU.
 *
 * Readers run in kthreads that sleep inside their critical sections;
 * the test thread waits for grace periods and checks which readers they
 * waited for: a pre-existing reader, not one that began after the index
 * flipped, and never a reader of another domain.  Also callbacks and
 * srcu_barrier(), polled cookies, fast readers, batching of concurrent
 * callers, repeated init/cleanup, cleanup refusing a busy domain, and
 * PROVE_RCU's SRCU checks.  Every helper kthread has ended and every
 * dynamic domain is cleaned up when its case returns.
 */
#include <kunit/test.h>
#include <kunit/prove_helpers.h>
#include <linux/kernel.h>
#include <linux/atomic.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/srcu.h>
#include <linux/torture.h>
#include "../rcu.h"
#include "rcu_test_util.h"

DEFINE_STATIC_SRCU(srcu_test_a);
DEFINE_STATIC_SRCU(srcu_test_b);

/*
 * What the suite sees inside a domain, per flavor: the counter new
 * readers take, and whether cleanup_srcu_struct() went ahead.
 */
#ifdef CONFIG_TINY_SRCU
#define srcu_test_cur_ctr(ssp)						\
	((struct srcu_ctr __force __percpu *)&(ssp)->srcu_ctrs[READ_ONCE((ssp)->srcu_idx)])
#define srcu_test_cleaned(ssp)	(!(ssp)->srcu_cb_tail)
#else
#define srcu_test_cur_ctr(ssp)	READ_ONCE((ssp)->srcu_ctrp)
#define srcu_test_cleaned(ssp)	(!(ssp)->sda)
#endif

static unsigned long long srcu_test_ms_since(u64 t0)
{
	return (ktime_get_ns() - t0) / 1000000;
}

/* ---- readers in kthreads ---- */

/**
 * struct srcu_rdr - a reader kthread
 * @ssp: its domain
 * @fast: srcu_read_lock_fast() rather than srcu_read_lock()
 * @hold_ms: how long it stays inside at most
 * @wait_ctrp: if set, lock only once srcu_test_cur_ctr(@ssp) differs from it
 *	(the index has flipped)
 * @release: set by the test to make it leave now
 * @inside: it is inside its critical section
 * @left: set just before its unlock
 * @done: the kthread is about to return
 * @scp: its fast reader's counter
 * @idx: its reader's index
 */
struct srcu_rdr {
	struct srcu_struct *ssp;
	bool fast;
	unsigned int hold_ms;
	struct srcu_ctr __percpu *wait_ctrp;
	int release;
	int inside;
	int left;
	int done;
	struct srcu_ctr __percpu *scp;
	int idx;
};

static int srcu_rdr_fn(void *arg)
{
	struct srcu_rdr *r = arg;
	u64 t0;

	if (r->wait_ctrp) {
		t0 = ktime_get_ns();
		while (srcu_test_cur_ctr(r->ssp) == r->wait_ctrp &&
		       srcu_test_ms_since(t0) < 10000)
			msleep(1);
	}
	if (r->fast)
		r->scp = srcu_read_lock_fast(r->ssp);
	else
		r->idx = srcu_read_lock(r->ssp);
	WRITE_ONCE(r->inside, 1);
	t0 = ktime_get_ns();
	while (!READ_ONCE(r->release) && srcu_test_ms_since(t0) < r->hold_ms)
		msleep(2);
	WRITE_ONCE(r->left, 1);
	if (r->fast)
		srcu_read_unlock_fast(r->ssp, r->scp);
	else
		srcu_read_unlock(r->ssp, r->idx);
	WRITE_ONCE(r->inside, 0);
	WRITE_ONCE(r->done, 1);
	return 0;
}

static bool srcu_rdr_start(struct kunit *test, struct srcu_rdr *r, int cpu)
{
	struct task_struct *t = prove_run_on(srcu_rdr_fn, r, cpu, "srcu_rdr");

	KUNIT_EXPECT_FALSE(test, IS_ERR(t));
	return !IS_ERR(t);
}

/* End reader @r now and wait for its kthread (at most 10 s). */
static void srcu_rdr_stop(struct kunit *test, struct srcu_rdr *r)
{
	WRITE_ONCE(r->release, 1);
	KUNIT_EXPECT_TRUE_MSG(test, prove_wait_flag(&r->done, 10000),
			      "reader kthread did not finish");
}

static struct srcu_struct *srcu_test_new(struct kunit *test)
{
	struct srcu_struct *ssp = kzalloc(sizeof(*ssp), GFP_KERNEL);

	if (!ssp || init_srcu_struct(ssp)) {
		kfree(ssp);
		KUNIT_FAIL(test, "cannot make an srcu_struct");
		return NULL;
	}
	return ssp;
}

static void srcu_test_free(struct kunit *test, struct srcu_struct *ssp)
{
	cleanup_srcu_struct(ssp);
	KUNIT_EXPECT_TRUE_MSG(test, srcu_test_cleaned(ssp), "cleanup_srcu_struct() refused");
	if (srcu_test_cleaned(ssp))
		kfree(ssp);
}

/* ---- cases ---- */

struct srcu_test_obj {
	int val;
	struct rcu_head rh;
};

static struct srcu_test_obj srcu_test_obj0 = { .val = 7 };
static struct srcu_test_obj __rcu *srcu_test_gp = RCU_INITIALIZER(&srcu_test_obj0);

/* Readers nest, read, and a grace period with none of them is quick. */
static void srcu_test_basic(struct kunit *test)
{
	struct srcu_test_obj *p;
	int i1, i2;
	u64 t0;

	i1 = srcu_read_lock(&srcu_test_a);
	i2 = srcu_read_lock(&srcu_test_a);
	KUNIT_EXPECT_EQ(test, i1, i2);
	KUNIT_EXPECT_TRUE(test, i1 == 0 || i1 == 1);
	p = srcu_dereference(srcu_test_gp, &srcu_test_a);
	KUNIT_EXPECT_EQ(test, p->val, 7);
	srcu_read_unlock(&srcu_test_a, i2);
	srcu_read_unlock(&srcu_test_a, i1);
	t0 = ktime_get_ns();
	for (int i = 0; i < 10; i++)
		synchronize_srcu(&srcu_test_a);
	KUNIT_EXPECT_LT_MSG(test, srcu_test_ms_since(t0), 1000ULL,
			    "10 grace periods without readers took %llu ms",
			    srcu_test_ms_since(t0));
}

/*
 * A reader sleeping 2 s in domain A: domain B's grace periods, normal
 * and expedited, and its callbacks do not wait for it; A's does.
 */
static struct rcu_head srcu_test_indep_rh;

static void srcu_test_nop_cb(struct rcu_head *rh)
{
}

static void srcu_test_independent(struct kunit *test)
{
	struct srcu_rdr r = { .ssp = &srcu_test_a, .hold_ms = 2000 };
	unsigned long long ms, best = ~0ULL, worst = 0;
	unsigned long cookie;
	u64 t0;

	if (!srcu_rdr_start(test, &r, -1))
		return;
	KUNIT_EXPECT_TRUE(test, prove_wait_flag(&r.inside, 5000));
	/* A grace period of A waits for the reader meanwhile. */
	cookie = start_poll_synchronize_srcu(&srcu_test_a);
	msleep(20);
	/*
	 * Each call well under the reader's 2 s, the quickest under 100 ms
	 * (the best of five, against a busy host).
	 */
	for (int i = 0; i < 5; i++) {
		t0 = ktime_get_ns();
		if (i & 1) {
			synchronize_srcu_expedited(&srcu_test_b);
			call_srcu(&srcu_test_b, &srcu_test_indep_rh, srcu_test_nop_cb);
			srcu_barrier(&srcu_test_b);
		} else {
			synchronize_srcu(&srcu_test_b);
		}
		ms = srcu_test_ms_since(t0);
		best = min(best, ms);
		worst = max(worst, ms);
	}
	kunit_info(test, "grace periods of B behind a reader of A: %llu to %llu ms\n",
		   best, worst);
	KUNIT_EXPECT_LT_MSG(test, best, 100ULL,
			    "synchronize_srcu(B) took at best %llu ms behind a reader of A", best);
	KUNIT_EXPECT_LT_MSG(test, worst, 1000ULL,
			    "a grace period of B took %llu ms behind a reader of A", worst);
	KUNIT_EXPECT_TRUE_MSG(test, READ_ONCE(r.inside) && !READ_ONCE(r.left),
			      "the reader of A left early: the test proves nothing");
	KUNIT_EXPECT_FALSE(test, poll_state_synchronize_srcu(&srcu_test_a, cookie));
	synchronize_srcu(&srcu_test_a);
	KUNIT_EXPECT_TRUE_MSG(test, READ_ONCE(r.left),
			      "synchronize_srcu(A) returned with A's reader inside");
	srcu_rdr_stop(test, &r);
}

/*
 * A reader (@fast or not) that began before synchronize_srcu() has left
 * when it returns (else @early), and one that began after the index
 * flipped is still inside (else @late).
 * Return: false if a reader could not be started.
 */
static bool srcu_test_old_new(struct kunit *test, struct srcu_struct *ssp, bool fast,
			      const char *early, const char *late)
{
	struct srcu_rdr r1 = { .ssp = ssp, .fast = fast, .hold_ms = 300 };
	struct srcu_rdr r2 = { .ssp = ssp, .fast = fast, .hold_ms = 3000 };

	if (!srcu_rdr_start(test, &r1, -1))
		return false;
	KUNIT_EXPECT_TRUE(test, prove_wait_flag(&r1.inside, 5000));
	r2.wait_ctrp = srcu_test_cur_ctr(ssp);
	if (!srcu_rdr_start(test, &r2, -1)) {
		srcu_rdr_stop(test, &r1);
		return false;
	}
	synchronize_srcu(ssp);
	KUNIT_EXPECT_TRUE_MSG(test, READ_ONCE(r1.left), "%s", early);
	KUNIT_EXPECT_TRUE_MSG(test, READ_ONCE(r2.inside) && !READ_ONCE(r2.left), "%s", late);
	srcu_rdr_stop(test, &r1);
	srcu_rdr_stop(test, &r2);
	return true;
}

/*
 * synchronize_srcu() waits for a reader that began before it, not for
 * one that began after the index flipped.
 */
static void srcu_test_preexisting(struct kunit *test)
{
	struct srcu_struct *ssp = srcu_test_new(test);

	if (!ssp)
		return;
	srcu_test_old_new(test, ssp, false,
			  "synchronize_srcu() returned before a pre-existing reader left",
			  "synchronize_srcu() waited for a reader that began after the flip");
	srcu_test_free(test, ssp);
}

static int srcu_loop_cb_ran;

static void srcu_loop_cb(struct rcu_head *rh)
{
	WRITE_ONCE(srcu_loop_cb_ran, srcu_loop_cb_ran + 1);
}

static struct rcu_head srcu_in_flight_rh;

struct srcu_sync_waiter {
	struct srcu_struct *ssp;
	int done;
};

static int srcu_sync_waiter_fn(void *arg)
{
	struct srcu_sync_waiter *w = arg;

	synchronize_srcu(w->ssp);
	WRITE_ONCE(w->done, 1);
	return 0;
}

static bool srcu_sync_waiter_start(struct kunit *test, struct srcu_sync_waiter *w,
				   struct srcu_struct *ssp)
{
	w->ssp = ssp;
	w->done = 0;
	if (!IS_ERR(prove_run_on(srcu_sync_waiter_fn, w, -1, "srcu_sync")))
		return true;
	KUNIT_FAIL(test, "cannot start a kthread");
	return false;
}

/*
 * A grace period is in flight, waiting for an old reader, when a new
 * reader begins and then synchronize_srcu() is called: that call must
 * wait for the new reader too, not only for the grace period in flight;
 * so must a callback queued then.
 */
static void srcu_test_gp_in_flight(struct kunit *test)
{
	struct srcu_struct *ssp = srcu_test_new(test);
	struct srcu_rdr r1 = { .hold_ms = 300 }, r2 = { .hold_ms = 800 };
	struct srcu_sync_waiter w;

	if (!ssp)
		return;
	r1.ssp = r2.ssp = ssp;
	if (!srcu_rdr_start(test, &r1, -1))
		goto out;
	KUNIT_EXPECT_TRUE(test, prove_wait_flag(&r1.inside, 5000));
	r2.wait_ctrp = srcu_test_cur_ctr(ssp);
	if (!srcu_sync_waiter_start(test, &w, ssp)) {
		srcu_rdr_stop(test, &r1);
		goto out;
	}
	if (!srcu_rdr_start(test, &r2, -1)) {
		srcu_rdr_stop(test, &r1);
		prove_wait_flag(&w.done, 5000);
		goto out;
	}
	KUNIT_EXPECT_TRUE(test, prove_wait_flag(&r2.inside, 5000));
	KUNIT_EXPECT_FALSE(test, READ_ONCE(r1.left));
	srcu_loop_cb_ran = 0;
	call_srcu(ssp, &srcu_in_flight_rh, srcu_loop_cb);
	KUNIT_EXPECT_TRUE(test, prove_wait_flag(&w.done, 5000));
	KUNIT_EXPECT_TRUE_MSG(test, !READ_ONCE(srcu_loop_cb_ran) || READ_ONCE(r2.left),
			      "callback ran at the end of the grace period in flight");
	synchronize_srcu(ssp);
	KUNIT_EXPECT_TRUE_MSG(test, READ_ONCE(r2.left),
			      "synchronize_srcu() settled for the grace period in flight");
	srcu_barrier(ssp);
	KUNIT_EXPECT_EQ(test, READ_ONCE(srcu_loop_cb_ran), 1);
	srcu_rdr_stop(test, &r1);
	srcu_rdr_stop(test, &r2);
out:
	srcu_test_free(test, ssp);
}

/*
 * A reader preempted between fetching the current index and
 * incrementing its lock counter may increment it only after a grace
 * period has flipped the index: it then sits in the inactive index, and
 * the next grace period, which it precedes, must still wait for it.
 * The reader's two steps are done by hand here, with a grace period
 * between them.
 */
#ifdef CONFIG_TINY_SRCU
static void srcu_test_stale_index(struct kunit *test)
{
	kunit_skip(test, "Tiny SRCU: nothing runs between a reader's two steps");
}
#else
static void srcu_test_stale_index(struct kunit *test)
{
	struct srcu_struct *ssp = srcu_test_new(test);
	struct srcu_ctr __percpu *scp;
	struct srcu_sync_waiter w;

	if (!ssp)
		return;
	scp = srcu_test_cur_ctr(ssp);	/* the reader fetches the index, */
	synchronize_srcu(ssp);			/* a grace period flips it, */
	KUNIT_EXPECT_TRUE(test, srcu_test_cur_ctr(ssp) != scp);
	this_cpu_inc(scp->srcu_locks);		/* then the reader counts itself */
	smp_mb();
	if (srcu_sync_waiter_start(test, &w, ssp)) {
		msleep(200);
		KUNIT_EXPECT_FALSE_MSG(test, READ_ONCE(w.done),
				       "grace period ignored a reader of the inactive index");
	}
	smp_mb();
	this_cpu_inc(scp->srcu_unlocks);
	KUNIT_EXPECT_TRUE(test, prove_wait_flag(&w.done, 5000));
	srcu_test_free(test, ssp);
}
#endif

/* Expedited: quick without readers, and waits for a pre-existing one. */
static void srcu_test_expedited(struct kunit *test)
{
	struct srcu_struct *ssp = srcu_test_new(test);
	struct srcu_rdr r = { .hold_ms = 200 };
	u64 t0;
	unsigned long long ms;

	if (!ssp)
		return;
	t0 = ktime_get_ns();
	for (int i = 0; i < 20; i++)
		synchronize_srcu_expedited(ssp);
	ms = srcu_test_ms_since(t0);
	KUNIT_EXPECT_LT_MSG(test, ms, 500ULL,
			    "20 expedited grace periods without readers took %llu ms", ms);
	r.ssp = ssp;
	if (srcu_rdr_start(test, &r, -1)) {
		KUNIT_EXPECT_TRUE(test, prove_wait_flag(&r.inside, 5000));
		synchronize_srcu_expedited(ssp);
		KUNIT_EXPECT_TRUE_MSG(test, READ_ONCE(r.left),
				      "expedited grace period ended under a reader");
		srcu_rdr_stop(test, &r);
	}
	srcu_test_free(test, ssp);
}

/* ---- call_srcu() and srcu_barrier() ---- */

#define SRCU_CB_PER_CPU	20

struct srcu_cb_ctx {
	struct srcu_struct *ssp;
	atomic_t invoked;
	atomic_t misordered;
	int last[NR_CPUS];
	int barrier_done;
	int invoked_at_barrier;
};

struct srcu_cb_obj {
	struct rcu_head rh;
	struct srcu_cb_ctx *ctx;
	int cpu;
	int seq;
};

static void srcu_cb_fn(struct rcu_head *rh)
{
	struct srcu_cb_obj *o = container_of(rh, struct srcu_cb_obj, rh);
	struct srcu_cb_ctx *c = o->ctx;

	if (c->last[o->cpu] + 1 != o->seq)
		atomic_inc(&c->misordered);
	c->last[o->cpu] = o->seq;
	atomic_inc(&c->invoked);
	kfree(o);
}

struct srcu_cb_queuer {
	struct srcu_cb_ctx *ctx;
	int cpu;
	int done;
};

/* Queue SRCU_CB_PER_CPU callbacks from this (bound) CPU. */
static int srcu_cb_queue_fn(void *arg)
{
	struct srcu_cb_queuer *q = arg;

	for (int i = 1; i <= SRCU_CB_PER_CPU; i++) {
		struct srcu_cb_obj *o = kzalloc(sizeof(*o), GFP_KERNEL);

		if (!o)
			break;
		o->ctx = q->ctx;
		o->cpu = raw_smp_processor_id();
		o->seq = i;
		call_srcu(q->ctx->ssp, &o->rh, srcu_cb_fn);
	}
	WRITE_ONCE(q->done, 1);
	return 0;
}

static int srcu_cb_barrier_fn(void *arg)
{
	struct srcu_cb_ctx *c = arg;

	srcu_barrier(c->ssp);
	c->invoked_at_barrier = atomic_read(&c->invoked);
	WRITE_ONCE(c->barrier_done, 1);
	return 0;
}

/*
 * Callbacks queued on every CPU during a reader wait for it, and so does
 * srcu_barrier(); when it returns every one has run, each CPU's in the
 * order queued.
 */
static void srcu_test_call_barrier(struct kunit *test)
{
	struct srcu_struct *ssp = srcu_test_new(test);
	struct srcu_cb_queuer *q;
	struct srcu_cb_ctx *c;
	struct srcu_rdr r = { .hold_ms = 5000 };
	int ncpus = num_online_cpus(), started = 0;
	bool barrier_started = false;

	if (!ssp)
		return;
	c = kzalloc(sizeof(*c), GFP_KERNEL);
	q = kcalloc(ncpus, sizeof(*q), GFP_KERNEL);
	if (!c || !q) {
		KUNIT_FAIL(test, "out of memory");
		goto out;
	}
	c->ssp = ssp;
	r.ssp = ssp;
	if (!srcu_rdr_start(test, &r, -1))
		goto out;
	KUNIT_EXPECT_TRUE(test, prove_wait_flag(&r.inside, 5000));
	for (int i = 0; i < ncpus; i++) {
		q[i].ctx = c;
		if (!IS_ERR(prove_run_on(srcu_cb_queue_fn, &q[i], i, "srcu_cbq")))
			started++;
		else
			q[i].done = 1;
	}
	for (int i = 0; i < ncpus; i++)
		KUNIT_EXPECT_TRUE(test, prove_wait_flag(&q[i].done, 10000));
	if (!IS_ERR(prove_run_on(srcu_cb_barrier_fn, c, -1, "srcu_barrier")))
		barrier_started = true;
	msleep(50);
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&c->invoked), 0,
			    "callbacks ran while a pre-existing reader was inside");
	KUNIT_EXPECT_FALSE_MSG(test, READ_ONCE(c->barrier_done),
			       "srcu_barrier() returned while its callbacks waited for a reader");
	srcu_rdr_stop(test, &r);
	KUNIT_EXPECT_TRUE(test, !barrier_started || prove_wait_flag(&c->barrier_done, 10000));
	KUNIT_EXPECT_EQ_MSG(test, c->invoked_at_barrier, started * SRCU_CB_PER_CPU,
			    "srcu_barrier() returned before every callback ran");
	srcu_barrier(ssp);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->invoked), started * SRCU_CB_PER_CPU);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->misordered), 0);
	/* A barrier with nothing queued returns at once. */
	srcu_barrier(ssp);
out:
	kfree(q);
	kfree(c);
	srcu_test_free(test, ssp);
}

struct srcu_slow {
	struct rcu_head rh;
	int running;		/* the callback has begun */
	int barrier_called;	/* srcu_barrier() is about to be called */
	int returned;		/* srcu_barrier() has returned */
	int done;		/* the callback has ended */
};

/* Spin until srcu_barrier() returns, or a while after it was called. */
static void srcu_slow_cb(struct rcu_head *rh)
{
	struct srcu_slow *sl = container_of(rh, struct srcu_slow, rh);
	u64 t0 = ktime_get_ns(), called = 0;

	WRITE_ONCE(sl->running, 1);
	while (!READ_ONCE(sl->returned) && srcu_test_ms_since(t0) < 5000) {
		if (!called && READ_ONCE(sl->barrier_called))
			called = ktime_get_ns();
		if (called && srcu_test_ms_since(called) > 300)
			break;
		cpu_relax();
	}
	smp_store_release(&sl->done, 1);
}

/*
 * srcu_barrier() called while the kthread is inside a callback, with
 * nothing else queued, waits for that callback to end.
 */
static void srcu_test_barrier_running_cb(struct kunit *test)
{
	struct srcu_struct *ssp;
	struct srcu_slow *sl;
	bool done;

	if (num_online_cpus() < 2)
		kunit_skip(test, "needs 2 CPUs");
	ssp = srcu_test_new(test);
	if (!ssp)
		return;
	sl = kzalloc(sizeof(*sl), GFP_KERNEL);
	if (!sl) {
		KUNIT_FAIL(test, "out of memory");
		goto out;
	}
	call_srcu(ssp, &sl->rh, srcu_slow_cb);
	if (!prove_wait_flag(&sl->running, 10000)) {
		KUNIT_FAIL(test, "the callback did not run in 10 s");
		srcu_barrier(ssp);
		goto out_free;
	}
	WRITE_ONCE(sl->barrier_called, 1);
	srcu_barrier(ssp);
	done = smp_load_acquire(&sl->done);
	WRITE_ONCE(sl->returned, 1);
	KUNIT_EXPECT_TRUE_MSG(test, done,
			      "srcu_barrier() returned while a callback was being invoked");
	/* Free only once the callback is out, even if the barrier was not. */
	KUNIT_EXPECT_TRUE(test, prove_wait_flag(&sl->done, 10000));
	srcu_barrier(ssp);
out_free:
	kfree(sl);
out:
	srcu_test_free(test, ssp);
}

/* ---- polled grace periods ---- */

static void srcu_test_polled(struct kunit *test)
{
	struct srcu_struct *ssp = srcu_test_new(test);
	struct srcu_rdr r = { .hold_ms = 5000 };
	unsigned long c1, c2;
	u64 t0;

	if (!ssp)
		return;
	c1 = get_state_synchronize_srcu(ssp);
	KUNIT_EXPECT_FALSE(test, poll_state_synchronize_srcu(ssp, c1));
	synchronize_srcu(ssp);
	KUNIT_EXPECT_TRUE_MSG(test, poll_state_synchronize_srcu(ssp, c1),
			      "a full grace period did not satisfy an older cookie");

	r.ssp = ssp;
	if (!srcu_rdr_start(test, &r, -1))
		goto out;
	KUNIT_EXPECT_TRUE(test, prove_wait_flag(&r.inside, 5000));
	c2 = start_poll_synchronize_srcu(ssp);
	msleep(100);
	KUNIT_EXPECT_FALSE_MSG(test, poll_state_synchronize_srcu(ssp, c2),
			       "cookie done while a pre-existing reader is inside");
	srcu_rdr_stop(test, &r);
	/* start_poll_synchronize_srcu() started it: no one else must. */
	t0 = ktime_get_ns();
	while (!poll_state_synchronize_srcu(ssp, c2) && srcu_test_ms_since(t0) < 5000)
		msleep(1);
	KUNIT_EXPECT_TRUE_MSG(test, poll_state_synchronize_srcu(ssp, c2),
			      "start_poll_synchronize_srcu()'s grace period never ended");
out:
	srcu_test_free(test, ssp);
}

/* ---- fast readers ---- */

static void srcu_test_fast(struct kunit *test)
{
	struct srcu_struct *ssp = srcu_test_new(test);
	struct srcu_ctr __percpu *scp;

	if (!ssp)
		return;
	scp = srcu_read_lock_fast(ssp);
	KUNIT_EXPECT_TRUE(test, scp == srcu_test_cur_ctr(ssp));
	srcu_read_unlock_fast(ssp, scp);
	synchronize_srcu(ssp);

	if (srcu_test_old_new(test, ssp, true,
			      "grace period ended under a pre-existing fast reader",
			      "grace period waited for a fast reader that began after the flip"))
		synchronize_srcu_expedited(ssp);
	srcu_test_free(test, ssp);
}

/* ---- batching ---- */

#define SRCU_BATCH_THREADS	32

struct srcu_batch_ctx {
	struct srcu_struct *ssp;
	atomic_t arrived;
	atomic_t done;
};

static int srcu_batch_fn(void *arg)
{
	struct srcu_batch_ctx *c = arg;

	atomic_inc(&c->arrived);
	synchronize_srcu(c->ssp);
	atomic_inc(&c->done);
	return 0;
}

/* Callers piled up behind a reader share grace periods. */
static void srcu_test_batching(struct kunit *test)
{
	struct srcu_struct *ssp = srcu_test_new(test);
	struct srcu_batch_ctx c;
	struct srcu_rdr r = { .hold_ms = 10000 };
	unsigned long b0, gps;
	int n = 0;
	u64 t0;

	if (!ssp)
		return;
	c.ssp = r.ssp = ssp;
	atomic_set(&c.arrived, 0);
	atomic_set(&c.done, 0);
	if (!srcu_rdr_start(test, &r, -1))
		goto out;
	KUNIT_EXPECT_TRUE(test, prove_wait_flag(&r.inside, 5000));
	b0 = srcu_batches_completed(ssp);
	for (int i = 0; i < SRCU_BATCH_THREADS; i++)
		if (!IS_ERR(prove_run_on(srcu_batch_fn, &c, i % num_online_cpus(), "srcu_batch")))
			n++;
	t0 = ktime_get_ns();
	while (atomic_read(&c.arrived) < n && srcu_test_ms_since(t0) < 10000)
		msleep(1);
	msleep(50);
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&c.done), 0,
			    "synchronize_srcu() returned with a pre-existing reader inside");
	srcu_rdr_stop(test, &r);
	t0 = ktime_get_ns();
	while (atomic_read(&c.done) < n && srcu_test_ms_since(t0) < 10000)
		msleep(1);
	KUNIT_EXPECT_EQ(test, atomic_read(&c.done), n);
	gps = srcu_batches_completed(ssp) - b0;
	kunit_info(test, "%d synchronize_srcu() callers, %lu grace periods\n", n, gps);
	KUNIT_EXPECT_LE_MSG(test, gps, 3UL,
			    "%d callers took %lu grace periods", n, gps);
	KUNIT_EXPECT_GE(test, gps, 1UL);
out:
	srcu_test_free(test, ssp);
}

/* ---- init and cleanup ---- */

/* The same srcu_struct initialised, used and cleaned up many times. */
static void srcu_test_init_cleanup_loop(struct kunit *test)
{
	struct srcu_struct *ssp = kzalloc(sizeof(*ssp), GFP_KERNEL);
	size_t used0 = percpu_dynamic_used();
	struct rcu_head rh;
	int i, calls = 0;

	KUNIT_ASSERT_NOT_NULL(test, ssp);
	srcu_loop_cb_ran = 0;
	for (i = 0; i < 200; i++) {
		int idx;

		if (init_srcu_struct(ssp)) {
			KUNIT_FAIL(test, "init_srcu_struct() failed at round %d", i);
			break;
		}
		idx = srcu_read_lock(ssp);
		srcu_read_unlock(ssp, idx);
		synchronize_srcu(ssp);
		if (i % 20 == 5) {
			init_rcu_head_on_stack(&rh);
			call_srcu(ssp, &rh, srcu_loop_cb);
			srcu_barrier(ssp);
			destroy_rcu_head_on_stack(&rh);
			calls++;
		}
		if (i % 3 == 0) {
			unsigned long cookie = start_poll_synchronize_srcu(ssp);
			u64 t0 = ktime_get_ns();

			while (!poll_state_synchronize_srcu(ssp, cookie) &&
			       srcu_test_ms_since(t0) < 5000)
				msleep(1);
		}
		cleanup_srcu_struct(ssp);
		if (!srcu_test_cleaned(ssp)) {
			KUNIT_FAIL(test, "cleanup_srcu_struct() refused at round %d", i);
			break;
		}
	}
	KUNIT_EXPECT_EQ(test, READ_ONCE(srcu_loop_cb_ran), calls);
	KUNIT_EXPECT_EQ_MSG(test, percpu_dynamic_used(), used0,
			    "per-CPU memory not given back");
	if (srcu_test_cleaned(ssp))
		kfree(ssp);
}

/* Cleanup with a reader inside, or a callback pending, warns and refuses. */
static void srcu_test_cleanup_busy(struct kunit *test)
{
	struct srcu_struct *ssp = srcu_test_new(test);
	struct rcu_head rh;
	struct srcu_rdr r = { .hold_ms = 10000 };
	int idx;

	if (!ssp)
		return;
	/*
	 * A reader in each index in turn: a grace period flips the index
	 * new readers take, and cleanup must find a reader in either.
	 */
	for (int i = 0; i < 2 && !srcu_test_cleaned(ssp); i++) {
		if (i)
			synchronize_srcu(ssp);
		idx = srcu_read_lock(ssp);
		rcu_test_srcu_cleanup_refused(test, ssp, "with readers active");
		KUNIT_EXPECT_TRUE_MSG(test, !srcu_test_cleaned(ssp),
				      "cleanup_srcu_struct() freed a domain with a reader inside index %d",
				      idx);
		/* A freed domain's counters are gone: leave the reader. */
		if (!srcu_test_cleaned(ssp))
			srcu_read_unlock(ssp, idx);
	}
	if (srcu_test_cleaned(ssp)) {
		kfree(ssp);
		return;
	}

	/* A callback waiting behind another task's reader. */
	r.ssp = ssp;
	if (srcu_rdr_start(test, &r, -1)) {
		KUNIT_EXPECT_TRUE(test, prove_wait_flag(&r.inside, 5000));
		init_rcu_head_on_stack(&rh);
		srcu_loop_cb_ran = 0;
		call_srcu(ssp, &rh, srcu_loop_cb);
		rcu_test_srcu_cleanup_refused(test, ssp, "with callbacks pending");
		KUNIT_EXPECT_TRUE_MSG(test, !srcu_test_cleaned(ssp),
				      "cleanup_srcu_struct() freed a domain with callbacks pending");
		srcu_rdr_stop(test, &r);
		if (!srcu_test_cleaned(ssp))
			srcu_barrier(ssp);
		destroy_rcu_head_on_stack(&rh);
		KUNIT_EXPECT_EQ(test, READ_ONCE(srcu_loop_cb_ran), 1);
	}
	if (!srcu_test_cleaned(ssp))
		srcu_test_free(test, ssp);
	else
		kfree(ssp);
}

/* ---- PROVE_RCU ---- */

#ifdef CONFIG_PROVE_RCU
static unsigned long srcu_prove_count0;

static void srcu_prove_begin(struct kunit *test)
{
	kunit_expect_splat_begin(test);
	kunit_printk_capture_start();
	srcu_prove_count0 = READ_ONCE(rcu_suspicious_count);
}

static unsigned long srcu_prove_end(struct kunit *test)
{
	unsigned long n = READ_ONCE(rcu_suspicious_count) - srcu_prove_count0;

	kunit_printk_capture_stop();
	kunit_expect_splat_end(test);
	return n;
}

#define SRCU_PROVE_ONCE_PER_BOOT(test)					\
do {									\
	static bool __ran;						\
	if (__ran)							\
		kunit_skip(test, "splats once per call site: already reported in this boot"); \
	__ran = true;							\
} while (0)

/* srcu_dereference() outside a reader of its domain splats. */
static void srcu_test_prove_dereference(struct kunit *test)
{
	struct srcu_test_obj *p;
	int idx;

	SRCU_PROVE_ONCE_PER_BOOT(test);
	srcu_prove_count0 = READ_ONCE(rcu_suspicious_count);
	idx = srcu_read_lock(&srcu_test_a);
	p = srcu_dereference(srcu_test_gp, &srcu_test_a);
	KUNIT_EXPECT_TRUE(test, srcu_read_lock_held(&srcu_test_a));
	KUNIT_EXPECT_FALSE(test, srcu_read_lock_held(&srcu_test_b));
	srcu_read_unlock(&srcu_test_a, idx);
	KUNIT_EXPECT_FALSE(test, srcu_read_lock_held(&srcu_test_a));
	KUNIT_EXPECT_EQ_MSG(test, READ_ONCE(rcu_suspicious_count) - srcu_prove_count0, 0UL,
			    "srcu_dereference() inside its reader splatted");

	srcu_prove_begin(test);
	p = srcu_dereference(srcu_test_gp, &srcu_test_a);	/* no reader */
	KUNIT_EXPECT_EQ(test, srcu_prove_end(test), 1UL);
	KUNIT_EXPECT_TRUE(test, kunit_log_contains("suspicious srcu_dereference_check() usage"));
	KUNIT_EXPECT_TRUE(test, kunit_log_contains("rcu/tests/srcu_test.c:"));

	srcu_prove_begin(test);
	idx = srcu_read_lock(&srcu_test_b);
	p = srcu_dereference(srcu_test_gp, &srcu_test_a);	/* B's reader */
	srcu_read_unlock(&srcu_test_b, idx);
	KUNIT_EXPECT_EQ_MSG(test, srcu_prove_end(test), 1UL,
			    "a reader of another domain made srcu_dereference() legal");
	KUNIT_EXPECT_EQ(test, p->val, 7);
}

struct srcu_sync_in_reader {
	struct srcu_struct *reader_ssp;
	struct srcu_struct *sync_ssp;
	int done;
};

static int srcu_sync_in_reader_fn(void *arg)
{
	struct srcu_sync_in_reader *s = arg;
	int idx = srcu_read_lock(s->reader_ssp);

	synchronize_srcu(s->sync_ssp);
	srcu_read_unlock(s->reader_ssp, idx);
	WRITE_ONCE(s->done, 1);
	return 0;
}

/* Run the reader-then-synchronize_srcu() kthread; did it finish? */
static bool srcu_sync_in_reader_run(struct kunit *test, struct srcu_sync_in_reader *s)
{
	if (IS_ERR(prove_run_on(srcu_sync_in_reader_fn, s, -1, "srcu_sir"))) {
		KUNIT_FAIL(test, "cannot start a kthread");
		return false;
	}
	return prove_wait_flag(&s->done, 5000);
}

/*
 * synchronize_srcu() in a reader of the same domain is reported (and
 * returns instead of deadlocking); in another domain's reader it is fine.
 */
static void srcu_test_prove_sync_in_reader(struct kunit *test)
{
	struct srcu_sync_in_reader other = { &srcu_test_b, &srcu_test_a };
	struct srcu_sync_in_reader same = { &srcu_test_a, &srcu_test_a };
	bool ok;

	srcu_prove_count0 = READ_ONCE(rcu_suspicious_count);
	KUNIT_EXPECT_TRUE_MSG(test, srcu_sync_in_reader_run(test, &other),
			      "synchronize_srcu(A) in a reader of B did not return");
	KUNIT_EXPECT_EQ_MSG(test, READ_ONCE(rcu_suspicious_count) - srcu_prove_count0, 0UL,
			    "synchronize_srcu(A) in a reader of B was reported");

	srcu_prove_begin(test);
	ok = srcu_sync_in_reader_run(test, &same);
	KUNIT_EXPECT_EQ(test, srcu_prove_end(test), 1UL);
	KUNIT_EXPECT_TRUE_MSG(test, ok, "synchronize_srcu(A) in a reader of A deadlocked");
	KUNIT_EXPECT_TRUE(test, kunit_log_contains(
		"Illegal synchronize_srcu() in same-type SRCU read-side critical section"));
}

/* srcu_read_unlock() with the wrong index is reported and repaired. */
static void srcu_test_prove_wrong_index(struct kunit *test)
{
	struct srcu_struct *ssp;
	struct srcu_sync_waiter w;
	int idx;

	SRCU_PROVE_ONCE_PER_BOOT(test);
	ssp = srcu_test_new(test);
	if (!ssp)
		return;
	srcu_prove_begin(test);
	idx = srcu_read_lock(ssp);
	srcu_read_unlock(ssp, !idx);
	KUNIT_EXPECT_EQ(test, srcu_prove_end(test), 1UL);
	KUNIT_EXPECT_TRUE(test, kunit_log_contains(
		"srcu_read_unlock() with an index srcu_read_lock() did not return"));
	KUNIT_EXPECT_FALSE(test, srcu_read_lock_held(ssp));

	/* The counts stayed balanced: grace periods still end. */
	if (srcu_sync_waiter_start(test, &w, ssp) && !prove_wait_flag(&w.done, 5000)) {
		KUNIT_FAIL(test, "grace periods stuck after the repaired unlock");
		return;		/* leak: the waiter still uses it */
	}
	srcu_test_free(test, ssp);
}

/* A fast reader where RCU is not watching (this CPU "idle") splats. */
static void srcu_test_prove_fast_not_watching(struct kunit *test)
{
	struct srcu_struct *ssp;
	struct srcu_ctr __percpu *scp;
	unsigned long flags;

	if (IS_ENABLED(CONFIG_TINY_RCU))
		kunit_skip(test, "Tiny RCU is always watching");
	SRCU_PROVE_ONCE_PER_BOOT(test);
	ssp = srcu_test_new(test);
	if (!ssp)
		return;
	srcu_prove_count0 = READ_ONCE(rcu_suspicious_count);
	scp = srcu_read_lock_fast(ssp);
	srcu_read_unlock_fast(ssp, scp);
	KUNIT_EXPECT_EQ_MSG(test, READ_ONCE(rcu_suspicious_count) - srcu_prove_count0, 0UL,
			    "a fast reader where RCU watches splatted");

	srcu_prove_begin(test);
	local_irq_save(flags);
	rcu_idle_enter();
	scp = srcu_read_lock_fast(ssp);
	srcu_read_unlock_fast(ssp, scp);
	rcu_idle_exit();
	local_irq_restore(flags);
	KUNIT_EXPECT_EQ(test, srcu_prove_end(test), 1UL);
	KUNIT_EXPECT_TRUE(test, kunit_log_contains(
		"srcu_read_lock_fast() where RCU is not watching"));
	srcu_test_free(test, ssp);
}
#else
static void srcu_test_prove_fast_not_watching(struct kunit *test)
{
	kunit_skip(test, "needs CONFIG_PROVE_RCU");
}

static void srcu_test_prove_dereference(struct kunit *test)
{
	kunit_skip(test, "needs CONFIG_PROVE_RCU");
}

static void srcu_test_prove_sync_in_reader(struct kunit *test)
{
	kunit_skip(test, "needs CONFIG_PROVE_RCU");
}

static void srcu_test_prove_wrong_index(struct kunit *test)
{
	kunit_skip(test, "needs CONFIG_PROVE_RCU");
}
#endif

static struct kunit_case srcu_test_cases[] = {
	KUNIT_CASE(srcu_test_basic),
	KUNIT_CASE(srcu_test_independent),
	KUNIT_CASE(srcu_test_preexisting),
	KUNIT_CASE(srcu_test_gp_in_flight),
	KUNIT_CASE(srcu_test_stale_index),
	KUNIT_CASE(srcu_test_expedited),
	KUNIT_CASE(srcu_test_call_barrier),
	KUNIT_CASE(srcu_test_barrier_running_cb),
	KUNIT_CASE(srcu_test_polled),
	KUNIT_CASE(srcu_test_fast),
	KUNIT_CASE(srcu_test_batching),
	KUNIT_CASE(srcu_test_init_cleanup_loop),
	KUNIT_CASE(srcu_test_cleanup_busy),
	KUNIT_CASE(srcu_test_prove_dereference),
	KUNIT_CASE(srcu_test_prove_sync_in_reader),
	KUNIT_CASE(srcu_test_prove_wrong_index),
	KUNIT_CASE(srcu_test_prove_fast_not_watching),
	{}
};

static struct kunit_suite srcu_test_suite = {
	.name = "srcu",
	.test_cases = srcu_test_cases,
};

kunit_test_suite(srcu_test_suite);
