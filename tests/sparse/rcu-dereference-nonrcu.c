/* rcu_dereference() of a pointer that is not __rcu. */
#include <linux/rcupdate.h>

struct foo {
	int a;
};

static struct foo *plain;

static int reader(void)
{
	struct foo *p;
	int a = 0;

	rcu_read_lock();
	p = rcu_dereference(plain);
	if (p)
		a = p->a;
	rcu_read_unlock();
	return a;
}

/*
 * check-name: rcu-dereference-nonrcu
 * check-exit-value: 1
 *
 * check-error-start
rcu-dereference-nonrcu.c:16:13: error: incompatible types in comparison expression (different address spaces):
rcu-dereference-nonrcu.c:16:13:    struct foo [noderef] __rcu *
rcu-dereference-nonrcu.c:16:13:    struct foo *
 * check-error-end
 */
