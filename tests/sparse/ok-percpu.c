/* Per-CPU data through the per-CPU accessors: silent. */
#include <linux/percpu.h>

struct stats {
	unsigned long hits;
};

static DEFINE_PER_CPU(unsigned long, nr_events);
static DEFINE_PER_CPU(struct stats, cpu_stats);

static unsigned long events(unsigned int cpu)
{
	unsigned long n = this_cpu_read(nr_events);

	this_cpu_inc(nr_events);
	this_cpu_write(nr_events, n + 2);
	__this_cpu_inc(nr_events);
	this_cpu_ptr(&cpu_stats)->hits++;
	per_cpu_ptr(&cpu_stats, cpu)->hits++;
	return n + per_cpu(nr_events, cpu) + per_cpu(cpu_stats, cpu).hits;
}

/*
 * check-name: ok-percpu
 */
