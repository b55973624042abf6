/* rcu_assign_pointer() on a pointer that is not __rcu. */
#include <linux/rcupdate.h>

struct foo {
	int a;
};

static struct foo *plain;

static void publish(struct foo *p)
{
	rcu_assign_pointer(plain, p);
}

/*
 * check-name: rcu-assign-pointer-nonrcu
 * check-exit-value: 1
 *
 * check-error-start
rcu-assign-pointer-nonrcu.c:12:9: error: incompatible types in comparison expression (different address spaces):
rcu-assign-pointer-nonrcu.c:12:9:    struct foo [noderef] __rcu *
rcu-assign-pointer-nonrcu.c:12:9:    struct foo *
rcu-assign-pointer-nonrcu.c:12:9: error: incorrect type in assignment (different address spaces)
rcu-assign-pointer-nonrcu.c:12:9:    expected struct foo *volatile
rcu-assign-pointer-nonrcu.c:12:9:    got struct foo [noderef] __rcu *
 * check-error-end
 */
