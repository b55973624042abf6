// SPDX-License-Identifier: GPL-2.0
/*
 * Priority-inheriting sleeping locks (rt_mutex).
 *
 * State.  A blocked task queues a struct rt_mutex_waiter, on its stack, on
 * the lock's @waiters, ordered by the waiter's @prio (the task's effective
 * priority when it queued or when a boost last reached it), FIFO within a
 * priority, and points task_struct::pi_blocked_on at it.  A lock with
 * waiters sits on its owner's task_struct::pi_held_locks.  An owner's
 * boost is the best top-waiter priority over the locks on that list,
 * applied with rt_mutex_setprio(); whenever an owner's effective priority
 * changes and it is itself blocked, its waiter is requeued and the owner
 * of that lock recomputed, and so on down the chain (at most
 * RT_MUTEX_MAX_CHAIN owners: a longer chain is a deadlock cycle or a bug).
 *
 * Hand-off.  Unlock gives the lock to the top waiter (@owner is never
 * NULL while there are waiters), so a running task cannot take the lock
 * from under a better waiter; the new owner inherits the remaining
 * waiters' priority at once.  A waiter sleeps until it sees itself as
 * @owner; it checks that after set_current_state() under the lock the
 * unlocker sets @owner under, so the wake-up cannot be lost.
 *
 * Locking.  All rt_mutex state (every lock's @owner, @waiters and
 * @held_entry, every task's @pi_blocked_on and @pi_held_locks) is
 * protected by one lock, rt_mutex_graph_lock, taken with interrupts
 * disabled.  rcuos has few rt_mutexes (RCU boosting's and tests'), and
 * one lock makes a chain walk see a consistent graph without the
 * hand-over-hand locking a per-lock scheme needs.  Order:
 * rt_mutex_graph_lock, then a task's pi_lock, then a run-queue lock
 * (rt_mutex_setprio() and wake_up_process() take the latter two).
 * Nothing takes rt_mutex_graph_lock under a pi_lock or a run-queue lock.
 *
 * A waiter's own priority change (sched_setscheduler()) while it waits
 * is not propagated: its place in the queue and the boost it lends keep
 * the priority it had when it queued or was last boosted.
 */
#include <linux/kernel.h>
#include <linux/rtmutex.h>
#include <linux/sched.h>
#include <linux/list.h>

/* Longest owner chain a boost is propagated along. */
#define RT_MUTEX_MAX_CHAIN	16

/**
 * struct rt_mutex_waiter - a task blocked on an rt_mutex
 * @list: link in @lock's waiters
 * @task: the blocked task
 * @lock: the rt_mutex it waits for
 * @prio: its queueing priority (lower is better)
 */
struct rt_mutex_waiter {
	struct list_head list;
	struct task_struct *task;
	struct rt_mutex *lock;
	int prio;
};

static DEFINE_RAW_SPINLOCK(rt_mutex_graph_lock);

#ifdef CONFIG_PROVE_LOCKING
#define rt_mutex_acquire(l, ip)	lock_acquire(&(l)->dep_map, (ip))
#define rt_mutex_release(l, ip)	lock_release(&(l)->dep_map, (ip))
#else
#define rt_mutex_acquire(l, ip)	do { } while (0)
#define rt_mutex_release(l, ip)	do { } while (0)
#endif

static inline struct rt_mutex_waiter *top_waiter(struct rt_mutex *lock)
{
	return list_first_entry_or_null(&lock->waiters, struct rt_mutex_waiter, list);
}

/* Queue @w on its lock behind every waiter of equal or better priority. */
static void enqueue_waiter(struct rt_mutex_waiter *w)
{
	struct rt_mutex_waiter *pos;

	list_for_each_entry(pos, &w->lock->waiters, list) {
		if (w->prio < pos->prio) {
			list_add_tail(&w->list, &pos->list);
			return;
		}
	}
	list_add_tail(&w->list, &w->lock->waiters);
}

/* Keep @lock on its owner's pi_held_locks exactly while it has waiters. */
static void update_held(struct rt_mutex *lock)
{
	bool queued = !hlist_unhashed(&lock->held_entry);

	if (lock->owner && !list_empty(&lock->waiters)) {
		if (!queued)
			hlist_add_head(&lock->held_entry, &lock->owner->pi_held_locks);
	} else if (queued) {
		hlist_del_init(&lock->held_entry);
	}
}

/*
 * Recompute @p's boost from the top waiters of the locks it holds.
 * Return: true if @p's effective priority changed.
 */
static bool adjust_prio(struct task_struct *p)
{
	struct task_struct *pi_task = NULL;
	int best = MAX_PRIO, old_prio = p->prio;
	struct rt_mutex *lock;

	lockdep_assert_held(&rt_mutex_graph_lock);
	hlist_for_each_entry(lock, &p->pi_held_locks, held_entry) {
		struct rt_mutex_waiter *w = top_waiter(lock);

		if (w->prio < best) {
			best = w->prio;
			pi_task = w->task;
		}
	}
	if (best >= p->normal_prio)
		pi_task = NULL;
	if (READ_ONCE(p->boost_prio) != (pi_task ? best : MAX_PRIO))
		rt_mutex_setprio(p, pi_task);
	return READ_ONCE(p->prio) != old_prio;
}

/*
 * @p's waiters or held locks changed: recompute its priority and carry a
 * change down the chain of owners it (transitively) waits for.
 */
static void adjust_chain(struct task_struct *p)
{
	for (int depth = 0; p; depth++) {
		struct rt_mutex_waiter *w;

		/* A cycle (deadlock) or an absurdly long chain. */
		if (WARN_ON_ONCE(depth > RT_MUTEX_MAX_CHAIN))
			return;
		if (!adjust_prio(p))
			return;
		w = p->pi_blocked_on;
		if (!w)
			return;
		list_del(&w->list);
		w->prio = READ_ONCE(p->prio);
		enqueue_waiter(w);
		p = w->lock->owner;
	}
}

/**
 * __rt_mutex_init() - initialize an rt_mutex (see rt_mutex_init())
 * @lock: the rt_mutex
 * @name: its name for lock debugging
 */
void __rt_mutex_init(struct rt_mutex *lock, const char *name)
{
	lock->owner = NULL;
	INIT_LIST_HEAD(&lock->waiters);
	INIT_HLIST_NODE(&lock->held_entry);
	lockdep_init_map(&lock->dep_map, name);
}

/* The slow path of rt_mutex_lock(): queue, lend our priority, sleep. */
static void rt_mutex_lock_slowpath(struct rt_mutex *lock, unsigned long flags)
{
	struct task_struct *owner = lock->owner;
	struct rt_mutex_waiter waiter = {
		.task = current,
		.lock = lock,
		.prio = READ_ONCE(current->prio),
	};

	enqueue_waiter(&waiter);
	current->pi_blocked_on = &waiter;
	update_held(lock);
	if (top_waiter(lock) == &waiter)
		adjust_chain(owner);

	for (;;) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		if (lock->owner == current)
			break;
		raw_spin_unlock_irqrestore(&rt_mutex_graph_lock, flags);
		schedule();
		raw_spin_lock_irqsave(&rt_mutex_graph_lock, flags);
	}
	/* The unlocker dequeued us and made us the owner. */
	__set_current_state(TASK_RUNNING);
}

/**
 * rt_mutex_lock() - acquire an rt_mutex, sleeping until it is ours
 * @lock: the rt_mutex
 *
 * Task context only, may sleep.  While we wait, the owner (and whatever
 * owner it waits for in turn) runs at our priority if that is better
 * than its own.  Waiters get the lock in priority order, FIFO within a
 * priority.  Not recursive.  Release with rt_mutex_unlock().
 */
void rt_mutex_lock(struct rt_mutex *lock)
{
	unsigned long flags;

	might_sleep();
	raw_spin_lock_irqsave(&rt_mutex_graph_lock, flags);
	if (WARN_ON_ONCE(lock->owner == current)) {
		raw_spin_unlock_irqrestore(&rt_mutex_graph_lock, flags);
		return;
	}
	if (lock->owner)
		rt_mutex_lock_slowpath(lock, flags);
	else
		WRITE_ONCE(lock->owner, current);
	raw_spin_unlock_irqrestore(&rt_mutex_graph_lock, flags);
	rt_mutex_acquire(lock, _RET_IP_);
}

/**
 * rt_mutex_trylock() - acquire an rt_mutex if it is free, without sleeping
 * @lock: the rt_mutex
 *
 * Task context.  Fails if the lock is owned, even by a task about to hand
 * it to a waiter.
 *
 * Return: 1 if acquired, 0 if not.
 */
int rt_mutex_trylock(struct rt_mutex *lock)
{
	unsigned long flags;
	int ret = 0;

	raw_spin_lock_irqsave(&rt_mutex_graph_lock, flags);
	if (!lock->owner) {
		WRITE_ONCE(lock->owner, current);
		ret = 1;
	}
	raw_spin_unlock_irqrestore(&rt_mutex_graph_lock, flags);
	if (ret)
		rt_mutex_acquire(lock, _RET_IP_);
	return ret;
}

/*
 * Release @lock: hand it to the top waiter, who inherits the remaining
 * waiters' priority, and drop the old owner's boost from this lock.
 */
static void __rt_mutex_unlock(struct rt_mutex *lock)
{
	struct task_struct *old, *next;
	struct rt_mutex_waiter *w;
	unsigned long flags;

	raw_spin_lock_irqsave(&rt_mutex_graph_lock, flags);
	old = lock->owner;
	w = top_waiter(lock);
	if (!w) {
		/* Release: the critical section happens before this. */
		smp_store_release(&lock->owner, NULL);
		raw_spin_unlock_irqrestore(&rt_mutex_graph_lock, flags);
		return;
	}
	next = w->task;
	list_del(&w->list);
	next->pi_blocked_on = NULL;
	hlist_del_init(&lock->held_entry);
	smp_store_release(&lock->owner, next);
	update_held(lock);
	adjust_chain(next);
	adjust_chain(old);
	wake_up_process(next);
	raw_spin_unlock_irqrestore(&rt_mutex_graph_lock, flags);
	preempt_check_resched();
}

/**
 * rt_mutex_unlock() - release an rt_mutex held by the current task
 * @lock: the rt_mutex
 *
 * Hands the lock to the best waiter, if any, and drops the priority we
 * inherited through @lock.  Task context.
 */
void rt_mutex_unlock(struct rt_mutex *lock)
{
	if (WARN_ON_ONCE(READ_ONCE(lock->owner) != current))
		return;
	rt_mutex_release(lock, _RET_IP_);
	__rt_mutex_unlock(lock);
}

/**
 * rt_mutex_init_proxy_locked() - make another task the owner of an rt_mutex
 * @lock: the rt_mutex, initialized with rt_mutex_init() and unlocked
 * @proxy_owner: the task that owns @lock from now on
 *
 * @proxy_owner owns @lock without doing anything itself and without
 * lockdep knowing (it holds nothing in its held-lock stack); it releases
 * it with rt_mutex_futex_unlock().  RCU priority boosting makes a
 * preempted reader the owner this way and then blocks on @lock with
 * rt_mutex_lock(), so the reader inherits the booster's priority.
 * Task context, any interrupt and preemption state; it takes only
 * rt_mutex_graph_lock, so the caller may hold a lock (such as an
 * rcu_node's) that is never taken under a pi_lock or a run-queue lock.
 */
void rt_mutex_init_proxy_locked(struct rt_mutex *lock,
				struct task_struct *proxy_owner)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&rt_mutex_graph_lock, flags);
	if (!WARN_ON_ONCE(lock->owner || !list_empty(&lock->waiters)))
		WRITE_ONCE(lock->owner, proxy_owner);
	raw_spin_unlock_irqrestore(&rt_mutex_graph_lock, flags);
}

/**
 * rt_mutex_futex_unlock() - release an rt_mutex without lockdep tracking
 * @lock: the rt_mutex, normally owned by the caller through
 *	rt_mutex_init_proxy_locked()
 *
 * As rt_mutex_unlock(), except that lockdep is not told (the proxy owner
 * never acquired @lock in lockdep's eyes) and it may be called from task
 * context with interrupts and/or preemption disabled, as
 * rcu_read_unlock() does.  The priority @lock lent drops at once; with
 * preemption disabled, a resulting preemption waits for the caller to
 * re-enable it.
 *
 * It takes rt_mutex_graph_lock, then task pi_locks and run-queue locks
 * (to deboost and to wake the new owner), so the caller must not hold a
 * run-queue lock, a task's pi_lock, or any lock that is ever taken while
 * one of those is held.  An rcu_node's lock is allowed: RCU takes those
 * before, never under, a pi_lock or a run-queue lock.
 */
void rt_mutex_futex_unlock(struct rt_mutex *lock)
{
	if (WARN_ON_ONCE(!READ_ONCE(lock->owner)))
		return;
	__rt_mutex_unlock(lock);
}
