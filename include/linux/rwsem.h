/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_RWSEM_H
#define _LINUX_RWSEM_H

/*
 * Read-write semaphores: many readers or one writer, sleeping.  Waiters
 * are served in FIFO order; a reader arriving while anybody waits queues
 * behind, so writers are not starved.  Not usable from interrupt context.
 */

#include <linux/types.h>
#include <linux/spinlock.h>
#include <linux/lockdep.h>

/**
 * struct rw_semaphore - a sleeping read-write lock
 * @count: number of readers holding it, -1 if a writer does, 0 if free
 * @wait_lock: protects @count and @wait_list
 * @wait_list: sleeping waiters, oldest first
 * @dep_map: lockdep's view of the lock (CONFIG_PROVE_LOCKING)
 */
struct rw_semaphore {
	long count;
	spinlock_t wait_lock;
	struct list_head wait_list;
#ifdef CONFIG_PROVE_LOCKING
	struct lockdep_map dep_map;
#endif
};

#define __RWSEM_INITIALIZER(name) {					\
	.count = 0,							\
	.wait_lock = __SPIN_LOCK_UNLOCKED(name.wait_lock),		\
	.wait_list = { &(name).wait_list, &(name).wait_list },		\
	LOCKDEP_MAP_INIT(name) }

#define DECLARE_RWSEM(name)						\
	struct rw_semaphore name = __RWSEM_INITIALIZER(name)

void __init_rwsem(struct rw_semaphore *sem, const char *name);

/** init_rwsem() - initialize a rw_semaphore at run time, unlocked */
#define init_rwsem(sem)		__init_rwsem((sem), #sem)

/** rwsem_is_locked() - is @sem held by a reader or a writer? (racy) */
static inline bool rwsem_is_locked(struct rw_semaphore *sem)
{
	return READ_ONCE(sem->count) != 0;
}

void down_read(struct rw_semaphore *sem);
int down_read_trylock(struct rw_semaphore *sem);
void up_read(struct rw_semaphore *sem);
void down_write(struct rw_semaphore *sem);
int down_write_trylock(struct rw_semaphore *sem);
void up_write(struct rw_semaphore *sem);
void downgrade_write(struct rw_semaphore *sem);

#endif /* _LINUX_RWSEM_H */
