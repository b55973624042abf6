/* A notifier chain walked and updated through the RCU accessors: silent. */
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
	struct notifier_block *nb, *next;
	int ret = 0;

	rcu_read_lock();
	nb = rcu_dereference(nh->head);
	while (nb) {
		next = rcu_dereference(nb->next);
		ret = nb->notifier_call(nb, val, NULL);
		nb = next;
	}
	rcu_read_unlock();
	return ret;
}

static void chain_register(struct atomic_notifier_head *nh,
			   struct notifier_block *n)
{
	struct notifier_block __rcu **nl;
	struct notifier_block *cur;

	spin_lock(&nh->lock);
	nl = &nh->head;
	while ((cur = rcu_dereference_protected(*nl, lockdep_is_held(&nh->lock)))) {
		if (n->priority > cur->priority)
			break;
		nl = &cur->next;
	}
	RCU_INIT_POINTER(n->next, cur);
	rcu_assign_pointer(*nl, n);
	spin_unlock(&nh->lock);
}

static bool chain_empty(struct atomic_notifier_head *nh)
{
	return !rcu_access_pointer(nh->head);
}

/*
 * check-name: ok-notifier
 */
