/* A plain dereference of an __rcu pointer, without rcu_dereference(). */
#include <linux/rcupdate.h>

struct foo {
	int a;
};

static struct foo __rcu *gp;

static int read_a(void)
{
	return gp->a;
}

/*
 * check-name: rcu-deref-plain
 * check-exit-value: 1
 *
 * check-error-start
rcu-deref-plain.c:12:16: error: dereference of noderef expression
 * check-error-end
 */
