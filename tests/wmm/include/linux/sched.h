/* SPDX-License-Identifier: GPL-2.0 */
/* tests/wmm: tasks are the simulation's threads. */
#ifndef _LINUX_SCHED_H
#define _LINUX_SCHED_H

#include <linux/compiler.h>

struct task_struct {
	int tid;
};

#define might_sleep()	do { } while (0)
#define cond_resched()	wmm_yield()

#endif /* _LINUX_SCHED_H */
