/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_RTMUTEX_H
#define _LINUX_RTMUTEX_H

/*
 * Priority-inheriting sleeping locks.  While a task waits for an
 * rt_mutex, the owner runs at the waiter's priority if that is better
 * than its own (and so on down a chain of owners that are themselves
 * blocked on rt_mutexes), so a low-priority owner preempted by
 * medium-priority work cannot hold a high-priority waiter back.
 * Waiters are granted the lock in priority order, FIFO within a
 * priority: rt_mutex_unlock() hands the lock to the best waiter.
 * Not usable from interrupt context.
 *
 * RCU priority boosting (rcu/tree_boost.c) uses the proxy interface: a
 * boost kthread marks a preempted reader as the owner of a lock with
 * rt_mutex_init_proxy_locked(), then blocks on it, lending the reader
 * its priority until the reader's rcu_read_unlock() releases the lock
 * with rt_mutex_futex_unlock().  See kernel/sched/rtmutex.c for the
 * contexts each function may be called from.
 */

#include <linux/types.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/lockdep.h>

struct task_struct;

/**
 * struct rt_mutex - a priority-inheriting sleeping lock
 * @owner: the owning task, NULL when unlocked (never NULL while there
 *	are waiters: unlock hands the lock to the best waiter)
 * @waiters: blocked tasks' struct rt_mutex_waiter, best priority first,
 *	FIFO within a priority
 * @held_entry: link in the owner's task_struct::pi_held_locks while
 *	@waiters is not empty
 * @dep_map: lockdep's view of the lock (CONFIG_PROVE_LOCKING)
 *
 * @owner, @waiters and @held_entry are protected by one lock shared by
 * all rt_mutexes (see kernel/sched/rtmutex.c); @owner is also read
 * locklessly by rt_mutex_is_locked().
 */
struct rt_mutex {
	struct task_struct *owner;
	struct list_head waiters;
	struct hlist_node held_entry;
#ifdef CONFIG_PROVE_LOCKING
	struct lockdep_map dep_map;
#endif
};

/** __RT_MUTEX_INITIALIZER() - static initializer of an unlocked rt_mutex */
#define __RT_MUTEX_INITIALIZER(lockname) {				\
	.owner = NULL,							\
	.waiters = { &(lockname).waiters, &(lockname).waiters },	\
	.held_entry = { NULL, NULL },					\
	LOCKDEP_MAP_INIT(lockname) }

/** DEFINE_RT_MUTEX() - define and initialize an unlocked rt_mutex */
#define DEFINE_RT_MUTEX(mutexname)					\
	struct rt_mutex mutexname = __RT_MUTEX_INITIALIZER(mutexname)

void __rt_mutex_init(struct rt_mutex *lock, const char *name);

/** rt_mutex_init() - initialize an rt_mutex at run time, unlocked */
#define rt_mutex_init(lock)	__rt_mutex_init((lock), #lock)

/**
 * rt_mutex_is_locked() - is @lock held (by anybody)?  Racy snapshot.
 * @lock: the rt_mutex
 */
static inline bool rt_mutex_is_locked(struct rt_mutex *lock)
{
	return READ_ONCE(lock->owner) != NULL;
}

void rt_mutex_lock(struct rt_mutex *lock);
int rt_mutex_trylock(struct rt_mutex *lock);
void rt_mutex_unlock(struct rt_mutex *lock);

/* Proxy locking, for RCU priority boosting (no lockdep tracking). */
void rt_mutex_init_proxy_locked(struct rt_mutex *lock,
				struct task_struct *proxy_owner);
void rt_mutex_futex_unlock(struct rt_mutex *lock);

#endif /* _LINUX_RTMUTEX_H */
