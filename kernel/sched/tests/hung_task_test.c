// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "hung_task": khungtaskd reports a task stuck in
 * TASK_UNINTERRUPTIBLE, once, by name, and none of the sleepers that are
 * not stuck: one in TASK_IDLE, one in TASK_INTERRUPTIBLE, a parked
 * kthread, and one that sleeps uninterruptibly a millisecond at a time.
 * The timeout is lowered to one second for the case.
 */
#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/hung_task.h>
#include <linux/string.h>

enum { HT_STUCK, HT_IDLE, HT_INTR, HT_NAPS, HT_PARKED, HT_NR };

static const char * const ht_names[HT_NR] = {
	"ht_stuck", "ht_idle", "ht_intr", "ht_naps", "ht_parked",
};

struct ht_sleeper {
	int kind;
	struct completion go;
};

static int ht_sleeper_fn(void *arg)
{
	struct ht_sleeper *s = arg;

	switch (s->kind) {
	case HT_STUCK:
		wait_for_completion(&s->go);
		break;
	case HT_IDLE:
		wait_for_completion_idle(&s->go);
		break;
	case HT_INTR:
		while (!completion_done(&s->go))
			schedule_timeout_interruptible(MAX_SCHEDULE_TIMEOUT);
		break;
	case HT_NAPS:
		while (!completion_done(&s->go))
			msleep(1);
		break;
	case HT_PARKED:
		while (!kthread_should_park())
			schedule_timeout_interruptible(1);
		kthread_parkme();
		break;
	}
	while (!kthread_should_stop())
		schedule_timeout_interruptible(1);
	return 0;
}

static void hung_task_test_reports_stuck_only(struct kunit *test)
{
	struct ht_sleeper s[HT_NR];
	struct task_struct *t[HT_NR];
	unsigned long count0, old, reports;
	char what[64];

	if (!IS_ENABLED(CONFIG_DETECT_HUNG_TASK))
		kunit_skip(test, "needs CONFIG_DETECT_HUNG_TASK");
	for (int i = 0; i < HT_NR; i++) {
		s[i].kind = i;
		init_completion(&s[i].go);
		t[i] = kthread_create(ht_sleeper_fn, &s[i], "%s", ht_names[i]);
		KUNIT_ASSERT_FALSE(test, IS_ERR(t[i]));
		get_task_struct(t[i]);
		wake_up_process(t[i]);
	}
	kthread_park(t[HT_PARKED]);
	/* Let every sleeper get to its sleep before the clock starts. */
	msleep(20);

	kunit_expect_splat_begin(test);
	kunit_printk_capture_start();
	count0 = hung_task_detect_count();
	old = hung_task_set_timeout(1);
	for (int ms = 0; ms < 15000 && hung_task_detect_count() == count0; ms += 10)
		msleep(10);
	/*
	 * Another walk (one a second): no second report.  The other sleepers
	 * went to sleep with the stuck one, so that walk saw them too.  In
	 * short naps: this task must not look hung itself.
	 */
	for (int ms = 0; ms < 1500; ms += 10)
		msleep(10);
	reports = hung_task_detect_count() - count0;
	hung_task_set_timeout(old);
	kunit_printk_capture_stop();
	kunit_expect_splat_end(test);

	KUNIT_EXPECT_EQ(test, reports, 1UL);
	snprintf(what, sizeof(what), "INFO: task %s:%d blocked for more than 1 seconds",
		 ht_names[HT_STUCK], t[HT_STUCK]->pid);
	KUNIT_EXPECT_TRUE_MSG(test, kunit_log_contains(what), "no \"%s\"", what);
	/* The stack of the stuck task, from the report. */
	KUNIT_EXPECT_TRUE(test, kunit_log_contains(" ht_sleeper_fn+"));
	for (int i = HT_STUCK + 1; i < HT_NR; i++) {
		snprintf(what, sizeof(what), "INFO: task %s:", ht_names[i]);
		KUNIT_EXPECT_FALSE_MSG(test, kunit_log_contains(what), "\"%s\" reported",
				       ht_names[i]);
	}

	kthread_unpark(t[HT_PARKED]);
	for (int i = 0; i < HT_NR; i++) {
		complete(&s[i].go);
		wake_up_process(t[i]);
	}
	for (int i = 0; i < HT_NR; i++) {
		kthread_stop(t[i]);
		put_task_struct(t[i]);
	}
}

static struct kunit_case hung_task_test_cases[] = {
	KUNIT_CASE(hung_task_test_reports_stuck_only),
	{}
};

static struct kunit_suite hung_task_test_suite = {
	.name = "hung_task",
	.test_cases = hung_task_test_cases,
};

kunit_test_suites(&hung_task_test_suite);
