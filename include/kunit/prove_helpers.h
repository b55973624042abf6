/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by KUnit suites that run work in kthreads on other CPUs
 * (rcu/tests/prove_rcu_test.c, kernel/notifier/tests/notifier_test.c,
 * kernel/cred/tests/cred_test.c).
 */
#ifndef _KUNIT_PROVE_HELPERS_H
#define _KUNIT_PROVE_HELPERS_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/err.h>
#include <linux/cpumask.h>
#include <linux/smp.h>
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/torture.h>

/* Start @fn(@data) in a kthread named "@name/@cpu", bound to @cpu if >= 0. */
static inline struct task_struct *prove_run_on(int (*fn)(void *), void *data,
					       int cpu, const char *name)
{
	struct task_struct *t;

	t = kthread_create(fn, data, "%s/%d", name, cpu < 0 ? 0 : cpu);
	if (IS_ERR(t))
		return t;
	if (cpu >= 0)
		kthread_bind(t, cpu);
	wake_up_process(t);
	return t;
}

/* Sleep until *@flag is set, at most @ms milliseconds.  Return: it is set. */
static inline bool prove_wait_flag(int *flag, unsigned int ms)
{
	unsigned long end = jiffies + msecs_to_jiffies(ms);

	while (!READ_ONCE(*flag)) {
		if (time_after(jiffies, end))
			return false;
		msleep(1);
	}
	return true;
}

#endif /* _KUNIT_PROVE_HELPERS_H */
