/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_TIMER_H
#define _LINUX_TIMER_H

/*
 * Kernel timers: run a function once, in softirq context (TIMER_SOFTIRQ)
 * on some CPU, at the first tick at or after @expires (in jiffies).
 *
 * Each CPU has a timer base; mod_timer() queues a timer on the calling
 * CPU's base (or keeps it on its old base while its function is running
 * there, so one timer's function never runs on two CPUs at once), and the
 * tick raises TIMER_SOFTIRQ when the base's earliest timer is due.
 */

#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/jiffies.h>
#include <linux/percpu.h>

/**
 * struct timer_list - a kernel timer
 * @entry: link in its timer base's list; entry.prev is NULL when not pending
 * @expires: the jiffies value at which the timer is due
 * @function: called from softirq context with the timer as argument
 * @flags: TIMER_* flags and, in the low bits, the CPU of its base
 */
struct timer_list {
	struct list_head entry;
	unsigned long expires;
	void (*function)(struct timer_list *);
	u32 flags;
};

#define TIMER_CPUMASK		0x0003FFFF
#define TIMER_MIGRATING		0x00040000
#define TIMER_BASEMASK		(TIMER_CPUMASK | TIMER_MIGRATING)
#define TIMER_DEFERRABLE	0x00080000	/* accepted, not special */
#define TIMER_PINNED		0x00100000	/* stay on the CPU given */
#define TIMER_IRQSAFE		0x00200000	/* accepted, not special */
#define TIMER_INIT_FLAGS	(TIMER_DEFERRABLE | TIMER_PINNED | TIMER_IRQSAFE)

#define __TIMER_INITIALIZER(_function, _flags) {			\
	.entry = { NULL, NULL },					\
	.function = (_function),					\
	.flags = (_flags),						\
}

#define DEFINE_TIMER(_name, _function)					\
	struct timer_list _name = __TIMER_INITIALIZER(_function, 0)

void timer_setup(struct timer_list *timer,
		 void (*func)(struct timer_list *), unsigned int flags);

/** timer_setup_on_stack() - timer_setup() for a timer on the stack */
#define timer_setup_on_stack(timer, func, flags)			\
	timer_setup((timer), (func), (flags))

/** destroy_timer_on_stack() - end of an on-stack timer's life (no-op) */
static inline void destroy_timer_on_stack(struct timer_list *timer)
{
}

/**
 * from_timer() - the structure embedding a timer, from the timer callback
 * @var: a variable of the containing structure's pointer type
 * @callback_timer: the timer passed to the callback
 * @timer_fieldname: the name of the timer_list member
 */
#define from_timer(var, callback_timer, timer_fieldname)		\
	container_of(callback_timer, __typeof__(*var), timer_fieldname)
#define timer_container_of(var, callback_timer, timer_fieldname)	\
	from_timer(var, callback_timer, timer_fieldname)

/**
 * timer_pending() - is the timer queued (will its function run)?
 * @timer: the timer
 *
 * Racy unless the caller serializes against the timer's users.
 *
 * Return: non-zero if pending.
 */
static inline int timer_pending(const struct timer_list *timer)
{
	return READ_ONCE(timer->entry.prev) != NULL;
}

void add_timer(struct timer_list *timer);
void add_timer_on(struct timer_list *timer, int cpu);
int mod_timer(struct timer_list *timer, unsigned long expires);
int mod_timer_pending(struct timer_list *timer, unsigned long expires);
int timer_reduce(struct timer_list *timer, unsigned long expires);
int del_timer(struct timer_list *timer);
int try_to_del_timer_sync(struct timer_list *timer);
int del_timer_sync(struct timer_list *timer);

#define timer_delete(t)		del_timer(t)
#define timer_delete_sync(t)	del_timer_sync(t)

/* Tick plumbing (kernel/time/). */
struct pt_regs;
void init_timers(void);
void timers_init(void);
void run_local_timers(void);
void update_process_times(int user_tick);
void tick_handle_periodic(struct pt_regs *regs, bool user_mode);
u64 tick_count_cpu(unsigned int cpu);

/* Ticks taken by each CPU: per_cpu(tick_count, cpu). */
DECLARE_PER_CPU(u64, tick_count);
unsigned long timers_pending_cpu(unsigned int cpu);
unsigned long timers_next_expiry_cpu(unsigned int cpu);

unsigned long timers_migrated_count(void);

#endif /* _LINUX_TIMER_H */
