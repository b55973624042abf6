// SPDX-License-Identifier: GPL-2.0
/*
 * Read-write semaphores, with hand-off: when the lock becomes free,
 * up_read()/up_write() grant it to the waiters at the head of the queue
 * (one writer, or every reader up to the next writer) before waking them,
 * so a woken waiter already owns the lock.  New arrivals queue behind any
 * waiter, which keeps the order FIFO and starves nobody.
 */
#include <linux/kernel.h>
#include <linux/rwsem.h>
#include <linux/sched.h>
#include <linux/list.h>

enum rwsem_waiter_type {
	RWSEM_WAITING_FOR_READ,
	RWSEM_WAITING_FOR_WRITE,
};

struct rwsem_waiter {
	struct list_head list;
	struct task_struct *task;
	enum rwsem_waiter_type type;
	bool granted;
};

#ifdef CONFIG_PROVE_LOCKING
#define rwsem_acquire(s, ip)	lock_acquire(&(s)->dep_map, (ip))
#define rwsem_release(s, ip)	lock_release(&(s)->dep_map, (ip))
#else
#define rwsem_acquire(s, ip)	do { } while (0)
#define rwsem_release(s, ip)	do { } while (0)
#endif

/**
 * __init_rwsem() - initialize a rw_semaphore (see init_rwsem())
 * @sem: the semaphore
 * @name: its name for lock debugging
 */
void __init_rwsem(struct rw_semaphore *sem, const char *name)
{
	sem->count = 0;
	spin_lock_init(&sem->wait_lock);
	INIT_LIST_HEAD(&sem->wait_list);
	lockdep_init_map(&sem->dep_map, name);
}

/* The lock is free (count 0): hand it to the waiters at the head. */
static void rwsem_grant(struct rw_semaphore *sem)
{
	struct rwsem_waiter *w, *n;

	list_for_each_entry_safe(w, n, &sem->wait_list, list) {
		struct task_struct *task = w->task;

		if (w->type == RWSEM_WAITING_FOR_WRITE) {
			if (sem->count)
				break;
			sem->count = -1;
		} else {
			sem->count++;
		}
		list_del_init(&w->list);
		WRITE_ONCE(w->granted, true);
		wake_up_process(task);
		if (sem->count < 0)
			break;
	}
}

static void rwsem_wait(struct rw_semaphore *sem, enum rwsem_waiter_type type,
		       unsigned long *flags) __must_hold(&sem->wait_lock)
{
	struct rwsem_waiter waiter = {
		.task = current,
		.type = type,
		.granted = false,
	};

	list_add_tail(&waiter.list, &sem->wait_list);
	for (;;) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		spin_unlock_irqrestore(&sem->wait_lock, *flags);
		schedule();
		spin_lock_irqsave(&sem->wait_lock, *flags);
		if (READ_ONCE(waiter.granted))
			break;
	}
	__set_current_state(TASK_RUNNING);
}

/**
 * down_read() - acquire @sem for reading, sleeping if needed
 * @sem: the semaphore
 */
void down_read(struct rw_semaphore *sem)
{
	unsigned long flags;

	might_sleep();
	spin_lock_irqsave(&sem->wait_lock, flags);
	if (sem->count >= 0 && list_empty(&sem->wait_list))
		sem->count++;
	else
		rwsem_wait(sem, RWSEM_WAITING_FOR_READ, &flags);
	spin_unlock_irqrestore(&sem->wait_lock, flags);
	rwsem_acquire(sem, _RET_IP_);
}

/**
 * down_read_trylock() - acquire @sem for reading if possible now
 * @sem: the semaphore
 *
 * Return: 1 if acquired, 0 if not.
 */
int down_read_trylock(struct rw_semaphore *sem)
{
	unsigned long flags;
	int ret = 0;

	spin_lock_irqsave(&sem->wait_lock, flags);
	if (sem->count >= 0 && list_empty(&sem->wait_list)) {
		sem->count++;
		ret = 1;
	}
	spin_unlock_irqrestore(&sem->wait_lock, flags);
	if (ret)
		rwsem_acquire(sem, _RET_IP_);
	return ret;
}

/**
 * up_read() - release a read hold of @sem
 * @sem: the semaphore
 */
void up_read(struct rw_semaphore *sem)
{
	unsigned long flags;

	rwsem_release(sem, _RET_IP_);
	spin_lock_irqsave(&sem->wait_lock, flags);
	WARN_ON_ONCE(sem->count <= 0);
	if (--sem->count == 0)
		rwsem_grant(sem);
	spin_unlock_irqrestore(&sem->wait_lock, flags);
	preempt_check_resched();
}

/**
 * down_write() - acquire @sem for writing, sleeping if needed
 * @sem: the semaphore
 */
void down_write(struct rw_semaphore *sem)
{
	unsigned long flags;

	might_sleep();
	spin_lock_irqsave(&sem->wait_lock, flags);
	if (sem->count == 0 && list_empty(&sem->wait_list))
		sem->count = -1;
	else
		rwsem_wait(sem, RWSEM_WAITING_FOR_WRITE, &flags);
	spin_unlock_irqrestore(&sem->wait_lock, flags);
	rwsem_acquire(sem, _RET_IP_);
}

/**
 * down_write_trylock() - acquire @sem for writing if possible now
 * @sem: the semaphore
 *
 * Return: 1 if acquired, 0 if not.
 */
int down_write_trylock(struct rw_semaphore *sem)
{
	unsigned long flags;
	int ret = 0;

	spin_lock_irqsave(&sem->wait_lock, flags);
	if (sem->count == 0 && list_empty(&sem->wait_list)) {
		sem->count = -1;
		ret = 1;
	}
	spin_unlock_irqrestore(&sem->wait_lock, flags);
	if (ret)
		rwsem_acquire(sem, _RET_IP_);
	return ret;
}

/**
 * up_write() - release a write hold of @sem
 * @sem: the semaphore
 */
void up_write(struct rw_semaphore *sem)
{
	unsigned long flags;

	rwsem_release(sem, _RET_IP_);
	spin_lock_irqsave(&sem->wait_lock, flags);
	WARN_ON_ONCE(sem->count != -1);
	sem->count = 0;
	rwsem_grant(sem);
	spin_unlock_irqrestore(&sem->wait_lock, flags);
	preempt_check_resched();
}

/**
 * downgrade_write() - turn a write hold of @sem into a read hold
 * @sem: the semaphore
 *
 * Waiting readers at the head of the queue get in too.
 */
void downgrade_write(struct rw_semaphore *sem)
{
	unsigned long flags;

	spin_lock_irqsave(&sem->wait_lock, flags);
	WARN_ON_ONCE(sem->count != -1);
	sem->count = 1;
	rwsem_grant(sem);
	spin_unlock_irqrestore(&sem->wait_lock, flags);
	preempt_check_resched();
}
