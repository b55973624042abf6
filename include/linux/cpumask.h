/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_CPUMASK_H
#define _LINUX_CPUMASK_H

#include <linux/types.h>
#include <linux/percpu.h>
#include <asm/bitops.h>

/* A set of CPUs: bit n set means CPU n. */
struct cpumask {
	DECLARE_BITMAP(bits, NR_CPUS);
};
typedef struct cpumask cpumask_t;

extern struct cpumask __cpu_possible_mask, __cpu_online_mask, __cpu_active_mask;
#define cpu_possible_mask	((const struct cpumask *)&__cpu_possible_mask)
#define cpu_online_mask		((const struct cpumask *)&__cpu_online_mask)
/* Online CPUs the scheduler may place tasks on (see kernel/cpu.c). */
#define cpu_active_mask		((const struct cpumask *)&__cpu_active_mask)
extern unsigned int nr_cpu_ids;

static inline void cpumask_set_cpu(unsigned int cpu, struct cpumask *m)
{
	set_bit(cpu, m->bits);
}

static inline void cpumask_clear_cpu(unsigned int cpu, struct cpumask *m)
{
	clear_bit(cpu, m->bits);
}

static inline bool cpumask_test_cpu(unsigned int cpu, const struct cpumask *m)
{
	return arch_test_bit(cpu, m->bits);
}

static inline void cpumask_clear(struct cpumask *m)
{
	for (unsigned int i = 0; i < BITS_TO_LONGS(NR_CPUS); i++)
		m->bits[i] = 0;
}

static inline unsigned int cpumask_next(int n, const struct cpumask *m)
{
	for (unsigned int cpu = n + 1; cpu < nr_cpu_ids; cpu++)
		if (cpumask_test_cpu(cpu, m))
			return cpu;
	return nr_cpu_ids;
}

static inline unsigned int cpumask_first(const struct cpumask *m)
{
	return cpumask_next(-1, m);
}

static inline unsigned int cpumask_weight(const struct cpumask *m)
{
	unsigned int w = 0;

	for (unsigned int i = 0; i < BITS_TO_LONGS(NR_CPUS); i++)
		for (unsigned long b = m->bits[i]; b; b &= b - 1)
			w++;
	return w;
}

#define for_each_cpu(cpu, mask)						\
	for ((cpu) = cpumask_first(mask); (cpu) < nr_cpu_ids;		\
	     (cpu) = cpumask_next((cpu), (mask)))
#define for_each_possible_cpu(cpu)	for_each_cpu((cpu), cpu_possible_mask)
#define for_each_online_cpu(cpu)	for_each_cpu((cpu), cpu_online_mask)

#define cpu_online(cpu)		cpumask_test_cpu((cpu), cpu_online_mask)
#define cpu_active(cpu)		cpumask_test_cpu((cpu), cpu_active_mask)
#define for_each_active_cpu(cpu)	for_each_cpu((cpu), cpu_active_mask)
#define num_online_cpus()	cpumask_weight(cpu_online_mask)
#define num_possible_cpus()	cpumask_weight(cpu_possible_mask)

#endif /* _LINUX_CPUMASK_H */
