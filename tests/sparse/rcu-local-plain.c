/* An __rcu member loaded into a plain local pointer. */
#include <linux/rcupdate.h>

struct foo {
	int a;
};

struct holder {
	struct foo __rcu *ptr;
};

static int reader(struct holder *h)
{
	struct foo *p;
	int a = 0;

	rcu_read_lock();
	p = h->ptr;
	if (p)
		a = p->a;
	rcu_read_unlock();
	return a;
}

/*
 * check-name: rcu-local-plain
 * check-exit-value: 1
 *
 * check-error-start
rcu-local-plain.c:18:11: error: incorrect type in assignment (different address spaces)
rcu-local-plain.c:18:11:    expected struct foo *p
rcu-local-plain.c:18:11:    got struct foo [noderef] __rcu *ptr
 * check-error-end
 */
