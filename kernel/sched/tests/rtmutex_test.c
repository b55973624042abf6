// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "rtmutex": priority-inheriting locks.  Exclusion under
 * contention, priority inversion on one CPU, waiter order, boosting down
 * an owner chain, deboosting, the proxy locking RCU boosting uses, and
 * lockdep's view.
 *
 * As in the "sched" suite, helper threads never use KUNIT_ASSERT; they
 * record what they saw and the case checks it.  Every helper is pinned
 * with get_task_struct() and reaped with kthread_stop().
 */
#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/completion.h>
#include <linux/rtmutex.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/smp.h>
#include <linux/slab.h>
#include <linux/torture.h>

#define WAIT_J		(10 * HZ)	/* generous: QEMU TCG with many CPUs */

/* Effective priority of a SCHED_FIFO task at @rt (prio = 99 - rt). */
#define FIFO_PRIO(rt)	(MAX_RT_PRIO - 1 - (rt))

static struct task_struct *start_task(struct kunit *test, int (*fn)(void *),
				      void *data, int cpu, int fifo, const char *name)
{
	struct sched_param sp = { .sched_priority = fifo };
	struct task_struct *t;

	if (cpu >= 0)
		t = kthread_create_on_cpu(fn, data, cpu, name);
	else
		t = kthread_create(fn, data, "%s", name);
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	get_task_struct(t);
	if (fifo)
		KUNIT_EXPECT_EQ(test, sched_setscheduler(t, SCHED_FIFO, &sp), 0);
	return t;
}

static void reap(struct task_struct *t)
{
	kthread_stop(t);
	put_task_struct(t);
}

static void idle_until_stopped(void)
{
	while (!kthread_should_stop())
		schedule_timeout_idle(HZ);
}

/* Sleep until @p runs at @prio, at most WAIT_J.  Return: its priority. */
static int wait_for_prio(struct task_struct *p, int prio)
{
	unsigned long end = jiffies + WAIT_J;

	while (READ_ONCE(p->prio) != prio && time_before(jiffies, end))
		msleep(1);
	return READ_ONCE(p->prio);
}

/* Sleep until @p is blocked on an rt_mutex, at most WAIT_J. */
static bool wait_blocked(struct task_struct *p)
{
	unsigned long end = jiffies + WAIT_J;

	while (!READ_ONCE(p->pi_blocked_on) && time_before(jiffies, end))
		msleep(1);
	return READ_ONCE(p->pi_blocked_on);
}

/* ---- (1) basic operations, exclusion under contention ---- */

#define CONTEND_TOTAL_OPS	1024

static DEFINE_RT_MUTEX(contend_lock);
static struct contend_data {
	unsigned long counter;
	int iters;
	u64 deadline;
	atomic_t in_cs, violations, contended, finished, unboosted, ops;
	struct completion go, done;
} cd;

/*
 * Odd-numbered workers are SCHED_FIFO; SCHED_NORMAL ones also trylock.
 * Each does cd.iters critical sections, and goes on until the lock has
 * been contended or the deadline passed: virtual CPUs of an overloaded
 * host need not overlap in time at first.
 */
static int contend_worker(void *arg)
{
	bool fifo = (long)arg & 1;
	int i;

	wait_for_completion(&cd.go);
	for (i = 0; i < cd.iters ||
	     (!atomic_read(&cd.contended) && ktime_get_ns() < cd.deadline); i++) {
		unsigned long v;

		if (!fifo && i % 8 == 7) {
			while (!rt_mutex_trylock(&contend_lock))
				cond_resched();
		} else {
			rt_mutex_lock(&contend_lock);
		}
		if (atomic_inc_return(&cd.in_cs) != 1 ||
		    READ_ONCE(contend_lock.owner) != current)
			atomic_inc(&cd.violations);
		if (!list_empty(&contend_lock.waiters))
			atomic_inc(&cd.contended);
		v = READ_ONCE(cd.counter);
		udelay(10);
		WRITE_ONCE(cd.counter, v + 1);
		atomic_dec(&cd.in_cs);
		rt_mutex_unlock(&contend_lock);
		if (i % 16 == 0)
			cond_resched();
	}
	atomic_add(i, &cd.ops);
	/* Holding nothing, nobody lends us a priority. */
	if (current->prio == current->normal_prio && hlist_empty(&current->pi_held_locks) &&
	    !current->pi_blocked_on)
		atomic_inc(&cd.unboosted);
	atomic_inc(&cd.finished);
	complete(&cd.done);
	idle_until_stopped();
	return 0;
}

static void rtmutex_test_basic(struct kunit *test)
{
	struct rt_mutex lock;

	rt_mutex_init(&lock);
	KUNIT_EXPECT_FALSE(test, rt_mutex_is_locked(&lock));
	rt_mutex_lock(&lock);
	KUNIT_EXPECT_TRUE(test, rt_mutex_is_locked(&lock));
	KUNIT_EXPECT_PTR_EQ(test, lock.owner, current);
	KUNIT_EXPECT_EQ(test, rt_mutex_trylock(&lock), 0);
	rt_mutex_unlock(&lock);
	KUNIT_EXPECT_FALSE(test, rt_mutex_is_locked(&lock));
	KUNIT_EXPECT_EQ(test, rt_mutex_trylock(&lock), 1);
	KUNIT_EXPECT_PTR_EQ(test, lock.owner, current);
	rt_mutex_unlock(&lock);
	KUNIT_EXPECT_FALSE(test, rt_mutex_is_locked(&lock));
	KUNIT_EXPECT_EQ(test, current->prio, current->normal_prio);
}

static void rtmutex_test_contention(struct kunit *test)
{
	unsigned int n = 0, cpu, ncpus = num_online_cpus();
	unsigned int per_cpu = ncpus <= 8 ? 2 : 1;
	struct task_struct **tasks;

	tasks = kcalloc(ncpus * per_cpu, sizeof(*tasks), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, tasks);
	memset(&cd, 0, sizeof(cd));
	init_completion(&cd.go);
	init_completion(&cd.done);
	cd.iters = max(8U, CONTEND_TOTAL_OPS / (ncpus * per_cpu));

	for (unsigned int round = 0; round < per_cpu; round++) {
		for_each_online_cpu(cpu) {
			tasks[n] = start_task(test, contend_worker, (void *)(long)n, cpu,
					      n & 1 ? 10 + n % 40 : 0, "rtm_contend/%u");
			n++;
		}
	}
	for (unsigned int i = 0; i < n; i++)
		wake_up_process(tasks[i]);
	/* One CPU: contention only where preemption hits a critical section. */
	cd.deadline = ncpus > 1 ? ktime_get_ns() + 5 * NSEC_PER_SEC : 0;
	complete_all(&cd.go);
	for (unsigned int i = 0; i < n; i++) {
		if (wait_for_completion_timeout(&cd.done, 6 * WAIT_J))
			continue;
		KUNIT_FAIL(test, "only %d of %u workers finished, counter %lu, owner %s",
			   atomic_read(&cd.finished), n, READ_ONCE(cd.counter),
			   contend_lock.owner ? contend_lock.owner->comm : "none");
		for (unsigned int j = 0; j < n; j++)
			sched_show_task(tasks[j]);
		break;
	}
	KUNIT_EXPECT_EQ(test, cd.counter, (unsigned long)atomic_read(&cd.ops));
	KUNIT_EXPECT_GE(test, atomic_read(&cd.ops), (int)n * cd.iters);
	KUNIT_EXPECT_EQ(test, atomic_read(&cd.violations), 0);
	/* The workers did wait for each other (on more than one CPU). */
	if (ncpus > 1)
		KUNIT_EXPECT_GT(test, atomic_read(&cd.contended), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&cd.unboosted), (int)n);
	KUNIT_EXPECT_FALSE(test, rt_mutex_is_locked(&contend_lock));
	KUNIT_EXPECT_TRUE(test, list_empty(&contend_lock.waiters));
	for (unsigned int i = 0; i < n; i++)
		reap(tasks[i]);
	kfree(tasks);
}

/* ---- (2) priority inversion on one CPU ---- */

/*
 * FIFO 10 "low" holds the lock and needs the CPU to finish; FIFO 50 "mid"
 * spins (for at most 2 s); FIFO 90 "high" waits for the lock.  Without
 * inheritance mid starves low, and so high, until its spin times out.
 */
static DEFINE_RT_MUTEX(inv_lock);
static struct inversion_data {
	struct task_struct *low, *mid, *high;
	int low_prio, high_prio;
	bool stop, mid_timed_out, high_got;
	struct completion locked, high_done, done;
} id;

static int inv_low_fn(void *unused)
{
	unsigned long end;

	rt_mutex_lock(&inv_lock);
	complete(&id.locked);
	/* Work until the high task waits (it queues at our next cond_resched()). */
	end = jiffies + WAIT_J;
	while (list_empty(&inv_lock.waiters) && time_before(jiffies, end)) {
		mdelay(1);
		cond_resched();
	}
	/* More work, with preemption points where mid would take over. */
	for (int i = 0; i < 10; i++) {
		mdelay(1);
		cond_resched();
	}
	id.low_prio = current->prio;
	rt_mutex_unlock(&inv_lock);
	complete(&id.done);
	idle_until_stopped();
	return 0;
}

static int inv_mid_fn(void *unused)
{
	u64 t0 = ktime_get_ns();

	while (!READ_ONCE(id.stop) && ktime_get_ns() - t0 < 2 * NSEC_PER_SEC)
		cond_resched();
	id.mid_timed_out = !READ_ONCE(id.stop);
	complete(&id.done);
	idle_until_stopped();
	return 0;
}

static int inv_high_fn(void *unused)
{
	rt_mutex_lock(&inv_lock);
	id.high_got = true;
	id.high_prio = current->prio;
	WRITE_ONCE(id.stop, true);
	rt_mutex_unlock(&inv_lock);
	complete(&id.done);
	idle_until_stopped();
	return 0;
}

/* FIFO 99 on the CPU: starts low, lets it lock, then starts mid and high. */
static int inv_gate_fn(void *unused)
{
	wake_up_process(id.low);
	wait_for_completion(&id.locked);
	wake_up_process(id.mid);
	wake_up_process(id.high);
	complete(&id.done);
	idle_until_stopped();
	return 0;
}

static void rtmutex_test_inversion(struct kunit *test)
{
	unsigned int cpu = torture_other_cpu_or_self();
	struct task_struct *gate;

	memset(&id, 0, sizeof(id));
	init_completion(&id.locked);
	init_completion(&id.done);
	id.low = start_task(test, inv_low_fn, NULL, cpu, 10, "rtm_low/%u");
	id.mid = start_task(test, inv_mid_fn, NULL, cpu, 50, "rtm_mid/%u");
	id.high = start_task(test, inv_high_fn, NULL, cpu, 90, "rtm_high/%u");
	gate = start_task(test, inv_gate_fn, NULL, cpu, 99, "rtm_gate/%u");
	wake_up_process(gate);
	for (int i = 0; i < 4; i++)
		KUNIT_EXPECT_NE(test, wait_for_completion_timeout(&id.done, 2 * WAIT_J), 0UL);

	KUNIT_EXPECT_TRUE(test, id.high_got);
	KUNIT_EXPECT_FALSE_MSG(test, id.mid_timed_out,
			       "the FIFO 50 spinner held the lock owner off");
	/* low ran its critical section at the waiter's priority ... */
	KUNIT_EXPECT_EQ(test, id.low_prio, FIFO_PRIO(90));
	KUNIT_EXPECT_EQ(test, id.high_prio, FIFO_PRIO(90));
	/* ... and dropped back when it released the lock. */
	KUNIT_EXPECT_EQ(test, id.low->prio, FIFO_PRIO(10));
	KUNIT_EXPECT_FALSE(test, rt_mutex_is_locked(&inv_lock));
	reap(gate);
	reap(id.high);
	reap(id.mid);
	reap(id.low);
}

/* ---- (3) waiters are granted the lock in priority order ---- */

#define NR_ORDER	6

static DEFINE_RT_MUTEX(order_lock);
static const int order_fifo[NR_ORDER] = { 20, 60, 40, 60, 90, 20 };
static struct order_data {
	int order[NR_ORDER];
	atomic_t seq;
	struct completion done;
} od;

static int order_fn(void *arg)
{
	long i = (long)arg;

	rt_mutex_lock(&order_lock);
	od.order[i] = atomic_inc_return(&od.seq);
	rt_mutex_unlock(&order_lock);
	complete(&od.done);
	idle_until_stopped();
	return 0;
}

static void rtmutex_test_order(struct kunit *test)
{
	/* Index order by priority, best first; equal ones in arrival order. */
	static const int expect[NR_ORDER] = { 4, 1, 3, 2, 0, 5 };
	struct task_struct *tasks[NR_ORDER];
	int i;

	memset(&od, 0, sizeof(od));
	init_completion(&od.done);
	rt_mutex_lock(&order_lock);
	for (i = 0; i < NR_ORDER; i++) {
		tasks[i] = start_task(test, order_fn, (void *)(long)i, -1, order_fifo[i],
				      "rtm_order");
		wake_up_process(tasks[i]);
		KUNIT_EXPECT_TRUE(test, wait_blocked(tasks[i]));
	}
	/* We, SCHED_NORMAL, run at the best waiter's priority. */
	KUNIT_EXPECT_EQ(test, current->prio, FIFO_PRIO(90));
	rt_mutex_unlock(&order_lock);
	KUNIT_EXPECT_EQ(test, current->prio, current->normal_prio);

	for (i = 0; i < NR_ORDER; i++)
		KUNIT_EXPECT_NE(test, wait_for_completion_timeout(&od.done, WAIT_J), 0UL);
	for (i = 0; i < NR_ORDER; i++)
		KUNIT_EXPECT_EQ_MSG(test, od.order[expect[i]], i + 1,
				    "waiter %d (FIFO %d) got the lock as #%d, expected #%d",
				    expect[i], order_fifo[expect[i]], od.order[expect[i]], i + 1);
	for (i = 0; i < NR_ORDER; i++)
		reap(tasks[i]);
}

/* ---- (4) a boost follows the chain of owners; (5) deboosting ---- */

/*
 * A (FIFO 10) owns L1 and waits for L2, owned by B (FIFO 20); H (FIFO 80)
 * waits for L1.  Both A and B run at FIFO 80.  When B releases L2, B
 * drops back while A, still holding L1, keeps H's priority.
 */
static DEFINE_RT_MUTEX(chain_l1);
static DEFINE_RT_MUTEX(chain_l2);
static struct chain_data {
	struct completion a_locked, b_locked, a_got_l2, h_done;
	struct completion a_release, b_release;
} chd;

static int chain_b_fn(void *unused)
{
	rt_mutex_lock(&chain_l2);
	complete(&chd.b_locked);
	wait_for_completion(&chd.b_release);
	rt_mutex_unlock(&chain_l2);
	idle_until_stopped();
	return 0;
}

static int chain_a_fn(void *unused)
{
	rt_mutex_lock(&chain_l1);
	complete(&chd.a_locked);
	rt_mutex_lock(&chain_l2);
	complete(&chd.a_got_l2);
	wait_for_completion(&chd.a_release);
	rt_mutex_unlock(&chain_l2);
	rt_mutex_unlock(&chain_l1);
	idle_until_stopped();
	return 0;
}

static int chain_h_fn(void *unused)
{
	rt_mutex_lock(&chain_l1);
	rt_mutex_unlock(&chain_l1);
	complete(&chd.h_done);
	idle_until_stopped();
	return 0;
}

static void rtmutex_test_chain(struct kunit *test)
{
	struct task_struct *a, *b, *h;

	memset(&chd, 0, sizeof(chd));
	init_completion(&chd.a_locked);
	init_completion(&chd.b_locked);
	init_completion(&chd.a_got_l2);
	init_completion(&chd.h_done);
	init_completion(&chd.a_release);
	init_completion(&chd.b_release);

	b = start_task(test, chain_b_fn, NULL, -1, 20, "rtm_chain_b");
	wake_up_process(b);
	KUNIT_EXPECT_NE(test, wait_for_completion_timeout(&chd.b_locked, WAIT_J), 0UL);
	a = start_task(test, chain_a_fn, NULL, -1, 10, "rtm_chain_a");
	wake_up_process(a);
	KUNIT_EXPECT_NE(test, wait_for_completion_timeout(&chd.a_locked, WAIT_J), 0UL);
	KUNIT_EXPECT_TRUE(test, wait_blocked(a));
	msleep(10);
	/* A's FIFO 10 lends B (FIFO 20) nothing. */
	KUNIT_EXPECT_EQ(test, b->prio, FIFO_PRIO(20));

	h = start_task(test, chain_h_fn, NULL, -1, 80, "rtm_chain_h");
	wake_up_process(h);
	KUNIT_EXPECT_TRUE(test, wait_blocked(h));
	KUNIT_EXPECT_EQ(test, wait_for_prio(b, FIFO_PRIO(80)), FIFO_PRIO(80));
	KUNIT_EXPECT_EQ(test, a->prio, FIFO_PRIO(80));
	KUNIT_EXPECT_EQ(test, b->prio, FIFO_PRIO(80));

	/* B releases L2 to A: B's boost ends, A's (through L1) stays. */
	complete(&chd.b_release);
	KUNIT_EXPECT_NE(test, wait_for_completion_timeout(&chd.a_got_l2, WAIT_J), 0UL);
	KUNIT_EXPECT_EQ(test, wait_for_prio(b, FIFO_PRIO(20)), FIFO_PRIO(20));
	KUNIT_EXPECT_EQ(test, a->prio, FIFO_PRIO(80));

	/* A releases both: H gets L1, A drops back. */
	complete(&chd.a_release);
	KUNIT_EXPECT_NE(test, wait_for_completion_timeout(&chd.h_done, WAIT_J), 0UL);
	KUNIT_EXPECT_EQ(test, wait_for_prio(a, FIFO_PRIO(10)), FIFO_PRIO(10));
	KUNIT_EXPECT_EQ(test, h->prio, FIFO_PRIO(80));
	KUNIT_EXPECT_FALSE(test, rt_mutex_is_locked(&chain_l1));
	KUNIT_EXPECT_FALSE(test, rt_mutex_is_locked(&chain_l2));
	reap(h);
	reap(a);
	reap(b);
}

/*
 * We hold L1 and L2; FIFO 80 waits for L1, FIFO 30 for L2.  Releasing L1
 * (its waiter leaves) drops us to FIFO 30, releasing L2 to our own.
 */
static DEFINE_RT_MUTEX(deboost_l1);
static DEFINE_RT_MUTEX(deboost_l2);
static struct completion deboost_done;

static int deboost_fn(void *arg)
{
	struct rt_mutex *lock = arg;

	rt_mutex_lock(lock);
	rt_mutex_unlock(lock);
	complete(&deboost_done);
	idle_until_stopped();
	return 0;
}

static void rtmutex_test_deboost(struct kunit *test)
{
	struct task_struct *w1, *w2;

	init_completion(&deboost_done);
	rt_mutex_lock(&deboost_l1);
	rt_mutex_lock(&deboost_l2);
	w2 = start_task(test, deboost_fn, &deboost_l2, -1, 30, "rtm_deboost30");
	wake_up_process(w2);
	KUNIT_EXPECT_EQ(test, wait_for_prio(current, FIFO_PRIO(30)), FIFO_PRIO(30));
	w1 = start_task(test, deboost_fn, &deboost_l1, -1, 80, "rtm_deboost80");
	wake_up_process(w1);
	KUNIT_EXPECT_EQ(test, wait_for_prio(current, FIFO_PRIO(80)), FIFO_PRIO(80));

	rt_mutex_unlock(&deboost_l1);
	KUNIT_EXPECT_EQ(test, current->prio, FIFO_PRIO(30));
	rt_mutex_unlock(&deboost_l2);
	KUNIT_EXPECT_EQ(test, current->prio, current->normal_prio);
	KUNIT_EXPECT_TRUE(test, hlist_empty(&current->pi_held_locks));

	for (int i = 0; i < 2; i++)
		KUNIT_EXPECT_NE(test, wait_for_completion_timeout(&deboost_done, WAIT_J), 0UL);
	reap(w1);
	reap(w2);
}

/* ---- (6) proxy locking, as RCU priority boosting uses it ---- */

/*
 * A SCHED_NORMAL "reader" is made the owner of a lock on a FIFO 70
 * booster's stack, which then blocks on it; the reader, boosted, releases
 * it with interrupts and preemption disabled, as rcu_read_unlock() would.
 */
static struct proxy_data {
	struct task_struct *reader;
	struct rt_mutex *mtx;
	int reader_prio_after;
	bool booster_got;
	struct completion reader_ready, reader_go, reader_done, booster_done;
} pxd;

static int proxy_reader_fn(void *unused)
{
	unsigned long flags;

	complete(&pxd.reader_ready);
	wait_for_completion(&pxd.reader_go);
	local_irq_save(flags);
	preempt_disable();
	rt_mutex_futex_unlock(READ_ONCE(pxd.mtx));
	pxd.reader_prio_after = current->prio;
	preempt_enable();
	local_irq_restore(flags);
	complete(&pxd.reader_done);
	idle_until_stopped();
	return 0;
}

static int proxy_booster_fn(void *unused)
{
	struct rt_mutex mtx;

	rt_mutex_init(&mtx);
	rt_mutex_init_proxy_locked(&mtx, pxd.reader);
	WRITE_ONCE(pxd.mtx, &mtx);
	rt_mutex_lock(&mtx);
	pxd.booster_got = true;
	rt_mutex_unlock(&mtx);
	complete(&pxd.booster_done);
	idle_until_stopped();
	return 0;
}

static void rtmutex_test_proxy(struct kunit *test)
{
	struct task_struct *booster;

	memset(&pxd, 0, sizeof(pxd));
	init_completion(&pxd.reader_ready);
	init_completion(&pxd.reader_go);
	init_completion(&pxd.reader_done);
	init_completion(&pxd.booster_done);
	pxd.reader = start_task(test, proxy_reader_fn, NULL, -1, 0, "rtm_reader");
	wake_up_process(pxd.reader);
	KUNIT_EXPECT_NE(test, wait_for_completion_timeout(&pxd.reader_ready, WAIT_J), 0UL);
	booster = start_task(test, proxy_booster_fn, NULL, -1, 70, "rtm_booster");
	wake_up_process(booster);

	/* Blocked on the proxy-locked mutex, the booster lends its priority. */
	KUNIT_EXPECT_TRUE(test, wait_blocked(booster));
	KUNIT_EXPECT_EQ(test, wait_for_prio(pxd.reader, FIFO_PRIO(70)), FIFO_PRIO(70));
	KUNIT_EXPECT_FALSE(test, pxd.booster_got);

	complete(&pxd.reader_go);
	KUNIT_EXPECT_NE(test, wait_for_completion_timeout(&pxd.reader_done, WAIT_J), 0UL);
	KUNIT_EXPECT_NE(test, wait_for_completion_timeout(&pxd.booster_done, WAIT_J), 0UL);
	KUNIT_EXPECT_EQ(test, pxd.reader_prio_after, DEFAULT_PRIO);
	KUNIT_EXPECT_EQ(test, pxd.reader->prio, DEFAULT_PRIO);
	KUNIT_EXPECT_TRUE(test, pxd.booster_got);
	KUNIT_EXPECT_EQ(test, booster->prio, FIFO_PRIO(70));
	reap(booster);
	reap(pxd.reader);
}

/* ---- (7) lockdep ---- */

static void rtmutex_test_lockdep(struct kunit *test)
{
	struct rt_mutex lock;

	if (!IS_ENABLED(CONFIG_PROVE_LOCKING))
		kunit_skip(test, "needs CONFIG_PROVE_LOCKING");
	rt_mutex_init(&lock);
	KUNIT_EXPECT_FALSE(test, lockdep_is_held(&lock));
	rt_mutex_lock(&lock);
	KUNIT_EXPECT_TRUE(test, lockdep_is_held(&lock));
	rt_mutex_unlock(&lock);
	KUNIT_EXPECT_FALSE(test, lockdep_is_held(&lock));
	KUNIT_EXPECT_EQ(test, rt_mutex_trylock(&lock), 1);
	KUNIT_EXPECT_TRUE(test, lockdep_is_held(&lock));
	rt_mutex_unlock(&lock);
	KUNIT_EXPECT_FALSE(test, lockdep_is_held(&lock));

	/* A proxy owner holds the lock without lockdep knowing. */
	rt_mutex_init_proxy_locked(&lock, current);
	KUNIT_EXPECT_TRUE(test, rt_mutex_is_locked(&lock));
	KUNIT_EXPECT_FALSE(test, lockdep_is_held(&lock));
	rt_mutex_futex_unlock(&lock);
	KUNIT_EXPECT_FALSE(test, rt_mutex_is_locked(&lock));
}

static struct kunit_case rtmutex_test_cases[] = {
	KUNIT_CASE(rtmutex_test_basic),
	KUNIT_CASE(rtmutex_test_contention),
	KUNIT_CASE(rtmutex_test_inversion),
	KUNIT_CASE(rtmutex_test_order),
	KUNIT_CASE(rtmutex_test_chain),
	KUNIT_CASE(rtmutex_test_deboost),
	KUNIT_CASE(rtmutex_test_proxy),
	KUNIT_CASE(rtmutex_test_lockdep),
	{}
};

static struct kunit_suite rtmutex_test_suite = {
	.name = "rtmutex",
	.test_cases = rtmutex_test_cases,
};
kunit_test_suite(rtmutex_test_suite);
