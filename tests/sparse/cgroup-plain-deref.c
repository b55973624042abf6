/* A task's RCU-protected css_set read with plain loads. */
#include <linux/rcupdate.h>

struct cgroup;

struct css_set {
	int refcount;
	struct cgroup *dfl_cgrp;
};

struct task {
	struct css_set __rcu *cgroups;
};

static struct cgroup *task_cgroup(struct task *t)
{
	return t->cgroups->dfl_cgrp;
}

static struct css_set *task_cset(struct task *t)
{
	struct css_set *cset = t->cgroups;

	return cset;
}

/*
 * check-name: cgroup-plain-deref
 * check-exit-value: 1
 *
 * check-error-start
cgroup-plain-deref.c:22:33: error: incorrect type in initializer (different address spaces)
cgroup-plain-deref.c:22:33:    expected struct css_set *cset
cgroup-plain-deref.c:22:33:    got struct css_set [noderef] __rcu *cgroups
cgroup-plain-deref.c:17:17: error: dereference of noderef expression
 * check-error-end
 */
