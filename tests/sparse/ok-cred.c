/* Credentials read and committed through the RCU accessors: silent. */
#include <linux/rcupdate.h>

struct cred {
	int usage;
	unsigned int uid;
};

struct task {
	const struct cred __rcu *real_cred;
	const struct cred __rcu *cred;
};

static unsigned int task_uid(struct task *t)
{
	unsigned int uid;

	rcu_read_lock();
	uid = rcu_dereference(t->cred)->uid;
	rcu_read_unlock();
	return uid;
}

static void commit(struct task *t, const struct cred *new)
{
	rcu_assign_pointer(t->real_cred, new);
	rcu_assign_pointer(t->cred, new);
}

static const struct cred *own_cred(struct task *t)
{
	return rcu_dereference_protected(t->cred, 1);
}

/*
 * check-name: ok-cred
 */
