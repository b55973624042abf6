// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "profile": a kthread spinning in one function on one CPU
 * makes that function the CPU's top entry, and the overall table adds up.
 */
#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/profile.h>
#include <linux/cpumask.h>
#include <linux/kallsyms.h>
#include <linux/kthread.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/string.h>

#define SPIN_SAMPLES	100	/* samples wanted on the spinning CPU */

static struct completion spin_done;
static unsigned int spin_cpu;
static unsigned long spin_deadline;

/* Only loads and a compare: the samples land in this function. */
static noinline void profile_test_spin(void)
{
	while (time_before(READ_ONCE(jiffies), spin_deadline)) {
		for (int i = 0; i < 100000; i++)
			barrier();
		if (profile_samples(spin_cpu) >= SPIN_SAMPLES)
			break;
		cond_resched();		/* alone on one CPU, others must run */
	}
}

static int spin_thread(void *unused)
{
	profile_test_spin();
	complete(&spin_done);
	return 0;
}

static void profile_test_busy_loop(struct kunit *test)
{
	struct profile_hit hits[4];
	struct task_struct *t;
	unsigned int n, total, all;
	char name[128];
	struct cpumask cpus;

	spin_cpu = num_online_cpus() > 1 ? 1 : 0;
	cpumask_clear(&cpus);
	cpumask_set_cpu(spin_cpu, &cpus);
	init_completion(&spin_done);
	/* A bound on the spin, not a measurement: ends early with enough samples. */
	spin_deadline = jiffies + 60 * HZ;
	KUNIT_ASSERT_EQ(test, profile_start(&cpus, 120), 0);
	t = kthread_create(spin_thread, NULL, "profile_spin");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, t);
	kthread_bind(t, spin_cpu);
	wake_up_process(t);
	wait_for_completion(&spin_done);
	profile_stop();

	n = profile_top(spin_cpu, hits, ARRAY_SIZE(hits), &total);
	KUNIT_ASSERT_GT(test, n, 0u);
	scnprintf(name, sizeof(name), "%ps", (void *)hits[0].addr);
	kunit_info(test, "CPU %u: %u samples, top %s with %u", spin_cpu, total,
		   name, hits[0].count);
	KUNIT_EXPECT_GE(test, total, (unsigned int)SPIN_SAMPLES);
	KUNIT_EXPECT_STREQ(test, name, "profile_test_spin");
	KUNIT_EXPECT_GT(test, hits[0].count * 2, total);
	KUNIT_EXPECT_PTR_EQ(test, (void *)hits[0].addr, (void *)profile_test_spin);

	/* Only that CPU was profiled: the overall table is its table. */
	n = profile_top(-1, hits, ARRAY_SIZE(hits), &all);
	KUNIT_EXPECT_EQ(test, all, total);
	if (nr_cpu_ids > 1)
		KUNIT_EXPECT_EQ(test, profile_samples(spin_cpu ? 0 : 1), 0u);
	profile_free();
}

/* Refusals: a second profile while one runs, a zero length. */
static void profile_test_busy(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, profile_start(cpu_online_mask, 0), -EINVAL);
	KUNIT_ASSERT_EQ(test, profile_start(cpu_online_mask, 1), 0);
	KUNIT_EXPECT_EQ(test, profile_start(cpu_online_mask, 1), -EBUSY);
	profile_stop();
	profile_free();
}

static struct kunit_case profile_test_cases[] = {
	KUNIT_CASE(profile_test_busy_loop),
	KUNIT_CASE(profile_test_busy),
	{}
};

static struct kunit_suite profile_test_suite = {
	.name = "profile",
	.test_cases = profile_test_cases,
};
kunit_test_suite(profile_test_suite);
