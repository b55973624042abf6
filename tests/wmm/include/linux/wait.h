/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tests/wmm: a waiter polls its condition, handing the CPU to the
 * scheduler between looks; wake-ups have nothing to do.  A timeout is a
 * few looks.
 */
#ifndef _LINUX_WAIT_H
#define _LINUX_WAIT_H

#include <linux/compiler.h>

struct wait_queue_head {
	int unused;
};
typedef struct wait_queue_head wait_queue_head_t;

#define __WAIT_QUEUE_HEAD_INITIALIZER(name)	{ }
#define DECLARE_WAIT_QUEUE_HEAD(name)	struct wait_queue_head name = { }
#define init_waitqueue_head(wq)		do { (void)(wq); } while (0)
#define wake_up(wq)			do { (void)(wq); } while (0)
#define wake_up_all(wq)			do { (void)(wq); } while (0)

#define wait_event(wq, cond) do {					\
	while (!(cond))							\
		wmm_yield();						\
} while (0)
#define wait_event_idle(wq, cond)	wait_event(wq, cond)

#define wait_event_idle_timeout(wq, cond, timeout) ({			\
	long __left = 4 * (timeout);					\
	while (!(cond) && __left)					\
		__left--, wmm_yield();					\
	__left; })

#endif /* _LINUX_WAIT_H */
