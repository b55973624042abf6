/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_MUTEX_H
#define _LINUX_MUTEX_H

/*
 * Sleeping mutual-exclusion locks.  A mutex has an owner (the task that
 * locked it), which alone may unlock it; contenders sleep in FIFO order.
 * Not usable from interrupt context.
 */

#include <linux/types.h>
#include <linux/atomic.h>
#include <linux/spinlock.h>
#include <linux/lockdep.h>

struct task_struct;

/**
 * struct mutex - a sleeping lock
 * @owner: the owning task_struct pointer, 0 when unlocked
 * @wait_lock: protects @wait_list
 * @wait_list: sleeping contenders, oldest first
 * @dep_map: lockdep's view of the lock (CONFIG_PROVE_LOCKING)
 */
struct mutex {
	atomic_long_t owner;
	spinlock_t wait_lock;
	struct list_head wait_list;
#ifdef CONFIG_PROVE_LOCKING
	struct lockdep_map dep_map;
#endif
};

#define __MUTEX_INITIALIZER(lockname) {					\
	.owner = ATOMIC_INIT(0),					\
	.wait_lock = __SPIN_LOCK_UNLOCKED(lockname.wait_lock),		\
	.wait_list = { &(lockname).wait_list, &(lockname).wait_list },	\
	LOCKDEP_MAP_INIT(lockname) }

#define DEFINE_MUTEX(mutexname)						\
	struct mutex mutexname = __MUTEX_INITIALIZER(mutexname)

void __mutex_init(struct mutex *lock, const char *name);

/** mutex_init() - initialize a mutex at run time, unlocked */
#define mutex_init(mutex)	__mutex_init((mutex), #mutex)

/** mutex_destroy() - a mutex is no longer used (no-op) */
static inline void mutex_destroy(struct mutex *lock)
{
}

/**
 * mutex_is_locked() - is the mutex held (by anybody)?
 * @lock: the mutex
 *
 * Return: true if held (racy snapshot).
 */
static inline bool mutex_is_locked(struct mutex *lock)
{
	return atomic_long_read(&lock->owner) != 0;
}

/**
 * mutex_owner() - the task holding @lock (racy, for debugging)
 * @lock: the mutex
 *
 * Return: the owner, or NULL when unlocked.
 */
static inline struct task_struct *mutex_owner(struct mutex *lock)
{
	return (struct task_struct *)atomic_long_read(&lock->owner);
}

void mutex_lock(struct mutex *lock);
int mutex_lock_interruptible(struct mutex *lock);
int mutex_lock_killable(struct mutex *lock);
int mutex_trylock(struct mutex *lock);
void mutex_unlock(struct mutex *lock);

#define mutex_lock_nested(lock, subclass)	mutex_lock(lock)

#endif /* _LINUX_MUTEX_H */
