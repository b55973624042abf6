/*
 * A notifier chain walked with plain loads.  A minimal notifier_block is
 * declared here: <linux/notifier.h> is not assumed.
 */
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

static int call_chain(struct atomic_notifier_head *nh, unsigned long val)
{
	struct notifier_block *nb;
	int ret = 0;

	rcu_read_lock();
	nb = nh->head;
	while (nb) {
		ret = nb->notifier_call(nb, val, NULL);
		nb = nb->next;
	}
	rcu_read_unlock();
	return ret;
}

/*
 * check-name: notifier-plain-walk
 * check-exit-value: 1
 *
 * check-error-start
notifier-plain-walk.c:26:12: error: incorrect type in assignment (different address spaces)
notifier-plain-walk.c:26:12:    expected struct notifier_block *nb
notifier-plain-walk.c:26:12:    got struct notifier_block [noderef] __rcu *head
notifier-plain-walk.c:29:20: error: incorrect type in assignment (different address spaces)
notifier-plain-walk.c:29:20:    expected struct notifier_block *nb
notifier-plain-walk.c:29:20:    got struct notifier_block [noderef] __rcu *next
 * check-error-end
 */
