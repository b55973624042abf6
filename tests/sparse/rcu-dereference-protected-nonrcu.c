/* rcu_dereference_protected() of a pointer that is not __rcu. */
#include <linux/rcupdate.h>
#include <linux/spinlock.h>

struct foo {
	int a;
};

static DEFINE_SPINLOCK(foo_lock);
static struct foo *plain;

static struct foo *updater_get(void)
{
	return rcu_dereference_protected(plain, lockdep_is_held(&foo_lock));
}

/*
 * check-name: rcu-dereference-protected-nonrcu
 * check-exit-value: 1
 *
 * check-error-start
rcu-dereference-protected-nonrcu.c:14:16: error: incompatible types in comparison expression (different address spaces):
rcu-dereference-protected-nonrcu.c:14:16:    struct foo [noderef] __rcu *
rcu-dereference-protected-nonrcu.c:14:16:    struct foo *
 * check-error-end
 */
