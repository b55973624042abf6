/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_RCUTREE_H
#define _LINUX_RCUTREE_H

/*
 * Tree RCU's hooks into the rest of the kernel (rcu/tree*.c), included by
 * <linux/rcupdate.h> when CONFIG_TREE_RCU.  <linux/rcutiny.h> declares
 * the same set for Tiny RCU, with the ones it leaves empty as static
 * inlines; here only exit_rcu() can be empty.
 */
#include <linux/types.h>

/* The scheduler (kernel/sched/core.c). */
void rcu_note_context_switch(bool preempt);
void rcu_all_qs(void);

/*
 * Task exit (kernel/sched/kthread.c): with preemptible RCU, end a reader
 * the task forgot to end.  Without it, no reader survives a context
 * switch, so there is nothing to clean up.
 */
#ifdef CONFIG_PREEMPT_RCU
void exit_rcu(void);
#else
static inline void exit_rcu(void) { }
#endif

/* The scheduling-clock tick (kernel/time/tick.c). */
void rcu_sched_clock_irq(int user);

/* Dyntick-idle and interrupt nesting (rcu/tree_nohz.c). */
void rcu_idle_enter(void);
void rcu_idle_exit(void);
void rcu_irq_enter(void);
void rcu_irq_exit(void);
void rcu_nmi_enter(void);
void rcu_nmi_exit(void);

/** rcu_is_watching() - may this CPU use RCU readers now (not idle)? */
bool rcu_is_watching(void);

/* Does this CPU need its tick for RCU (it has callbacks queued)? */
bool rcu_needs_cpu(void);

/* CPU bring-up: called by each CPU on itself before enabling interrupts. */
void rcu_cpu_starting(unsigned int cpu);

/*
 * CPU hotplug (rcu/tree_hotplug.c): the last thing an outgoing CPU does
 * before it parks, interrupts disabled.
 */
void rcutree_report_dead(unsigned int cpu);
/*
 * Since boot: outgoing CPUs a grace period was waiting for, those of them
 * reported by rcu_gp_init(), callbacks adopted from offline CPUs.
 */
void rcu_hotplug_get_stats(unsigned long *offline_reports, unsigned long *gp_init_offline,
			   unsigned long *cbs_migrated);

#endif /* _LINUX_RCUTREE_H */
