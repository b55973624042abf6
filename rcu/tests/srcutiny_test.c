// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "srcutiny": what Tiny SRCU's design must get right.
 *
 * One kthread runs every domain's grace periods, so a domain whose
 * reader sleeps must not hold up another's grace periods, callbacks or
 * polled cookies.  Readers count on the index the last flip chose, so a
 * reader that sleeps (normal or fast, or one in a softirq) must hold up
 * its own domain.  Callbacks run in the kthread with bottom halves off,
 * in order, one grace period's worth at a time (those queued before its
 * flip, not those queued while it waits); cleanup refuses a busy
 * domain and a cleaned-up one refuses callbacks.  The sequence number
 * starts just before it wraps, so a run of grace periods crosses it.
 */
#include <kunit/test.h>
#include <kunit/prove_helpers.h>
#include <linux/kernel.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/interrupt.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/slab.h>
#include <linux/srcu.h>
#include <linux/timer.h>
#include "rcu_test_util.h"

DEFINE_STATIC_SRCU(srcutiny_a);
DEFINE_STATIC_SRCU(srcutiny_b);

static unsigned long long srcutiny_ms_since(u64 t0)
{
	return (ktime_get_ns() - t0) / 1000000;
}

/**
 * struct srcutiny_rdr - a reader in a kthread
 * @ssp: its domain
 * @fast: srcu_read_lock_fast() rather than srcu_read_lock()
 * @hold_ms: how long it sleeps inside
 * @inside: it has entered
 * @left: set just before its unlock
 * @done: the kthread is about to return
 * @scp: the fast reader's counter
 */
struct srcutiny_rdr {
	struct srcu_struct *ssp;
	bool fast;
	unsigned int hold_ms;
	int inside;
	int left;
	int done;
	struct srcu_ctr __percpu *scp;
};

static int srcutiny_rdr_fn(void *arg)
{
	struct srcutiny_rdr *r = arg;
	int idx = 0;

	if (r->fast)
		r->scp = srcu_read_lock_fast(r->ssp);
	else
		idx = srcu_read_lock(r->ssp);
	WRITE_ONCE(r->inside, 1);
	msleep(r->hold_ms);
	WRITE_ONCE(r->left, 1);
	if (r->fast)
		srcu_read_unlock_fast(r->ssp, r->scp);
	else
		srcu_read_unlock(r->ssp, idx);
	WRITE_ONCE(r->done, 1);
	return 0;
}

/* Start reader @r and wait until it is inside. */
static bool srcutiny_rdr_start(struct kunit *test, struct srcutiny_rdr *r)
{
	struct task_struct *t = prove_run_on(srcutiny_rdr_fn, r, -1, "srcutiny_rdr");

	if (IS_ERR(t)) {
		KUNIT_FAIL(test, "cannot start a reader");
		return false;
	}
	KUNIT_EXPECT_TRUE(test, prove_wait_flag(&r->inside, 5000));
	return true;
}

static void srcutiny_rdr_wait(struct kunit *test, struct srcutiny_rdr *r)
{
	KUNIT_EXPECT_TRUE_MSG(test, prove_wait_flag(&r->done, 10000),
			      "reader kthread did not finish");
}

/* synchronize_srcu() sleeps until a reader that sleeps inside has left. */
static void srcutiny_sleeping_reader(struct kunit *test)
{
	struct srcutiny_rdr r = { .ssp = &srcutiny_a, .hold_ms = 300 };
	unsigned long long ms;
	u64 t0;

	if (!srcutiny_rdr_start(test, &r))
		return;
	t0 = ktime_get_ns();
	synchronize_srcu(&srcutiny_a);
	ms = srcutiny_ms_since(t0);
	KUNIT_EXPECT_TRUE_MSG(test, READ_ONCE(r.left),
			      "synchronize_srcu() returned after %llu ms with the reader inside", ms);
	srcutiny_rdr_wait(test, &r);
	t0 = ktime_get_ns();
	synchronize_srcu_expedited(&srcutiny_a);
	KUNIT_EXPECT_LT(test, srcutiny_ms_since(t0), 100ULL);
}

static int srcutiny_cb_count;

static void srcutiny_count_cb(struct rcu_head *rh)
{
	WRITE_ONCE(srcutiny_cb_count, srcutiny_cb_count + 1);
}

/*
 * A reader of A sleeps 2 s; meanwhile B's synchronize_srcu(), its
 * callbacks with srcu_barrier(), and a polled cookie all complete at
 * once: the one grace-period kthread does not sleep on A's reader.
 */
static void srcutiny_domains_independent(struct kunit *test)
{
	struct srcutiny_rdr r = { .ssp = &srcutiny_a, .hold_ms = 2000 };
	struct rcu_head rh;
	unsigned long cookie;
	unsigned long long ms;
	u64 t0;

	if (!srcutiny_rdr_start(test, &r))
		return;
	cookie = start_poll_synchronize_srcu(&srcutiny_a);
	msleep(20);	/* A's grace period is under way */

	t0 = ktime_get_ns();
	synchronize_srcu(&srcutiny_b);
	ms = srcutiny_ms_since(t0);
	KUNIT_EXPECT_LT_MSG(test, ms, 100ULL,
			    "synchronize_srcu(B) took %llu ms behind a reader of A", ms);

	t0 = ktime_get_ns();
	srcutiny_cb_count = 0;
	init_rcu_head_on_stack(&rh);
	call_srcu(&srcutiny_b, &rh, srcutiny_count_cb);
	srcu_barrier(&srcutiny_b);
	destroy_rcu_head_on_stack(&rh);
	ms = srcutiny_ms_since(t0);
	KUNIT_EXPECT_EQ(test, READ_ONCE(srcutiny_cb_count), 1);
	KUNIT_EXPECT_LT_MSG(test, ms, 100ULL,
			    "call_srcu(B) + srcu_barrier(B) took %llu ms", ms);

	t0 = ktime_get_ns();
	synchronize_srcu(&srcutiny_b);
	KUNIT_EXPECT_LT(test, srcutiny_ms_since(t0), 100ULL);

	KUNIT_EXPECT_TRUE_MSG(test, READ_ONCE(r.inside) && !READ_ONCE(r.left),
			      "the reader of A left early: the test proves nothing");
	KUNIT_EXPECT_FALSE(test, poll_state_synchronize_srcu(&srcutiny_a, cookie));
	synchronize_srcu(&srcutiny_a);
	KUNIT_EXPECT_TRUE_MSG(test, READ_ONCE(r.left),
			      "synchronize_srcu(A) returned with A's reader inside");
	KUNIT_EXPECT_TRUE(test, poll_state_synchronize_srcu(&srcutiny_a, cookie));
	srcutiny_rdr_wait(test, &r);
}

/* ---- callbacks ---- */

#define SRCUTINY_NCB	8

struct srcutiny_cbs {
	struct rcu_head rh[SRCUTINY_NCB];
	struct rcu_head chained;
	int order[SRCUTINY_NCB + 1];
	int n;
	int not_softirq;
	unsigned long chained_gp;
	unsigned long queued_gp;
};

static struct srcutiny_cbs *srcutiny_cbs;

static void srcutiny_order_cb(struct rcu_head *rh)
{
	struct srcutiny_cbs *c = srcutiny_cbs;

	if (!in_softirq())
		c->not_softirq++;
	c->order[c->n++] = rh - c->rh;
}

static void srcutiny_chained_cb(struct rcu_head *rh)
{
	struct srcutiny_cbs *c = srcutiny_cbs;

	c->chained_gp = srcu_batches_completed(&srcutiny_a);
	c->order[c->n++] = -1;
}

static void srcutiny_first_cb(struct rcu_head *rh)
{
	struct srcutiny_cbs *c = srcutiny_cbs;

	/* Queued from a callback: needs a grace period of its own. */
	c->queued_gp = srcu_batches_completed(&srcutiny_a);
	call_srcu(&srcutiny_a, &c->chained, srcutiny_chained_cb);
	srcutiny_order_cb(rh);
}

/*
 * Callbacks queued under a sleeping reader wait for it, then run in
 * order with bottom halves disabled; one queued by a callback runs a
 * grace period later; srcu_barrier() waits for all of them.
 */
static void srcutiny_callbacks(struct kunit *test)
{
	struct srcutiny_rdr r = { .ssp = &srcutiny_a, .hold_ms = 300 };
	struct srcutiny_cbs *c = kzalloc(sizeof(*c), GFP_KERNEL);
	int i;

	KUNIT_ASSERT_NOT_NULL(test, c);
	srcutiny_cbs = c;
	if (!srcutiny_rdr_start(test, &r))
		goto out;
	call_srcu(&srcutiny_a, &c->rh[0], srcutiny_first_cb);
	for (i = 1; i < SRCUTINY_NCB; i++)
		call_srcu(&srcutiny_a, &c->rh[i], srcutiny_order_cb);
	msleep(100);
	KUNIT_EXPECT_EQ_MSG(test, READ_ONCE(c->n), 0,
			    "callbacks ran with a pre-existing reader inside");
	srcu_barrier(&srcutiny_a);
	KUNIT_EXPECT_TRUE(test, READ_ONCE(r.left));
	KUNIT_EXPECT_EQ(test, READ_ONCE(c->n), SRCUTINY_NCB + 1);
	for (i = 0; i < SRCUTINY_NCB; i++)
		KUNIT_EXPECT_EQ_MSG(test, c->order[i], i, "position %d", i);
	KUNIT_EXPECT_EQ(test, c->order[SRCUTINY_NCB], -1);
	KUNIT_EXPECT_EQ(test, c->not_softirq, 0);
	KUNIT_EXPECT_GT_MSG(test, c->chained_gp, c->queued_gp,
			    "a callback queued by a callback ran in the same grace period");
	srcutiny_rdr_wait(test, &r);
out:
	srcutiny_cbs = NULL;
	kfree(c);
}

/*
 * A grace period's callbacks are those queued before its flip: one
 * queued after it may be waiting for a reader that took the new index
 * (it began after the flip, before the callback's update), which that
 * grace period does not wait for.  Reader 1 holds the grace period of
 * callback 0; once the index has flipped, reader 2 enters and callback 1
 * is queued; reader 1 leaves: callback 0 runs, callback 1 must not
 * until reader 2 has left.
 */
static int srcutiny_flip_ran[2];

static void srcutiny_flip_cb0(struct rcu_head *rh)
{
	WRITE_ONCE(srcutiny_flip_ran[0], 1);
}

static void srcutiny_flip_cb1(struct rcu_head *rh)
{
	WRITE_ONCE(srcutiny_flip_ran[1], 1);
}

static void srcutiny_cb_after_flip(struct kunit *test)
{
	struct srcutiny_rdr r1 = { .ssp = &srcutiny_a, .hold_ms = 300 };
	struct srcutiny_rdr r2 = { .ssp = &srcutiny_a, .hold_ms = 1000 };
	struct rcu_head rh[2];
	int idx0 = READ_ONCE(srcutiny_a.srcu_idx);

	srcutiny_flip_ran[0] = srcutiny_flip_ran[1] = 0;
	init_rcu_head_on_stack(&rh[0]);
	init_rcu_head_on_stack(&rh[1]);
	if (!srcutiny_rdr_start(test, &r1))
		goto out;
	call_srcu(&srcutiny_a, &rh[0], srcutiny_flip_cb0);
	for (int i = 0; i < 5000 && READ_ONCE(srcutiny_a.srcu_idx) == idx0; i++)
		msleep(1);
	KUNIT_EXPECT_NE_MSG(test, READ_ONCE(srcutiny_a.srcu_idx), idx0,
			    "the grace period never flipped the index");
	if (!srcutiny_rdr_start(test, &r2))
		goto out_r1;
	call_srcu(&srcutiny_a, &rh[1], srcutiny_flip_cb1);
	KUNIT_EXPECT_TRUE(test, prove_wait_flag(&srcutiny_flip_ran[0], 5000));
	msleep(50);
	KUNIT_EXPECT_TRUE_MSG(test, !READ_ONCE(srcutiny_flip_ran[1]) || READ_ONCE(r2.left),
			      "a callback queued after the flip ran with the grace period in flight, under a reader of the new index");
	srcutiny_rdr_wait(test, &r2);
out_r1:
	srcutiny_rdr_wait(test, &r1);
	srcu_barrier(&srcutiny_a);
	KUNIT_EXPECT_TRUE(test, READ_ONCE(srcutiny_flip_ran[1]));
out:
	destroy_rcu_head_on_stack(&rh[0]);
	destroy_rcu_head_on_stack(&rh[1]);
}

/* ---- readers outside process context and fast readers ---- */

/* Sleep until @cookie is done, at most @ms milliseconds.  Return: it is. */
static bool srcutiny_poll_wait(struct srcu_struct *ssp, unsigned long cookie,
			       unsigned int ms)
{
	u64 t0 = ktime_get_ns();

	while (!poll_state_synchronize_srcu(ssp, cookie)) {
		if (srcutiny_ms_since(t0) >= ms)
			return false;
		msleep(1);
	}
	return true;
}

struct srcutiny_timer {
	struct timer_list timer;
	int idx;
	int locked;
	int unlocked;
};

/* A reader that begins in one softirq and ends in a later one. */
static void srcutiny_timer_fn(struct timer_list *t)
{
	struct srcutiny_timer *st = from_timer(st, t, timer);

	if (!st->locked) {
		st->idx = srcu_read_lock(&srcutiny_b);
		WRITE_ONCE(st->locked, 1);
		mod_timer(&st->timer, jiffies + msecs_to_jiffies(300));
	} else {
		srcu_read_unlock(&srcutiny_b, st->idx);
		WRITE_ONCE(st->unlocked, 1);
	}
}

static void srcutiny_softirq_reader(struct kunit *test)
{
	struct srcutiny_timer st = {};

	timer_setup_on_stack(&st.timer, srcutiny_timer_fn, 0);
	mod_timer(&st.timer, jiffies + 1);
	KUNIT_ASSERT_TRUE(test, prove_wait_flag(&st.locked, 5000));
	synchronize_srcu(&srcutiny_b);
	KUNIT_EXPECT_TRUE_MSG(test, READ_ONCE(st.unlocked),
			      "grace period ended under a reader held across softirqs");
	prove_wait_flag(&st.unlocked, 5000);
	del_timer_sync(&st.timer);
	destroy_timer_on_stack(&st.timer);
}

/*
 * A fast reader's counter is the domain's own, its unlock finds the
 * index it locked after a flip, and a sleeping one holds up the grace
 * period.  On a fresh domain: a broken unlock would leave it stuck.
 */
static void srcutiny_fast(struct kunit *test)
{
	struct srcutiny_rdr r = { .fast = true, .hold_ms = 300 };
	struct srcu_struct *ssp = kzalloc(sizeof(*ssp), GFP_KERNEL);
	struct srcu_ctr __percpu *scp;
	unsigned long cookie;
	int idx;

	KUNIT_ASSERT_NOT_NULL(test, ssp);
	KUNIT_ASSERT_EQ(test, init_srcu_struct(ssp), 0);
	scp = srcu_read_lock_fast(ssp);
	idx = srcu_read_lock(ssp);
	KUNIT_EXPECT_PTR_EQ(test, (struct srcu_ctr __force *)scp, &ssp->srcu_ctrs[idx]);
	srcu_read_unlock(ssp, idx);
	cookie = start_poll_synchronize_srcu(ssp);
	msleep(50);	/* the kthread flips the index and waits */
	KUNIT_EXPECT_FALSE_MSG(test, poll_state_synchronize_srcu(ssp, cookie),
			       "grace period ended under a fast reader");
	srcu_read_unlock_fast(ssp, scp);
	/* Stuck for good if the unlock missed its counter: leak it. */
	KUNIT_ASSERT_TRUE_MSG(test, srcutiny_poll_wait(ssp, cookie, 1000),
			      "grace period did not end when the fast reader left");

	r.ssp = ssp;
	if (srcutiny_rdr_start(test, &r)) {
		synchronize_srcu(ssp);
		KUNIT_EXPECT_TRUE_MSG(test, READ_ONCE(r.left),
				      "grace period ended under a sleeping fast reader");
		srcutiny_rdr_wait(test, &r);
	}
	cleanup_srcu_struct(ssp);
	kfree(ssp);
}

/* ---- polling and the sequence number ---- */


static void srcutiny_polled(struct kunit *test)
{
	struct srcu_struct *ssp = kzalloc(sizeof(*ssp), GFP_KERNEL);
	unsigned long c1, c2, b0;
	int i;

	KUNIT_ASSERT_NOT_NULL(test, ssp);
	KUNIT_ASSERT_EQ(test, init_srcu_struct(ssp), 0);
	b0 = srcu_batches_completed(ssp);
	c1 = get_state_synchronize_srcu(ssp);
	msleep(50);
	KUNIT_EXPECT_EQ_MSG(test, srcu_batches_completed(ssp), b0,
			    "get_state_synchronize_srcu() started a grace period");
	KUNIT_EXPECT_FALSE(test, poll_state_synchronize_srcu(ssp, c1));
	c2 = start_poll_synchronize_srcu(ssp);
	KUNIT_EXPECT_EQ(test, c1, c2);
	KUNIT_EXPECT_TRUE(test, srcutiny_poll_wait(ssp, c2, 5000));
	KUNIT_EXPECT_TRUE(test, poll_state_synchronize_srcu(ssp, c1));
	KUNIT_EXPECT_EQ(test, srcu_batches_completed(ssp) - b0, 1UL);

	/* 320 grace periods cross the sequence number's wrap. */
	for (i = 0; i < 320; i++) {
		c2 = get_state_synchronize_srcu(ssp);
		synchronize_srcu(ssp);
		if (!poll_state_synchronize_srcu(ssp, c2) ||
		    !poll_state_synchronize_srcu(ssp, c1))
			break;
	}
	KUNIT_EXPECT_EQ_MSG(test, i, 320, "cookie not done after its grace period at round %d", i);
	KUNIT_EXPECT_EQ(test, srcu_batches_completed(ssp) - b0, 321UL);
	KUNIT_EXPECT_LT_MSG(test, READ_ONCE(ssp->srcu_gp_seq), 1000UL,
			    "the sequence number did not wrap");
	KUNIT_EXPECT_FALSE(test, poll_state_synchronize_srcu(ssp,
				get_state_synchronize_srcu(ssp)));
	cleanup_srcu_struct(ssp);
	kfree(ssp);
}

/* ---- cleanup ---- */

static void srcutiny_cleanup_expect(struct kunit *test, struct srcu_struct *ssp,
				    const char *why)
{
	struct srcu_struct before = *ssp;

	rcu_test_srcu_cleanup_refused(test, ssp, why);
	/* If it went ahead, the domain is unusable: end the case. */
	KUNIT_ASSERT_TRUE_MSG(test, ssp->srcu_cb_tail != NULL &&
			      ssp->srcu_cb_tail == before.srcu_cb_tail,
			      "cleanup_srcu_struct() went ahead with %s", why);
}

static void srcutiny_cleanup(struct kunit *test)
{
	struct srcu_struct *ssp = kzalloc(sizeof(*ssp), GFP_KERNEL);
	struct rcu_head rh;
	unsigned long cookie;
	int idx;

	KUNIT_ASSERT_NOT_NULL(test, ssp);
	KUNIT_ASSERT_EQ(test, init_srcu_struct(ssp), 0);
	init_rcu_head_on_stack(&rh);

	idx = srcu_read_lock(ssp);
	srcutiny_cleanup_expect(test, ssp, "with readers active");
	call_srcu(ssp, &rh, srcutiny_count_cb);
	srcutiny_cleanup_expect(test, ssp, "with callbacks pending");
	srcu_read_unlock(ssp, idx);
	srcu_barrier(ssp);

	/* No task switch between the two: the kthread has not run. */
	cookie = start_poll_synchronize_srcu(ssp);
	srcutiny_cleanup_expect(test, ssp, "with a grace period in flight");
	KUNIT_EXPECT_TRUE(test, srcutiny_poll_wait(ssp, cookie, 5000));

	kunit_printk_capture_start();
	cleanup_srcu_struct(ssp);
	kunit_printk_capture_stop();
	KUNIT_EXPECT_FALSE(test, kunit_log_contains("WARNING:"));
	KUNIT_EXPECT_NULL_MSG(test, ssp->srcu_cb_tail, "cleanup refused an idle domain");
	KUNIT_EXPECT_FALSE(test, READ_ONCE(ssp->srcu_queued));

	/* A callback after cleanup is refused, and never invoked. */
	srcutiny_cb_count = 0;
	kunit_expect_splat_begin(test);
	kunit_printk_capture_start();
	call_srcu(ssp, &rh, srcutiny_count_cb);
	kunit_printk_capture_stop();
	kunit_expect_splat_end(test);
	msleep(50);
	KUNIT_EXPECT_EQ(test, READ_ONCE(srcutiny_cb_count), 0);
	destroy_rcu_head_on_stack(&rh);
	srcu_barrier(ssp);	/* refused too, rather than waiting for ever */

	/* Initialised again, it works. */
	KUNIT_EXPECT_EQ(test, init_srcu_struct(ssp), 0);
	synchronize_srcu(ssp);
	cleanup_srcu_struct(ssp);
	KUNIT_EXPECT_NULL(test, ssp->srcu_cb_tail);
	kfree(ssp);
}

static struct kunit_case srcutiny_test_cases[] = {
	KUNIT_CASE(srcutiny_sleeping_reader),
	KUNIT_CASE(srcutiny_domains_independent),
	KUNIT_CASE(srcutiny_callbacks),
	KUNIT_CASE(srcutiny_cb_after_flip),
	KUNIT_CASE(srcutiny_softirq_reader),
	KUNIT_CASE(srcutiny_fast),
	KUNIT_CASE(srcutiny_polled),
	KUNIT_CASE(srcutiny_cleanup),
	{}
};

static struct kunit_suite srcutiny_test_suite = {
	.name = "srcutiny",
	.test_cases = srcutiny_test_cases,
};

kunit_test_suites(&srcutiny_test_suite);
