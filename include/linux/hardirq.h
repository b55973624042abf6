/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_HARDIRQ_H
#define _LINUX_HARDIRQ_H

/*
 * Interrupt and NMI entry/exit accounting.  The architecture's interrupt
 * entry code brackets every device, timer and IPI handler with
 * irq_enter()/irq_exit() (interrupts disabled), and NMI handlers with
 * nmi_enter()/nmi_exit().  irq_exit() runs pending softirqs when it leaves
 * the outermost interrupt of task context.
 */

#include <linux/types.h>
#include <linux/preempt.h>
#include <linux/rcupdate.h>	/* rcu_nmi_enter(), rcu_nmi_exit() */

void irq_enter(void);
void irq_exit(void);

/**
 * nmi_enter() - account entry into an NMI handler
 *
 * Makes in_nmi() and in_hardirq() true; the handler may run anywhere,
 * including with any lock held, so it must only use NMI-safe facilities.
 */
#define nmi_enter()							\
do {									\
	preempt_count_add(NMI_OFFSET + HARDIRQ_OFFSET);			\
	barrier();							\
	rcu_nmi_enter();						\
} while (0)

/** nmi_exit() - account exit from an NMI handler */
#define nmi_exit()							\
do {									\
	rcu_nmi_exit();							\
	barrier();							\
	preempt_count_sub(NMI_OFFSET + HARDIRQ_OFFSET);			\
} while (0)

#endif /* _LINUX_HARDIRQ_H */
