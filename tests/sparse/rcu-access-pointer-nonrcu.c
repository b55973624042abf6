/* rcu_access_pointer() of a pointer that is not __rcu. */
#include <linux/rcupdate.h>

struct foo {
	int a;
};

static struct foo *plain;

static bool have_foo(void)
{
	return rcu_access_pointer(plain) != NULL;
}

/*
 * check-name: rcu-access-pointer-nonrcu
 * check-exit-value: 1
 *
 * check-error-start
rcu-access-pointer-nonrcu.c:12:16: error: incompatible types in comparison expression (different address spaces):
rcu-access-pointer-nonrcu.c:12:16:    struct foo [noderef] __rcu *
rcu-access-pointer-nonrcu.c:12:16:    struct foo *
 * check-error-end
 */
