/* A per-CPU variable touched directly, without the per-CPU accessors. */
#include <linux/percpu.h>

static DEFINE_PER_CPU(unsigned long, nr_events);

static unsigned long read_events(void)
{
	return nr_events;
}

static void count_event(void)
{
	nr_events++;
}

/*
 * check-name: percpu-direct
 * check-exit-value: 1
 *
 * check-error-start
percpu-direct.c:8:16: error: dereference of noderef expression
percpu-direct.c:13:9: error: dereference of noderef expression
 * check-error-end
 */
