/* Registering on a notifier chain with plain stores. */
#include <linux/rcupdate.h>
#include <linux/spinlock.h>

struct notifier_block {
	int (*notifier_call)(struct notifier_block *nb, unsigned long action,
			     void *data);
	struct notifier_block __rcu *next;
	int priority;
};

struct atomic_notifier_head {
	spinlock_t lock;
	struct notifier_block __rcu *head;
};

static void chain_register(struct notifier_block __rcu **nl,
			   struct notifier_block *n)
{
	while (*nl) {
		if (n->priority > (*nl)->priority)
			break;
		nl = &((*nl)->next);
	}
	n->next = *nl;
	*nl = n;
}

/*
 * check-name: notifier-plain-register
 * check-exit-value: 1
 *
 * check-error-start
notifier-plain-register.c:23:20: error: incorrect type in assignment (different address spaces)
notifier-plain-register.c:23:20:    expected struct notifier_block [noderef] __rcu **nl
notifier-plain-register.c:23:20:    got struct notifier_block [noderef] __rcu *[noderef] __rcu *
notifier-plain-register.c:26:13: error: incorrect type in assignment (different address spaces)
notifier-plain-register.c:26:13:    expected struct notifier_block [noderef] __rcu *
notifier-plain-register.c:26:13:    got struct notifier_block *n
notifier-plain-register.c:21:36: error: dereference of noderef expression
 * check-error-end
 */
