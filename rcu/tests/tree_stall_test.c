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
 */
#include <linux/kernel.h>
#include <linux/cpumask.h>
#include <linux/err.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <kunit/test.h>
#include "../rcu.h"
#include "../tree.h"

#define STALL_TEST_GPS		100
#define STALL_TEST_BATCH	256	/* samples between cond_resched()s */

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
	unsigned int ncpus = num_online_cpus(), n = 0, cpu;
	struct stall_sampler *s;
	unsigned long samples = 0, bad = 0;
	int warnings0 = READ_ONCE(rcu_state.nr_stall_warnings);

	if (ncpus < 2)
		kunit_skip(test, "needs a second CPU to sample from");
	s = kcalloc(nr_cpu_ids, sizeof(*s), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, s);
	WRITE_ONCE(stall_sampler_go, false);
	for_each_online_cpu(cpu) {
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
	KUNIT_EXPECT_EQ(test, n, ncpus);
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

static struct kunit_case rcu_tree_stall_test_cases[] = {
	KUNIT_CASE(rcu_stall_clock_set_before_gp_start),
	{}
};

static struct kunit_suite rcu_tree_stall_test_suite = {
	.name = "rcu_tree_stall",
	.test_cases = rcu_tree_stall_test_cases,
};

kunit_test_suites(&rcu_tree_stall_test_suite);
