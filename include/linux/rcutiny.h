/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_RCUTINY_H
#define _LINUX_RCUTINY_H

/*
 * Tiny RCU's hooks into the rest of the kernel (rcu/tiny.c), included by
 * <linux/rcupdate.h> when CONFIG_TINY_RCU: one CPU, no preemption.  The
 * static inlines are the hooks Tiny RCU leaves empty, and why.
 */
#include <linux/types.h>

/* The scheduler (kernel/sched/core.c): a context switch is a grace period. */
void rcu_note_context_switch(bool preempt);
void rcu_all_qs(void);

/* Readers cannot be preempted: an exiting task is never inside one. */
static inline void exit_rcu(void) { }

/* The scheduling-clock tick (kernel/time/tick.c). */
void rcu_sched_clock_irq(int user);

/*
 * No dyntick-idle tracking: there is no other CPU whose grace period an
 * idle one could hold up, and a tick that interrupts the idle loop is a
 * quiescent state by itself (rcu_sched_clock_irq()).
 */
static inline void rcu_idle_enter(void) { }
static inline void rcu_idle_exit(void) { }
static inline void rcu_irq_enter(void) { }
static inline void rcu_irq_exit(void) { }
static inline void rcu_nmi_enter(void) { }
static inline void rcu_nmi_exit(void) { }

/** rcu_is_watching() - always: Tiny RCU has no extended quiescent state */
static inline bool rcu_is_watching(void)
{
	return true;
}

/* Does this CPU need its tick for RCU (it has callbacks queued)? */
bool rcu_needs_cpu(void);

/* The only CPU is the boot CPU: nothing to add. */
static inline void rcu_cpu_starting(unsigned int cpu) { }
static inline void rcutree_report_dead(unsigned int cpu) { }

#endif /* _LINUX_RCUTINY_H */
