// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "rcu_cpus": Tree RCU's guarantees with a reader on every
 * CPU in turn.
 *
 * A bug that affects one CPU only (its bit left out of a grace period,
 * its expedited quiescent state counted in advance, a tick that reports
 * it while it runs a reader) escapes a test whose reader always runs on
 * the same CPU, and a random stress test catches it only now and then.
 * Each case puts a kthread bound to each online CPU in turn (up to 8;
 * a sample of them on larger machines):
 *
 * - gp_every_cpu: a reader holds while an updater bound to another CPU
 *   waits for synchronize_rcu(), synchronize_rcu_expedited(), a
 *   call_rcu() callback or a start_poll_synchronize_rcu() cookie (and an
 *   rcu_read_lock_bh() reader against the first two).  The
 *   reader holds until the wait returns (a failure) or until the
 *   grace-period machinery has had every chance to end the grace period
 *   wrongly: many jiffies (the reader spans ticks) and, for a normal
 *   grace period, many forced-quiescent-state passes, for an expedited
 *   one, every other CPU's report.  So the hold scales with how slow the
 *   host is, not with a guess.
 * - gps_in_flight: while another CPU runs grace periods back to back,
 *   the kthread sleeps (a quiescent state: its CPU may report for the
 *   grace period in progress) and then enters a reader.  The callback it
 *   queues and the cookie it takes inside must wait for a grace period
 *   that starts later, so neither may be done before the reader ends;
 *   nor may a synchronous wait that a third CPU begins once the reader
 *   is inside.
 * - barrier_every_cpu: rcu_barrier() called on the CPU whose callbacks
 *   are the only ones pending.
 * - barrier_other_cpu: rcu_barrier() called on another CPU than the one
 *   whose callbacks are the only ones pending still waits for them; and
 *   CPUs without callbacks get no IPI from it.
 * - barrier_running_cb: rcu_barrier() called while a CPU is inside its
 *   only callback waits until the callback returns.
 * - kfree_batch_every_cpu: an object added to a CPU's kfree_rcu() batch
 *   (a chain of rcu_heads, or an array of pointers for the one-argument
 *   kfree_rcu()) after an older object's grace period has ended is not
 *   freed under a reader that began before it was added.
 *
 * The cases read Tree RCU's state (forced-QS passes, expedited reports)
 * only to know how long to hold; what they check is the public API.
 */
#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/types.h>
#include <linux/err.h>
#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/smp.h>
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/rcupdate.h>
#include <linux/torture.h>
#include "../rcu.h"
#include "../tree.h"
#include "../kvfree_rcu.h"
#include "rcu_test_util.h"

/* A reader holds at least this long once the updater waits... */
#define RC_HOLD_JIFFIES		8
/* ... and, for a normal grace period, across this many forced-QS passes. */
#define RC_HOLD_FQS		8UL

/*
 * Every CPU up to 8 online; beyond, CPUs 0 and 1, every (n/4)th and the
 * last, so that 255 CPUs cost what 8 do.
 */
static bool rc_cpu_tested(unsigned int cpu)
{
	unsigned int n = num_online_cpus();

	return n <= 8 || cpu < 2 || !(cpu % (n / 4)) ||
	       cpu == nr_cpu_ids - 1;
}

/* Wait (sleeping) for *@flag, at most @secs seconds. */
static bool rc_wait(bool *flag, unsigned int secs)
{
	unsigned long end = jiffies + secs * HZ;

	while (!READ_ONCE(*flag) && time_before(jiffies, end))
		msleep(1);
	return READ_ONCE(*flag);
}

/*
 * The grace-period kthread to @cpu only, or (@cpu < 0) back to the CPUs
 * it had before: a reader spinning on another CPU must not starve it.
 */
static void rc_pin(int cpu)
{
	static struct cpumask saved_gp;
	static bool pinned;
	struct task_struct *gp = READ_ONCE(rcu_state.gp_kthread);
	struct cpumask m;

	if (cpu < 0) {
		if (pinned) {
			set_cpus_allowed_ptr(gp, &saved_gp);
		}
		pinned = false;
		return;
	}
	if (!pinned) {
		saved_gp = gp->cpus_mask;
		pinned = true;
	}
	cpumask_clear(&m);
	cpumask_set_cpu(cpu, &m);
	set_cpus_allowed_ptr(gp, &m);
}

/* ---- a reader on each CPU against each way of waiting ---- */

enum { RC_SYNC, RC_EXP, RC_CALL, RC_POLL, RC_NMODES };

static const char * const rc_mode_name[RC_NMODES] = {
	"synchronize_rcu()", "synchronize_rcu_expedited()",
	"call_rcu()", "start_poll_synchronize_rcu()",
};

struct rc_pair {
	int mode;
	bool sched;		/* rcu_read_lock_sched(), not rcu_read_lock() */
	bool bh;		/* rcu_read_lock_bh() */
	bool in;		/* the reader is inside */
	bool waiting;		/* the updater waits (release store) */
	unsigned long wait_j;	/* ... since this jiffy */
	unsigned long fqs_snap;	/* rcu_state.n_force_qs then */
	bool release;		/* the updater's wait returned */
	bool done;		/* the reader is about to leave */
	bool early;		/* the wait returned before it left */
	bool finished;		/* the updater is done */
	bool cb_ran;
	struct rcu_head rh;
};

/* Has a grace period that ignores the reader had every chance to end? */
static bool rc_held_enough(struct rc_pair *p)
{
	if (!smp_load_acquire(&p->waiting) ||
	    time_before(jiffies, p->wait_j + RC_HOLD_JIFFIES))
		return false;
	if (p->mode == RC_EXP)
		return gp_seq_state(READ_ONCE(rcu_state.expedited_sequence)) &&
		       rcu_exp_reports_missing() <= 1;
	return READ_ONCE(rcu_state.n_force_qs) - p->fqs_snap >= RC_HOLD_FQS;
}

static int rc_reader_fn(void *arg)
{
	struct rc_pair *p = arg;
	unsigned long cap = jiffies + 10 * HZ;

	if (p->bh)
		rcu_read_lock_bh();
	else if (p->sched)
		rcu_read_lock_sched();
	else
		rcu_read_lock();
	WRITE_ONCE(p->in, true);
	while (!READ_ONCE(p->release) && !rc_held_enough(p) &&
	       time_before(jiffies, cap))
		cpu_relax();
	WRITE_ONCE(p->done, true);
	if (p->bh)
		rcu_read_unlock_bh();
	else if (p->sched)
		rcu_read_unlock_sched();
	else
		rcu_read_unlock();
	torture_kthread_park();
	return 0;
}

static void rc_pair_cb(struct rcu_head *rh)
{
	WRITE_ONCE(container_of(rh, struct rc_pair, rh)->cb_ran, true);
}

static int rc_updater_fn(void *arg)
{
	struct rc_pair *p = arg;
	unsigned long cookie;

	if (!rc_wait(&p->in, 20))
		goto out;
	p->fqs_snap = READ_ONCE(rcu_state.n_force_qs);
	p->wait_j = jiffies;
	smp_store_release(&p->waiting, true);
	switch (p->mode) {
	case RC_SYNC:
		synchronize_rcu();
		break;
	case RC_EXP:
		synchronize_rcu_expedited();
		break;
	case RC_CALL:
		call_rcu(&p->rh, rc_pair_cb);
		while (!READ_ONCE(p->cb_ran))
			msleep(1);
		break;
	case RC_POLL:
		cookie = start_poll_synchronize_rcu();
		while (!poll_state_synchronize_rcu(cookie))
			msleep(1);
		break;
	}
	WRITE_ONCE(p->early, !READ_ONCE(p->done));
	WRITE_ONCE(p->release, true);
out:
	WRITE_ONCE(p->finished, true);
	torture_kthread_park();
	return 0;
}

static void rcu_cpus_gp_every_cpu(struct kunit *test)
{
	unsigned int cpu;
	int mode;

	if (num_online_cpus() < 2)
		kunit_skip(test, "needs 2 CPUs");
	for_each_online_cpu(cpu) {
		int other = torture_other_cpu(cpu);

		if (!rc_cpu_tested(cpu))
			continue;
		rc_pin(other);
		/*
		 * Each mode once, with rcu_read_lock() or rcu_read_lock_sched()
		 * in turn, then synchronize_rcu() and synchronize_rcu_expedited()
		 * against rcu_read_lock_bh(): with preemptible RCU only the
		 * softirq count tells that reader from preemptible code, to the
		 * tick, whose quiescent state answers an expedited grace period
		 * at once.
		 */
		for (mode = 0; mode < RC_NMODES + 2; mode++) {
			struct task_struct *r, *u;
			struct rc_pair *p;

			p = kzalloc(sizeof(*p), GFP_KERNEL);
			KUNIT_ASSERT_NOT_NULL(test, p);
			p->bh = mode >= RC_NMODES;
			p->mode = p->bh ? (mode == RC_NMODES ? RC_SYNC : RC_EXP) : mode;
			p->sched = (cpu + mode) & 1;
			init_rcu_head(&p->rh);
			r = rcu_test_run_on(rc_reader_fn, p, cpu, "rcu_cpus_r");
			KUNIT_ASSERT_FALSE(test, IS_ERR(r));
			u = rcu_test_run_on(rc_updater_fn, p, other, "rcu_cpus_u");
			KUNIT_ASSERT_FALSE(test, IS_ERR(u));
			if (!rc_wait(&p->finished, 60)) {
				/* Leak both and the pair: they may still run. */
				KUNIT_FAIL(test, "%s with a reader on CPU %u did not return in 60 s",
					   rc_mode_name[p->mode], cpu);
				rc_pin(-1);
				return;
			}
			kthread_stop(u);
			kthread_stop(r);
			KUNIT_EXPECT_TRUE_MSG(test, READ_ONCE(p->done),
					      "the reader on CPU %u never started", cpu);
			KUNIT_EXPECT_FALSE_MSG(test, p->early,
					       "%s (on CPU %d) returned while a %s reader on CPU %u was inside",
					       rc_mode_name[p->mode], other,
					       p->bh ? "rcu_read_lock_bh()" :
					       p->sched ? "rcu_read_lock_sched()" : "rcu_read_lock()",
					       cpu);
			kfree(p);
		}
	}
	rc_pin(-1);
}

/* ---- readers that begin while a grace period is in flight ---- */

#define RC_FLIGHT_ITERS		12
#define RC_FLIGHT_HOLD_MS	20	/* several ticks */

struct rc_flight {
	struct rc_flight_probe {
		struct rcu_head rh;
		bool ran;
	} probe[RC_FLIGHT_ITERS];
	int cb_early;		/* callbacks run inside the reader that queued them */
	int cookie_early;	/* cookies done inside the reader that took them */
	int sync_early;		/* synchronous waits that returned inside the reader */
	bool exp;		/* expedited grace periods */
	int in_iter;		/* the reader of this iteration (1-based) is inside */
	int ret_iter;		/* a wait begun inside that reader returned */
	bool finished;
};

static void rc_flight_cb(struct rcu_head *rh)
{
	WRITE_ONCE(container_of(rh, struct rc_flight_probe, rh)->ran, true);
}

static int rc_hog_fn(void *arg)
{
	bool exp = arg;

	while (!kthread_should_stop()) {
		if (exp)
			synchronize_rcu_expedited();
		else
			synchronize_rcu();
		/*
		 * An expedited grace period with nothing to wait for returns
		 * without sleeping: on a non-preemptible kernel a loop of them
		 * would keep every other task off this CPU for good.
		 */
		cond_resched();
	}
	return 0;
}

static int rc_flight_fn(void *arg)
{
	struct rc_flight *f = arg;

	for (int i = 0; i < RC_FLIGHT_ITERS; i++) {
		struct rc_flight_probe *pr = &f->probe[i];
		unsigned long cookie;
		bool ran, done, synced;

		/* A context switch: this CPU's quiescent state for the GP in flight. */
		schedule_timeout_uninterruptible(1);
		rcu_read_lock();
		cookie = get_state_synchronize_rcu();
		call_rcu(&pr->rh, rc_flight_cb);
		smp_store_release(&f->in_iter, i + 1);
		mdelay(RC_FLIGHT_HOLD_MS);
		ran = READ_ONCE(pr->ran);
		done = poll_state_synchronize_rcu(cookie);
		synced = READ_ONCE(f->ret_iter) == i + 1;
		rcu_read_unlock();
		f->cb_early += ran;
		f->cookie_early += done;
		f->sync_early += synced;
	}
	rcu_barrier();
	WRITE_ONCE(f->finished, true);
	torture_kthread_park();
	return 0;
}

/*
 * On a third CPU: as soon as a reader of rc_flight_fn() is inside, wait
 * for a grace period of the kind in flight.  That grace period may have
 * begun before the reader, on whose CPU it is already over: the wait must
 * not be satisfied by it (a caller's snapshot must name a grace period
 * that starts after the call).
 */
static int rc_flight_sync_fn(void *arg)
{
	struct rc_flight *f = arg;
	int seen = 0;

	while (!kthread_should_stop()) {
		int it = smp_load_acquire(&f->in_iter);

		if (it == seen) {
			cond_resched();
			cpu_relax();
			continue;
		}
		seen = it;
		if (f->exp)
			synchronize_rcu_expedited();
		else
			synchronize_rcu();
		WRITE_ONCE(f->ret_iter, seen);
	}
	return 0;
}

/* An online CPU other than @a and @b, or -1. */
static int rc_third_cpu(unsigned int a, unsigned int b)
{
	unsigned int cpu;

	for_each_online_cpu(cpu)
		if (cpu != a && cpu != b)
			return cpu;
	return -1;
}

static void rcu_cpus_gps_in_flight(struct kunit *test)
{
	unsigned int cpu;

	if (num_online_cpus() < 2)
		kunit_skip(test, "needs 2 CPUs");
	for (int exp = 0; exp < 2; exp++) {
		for_each_online_cpu(cpu) {
			struct task_struct *hog, *t, *sync = NULL;
			struct rc_flight *f;
			int third;

			if (!rc_cpu_tested(cpu))
				continue;
			f = kzalloc(sizeof(*f), GFP_KERNEL);
			KUNIT_ASSERT_NOT_NULL(test, f);
			for (int i = 0; i < RC_FLIGHT_ITERS; i++)
				init_rcu_head(&f->probe[i].rh);
			f->exp = exp;
			hog = rcu_test_run_on(rc_hog_fn, (void *)(long)exp, torture_other_cpu(cpu),
					      "rcu_cpus_hog");
			KUNIT_ASSERT_FALSE(test, IS_ERR(hog));
			third = rc_third_cpu(cpu, torture_other_cpu(cpu));
			if (third >= 0) {
				sync = rcu_test_run_on(rc_flight_sync_fn, f, third, "rcu_cpus_s");
				KUNIT_ASSERT_FALSE(test, IS_ERR(sync));
			}
			t = rcu_test_run_on(rc_flight_fn, f, cpu, "rcu_cpus_f");
			KUNIT_ASSERT_FALSE(test, IS_ERR(t));
			if (!rc_wait(&f->finished, 60)) {
				KUNIT_FAIL(test, "readers on CPU %u did not finish in 60 s", cpu);
				return;
			}
			kthread_stop(t);
			if (sync)
				kthread_stop(sync);
			kthread_stop(hog);
			KUNIT_EXPECT_EQ_MSG(test, f->sync_early, 0,
					    "CPU %u, %s grace periods in flight: %d of %d %s() calls made inside a reader returned before it ended",
					    cpu, exp ? "expedited" : "normal", f->sync_early,
					    RC_FLIGHT_ITERS,
					    exp ? "synchronize_rcu_expedited" : "synchronize_rcu");
			KUNIT_EXPECT_EQ_MSG(test, f->cb_early, 0,
					    "CPU %u, %s grace periods in flight: %d of %d callbacks ran inside the reader that queued them",
					    cpu, exp ? "expedited" : "normal", f->cb_early,
					    RC_FLIGHT_ITERS);
			KUNIT_EXPECT_EQ_MSG(test, f->cookie_early, 0,
					    "CPU %u, %s grace periods in flight: %d of %d cookies done inside the reader that took them",
					    cpu, exp ? "expedited" : "normal", f->cookie_early,
					    RC_FLIGHT_ITERS);
			kfree(f);
		}
	}
}

/* ---- rcu_barrier() on the CPU that holds the callbacks ---- */

#define RC_BARRIER_CBS	20

struct rc_barrier {
	struct rcu_head rh[RC_BARRIER_CBS];
	int after;		/* invoked when rcu_barrier() returned */
	bool finished;
};

static atomic_t rc_barrier_invoked;

static void rc_barrier_count_cb(struct rcu_head *rh)
{
	atomic_inc(&rc_barrier_invoked);
}

static int rc_barrier_fn(void *arg)
{
	struct rc_barrier *b = arg;

	for (int i = 0; i < RC_BARRIER_CBS; i++)
		call_rcu(&b->rh[i], rc_barrier_count_cb);
	rcu_barrier();
	b->after = atomic_read(&rc_barrier_invoked);
	WRITE_ONCE(b->finished, true);
	torture_kthread_park();
	return 0;
}

static void rcu_cpus_barrier_every_cpu(struct kunit *test)
{
	unsigned int cpu;

	for_each_online_cpu(cpu) {
		struct rc_barrier *b;
		struct task_struct *t;

		if (!rc_cpu_tested(cpu))
			continue;
		b = kzalloc(sizeof(*b), GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, b);
		for (int i = 0; i < RC_BARRIER_CBS; i++)
			init_rcu_head(&b->rh[i]);
		rcu_barrier();		/* nothing of ours pending before */
		atomic_set(&rc_barrier_invoked, 0);
		t = rcu_test_run_on(rc_barrier_fn, b, cpu, "rcu_cpus_b");
		KUNIT_ASSERT_FALSE(test, IS_ERR(t));
		if (!rc_wait(&b->finished, 60)) {
			KUNIT_FAIL(test, "rcu_barrier() on CPU %u did not return in 60 s", cpu);
			return;
		}
		kthread_stop(t);
		KUNIT_EXPECT_EQ_MSG(test, b->after, RC_BARRIER_CBS,
				    "rcu_barrier() on CPU %u returned with %d of its %d callbacks invoked",
				    cpu, b->after, RC_BARRIER_CBS);
		rcu_barrier();
		kfree(b);
	}
}

/*
 * rcu_barrier() from another CPU than the one holding the callbacks: the
 * barrier passes over CPUs whose callback count is zero, and must not
 * pass over that one.
 */
struct rc_barrier_other {
	struct rc_barrier *b;
	unsigned long ipis;	/* rcu_barrier()'s IPIs during our call */
	bool queued;
};

static int rc_barrier_queue_fn(void *arg)
{
	struct rc_barrier_other *o = arg;

	for (int i = 0; i < RC_BARRIER_CBS; i++)
		call_rcu(&o->b->rh[i], rc_barrier_count_cb);
	WRITE_ONCE(o->queued, true);
	torture_kthread_park();
	return 0;
}

static int rc_barrier_call_fn(void *arg)
{
	struct rc_barrier_other *o = arg;
	unsigned long ipis = READ_ONCE(rcu_state.n_barrier_ipis);

	rcu_barrier();
	o->b->after = atomic_read(&rc_barrier_invoked);
	o->ipis = READ_ONCE(rcu_state.n_barrier_ipis) - ipis;
	WRITE_ONCE(o->b->finished, true);
	torture_kthread_park();
	return 0;
}

static void rcu_cpus_barrier_other_cpu(struct kunit *test)
{
	unsigned int cpu, other, n = num_online_cpus();
	unsigned long *ipis0;
	bool quiet_cpu = false;

	if (n < 2)
		kunit_skip(test, "needs 2 CPUs");
	for_each_online_cpu(cpu) {
		struct rc_barrier_other o = { };
		struct task_struct *tq, *tb;

		if (!rc_cpu_tested(cpu))
			continue;
		other = cpumask_next(cpu, cpu_online_mask);
		if (other >= nr_cpu_ids)
			other = cpumask_first(cpu_online_mask);
		o.b = kzalloc(sizeof(*o.b), GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, o.b);
		for (int i = 0; i < RC_BARRIER_CBS; i++)
			init_rcu_head(&o.b->rh[i]);
		rcu_barrier();		/* nothing of ours pending before */
		atomic_set(&rc_barrier_invoked, 0);
		tq = rcu_test_run_on(rc_barrier_queue_fn, &o, cpu, "rcu_cpus_bq");
		KUNIT_ASSERT_FALSE(test, IS_ERR(tq));
		if (!rc_wait(&o.queued, 60)) {
			KUNIT_FAIL(test, "CPU %u did not queue its callbacks in 60 s", cpu);
			return;
		}
		tb = rcu_test_run_on(rc_barrier_call_fn, &o, other, "rcu_cpus_bc");
		KUNIT_ASSERT_FALSE(test, IS_ERR(tb));
		if (!rc_wait(&o.b->finished, 60)) {
			KUNIT_FAIL(test, "rcu_barrier() on CPU %u did not return in 60 s", other);
			return;
		}
		kthread_stop(tb);
		kthread_stop(tq);
		KUNIT_EXPECT_EQ_MSG(test, o.b->after, RC_BARRIER_CBS,
				    "rcu_barrier() on CPU %u returned with %d of CPU %u's %d callbacks invoked",
				    other, o.b->after, cpu, RC_BARRIER_CBS);
		KUNIT_EXPECT_LE(test, o.ipis, (unsigned long)n);
		rcu_barrier();
		kfree(o.b);
	}

	/*
	 * On an otherwise quiet machine most CPUs have no callbacks: some
	 * rcu_barrier() must leave one of them alone.  Which ones are quiet
	 * depends on what else runs, so up to ten tries.
	 */
	ipis0 = kcalloc(nr_cpu_ids, sizeof(*ipis0), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ipis0);
	for (int try = 0; try < 10 && !quiet_cpu; try++) {
		rcu_barrier();
		for_each_possible_cpu(cpu)
			ipis0[cpu] = READ_ONCE(per_cpu(rcu_data, cpu).n_barrier_ipis);
		rcu_barrier();
		for_each_online_cpu(cpu)
			if (READ_ONCE(per_cpu(rcu_data, cpu).n_barrier_ipis) == ipis0[cpu])
				quiet_cpu = true;
	}
	kfree(ipis0);
	KUNIT_EXPECT_TRUE_MSG(test, quiet_cpu,
			      "every online CPU got an rcu_barrier() IPI in each of 10 calls");
}

/*
 * rcu_barrier() while a CPU is inside one of its callbacks: that CPU's
 * count must still include the callback (rcu_do_batch() subtracts it
 * only after the invocation), or the barrier passes over the CPU and
 * returns while the callback still runs.  The callback holds until the
 * barrier returns or, once the barrier has visited its CPU, for half a
 * second: long enough for a barrier that passed over it to return.
 */
struct rc_slow {
	struct rcu_head rh;
	unsigned int cpu;	/* where the callback runs */
	bool running;		/* the callback has begun */
	bool visited;		/* rcu_barrier() has visited its CPU */
	bool returned;		/* rcu_barrier() returned */
	bool done;		/* the callback has ended */
	bool done_at_return;	/* ... when rcu_barrier() returned */
	bool finished;
};

static struct rc_slow *rc_slow_cur;

static void rc_slow_hook(unsigned int cpu)
{
	struct rc_slow *sl = READ_ONCE(rc_slow_cur);

	if (sl && cpu == sl->cpu)
		WRITE_ONCE(sl->visited, true);
}

static void rc_slow_cb(struct rcu_head *rh)
{
	struct rc_slow *sl = container_of(rh, struct rc_slow, rh);
	unsigned long cap = jiffies + 5 * HZ, end = 0;

	WRITE_ONCE(sl->running, true);
	while (!READ_ONCE(sl->returned) && time_before(jiffies, cap)) {
		if (!end && READ_ONCE(sl->visited))
			end = jiffies + HZ / 2;
		if (end && time_after(jiffies, end))
			break;
		cpu_relax();
	}
	smp_store_release(&sl->done, true);
}

static int rc_slow_queue_fn(void *arg)
{
	struct rc_slow *sl = arg;

	call_rcu(&sl->rh, rc_slow_cb);
	torture_kthread_park();
	return 0;
}

static int rc_slow_barrier_fn(void *arg)
{
	struct rc_slow *sl = arg;

	rcu_barrier();
	sl->done_at_return = smp_load_acquire(&sl->done);
	WRITE_ONCE(sl->returned, true);
	WRITE_ONCE(sl->finished, true);
	torture_kthread_park();
	return 0;
}

static void rcu_cpus_barrier_running_cb(struct kunit *test)
{
	unsigned int cpu;

	if (num_online_cpus() < 2)
		kunit_skip(test, "needs 2 CPUs");
	for_each_online_cpu(cpu) {
		struct task_struct *tq, *tb;
		struct rc_slow *sl;

		if (!rc_cpu_tested(cpu))
			continue;
		sl = kzalloc(sizeof(*sl), GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, sl);
		sl->cpu = cpu;
		init_rcu_head(&sl->rh);
		rcu_barrier();		/* nothing of ours pending before */
		WRITE_ONCE(rc_slow_cur, sl);
		WRITE_ONCE(rcu_barrier_test_fn, rc_slow_hook);
		tq = rcu_test_run_on(rc_slow_queue_fn, sl, cpu, "rcu_cpus_sq");
		KUNIT_ASSERT_FALSE(test, IS_ERR(tq));
		if (!rc_wait(&sl->running, 60)) {
			WRITE_ONCE(rcu_barrier_test_fn, NULL);
			KUNIT_FAIL(test, "CPU %u's callback did not run in 60 s", cpu);
			return;
		}
		tb = rcu_test_run_on(rc_slow_barrier_fn, sl, torture_other_cpu(cpu), "rcu_cpus_sb");
		KUNIT_ASSERT_FALSE(test, IS_ERR(tb));
		if (!rc_wait(&sl->finished, 60)) {
			WRITE_ONCE(rcu_barrier_test_fn, NULL);
			KUNIT_FAIL(test, "rcu_barrier() with CPU %u in a callback did not return in 60 s",
				   cpu);
			return;
		}
		WRITE_ONCE(rcu_barrier_test_fn, NULL);
		WRITE_ONCE(rc_slow_cur, NULL);
		kthread_stop(tb);
		kthread_stop(tq);
		KUNIT_EXPECT_TRUE_MSG(test, sl->done_at_return,
				      "rcu_barrier() returned while CPU %u was still inside a callback",
				      cpu);
		rcu_barrier();
		kfree(sl);
	}
}

/* ---- kfree_rcu() arrays: the last object's grace period counts ---- */

/* rcu/kvfree_rcu.c hands a CPU's partly filled array to RCU this late. */
#define RC_KF_DRAIN	(HZ / 50 ? HZ / 50 : 1)
#define RC_KF_SIZE	1800	/* kmalloc-2048: a class little else uses */
#define RC_KF_BYTE	0xa5
#define RC_KF_TRIES	10

struct rc_kf_obj {
	struct rcu_head rh;
	unsigned char data[RC_KF_SIZE - sizeof(struct rcu_head)];
};

static struct rc_kf_obj __rcu *rc_kf_ptr;

struct rc_kf {
	bool go, in, release, done;
	bool intact;
	bool finished;
	bool conclusive;	/* the second object joined the first's array */
	bool array;		/* kfree_rcu(ptr), not kfree_rcu(ptr, rh) */
};

static struct rc_kf_obj *rc_kf_alloc(void)
{
	struct rc_kf_obj *p = kmalloc(sizeof(*p), GFP_KERNEL);

	if (p)
		memset(p->data, RC_KF_BYTE, sizeof(p->data));
	return p;
}

static int rc_kf_reader_fn(void *arg)
{
	struct rc_kf *k = arg;
	unsigned long cap;
	struct rc_kf_obj *p;

	/* Not in a reader yet: let grace periods through while waiting. */
	while (!READ_ONCE(k->go))
		cond_resched();
	cap = jiffies + 20 * HZ;
	rcu_read_lock();
	p = rcu_dereference(rc_kf_ptr);
	WRITE_ONCE(k->in, true);
	while (!READ_ONCE(k->release) && time_before(jiffies, cap))
		cpu_relax();
	k->intact = p && rcu_test_bytes_intact(p->data, sizeof(p->data), RC_KF_BYTE);
	WRITE_ONCE(k->done, true);
	rcu_read_unlock();
	torture_kthread_park();
	return 0;
}

/*
 * On the array's CPU: free a, let a grace period pass (an expedited
 * one: quick, and it completes a's cookie), then free b, which a reader
 * on another CPU holds, into the same array before its drain timer
 * fires; wait until the timer has handed the array over and this CPU's
 * kvfree kthread has had time to run.
 */
static int rc_kf_updater_fn(void *arg)
{
	struct rc_kf *k = arg;
	struct rc_kf_obj *a = rc_kf_alloc(), *b = rc_kf_alloc();
	unsigned long t0;

	if (!a || !b) {
		kfree(a);
		kfree(b);
		WRITE_ONCE(k->go, true);
		goto out;
	}
	kvfree_rcu_flush_local();
	if (k->array)
		kfree_rcu(a);
	else
		kfree_rcu(a, rh);
	t0 = jiffies;
	synchronize_rcu_expedited();
	rcu_assign_pointer(rc_kf_ptr, b);
	WRITE_ONCE(k->go, true);
	while (!READ_ONCE(k->in))
		cond_resched();
	RCU_INIT_POINTER(rc_kf_ptr, NULL);
	if (k->array)
		kfree_rcu(b);
	else
		kfree_rcu(b, rh);
	k->conclusive = time_before(jiffies, t0 + RC_KF_DRAIN);
	if (k->conclusive) {
		while (time_before(jiffies, t0 + 3 * RC_KF_DRAIN))
			msleep(1);
		msleep(20);
	}
out:
	WRITE_ONCE(k->release, true);
	WRITE_ONCE(k->finished, true);
	torture_kthread_park();
	return 0;
}

static void rcu_cpus_kfree_batch_every_cpu(struct kunit *test)
{
	static const char * const kind[] = { "chain", "array" };
	unsigned int cpu;

	if (num_online_cpus() < 2)
		kunit_skip(test, "needs 2 CPUs");
	for_each_online_cpu(cpu) {
		if (!rc_cpu_tested(cpu))
			continue;
		rc_pin(cpu);
		/* Both kinds of batch: kfree_rcu(ptr, rh) chains, kfree_rcu(ptr) arrays. */
		for (int array = 0; array < 2; array++) {
			int tries, conclusive = 0;

			for (tries = 0; tries < RC_KF_TRIES && !conclusive; tries++) {
				struct task_struct *r, *u;
				struct rc_kf k = { .array = array };

				r = rcu_test_run_on(rc_kf_reader_fn, &k, torture_other_cpu(cpu),
						    "rcu_cpus_kr");
				KUNIT_ASSERT_FALSE(test, IS_ERR(r));
				u = rcu_test_run_on(rc_kf_updater_fn, &k, cpu, "rcu_cpus_ku");
				KUNIT_ASSERT_FALSE(test, IS_ERR(u));
				if (!rc_wait(&k.finished, 60) || !rc_wait(&k.done, 60)) {
					KUNIT_FAIL(test, "kfree_rcu() %s test on CPU %u did not finish in 60 s",
						   kind[array], cpu);
					rc_pin(-1);
					return;
				}
				kthread_stop(u);
				kthread_stop(r);
				if (!k.conclusive)
					continue;
				conclusive = 1;
				KUNIT_EXPECT_TRUE_MSG(test, k.intact,
						      "CPU %u's kfree_rcu() %s freed an object under a reader that began before it was added",
						      cpu, kind[array]);
			}
			if (!conclusive)
				kunit_info(test, "CPU %u: the %s was always drained before the second object joined\n",
					   cpu, kind[array]);
		}
	}
	rc_pin(-1);
	kvfree_rcu_barrier();
}

static struct kunit_case rcu_cpus_cases[] = {
	KUNIT_CASE(rcu_cpus_gp_every_cpu),
	KUNIT_CASE(rcu_cpus_gps_in_flight),
	KUNIT_CASE(rcu_cpus_barrier_every_cpu),
	KUNIT_CASE(rcu_cpus_barrier_other_cpu),
	KUNIT_CASE(rcu_cpus_barrier_running_cb),
	KUNIT_CASE(rcu_cpus_kfree_batch_every_cpu),
	{}
};

static struct kunit_suite rcu_cpus_suite = {
	.name = "rcu_cpus",
	.test_cases = rcu_cpus_cases,
};
kunit_test_suite(rcu_cpus_suite);
