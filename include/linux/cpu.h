/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_CPU_H
#define _LINUX_CPU_H

#include <linux/types.h>
#include <linux/cpumask.h>
#include <linux/cpuhotplug.h>

/**
 * remove_cpu() - take a CPU offline
 * @cpu: the CPU; not CPU 0, not the last online CPU
 *
 * Runs the hotplug teardown callbacks from CPUHP_ONLINE down to
 * CPUHP_OFFLINE (kernel/cpu.c): the CPU's tasks, timers and RCU
 * callbacks move to other CPUs and it halts with interrupts disabled.
 * Sleeps.  Return: 0, -EINVAL for a CPU that does not exist or is
 * offline, -EBUSY for CPU 0 or the last online CPU.
 */
int remove_cpu(unsigned int cpu);

/**
 * add_cpu() - bring an offline CPU back online
 * @cpu: a CPU taken offline with remove_cpu()
 *
 * Sleeps.  Return: 0, or -EINVAL for a CPU that does not exist, is
 * online or never started, -EIO if it did not answer.
 */
int add_cpu(unsigned int cpu);

/**
 * cpus_read_lock() - keep every CPU online or offline as it is
 *
 * A sleeping reader lock against remove_cpu() and add_cpu().  Not from
 * hotplug callbacks (the hotplug operation holds the lock for writing).
 */
void cpus_read_lock(void);
/** cpus_read_unlock() - release cpus_read_lock() */
void cpus_read_unlock(void);

/** cpuhp_get_state() - the hotplug state @cpu is in now (racy) */
enum cpuhp_state cpuhp_get_state(unsigned int cpu);
/** cpuhp_offline_count() - times @cpu went offline since boot */
unsigned long cpuhp_offline_count(unsigned int cpu);
/** cpuhp_online_count() - times @cpu came back online since boot */
unsigned long cpuhp_online_count(unsigned int cpu);

/* Architecture and scheduler hooks (kernel/arch/smp.c, kernel/sched/core.c). */
bool cpuhp_cpu_should_die(void);
void cpuhp_ap_die(void);
void cpuhp_ap_starting(unsigned int cpu);
int arch_cpu_wake(unsigned int cpu);
bool arch_cpu_can_wake(unsigned int cpu);
void arch_cpu_park(unsigned int cpu);
void set_cpu_online(unsigned int cpu, bool online);
void set_cpu_active(unsigned int cpu, bool active);

/* The fixed states' callbacks (kernel/cpu.c's table). */
int sched_cpu_starting(unsigned int cpu);
int sched_cpu_dying(unsigned int cpu);
int sched_cpu_activate(unsigned int cpu);
int sched_cpu_deactivate(unsigned int cpu);
void sched_cpu_kick_dying(unsigned int cpu);
int smpcfd_starting_cpu(unsigned int cpu);
int smpcfd_dying_cpu(unsigned int cpu);
int tick_starting_cpu(unsigned int cpu);
int tick_dying_cpu(unsigned int cpu);

#endif /* _LINUX_CPU_H */
