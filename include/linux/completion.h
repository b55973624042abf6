/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_COMPLETION_H
#define _LINUX_COMPLETION_H

/*
 * Completions: "wait until something is done".  complete() lets one waiter
 * through (or banks one completion if nobody waits yet), complete_all()
 * lets everybody through until reinit_completion().
 */

#include <linux/types.h>
#include <linux/wait.h>

/**
 * struct completion - a countable "done" event
 * @done: completions not yet consumed; UINT_MAX after complete_all()
 * @wait: tasks waiting for @done to become non-zero
 */
struct completion {
	unsigned int done;
	struct wait_queue_head wait;
};

#define COMPLETION_INITIALIZER(work)					\
	{ 0, __WAIT_QUEUE_HEAD_INITIALIZER((work).wait) }
#define COMPLETION_INITIALIZER_ONSTACK(work)				\
	(*({ init_completion(&(work)); &(work); }))

#define DECLARE_COMPLETION(work)					\
	struct completion work = COMPLETION_INITIALIZER(work)
#define DECLARE_COMPLETION_ONSTACK(work)				\
	struct completion work = COMPLETION_INITIALIZER_ONSTACK(work)

/**
 * init_completion() - initialize a completion at run time
 * @x: the completion
 */
static inline void init_completion(struct completion *x)
{
	x->done = 0;
	init_waitqueue_head(&x->wait);
}

/**
 * reinit_completion() - make a used completion "not done" again
 * @x: the completion; nobody may be waiting on it
 */
static inline void reinit_completion(struct completion *x)
{
	x->done = 0;
}

void complete(struct completion *x);
void complete_all(struct completion *x);
void wait_for_completion(struct completion *x);
void wait_for_completion_idle(struct completion *x);
unsigned long wait_for_completion_timeout(struct completion *x, unsigned long timeout);
int wait_for_completion_interruptible(struct completion *x);
long wait_for_completion_interruptible_timeout(struct completion *x,
					       unsigned long timeout);
bool try_wait_for_completion(struct completion *x);
bool completion_done(struct completion *x);

#endif /* _LINUX_COMPLETION_H */
