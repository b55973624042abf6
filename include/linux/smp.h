/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_SMP_H
#define _LINUX_SMP_H

#include <linux/types.h>
#include <linux/percpu.h>
#include <linux/cpumask.h>

DECLARE_PER_CPU(unsigned int, cpu_number);

/* The CPU we are running on; only stable with preemption disabled. */
#define smp_processor_id()	this_cpu_read(cpu_number)
#define raw_smp_processor_id()	this_cpu_read(cpu_number)
#define get_cpu()		({ preempt_disable(); smp_processor_id(); })
#define put_cpu()		preempt_enable()

typedef void (*smp_call_func_t)(void *info);

/**
 * smp_call_function_single() - run @func(@info) on @cpu in hardirq context
 * @cpu: target CPU (may be the calling CPU: then it runs directly, irqs off)
 * @func: function to run; must not sleep
 * @info: its argument
 * @wait: if true, return only after @func has finished
 *
 * Must not be called with interrupts disabled when @wait is true (two CPUs
 * waiting on each other would deadlock).  Returns 0 or -ENXIO if @cpu is
 * offline.
 */
int smp_call_function_single(int cpu, smp_call_func_t func, void *info, bool wait);
/** smp_call_function() - run @func(@info) on every other online CPU */
void smp_call_function(smp_call_func_t func, void *info, bool wait);
/** on_each_cpu() - run @func(@info) on every online CPU, this one included */
void on_each_cpu(smp_call_func_t func, void *info, bool wait);

/** smp_send_reschedule() - IPI @cpu so that it runs the scheduler */
void smp_send_reschedule(int cpu);
/** smp_send_nmi() - send an NMI to @cpu; its NMI handlers run there */
void smp_send_nmi(int cpu);

#endif /* _LINUX_SMP_H */
