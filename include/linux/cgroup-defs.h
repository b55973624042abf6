/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_CGROUP_DEFS_H
#define _LINUX_CGROUP_DEFS_H

/*
 * Control-group data structures (kernel/cgroup/); the API is in
 * <linux/cgroup.h>.
 */

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/atomic.h>
#include <linux/list.h>
#include <linux/rcupdate.h>

struct cgroup;
struct cgroup_subsys;

/* The controllers, in the order of css_set::subsys[]. */
enum cgroup_subsys_id {
	pids_cgrp_id,
	cpuacct_cgrp_id,
	CGROUP_SUBSYS_COUNT,
};

/* cgroup_subsys_state::flags */
#define CSS_ONLINE		0x1	/* created and not yet removed */
#define CSS_DYING		0x2	/* removed: css_tryget_online() fails */
#define CSS_RELEASED		0x4	/* the count reached zero: freed after a grace period */

#define CSS_MAGIC		0xc55c55c5U
#define CSET_MAGIC		0xc5e7c5e7U
#define CGROUP_MAGIC		0xc6c0c6c0U

#define CGROUP_NAME_LEN		32

/**
 * struct cgroup_subsys_state - a controller's state in one cgroup (a "css")
 * @cgroup: the cgroup (holds a reference on it)
 * @ss: the controller; NULL for a cgroup's own @self
 * @parent: the same controller's css in the parent cgroup (holds a
 *	reference on it); NULL at the root
 * @refcnt: references: the cgroup's while it is online, each css_set's,
 *	each child's, and css_get()/css_tryget() holders'
 * @flags: CSS_ONLINE, CSS_DYING, CSS_RELEASED
 * @magic: CSS_MAGIC while alive (freed memory is poisoned)
 * @rcu: frees the css a grace period after the last css_put()
 */
struct cgroup_subsys_state {
	struct cgroup *cgroup;
	struct cgroup_subsys *ss;
	struct cgroup_subsys_state *parent;
	atomic_t refcnt;
	unsigned int flags;
	u32 magic;
	struct rcu_head rcu;
};

/**
 * struct css_set - the controllers' states a set of tasks belongs to
 * @magic: CSET_MAGIC while alive
 * @refcount: one per task whose ->cgroups points here (until the task is
 *	freed) plus transient holders
 * @subsys: the css of each controller
 * @dfl_cgrp: the cgroup its tasks are in
 * @hlist: link in the css_set hash table (css_set_lock)
 * @cgrp_link: link in @dfl_cgrp's list of css_sets (css_set_lock)
 * @tasks: live tasks using it, linked by task_struct::cg_list
 *	(css_set_lock); exited tasks are unlinked but keep the reference
 * @nr_tasks: length of @tasks
 * @rcu: frees it a grace period after the last put_css_set()
 *
 * Tasks with the same membership share one css_set; task->cgroups is
 * RCU-protected, so a reader may still look at a css_set whose last
 * task has moved away.
 */
struct css_set {
	u32 magic;
	atomic_t refcount;
	struct cgroup_subsys_state *subsys[CGROUP_SUBSYS_COUNT];
	struct cgroup *dfl_cgrp;
	struct hlist_node hlist;
	struct list_head cgrp_link;
	struct list_head tasks;
	int nr_tasks;
	struct rcu_head rcu;
};

/**
 * struct cgroup - a node of the hierarchy
 * @self: the cgroup's own css (its reference count is the cgroup's)
 * @magic: CGROUP_MAGIC while alive
 * @parent: the parent cgroup, NULL at the root; readers walk it under
 *	rcu_read_lock(); a child holds a reference on its parent, so the
 *	parent outlives it
 * @subsys: each controller's css in this cgroup
 * @sibling: link in the parent's @children (cgroup_mutex)
 * @children: the child cgroups (cgroup_mutex)
 * @cset_links: css_sets whose dfl_cgrp is this cgroup (css_set_lock)
 * @nr_tasks: live tasks in this cgroup itself (css_set_lock)
 * @level: depth, 0 at the root
 * @name: the last path component ("" at the root)
 */
struct cgroup {
	struct cgroup_subsys_state self;
	u32 magic;
	struct cgroup __rcu *parent;
	struct cgroup_subsys_state *subsys[CGROUP_SUBSYS_COUNT];
	struct list_head sibling;
	struct list_head children;
	struct list_head cset_links;
	int nr_tasks;
	int level;
	char name[CGROUP_NAME_LEN];
};

/**
 * struct cgroup_subsys - a controller
 * @name: as in "cgroup ls" and "cgroup set" keys ("pids")
 * @id: its index in css_set::subsys[]
 * @css_alloc: a new css for a new cgroup whose parent has @parent_css
 *	(NULL for the root); return an ERR_PTR() on failure
 * @css_free: free a css (from an RCU callback, after a grace period)
 * @can_attach: may a task move from @from's cgroup to @to's?  Charges
 *	what @attach then completes (css_set_lock held); only the last
 *	controller may have one, as nothing undoes it
 * @attach: a task moved from @from to @to (css_set_lock held)
 * @show: print the figures of @css ("cgroup ls")
 * @write: set @key to @val; return -ENOENT for a key it does not have
 */
struct cgroup_subsys {
	const char *name;
	int id;
	struct cgroup_subsys_state *(*css_alloc)(struct cgroup_subsys_state *parent_css);
	void (*css_free)(struct cgroup_subsys_state *css);
	int (*can_attach)(struct cgroup_subsys_state *from, struct cgroup_subsys_state *to);
	void (*attach)(struct cgroup_subsys_state *from, struct cgroup_subsys_state *to);
	void (*show)(struct cgroup_subsys_state *css);
	int (*write)(struct cgroup_subsys_state *css, const char *key, const char *val);
};

#endif /* _LINUX_CGROUP_DEFS_H */
