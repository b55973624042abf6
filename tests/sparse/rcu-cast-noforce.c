/* A cast that strips __rcu without __force: only the accessors may. */
#include <linux/rcupdate.h>

struct foo {
	int a;
};

static struct foo __rcu *gp;

static int read_a(void)
{
	struct foo *p = (struct foo *)gp;

	return p->a;
}

static unsigned long as_number(void)
{
	return (unsigned long)(void *)gp;
}

/*
 * check-name: rcu-cast-noforce
 * check-exit-value: 1
 *
 * check-error-start
rcu-cast-noforce.c:12:26: error: cast removes address space '__rcu' of expression
rcu-cast-noforce.c:19:32: error: cast removes address space '__rcu' of expression
 * check-error-end
 */
