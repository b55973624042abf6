/* A task's css_set read under RCU or its lock and moved with rcu_assign_pointer(): silent. */
#include <linux/rcupdate.h>
#include <linux/spinlock.h>

struct cgroup;

struct css_set {
	int refcount;
	struct cgroup *dfl_cgrp;
};

struct task {
	struct css_set __rcu *cgroups;
};

static DEFINE_SPINLOCK(cset_lock);

static struct cgroup *task_cgroup(struct task *t)
{
	struct cgroup *cgrp;

	rcu_read_lock();
	cgrp = rcu_dereference_check(t->cgroups, lockdep_is_held(&cset_lock))->dfl_cgrp;
	rcu_read_unlock();
	return cgrp;
}

static void task_move(struct task *t, struct css_set *new)
{
	struct css_set *old;

	spin_lock(&cset_lock);
	old = rcu_dereference_protected(t->cgroups, lockdep_is_held(&cset_lock));
	old->refcount--;
	rcu_assign_pointer(t->cgroups, new);
	spin_unlock(&cset_lock);
}

/*
 * check-name: ok-cgroup
 */
