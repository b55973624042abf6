// SPDX-License-Identifier: GPL-2.0
/*
 * Per-CPU areas.  The boot CPU runs on a copy made as early as possible,
 * before anything writes per-CPU data, so the .data..percpu section stays
 * a pristine template for the CPUs started later.
 */
#include <linux/kernel.h>
#include <linux/percpu.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <asm/bootinfo.h>
#include <asm/processor.h>

extern char __per_cpu_start[], __per_cpu_end[];

unsigned long __per_cpu_offset[NR_CPUS];
DEFINE_PER_CPU(unsigned long, this_cpu_off);
DEFINE_PER_CPU(unsigned int, cpu_number);

static void *percpu_area_alloc(void)
{
	size_t size = __per_cpu_end - __per_cpu_start;
	void *area = early_alloc(size);

	memcpy(area, __per_cpu_start, size);
	return area;
}

/* Point GS at @cpu's area and record the offset where %gs can find it. */
void percpu_load_gs(unsigned int cpu)
{
	wrmsr(MSR_GS_BASE, __per_cpu_offset[cpu]);
	this_cpu_write(this_cpu_off, __per_cpu_offset[cpu]);
	this_cpu_write(cpu_number, cpu);
}

void __init percpu_init_boot_cpu(void)
{
	__per_cpu_offset[0] = (unsigned long)percpu_area_alloc() -
			      (unsigned long)__per_cpu_start;
	percpu_load_gs(0);
}

/*
 * Areas for the other CPUs the firmware lists; called once their number
 * is known.  CPUs up to NR_CPUS that do not exist get none.
 */
void __init setup_per_cpu_areas(unsigned int nr_cpus)
{
	unsigned int n = min_t(unsigned int, nr_cpus, NR_CPUS);

	for (unsigned int cpu = 1; cpu < n; cpu++)
		__per_cpu_offset[cpu] = (unsigned long)percpu_area_alloc() -
					(unsigned long)__per_cpu_start;
	pr_info("percpu: %u areas of %zu bytes (NR_CPUS=%d)\n", n,
		(size_t)(__per_cpu_end - __per_cpu_start), NR_CPUS);
}
