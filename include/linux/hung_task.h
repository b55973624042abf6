/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_HUNG_TASK_H
#define _LINUX_HUNG_TASK_H

/* Hung-task detection (kernel/sched/hung_task.c). */

#ifdef CONFIG_DETECT_HUNG_TASK
unsigned long hung_task_detect_count(void);
unsigned long hung_task_set_timeout(unsigned long secs);
#else
static inline unsigned long hung_task_detect_count(void)
{
	return 0;
}

static inline unsigned long hung_task_set_timeout(unsigned long secs)
{
	return 0;
}
#endif

#endif /* _LINUX_HUNG_TASK_H */
