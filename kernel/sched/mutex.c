// SPDX-License-Identifier: GPL-2.0
/*
 * Sleeping mutexes.
 *
 * @owner holds the owning task (0 when free) and is taken with one
 * cmpxchg.  A contender queues itself on @wait_list under @wait_lock and
 * retries the cmpxchg there before sleeping; mutex_unlock() clears @owner
 * first and then wakes the oldest waiter under @wait_lock, so a release
 * either happens before the retry (which then succeeds) or finds the
 * waiter queued.  A woken waiter may lose the lock to a running task; it
 * then sleeps again, still first in line.
 */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/list.h>

struct mutex_waiter {
	struct list_head list;
	struct task_struct *task;
};

#ifdef CONFIG_PROVE_LOCKING
#define mutex_acquire(l, ip)	lock_acquire(&(l)->dep_map, (ip))
#define mutex_release(l, ip)	lock_release(&(l)->dep_map, (ip))
#else
#define mutex_acquire(l, ip)	do { } while (0)
#define mutex_release(l, ip)	do { } while (0)
#endif

/**
 * __mutex_init() - initialize a mutex (see mutex_init())
 * @lock: the mutex
 * @name: its name for lock debugging
 */
void __mutex_init(struct mutex *lock, const char *name)
{
	atomic_long_set(&lock->owner, 0);
	spin_lock_init(&lock->wait_lock);
	INIT_LIST_HEAD(&lock->wait_list);
	lockdep_init_map(&lock->dep_map, name);
}

static inline bool __mutex_trylock(struct mutex *lock)
{
	long zero = 0;

	return atomic_long_try_cmpxchg(&lock->owner, &zero, (long)current);
}

static void __mutex_lock_slowpath(struct mutex *lock)
{
	struct mutex_waiter waiter;
	unsigned long flags;

	waiter.task = current;
	spin_lock_irqsave(&lock->wait_lock, flags);
	list_add_tail(&waiter.list, &lock->wait_list);
	for (;;) {
		if (__mutex_trylock(lock))
			break;
		set_current_state(TASK_UNINTERRUPTIBLE);
		spin_unlock_irqrestore(&lock->wait_lock, flags);
		schedule();
		spin_lock_irqsave(&lock->wait_lock, flags);
	}
	__set_current_state(TASK_RUNNING);
	list_del(&waiter.list);
	spin_unlock_irqrestore(&lock->wait_lock, flags);
}

/**
 * mutex_lock() - acquire a mutex, sleeping until it is free
 * @lock: the mutex
 *
 * Task context only; the mutex must be released by the same task with
 * mutex_unlock().  Not recursive.
 */
void mutex_lock(struct mutex *lock)
{
	might_sleep();
	if (WARN_ON_ONCE(mutex_owner(lock) == current))
		return;
	if (!__mutex_trylock(lock))
		__mutex_lock_slowpath(lock);
	mutex_acquire(lock, _RET_IP_);
}

/**
 * mutex_lock_interruptible() - mutex_lock(); rcuos has no signals
 * @lock: the mutex
 *
 * Return: 0 (the mutex is held).
 */
int mutex_lock_interruptible(struct mutex *lock)
{
	mutex_lock(lock);
	return 0;
}

/**
 * mutex_lock_killable() - mutex_lock(); rcuos has no signals
 * @lock: the mutex
 *
 * Return: 0 (the mutex is held).
 */
int mutex_lock_killable(struct mutex *lock)
{
	mutex_lock(lock);
	return 0;
}

/**
 * mutex_trylock() - acquire a mutex if it is free, without sleeping
 * @lock: the mutex
 *
 * Return: 1 if acquired, 0 if not.
 */
int mutex_trylock(struct mutex *lock)
{
	if (!__mutex_trylock(lock))
		return 0;
	mutex_acquire(lock, _RET_IP_);
	return 1;
}

/**
 * mutex_unlock() - release a mutex held by the current task
 * @lock: the mutex
 *
 * Wakes the longest-waiting contender, if any.
 */
void mutex_unlock(struct mutex *lock)
{
	struct mutex_waiter *waiter;
	unsigned long flags;

	if (WARN_ON_ONCE(mutex_owner(lock) != current))
		return;
	mutex_release(lock, _RET_IP_);
	/* Release ordering: the critical section happens before this. */
	smp_store_release(&lock->owner.counter, 0L);
	smp_mb();
	if (list_empty(&lock->wait_list))
		return;
	spin_lock_irqsave(&lock->wait_lock, flags);
	waiter = list_first_entry_or_null(&lock->wait_list, struct mutex_waiter, list);
	if (waiter)
		wake_up_process(waiter->task);
	spin_unlock_irqrestore(&lock->wait_lock, flags);
	preempt_check_resched();
}
