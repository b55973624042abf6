// SPDX-License-Identifier: GPL-2.0
/*
 * rcu_requirements: KUnit tests of RCU's requirements, one source for two
 * kernels.  rcuos builds it in (suite "rcu_requirements", shell command
 * "test rcu_requirements"); Linux builds it as a module (linux/module/),
 * which the test init loads inside QEMU.  Both print the same KTAP case
 * names.  rcu_requirements_compat.h holds what the kernels spell
 * differently.
 *
 * The requirements:
 *  - publish/subscribe: a reader never sees an object before its
 *    initialisation, nor after the grace period that frees it;
 *  - the grace-period guarantee: a reader that began before
 *    synchronize_rcu() (or its expedited form) ended before it returns,
 *    also when the reader is nested, which ends only at the outermost
 *    rcu_read_unlock();
 *  - callbacks wait for readers; call_rcu() with interrupts disabled,
 *    rcu_barrier(), kfree_rcu() and kvfree_rcu_barrier();
 *  - concurrent synchronize_rcu() callers share grace periods; expedited
 *    grace periods are not slower than normal ones;
 *  - polled cookies: not done while a reader that began before them
 *    runs, done after a grace period;
 *  - SRCU: readers may sleep, and hold up only their own domain;
 *  - notifier chains of all four kinds (atomic, blocking, raw, SRCU):
 *    priority order, NOTIFY_STOP_MASK, unregistration waiting for calls
 *    in flight, and register/unregister concurrent with calls;
 *  - the PROVE_RCU and DEBUG_OBJECTS_RCU_HEAD splats, fired on purpose.
 *
 * A case that needs a reader running while the test thread waits skips
 * itself when no such reader can exist: one non-preemptible CPU.
 */
#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/irqflags.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/notifier.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/srcu.h>
#include <linux/string.h>
#include "rcu_requirements_compat.h"

/* The low two bits of gp_seq hold the grace-period state. */
#define GP_SEQ_SHIFT 2

/* Sleep until *@flag is set, at most @ms milliseconds.  Return: it is set. */
static bool req_wait_flag(int *flag, unsigned int ms)
{
	unsigned int i;

	for (i = 0; i < ms && !READ_ONCE(*flag); i++)
		msleep(1);
	return READ_ONCE(*flag);
}

/* ---- a reader in a kthread ----------------------------------------------- */

/*
 * The reader enters @nest nested RCU read-side critical sections, sets
 * ->started, spins for ->hold_ms (or until ->release), leaves the inner
 * sections (->inner_done), spins another ->hold_ms, sets ->ended and
 * leaves the outermost one.
 */
struct req_reader {
	unsigned int hold_ms;
	int nest;
	int started, inner_done, ended, release, done;
};

static void req_reader_hold(struct req_reader *r)
{
	unsigned int i;

	for (i = 0; i < r->hold_ms && !READ_ONCE(r->release); i++)
		mdelay(1);
}

static int req_reader_fn(void *arg)
{
	struct req_reader *r = arg;
	int i;

	for (i = 0; i < r->nest; i++)
		rcu_read_lock();
	WRITE_ONCE(r->started, 1);
	req_reader_hold(r);
	for (i = 1; i < r->nest; i++)
		rcu_read_unlock();
	WRITE_ONCE(r->inner_done, 1);
	if (r->nest > 1)
		req_reader_hold(r);
	WRITE_ONCE(r->ended, 1);
	rcu_read_unlock();
	WRITE_ONCE(r->done, 1);
	return 0;
}

/* Start @r's kthread and wait until its reader has begun. */
static void req_reader_start(struct kunit *test, struct req_reader *r,
			     unsigned int hold_ms, int nest)
{
	struct task_struct *t;

	memset(r, 0, sizeof(*r));
	r->hold_ms = hold_ms;
	r->nest = nest;
	t = kthread_run(req_reader_fn, r, "rcu_req_reader");
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	KUNIT_ASSERT_TRUE_MSG(test, req_wait_flag(&r->started, 10000),
			      "the reader did not start");
}

static void req_reader_finish(struct kunit *test, struct req_reader *r)
{
	WRITE_ONCE(r->release, 1);
	KUNIT_EXPECT_TRUE_MSG(test, req_wait_flag(&r->done, 10000),
			      "the reader did not finish");
}

/* Can a reader in another task still run while the test thread waits? */
static bool req_readers_overlap(void)
{
	return num_online_cpus() > 1 || IS_ENABLED(CONFIG_PREEMPTION);
}

#define REQ_NO_OVERLAP	"one non-preemptible CPU: no reader runs while the test thread waits"
#define REQ_NO_CONCURRENT_READER "the reader ended before the test thread ran again"

/* ---- publish/subscribe --------------------------------------------------- */

#define PS_MAGIC	0x70756273
#define PS_POISON	0x6b6b6b6b
#define PS_UPDATES	4000
#define PS_READERS	3

struct ps_obj {
	int magic;
	unsigned long seq;
	unsigned long check;	/* ~seq */
	struct rcu_head rh;
};

static struct ps_obj __rcu *ps_gp;
static atomic_t ps_bad, ps_reads, ps_started;

static void ps_free(struct rcu_head *rh)
{
	struct ps_obj *p = container_of(rh, struct ps_obj, rh);

	/* A reader still holding @p would see this. */
	WRITE_ONCE(p->magic, PS_POISON);
	kfree(p);
}

static int ps_reader(void *arg)
{
	struct ps_obj *p;
	unsigned long n = 0;

	atomic_inc(&ps_started);
	while (!kthread_should_stop()) {
		rcu_read_lock();
		p = rcu_dereference(ps_gp);
		if (p && (READ_ONCE(p->magic) != PS_MAGIC ||
			  READ_ONCE(p->check) != ~READ_ONCE(p->seq)))
			atomic_inc(&ps_bad);
		rcu_read_unlock();
		atomic_inc(&ps_reads);
		if (!(++n % 64))
			cond_resched();
	}
	return 0;
}

static void rcu_publish_subscribe(struct kunit *test)
{
	struct task_struct *t[PS_READERS];
	struct ps_obj *p, *old;
	unsigned long seq;
	int i, nr;

	nr = num_online_cpus() - 1;
	if (nr < 1)
		nr = 1;
	if (nr > PS_READERS)
		nr = PS_READERS;
	atomic_set(&ps_bad, 0);
	atomic_set(&ps_reads, 0);
	atomic_set(&ps_started, 0);
	for (i = 0; i < nr; i++) {
		t[i] = kthread_run(ps_reader, NULL, "rcu_req_ps/%d", i);
		KUNIT_ASSERT_FALSE(test, IS_ERR(t[i]));
		get_task_struct(t[i]);
	}
	for (i = 0; i < 10000 && atomic_read(&ps_started) < nr; i++)
		msleep(1);
	for (seq = 1; seq <= PS_UPDATES; seq++) {
		p = kmalloc(sizeof(*p), GFP_KERNEL);
		if (!p)
			break;
		p->magic = PS_MAGIC;
		p->seq = seq;
		p->check = ~seq;
		/* Publish only the initialised object. */
		old = rcu_replace_pointer(ps_gp, p, true);
		if (old)
			call_rcu(&old->rh, ps_free);
		if (!(seq % 256))
			msleep(1);	/* let the readers run on one CPU too */
		else if (!(seq % 16))
			cond_resched();
	}
	for (i = 0; i < nr; i++) {
		kthread_stop(t[i]);
		put_task_struct(t[i]);
	}
	old = rcu_replace_pointer(ps_gp, NULL, true);
	if (old)
		call_rcu(&old->rh, ps_free);
	rcu_barrier();
	kunit_info(test, "%lu updates, %d reads, %d bad\n", seq - 1,
		   atomic_read(&ps_reads), atomic_read(&ps_bad));
	KUNIT_EXPECT_EQ(test, seq - 1, (unsigned long)PS_UPDATES);
	KUNIT_EXPECT_GT(test, atomic_read(&ps_reads), 0);
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&ps_bad), 0,
			    "a reader saw an uninitialised or freed object");
}

/* ---- the grace-period guarantee ----------------------------------------- */

static void rcu_gp_guarantee(struct kunit *test)
{
	static struct req_reader r;
	int exp;

	if (!req_readers_overlap())
		kunit_skip(test, REQ_NO_OVERLAP);
	for (exp = 0; exp < 2; exp++) {
		req_reader_start(test, &r, 300, 1);
		if (READ_ONCE(r.ended)) {
			req_reader_finish(test, &r);
			kunit_skip(test, REQ_NO_CONCURRENT_READER);
		}
		if (exp)
			synchronize_rcu_expedited();
		else
			synchronize_rcu();
		KUNIT_EXPECT_TRUE_MSG(test, READ_ONCE(r.ended),
				      "%s returned before a reader that began before it ended",
				      exp ? "synchronize_rcu_expedited()" : "synchronize_rcu()");
		req_reader_finish(test, &r);
	}
}

/* ---- nesting -------------------------------------------------------------- */

static void rcu_nesting(struct kunit *test)
{
	static struct req_reader r;

	rcu_read_lock();
	rcu_read_lock();
	rcu_read_lock();
	KUNIT_EXPECT_TRUE(test, rcu_read_lock_held());
	rcu_read_unlock();
	rcu_read_unlock();
	/* Still inside the outermost reader. */
	KUNIT_EXPECT_TRUE(test, rcu_read_lock_held());
	rcu_read_unlock();
	/* Without lockdep, rcu_read_lock_held() is always true. */
	if (debug_lockdep_rcu_enabled())
		KUNIT_EXPECT_FALSE(test, rcu_read_lock_held());

	/* A grace period waits for the outermost rcu_read_unlock(). */
	if (!req_readers_overlap()) {
		kunit_info(test, "grace period vs nesting not checked: %s\n", REQ_NO_OVERLAP);
		return;
	}
	req_reader_start(test, &r, 150, 3);
	KUNIT_ASSERT_TRUE(test, req_wait_flag(&r.inner_done, 10000));
	if (READ_ONCE(r.ended)) {
		req_reader_finish(test, &r);
		kunit_info(test, "grace period vs nesting not checked: %s\n",
			   REQ_NO_CONCURRENT_READER);
		return;
	}
	synchronize_rcu();
	KUNIT_EXPECT_TRUE_MSG(test, READ_ONCE(r.ended),
			      "synchronize_rcu() returned after an inner rcu_read_unlock()");
	req_reader_finish(test, &r);
}

/* ---- callbacks: call_rcu() with irqs disabled, rcu_barrier() ------------- */

#define NCB 100

struct cb_obj {
	struct rcu_head rh;
	atomic_t *count;
};

static void cb_count(struct rcu_head *rh)
{
	struct cb_obj *o = container_of(rh, struct cb_obj, rh);

	atomic_inc(o->count);
	kfree(o);
}

static void rcu_call_rcu_irqs_off_and_barrier(struct kunit *test)
{
	static atomic_t count;
	unsigned long flags;
	struct cb_obj *o;
	int i;

	atomic_set(&count, 0);
	for (i = 0; i < NCB; i++) {
		o = kmalloc(sizeof(*o), GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, o);
		o->count = &count;
		local_irq_save(flags);
		call_rcu(&o->rh, cb_count);
		local_irq_restore(flags);
	}
	KUNIT_EXPECT_LE(test, atomic_read(&count), NCB);
	rcu_barrier();
	/* All of them have run once rcu_barrier() returns. */
	KUNIT_EXPECT_EQ(test, atomic_read(&count), NCB);
}

/* A callback queued under a reader does not run before the reader ends. */
static void rcu_callback_waits_for_reader(struct kunit *test)
{
	static atomic_t count;
	struct cb_obj *o = kmalloc(sizeof(*o), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, o);
	atomic_set(&count, 0);
	o->count = &count;
	rcu_read_lock();
	call_rcu(&o->rh, cb_count);
	mdelay(50);
	KUNIT_EXPECT_EQ(test, atomic_read(&count), 0);
	rcu_read_unlock();
	rcu_barrier();
	KUNIT_EXPECT_EQ(test, atomic_read(&count), 1);
}

/* ---- kfree_rcu() ---------------------------------------------------------- */

struct kf_obj {
	int payload[16];
	struct rcu_head rh;
};

static void rcu_kfree_rcu(struct kunit *test)
{
	struct kf_obj *o;
	unsigned long flags;
	int i;

	for (i = 0; i < NCB; i++) {
		o = kmalloc(sizeof(*o), GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, o);
		o->payload[0] = i;
		if (i & 1) {
			local_irq_save(flags);
			kfree_rcu(o, rh);
			local_irq_restore(flags);
		} else {
			rcu_read_lock();
			kfree_rcu(o, rh);
			/* Still ours until the reader ends. */
			KUNIT_EXPECT_EQ(test, READ_ONCE(o->payload[0]), i);
			rcu_read_unlock();
		}
	}
	o = kmalloc(sizeof(*o), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, o);
	kfree_rcu_mightsleep(o);
	/* Waits for every kfree_rcu() queued so far to be freed. */
	kvfree_rcu_barrier();
	KUNIT_SUCCEED(test);
}

/* ---- synchronize_rcu() batching ---------------------------------------- */

#define NCALLERS 16

static atomic_t sync_done;
static DECLARE_COMPLETION(sync_go);
static DECLARE_COMPLETION(sync_all_done);

static int sync_caller(void *arg)
{
	wait_for_completion(&sync_go);
	synchronize_rcu();
	if (atomic_inc_return(&sync_done) == NCALLERS)
		complete(&sync_all_done);
	return 0;
}

static void rcu_sync_batching(struct kunit *test)
{
	unsigned long s0, s1, gps;
	int i;

	if (IS_ENABLED(CONFIG_TINY_RCU))
		kunit_skip(test, "Tiny RCU: each synchronize_rcu() is a grace period of its own");
	atomic_set(&sync_done, 0);
	reinit_completion(&sync_go);
	reinit_completion(&sync_all_done);
	for (i = 0; i < NCALLERS; i++)
		KUNIT_ASSERT_FALSE(test, IS_ERR(kthread_run(sync_caller, NULL,
							    "rcu_req_sync/%d", i)));
	msleep(20);
	s0 = rcu_get_gp_seq();
	complete_all(&sync_go);
	wait_for_completion(&sync_all_done);
	s1 = rcu_get_gp_seq();
	gps = (s1 - s0) >> GP_SEQ_SHIFT;
	kunit_info(test, "%d concurrent synchronize_rcu() calls took %lu grace periods\n",
		   NCALLERS, gps);
	/* Each caller needs at least one full grace period... */
	KUNIT_EXPECT_GE(test, gps, 1UL);
	/* ...but they share them: far fewer than one (or two) each. */
	KUNIT_EXPECT_LE(test, gps, (unsigned long)NCALLERS / 2);
}

/* ---- expedited latency -------------------------------------------------- */

static int cmp_s64(const void *a, const void *b)
{
	s64 x = *(const s64 *)a, y = *(const s64 *)b;

	return x < y ? -1 : x > y;
}

#define NLAT 9

static void rcu_expedited_latency(struct kunit *test)
{
	s64 exp[NLAT], norm[NLAT];
	ktime_t t;
	int i;

	if (IS_ENABLED(CONFIG_TINY_RCU))
		kunit_skip(test, "Tiny RCU: synchronize_rcu_expedited() is synchronize_rcu()");
	for (i = 0; i < NLAT; i++) {
		t = ktime_get();
		synchronize_rcu_expedited();
		exp[i] = ktime_us_delta(ktime_get(), t);
		t = ktime_get();
		synchronize_rcu();
		norm[i] = ktime_us_delta(ktime_get(), t);
	}
	sort(exp, NLAT, sizeof(s64), cmp_s64, NULL);
	sort(norm, NLAT, sizeof(s64), cmp_s64, NULL);
	kunit_info(test, "median latency: synchronize_rcu_expedited() %lld us, synchronize_rcu() %lld us\n",
		   (long long)exp[NLAT / 2], (long long)norm[NLAT / 2]);
	/* Generous bound for QEMU TCG with lockdep: one second. */
	KUNIT_EXPECT_LT(test, exp[NLAT / 2], 1000000LL);
	/* Expedited is not slower than normal (the median, with 20% slack). */
	KUNIT_EXPECT_LE(test, exp[NLAT / 2] * 4, norm[NLAT / 2] * 5);
}

/* ---- polled cookies ------------------------------------------------------ */

static void rcu_polled_api(struct kunit *test)
{
	struct rcu_gp_oldstate full;
	unsigned long cookie;

	KUNIT_EXPECT_TRUE(test, poll_state_synchronize_rcu(get_completed_synchronize_rcu()));

	rcu_read_lock();
	cookie = get_state_synchronize_rcu();
	/* No grace period can end while we are in a reader. */
	KUNIT_EXPECT_FALSE(test, poll_state_synchronize_rcu(cookie));
	rcu_read_unlock();
	synchronize_rcu();
	KUNIT_EXPECT_TRUE(test, poll_state_synchronize_rcu(cookie));

	cookie = start_poll_synchronize_rcu();
	cond_synchronize_rcu(cookie);	/* waits only if needed */
	KUNIT_EXPECT_TRUE(test, poll_state_synchronize_rcu(cookie));

	get_state_synchronize_rcu_full(&full);
	synchronize_rcu_expedited();
	KUNIT_EXPECT_TRUE(test, poll_state_synchronize_rcu_full(&full));
	KUNIT_EXPECT_TRUE(test, same_state_synchronize_rcu(cookie, cookie));
}

/*
 * Cookies taken while another task's reader runs are not done until that
 * reader has ended; start_poll_synchronize_rcu()'s is done, unaided, soon
 * after.
 */
static void rcu_polled_cookie_reader(struct kunit *test)
{
	static struct req_reader r;
	unsigned long cookie, scookie;
	int i;

	if (!req_readers_overlap())
		kunit_skip(test, REQ_NO_OVERLAP);
	req_reader_start(test, &r, 5000, 1);
	if (READ_ONCE(r.ended)) {
		req_reader_finish(test, &r);
		kunit_skip(test, REQ_NO_CONCURRENT_READER);
	}
	cookie = get_state_synchronize_rcu();
	scookie = start_poll_synchronize_rcu();
	msleep(100);
	KUNIT_EXPECT_FALSE(test, READ_ONCE(r.ended));
	KUNIT_EXPECT_FALSE_MSG(test, poll_state_synchronize_rcu(cookie),
			       "get_state_synchronize_rcu() cookie done during an older reader");
	KUNIT_EXPECT_FALSE_MSG(test, poll_state_synchronize_rcu(scookie),
			       "start_poll_synchronize_rcu() cookie done during an older reader");
	req_reader_finish(test, &r);
	for (i = 0; i < 10000 && !poll_state_synchronize_rcu(scookie); i++)
		msleep(1);
	KUNIT_EXPECT_TRUE_MSG(test, poll_state_synchronize_rcu(scookie),
			      "start_poll_synchronize_rcu() cookie not done 10 s after the reader");
	/* The older cookie is done no later than the newer one. */
	KUNIT_EXPECT_TRUE(test, poll_state_synchronize_rcu(cookie));
}

/* ---- SRCU: sleeping readers, independent domains ------------------------- */

DEFINE_STATIC_SRCU(req_srcu_x);
DEFINE_STATIC_SRCU(req_srcu_y);

static int srcu_sleeper(void *arg)
{
	struct req_reader *r = arg;
	int idx;

	idx = srcu_read_lock(&req_srcu_x);
	WRITE_ONCE(r->started, 1);
	msleep(r->hold_ms);
	WRITE_ONCE(r->ended, 1);
	srcu_read_unlock(&req_srcu_x, idx);
	WRITE_ONCE(r->done, 1);
	return 0;
}

static void srcu_sleeping_readers(struct kunit *test)
{
	static struct req_reader r;
	struct task_struct *t;
	s64 dy, dx;
	ktime_t t0;

	memset(&r, 0, sizeof(r));
	r.hold_ms = 2000;
	t = kthread_run(srcu_sleeper, &r, "rcu_req_srcu");
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	KUNIT_ASSERT_TRUE(test, req_wait_flag(&r.started, 10000));
	t0 = ktime_get();
	/* Neither another domain nor RCU waits for a sleeping SRCU reader. */
	synchronize_srcu(&req_srcu_y);
	dy = ktime_ms_delta(ktime_get(), t0);
	KUNIT_EXPECT_FALSE_MSG(test, READ_ONCE(r.ended),
			       "synchronize_srcu() waited for a reader of another domain");
	synchronize_rcu();
	KUNIT_EXPECT_FALSE_MSG(test, READ_ONCE(r.ended),
			       "synchronize_rcu() waited for an SRCU reader");
	/* Its own domain does. */
	synchronize_srcu(&req_srcu_x);
	dx = ktime_ms_delta(ktime_get(), t0);
	KUNIT_EXPECT_TRUE_MSG(test, READ_ONCE(r.ended),
			      "synchronize_srcu() returned while a reader of its domain slept");
	kunit_info(test, "other domain: %lld ms, own domain: %lld ms (reader sleeps %u ms)\n",
		   (long long)dy, (long long)dx, r.hold_ms);
	KUNIT_EXPECT_LT(test, dy, 1000LL);
	KUNIT_EXPECT_TRUE(test, req_wait_flag(&r.done, 10000));
}

/* ---- notifier chains of all four kinds ---------------------------------- */

enum { NK_ATOMIC, NK_BLOCKING, NK_RAW, NK_SRCU, NK_NR };
static const char * const nk_name[NK_NR] = { "atomic", "blocking", "raw", "srcu" };

static ATOMIC_NOTIFIER_HEAD(nc_atomic);
static BLOCKING_NOTIFIER_HEAD(nc_blocking);
static RAW_NOTIFIER_HEAD(nc_raw);
static struct srcu_notifier_head nc_srcu;

static int nc_register(int kind, struct notifier_block *nb)
{
	switch (kind) {
	case NK_ATOMIC:
		return atomic_notifier_chain_register(&nc_atomic, nb);
	case NK_BLOCKING:
		return blocking_notifier_chain_register(&nc_blocking, nb);
	case NK_RAW:
		return raw_notifier_chain_register(&nc_raw, nb);
	default:
		return srcu_notifier_chain_register(&nc_srcu, nb);
	}
}

static int nc_unregister(int kind, struct notifier_block *nb)
{
	switch (kind) {
	case NK_ATOMIC:
		return atomic_notifier_chain_unregister(&nc_atomic, nb);
	case NK_BLOCKING:
		return blocking_notifier_chain_unregister(&nc_blocking, nb);
	case NK_RAW:
		return raw_notifier_chain_unregister(&nc_raw, nb);
	default:
		return srcu_notifier_chain_unregister(&nc_srcu, nb);
	}
}

static int nc_call(int kind, unsigned long val)
{
	switch (kind) {
	case NK_ATOMIC:
		return atomic_notifier_call_chain(&nc_atomic, val, NULL);
	case NK_BLOCKING:
		return blocking_notifier_call_chain(&nc_blocking, val, NULL);
	case NK_RAW:
		return raw_notifier_call_chain(&nc_raw, val, NULL);
	default:
		return srcu_notifier_call_chain(&nc_srcu, val, NULL);
	}
}

#define NC_STOP		2	/* the priority-20 block stops the chain */
#define NC_NLOG		8

static int nc_log[NC_NLOG];
static int nc_nlog;

static int nc_cb(struct notifier_block *nb, unsigned long val, void *v)
{
	if (nc_nlog < NC_NLOG)
		nc_log[nc_nlog++] = nb->priority;
	if (val == NC_STOP && nb->priority == 20)
		return NOTIFY_STOP;
	return NOTIFY_OK;
}

/* Call chain @kind with @val; expect the blocks of @want (priorities) in order. */
static int nc_call_expect(struct kunit *test, int kind, unsigned long val,
			  const int *want, int nwant)
{
	int ret, i;

	nc_nlog = 0;
	ret = nc_call(kind, val);
	KUNIT_EXPECT_EQ_MSG(test, nc_nlog, nwant, "%s chain: blocks called", nk_name[kind]);
	for (i = 0; i < nwant && i < nc_nlog; i++)
		KUNIT_EXPECT_EQ_MSG(test, nc_log[i], want[i],
				    "%s chain: call %d in the wrong order", nk_name[kind], i);
	return ret;
}

static void rcu_notifier_chains(struct kunit *test)
{
	static const int all[] = { 30, 20, 10 }, stopped[] = { 30, 20 }, two[] = { 30, 10 };
	static struct notifier_block nb[3];
	static const int prio[3] = { 10, 30, 20 };
	int kind, i, ret;

	srcu_init_notifier_head(&nc_srcu);
	for (kind = 0; kind < NK_NR; kind++) {
		memset(nb, 0, sizeof(nb));
		for (i = 0; i < 3; i++) {
			nb[i].notifier_call = nc_cb;
			nb[i].priority = prio[i];
			KUNIT_EXPECT_EQ(test, nc_register(kind, &nb[i]), 0);
		}
		/* Highest priority first, whatever the registration order. */
		ret = nc_call_expect(test, kind, 1, all, 3);
		KUNIT_EXPECT_EQ(test, ret, NOTIFY_OK);
		/* NOTIFY_STOP_MASK ends the walk, and is returned. */
		ret = nc_call_expect(test, kind, NC_STOP, stopped, 2);
		KUNIT_EXPECT_TRUE_MSG(test, ret & NOTIFY_STOP_MASK,
				      "%s chain: returned %#x", nk_name[kind], ret);
		KUNIT_EXPECT_EQ(test, nc_unregister(kind, &nb[2]), 0);
		nc_call_expect(test, kind, 1, two, 2);
		/* An unregistered block is not found again. */
		KUNIT_EXPECT_EQ(test, nc_unregister(kind, &nb[2]), -ENOENT);
		KUNIT_EXPECT_EQ(test, nc_unregister(kind, &nb[0]), 0);
		KUNIT_EXPECT_EQ(test, nc_unregister(kind, &nb[1]), 0);
		ret = nc_call_expect(test, kind, 1, NULL, 0);
		KUNIT_EXPECT_EQ(test, ret, NOTIFY_DONE);
	}
	srcu_cleanup_notifier_head(&nc_srcu);
}

/* Unregistration waits for the calls in flight (atomic, blocking, SRCU). */
static int nw_entered, nw_exited, nw_done, nw_kind;

static int nw_cb(struct notifier_block *nb, unsigned long val, void *v)
{
	WRITE_ONCE(nw_entered, 1);
	if (nw_kind == NK_ATOMIC)
		mdelay(300);	/* atomic chains call under rcu_read_lock() */
	else
		msleep(300);
	WRITE_ONCE(nw_exited, 1);
	return NOTIFY_OK;
}

static int nw_caller(void *arg)
{
	nc_call(nw_kind, 1);
	WRITE_ONCE(nw_done, 1);
	return 0;
}

static void rcu_notifier_unregister_waits(struct kunit *test)
{
	static const int kinds[] = { NK_ATOMIC, NK_BLOCKING, NK_SRCU };
	static struct notifier_block nb = { .notifier_call = nw_cb };
	struct task_struct *t;
	int i, kind, tested = 0;

	srcu_init_notifier_head(&nc_srcu);
	for (i = 0; i < ARRAY_SIZE(kinds); i++) {
		kind = kinds[i];
		/* Atomic chains' callbacks cannot sleep to let us in. */
		if (kind == NK_ATOMIC && !req_readers_overlap()) {
			kunit_info(test, "atomic: %s\n", REQ_NO_OVERLAP);
			continue;
		}
		nw_kind = kind;
		nw_entered = nw_exited = nw_done = 0;
		KUNIT_EXPECT_EQ(test, nc_register(kind, &nb), 0);
		t = kthread_run(nw_caller, NULL, "rcu_req_nw");
		KUNIT_ASSERT_FALSE(test, IS_ERR(t));
		KUNIT_EXPECT_TRUE(test, req_wait_flag(&nw_entered, 10000));
		if (READ_ONCE(nw_exited)) {
			kunit_info(test, "%s: %s\n", nk_name[kind], REQ_NO_CONCURRENT_READER);
			KUNIT_EXPECT_EQ(test, nc_unregister(kind, &nb), 0);
		} else {
			tested++;
			KUNIT_EXPECT_EQ(test, nc_unregister(kind, &nb), 0);
			KUNIT_EXPECT_TRUE_MSG(test, READ_ONCE(nw_exited),
					      "%s chain: unregister returned during a call",
					      nk_name[kind]);
		}
		KUNIT_EXPECT_TRUE(test, req_wait_flag(&nw_done, 10000));
	}
	srcu_cleanup_notifier_head(&nc_srcu);
	KUNIT_EXPECT_GE(test, tested, 2);
}

/* ---- notifier chains under concurrent register/unregister ---------------- */

#define NB_MAGIC 0x5a5a1234
#define NNB 8

struct req_nb {
	struct notifier_block nb;
	unsigned int magic;
};

static atomic_t nb_calls, nb_bad;
static bool nb_stop;

static int req_nb_call(struct notifier_block *nb, unsigned long val, void *v)
{
	struct req_nb *r = container_of(nb, struct req_nb, nb);

	/* Dwell on the block: it must stay ours until the call returns. */
	if (READ_ONCE(r->magic) != NB_MAGIC)
		atomic_inc(&nb_bad);
	udelay(2);
	if (READ_ONCE(r->magic) != NB_MAGIC)
		atomic_inc(&nb_bad);
	atomic_inc(&nb_calls);
	return NOTIFY_OK;
}

static int nb_registrar(void *arg)
{
	int kind = (long)arg;
	struct req_nb *r;
	int i;

	while (!READ_ONCE(nb_stop)) {
		for (i = 0; i < NNB; i++) {
			r = kzalloc(sizeof(*r), GFP_KERNEL);
			if (!r)
				continue;
			r->nb.notifier_call = req_nb_call;
			r->nb.priority = i;
			r->magic = NB_MAGIC;
			nc_register(kind, &r->nb);
			/* On one CPU, let the callers see it registered. */
			cond_resched();
			udelay(10);
			nc_unregister(kind, &r->nb);
			/* The unregister functions waited for the callers. */
			WRITE_ONCE(r->magic, 0);
			kfree(r);
		}
	}
	return 0;
}

static void rcu_notifier_concurrency(struct kunit *test)
{
	static const int kinds[] = { NK_ATOMIC, NK_BLOCKING, NK_SRCU };
	struct task_struct *t[ARRAY_SIZE(kinds)];
	unsigned long end;
	int i;

	atomic_set(&nb_calls, 0);
	atomic_set(&nb_bad, 0);
	WRITE_ONCE(nb_stop, false);
	srcu_init_notifier_head(&nc_srcu);
	for (i = 0; i < ARRAY_SIZE(kinds); i++) {
		t[i] = kthread_run(nb_registrar, (void *)(long)kinds[i], "rcu_req_nb/%d", i);
		KUNIT_ASSERT_FALSE(test, IS_ERR(t[i]));
		get_task_struct(t[i]);
	}
	end = jiffies + 2 * HZ;
	while (time_before(jiffies, end)) {
		for (i = 0; i < ARRAY_SIZE(kinds); i++)
			nc_call(kinds[i], 1);
		cond_resched();
	}
	WRITE_ONCE(nb_stop, true);
	for (i = 0; i < ARRAY_SIZE(kinds); i++) {
		kthread_stop(t[i]);
		put_task_struct(t[i]);
	}
	kunit_info(test, "notifier callbacks run: %d, on freed blocks: %d\n",
		   atomic_read(&nb_calls), atomic_read(&nb_bad));
	KUNIT_EXPECT_EQ(test, atomic_read(&nb_bad), 0);
	KUNIT_EXPECT_GT(test, atomic_read(&nb_calls), 0);
	KUNIT_EXPECT_NULL(test, rcu_access_pointer(nc_atomic.head));
	srcu_cleanup_notifier_head(&nc_srcu);
}

/* ---- splats fired on purpose --------------------------------------------- */

struct rcu_obj {
	int x;
};

static struct rcu_obj __rcu *req_gp;

static void rcu_prove_rcu_splat(struct kunit *test)
{
	static struct rcu_obj obj = { .x = 42 };
	static bool ran;
	struct rcu_obj *p = &obj;

	if (!IS_ENABLED(CONFIG_PROVE_RCU))
		kunit_skip(test, "CONFIG_PROVE_RCU is off");
	/* A suspicious-RCU splat is printed once per call site. */
	if (ran)
		kunit_skip(test, "splats once per call site: already reported in this boot");
	ran = true;
	rcu_assign_pointer(req_gp, p);
	req_splat_begin(test, "PROVE_RCU");
	/* On purpose: rcu_dereference() outside any RCU reader. */
	p = rcu_dereference(req_gp);
	req_splat_end(test, "PROVE_RCU");
	KUNIT_EXPECT_TRUE(test, req_log_contains("suspicious RCU usage"));
	KUNIT_EXPECT_EQ(test, p->x, 42);
	/* Inside a reader there is no complaint. */
	req_capture_start();
	rcu_read_lock();
	p = rcu_dereference(req_gp);
	rcu_read_unlock();
	req_capture_stop();
	KUNIT_EXPECT_FALSE(test, req_log_contains("suspicious RCU usage"));
	RCU_INIT_POINTER(req_gp, NULL);
}

static atomic_t dbl_count;

static void dbl_cb(struct rcu_head *rh)
{
	atomic_inc(&dbl_count);
}

static void rcu_debug_objects_double_call_rcu(struct kunit *test)
{
	static struct rcu_head rh;

	if (!IS_ENABLED(CONFIG_DEBUG_OBJECTS_RCU_HEAD))
		kunit_skip(test, "CONFIG_DEBUG_OBJECTS_RCU_HEAD is off");
	atomic_set(&dbl_count, 0);
	req_splat_begin(test, "DEBUG_OBJECTS_RCU_HEAD");
	call_rcu(&rh, dbl_cb);
	/* On purpose: the same rcu_head queued twice. */
	call_rcu(&rh, dbl_cb);
	req_splat_end(test, "DEBUG_OBJECTS_RCU_HEAD");
	if (REQ_CAPTURES_WARN)
		KUNIT_EXPECT_TRUE(test, req_log_contains("ODEBUG: activate active"));
	else if (!req_log_contains("ODEBUG: activate active"))
		kunit_info(test, "ODEBUG report not captured in-kernel; see the console log\n");
	rcu_barrier();
	/*
	 * The duplicate was refused: the callback runs once, or (Linux, if
	 * the first grace period ended before the second call_rcu()) never,
	 * but never twice.
	 */
	KUNIT_EXPECT_LE(test, atomic_read(&dbl_count), 1);
}

static struct kunit_case rcu_requirements_cases[] = {
	KUNIT_CASE(rcu_publish_subscribe),
	KUNIT_CASE(rcu_gp_guarantee),
	KUNIT_CASE(rcu_nesting),
	KUNIT_CASE(rcu_callback_waits_for_reader),
	KUNIT_CASE(rcu_call_rcu_irqs_off_and_barrier),
	KUNIT_CASE(rcu_kfree_rcu),
	KUNIT_CASE(rcu_sync_batching),
	KUNIT_CASE(rcu_expedited_latency),
	KUNIT_CASE(rcu_polled_api),
	KUNIT_CASE(rcu_polled_cookie_reader),
	KUNIT_CASE_SLOW(srcu_sleeping_readers),
	KUNIT_CASE(rcu_notifier_chains),
	KUNIT_CASE(rcu_notifier_unregister_waits),
	KUNIT_CASE_SLOW(rcu_notifier_concurrency),
	KUNIT_CASE(rcu_prove_rcu_splat),
	KUNIT_CASE(rcu_debug_objects_double_call_rcu),
	{}
};

static struct kunit_suite rcu_requirements_suite = {
	.name = "rcu_requirements",
	.test_cases = rcu_requirements_cases,
};
kunit_test_suite(rcu_requirements_suite);

MODULE_DESCRIPTION("KUnit tests of RCU requirements (rcuos project)");
MODULE_LICENSE("GPL");
