/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_WAIT_H
#define _LINUX_WAIT_H

/*
 * Wait queues: a list of sleeping tasks (or callbacks) protected by a
 * spinlock that may be taken from interrupts.
 *
 * The sleeper's protocol is: queue itself, set_current_state(), test the
 * condition, schedule().  The waker's: make the condition true, then
 * wake_up().  The state store in set_current_state() and the barrier in
 * try_to_wake_up() make sure one of the two sees the other.
 */

#include <linux/types.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/sched.h>

struct wait_queue_entry;
typedef int (*wait_queue_func_t)(struct wait_queue_entry *wq_entry,
				 unsigned int mode, int flags, void *key);

#define WQ_FLAG_EXCLUSIVE	0x01
#define WQ_FLAG_WOKEN		0x02

/**
 * struct wait_queue_entry - one waiter
 * @flags: WQ_FLAG_*; an exclusive waiter is woken alone
 * @private: the waiting task (for default_wake_function())
 * @func: called by wake_up() to wake the waiter
 * @entry: link in the wait queue
 */
struct wait_queue_entry {
	unsigned int flags;
	void *private;
	wait_queue_func_t func;
	struct list_head entry;
};

/**
 * struct wait_queue_head - a wait queue
 * @lock: protects @head; taken with interrupts disabled
 * @head: the waiters, non-exclusive ones first
 */
struct wait_queue_head {
	spinlock_t lock;
	struct list_head head;
};
typedef struct wait_queue_head wait_queue_head_t;
typedef struct wait_queue_entry wait_queue_entry_t;

#define __WAIT_QUEUE_HEAD_INITIALIZER(name) {				\
	.lock = __SPIN_LOCK_UNLOCKED(name.lock),			\
	.head = { &(name).head, &(name).head } }

#define DECLARE_WAIT_QUEUE_HEAD(name)					\
	struct wait_queue_head name = __WAIT_QUEUE_HEAD_INITIALIZER(name)

void __init_waitqueue_head(struct wait_queue_head *wq_head, const char *name);

/** init_waitqueue_head() - initialize a wait queue at run time */
#define init_waitqueue_head(wq_head)					\
	__init_waitqueue_head((wq_head), #wq_head)

int default_wake_function(struct wait_queue_entry *wq_entry, unsigned int mode,
			  int flags, void *key);
int autoremove_wake_function(struct wait_queue_entry *wq_entry, unsigned int mode,
			     int flags, void *key);

#define __WAITQUEUE_INITIALIZER(name, tsk) {				\
	.private = (tsk), .func = default_wake_function,		\
	.entry = { NULL, NULL } }

#define DECLARE_WAITQUEUE(name, tsk)					\
	struct wait_queue_entry name = __WAITQUEUE_INITIALIZER(name, tsk)

/** init_wait_entry() - prepare an on-stack entry for prepare_to_wait*() */
void init_wait_entry(struct wait_queue_entry *wq_entry, int flags);

#define DEFINE_WAIT_FUNC(name, function)				\
	struct wait_queue_entry name = {				\
		.private = current,					\
		.func = function,					\
		.entry = { &(name).entry, &(name).entry } }
#define DEFINE_WAIT(name)	DEFINE_WAIT_FUNC(name, autoremove_wake_function)
#define init_wait(wait)		init_wait_entry((wait), 0)

static inline void init_waitqueue_entry(struct wait_queue_entry *wq_entry,
					struct task_struct *p)
{
	wq_entry->flags = 0;
	wq_entry->private = p;
	wq_entry->func = default_wake_function;
}

/**
 * waitqueue_active() - does the queue have waiters? (lockless, racy)
 * @wq_head: the wait queue
 *
 * Only safe when the caller orders its condition store before this load
 * with smp_mb(); see wq_has_sleeper().
 *
 * Return: true if some entry is queued.
 */
static inline bool waitqueue_active(struct wait_queue_head *wq_head)
{
	return READ_ONCE(wq_head->head.next) != &wq_head->head;
}

/** wq_has_sleeper() - waitqueue_active() with the needed full barrier */
static inline bool wq_has_sleeper(struct wait_queue_head *wq_head)
{
	smp_mb();
	return waitqueue_active(wq_head);
}

void add_wait_queue(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry);
void add_wait_queue_exclusive(struct wait_queue_head *wq_head,
			      struct wait_queue_entry *wq_entry);
void remove_wait_queue(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry);
void prepare_to_wait(struct wait_queue_head *wq_head,
		     struct wait_queue_entry *wq_entry, int state);
bool prepare_to_wait_exclusive(struct wait_queue_head *wq_head,
			       struct wait_queue_entry *wq_entry, int state);
void finish_wait(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry);

void __wake_up(struct wait_queue_head *wq_head, unsigned int mode,
	       int nr_exclusive, void *key);
void __wake_up_locked(struct wait_queue_head *wq_head, unsigned int mode, int nr);

#define wake_up(x)			__wake_up((x), TASK_NORMAL, 1, NULL)
#define wake_up_nr(x, nr)		__wake_up((x), TASK_NORMAL, (nr), NULL)
#define wake_up_all(x)			__wake_up((x), TASK_NORMAL, 0, NULL)
#define wake_up_interruptible(x)	__wake_up((x), TASK_INTERRUPTIBLE, 1, NULL)
#define wake_up_interruptible_all(x)	__wake_up((x), TASK_INTERRUPTIBLE, 0, NULL)
#define wake_up_locked(x)		__wake_up_locked((x), TASK_NORMAL, 1)
#define wake_up_all_locked(x)		__wake_up_locked((x), TASK_NORMAL, 0)

/*
 * The wait_event*() family.  Each waits on @wq_head until @condition,
 * a C expression re-evaluated after every wake-up, is true.  rcuos has no
 * signals, so the _interruptible variants are never interrupted and return
 * 0 (or the remaining time) like the plain ones.
 *
 * __wait_event_loop() is the common body: queue an entry, set @state,
 * test @condition, run @sleep (which may update __ret), repeat; it ends
 * when @condition is true or when @stop (evaluated after @condition) is.
 */
#define __wait_event_loop(wq_head, condition, state, excl, stop, sleep)	\
do {									\
	struct wait_queue_entry __wq_entry;				\
									\
	init_wait_entry(&__wq_entry, (excl) ? WQ_FLAG_EXCLUSIVE : 0);	\
	for (;;) {							\
		if (excl)						\
			prepare_to_wait_exclusive(&(wq_head), &__wq_entry, (state)); \
		else							\
			prepare_to_wait(&(wq_head), &__wq_entry, (state)); \
		if (condition)						\
			break;						\
		if (stop)						\
			break;						\
		sleep;							\
	}								\
	finish_wait(&(wq_head), &__wq_entry);				\
} while (0)

#define __wait_event_state(wq_head, condition, state, excl)		\
do {									\
	might_sleep();							\
	if (condition)							\
		break;							\
	__wait_event_loop(wq_head, condition, state, excl, 0, schedule()); \
} while (0)

/*
 * Timed wait: evaluates to 0 if @condition was still false when @timeout
 * (jiffies) elapsed, otherwise to the jiffies left (at least 1).
 */
#define __wait_event_timeout_state(wq_head, condition, state, excl, timeout) \
({									\
	long __ret = (timeout);						\
									\
	might_sleep();							\
	if (!(condition))						\
		__wait_event_loop(wq_head, (condition) && ({ if (!__ret) __ret = 1; 1; }), \
				  state, excl, __ret == 0,		\
				  __ret = schedule_timeout(__ret));	\
	else if (!__ret)						\
		__ret = 1;						\
	__ret;								\
})

/**
 * wait_event() - sleep (uninterruptibly) until a condition becomes true
 * @wq_head: the wait queue to wait on
 * @condition: a C expression for the event to wait for
 */
#define wait_event(wq_head, condition)					\
	__wait_event_state(wq_head, condition, TASK_UNINTERRUPTIBLE, 0)

/**
 * wait_event_idle() - wait_event() that does not count as load (TASK_IDLE)
 * @wq_head: the wait queue to wait on
 * @condition: a C expression for the event to wait for
 */
#define wait_event_idle(wq_head, condition)				\
	__wait_event_state(wq_head, condition, TASK_IDLE, 0)

/**
 * wait_event_idle_exclusive() - wait_event_idle() as an exclusive waiter
 * @wq_head: the wait queue to wait on
 * @condition: a C expression for the event to wait for
 */
#define wait_event_idle_exclusive(wq_head, condition)			\
	__wait_event_state(wq_head, condition, TASK_IDLE, 1)

/**
 * wait_event_interruptible() - wait_event(); returns 0 (no signals)
 * @wq_head: the wait queue to wait on
 * @condition: a C expression for the event to wait for
 */
#define wait_event_interruptible(wq_head, condition) ({		\
	__wait_event_state(wq_head, condition, TASK_INTERRUPTIBLE, 0);	\
	0; })

/**
 * wait_event_timeout() - sleep until a condition becomes true or a timeout
 * @wq_head: the wait queue to wait on
 * @condition: a C expression for the event to wait for
 * @timeout: timeout, in jiffies
 *
 * Return: 0 if @condition was false when the timeout elapsed, otherwise
 * the remaining jiffies (at least 1).
 */
#define wait_event_timeout(wq_head, condition, timeout)		\
	__wait_event_timeout_state(wq_head, condition, TASK_UNINTERRUPTIBLE, 0, timeout)

/**
 * wait_event_idle_timeout() - wait_event_timeout() in TASK_IDLE
 * @wq_head: the wait queue to wait on
 * @condition: a C expression for the event to wait for
 * @timeout: timeout, in jiffies
 */
#define wait_event_idle_timeout(wq_head, condition, timeout)		\
	__wait_event_timeout_state(wq_head, condition, TASK_IDLE, 0, timeout)

/**
 * wait_event_idle_timeout_exclusive() - exclusive wait_event_idle_timeout()
 * @wq_head: the wait queue to wait on
 * @condition: a C expression for the event to wait for
 * @timeout: timeout, in jiffies
 */
#define wait_event_idle_timeout_exclusive(wq_head, condition, timeout)	\
	__wait_event_timeout_state(wq_head, condition, TASK_IDLE, 1, timeout)

/**
 * wait_event_interruptible_timeout() - wait_event_timeout() (no signals)
 * @wq_head: the wait queue to wait on
 * @condition: a C expression for the event to wait for
 * @timeout: timeout, in jiffies
 */
#define wait_event_interruptible_timeout(wq_head, condition, timeout)	\
	__wait_event_timeout_state(wq_head, condition, TASK_INTERRUPTIBLE, 0, timeout)

#endif /* _LINUX_WAIT_H */
