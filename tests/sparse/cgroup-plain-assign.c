/* A task moved to another css_set with a plain store, not rcu_assign_pointer(). */
#include <linux/rcupdate.h>

struct css_set {
	int refcount;
};

struct task {
	struct css_set __rcu *cgroups;
};

static void task_move(struct task *t, struct css_set *new)
{
	t->cgroups = new;
}

/*
 * check-name: cgroup-plain-assign
 * check-exit-value: 1
 *
 * check-error-start
cgroup-plain-assign.c:14:20: error: incorrect type in assignment (different address spaces)
cgroup-plain-assign.c:14:20:    expected struct css_set [noderef] __rcu *cgroups
cgroup-plain-assign.c:14:20:    got struct css_set *new
 * check-error-end
 */
