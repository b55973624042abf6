/* RCU_INIT_POINTER() of a pointer that is not __rcu. */
#include <linux/rcupdate.h>

struct foo {
	int a;
};

static struct foo *plain;

static void reset(void)
{
	RCU_INIT_POINTER(plain, NULL);
}

/*
 * check-name: rcu-init-pointer-nonrcu
 * check-exit-value: 1
 *
 * check-error-start
rcu-init-pointer-nonrcu.c:12:9: error: incompatible types in comparison expression (different address spaces):
rcu-init-pointer-nonrcu.c:12:9:    struct foo [noderef] __rcu *
rcu-init-pointer-nonrcu.c:12:9:    struct foo *
rcu-init-pointer-nonrcu.c:12:9: error: incorrect type in assignment (different address spaces)
rcu-init-pointer-nonrcu.c:12:9:    expected struct foo *volatile
rcu-init-pointer-nonrcu.c:12:9:    got void [noderef] __rcu *
 * check-error-end
 */
