/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_INTERRUPT_H
#define _LINUX_INTERRUPT_H

/*
 * Softirqs: per-CPU deferred work raised (usually) from hardirq context
 * and run with interrupts enabled at interrupt exit, at local_bh_enable(),
 * or by the per-CPU ksoftirqd/N thread when they keep coming back.
 * A softirq handler runs on the CPU that raised it, in_serving_softirq()
 * true, and never concurrently with itself on that CPU.
 */

#include <linux/types.h>
#include <linux/preempt.h>
#include <linux/hardirq.h>

/* Vector numbers, as in Linux: lower runs first. */
enum {
	HI_SOFTIRQ = 0,
	TIMER_SOFTIRQ,
	NET_TX_SOFTIRQ,
	NET_RX_SOFTIRQ,
	BLOCK_SOFTIRQ,
	IRQ_POLL_SOFTIRQ,
	TASKLET_SOFTIRQ,
	SCHED_SOFTIRQ,
	HRTIMER_SOFTIRQ,
	RCU_SOFTIRQ,

	NR_SOFTIRQS
};

extern const char * const softirq_to_name[NR_SOFTIRQS];

/**
 * struct softirq_action - a softirq vector's handler
 * @action: run in softirq context on the raising CPU
 */
struct softirq_action {
	void (*action)(void);
};

void open_softirq(int nr, void (*action)(void));
void raise_softirq(unsigned int nr);
void raise_softirq_irqoff(unsigned int nr);
void __raise_softirq_irqoff(unsigned int nr);
void do_softirq(void);
void softirq_init(void);
void spawn_ksoftirqd_cpu(unsigned int cpu);
struct task_struct *ksoftirqd_task(unsigned int cpu);

DECLARE_PER_CPU(u32, __softirq_pending);

/** local_softirq_pending() - bitmask of softirqs raised on this CPU */
#define local_softirq_pending()	this_cpu_read(__softirq_pending)

unsigned long kstat_softirqs_cpu(unsigned int irq, int cpu);
void softirq_print_stats(void);

/** local_bh_disable()/local_bh_enable() are declared in linux/spinlock.h. */
void __local_bh_enable_ip(unsigned long ip, unsigned int cnt);

#endif /* _LINUX_INTERRUPT_H */
