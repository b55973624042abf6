/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tests/wmm: a kthread is a simulated thread that never ends; the run
 * ends when the test's other threads have.  It runs on the last CPU.
 */
#ifndef _LINUX_KTHREAD_H
#define _LINUX_KTHREAD_H

#include <linux/err.h>
#include <linux/sched.h>

static inline struct task_struct *kthread_run(int (*fn)(void *), void *data,
					      const char *name)
{
	static struct task_struct tasks[WMM_MAX_THREADS];
	int tid = wmm_spawn(fn, data, name, WMM_NR_CPUS - 1, 1);

	tasks[tid].tid = tid;
	return &tasks[tid];
}

#endif /* _LINUX_KTHREAD_H */
