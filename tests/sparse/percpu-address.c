/* The address of a per-CPU variable taken as a plain pointer. */
#include <linux/percpu.h>

struct stats {
	unsigned long hits;
};

static DEFINE_PER_CPU(struct stats, cpu_stats);

static struct stats *my_stats(void)
{
	return &cpu_stats;
}

static void add_hit(void)
{
	struct stats *s = &cpu_stats;

	s->hits++;
}

/*
 * check-name: percpu-address
 * check-exit-value: 1
 *
 * check-error-start
percpu-address.c:12:17: error: incorrect type in return expression (different address spaces)
percpu-address.c:12:17:    expected struct stats *
percpu-address.c:12:17:    got struct stats [noderef] __percpu *
percpu-address.c:17:28: error: incorrect type in initializer (different address spaces)
percpu-address.c:17:28:    expected struct stats *s
percpu-address.c:17:28:    got struct stats [noderef] __percpu *
 * check-error-end
 */
