/* A plain store into an __rcu pointer: readers could see the object unordered. */
#include <linux/rcupdate.h>

struct foo {
	int a;
};

static struct foo __rcu *gp;

static void publish(struct foo *p)
{
	p->a = 1;
	gp = p;
}

/*
 * check-name: rcu-assign-plain
 * check-exit-value: 1
 *
 * check-error-start
rcu-assign-plain.c:13:12: error: incorrect type in assignment (different address spaces)
rcu-assign-plain.c:13:12:    expected struct foo [noderef] __rcu *static [toplevel] gp
rcu-assign-plain.c:13:12:    got struct foo *p
 * check-error-end
 */
