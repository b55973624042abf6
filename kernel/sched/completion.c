// SPDX-License-Identifier: GPL-2.0
/*
 * Completions.  All state changes happen under the wait queue's lock, and
 * a waiter consumes its completion under that lock before returning, so
 * an on-stack completion is never touched after its waiter returns.
 */
#include <linux/kernel.h>
#include <linux/completion.h>
#include <linux/sched.h>

/**
 * complete() - signal one completion
 * @x: the completion
 *
 * Wakes one waiter, or lets the next wait_for_completion() through at
 * once.  Any context except NMI.
 */
void complete(struct completion *x)
{
	unsigned long flags;

	spin_lock_irqsave(&x->wait.lock, flags);
	if (x->done != UINT_MAX)
		x->done++;
	__wake_up_locked(&x->wait, TASK_NORMAL, 1);
	spin_unlock_irqrestore(&x->wait.lock, flags);
	preempt_check_resched();
}

/**
 * complete_all() - signal every present and future waiter
 * @x: the completion
 *
 * Stays "done" until reinit_completion().  Any context except NMI.
 */
void complete_all(struct completion *x)
{
	unsigned long flags;

	spin_lock_irqsave(&x->wait.lock, flags);
	x->done = UINT_MAX;
	__wake_up_locked(&x->wait, TASK_NORMAL, 0);
	spin_unlock_irqrestore(&x->wait.lock, flags);
	preempt_check_resched();
}

static long wait_for_common(struct completion *x, long timeout, int state)
{
	might_sleep();
	spin_lock_irq(&x->wait.lock);
	if (!x->done) {
		struct wait_queue_entry wait;

		init_waitqueue_entry(&wait, current);
		wait.flags |= WQ_FLAG_EXCLUSIVE;
		list_add_tail(&wait.entry, &x->wait.head);
		do {
			__set_current_state(state);
			spin_unlock_irq(&x->wait.lock);
			timeout = schedule_timeout(timeout);
			spin_lock_irq(&x->wait.lock);
		} while (!x->done && timeout);
		list_del(&wait.entry);
		__set_current_state(TASK_RUNNING);
		if (!x->done) {
			spin_unlock_irq(&x->wait.lock);
			return 0;
		}
	}
	if (x->done != UINT_MAX)
		x->done--;
	spin_unlock_irq(&x->wait.lock);
	return timeout ? timeout : 1;
}

/**
 * wait_for_completion() - wait (uninterruptibly) for complete()
 * @x: the completion
 */
void wait_for_completion(struct completion *x)
{
	wait_for_common(x, MAX_SCHEDULE_TIMEOUT, TASK_UNINTERRUPTIBLE);
}

/**
 * wait_for_completion_idle() - wait_for_completion() in TASK_IDLE
 * @x: the completion
 */
void wait_for_completion_idle(struct completion *x)
{
	wait_for_common(x, MAX_SCHEDULE_TIMEOUT, TASK_IDLE);
}

/**
 * wait_for_completion_timeout() - wait for complete(), with a timeout
 * @x: the completion
 * @timeout: in jiffies
 *
 * Return: 0 on timeout, else the jiffies left (at least 1).
 */
unsigned long wait_for_completion_timeout(struct completion *x, unsigned long timeout)
{
	return wait_for_common(x, timeout, TASK_UNINTERRUPTIBLE);
}

/**
 * wait_for_completion_interruptible() - wait_for_completion() (no signals)
 * @x: the completion
 *
 * Return: 0.
 */
int wait_for_completion_interruptible(struct completion *x)
{
	wait_for_common(x, MAX_SCHEDULE_TIMEOUT, TASK_INTERRUPTIBLE);
	return 0;
}

/**
 * wait_for_completion_interruptible_timeout() - timed wait (no signals)
 * @x: the completion
 * @timeout: in jiffies
 *
 * Return: 0 on timeout, else the jiffies left (at least 1).
 */
long wait_for_completion_interruptible_timeout(struct completion *x,
					       unsigned long timeout)
{
	return wait_for_common(x, timeout, TASK_INTERRUPTIBLE);
}

/**
 * try_wait_for_completion() - consume a completion without waiting
 * @x: the completion
 *
 * Return: true if one was available (and is now consumed).
 */
bool try_wait_for_completion(struct completion *x)
{
	unsigned long flags;
	bool ret = false;

	if (!READ_ONCE(x->done))
		return false;
	spin_lock_irqsave(&x->wait.lock, flags);
	if (x->done) {
		if (x->done != UINT_MAX)
			x->done--;
		ret = true;
	}
	spin_unlock_irqrestore(&x->wait.lock, flags);
	return ret;
}

/**
 * completion_done() - would wait_for_completion() return at once?
 * @x: the completion
 *
 * Return: true if a completion is available.
 */
bool completion_done(struct completion *x)
{
	unsigned long flags;

	if (!READ_ONCE(x->done))
		return false;
	/* Let a complete() still holding the lock finish with @x. */
	spin_lock_irqsave(&x->wait.lock, flags);
	spin_unlock_irqrestore(&x->wait.lock, flags);
	return true;
}
