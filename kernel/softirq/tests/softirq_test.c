// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "softirq": a softirq raised in hardirq context runs on that
 * CPU, in softirq context, with interrupts enabled; local_bh_disable()
 * defers it to local_bh_enable(); one that keeps re-raising itself is
 * handed to ksoftirqd; irq_enter()/irq_exit() and nmi_enter()/nmi_exit()
 * account preempt_count.
 *
 * The tests borrow IRQ_POLL_SOFTIRQ, which nothing in rcuos uses, and
 * give it back (handler NULL) at the end of each case.
 */
#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/interrupt.h>
#include <linux/hardirq.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/delay.h>
#include <linux/torture.h>

#define TEST_SOFTIRQ	IRQ_POLL_SOFTIRQ

static struct softirq_test_data {
	atomic_t runs;
	int cpu;
	bool serving, hardirq, irqs_off;
	bool raiser_in_hardirq;
	int rearm;			/* re-raise this many more times */
	atomic_t in_ksoftirqd;
} sd;

static void test_softirq_action(void)
{
	sd.cpu = raw_smp_processor_id();
	sd.serving = in_serving_softirq();
	sd.hardirq = in_hardirq();
	sd.irqs_off = irqs_disabled();
	if (current == ksoftirqd_task(sd.cpu))
		atomic_inc(&sd.in_ksoftirqd);
	atomic_inc(&sd.runs);
	if (sd.rearm > 0) {
		sd.rearm--;
		raise_softirq(TEST_SOFTIRQ);
	}
}

static int softirq_test_init(struct kunit *test)
{
	memset(&sd, 0, sizeof(sd));
	sd.cpu = -1;
	open_softirq(TEST_SOFTIRQ, test_softirq_action);
	return 0;
}

static void softirq_test_exit(struct kunit *test)
{
	open_softirq(TEST_SOFTIRQ, NULL);
}

static void wait_runs(int n)
{
	for (int i = 0; i < 2000 && atomic_read(&sd.runs) < n; i++)
		msleep(1);
}

static void raise_in_irq(void *unused)
{
	sd.raiser_in_hardirq = in_hardirq();
	raise_softirq(TEST_SOFTIRQ);
}

static void softirq_test_raise_from_hardirq(struct kunit *test)
{
	unsigned int self = raw_smp_processor_id();
	int other = torture_other_cpu(self);
	unsigned int target = other < 0 ? self : other;

	KUNIT_ASSERT_EQ(test, smp_call_function_single(target, raise_in_irq, NULL, true), 0);
	wait_runs(1);
	KUNIT_EXPECT_EQ(test, atomic_read(&sd.runs), 1);
	KUNIT_EXPECT_EQ(test, sd.cpu, (int)target);
	KUNIT_EXPECT_TRUE(test, sd.serving);
	KUNIT_EXPECT_FALSE(test, sd.hardirq);
	KUNIT_EXPECT_FALSE(test, sd.irqs_off);
	if (target != self)
		KUNIT_EXPECT_TRUE(test, sd.raiser_in_hardirq);
	KUNIT_EXPECT_GE(test, kstat_softirqs_cpu(TEST_SOFTIRQ, target), 1UL);
}

static void softirq_test_bh_disable_defers(struct kunit *test)
{
	unsigned int cpu;

	local_bh_disable();
	cpu = smp_processor_id();
	KUNIT_EXPECT_TRUE(test, in_softirq());
	KUNIT_EXPECT_FALSE(test, in_serving_softirq());
	raise_softirq(TEST_SOFTIRQ);
	/* Several ticks come and go: their irq_exit() must not run it. */
	mdelay(30);
	KUNIT_EXPECT_EQ(test, atomic_read(&sd.runs), 0);
	KUNIT_EXPECT_TRUE(test, !!(local_softirq_pending() & (1U << TEST_SOFTIRQ)));
	local_bh_enable();
	/* ... and local_bh_enable() ran it, here and now. */
	KUNIT_EXPECT_EQ(test, atomic_read(&sd.runs), 1);
	KUNIT_EXPECT_EQ(test, sd.cpu, (int)cpu);
	KUNIT_EXPECT_TRUE(test, sd.serving);
	KUNIT_EXPECT_FALSE(test, in_softirq());
}

static void softirq_test_irq_exit_runs(struct kunit *test)
{
	unsigned long flags;
	int count;

	local_irq_save(flags);
	count = preempt_count();
	irq_enter();
	KUNIT_EXPECT_TRUE(test, in_hardirq());
	KUNIT_EXPECT_TRUE(test, in_interrupt());
	raise_softirq(TEST_SOFTIRQ);
	KUNIT_EXPECT_EQ(test, atomic_read(&sd.runs), 0);
	irq_exit();
	KUNIT_EXPECT_EQ(test, atomic_read(&sd.runs), 1);
	KUNIT_EXPECT_FALSE(test, sd.irqs_off);
	KUNIT_EXPECT_TRUE(test, irqs_disabled());
	KUNIT_EXPECT_EQ(test, preempt_count(), count);
	local_irq_restore(flags);
}

static void softirq_test_ksoftirqd_takes_over(struct kunit *test)
{
	unsigned long flags;

	/* A softirq that re-raises itself 200 times exceeds the restart limit. */
	sd.rearm = 200;
	local_irq_save(flags);
	irq_enter();
	raise_softirq(TEST_SOFTIRQ);
	irq_exit();
	local_irq_restore(flags);
	wait_runs(201);
	KUNIT_EXPECT_EQ(test, atomic_read(&sd.runs), 201);
	KUNIT_EXPECT_GE(test, atomic_read(&sd.in_ksoftirqd), 1);
	KUNIT_EXPECT_TRUE(test, sd.serving);
}

static void softirq_test_raise_from_task(struct kunit *test)
{
	/* From task context the softirq goes to ksoftirqd. */
	preempt_disable();
	raise_softirq(TEST_SOFTIRQ);
	preempt_enable();
	wait_runs(1);
	KUNIT_EXPECT_EQ(test, atomic_read(&sd.runs), 1);
	KUNIT_EXPECT_TRUE(test, sd.serving);
}

static void softirq_test_nmi_count(struct kunit *test)
{
	unsigned long flags;
	int count;

	local_irq_save(flags);
	count = preempt_count();
	nmi_enter();
	KUNIT_EXPECT_TRUE(test, in_nmi());
	KUNIT_EXPECT_TRUE(test, in_hardirq());
	KUNIT_EXPECT_FALSE(test, in_task());
	nmi_exit();
	KUNIT_EXPECT_FALSE(test, in_nmi());
	KUNIT_EXPECT_EQ(test, preempt_count(), count);
	local_irq_restore(flags);
}

static struct kunit_case softirq_test_cases[] = {
	KUNIT_CASE(softirq_test_raise_from_hardirq),
	KUNIT_CASE(softirq_test_bh_disable_defers),
	KUNIT_CASE(softirq_test_irq_exit_runs),
	KUNIT_CASE(softirq_test_ksoftirqd_takes_over),
	KUNIT_CASE(softirq_test_raise_from_task),
	KUNIT_CASE(softirq_test_nmi_count),
	{}
};

static struct kunit_suite softirq_test_suite = {
	.name = "softirq",
	.init = softirq_test_init,
	.exit = softirq_test_exit,
	.test_cases = softirq_test_cases,
};
kunit_test_suite(softirq_test_suite);
