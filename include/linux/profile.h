/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_PROFILE_H
#define _LINUX_PROFILE_H

#include <linux/compiler.h>
#include <linux/types.h>

/*
 * The sampling profiler (kernel/trace/profile.c): every local APIC timer
 * tick (HZ per second on each CPU whose tick runs) records the
 * instruction pointer it interrupted, on the CPUs selected, until
 * profile_stop().  The samples are then attributed to functions with the
 * kernel's symbol table.
 */

struct cpumask;
struct pt_regs;

/**
 * struct profile_hit - one function's share of the samples
 * @addr: the function's start (or the sampled address if unknown)
 * @count: samples in it
 */
struct profile_hit {
	unsigned long addr;
	unsigned int count;
};

#ifdef CONFIG_PROFILING
extern bool profile_active;

void __profile_tick(struct pt_regs *regs);

/* profile_tick() - from the tick interrupt: sample @regs if profiling. */
static __always_inline void profile_tick(struct pt_regs *regs)
{
	if (unlikely(READ_ONCE(profile_active)))
		__profile_tick(regs);
}

int profile_start(const struct cpumask *cpus, unsigned int seconds);
void profile_stop(void);
unsigned int profile_samples(int cpu);
unsigned int profile_top(int cpu, struct profile_hit *hits, unsigned int max,
			 unsigned int *total);
void profile_free(void);
#else
static inline void profile_tick(struct pt_regs *regs) { }
#endif

#endif /* _LINUX_PROFILE_H */
