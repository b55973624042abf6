/* An __rcu pointer compared with a plain one: use rcu_access_pointer(). */
#include <linux/rcupdate.h>

struct foo {
	int a;
};

static struct foo __rcu *gp;

static bool is_current(struct foo *p)
{
	if (gp == p)
		return true;
	return false;
}

/*
 * check-name: rcu-compare-plain
 * check-exit-value: 1
 *
 * check-error-start
rcu-compare-plain.c:12:16: error: incompatible types in comparison expression (different address spaces):
rcu-compare-plain.c:12:16:    struct foo [noderef] __rcu *
rcu-compare-plain.c:12:16:    struct foo *
 * check-error-end
 */
