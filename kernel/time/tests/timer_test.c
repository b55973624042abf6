// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "timers": timers fire once, in softirq context, in expiry
 * order, on the CPU asked for; del_timer_sync() cancels; jiffies starts
 * near the 32-bit wrap and the time_after() family is wrap-safe.
 */
#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/timer.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/delay.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/interrupt.h>
#include <linux/cpu.h>

struct test_timer {
	struct timer_list timer;
	atomic_t fired;
	bool in_softirq, in_hardirq, irqs_off;
	int cpu;
	int seq;
};

static atomic_t timer_seq;

static void test_timer_fn(struct timer_list *t)
{
	struct test_timer *tt = from_timer(tt, t, timer);

	tt->in_softirq = in_serving_softirq();
	tt->in_hardirq = in_hardirq();
	tt->irqs_off = irqs_disabled();
	tt->cpu = raw_smp_processor_id();
	tt->seq = atomic_inc_return(&timer_seq);
	atomic_inc(&tt->fired);
}

static void init_test_timer(struct test_timer *tt)
{
	memset(tt, 0, sizeof(*tt));
	tt->cpu = -1;
	timer_setup(&tt->timer, test_timer_fn, 0);
}

/* Sleep until @tt fired or about a second passed. */
static void wait_fired(struct test_timer *tt, int n)
{
	for (int i = 0; i < 1000 && atomic_read(&tt->fired) < n; i++)
		msleep(1);
}

static void timers_test_fires_once_in_softirq(struct kunit *test)
{
	struct test_timer tt;

	init_test_timer(&tt);
	KUNIT_EXPECT_FALSE(test, timer_pending(&tt.timer));
	KUNIT_EXPECT_EQ(test, mod_timer(&tt.timer, jiffies + 2), 0);
	KUNIT_EXPECT_TRUE(test, timer_pending(&tt.timer));
	wait_fired(&tt, 1);
	msleep(50);
	KUNIT_EXPECT_EQ(test, atomic_read(&tt.fired), 1);
	KUNIT_EXPECT_TRUE(test, tt.in_softirq);
	KUNIT_EXPECT_FALSE(test, tt.in_hardirq);
	KUNIT_EXPECT_FALSE(test, tt.irqs_off);
	KUNIT_EXPECT_FALSE(test, timer_pending(&tt.timer));
	KUNIT_EXPECT_EQ(test, del_timer_sync(&tt.timer), 0);
}

static void timers_test_not_early(struct kunit *test)
{
	struct test_timer tt;
	unsigned long expires;
	u64 t0, dt;

	init_test_timer(&tt);
	t0 = ktime_get_ns();
	jiffies_update();
	expires = jiffies + msecs_to_jiffies(60);
	mod_timer(&tt.timer, expires);
	msleep(20);
	dt = ktime_get_ns() - t0;
	/* Unless the host stalled us past the expiry, it has not fired yet. */
	if (dt < 50 * NSEC_PER_MSEC)
		KUNIT_EXPECT_EQ(test, atomic_read(&tt.fired), 0);
	wait_fired(&tt, 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&tt.fired), 1);
	KUNIT_EXPECT_TRUE(test, time_after_eq(jiffies, expires));
	del_timer_sync(&tt.timer);
}

static void timers_test_del_timer_sync_cancels(struct kunit *test)
{
	struct test_timer tt;

	init_test_timer(&tt);
	mod_timer(&tt.timer, jiffies + msecs_to_jiffies(40));
	KUNIT_EXPECT_TRUE(test, timer_pending(&tt.timer));
	KUNIT_EXPECT_EQ(test, del_timer_sync(&tt.timer), 1);
	KUNIT_EXPECT_FALSE(test, timer_pending(&tt.timer));
	msleep(100);
	KUNIT_EXPECT_EQ(test, atomic_read(&tt.fired), 0);
	KUNIT_EXPECT_EQ(test, del_timer(&tt.timer), 0);
}

static void timers_test_mod_timer_rearms(struct kunit *test)
{
	struct test_timer tt;

	init_test_timer(&tt);
	mod_timer(&tt.timer, jiffies + 100 * HZ);
	/* Pending: moved earlier, still one timer. */
	KUNIT_EXPECT_EQ(test, mod_timer(&tt.timer, jiffies + 1), 1);
	wait_fired(&tt, 1);
	msleep(20);
	KUNIT_EXPECT_EQ(test, atomic_read(&tt.fired), 1);
	/* Not pending any more: arms it again. */
	KUNIT_EXPECT_EQ(test, mod_timer_pending(&tt.timer, jiffies + 1), 0);
	KUNIT_EXPECT_EQ(test, mod_timer(&tt.timer, jiffies + 1), 0);
	wait_fired(&tt, 2);
	KUNIT_EXPECT_EQ(test, atomic_read(&tt.fired), 2);
	del_timer_sync(&tt.timer);
}

static void timers_test_expiry_order(struct kunit *test)
{
	static const int delay[] = { 9, 3, 6, 1, 12 };
	struct test_timer tt[ARRAY_SIZE(delay)];
	unsigned long now;
	unsigned int i;

	atomic_set(&timer_seq, 0);
	/* All on this CPU's base (no migration in between). */
	preempt_disable();
	now = jiffies;
	for (i = 0; i < ARRAY_SIZE(delay); i++) {
		init_test_timer(&tt[i]);
		mod_timer(&tt[i].timer, now + delay[i]);
	}
	preempt_enable();
	for (i = 0; i < ARRAY_SIZE(delay); i++)
		wait_fired(&tt[i], 1);
	KUNIT_EXPECT_EQ(test, tt[3].seq, 1);
	KUNIT_EXPECT_EQ(test, tt[1].seq, 2);
	KUNIT_EXPECT_EQ(test, tt[2].seq, 3);
	KUNIT_EXPECT_EQ(test, tt[0].seq, 4);
	KUNIT_EXPECT_EQ(test, tt[4].seq, 5);
	for (i = 0; i < ARRAY_SIZE(delay); i++)
		del_timer_sync(&tt[i].timer);
}

static void timers_test_add_timer_on(struct kunit *test)
{
	struct test_timer tt;
	unsigned int cpu;

	for_each_possible_cpu(cpu) {
		if (cpu > 3 && cpu != nr_cpu_ids - 1)
			continue;	/* a few are enough */
		/*
		 * The CPU must stay online until its timer fires (a timer of
		 * a CPU going offline moves on): as add_timer_on() requires,
		 * hotplug (the scenarios run "onoff") waits meanwhile.
		 */
		cpus_read_lock();
		if (!cpu_online(cpu)) {
			cpus_read_unlock();
			continue;
		}
		init_test_timer(&tt);
		tt.timer.expires = jiffies + 1;
		add_timer_on(&tt.timer, cpu);
		wait_fired(&tt, 1);
		cpus_read_unlock();
		KUNIT_EXPECT_EQ(test, atomic_read(&tt.fired), 1);
		KUNIT_EXPECT_EQ(test, tt.cpu, (int)cpu);
		del_timer_sync(&tt.timer);
	}
}

static void timers_test_jiffies_wrap(struct kunit *test)
{
	unsigned long before = ULONG_MAX - 5, after = before + 10;
	u32 b32 = U32_MAX - 5, a32 = b32 + 10;
	unsigned long j;
	u64 ns_before, ns_after;

	/* Across the unsigned long wrap. */
	KUNIT_EXPECT_LT(test, after, before);
	KUNIT_EXPECT_TRUE(test, time_after(after, before));
	KUNIT_EXPECT_TRUE(test, time_before(before, after));
	KUNIT_EXPECT_TRUE(test, time_after_eq(after, before));
	KUNIT_EXPECT_FALSE(test, time_after(before, after));
	KUNIT_EXPECT_TRUE(test, time_in_range(before + 3, before, after));
	KUNIT_EXPECT_TRUE(test, time_in_range(0UL, before, after));
	KUNIT_EXPECT_FALSE(test, time_in_range(after + 1, before, after));
	/* Across the 32-bit wrap, which jiffies crosses 300 s after boot. */
	KUNIT_EXPECT_TRUE(test, time_after32(a32, b32));
	KUNIT_EXPECT_FALSE(test, time_after32(b32, a32));
	KUNIT_EXPECT_TRUE(test, time_after((unsigned long)a32 + (1UL << 32), (unsigned long)b32));

	/* jiffies starts 300 seconds before the low 32 bits wrap. */
	KUNIT_EXPECT_EQ(test, INITIAL_JIFFIES, (unsigned long)(unsigned int)(-300 * HZ));
	KUNIT_EXPECT_EQ(test, (INITIAL_JIFFIES + 300 * HZ) & 0xffffffffUL, 0UL);

	/* And it tracks the TSC clock, not the number of ticks taken. */
	ns_before = ktime_get_ns();
	jiffies_update();
	j = jiffies;
	ns_after = ktime_get_ns();
	KUNIT_EXPECT_TRUE(test, time_after_eq(j, INITIAL_JIFFIES + nsecs_to_jiffies(ns_before)));
	KUNIT_EXPECT_TRUE(test, time_before_eq(j, INITIAL_JIFFIES + nsecs_to_jiffies(ns_after)));
	kunit_info(test, "jiffies %#lx, %lu s to the 32-bit wrap\n", jiffies,
		   (unsigned long)((u32)0 - (u32)jiffies) / HZ);
}

static void timers_test_conversions(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, msecs_to_jiffies(0), 0UL);
	KUNIT_EXPECT_EQ(test, msecs_to_jiffies(1000), (unsigned long)HZ);
	KUNIT_EXPECT_EQ(test, msecs_to_jiffies(1), 1UL);	/* rounds up */
	KUNIT_EXPECT_EQ(test, jiffies_to_msecs(HZ), 1000U);
	KUNIT_EXPECT_EQ(test, usecs_to_jiffies(1000000), (unsigned long)HZ);
	KUNIT_EXPECT_EQ(test, nsecs_to_jiffies(NSEC_PER_SEC), (unsigned long)HZ);
	KUNIT_EXPECT_LE(test, msecs_to_jiffies(UINT_MAX), (unsigned long)MAX_JIFFY_OFFSET);
}

static void timers_test_udelay(struct kunit *test)
{
	u64 t0 = ktime_get_ns(), dt;

	udelay(500);
	dt = ktime_get_ns() - t0;
	KUNIT_EXPECT_GE(test, dt, 500 * NSEC_PER_USEC);
	t0 = ktime_get_ns();
	mdelay(5);
	dt = ktime_get_ns() - t0;
	KUNIT_EXPECT_GE(test, dt, 5 * NSEC_PER_MSEC);
	KUNIT_EXPECT_GT(test, tsc_khz, 0UL);
}

static struct kunit_case timers_test_cases[] = {
	KUNIT_CASE(timers_test_fires_once_in_softirq),
	KUNIT_CASE(timers_test_not_early),
	KUNIT_CASE(timers_test_del_timer_sync_cancels),
	KUNIT_CASE(timers_test_mod_timer_rearms),
	KUNIT_CASE(timers_test_expiry_order),
	KUNIT_CASE(timers_test_add_timer_on),
	KUNIT_CASE(timers_test_jiffies_wrap),
	KUNIT_CASE(timers_test_conversions),
	KUNIT_CASE(timers_test_udelay),
	{}
};

static struct kunit_suite timers_test_suite = {
	.name = "timers",
	.test_cases = timers_test_cases,
};
kunit_test_suite(timers_test_suite);
