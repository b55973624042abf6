// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "torture": the torture-test framework itself (CPU choice,
 * parameters put back after a shell run, a stuck kthread reported when
 * stopping it hangs, random numbers, ops tables).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/torture.h>
#include <kunit/test.h>

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "torture_selftest."

/* perm 0444 via torture_param(): listed by "cmdline" like the tools'. */
torture_param(int, nthings, 3, "torture self-test: an int");
torture_param(bool, flag, false, "torture self-test: a bool");

/* ---- CPUs ---- */

static void torture_cpu_picker(struct kunit *test)
{
	unsigned int n = num_online_cpus(), self = raw_smp_processor_id(), cpu, i = 0;
	int other = torture_other_cpu(self);

	/* Round robin: thread i on the (i mod n)-th online CPU. */
	for_each_online_cpu(cpu) {
		KUNIT_EXPECT_EQ(test, torture_nth_cpu(i), cpu);
		KUNIT_EXPECT_EQ(test, torture_nth_cpu(i + n), cpu);
		i++;
	}
	if (n == 1) {
		KUNIT_EXPECT_EQ(test, other, -1);
		KUNIT_EXPECT_EQ(test, torture_pick_cpu(5, self), -1);
		KUNIT_EXPECT_EQ(test, torture_nth_cpu(7), self);
		return;
	}
	KUNIT_EXPECT_GE(test, other, 0);
	KUNIT_EXPECT_NE(test, other, (int)self);
	KUNIT_EXPECT_TRUE(test, cpu_online(other));
	/* Every other CPU once in n - 1 picks; never @exclude. */
	for (i = 0; i < n - 1; i++) {
		int c = torture_pick_cpu(i, self), c2 = torture_pick_cpu(i + n - 1, self);

		KUNIT_EXPECT_GE(test, c, 0);
		KUNIT_EXPECT_NE(test, c, (int)self);
		KUNIT_EXPECT_TRUE(test, cpu_online(c));
		KUNIT_EXPECT_EQ(test, c, c2);
		if (i)
			KUNIT_EXPECT_GT(test, c, torture_pick_cpu(i - 1, self));
	}
	/* An offline or impossible CPU to exclude excludes nothing. */
	KUNIT_EXPECT_EQ(test, torture_pick_cpu(0, NR_CPUS + 5), torture_nth_cpu(0));
}

/* ---- parameters ---- */

static struct torture_tool selftest_tool;
static int selftest_runs, selftest_seen_n, selftest_ret;
static bool selftest_seen_flag;

static int selftest_check(const char *cmd)
{
	if (nthings < 0)
		return torture_report_bad(&selftest_tool, cmd, "nthings=%d is negative", nthings);
	return 0;
}

static int selftest_run(const char *cmd)
{
	selftest_runs++;
	selftest_seen_n = nthings;
	selftest_seen_flag = flag;
	return selftest_ret;
}

static struct torture_tool selftest_tool = {
	.name		= "torture_selftest",
	.tag		= "torture-selftest",
	.busy_msg	= "a self-test run is already in progress",
	.check		= selftest_check,
	.run		= selftest_run,
	.shutdown_param	= "shutdown",
	.selftest	= true,
	TORTURE_TOOL_STATE(selftest_tool),
};

static int selftest_shell(const char *line)
{
	char buf[80], *argv[8];
	int argc = 0;
	char *p = buf;

	strscpy(buf, line, sizeof(buf));
	while (p && *p && argc < 7) {
		argv[argc++] = p;
		p = strchr(p, ' ');
		if (p)
			*p++ = '\0';
	}
	argv[argc] = NULL;
	return torture_shell_run(&selftest_tool, argc, argv);
}

static void torture_param_restore(struct kunit *test)
{
	bool failed_before;

	selftest_runs = 0;
	selftest_ret = 0;
	KUNIT_EXPECT_EQ(test, selftest_shell("selftest nthings=5 flag=1"), 0);
	KUNIT_EXPECT_EQ(test, selftest_runs, 1);
	KUNIT_EXPECT_EQ(test, selftest_seen_n, 5);
	KUNIT_EXPECT_TRUE(test, selftest_seen_flag);
	/* Put back once the run is over. */
	KUNIT_EXPECT_EQ(test, nthings, 3);
	KUNIT_EXPECT_FALSE(test, flag);

	/* A bad word, a bad value, a value the tool refuses: no run, nothing changed. */
	KUNIT_EXPECT_EQ(test, selftest_shell("selftest nosuch=1"), -EINVAL);
	KUNIT_EXPECT_EQ(test, selftest_shell("selftest flag=1 nthings=abc"), -EINVAL);
	KUNIT_EXPECT_EQ(test, selftest_shell("selftest flag=1 nthings=-4"), -EINVAL);
	KUNIT_EXPECT_EQ(test, selftest_runs, 1);
	KUNIT_EXPECT_EQ(test, nthings, 3);
	KUNIT_EXPECT_FALSE(test, flag);

	/*
	 * A run that failed said so itself: the command worked.  A planted
	 * failure does not reach poweroff's exit code.
	 */
	failed_before = torture_any_failed();
	selftest_ret = -EIO;
	KUNIT_EXPECT_EQ(test, selftest_shell("selftest nthings=9"), 0);
	KUNIT_EXPECT_EQ(test, torture_any_failed(), failed_before);
	selftest_ret = -EBUSY;
	KUNIT_EXPECT_EQ(test, selftest_shell("selftest"), -EBUSY);
	KUNIT_EXPECT_EQ(test, selftest_runs, 3);
	KUNIT_EXPECT_EQ(test, nthings, 3);

	/* One run at a time. */
	KUNIT_ASSERT_EQ(test, torture_init_begin(&selftest_tool), 0);
	KUNIT_EXPECT_EQ(test, torture_init_begin(&selftest_tool), -EBUSY);
	torture_cleanup_end(&selftest_tool);
	KUNIT_EXPECT_EQ(test, torture_init_begin(&selftest_tool), 0);
	torture_cleanup_end(&selftest_tool);
}

/* ---- a stuck kthread ---- */

static int stuck_hook_calls;
static bool stuck_started;

static void selftest_stuck_hook(void)
{
	stuck_hook_calls++;
}

/* Ignores kthread_stop() for about 2.5 s, then parks. */
static int selftest_stuck_fn(void *arg)
{
	u64 until = ktime_get_ns() + 2500 * NSEC_PER_MSEC;

	WRITE_ONCE(stuck_started, true);
	while (ktime_get_ns() < until)
		msleep(20);
	torture_kthread_park();
	return 0;
}

static void torture_stuck_thread_reported(struct kunit *test)
{
	struct task_struct *t;

	selftest_tool.stuck_secs = 1;
	selftest_tool.stuck_hook = selftest_stuck_hook;
	stuck_hook_calls = 0;
	stuck_started = false;
	KUNIT_ASSERT_EQ(test, torture_init_begin(&selftest_tool), 0);
	KUNIT_ASSERT_EQ(test, torture_create_kthread(selftest_stuck_fn, NULL, &t,
						     "torture_stuck"), 0);
	/* A kthread stopped before it ran never runs: let it start. */
	for (int i = 0; i < 5000 && !READ_ONCE(stuck_started); i++)
		msleep(1);
	kunit_printk_capture_start();
	torture_stop_kthread(&selftest_tool, &t);
	kunit_printk_capture_stop();
	torture_cleanup_end(&selftest_tool);
	selftest_tool.stuck_secs = 0;
	selftest_tool.stuck_hook = NULL;
	KUNIT_EXPECT_PTR_EQ(test, t, NULL);
	KUNIT_EXPECT_TRUE(test, kunit_log_contains(
		"torture-selftest: still waiting for torture_stuck to stop after "));
	KUNIT_EXPECT_GE(test, stuck_hook_calls, 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&selftest_tool.running), 0);
}

static int selftest_park_fn(void *arg)
{
	torture_kthread_park();
	return 0;
}

/* A thread that stops at once is not reported. */
static void torture_prompt_stop_quiet(struct kunit *test)
{
	struct task_struct *t;

	selftest_tool.stuck_secs = 1;
	KUNIT_ASSERT_EQ(test, torture_init_begin(&selftest_tool), 0);
	KUNIT_ASSERT_EQ(test, torture_create_kthread_on(selftest_park_fn, NULL, torture_nth_cpu(1),
							&t, "torture_quiet"), 0);
	kunit_printk_capture_start();
	torture_stop_kthread(&selftest_tool, &t);
	msleep(1100);
	kunit_printk_capture_stop();
	torture_cleanup_end(&selftest_tool);
	selftest_tool.stuck_secs = 0;
	KUNIT_EXPECT_FALSE(test, kunit_log_contains("still waiting for"));
}

/* ---- random numbers ---- */

static void torture_random_in_range(struct kunit *test)
{
	static const u32 ceils[] = { 1, 2, 3, 7, 10, 1000, 0x80000001U, 0xffffffffU };
	struct torture_random_state a, b;
	bool seen[3] = { };
	int same = 0;

	torture_random_init(&a, 1);
	torture_random_init(&b, 2);
	for (unsigned int i = 0; i < ARRAY_SIZE(ceils); i++)
		for (int j = 0; j < 1000; j++)
			KUNIT_ASSERT_LT(test, torture_random_below(&a, ceils[i]), ceils[i]);
	KUNIT_EXPECT_EQ(test, torture_random_below(&a, 0), 0U);
	for (int j = 0; j < 1000; j++)
		seen[torture_random_below(&a, 3)] = true;
	KUNIT_EXPECT_TRUE(test, seen[0] && seen[1] && seen[2]);
	/* Two threads' states give two sequences. */
	for (int j = 0; j < 64; j++)
		same += torture_random(&a) == torture_random(&b);
	KUNIT_EXPECT_LT(test, same, 4);
}

/* ---- ops tables ---- */

struct selftest_ops {
	const char *name;
};

static const struct selftest_ops ops_a = { .name = "a" }, ops_bb = { .name = "bb" };
static const struct selftest_ops * const selftest_all_ops[] = { &ops_a, &ops_bb };

static void torture_ops_table(struct kunit *test)
{
	char names[16];

	KUNIT_EXPECT_PTR_EQ(test, torture_ops_find(selftest_all_ops, "bb"), &ops_bb);
	KUNIT_EXPECT_PTR_EQ(test, torture_ops_find(selftest_all_ops, "a"), &ops_a);
	KUNIT_EXPECT_PTR_EQ(test, torture_ops_find(selftest_all_ops, "b"), NULL);
	KUNIT_EXPECT_PTR_EQ(test, torture_ops_find(selftest_all_ops, (char *)NULL), NULL);
	KUNIT_EXPECT_STREQ(test, torture_ops_names(names, selftest_all_ops, ", "), "a, bb");
}

static struct kunit_case torture_test_cases[] = {
	KUNIT_CASE(torture_cpu_picker),
	KUNIT_CASE(torture_param_restore),
	KUNIT_CASE(torture_stuck_thread_reported),
	KUNIT_CASE(torture_prompt_stop_quiet),
	KUNIT_CASE(torture_random_in_range),
	KUNIT_CASE(torture_ops_table),
	{}
};

static struct kunit_suite torture_test_suite = {
	.name = "torture",
	.test_cases = torture_test_cases,
};
kunit_test_suite(torture_test_suite);
