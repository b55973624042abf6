/* An __rcu pointer returned as a plain pointer. */
#include <linux/rcupdate.h>

struct foo {
	int a;
};

static struct foo __rcu *gp;

static struct foo *get_foo(void)
{
	return gp;
}

/*
 * check-name: rcu-return-plain
 * check-exit-value: 1
 *
 * check-error-start
rcu-return-plain.c:12:16: error: incorrect type in return expression (different address spaces)
rcu-return-plain.c:12:16:    expected struct foo *
rcu-return-plain.c:12:16:    got struct foo [noderef] __rcu *static [toplevel] gp
 * check-error-end
 */
