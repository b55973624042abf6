/* rcu_dereference() of a per-CPU pointer: the address spaces differ. */
#include <linux/rcupdate.h>
#include <linux/percpu.h>

struct foo {
	int a;
};

static struct foo __percpu *pcpu_foo;

static struct foo *get(void)
{
	return rcu_dereference(pcpu_foo);
}

/*
 * check-name: percpu-rcu-mixup
 * check-exit-value: 1
 *
 * check-error-start
percpu-rcu-mixup.c:13:16: error: cast between address spaces (__percpu -> __rcu)
percpu-rcu-mixup.c:13:16: error: incompatible types in comparison expression (different address spaces):
percpu-rcu-mixup.c:13:16:    struct foo [noderef] __rcu *
percpu-rcu-mixup.c:13:16:    struct foo [noderef] __percpu *
 * check-error-end
 */
