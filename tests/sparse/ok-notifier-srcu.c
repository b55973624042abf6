/*
 * An SRCU notifier chain walked inside its SRCU reader with
 * srcu_dereference() and updated under its mutex through the RCU
 * accessors: silent.
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
	struct notifier_block *nb, *next;
	int idx, ret = 0;

	idx = srcu_read_lock(&nh->srcu);
	nb = srcu_dereference(nh->head, &nh->srcu);
	while (nb) {
		next = srcu_dereference(nb->next, &nh->srcu);
		ret = nb->notifier_call(nb, val, NULL);
		nb = next;
	}
	srcu_read_unlock(&nh->srcu, idx);
	return ret;
}

static void chain_register(struct srcu_notifier_head *nh,
			   struct notifier_block *n)
{
	struct notifier_block __rcu **nl;
	struct notifier_block *cur;

	mutex_lock(&nh->mutex);
	nl = &nh->head;
	while ((cur = rcu_dereference_protected(*nl, lockdep_is_held(&nh->mutex)))) {
		if (n->priority > cur->priority)
			break;
		nl = &cur->next;
	}
	RCU_INIT_POINTER(n->next, cur);
	rcu_assign_pointer(*nl, n);
	mutex_unlock(&nh->mutex);
}

static bool chain_empty(struct srcu_notifier_head *nh)
{
	return !rcu_access_pointer(nh->head);
}

/*
 * check-name: ok-notifier-srcu
 */
