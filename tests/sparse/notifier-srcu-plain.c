/*
 * An SRCU notifier chain whose head is loaded and stored plainly: the
 * walk inside the SRCU reader and the registration under the mutex.
 */
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/srcu.h>

struct notifier_block {
	int (*notifier_call)(struct notifier_block *nb, unsigned long action,
			     void *data);
	struct notifier_block __rcu *next;
	int priority;
};

struct srcu_notifier_head {
	struct mutex mutex;
	struct srcu_struct srcu;
	struct notifier_block __rcu *head;
};

static int call_chain(struct srcu_notifier_head *nh, unsigned long val)
{
	struct notifier_block *nb;
	int idx, ret = 0;

	idx = srcu_read_lock(&nh->srcu);
	nb = nh->head;
	while (nb) {
		ret = nb->notifier_call(nb, val, NULL);
		nb = srcu_dereference(nb->next, &nh->srcu);
	}
	srcu_read_unlock(&nh->srcu, idx);
	return ret;
}

static void chain_register_first(struct srcu_notifier_head *nh,
				 struct notifier_block *n)
{
	mutex_lock(&nh->mutex);
	RCU_INIT_POINTER(n->next, rcu_dereference_protected(nh->head,
				lockdep_is_held(&nh->mutex)));
	nh->head = n;
	mutex_unlock(&nh->mutex);
}

/*
 * check-name: notifier-srcu-plain
 * check-exit-value: 1
 *
 * check-error-start
notifier-srcu-plain.c:28:12: error: incorrect type in assignment (different address spaces)
notifier-srcu-plain.c:28:12:    expected struct notifier_block *nb
notifier-srcu-plain.c:28:12:    got struct notifier_block [noderef] __rcu *head
notifier-srcu-plain.c:43:18: error: incorrect type in assignment (different address spaces)
notifier-srcu-plain.c:43:18:    expected struct notifier_block [noderef] __rcu *head
notifier-srcu-plain.c:43:18:    got struct notifier_block *n
 * check-error-end
 */
