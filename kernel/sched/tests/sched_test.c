// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "sched": sleeping, cross-CPU wake-up, preemption, real-time
 * priority order, mutex and rwsem exclusion under contention, completions,
 * kthread_stop() and kthread_park().
 *
 * Helper threads never use KUNIT_ASSERT (it longjmps on the runner's
 * stack); they record what they saw and the case checks it.  Every helper
 * is pinned with get_task_struct() and reaped with kthread_stop(), so a
 * failing case leaves nothing behind that points into its data.
 */
#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/completion.h>
#include <linux/wait.h>
#include <linux/mutex.h>
#include <linux/rwsem.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/smp.h>
#include <linux/slab.h>
#include <linux/torture.h>

#define WAIT_J		(10 * HZ)	/* generous: QEMU TCG with many CPUs */

static struct task_struct *start_pinned(struct kunit *test, int (*fn)(void *),
					void *data, int cpu, const char *name)
{
	struct task_struct *t;

	if (cpu >= 0)
		t = kthread_create_on_cpu(fn, data, cpu, name);
	else
		t = kthread_create(fn, data, "%s", name);
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	get_task_struct(t);
	return t;
}

static void reap(struct task_struct *t)
{
	kthread_stop(t);
	put_task_struct(t);
}

/* ---- msleep ---- */

static void sched_test_msleep(struct kunit *test)
{
	static const unsigned int ms[] = { 1, 10, 50, 100 };

	for (unsigned int i = 0; i < ARRAY_SIZE(ms); i++) {
		u64 t0 = ktime_get_ns(), dt;

		msleep(ms[i]);
		dt = ktime_get_ns() - t0;
		KUNIT_EXPECT_GE_MSG(test, dt, (u64)ms[i] * NSEC_PER_MSEC,
				    "msleep(%u) took %lu us", ms[i], (unsigned long)(dt / 1000));
		/* Generous: QEMU TCG on a loaded host stalls virtual CPUs. */
		KUNIT_EXPECT_LT_MSG(test, dt, (u64)(ms[i] + 3000) * NSEC_PER_MSEC,
				    "msleep(%u) took %lu us", ms[i], (unsigned long)(dt / 1000));
	}
}

static void sched_test_schedule_timeout(struct kunit *test)
{
	unsigned long j0 = jiffies;
	long left;

	set_current_state(TASK_UNINTERRUPTIBLE);
	left = schedule_timeout(5);
	KUNIT_EXPECT_EQ(test, left, 0);
	KUNIT_EXPECT_TRUE(test, time_after_eq(jiffies, j0 + 5));
	KUNIT_EXPECT_EQ(test, (long)current->state, (long)TASK_RUNNING);
}

/* ---- cross-CPU wake-up ---- */

static struct wake_data {
	struct wait_queue_head wq;
	struct completion ready, done;
	bool flag;
	int cpu_before, cpu_after;
	u64 woken_ns;
} wd;

static int wake_waiter(void *unused)
{
	wd.cpu_before = raw_smp_processor_id();
	complete(&wd.ready);
	wait_event(wd.wq, READ_ONCE(wd.flag) || kthread_should_stop());
	wd.woken_ns = ktime_get_ns();
	wd.cpu_after = raw_smp_processor_id();
	complete(&wd.done);
	while (!kthread_should_stop())
		schedule_timeout_idle(HZ);
	return 0;
}

static void sched_test_wakeup_cross_cpu(struct kunit *test)
{
	unsigned int cpu = torture_other_cpu_or_self();
	struct task_struct *t;
	u64 t0;

	init_waitqueue_head(&wd.wq);
	init_completion(&wd.ready);
	init_completion(&wd.done);
	wd.flag = false;
	wd.cpu_before = wd.cpu_after = -1;

	t = start_pinned(test, wake_waiter, NULL, cpu, "sched_test/%u");
	wake_up_process(t);
	KUNIT_EXPECT_NE(test, wait_for_completion_timeout(&wd.ready, WAIT_J), 0UL);
	/* Let it get to sleep (not required for correctness). */
	msleep(20);
	KUNIT_EXPECT_FALSE(test, completion_done(&wd.done));

	t0 = ktime_get_ns();
	WRITE_ONCE(wd.flag, true);
	wake_up(&wd.wq);
	KUNIT_EXPECT_NE(test, wait_for_completion_timeout(&wd.done, WAIT_J), 0UL);
	KUNIT_EXPECT_EQ(test, wd.cpu_before, (int)cpu);
	KUNIT_EXPECT_EQ(test, wd.cpu_after, (int)cpu);
	KUNIT_EXPECT_EQ(test, task_cpu(t), cpu);
	if (completion_done(&wd.done))
		kunit_info(test, "woke a task on CPU %u from CPU %u in %lu us\n",
			   cpu, raw_smp_processor_id(),
			   (unsigned long)((wd.woken_ns - t0) / 1000));
	reap(t);
}

/* ---- preemption ---- */

static struct preempt_data {
	struct task_struct *rt;
	bool rt_ran, spin_done;
	bool rt_saw_spin_done, spinner_saw_rt;
	struct completion spinner_done, rt_done;
} pd;

static int preempt_rt_fn(void *unused)
{
	WRITE_ONCE(pd.rt_saw_spin_done, READ_ONCE(pd.spin_done));
	WRITE_ONCE(pd.rt_ran, true);
	complete(&pd.rt_done);
	while (!kthread_should_stop())
		schedule_timeout_idle(HZ);
	return 0;
}

/*
 * A SCHED_NORMAL task wakes a higher-priority FIFO task on its own CPU and
 * then spins for 200 ms without a scheduling point.
 */
static int preempt_spinner_fn(void *unused)
{
	u64 t0;

	wake_up_process(pd.rt);
	t0 = ktime_get_ns();
	while (ktime_get_ns() - t0 < 200 * NSEC_PER_MSEC) {
		if (READ_ONCE(pd.rt_ran)) {
			WRITE_ONCE(pd.spinner_saw_rt, true);
			break;
		}
		cpu_relax();
	}
	WRITE_ONCE(pd.spin_done, true);
	cond_resched();
	complete(&pd.spinner_done);
	while (!kthread_should_stop())
		schedule_timeout_idle(HZ);
	return 0;
}

static void sched_test_preemption(struct kunit *test)
{
	struct sched_param sp = { .sched_priority = 50 };
	unsigned int cpu = torture_other_cpu_or_self();
	struct task_struct *spinner;

	memset(&pd, 0, sizeof(pd));
	init_completion(&pd.spinner_done);
	init_completion(&pd.rt_done);

	pd.rt = start_pinned(test, preempt_rt_fn, NULL, cpu, "sched_rt/%u");
	KUNIT_EXPECT_EQ(test, sched_setscheduler(pd.rt, SCHED_FIFO, &sp), 0);
	spinner = start_pinned(test, preempt_spinner_fn, NULL, cpu, "sched_spin/%u");
	wake_up_process(spinner);

	KUNIT_EXPECT_NE(test, wait_for_completion_timeout(&pd.rt_done, WAIT_J), 0UL);
	KUNIT_EXPECT_NE(test, wait_for_completion_timeout(&pd.spinner_done, WAIT_J), 0UL);
	if (IS_ENABLED(CONFIG_PREEMPT)) {
		/* The FIFO task ran at once, in the middle of the spin. */
		KUNIT_EXPECT_TRUE(test, pd.spinner_saw_rt);
		KUNIT_EXPECT_FALSE(test, pd.rt_saw_spin_done);
	} else {
		/* Not before the spinner reached cond_resched(). */
		KUNIT_EXPECT_FALSE(test, pd.spinner_saw_rt);
		KUNIT_EXPECT_TRUE(test, pd.rt_saw_spin_done);
	}
	KUNIT_EXPECT_GE(test, pd.rt->nvcsw + pd.rt->nivcsw, 1UL);
	reap(spinner);
	reap(pd.rt);
}

/* ---- round robin among SCHED_NORMAL tasks ---- */

static struct rr_data {
	unsigned long loops[2];
	struct task_struct *task[2];
	struct completion done;
} rrd;

/*
 * Spin with scheduling points only (cond_resched()) until both spinners
 * have been switched out twice, or 20 s.  Not a fixed time: on an
 * overcommitted host a virtual CPU may take few ticks in 300 ms.
 */
static int rr_spinner(void *arg)
{
	long i = (long)arg;
	u64 t0 = ktime_get_ns();

	while ((READ_ONCE(rrd.task[0]->nivcsw) < 2 || READ_ONCE(rrd.task[1]->nivcsw) < 2) &&
	       ktime_get_ns() - t0 < 20 * NSEC_PER_SEC) {
		rrd.loops[i]++;
		cond_resched();
	}
	complete(&rrd.done);
	while (!kthread_should_stop())
		schedule_timeout_idle(HZ);
	return 0;
}

static void sched_test_round_robin(struct kunit *test)
{
	unsigned int cpu = torture_other_cpu_or_self();
	struct task_struct *t[2];
	int i;

	memset(&rrd, 0, sizeof(rrd));
	init_completion(&rrd.done);
	for (i = 0; i < 2; i++)
		rrd.task[i] = t[i] = start_pinned(test, rr_spinner, (void *)(long)i, cpu,
						  "sched_rr/%u");
	for (i = 0; i < 2; i++)
		wake_up_process(t[i]);
	for (i = 0; i < 2; i++)
		KUNIT_EXPECT_NE(test, wait_for_completion_timeout(&rrd.done, 30 * HZ), 0UL);
	/* Time slices of RR_TIMESLICE ticks: each was switched out repeatedly. */
	for (i = 0; i < 2; i++) {
		KUNIT_EXPECT_GE(test, t[i]->nivcsw, 2UL);
		KUNIT_EXPECT_GT(test, rrd.loops[i], 0UL);
	}
	kunit_info(test, "switches %lu/%lu, loops %lu/%lu\n", t[0]->nivcsw, t[1]->nivcsw,
		   rrd.loops[0], rrd.loops[1]);
	for (i = 0; i < 2; i++)
		reap(t[i]);
}

/* ---- real-time priority order ---- */

#define NR_PRIO_TASKS 6
static const int prio_of[NR_PRIO_TASKS] = { 10, 30, 20, 80, 40, 30 };

static struct prio_data {
	struct task_struct *tasks[NR_PRIO_TASKS];
	int order[NR_PRIO_TASKS];
	atomic_t seq;
	int early;
	struct completion done;
} prd;

static int prio_task_fn(void *arg)
{
	long i = (long)arg;

	prd.order[i] = atomic_inc_return(&prd.seq);
	complete(&prd.done);
	while (!kthread_should_stop())
		schedule_timeout_idle(HZ);
	return 0;
}

/* Highest FIFO priority on the CPU: wakes the others, which must wait. */
static int prio_gate_fn(void *unused)
{
	for (int i = 0; i < NR_PRIO_TASKS; i++)
		wake_up_process(prd.tasks[i]);
	/* Spin a little: none of them may run while we do. */
	mdelay(20);
	prd.early = atomic_read(&prd.seq);
	complete(&prd.done);
	while (!kthread_should_stop())
		schedule_timeout_idle(HZ);
	return 0;
}

static void sched_test_rt_priority_order(struct kunit *test)
{
	/* Index order by priority, highest first; equal ones in wake order. */
	static const int expect[NR_PRIO_TASKS] = { 3, 4, 1, 5, 2, 0 };
	struct sched_param sp;
	unsigned int cpu = torture_other_cpu_or_self();
	struct task_struct *gate;
	int i;

	memset(&prd, 0, sizeof(prd));
	init_completion(&prd.done);
	for (i = 0; i < NR_PRIO_TASKS; i++) {
		prd.tasks[i] = start_pinned(test, prio_task_fn, (void *)(long)i, cpu,
					    "sched_prio/%u");
		sp.sched_priority = prio_of[i];
		KUNIT_EXPECT_EQ(test, sched_setscheduler(prd.tasks[i], SCHED_FIFO, &sp), 0);
	}
	gate = start_pinned(test, prio_gate_fn, NULL, cpu, "sched_gate/%u");
	sp.sched_priority = 99;
	KUNIT_EXPECT_EQ(test, sched_setscheduler(gate, SCHED_FIFO, &sp), 0);
	wake_up_process(gate);

	for (i = 0; i < NR_PRIO_TASKS + 1; i++)
		KUNIT_EXPECT_NE(test, wait_for_completion_timeout(&prd.done, WAIT_J), 0UL);
	KUNIT_EXPECT_EQ(test, prd.early, 0);
	for (i = 0; i < NR_PRIO_TASKS; i++)
		KUNIT_EXPECT_EQ_MSG(test, prd.order[expect[i]], i + 1,
				    "task %d (FIFO %d) ran as #%d, expected #%d",
				    expect[i], prio_of[expect[i]], prd.order[expect[i]], i + 1);
	reap(gate);
	for (i = 0; i < NR_PRIO_TASKS; i++)
		reap(prd.tasks[i]);
}

/* ---- priority inheritance (RCU boosting) ---- */

static struct boost_data {
	struct task_struct *low, *mid, *gate;
	int low_seq, mid_seq;
	atomic_t seq;
	struct completion done;
} bd;

static int boost_low_fn(void *unused)
{
	bd.low_seq = atomic_inc_return(&bd.seq);
	complete(&bd.done);
	while (!kthread_should_stop())
		schedule_timeout_idle(HZ);
	return 0;
}

static int boost_mid_fn(void *unused)
{
	bd.mid_seq = atomic_inc_return(&bd.seq);
	complete(&bd.done);
	while (!kthread_should_stop())
		schedule_timeout_idle(HZ);
	return 0;
}

/* Wakes FIFO 10 and FIFO 50, then lends its FIFO 90 to the FIFO 10 one. */
static int boost_gate_fn(void *unused)
{
	wake_up_process(bd.low);
	wake_up_process(bd.mid);
	rt_mutex_setprio(bd.low, current);
	complete(&bd.done);
	while (!kthread_should_stop())
		schedule_timeout_idle(HZ);
	return 0;
}

static void sched_test_priority_boost(struct kunit *test)
{
	struct sched_param sp;
	unsigned int cpu = torture_other_cpu_or_self();
	int i;

	memset(&bd, 0, sizeof(bd));
	init_completion(&bd.done);
	bd.low = start_pinned(test, boost_low_fn, NULL, cpu, "sched_low/%u");
	bd.mid = start_pinned(test, boost_mid_fn, NULL, cpu, "sched_mid/%u");
	bd.gate = start_pinned(test, boost_gate_fn, NULL, cpu, "sched_boost/%u");
	sp.sched_priority = 10;
	KUNIT_EXPECT_EQ(test, sched_setscheduler(bd.low, SCHED_FIFO, &sp), 0);
	sp.sched_priority = 50;
	KUNIT_EXPECT_EQ(test, sched_setscheduler(bd.mid, SCHED_FIFO, &sp), 0);
	sp.sched_priority = 90;
	KUNIT_EXPECT_EQ(test, sched_setscheduler(bd.gate, SCHED_FIFO, &sp), 0);
	wake_up_process(bd.gate);
	for (i = 0; i < 3; i++)
		KUNIT_EXPECT_NE(test, wait_for_completion_timeout(&bd.done, WAIT_J), 0UL);

	/* Boosted to 90, the FIFO 10 task ran before the FIFO 50 one. */
	KUNIT_EXPECT_EQ(test, bd.low_seq, 1);
	KUNIT_EXPECT_EQ(test, bd.mid_seq, 2);
	KUNIT_EXPECT_EQ(test, bd.low->prio, bd.gate->prio);
	KUNIT_EXPECT_EQ(test, bd.low->rt_priority, 10U);

	/* Unboosted, it is back at its own priority. */
	rt_mutex_setprio(bd.low, NULL);
	KUNIT_EXPECT_EQ(test, bd.low->prio, MAX_RT_PRIO - 1 - 10);
	/* A boost survives a policy change underneath it. */
	rt_mutex_setprio(bd.low, bd.gate);
	sp.sched_priority = 20;
	KUNIT_EXPECT_EQ(test, sched_setscheduler(bd.low, SCHED_FIFO, &sp), 0);
	KUNIT_EXPECT_EQ(test, bd.low->prio, bd.gate->prio);
	rt_mutex_setprio(bd.low, NULL);
	KUNIT_EXPECT_EQ(test, bd.low->prio, MAX_RT_PRIO - 1 - 20);

	reap(bd.gate);
	reap(bd.mid);
	reap(bd.low);
}

/* ---- mutex under contention on every CPU ---- */

/*
 * About 2048 lock/unlock pairs in all (1024 beyond 8 CPUs), spread over
 * every online CPU (two workers per CPU up to 8 CPUs, one beyond): QEMU
 * TCG runs 64 virtual CPUs on very few host CPUs, where each contended
 * hand-off takes milliseconds.
 */
#define MUTEX_TOTAL_OPS	2048

static DEFINE_MUTEX(test_mutex);
static struct mutex_data {
	unsigned long counter;
	int iters;
	atomic_t in_cs, violations, finished;
	struct completion go, done;
} md;

static int mutex_worker(void *unused)
{
	wait_for_completion(&md.go);
	for (int i = 0; i < md.iters; i++) {
		unsigned long v;

		if (i % 8 == 7) {
			while (!mutex_trylock(&test_mutex))
				cond_resched();
		} else {
			mutex_lock(&test_mutex);
		}
		if (atomic_inc_return(&md.in_cs) != 1 || mutex_owner(&test_mutex) != current)
			atomic_inc(&md.violations);
		v = READ_ONCE(md.counter);
		udelay(2);
		WRITE_ONCE(md.counter, v + 1);
		atomic_dec(&md.in_cs);
		mutex_unlock(&test_mutex);
		if (i % 16 == 0)
			cond_resched();
	}
	atomic_inc(&md.finished);
	complete(&md.done);
	while (!kthread_should_stop())
		schedule_timeout_idle(HZ);
	return 0;
}

static void sched_test_mutex_contention(struct kunit *test)
{
	unsigned int n = 0, cpu, ncpus = num_online_cpus();
	unsigned int per_cpu = ncpus <= 8 ? 2 : 1;
	struct task_struct **tasks;
	u64 t0;

	tasks = kcalloc(ncpus * per_cpu, sizeof(*tasks), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, tasks);
	memset(&md, 0, sizeof(md));
	init_completion(&md.go);
	init_completion(&md.done);
	md.iters = max(8U, MUTEX_TOTAL_OPS / (ncpus <= 8 ? 1 : 2) / (ncpus * per_cpu));

	for (unsigned int round = 0; round < per_cpu; round++)
		for_each_online_cpu(cpu)
			tasks[n++] = start_pinned(test, mutex_worker, NULL, cpu,
						  "sched_mutex/%u");
	for (unsigned int i = 0; i < n; i++)
		wake_up_process(tasks[i]);
	t0 = ktime_get_ns();
	complete_all(&md.go);
	for (unsigned int i = 0; i < n; i++) {
		if (wait_for_completion_timeout(&md.done, 6 * WAIT_J))
			continue;
		KUNIT_FAIL(test, "only %d of %u workers finished, counter %lu, owner %s",
			   atomic_read(&md.finished), n, READ_ONCE(md.counter),
			   mutex_owner(&test_mutex) ? mutex_owner(&test_mutex)->comm : "none");
		for (unsigned int j = 0; j < n; j++)
			sched_show_task(tasks[j]);
		break;
	}

	KUNIT_EXPECT_EQ(test, md.counter, (unsigned long)n * md.iters);
	KUNIT_EXPECT_EQ(test, atomic_read(&md.violations), 0);
	KUNIT_EXPECT_FALSE(test, mutex_is_locked(&test_mutex));
	kunit_info(test, "%u threads x %d lock/unlock in %lu ms\n", n, md.iters,
		   (unsigned long)((ktime_get_ns() - t0) / NSEC_PER_MSEC));
	for (unsigned int i = 0; i < n; i++)
		reap(tasks[i]);
	kfree(tasks);
}

/* ---- rwsem ---- */

static DECLARE_RWSEM(test_rwsem);
static struct rwsem_data {
	bool writer_in;
	struct completion done;
} rd;

static int rwsem_writer(void *unused)
{
	down_write(&test_rwsem);
	WRITE_ONCE(rd.writer_in, true);
	up_write(&test_rwsem);
	complete(&rd.done);
	while (!kthread_should_stop())
		schedule_timeout_idle(HZ);
	return 0;
}

static void sched_test_rwsem(struct kunit *test)
{
	struct task_struct *t;

	init_completion(&rd.done);
	rd.writer_in = false;

	down_read(&test_rwsem);
	KUNIT_EXPECT_TRUE(test, down_read_trylock(&test_rwsem));	/* readers share */
	KUNIT_EXPECT_FALSE(test, down_write_trylock(&test_rwsem));
	t = start_pinned(test, rwsem_writer, NULL, -1, "sched_rwsem");
	wake_up_process(t);
	msleep(30);
	KUNIT_EXPECT_FALSE(test, READ_ONCE(rd.writer_in));		/* writer waits */
	KUNIT_EXPECT_FALSE(test, down_read_trylock(&test_rwsem));	/* queued writer first */
	up_read(&test_rwsem);
	KUNIT_EXPECT_FALSE(test, READ_ONCE(rd.writer_in));
	up_read(&test_rwsem);
	KUNIT_EXPECT_NE(test, wait_for_completion_timeout(&rd.done, WAIT_J), 0UL);
	KUNIT_EXPECT_TRUE(test, READ_ONCE(rd.writer_in));
	KUNIT_EXPECT_TRUE(test, down_write_trylock(&test_rwsem));
	up_write(&test_rwsem);
	KUNIT_EXPECT_FALSE(test, rwsem_is_locked(&test_rwsem));
	reap(t);
}

/* ---- completions ---- */

static struct completion comp_all;
static atomic_t comp_woken;

static int completion_waiter(void *arg)
{
	struct completion *done = arg;

	wait_for_completion(&comp_all);
	atomic_inc(&comp_woken);
	complete(done);
	while (!kthread_should_stop())
		schedule_timeout_idle(HZ);
	return 0;
}

static void sched_test_completion(struct kunit *test)
{
	DECLARE_COMPLETION_ONSTACK(c);
	struct task_struct *t[4];
	u64 t0, dt;

	/* Banked completions are consumed one by one. */
	complete(&c);
	complete(&c);
	KUNIT_EXPECT_TRUE(test, completion_done(&c));
	KUNIT_EXPECT_TRUE(test, try_wait_for_completion(&c));
	KUNIT_EXPECT_NE(test, wait_for_completion_timeout(&c, 1), 0UL);
	KUNIT_EXPECT_FALSE(test, try_wait_for_completion(&c));

	/* A timeout elapses in full. */
	t0 = ktime_get_ns();
	KUNIT_EXPECT_EQ(test, wait_for_completion_timeout(&c, msecs_to_jiffies(40)), 0UL);
	dt = ktime_get_ns() - t0;
	KUNIT_EXPECT_GE(test, dt, 40 * NSEC_PER_MSEC - NSEC_PER_SEC / HZ);

	/* complete_all() releases every waiter, now and later. */
	init_completion(&comp_all);
	reinit_completion(&c);
	atomic_set(&comp_woken, 0);
	for (int i = 0; i < 4; i++) {
		t[i] = start_pinned(test, completion_waiter, &c, -1, "sched_comp");
		wake_up_process(t[i]);
	}
	msleep(20);
	KUNIT_EXPECT_EQ(test, atomic_read(&comp_woken), 0);
	complete_all(&comp_all);
	for (int i = 0; i < 4; i++)
		KUNIT_EXPECT_NE(test, wait_for_completion_timeout(&c, WAIT_J), 0UL);
	KUNIT_EXPECT_EQ(test, atomic_read(&comp_woken), 4);
	KUNIT_EXPECT_TRUE(test, completion_done(&comp_all));
	reinit_completion(&comp_all);
	KUNIT_EXPECT_FALSE(test, completion_done(&comp_all));
	for (int i = 0; i < 4; i++)
		reap(t[i]);
}

/* ---- kthread_stop ---- */

static int stop_loop_fn(void *arg)
{
	while (!kthread_should_stop())
		schedule_timeout_interruptible(1);
	return (int)(long)arg;
}

static void sched_test_kthread_stop(struct kunit *test)
{
	struct task_struct *t;

	t = kthread_run(stop_loop_fn, (void *)42L, "sched_stop");
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	msleep(10);
	KUNIT_EXPECT_EQ(test, kthread_stop(t), 42);

	/* Stopped before it ever ran: the function is not called. */
	t = kthread_create(stop_loop_fn, (void *)7L, "sched_stop");
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	KUNIT_EXPECT_EQ(test, kthread_stop(t), -EINTR);
}

/* ---- kthread_park ---- */

/*
 * Park and unpark back to back, as a CPU taken offline just after it came
 * back does to its per-CPU kthreads: the kthread, woken by the unpark,
 * runs its parking loop on its own CPU while the next kthread_park()
 * sets it up here.  Each park must return with the kthread parked and
 * off its CPU, its loop stopped; each unpark must let it run again.
 */
#define PARK_CYCLES	2000

static int park_loop_fn(void *arg)
{
	unsigned long *loops = arg;

	while (!kthread_should_stop()) {
		if (kthread_should_park())
			kthread_parkme();
		WRITE_ONCE(*loops, *loops + 1);
		cond_resched();
	}
	return 0;
}

static void sched_test_kthread_park(struct kunit *test)
{
	unsigned int cpu = torture_other_cpu_or_self();
	unsigned long loops = 0, before;
	struct task_struct *t;
	int bad = 0;

	t = start_pinned(test, park_loop_fn, &loops, cpu, "sched_park/%u");
	wake_up_process(t);
	for (int i = 0; i < PARK_CYCLES && !bad; i++) {
		kthread_park(t);
		if (READ_ONCE(t->state) != TASK_PARKED || READ_ONCE(t->on_cpu))
			bad = i + 1;
		before = READ_ONCE(loops);
		if (i % 100 == 0) {
			/* Parked means stopped, not just asleep for a while. */
			udelay(200);
			if (READ_ONCE(loops) != before)
				bad = i + 1;
		}
		kthread_unpark(t);
	}
	KUNIT_EXPECT_EQ_MSG(test, bad, 0, "cycle %d: kthread_park() returned early", bad - 1);
	before = READ_ONCE(loops);
	for (int ms = 0; ms < 2000 && READ_ONCE(loops) == before; ms++)
		msleep(1);
	KUNIT_EXPECT_NE_MSG(test, READ_ONCE(loops), before, "the kthread did not run after unpark");
	reap(t);
}

/* ---- yield and affinity ---- */

static void sched_test_affinity(struct kunit *test)
{
	struct cpumask mask, old = current->cpus_mask;
	unsigned int cpu = torture_other_cpu_or_self();

	cpumask_clear(&mask);
	cpumask_set_cpu(cpu, &mask);
	KUNIT_EXPECT_EQ(test, set_cpus_allowed_ptr(current, &mask), 0);
	KUNIT_EXPECT_EQ(test, raw_smp_processor_id(), cpu);
	msleep(5);
	KUNIT_EXPECT_EQ(test, raw_smp_processor_id(), cpu);
	yield();
	KUNIT_EXPECT_EQ(test, raw_smp_processor_id(), cpu);
	KUNIT_EXPECT_EQ(test, set_cpus_allowed_ptr(current, &old), 0);
}

static struct kunit_case sched_test_cases[] = {
	KUNIT_CASE(sched_test_msleep),
	KUNIT_CASE(sched_test_schedule_timeout),
	KUNIT_CASE(sched_test_wakeup_cross_cpu),
	KUNIT_CASE(sched_test_preemption),
	KUNIT_CASE(sched_test_round_robin),
	KUNIT_CASE(sched_test_rt_priority_order),
	KUNIT_CASE(sched_test_priority_boost),
	KUNIT_CASE(sched_test_mutex_contention),
	KUNIT_CASE(sched_test_rwsem),
	KUNIT_CASE(sched_test_completion),
	KUNIT_CASE(sched_test_kthread_stop),
	KUNIT_CASE(sched_test_kthread_park),
	KUNIT_CASE(sched_test_affinity),
	{}
};

static struct kunit_suite sched_test_suite = {
	.name = "sched",
	.test_cases = sched_test_cases,
};
kunit_test_suite(sched_test_suite);
