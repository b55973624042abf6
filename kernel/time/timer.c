// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel timers, schedule_timeout() and msleep().
 *
 * Each CPU has a timer base: a list of pending timers sorted by expiry,
 * under a spinlock.  The tick checks the earliest expiry without the lock
 * and raises TIMER_SOFTIRQ when it is due; the softirq runs every expired
 * timer, with the lock dropped around each function and the timer
 * recorded as the base's running_timer (what del_timer_sync() waits for).
 *
 * A timer's flags hold the CPU of the base it is (or was last) on.  While
 * a timer moves between bases the flags say TIMER_MIGRATING and
 * lock_timer_base() waits, so the base a timer belongs to can always be
 * locked reliably.
 */
#include <linux/kernel.h>
#include <linux/timer.h>
#include <linux/tick.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/list.h>
#include <linux/delay.h>
#include <linux/interrupt.h>
#include <linux/cpuhotplug.h>

/**
 * struct timer_base - a CPU's pending timers
 * @lock: protects the fields below and the timers' entries
 * @pending: pending timers, earliest first
 * @next_expiry: expiry of the first pending timer (read by the tick)
 * @running_timer: the timer whose function runs now, or NULL
 * @nr_pending: number of pending timers
 * @cpu: the CPU
 */
struct timer_base {
	spinlock_t lock;
	struct list_head pending;
	unsigned long next_expiry;
	struct timer_list *running_timer;
	unsigned long nr_pending;
	unsigned int cpu;
};

static DEFINE_PER_CPU(struct timer_base, timer_bases);
static unsigned long timers_migrated;

static struct timer_base *lock_timer_base(struct timer_list *timer,
					  unsigned long *flags)
	__acquires(&base->lock)
{
	for (;;) {
		u32 tf = READ_ONCE(timer->flags);

		if (!(tf & TIMER_MIGRATING)) {
			struct timer_base *base =
				per_cpu_ptr(&timer_bases, tf & TIMER_CPUMASK);

			spin_lock_irqsave(&base->lock, *flags);
			if (READ_ONCE(timer->flags) == tf)
				return base;
			spin_unlock_irqrestore(&base->lock, *flags);
		}
		cpu_relax();
	}
}

static void update_next_expiry(struct timer_base *base)
{
	if (!list_empty(&base->pending))
		WRITE_ONCE(base->next_expiry,
			   list_first_entry(&base->pending, struct timer_list, entry)->expires);
}

static void enqueue_timer(struct timer_base *base, struct timer_list *timer)
{
	struct timer_list *t;
	struct list_head *pos = &base->pending;

	/* Insert after the last timer expiring no later (FIFO for ties). */
	list_for_each_entry_reverse(t, &base->pending, entry) {
		if (time_before_eq(t->expires, timer->expires)) {
			pos = &t->entry;
			break;
		}
	}
	list_add(&timer->entry, pos);
	WRITE_ONCE(base->nr_pending, base->nr_pending + 1);
	update_next_expiry(base);
}

static void detach_timer(struct timer_base *base, struct timer_list *timer)
{
	list_del(&timer->entry);
	timer->entry.next = NULL;
	WRITE_ONCE(timer->entry.prev, NULL);
	WRITE_ONCE(base->nr_pending, base->nr_pending - 1);
	update_next_expiry(base);
}

/**
 * timer_setup() - prepare a timer for use
 * @timer: the timer
 * @func: function to call when it expires (softirq context)
 * @flags: TIMER_PINNED, TIMER_DEFERRABLE or TIMER_IRQSAFE (the last two
 *	are accepted and have no special meaning here)
 */
void timer_setup(struct timer_list *timer,
		 void (*func)(struct timer_list *), unsigned int flags)
{
	timer->entry.next = NULL;
	timer->entry.prev = NULL;
	timer->function = func;
	timer->expires = 0;
	timer->flags = (flags & TIMER_INIT_FLAGS) | raw_smp_processor_id();
}

/*
 * Queue @timer at @expires on @new_cpu's base (or this CPU's when -1).
 * With @pending_only, only if it is pending now.  Returns 1 if it was
 * pending.
 */
static int __mod_timer(struct timer_list *timer, unsigned long expires,
		       bool pending_only, int new_cpu)
{
	struct timer_base *base, *new_base;
	unsigned long flags;
	int ret = 0;

	base = lock_timer_base(timer, &flags);
	if (timer_pending(timer)) {
		detach_timer(base, timer);
		ret = 1;
	} else if (pending_only) {
		goto out;
	}

	if (new_cpu >= 0)
		new_base = per_cpu_ptr(&timer_bases, new_cpu);
	else if (timer->flags & TIMER_PINNED)
		new_base = base;
	else
		new_base = this_cpu_ptr(&timer_bases);

	/*
	 * Keep a timer whose function is running on its base: moving it
	 * would let the function run on two CPUs at once.
	 */
	if (new_base != base && (base->running_timer != timer || new_cpu >= 0)) {
		WRITE_ONCE(timer->flags, timer->flags | TIMER_MIGRATING);
		spin_unlock(&base->lock);
		base = new_base;
		spin_lock(&base->lock);
		WRITE_ONCE(timer->flags,
			   (timer->flags & ~TIMER_BASEMASK) | base->cpu);
	}
	timer->expires = expires;
	enqueue_timer(base, timer);
	/* A CPU idling with its tick stopped must notice the new timer. */
	wake_up_nohz_cpu(base->cpu);
out:
	spin_unlock_irqrestore(&base->lock, flags);
	return ret;
}

/**
 * mod_timer() - (re)arm a timer
 * @timer: the timer (set up with timer_setup())
 * @expires: new expiry, in jiffies
 *
 * Whether pending or not, the timer will run at @expires; callable from
 * any context except NMI, including the timer's own function.
 *
 * Return: 1 if the timer was pending, 0 if not.
 */
int mod_timer(struct timer_list *timer, unsigned long expires)
{
	return __mod_timer(timer, expires, false, -1);
}

/**
 * mod_timer_pending() - change the expiry of a pending timer only
 * @timer: the timer
 * @expires: new expiry, in jiffies
 *
 * Return: 1 if the timer was pending (and is rearmed), 0 if not.
 */
int mod_timer_pending(struct timer_list *timer, unsigned long expires)
{
	return __mod_timer(timer, expires, true, -1);
}

/**
 * timer_reduce() - arm a timer, or move its expiry earlier
 * @timer: the timer
 * @expires: the expiry wanted, in jiffies
 *
 * Return: 1 if the timer was pending, 0 if not.
 */
int timer_reduce(struct timer_list *timer, unsigned long expires)
{
	if (timer_pending(timer) && time_before_eq(READ_ONCE(timer->expires), expires))
		return 1;
	return __mod_timer(timer, expires, false, -1);
}

/**
 * add_timer() - arm a timer that is not pending, at @timer->expires
 * @timer: the timer
 */
void add_timer(struct timer_list *timer)
{
	WARN_ON_ONCE(timer_pending(timer));
	__mod_timer(timer, timer->expires, false, -1);
}

/**
 * add_timer_on() - arm a timer on a given CPU, at @timer->expires
 * @timer: the timer, not pending
 * @cpu: the CPU whose softirq will run it
 */
void add_timer_on(struct timer_list *timer, int cpu)
{
	WARN_ON_ONCE(timer_pending(timer));
	__mod_timer(timer, timer->expires, false, cpu);
}

/**
 * del_timer() - deactivate a timer
 * @timer: the timer
 *
 * The function may still be running on another CPU when this returns;
 * use del_timer_sync() to wait for it.
 *
 * Return: 1 if the timer was pending, 0 if not.
 */
int del_timer(struct timer_list *timer)
{
	struct timer_base *base;
	unsigned long flags;
	int ret = 0;

	if (!timer_pending(timer))
		return 0;
	base = lock_timer_base(timer, &flags);
	if (timer_pending(timer)) {
		detach_timer(base, timer);
		ret = 1;
	}
	spin_unlock_irqrestore(&base->lock, flags);
	return ret;
}

/**
 * try_to_del_timer_sync() - deactivate a timer unless its function runs
 * @timer: the timer
 *
 * Return: -1 if the function is running now, else as del_timer().
 */
int try_to_del_timer_sync(struct timer_list *timer)
{
	struct timer_base *base;
	unsigned long flags;
	int ret = -1;

	base = lock_timer_base(timer, &flags);
	if (base->running_timer != timer) {
		ret = 0;
		if (timer_pending(timer)) {
			detach_timer(base, timer);
			ret = 1;
		}
	}
	spin_unlock_irqrestore(&base->lock, flags);
	return ret;
}

/**
 * del_timer_sync() - deactivate a timer and wait for its function
 * @timer: the timer
 *
 * On return the timer is not pending and its function is not running
 * anywhere (unless it rearms itself: stop that first).  Must not be
 * called from the timer's function or with a lock its function takes.
 *
 * Return: 1 if the timer was pending, 0 if not.
 */
int del_timer_sync(struct timer_list *timer)
{
	int ret;

	WARN_ON_ONCE(in_hardirq());
	for (;;) {
		ret = try_to_del_timer_sync(timer);
		if (ret >= 0)
			return ret;
		cpu_relax();
	}
}

/* TIMER_SOFTIRQ: run this CPU's expired timers. */
static void run_timer_softirq(void)
{
	struct timer_base *base = this_cpu_ptr(&timer_bases);

	spin_lock_irq(&base->lock);
	while (!list_empty(&base->pending)) {
		struct timer_list *timer =
			list_first_entry(&base->pending, struct timer_list, entry);
		void (*fn)(struct timer_list *) = timer->function;
		int count;

		if (time_before(jiffies, timer->expires))
			break;
		detach_timer(base, timer);
		base->running_timer = timer;
		spin_unlock_irq(&base->lock);

		count = preempt_count();
		fn(timer);
		if (WARN_ON_ONCE(preempt_count() != count)) {
			pr_err("timer: %pS left preempt_count %#x (was %#x)\n",
			       fn, preempt_count(), count);
			this_cpu_write(__preempt_count, count);
		}

		spin_lock_irq(&base->lock);
		base->running_timer = NULL;
	}
	spin_unlock_irq(&base->lock);
}

/**
 * run_local_timers() - raise TIMER_SOFTIRQ if a timer of this CPU is due
 *
 * Called from the tick, in hardirq context.
 */
void run_local_timers(void)
{
	struct timer_base *base = this_cpu_ptr(&timer_bases);

	if (READ_ONCE(base->nr_pending) &&
	    time_after_eq(jiffies, READ_ONCE(base->next_expiry)))
		raise_softirq(TIMER_SOFTIRQ);
}

/**
 * timers_pending_cpu() - number of timers pending on @cpu (racy)
 * @cpu: the CPU
 *
 * Return: the number of timers queued on @cpu's base.
 */
unsigned long timers_pending_cpu(unsigned int cpu)
{
	return READ_ONCE(per_cpu_ptr(&timer_bases, cpu)->nr_pending);
}

/**
 * timers_next_expiry_cpu() - when the earliest timer on @cpu's base is due
 * @cpu: the CPU
 *
 * Racy: another CPU may queue an earlier one at any time (and then sends
 * @cpu an IPI if its tick is stopped).  Meaningless when no timer is
 * pending.
 *
 * Return: its expiry, in jiffies.
 */
unsigned long timers_next_expiry_cpu(unsigned int cpu)
{
	return READ_ONCE(per_cpu_ptr(&timer_bases, cpu)->next_expiry);
}

/*
 * CPU hotplug (CPUHP_TIMERS_PREPARE teardown), on the controlling CPU once
 * @cpu is dead: its pending timers move to this CPU's base, earliest
 * first.  Each is marked TIMER_MIGRATING while in neither base, so that
 * del_timer() and mod_timer() wait for the move; the two base locks are
 * never held together.
 */
static int timers_dead_cpu(unsigned int cpu)
{
	struct timer_base *old = per_cpu_ptr(&timer_bases, cpu);
	struct timer_base *new;
	unsigned long n = 0;

	local_irq_disable();
	new = this_cpu_ptr(&timer_bases);
	for (;;) {
		struct timer_list *timer;

		spin_lock(&old->lock);
		if (list_empty(&old->pending)) {
			spin_unlock(&old->lock);
			break;
		}
		timer = list_first_entry(&old->pending, struct timer_list, entry);
		detach_timer(old, timer);
		WRITE_ONCE(timer->flags, timer->flags | TIMER_MIGRATING);
		spin_unlock(&old->lock);

		spin_lock(&new->lock);
		WRITE_ONCE(timer->flags, (timer->flags & ~TIMER_BASEMASK) | new->cpu);
		enqueue_timer(new, timer);
		spin_unlock(&new->lock);
		n++;
	}
	if (n && time_after_eq(jiffies, READ_ONCE(new->next_expiry)))
		raise_softirq_irqoff(TIMER_SOFTIRQ);
	local_irq_enable();
	WRITE_ONCE(timers_migrated, timers_migrated + n);
	return 0;
}

/** timers_migrated_count() - timers moved off offline CPUs since boot */
unsigned long timers_migrated_count(void)
{
	return READ_ONCE(timers_migrated);
}

/**
 * init_timers() - set up every possible CPU's timer base and TIMER_SOFTIRQ
 *
 * Call once on the boot CPU, after setup_per_cpu_areas().
 */
void init_timers(void)
{
	unsigned int cpu;

	for_each_possible_cpu(cpu) {
		struct timer_base *base = per_cpu_ptr(&timer_bases, cpu);

		spin_lock_init(&base->lock);
		INIT_LIST_HEAD(&base->pending);
		base->next_expiry = 0;
		base->running_timer = NULL;
		base->nr_pending = 0;
		base->cpu = cpu;
	}
	open_softirq(TIMER_SOFTIRQ, run_timer_softirq);
	cpuhp_setup_state_nocalls(CPUHP_TIMERS_PREPARE, "timers:prepare", NULL,
				  timers_dead_cpu);
}

/** timers_init() - init_timers() under the name start_kernel() uses */
void timers_init(void)
{
	init_timers();
}

/* ---- sleeping ---- */

struct process_timer {
	struct timer_list timer;
	struct task_struct *task;
};

static void process_timeout(struct timer_list *t)
{
	struct process_timer *timeout = from_timer(timeout, t, timer);

	wake_up_process(timeout->task);
}

/**
 * schedule_timeout() - sleep until woken or until @timeout jiffies pass
 * @timeout: jiffies, or MAX_SCHEDULE_TIMEOUT for no limit
 *
 * The caller sets its state first (set_current_state()); in
 * TASK_RUNNING this only yields.  Task context only.
 *
 * Return: 0 if the timeout elapsed, else the jiffies left (always
 * MAX_SCHEDULE_TIMEOUT for an unlimited sleep).
 */
long schedule_timeout(long timeout)
{
	struct process_timer timer;
	unsigned long expire;

	if (timeout == MAX_SCHEDULE_TIMEOUT) {
		schedule();
		return timeout;
	}
	if (timeout < 0) {
		pr_err("schedule_timeout: wrong timeout value %lx\n", timeout);
		__set_current_state(TASK_RUNNING);
		return 0;
	}

	jiffies_update();
	expire = timeout + jiffies;
	timer.task = current;
	timer_setup_on_stack(&timer.timer, process_timeout, 0);
	mod_timer(&timer.timer, expire);
	schedule();
	del_timer_sync(&timer.timer);
	destroy_timer_on_stack(&timer.timer);

	timeout = expire - jiffies;
	return timeout < 0 ? 0 : timeout;
}

/** schedule_timeout_interruptible() - schedule_timeout() in TASK_INTERRUPTIBLE */
long schedule_timeout_interruptible(long timeout)
{
	__set_current_state(TASK_INTERRUPTIBLE);
	return schedule_timeout(timeout);
}

/** schedule_timeout_uninterruptible() - schedule_timeout() in TASK_UNINTERRUPTIBLE */
long schedule_timeout_uninterruptible(long timeout)
{
	__set_current_state(TASK_UNINTERRUPTIBLE);
	return schedule_timeout(timeout);
}

/** schedule_timeout_idle() - schedule_timeout() in TASK_IDLE */
long schedule_timeout_idle(long timeout)
{
	__set_current_state(TASK_IDLE);
	return schedule_timeout(timeout);
}

/**
 * msleep() - sleep for at least @msecs milliseconds
 * @msecs: milliseconds
 *
 * Sleeps on a timer (task context only), so the wait is rounded up to the
 * next tick after the time has passed.
 */
void msleep(unsigned int msecs)
{
	long timeout = msecs_to_jiffies(msecs) + 1;

	might_sleep();
	while (timeout)
		timeout = schedule_timeout_uninterruptible(timeout);
}

/**
 * msleep_interruptible() - msleep(); rcuos has no signals
 * @msecs: milliseconds
 *
 * Return: 0 (no time left).
 */
unsigned long msleep_interruptible(unsigned int msecs)
{
	msleep(msecs);
	return 0;
}

/**
 * usleep_range() - sleep for about @min..@max microseconds
 * @min: least time to sleep
 * @max: upper bound (a hint; the sleep ends at a tick)
 */
void usleep_range(unsigned long min, unsigned long max)
{
	long timeout = usecs_to_jiffies(min) + 1;

	might_sleep();
	while (timeout)
		timeout = schedule_timeout_uninterruptible(timeout);
}
