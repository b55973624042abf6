// SPDX-License-Identifier: GPL-2.0
/*
 * Hung-task detection.
 *
 * A task that sleeps uninterruptibly and is never woken (a lost wake-up,
 * a completion nobody will complete, a deadlock on sleeping locks) gives
 * no sign of it: no CPU spins, no grace period stalls, the machine just
 * stops making progress on whatever the task was doing.  khungtaskd looks
 * for such tasks from outside: every few seconds it walks the task list,
 * and a task that is in TASK_UNINTERRUPTIBLE and has not been switched to
 * since the walk that last saw its switch count change, longer ago than
 * hung_task_timeout_secs, is reported once, with the return addresses on
 * its stack:
 *
 *   INFO: task shell:25 blocked for more than 120 seconds.
 *
 * Sleeps that are not waits for something that must happen are left
 * alone: TASK_IDLE (kthreads waiting for work), killable sleeps (as in
 * Linux), and parked kthreads.  A task that never ran has no switch count
 * yet and is skipped too.
 *
 * hung_task_timeout_secs (boot or "set", 0 disables) may be changed at run
 * time; setting it wakes khungtaskd so that a shorter timeout applies at
 * once.  khungtaskd runs on CPU 0, which wakes for it when idle.
 */
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/jiffies.h>
#include <linux/moduleparam.h>
#include <linux/hung_task.h>
#include <linux/init.h>
#include "sched.h"

/* How often the task list is walked, at most: the report's precision. */
#define HUNG_TASK_CHECK_SECS	10

static unsigned long hung_task_timeout_secs = CONFIG_DEFAULT_HUNG_TASK_TIMEOUT;
static unsigned long hung_task_detected;
static struct task_struct *khungtaskd_task;

/* A new timeout applies at once, not after the sleep of the old one. */
static void khungtaskd_kick(void)
{
	struct task_struct *t = READ_ONCE(khungtaskd_task);

	if (t)
		wake_up_process(t);
}

static int hung_task_timeout_set(const char *val, const struct kernel_param *kp)
{
	int ret = param_set_ulong(val, kp);

	if (!ret)
		khungtaskd_kick();
	return ret;
}

static const struct kernel_param_ops hung_task_timeout_ops = {
	.set = hung_task_timeout_set,
	.get = param_get_ulong,
};
__module_param_call("", hung_task_timeout_secs, &hung_task_timeout_ops,
		    &hung_task_timeout_secs, 0644, -1, 0);

/**
 * hung_task_detect_count() - how many hung tasks have been reported
 *
 * Return: the number of "blocked for more than" reports since boot.
 */
unsigned long hung_task_detect_count(void)
{
	return READ_ONCE(hung_task_detected);
}

/**
 * hung_task_set_timeout() - set hung_task_timeout_secs and apply it now
 * @secs: the new timeout; 0 disables the reports
 *
 * Return: the previous timeout.
 */
unsigned long hung_task_set_timeout(unsigned long secs)
{
	unsigned long old = xchg(&hung_task_timeout_secs, secs);

	khungtaskd_kick();
	return old;
}

/* Is @p waiting for something that must happen (not for work)? */
static bool hung_task_candidate(struct task_struct *p)
{
	long state = READ_ONCE(p->state);

	return (state & TASK_UNINTERRUPTIBLE) &&
	       !(state & (TASK_WAKEKILL | TASK_NOLOAD | TASK_PARKED));
}

/* For every task, under the task-list lock.  Return: report @p. */
static bool hung_task_check(struct task_struct *p, void *arg)
{
	unsigned long timeout = *(unsigned long *)arg;
	unsigned long switches = p->nvcsw + p->nivcsw;

	if (!switches || !hung_task_candidate(p))
		return false;
	if (switches != p->hung_switch_count) {
		p->hung_switch_count = switches;
		p->hung_since = jiffies;
		p->hung_reported = false;
		return false;
	}
	if (p->hung_reported || time_before(jiffies, p->hung_since + timeout * HZ))
		return false;
	p->hung_reported = true;
	return true;
}

/* Reported per walk, at most: the others wait for the next one. */
#define HUNG_TASK_BATCH		8

static void hung_task_report(struct task_struct *p, unsigned long timeout)
{
	WRITE_ONCE(hung_task_detected, hung_task_detected + 1);
	printk(KERN_ERR "INFO: task %s:%d blocked for more than %lu seconds.\n",
	       p->comm, p->pid, timeout);
	printk(KERN_ERR "      \"set hung_task_timeout_secs=0\" disables this message.\n");
	sched_show_task(p);
}

static int khungtaskd(void *unused)
{
	struct task_struct *found[HUNG_TASK_BATCH];
	int n;

	for (;;) {
		unsigned long timeout;
		long interval = MAX_SCHEDULE_TIMEOUT;

		/* Before reading the timeout: setting it wakes us. */
		set_current_state(TASK_INTERRUPTIBLE);
		timeout = READ_ONCE(hung_task_timeout_secs);
		if (timeout)
			interval = min(timeout, (unsigned long)HUNG_TASK_CHECK_SECS) * HZ;
		schedule_timeout(interval);
		timeout = READ_ONCE(hung_task_timeout_secs);
		if (!timeout)
			continue;
		n = sched_find_tasks(hung_task_check, &timeout, found, HUNG_TASK_BATCH);
		for (int i = 0; i < n; i++) {
			hung_task_report(found[i], timeout);
			put_task_struct(found[i]);
		}
	}
	return 0;
}

/*
 * On CPU 0, the housekeeping CPU (device interrupts, never offline): its
 * timer must not wake an idle CPU every few seconds.
 */
static int __init hung_task_init(void)
{
	struct task_struct *t = kthread_create(khungtaskd, NULL, "khungtaskd");

	if (IS_ERR(t)) {
		pr_warn("hung_task: no khungtaskd, hung tasks go unreported\n");
		return 0;
	}
	kthread_bind(t, 0);
	WRITE_ONCE(khungtaskd_task, t);
	wake_up_process(t);
	return 0;
}
late_initcall(hung_task_init);
