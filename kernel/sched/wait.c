// SPDX-License-Identifier: GPL-2.0
/*
 * Wait queues.  Exclusive waiters sit at the tail and are woken at most
 * nr_exclusive at a time; non-exclusive ones at the head are all woken.
 */
#include <linux/kernel.h>
#include <linux/wait.h>
#include <linux/list.h>

/**
 * __init_waitqueue_head() - initialize a wait queue (see init_waitqueue_head())
 * @wq_head: the wait queue
 * @name: the lock's name for lock debugging
 */
void __init_waitqueue_head(struct wait_queue_head *wq_head, const char *name)
{
	spin_lock_init(&wq_head->lock);
	lockdep_init_map(&wq_head->lock.dep_map, name);
	INIT_LIST_HEAD(&wq_head->head);
}

/**
 * init_wait_entry() - initialize an entry for prepare_to_wait*()
 * @wq_entry: the entry
 * @flags: 0 or WQ_FLAG_EXCLUSIVE
 *
 * The entry wakes the current task and removes itself from the queue
 * when woken (autoremove_wake_function()).
 */
void init_wait_entry(struct wait_queue_entry *wq_entry, int flags)
{
	wq_entry->flags = flags;
	wq_entry->private = current;
	wq_entry->func = autoremove_wake_function;
	INIT_LIST_HEAD(&wq_entry->entry);
}

/**
 * add_wait_queue() - add a non-exclusive waiter
 * @wq_head: the wait queue
 * @wq_entry: the waiter
 */
void add_wait_queue(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry)
{
	unsigned long flags;

	wq_entry->flags &= ~WQ_FLAG_EXCLUSIVE;
	spin_lock_irqsave(&wq_head->lock, flags);
	list_add(&wq_entry->entry, &wq_head->head);
	spin_unlock_irqrestore(&wq_head->lock, flags);
}

/**
 * add_wait_queue_exclusive() - add an exclusive waiter (at the tail)
 * @wq_head: the wait queue
 * @wq_entry: the waiter
 */
void add_wait_queue_exclusive(struct wait_queue_head *wq_head,
			      struct wait_queue_entry *wq_entry)
{
	unsigned long flags;

	wq_entry->flags |= WQ_FLAG_EXCLUSIVE;
	spin_lock_irqsave(&wq_head->lock, flags);
	list_add_tail(&wq_entry->entry, &wq_head->head);
	spin_unlock_irqrestore(&wq_head->lock, flags);
}

/**
 * remove_wait_queue() - remove a waiter
 * @wq_head: the wait queue
 * @wq_entry: the waiter
 */
void remove_wait_queue(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry)
{
	unsigned long flags;

	spin_lock_irqsave(&wq_head->lock, flags);
	list_del_init(&wq_entry->entry);
	spin_unlock_irqrestore(&wq_head->lock, flags);
}

/**
 * prepare_to_wait() - queue a non-exclusive waiter and set the task state
 * @wq_head: the wait queue
 * @wq_entry: the waiter (init_wait_entry() or DEFINE_WAIT())
 * @state: TASK_UNINTERRUPTIBLE, TASK_INTERRUPTIBLE or TASK_IDLE
 *
 * Then test the condition and schedule() if it is false; finish with
 * finish_wait().
 */
void prepare_to_wait(struct wait_queue_head *wq_head,
		     struct wait_queue_entry *wq_entry, int state)
{
	unsigned long flags;

	wq_entry->flags &= ~WQ_FLAG_EXCLUSIVE;
	spin_lock_irqsave(&wq_head->lock, flags);
	if (list_empty(&wq_entry->entry))
		list_add(&wq_entry->entry, &wq_head->head);
	set_current_state(state);
	spin_unlock_irqrestore(&wq_head->lock, flags);
}

/**
 * prepare_to_wait_exclusive() - prepare_to_wait() as an exclusive waiter
 * @wq_head: the wait queue
 * @wq_entry: the waiter
 * @state: the sleeping state
 *
 * Return: true if the queue was empty before.
 */
bool prepare_to_wait_exclusive(struct wait_queue_head *wq_head,
			       struct wait_queue_entry *wq_entry, int state)
{
	unsigned long flags;
	bool was_empty = false;

	wq_entry->flags |= WQ_FLAG_EXCLUSIVE;
	spin_lock_irqsave(&wq_head->lock, flags);
	if (list_empty(&wq_entry->entry)) {
		was_empty = list_empty(&wq_head->head);
		list_add_tail(&wq_entry->entry, &wq_head->head);
	}
	set_current_state(state);
	spin_unlock_irqrestore(&wq_head->lock, flags);
	return was_empty;
}

/**
 * finish_wait() - end a wait begun with prepare_to_wait*()
 * @wq_head: the wait queue
 * @wq_entry: the waiter; removed from the queue if still on it
 *
 * Sets the task back to TASK_RUNNING.
 */
void finish_wait(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry)
{
	unsigned long flags;

	__set_current_state(TASK_RUNNING);
	/*
	 * Always under the lock: a waker may still be writing the entry
	 * (list_del_init()) after we could see it empty, and the entry is
	 * usually on our stack.
	 */
	spin_lock_irqsave(&wq_head->lock, flags);
	list_del_init(&wq_entry->entry);
	spin_unlock_irqrestore(&wq_head->lock, flags);
}

/**
 * default_wake_function() - wake the task in @wq_entry->private
 * @wq_entry: the waiter
 * @mode: the states to wake from (TASK_NORMAL, ...)
 * @flags: unused
 * @key: unused
 *
 * Return: 1 if the task was woken.
 */
int default_wake_function(struct wait_queue_entry *wq_entry, unsigned int mode,
			  int flags, void *key)
{
	return wake_up_state(wq_entry->private, mode);
}

/**
 * autoremove_wake_function() - default_wake_function(), then dequeue
 * @wq_entry: the waiter
 * @mode: the states to wake from
 * @flags: unused
 * @key: unused
 *
 * Return: 1 if the task was woken (and the entry removed).
 */
int autoremove_wake_function(struct wait_queue_entry *wq_entry, unsigned int mode,
			     int flags, void *key)
{
	int ret = default_wake_function(wq_entry, mode, flags, key);

	if (ret)
		list_del_init(&wq_entry->entry);
	return ret;
}

static void __wake_up_common(struct wait_queue_head *wq_head, unsigned int mode,
			     int nr_exclusive, void *key)
{
	struct wait_queue_entry *curr, *next;

	list_for_each_entry_safe(curr, next, &wq_head->head, entry) {
		unsigned int flags = curr->flags;
		int ret = curr->func(curr, mode, 0, key);

		if (ret < 0)
			break;
		if (ret && (flags & WQ_FLAG_EXCLUSIVE) && !--nr_exclusive)
			break;
	}
}

/**
 * __wake_up() - wake waiters on a wait queue
 * @wq_head: the wait queue
 * @mode: which sleeping states to wake (TASK_NORMAL, TASK_INTERRUPTIBLE)
 * @nr_exclusive: how many exclusive waiters to wake; 0 for all
 * @key: passed to the wake functions
 *
 * Every non-exclusive waiter is woken.  Any context except NMI.  If a task
 * is woken, there is a full memory barrier before its state is changed.
 */
void __wake_up(struct wait_queue_head *wq_head, unsigned int mode,
	       int nr_exclusive, void *key)
{
	unsigned long flags;

	spin_lock_irqsave(&wq_head->lock, flags);
	__wake_up_common(wq_head, mode, nr_exclusive, key);
	spin_unlock_irqrestore(&wq_head->lock, flags);
	preempt_check_resched();
}

/**
 * __wake_up_locked() - __wake_up() with @wq_head->lock already held
 * @wq_head: the wait queue
 * @mode: which sleeping states to wake
 * @nr: how many exclusive waiters to wake; 0 for all
 */
void __wake_up_locked(struct wait_queue_head *wq_head, unsigned int mode, int nr)
{
	__wake_up_common(wq_head, mode, nr, NULL);
}
