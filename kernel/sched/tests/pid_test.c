// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "pid": task lookup by pid through the RCU pid table.
 *
 *  - every one of a batch of new kthreads is found by its pid, enough of
 *    them to make the table grow; once stopped and released, none is;
 *  - a task found under rcu_read_lock() stays readable until
 *    rcu_read_unlock() even when its last reference is dropped meanwhile
 *    (debug builds poison freed memory, so an early free shows), and it
 *    is no longer found once unhashed.
 */
#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>

#define PID_NTASKS	80

static int pid_idle_fn(void *arg)
{
	while (!kthread_should_stop())
		schedule_timeout_interruptible(HZ);
	return 0;
}

static void pid_lookup_every_task(struct kunit *test)
{
	struct task_struct *tasks[PID_NTASKS], *p;
	pid_t pids[PID_NTASKS];
	int i, n;

	for (n = 0; n < PID_NTASKS; n++) {
		tasks[n] = kthread_run(pid_idle_fn, NULL, "pid_test/%d", n);
		if (IS_ERR(tasks[n]))
			break;
		pids[n] = task_pid_nr(tasks[n]);
	}
	KUNIT_EXPECT_EQ(test, n, PID_NTASKS);
	for (i = 0; i < n; i++) {
		p = find_get_task_by_vpid(pids[i]);
		KUNIT_EXPECT_PTR_EQ(test, p, tasks[i]);
		if (p)
			put_task_struct(p);
	}
	rcu_read_lock();
	KUNIT_EXPECT_NULL(test, find_task_by_vpid(0));		/* idle tasks */
	KUNIT_EXPECT_NULL(test, find_task_by_vpid(-1));
	KUNIT_EXPECT_PTR_EQ(test, find_task_by_vpid(task_pid_nr(current)), current);
	rcu_read_unlock();

	for (i = 0; i < n; i++)
		kthread_stop(tasks[i]);
	/*
	 * A stopped task is unhashed when its last reference goes, which
	 * may be a little after kthread_stop() returns: wait for that.
	 */
	for (i = 0; i < n; i++) {
		int waited = 0;

		while ((p = find_get_task_by_vpid(pids[i])) && waited++ < 100 * HZ) {
			put_task_struct(p);
			schedule_timeout_uninterruptible(1);
		}
		KUNIT_EXPECT_NULL(test, p);
		if (p)
			put_task_struct(p);
	}
}

static void pid_task_valid_after_unhash(struct kunit *test)
{
	struct task_struct *k, *p;
	pid_t pid;
	int waited;

	k = kthread_run(pid_idle_fn, NULL, "pid_test_rcu");
	KUNIT_ASSERT_FALSE(test, IS_ERR(k));
	pid = task_pid_nr(k);
	get_task_struct(k);
	kthread_stop(k);
	/* Until ours is the only reference: the exit has finished. */
	for (waited = 0; atomic_read(&k->usage) > 1 && waited < 100 * HZ; waited++)
		schedule_timeout_uninterruptible(1);
	KUNIT_ASSERT_EQ(test, atomic_read(&k->usage), 1);

	rcu_read_lock();
	p = find_task_by_vpid(pid);
	KUNIT_EXPECT_PTR_EQ(test, p, k);
	put_task_struct(k);			/* the last reference */
	KUNIT_EXPECT_NULL(test, find_task_by_vpid(pid));
	/* Still the task we found, not freed (or poisoned) memory. */
	if (p) {
		KUNIT_EXPECT_EQ(test, READ_ONCE(p->pid), pid);
		KUNIT_EXPECT_STREQ(test, p->comm, "pid_test_rcu");
		KUNIT_EXPECT_EQ(test, atomic_read(&p->usage), 0);
	}
	rcu_read_unlock();
}

static struct kunit_case pid_test_cases[] = {
	KUNIT_CASE(pid_lookup_every_task),
	KUNIT_CASE(pid_task_valid_after_unhash),
	{}
};

static struct kunit_suite pid_test_suite = {
	.name = "pid",
	.test_cases = pid_test_cases,
};

kunit_test_suites(&pid_test_suite);
