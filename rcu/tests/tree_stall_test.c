// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "rcu_tree_stall": Tree RCU's stall clock.
 *
 * A tick that sees a grace period in progress compares jiffies with
 * rcu_state.jiffies_stall, so that value must belong to the grace period
 * the tick sees: rcu_gp_init() has to set it before it publishes the new
 * ->gp_seq, not after (else a tick in between checks a stale value, 0
 * after boot, and prints a false stall warning).
 *
 * The test makes the stale value obvious, writing one long past while no
 * grace period is in progress (under the root rcu_node lock, which
 * rcu_gp_init() holds while it starts one), then runs many grace periods
 * while a kthread on every CPU samples (->gp_seq, ->jiffies_stall,
 * ->gp_start) as densely as it can.  A sample taken within one grace
 * period whose stall time is not at least half a stall timeout after the
 * grace period's start saw the stale value.
 *
 * In a preemptible build, a stall that no CPU causes: a SCHED_NORMAL
 * kthread enters a reader and is preempted there by a SCHED_FIFO kthread
 * that spins on the same CPU (at priority 99, above any boosting).  The
 * CPU passes quiescent states (the spinner is outside any reader), so
 * only the preempted task holds the grace period up, and the stall
 * warning must name it: "Tasks blocked on level-N rcu_node (CPUs A-B):
 * P<pid>" for a normal grace period, " P<pid>" inside the braces of the
 * expedited one.  Once the spinner stops, the reader leaves its critical
 * section and the grace period must end.
 */
#include <linux/kernel.h>
#include <linux/cpumask.h>
#include <linux/err.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/delay.h>
#include <linux/moduleparam.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <kunit/test.h>
#include <kunit/prove_helpers.h>
#include "../rcu.h"
#include "../tree.h"

#define STALL_TEST_GPS		100
#define STALL_TEST_BATCH	256	/* samples between cond_resched()s */
/*
 * CPUs that sample, spread over the online ones: the race is between one
 * tick and grace-period start, which a few spinning samplers hit as well
 * as a hundred, while every extra busy vCPU slows each grace period.
 */
#define STALL_TEST_SAMPLERS	8

struct stall_sampler {
	struct task_struct *task;
	unsigned long samples;		/* taken inside one grace period */
	unsigned long bad;		/* ... that saw a stale stall time */
	unsigned long bad_gp_seq, bad_js, bad_start;
};

static bool stall_sampler_go;

static int stall_sampler_fn(void *arg)
{
	struct stall_sampler *s = arg;
	unsigned long half = rcu_stall_timeout_jiffies() / 2;

	while (!READ_ONCE(stall_sampler_go) && !kthread_should_stop())
		cond_resched();
	while (!kthread_should_stop()) {
		for (int i = 0; i < STALL_TEST_BATCH; i++) {
			unsigned long g1, g2, js, start;

			g1 = READ_ONCE(rcu_state.gp_seq);
			if (!gp_seq_state(g1))
				continue;
			smp_rmb();	/* as rcu_check_stall(): ->gp_seq first */
			js = READ_ONCE(rcu_state.jiffies_stall);
			start = READ_ONCE(rcu_state.gp_start);
			smp_rmb();
			g2 = READ_ONCE(rcu_state.gp_seq);
			if (g1 != g2)
				continue;	/* the values may mix two GPs */
			s->samples++;
			if (time_before(js, start + half)) {
				if (!s->bad++) {
					s->bad_gp_seq = g1;
					s->bad_js = js;
					s->bad_start = start;
				}
			}
		}
		cond_resched();
	}
	return 0;
}

/* Make ->jiffies_stall stale, if no grace period is in progress. */
static void stall_test_make_stale(void)
{
	struct rcu_node *root = rcu_get_root();
	unsigned long flags;

	spin_lock_irqsave(&root->lock, flags);
	if (!gp_seq_state(READ_ONCE(rcu_state.gp_seq)))
		WRITE_ONCE(rcu_state.jiffies_stall,
			   jiffies - rcu_stall_timeout_jiffies());
	spin_unlock_irqrestore(&root->lock, flags);
}

static void rcu_stall_clock_set_before_gp_start(struct kunit *test)
{
	unsigned int ncpus = num_online_cpus(), n = 0, want = 0, i = 0, cpu;
	unsigned int stride = DIV_ROUND_UP(ncpus, STALL_TEST_SAMPLERS);
	struct stall_sampler *s;
	unsigned long samples = 0, bad = 0;
	int warnings0 = READ_ONCE(rcu_state.nr_stall_warnings);

	if (ncpus < 2)
		kunit_skip(test, "needs a second CPU to sample from");
	s = kcalloc(nr_cpu_ids, sizeof(*s), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, s);
	WRITE_ONCE(stall_sampler_go, false);
	for_each_online_cpu(cpu) {
		if (i++ % stride)
			continue;
		want++;
		s[cpu].task = kthread_create(stall_sampler_fn, &s[cpu],
					     "stall_sampler/%u", cpu);
		if (IS_ERR(s[cpu].task)) {
			s[cpu].task = NULL;
			continue;
		}
		kthread_bind(s[cpu].task, cpu);
		wake_up_process(s[cpu].task);
		n++;
	}
	KUNIT_EXPECT_EQ(test, n, want);
	WRITE_ONCE(stall_sampler_go, true);

	for (int i = 0; i < STALL_TEST_GPS; i++) {
		stall_test_make_stale();
		synchronize_rcu();
	}

	for_each_online_cpu(cpu) {
		if (!s[cpu].task)
			continue;
		kthread_stop(s[cpu].task);
		samples += s[cpu].samples;
		bad += s[cpu].bad;
		KUNIT_EXPECT_EQ_MSG(test, s[cpu].bad, 0UL,
				    "CPU %u saw g=%ld in progress (started at jiffy %lu) with jiffies_stall %lu",
				    cpu, (long)s[cpu].bad_gp_seq >> GP_SEQ_CTR_SHIFT,
				    s[cpu].bad_start, s[cpu].bad_js);
	}
	kunit_info(test, "%lu samples inside grace periods, %lu stale\n", samples, bad);
	KUNIT_EXPECT_GT(test, samples, 0UL);
	/* Nothing here stalls: any warning is a false one. */
	KUNIT_EXPECT_EQ(test, READ_ONCE(rcu_state.nr_stall_warnings), warnings0);
	kfree(s);
}

#ifdef CONFIG_PREEMPT_RCU
#define STALL_BLOCKED_TIMEOUT	3	/* s: the smallest rcu_cpu_stall_timeout */

struct stall_blocked {
	bool expedited;
	int reader_in, reader_release, reader_done;
	int hog_running, hog_stop;
	int waiter_done;
};

/* Enter a reader and stay there, preemptible, until released. */
static int stall_blocked_reader_fn(void *arg)
{
	struct stall_blocked *b = arg;

	rcu_read_lock();
	WRITE_ONCE(b->reader_in, 1);
	while (!READ_ONCE(b->reader_release))
		cpu_relax();
	rcu_read_unlock();
	WRITE_ONCE(b->reader_done, 1);
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

/* SCHED_FIFO: take the CPU from the reader and keep it, outside any reader. */
static int stall_blocked_hog_fn(void *arg)
{
	struct stall_blocked *b = arg;

	WRITE_ONCE(b->hog_running, 1);
	while (!READ_ONCE(b->hog_stop))
		cpu_relax();
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

static int stall_blocked_exp_waiter_fn(void *arg)
{
	struct stall_blocked *b = arg;

	synchronize_rcu_expedited();
	WRITE_ONCE(b->waiter_done, 1);
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

/*
 * A CPU for the reader and the spinner: neither ours (we must go on
 * running) nor the grace-period kthread's (it must start the grace
 * period).  Tasks are not migrated, so the choice holds.
 */
static int stall_blocked_pick_cpu(void)
{
	struct task_struct *gp = READ_ONCE(rcu_state.gp_kthread);
	unsigned int self = raw_smp_processor_id(), cpu;

	for_each_online_cpu(cpu) {
		if (cpu != self && (!gp || cpu != task_cpu(gp)))
			return cpu;
	}
	return -1;
}

static bool stall_warned(struct stall_blocked *b, unsigned long before)
{
	int n = b->expedited ? READ_ONCE(rcu_state.nr_exp_stall_warnings) :
			       READ_ONCE(rcu_state.nr_stall_warnings);

	return n != (int)before;
}

static bool stall_gp_done(struct stall_blocked *b, unsigned long cookie)
{
	return b->expedited ? READ_ONCE(b->waiter_done) :
			      poll_state_synchronize_rcu(cookie);
}

/* Wait (up to @ms) for @cond(@b, @arg).  Return: it holds. */
static bool stall_wait_until(bool (*cond)(struct stall_blocked *, unsigned long),
			     struct stall_blocked *b, unsigned long arg, unsigned int ms)
{
	unsigned long end = jiffies + msecs_to_jiffies(ms);

	while (!cond(b, arg)) {
		if (time_after(jiffies, end))
			return false;
		msleep(10);
	}
	return true;
}

/* Is " P<pid>" in the capture, as a whole word? */
static bool stall_captured_pid(pid_t pid)
{
	char buf[32];

	snprintf(buf, sizeof(buf), " P%d ", pid);
	if (kunit_log_contains(buf))
		return true;
	snprintf(buf, sizeof(buf), " P%d\n", pid);
	return kunit_log_contains(buf);
}

static void stall_blocked_task_run(struct kunit *test, bool expedited)
{
	struct stall_blocked b = { .expedited = expedited };
	struct sched_param sp = { .sched_priority = MAX_RT_PRIO - 1 };
	struct task_struct *reader, *hog, *waiter = NULL;
	unsigned long before, cookie = 0;
	char saved[16], val[16];
	bool warned, done_early, queued, done;
	int cpu = stall_blocked_pick_cpu();

	if (cpu < 0)
		kunit_skip(test, "needs 3 CPUs: ours, the grace-period kthread's, the reader's");
	if (param_get_by_name("rcupdate.rcu_cpu_stall_timeout", saved, sizeof(saved)) < 0)
		snprintf(saved, sizeof(saved), "%d", CONFIG_RCU_CPU_STALL_TIMEOUT);
	snprintf(val, sizeof(val), "%d", STALL_BLOCKED_TIMEOUT);
	param_set_kv("rcupdate.rcu_cpu_stall_timeout", val);
	/* Every grace period from now on was started under the short timeout. */
	synchronize_rcu();

	reader = prove_run_on(stall_blocked_reader_fn, &b, cpu, "stall_reader");
	KUNIT_ASSERT_FALSE(test, IS_ERR(reader));
	KUNIT_ASSERT_TRUE(test, prove_wait_flag(&b.reader_in, 5000));
	hog = kthread_create_on_cpu(stall_blocked_hog_fn, &b, cpu, "stall_hog");
	KUNIT_ASSERT_FALSE(test, IS_ERR(hog));
	KUNIT_ASSERT_EQ(test, sched_setscheduler_nocheck(hog, SCHED_FIFO, &sp), 0);
	wake_up_process(hog);
	KUNIT_ASSERT_TRUE(test, prove_wait_flag(&b.hog_running, 5000));
	/* The spinner runs, so the reader is off its CPU, inside its reader. */
	queued = READ_ONCE(reader->rcu_read_unlock_special.b.blocked);

	before = expedited ? READ_ONCE(rcu_state.nr_exp_stall_warnings) :
			     READ_ONCE(rcu_state.nr_stall_warnings);
	kunit_expect_splat_begin(test);
	kunit_printk_capture_start();
	if (expedited)
		waiter = prove_run_on(stall_blocked_exp_waiter_fn, &b,
				      raw_smp_processor_id(), "stall_expwait");
	else
		cookie = start_poll_synchronize_rcu();
	warned = stall_wait_until(stall_warned, &b, before,
				  (3 * STALL_BLOCKED_TIMEOUT + 5) * 1000);
	done_early = stall_gp_done(&b, cookie);
	/* The warning is counted before it is printed: let it finish. */
	msleep(500);
	WRITE_ONCE(b.reader_release, 1);
	WRITE_ONCE(b.hog_stop, 1);
	done = stall_wait_until(stall_gp_done, &b, cookie, 10000);
	kunit_printk_capture_stop();
	kunit_expect_splat_end(test);
	param_set_kv("rcupdate.rcu_cpu_stall_timeout", saved);

	KUNIT_EXPECT_FALSE(test, IS_ERR(waiter));
	KUNIT_EXPECT_TRUE_MSG(test, queued, "the preempted reader was not queued as blocked");
	KUNIT_EXPECT_TRUE_MSG(test, warned, "no stall warning in %d s",
			      3 * STALL_BLOCKED_TIMEOUT + 5);
	KUNIT_EXPECT_FALSE_MSG(test, done_early,
			       "the grace period ended while a task held it up");
	if (expedited) {
		KUNIT_EXPECT_TRUE(test, kunit_log_contains(
			"INFO: rcu detected expedited stalls on CPUs/tasks: {"));
	} else {
		KUNIT_EXPECT_TRUE(test, kunit_log_contains("INFO: rcu detected stalls on CPUs/tasks:"));
		KUNIT_EXPECT_TRUE(test, kunit_log_contains("Tasks blocked on level-"));
		KUNIT_EXPECT_FALSE(test, kunit_log_contains("self-detected"));
	}
	KUNIT_EXPECT_TRUE_MSG(test, stall_captured_pid(reader->pid),
			      "the warning does not name P%d", reader->pid);
	KUNIT_EXPECT_TRUE_MSG(test, done, "the grace period did not end once the reader left");
	KUNIT_EXPECT_TRUE(test, prove_wait_flag(&b.reader_done, 5000));
	kthread_stop(hog);
	kthread_stop(reader);
	if (waiter && !IS_ERR(waiter))
		kthread_stop(waiter);
}

static void rcu_stall_names_blocked_task(struct kunit *test)
{
	stall_blocked_task_run(test, false);
}

static void rcu_exp_stall_names_blocked_task(struct kunit *test)
{
	stall_blocked_task_run(test, true);
}
#else
static void rcu_stall_names_blocked_task(struct kunit *test)
{
	kunit_skip(test, "readers are preemptible only with CONFIG_PREEMPT_RCU");
}

static void rcu_exp_stall_names_blocked_task(struct kunit *test)
{
	kunit_skip(test, "readers are preemptible only with CONFIG_PREEMPT_RCU");
}
#endif

static struct kunit_case rcu_tree_stall_test_cases[] = {
	KUNIT_CASE(rcu_stall_clock_set_before_gp_start),
	KUNIT_CASE(rcu_stall_names_blocked_task),
	KUNIT_CASE(rcu_exp_stall_names_blocked_task),
	{}
};

static struct kunit_suite rcu_tree_stall_test_suite = {
	.name = "rcu_tree_stall",
	.test_cases = rcu_tree_stall_test_cases,
};

kunit_test_suites(&rcu_tree_stall_test_suite);
