/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_PREEMPT_H
#define _LINUX_PREEMPT_H

#include <linux/percpu.h>

/*
 * preempt_count layout (per CPU, as in Linux):
 *
 *   bits  0- 7  preemption-disable depth
 *   bits  8-15  softirq: +1 while serving softirqs, +2 per local_bh_disable()
 *   bits 16-19  hardirq nesting
 *   bits 20-23  NMI nesting
 *
 * The count is maintained in every configuration: spinlocks, in_atomic()
 * and the sleeping-in-atomic checks depend on it.  Only CONFIG_PREEMPT
 * makes preempt_enable() a preemption point.
 */
#define PREEMPT_BITS	8
#define SOFTIRQ_BITS	8
#define HARDIRQ_BITS	4
#define NMI_BITS	4

#define PREEMPT_SHIFT	0
#define SOFTIRQ_SHIFT	(PREEMPT_SHIFT + PREEMPT_BITS)
#define HARDIRQ_SHIFT	(SOFTIRQ_SHIFT + SOFTIRQ_BITS)
#define NMI_SHIFT	(HARDIRQ_SHIFT + HARDIRQ_BITS)

#define __IRQ_MASK(x)	((1UL << (x)) - 1)
#define PREEMPT_MASK	(__IRQ_MASK(PREEMPT_BITS) << PREEMPT_SHIFT)
#define SOFTIRQ_MASK	(__IRQ_MASK(SOFTIRQ_BITS) << SOFTIRQ_SHIFT)
#define HARDIRQ_MASK	(__IRQ_MASK(HARDIRQ_BITS) << HARDIRQ_SHIFT)
#define NMI_MASK	(__IRQ_MASK(NMI_BITS) << NMI_SHIFT)

#define PREEMPT_OFFSET	(1UL << PREEMPT_SHIFT)
#define SOFTIRQ_OFFSET	(1UL << SOFTIRQ_SHIFT)
#define HARDIRQ_OFFSET	(1UL << HARDIRQ_SHIFT)
#define NMI_OFFSET	(1UL << NMI_SHIFT)
#define SOFTIRQ_DISABLE_OFFSET	(2 * SOFTIRQ_OFFSET)

DECLARE_PER_CPU(int, __preempt_count);
DECLARE_PER_CPU(int, __need_resched);

static __always_inline int preempt_count(void)
{
	return this_cpu_read(__preempt_count);
}

#define preempt_count_add(v)	this_cpu_add(__preempt_count, (v))
#define preempt_count_sub(v)	this_cpu_sub(__preempt_count, (v))

#define hardirq_count()	(preempt_count() & HARDIRQ_MASK)
#define softirq_count()	(preempt_count() & SOFTIRQ_MASK)
#define irq_count()	(preempt_count() & (HARDIRQ_MASK | SOFTIRQ_MASK | NMI_MASK))

/* In any interrupt context, or with bottom halves disabled. */
#define in_interrupt()		(irq_count())
#define in_hardirq()		(hardirq_count())
#define in_irq()		in_hardirq()
#define in_softirq()		(softirq_count())
#define in_serving_softirq()	(softirq_count() & SOFTIRQ_OFFSET)
#define in_nmi()		(preempt_count() & NMI_MASK)
#define in_task()		(!(preempt_count() & (NMI_MASK | HARDIRQ_MASK | SOFTIRQ_OFFSET)))
#define in_atomic()		(preempt_count() != 0)

static __always_inline bool need_resched(void)
{
	return this_cpu_read(__need_resched);
}

static __always_inline void set_need_resched(void)
{
	this_cpu_write(__need_resched, 1);
}

static __always_inline void clear_need_resched(void)
{
	this_cpu_write(__need_resched, 0);
}

/* kernel/sched: switch away if needed; called with preemption enabled. */
void preempt_schedule(void);

#define preempt_disable()						\
do {									\
	preempt_count_add(1);						\
	barrier();							\
} while (0)

#define preempt_enable_no_resched()					\
do {									\
	barrier();							\
	preempt_count_sub(1);						\
} while (0)

#ifdef CONFIG_PREEMPT
#define preempt_enable()						\
do {									\
	barrier();							\
	preempt_count_sub(1);						\
	if (unlikely(preempt_count() == 0 && need_resched()))		\
		preempt_schedule();					\
} while (0)
#define preemptible()	(preempt_count() == 0 && !irqs_disabled())
#else
#define preempt_enable()	preempt_enable_no_resched()
#define preemptible()	0
#endif

#endif /* _LINUX_PREEMPT_H */
