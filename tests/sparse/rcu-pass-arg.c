/* An __rcu pointer passed where a plain pointer is expected. */
#include <linux/rcupdate.h>

struct foo {
	int a;
};

static struct foo __rcu *gp;

static int use_foo(struct foo *p)
{
	return p->a;
}

static int reader(void)
{
	int a;

	rcu_read_lock();
	a = use_foo(gp);
	rcu_read_unlock();
	return a;
}

/*
 * check-name: rcu-pass-arg
 * check-exit-value: 1
 *
 * check-error-start
rcu-pass-arg.c:20:21: error: incorrect type in argument 1 (different address spaces)
rcu-pass-arg.c:20:21:    expected struct foo *p
rcu-pass-arg.c:20:21:    got struct foo [noderef] __rcu *static [toplevel] gp
 * check-error-end
 */
