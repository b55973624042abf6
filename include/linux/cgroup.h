/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_CGROUP_H
#define _LINUX_CGROUP_H

/*
 * Control groups (kernel/cgroup/): one hierarchy, as in cgroup v2, with
 * two controllers: "pids" (a limit on the number of tasks: creating a
 * task in a full cgroup fails with -EAGAIN) and "cpuacct" (run time
 * charged by the scheduler, summed up the hierarchy).
 *
 * Locking.  cgroup_mutex serializes changes to the hierarchy (mkdir,
 * rmdir, attach, limits).  css_set_lock (a spinlock, irqs saved)
 * protects the css_set hash, each css_set's task list and every task's
 * ->cgroups pointer, which task creation and exit change without the
 * mutex.  Readers need neither: under rcu_read_lock() they load
 * task->cgroups with task_css_set() or task_css() and may walk
 * cgroup_parent() up to the root; css_sets, css and cgroups are freed a
 * grace period after their last reference is dropped.  A reader that
 * needs the state after rcu_read_unlock() takes a reference with
 * css_tryget() or css_tryget_online().
 */

#include <linux/cgroup-defs.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/err.h>

#ifdef CONFIG_CGROUPS

extern spinlock_t css_set_lock;
extern struct mutex cgroup_mutex;
extern struct css_set init_css_set;
extern struct cgroup cgrp_dfl_root;
extern struct cgroup_subsys pids_cgrp_subsys;
extern struct cgroup_subsys cpuacct_cgrp_subsys;

/**
 * task_css_set_check() - a task's css_set, with an extra lockdep condition
 * @task: the task
 * @__c: what else makes the load safe
 *
 * Legal under rcu_read_lock(), with css_set_lock or cgroup_mutex held, or
 * when @__c is true.  The result is valid until the reader ends or the
 * lock is dropped.  NULL for the idle tasks, which are in no cgroup.
 */
#define task_css_set_check(task, __c)					\
	rcu_dereference_check((task)->cgroups,				\
			      lockdep_is_held(&css_set_lock) ||		\
			      lockdep_is_held(&cgroup_mutex) || (__c))

/**
 * task_css_check() - a task's css of one controller, with a lockdep condition
 * @task: the task (not an idle task)
 * @subsys_id: pids_cgrp_id, cpuacct_cgrp_id
 * @__c: as for task_css_set_check()
 */
#define task_css_check(task, subsys_id, __c)				\
	(task_css_set_check((task), (__c))->subsys[(subsys_id)])

/** task_css_set() - a task's css_set; see task_css_set_check() */
static inline struct css_set *task_css_set(struct task_struct *task)
{
	return task_css_set_check(task, false);
}

/** task_css() - a task's css of controller @subsys_id; see task_css_check() */
static inline struct cgroup_subsys_state *task_css(struct task_struct *task,
						   int subsys_id)
{
	return task_css_check(task, subsys_id, false);
}

/** task_dfl_cgroup() - the cgroup a task is in (same rules as task_css_set()) */
static inline struct cgroup *task_dfl_cgroup(struct task_struct *task)
{
	return task_css_set(task)->dfl_cgrp;
}

/**
 * cgroup_parent() - a cgroup's parent, NULL for the root
 * @cgrp: the cgroup
 *
 * Under rcu_read_lock() or cgroup_mutex; a cgroup's parent outlives it.
 */
static inline struct cgroup *cgroup_parent(struct cgroup *cgrp)
{
	return rcu_dereference_check(cgrp->parent, lockdep_is_held(&cgroup_mutex));
}

void css_release(struct cgroup_subsys_state *css);

/**
 * css_get() - take a reference on a css the caller already holds one on
 * @css: the css
 */
static inline void css_get(struct cgroup_subsys_state *css)
{
	atomic_inc(&css->refcnt);
}

/**
 * css_put() - drop a reference; the last one frees @css after a grace period
 * @css: the css
 */
static inline void css_put(struct cgroup_subsys_state *css)
{
	if (atomic_dec_and_test(&css->refcnt))
		css_release(css);
}

/**
 * css_tryget() - take a reference unless the css is already being freed
 * @css: a css found under rcu_read_lock()
 *
 * Fails once the count has reached zero: the css is dying, its memory
 * stays valid only until the reader ends.
 *
 * Return: true if a reference was taken.
 */
static inline bool css_tryget(struct cgroup_subsys_state *css)
{
	return atomic_inc_not_zero(&css->refcnt);
}

bool css_tryget_online(struct cgroup_subsys_state *css);

/** css_is_dying() - has @css's cgroup been removed? */
static inline bool css_is_dying(struct cgroup_subsys_state *css)
{
	return READ_ONCE(css->flags) & CSS_DYING;
}

/** cgroup_get() / cgroup_put() - references on a cgroup (its @self css) */
static inline void cgroup_get(struct cgroup *cgrp)
{
	css_get(&cgrp->self);
}

static inline void cgroup_put(struct cgroup *cgrp)
{
	css_put(&cgrp->self);
}

struct cgroup *cgroup_mkdir(struct cgroup *parent, const char *name);
int cgroup_rmdir(struct cgroup *cgrp);
int cgroup_attach_task(struct cgroup *dst, struct task_struct *task);
struct cgroup *cgroup_lookup(const char *path);
int cgroup_path(struct cgroup *cgrp, char *buf, size_t len);
struct cgroup *task_get_cgroup(struct task_struct *task);

/* Task life: kernel/sched/kthread.c. */
int cgroup_fork(struct task_struct *p);
void cgroup_exit(struct task_struct *p);
void cgroup_free(struct task_struct *p);

/* The pids controller. */
s64 pids_current(struct cgroup *cgrp);
s64 pids_max(struct cgroup *cgrp);
int pids_set_max(struct cgroup *cgrp, s64 max);
#define PIDS_MAX		S64_MAX		/* "max": no limit */
bool pids_try_charge(struct cgroup_subsys_state *css, int num);
void pids_uncharge(struct cgroup_subsys_state *css, int num);

/* The cpuacct controller. */
u64 cpuacct_usage(struct cgroup *cgrp);
void cpuacct_charge(struct task_struct *tsk, u64 delta_ns);

/* Statistics for the tests: objects freed after their grace period. */
extern atomic_long_t cgroup_csets_freed;
extern atomic_long_t cgroup_css_freed;

/*
 * The scheduler's hooks, with the run queue locked and interrupts
 * disabled: charge the outgoing (or, at a tick, the running) task's run
 * time since it was last charged.
 */
static inline void cgroup_account_switch(struct task_struct *prev,
					 struct task_struct *next)
{
	u64 now = local_clock();

	if (!is_idle_task(prev))
		cpuacct_charge(prev, now - prev->cgroup_exec_start);
	next->cgroup_exec_start = now;
}

static inline void cgroup_account_tick(struct task_struct *curr)
{
	if (!is_idle_task(curr)) {
		u64 now = local_clock();

		cpuacct_charge(curr, now - curr->cgroup_exec_start);
		curr->cgroup_exec_start = now;
	}
}

#else /* !CONFIG_CGROUPS */

static inline int cgroup_fork(struct task_struct *p) { return 0; }
static inline void cgroup_exit(struct task_struct *p) { }
static inline void cgroup_free(struct task_struct *p) { }
static inline void cgroup_account_switch(struct task_struct *prev,
					 struct task_struct *next) { }
static inline void cgroup_account_tick(struct task_struct *curr) { }

#endif /* CONFIG_CGROUPS */

#endif /* _LINUX_CGROUP_H */
