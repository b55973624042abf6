// SPDX-License-Identifier: GPL-2.0
/*
 * Control groups: the hierarchy, css_sets and moving tasks
 * (see include/linux/cgroup.h for the locking rules).
 *
 * Lifetimes.  Every object is reference counted and freed from an RCU
 * callback, because readers reach it from task->cgroups without a lock:
 *
 *  - a css_set is referenced by each task pointing at it (from
 *    cgroup_fork() or an attach until the task is freed); the last
 *    put_css_set() unhashes it under css_set_lock and frees it after a
 *    grace period, dropping then its references on its css and cgroup;
 *  - a css (a cgroup's @self or a controller's state) is referenced by
 *    its cgroup while online (the "base" reference rmdir drops), by
 *    css_sets, by its children (css::parent) and by css_get() holders;
 *    it is freed a grace period after the count reaches zero, and only
 *    then drops its parent's reference, so a parent always outlives its
 *    children, whatever a reader still holds;
 *  - a controller's css holds its cgroup (@self), so the cgroup goes
 *    last.
 *
 * rmdir refuses a cgroup with live tasks or children.  Tasks that have
 * exited but are not yet freed keep their css_set, and with it the
 * removed cgroup, alive without counting as members.
 */
#include <linux/kernel.h>
#include <linux/cgroup.h>
#include <linux/hashtable.h>
#include <linux/jhash.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/ctype.h>
#include <linux/errno.h>
#include <linux/init.h>
#include "cgroup-internal.h"

DEFINE_SPINLOCK(css_set_lock);
DEFINE_MUTEX(cgroup_mutex);

atomic_long_t cgroup_csets_freed;
atomic_long_t cgroup_css_freed;

/* css_sets by their css pointers (css_set_lock). */
#define CSS_SET_HASH_BITS	6
static DEFINE_HASHTABLE(css_set_table, CSS_SET_HASH_BITS);

struct cgroup_subsys *cgroup_subsys[CGROUP_SUBSYS_COUNT] = {
	[pids_cgrp_id] = &pids_cgrp_subsys,
	[cpuacct_cgrp_id] = &cpuacct_cgrp_subsys,
};

/* The root cgroup and the css_set of every task created at boot: never freed. */
struct cgroup cgrp_dfl_root = {
	.self = {
		.cgroup = &cgrp_dfl_root,
		.refcnt = ATOMIC_INIT(1),
		.flags = CSS_ONLINE,
		.magic = CSS_MAGIC,
	},
	.magic = CGROUP_MAGIC,
	.subsys = {
		[pids_cgrp_id] = &root_pids.css,
		[cpuacct_cgrp_id] = &root_cpuacct.css,
	},
	.sibling = LIST_HEAD_INIT(cgrp_dfl_root.sibling),
	.children = LIST_HEAD_INIT(cgrp_dfl_root.children),
	.cset_links = { &init_css_set.cgrp_link, &init_css_set.cgrp_link },
};

struct css_set init_css_set = {
	.magic = CSET_MAGIC,
	.refcount = ATOMIC_INIT(1),
	.subsys = {
		[pids_cgrp_id] = &root_pids.css,
		[cpuacct_cgrp_id] = &root_cpuacct.css,
	},
	.dfl_cgrp = &cgrp_dfl_root,
	.cgrp_link = { &cgrp_dfl_root.cset_links, &cgrp_dfl_root.cset_links },
	.tasks = LIST_HEAD_INIT(init_css_set.tasks),
};

static u32 css_set_hash(struct cgroup_subsys_state **subsys)
{
	return jhash(subsys, sizeof(subsys[0]) * CGROUP_SUBSYS_COUNT, 0);
}

static int __init cgroup_init(void)
{
	unsigned long flags;

	spin_lock_irqsave(&css_set_lock, flags);
	hash_add(css_set_table, &init_css_set.hlist, css_set_hash(init_css_set.subsys));
	spin_unlock_irqrestore(&css_set_lock, flags);
	return 0;
}
core_initcall(cgroup_init);

/* ---- css ---- */

static void css_free_rcu(struct rcu_head *head)
{
	struct cgroup_subsys_state *css = container_of(head, struct cgroup_subsys_state, rcu);
	struct cgroup_subsys_state *parent = css->parent;
	struct cgroup *cgrp = css->cgroup;

	if (WARN_ON(css->magic != CSS_MAGIC || atomic_read(&css->refcnt)))
		return;		/* corrupt or revived: leak rather than free twice */
	css->magic = 0;
	atomic_long_inc(&cgroup_css_freed);
	if (css->ss) {
		css->ss->css_free(css);
		cgroup_put(cgrp);
	} else {
		cgrp->magic = 0;
		kfree(cgrp);
	}
	if (parent)
		css_put(parent);
}

/**
 * css_release() - the last reference to a css is gone (from css_put())
 * @css: the css; readers may still see it until a grace period ends
 */
void css_release(struct cgroup_subsys_state *css)
{
	if (WARN_ON(css->magic != CSS_MAGIC || !css->parent))
		return;		/* a root css, or not a css at all */
	WRITE_ONCE(css->flags, css->flags | CSS_RELEASED);
	call_rcu(&css->rcu, css_free_rcu);
}

/**
 * css_tryget_online() - take a reference unless the css's cgroup is removed
 * @css: a css found under rcu_read_lock()
 *
 * Fails once rmdir has begun to take the cgroup down, even though the
 * css may stay referenced (and readable) for a while after that.
 *
 * Return: true if a reference was taken.
 */
bool css_tryget_online(struct cgroup_subsys_state *css)
{
	if (!atomic_inc_not_zero(&css->refcnt))
		return false;
	/* The increment is ordered before this load, rmdir's flag before its put. */
	if (css_is_dying(css)) {
		css_put(css);
		return false;
	}
	return true;
}

static void css_init(struct cgroup_subsys_state *css, struct cgroup_subsys *ss,
		     struct cgroup *cgrp, struct cgroup_subsys_state *parent)
{
	css->cgroup = cgrp;
	css->ss = ss;
	css->parent = parent;
	css_get(parent);
	atomic_set(&css->refcnt, 1);	/* the base reference, dropped by rmdir */
	css->flags = CSS_ONLINE;
	css->magic = CSS_MAGIC;
	init_rcu_head(&css->rcu);
}

/* rmdir: the css goes offline; css_tryget_online() fails from now on. */
static void css_kill(struct cgroup_subsys_state *css)
{
	WRITE_ONCE(css->flags, (css->flags & ~CSS_ONLINE) | CSS_DYING);
}

/* ---- css_set ---- */

static void css_set_free_rcu(struct rcu_head *head)
{
	struct css_set *cset = container_of(head, struct css_set, rcu);
	int i;

	if (WARN_ON(cset->magic != CSET_MAGIC))
		return;
	cset->magic = 0;
	for (i = 0; i < CGROUP_SUBSYS_COUNT; i++)
		css_put(cset->subsys[i]);
	cgroup_put(cset->dfl_cgrp);
	kfree(cset);
	atomic_long_inc(&cgroup_csets_freed);
}

static void get_css_set(struct css_set *cset)
{
	atomic_inc(&cset->refcount);
}

/*
 * put_css_set() - drop a reference; the last one unhashes the css_set
 * and frees it after a grace period (readers may still hold it).
 */
static void put_css_set(struct css_set *cset)
{
	unsigned long flags;

	if (atomic_add_unless(&cset->refcount, -1, 1))
		return;
	spin_lock_irqsave(&css_set_lock, flags);
	if (!atomic_dec_and_test(&cset->refcount)) {
		spin_unlock_irqrestore(&css_set_lock, flags);
		return;
	}
	WARN_ON(cset == &init_css_set || !list_empty(&cset->tasks));
	hash_del(&cset->hlist);
	list_del(&cset->cgrp_link);
	spin_unlock_irqrestore(&css_set_lock, flags);
	call_rcu(&cset->rcu, css_set_free_rcu);
}

/* The hashed css_set for @cgrp, with a reference, or NULL.  css_set_lock. */
static struct css_set *find_existing_css_set(struct cgroup *cgrp)
{
	struct css_set *cset;

	lockdep_assert_held(&css_set_lock);
	hash_for_each_possible(css_set_table, cset, hlist, css_set_hash(cgrp->subsys)) {
		if (cset->dfl_cgrp == cgrp &&
		    !memcmp(cset->subsys, cgrp->subsys, sizeof(cset->subsys))) {
			get_css_set(cset);
			return cset;
		}
	}
	return NULL;
}

/*
 * find_css_set() - the css_set of the tasks in @cgrp, shared if one
 * exists, else a new one; with a reference.  cgroup_mutex held (@cgrp's
 * css stay online).  Return: the css_set or NULL (no memory).
 */
static struct css_set *find_css_set(struct cgroup *cgrp)
{
	struct css_set *cset, *new;
	unsigned long flags;
	int i;

	lockdep_assert_held(&cgroup_mutex);
	spin_lock_irqsave(&css_set_lock, flags);
	cset = find_existing_css_set(cgrp);
	spin_unlock_irqrestore(&css_set_lock, flags);
	if (cset)
		return cset;

	new = kzalloc(sizeof(*new), GFP_KERNEL);
	if (!new)
		return NULL;
	new->magic = CSET_MAGIC;
	atomic_set(&new->refcount, 1);
	for (i = 0; i < CGROUP_SUBSYS_COUNT; i++) {
		new->subsys[i] = cgrp->subsys[i];
		css_get(new->subsys[i]);
	}
	new->dfl_cgrp = cgrp;
	cgroup_get(cgrp);
	INIT_LIST_HEAD(&new->tasks);
	init_rcu_head(&new->rcu);

	spin_lock_irqsave(&css_set_lock, flags);
	/* Only cgroup_mutex holders create css_sets: no one raced us. */
	hash_add(css_set_table, &new->hlist, css_set_hash(new->subsys));
	list_add_tail(&new->cgrp_link, &cgrp->cset_links);
	spin_unlock_irqrestore(&css_set_lock, flags);
	return new;
}

/* ---- tasks ---- */

/**
 * cgroup_fork() - put a new task in its creator's cgroup
 * @p: the new task, not running yet
 *
 * Charges the pids controller up the hierarchy; the idle tasks and the
 * tasks they create are in the root.
 *
 * Return: 0, or -EAGAIN if a pids.max would be exceeded.
 */
int cgroup_fork(struct task_struct *p)
{
	struct task_struct *parent = current;
	struct css_set *cset = &init_css_set;
	unsigned long flags;

	spin_lock_irqsave(&css_set_lock, flags);
	if (parent != p && !is_idle_task(parent) && rcu_access_pointer(parent->cgroups))
		cset = task_css_set(parent);
	if (!pids_try_charge(cset->subsys[pids_cgrp_id], 1)) {
		spin_unlock_irqrestore(&css_set_lock, flags);
		return -EAGAIN;
	}
	get_css_set(cset);
	list_add_tail(&p->cg_list, &cset->tasks);
	cset->nr_tasks++;
	cset->dfl_cgrp->nr_tasks++;
	rcu_assign_pointer(p->cgroups, cset);
	spin_unlock_irqrestore(&css_set_lock, flags);
	return 0;
}

/**
 * cgroup_exit() - a task is exiting: it no longer counts as a member
 * @p: the current task, in do_exit()
 *
 * Uncharges the pids controller.  The task keeps its css_set (and is
 * still charged run time) until cgroup_free().
 */
void cgroup_exit(struct task_struct *p)
{
	struct css_set *cset;
	unsigned long flags;

	spin_lock_irqsave(&css_set_lock, flags);
	cset = task_css_set(p);
	if (cset && !list_empty(&p->cg_list)) {
		list_del_init(&p->cg_list);
		cset->nr_tasks--;
		cset->dfl_cgrp->nr_tasks--;
		pids_uncharge(cset->subsys[pids_cgrp_id], 1);
	}
	spin_unlock_irqrestore(&css_set_lock, flags);
}

/**
 * cgroup_free() - drop a freed task's css_set
 * @p: the task; its last reference is gone
 */
void cgroup_free(struct task_struct *p)
{
	struct css_set *cset = rcu_dereference_protected(p->cgroups, 1);

	if (!cset)
		return;
	WARN_ON(!list_empty(&p->cg_list));
	RCU_INIT_POINTER(p->cgroups, NULL);
	put_css_set(cset);
}

/**
 * task_get_cgroup() - the cgroup a task is in, with a reference
 * @task: a task other than an idle task (the caller keeps it alive)
 *
 * Return: the cgroup (drop it with cgroup_put()), or NULL for a task that
 * is in none yet.
 */
struct cgroup *task_get_cgroup(struct task_struct *task)
{
	struct css_set *cset;
	struct cgroup *cgrp = NULL;

	rcu_read_lock();
	cset = task_css_set(task);
	if (cset) {
		/* The css_set holds the cgroup until a grace period after its end. */
		cgrp = cset->dfl_cgrp;
		cgroup_get(cgrp);
	}
	rcu_read_unlock();
	return cgrp;
}

/**
 * cgroup_attach_task() - move a task to another cgroup
 * @dst: the cgroup (online)
 * @task: the task
 *
 * The task's run time is charged to @dst from now on; its pids charge
 * moves (and, unlike Linux, a move into a cgroup at its pids.max is
 * refused).  Sleeps.
 *
 * Return: 0, -ENOENT (@dst removed), -ESRCH (@task exited or is in no
 * cgroup), -EAGAIN (pids.max), -ENOMEM.
 */
int cgroup_attach_task(struct cgroup *dst, struct task_struct *task)
{
	struct css_set *old, *new;
	struct cgroup_subsys *ss;
	unsigned long flags;
	int i, ret = 0;

	mutex_lock(&cgroup_mutex);
	if (css_is_dying(&dst->self)) {
		ret = -ENOENT;
		goto out_unlock;
	}
	new = find_css_set(dst);
	if (!new) {
		ret = -ENOMEM;
		goto out_unlock;
	}
	spin_lock_irqsave(&css_set_lock, flags);
	old = task_css_set(task);
	if (!old || list_empty(&task->cg_list)) {
		ret = -ESRCH;
	} else if (old != new) {
		for_each_subsys(ss, i) {
			if (ss->can_attach && ss->can_attach(old->subsys[i], new->subsys[i])) {
				ret = -EAGAIN;
				break;
			}
		}
	}
	if (ret || old == new) {
		spin_unlock_irqrestore(&css_set_lock, flags);
		put_css_set(new);
		goto out_unlock;
	}
	for_each_subsys(ss, i) {
		if (ss->attach)
			ss->attach(old->subsys[i], new->subsys[i]);
	}
	list_move_tail(&task->cg_list, &new->tasks);
	old->nr_tasks--;
	old->dfl_cgrp->nr_tasks--;
	new->nr_tasks++;
	dst->nr_tasks++;
	/* The reference from find_css_set() passes to the task. */
	rcu_assign_pointer(task->cgroups, new);
	spin_unlock_irqrestore(&css_set_lock, flags);
	put_css_set(old);
out_unlock:
	mutex_unlock(&cgroup_mutex);
	return ret;
}

/* ---- the hierarchy ---- */

static bool cgroup_name_valid(const char *name)
{
	size_t len = strlen(name);

	if (!len || len >= CGROUP_NAME_LEN || !strcmp(name, ".") || !strcmp(name, ".."))
		return false;
	for (; *name; name++) {
		if (!isalnum(*name) && *name != '_' && *name != '-' && *name != '.')
			return false;
	}
	return true;
}

static struct cgroup *cgroup_find_child(struct cgroup *parent, const char *name, size_t len)
{
	struct cgroup *child;

	lockdep_assert_held(&cgroup_mutex);
	list_for_each_entry(child, &parent->children, sibling) {
		if (strlen(child->name) == len && !strncmp(child->name, name, len))
			return child;
	}
	return NULL;
}

/**
 * cgroup_mkdir() - create a cgroup
 * @parent: its parent (online; the caller holds a reference)
 * @name: letters, digits, '_', '-', '.'; shorter than CGROUP_NAME_LEN
 *
 * Every controller is enabled in the new cgroup.
 *
 * Return: the cgroup (no reference for the caller: it lives until
 * cgroup_rmdir()), or ERR_PTR(-EINVAL, -EEXIST, -ENOENT, -ENOMEM).
 */
struct cgroup *cgroup_mkdir(struct cgroup *parent, const char *name)
{
	struct cgroup_subsys_state *css[CGROUP_SUBSYS_COUNT] = {};
	struct cgroup_subsys *ss;
	struct cgroup *cgrp;
	int i, ret;

	if (!cgroup_name_valid(name))
		return ERR_PTR(-EINVAL);
	cgrp = kzalloc(sizeof(*cgrp), GFP_KERNEL);
	if (!cgrp)
		return ERR_PTR(-ENOMEM);

	mutex_lock(&cgroup_mutex);
	ret = -ENOENT;
	if (css_is_dying(&parent->self))
		goto err;
	ret = -EEXIST;
	if (cgroup_find_child(parent, name, strlen(name)))
		goto err;
	ret = -ENOMEM;
	for_each_subsys(ss, i) {
		css[i] = ss->css_alloc(parent->subsys[i]);
		if (IS_ERR(css[i])) {
			css[i] = NULL;
			goto err;
		}
	}

	css_init(&cgrp->self, NULL, cgrp, &parent->self);
	cgrp->magic = CGROUP_MAGIC;
	RCU_INIT_POINTER(cgrp->parent, parent);
	INIT_LIST_HEAD(&cgrp->children);
	INIT_LIST_HEAD(&cgrp->cset_links);
	cgrp->level = parent->level + 1;
	strscpy(cgrp->name, name, sizeof(cgrp->name));
	for_each_subsys(ss, i) {
		css_init(css[i], ss, cgrp, parent->subsys[i]);
		cgroup_get(cgrp);
		cgrp->subsys[i] = css[i];
	}
	list_add_tail(&cgrp->sibling, &parent->children);
	mutex_unlock(&cgroup_mutex);
	return cgrp;

err:
	mutex_unlock(&cgroup_mutex);
	for_each_subsys(ss, i) {
		if (css[i])
			ss->css_free(css[i]);
	}
	kfree(cgrp);
	return ERR_PTR(ret);
}

/**
 * cgroup_rmdir() - remove a cgroup that has no tasks and no children
 * @cgrp: the cgroup
 *
 * The cgroup disappears from the hierarchy at once; its memory is freed
 * a grace period after the last reference (a css_set of a task that has
 * exited but is not yet freed, a reader's css_tryget()) is dropped.
 *
 * Return: 0, -EBUSY (tasks or children), -EPERM (the root), -ENOENT
 * (already removed).
 */
int cgroup_rmdir(struct cgroup *cgrp)
{
	unsigned long flags;
	int i, ret = 0;

	if (cgrp == &cgrp_dfl_root)
		return -EPERM;
	mutex_lock(&cgroup_mutex);
	if (css_is_dying(&cgrp->self)) {
		ret = -ENOENT;
		goto out;
	}
	if (!list_empty(&cgrp->children)) {
		ret = -EBUSY;
		goto out;
	}
	spin_lock_irqsave(&css_set_lock, flags);
	if (cgrp->nr_tasks) {
		spin_unlock_irqrestore(&css_set_lock, flags);
		ret = -EBUSY;
		goto out;
	}
	/* No task can join now: attach and fork check under this lock. */
	css_kill(&cgrp->self);
	for (i = 0; i < CGROUP_SUBSYS_COUNT; i++)
		css_kill(cgrp->subsys[i]);
	spin_unlock_irqrestore(&css_set_lock, flags);
	list_del(&cgrp->sibling);
	smp_mb();	/* the flags before the base references go: css_tryget_online() */
	for (i = 0; i < CGROUP_SUBSYS_COUNT; i++)
		css_put(cgrp->subsys[i]);
	css_put(&cgrp->self);
out:
	mutex_unlock(&cgroup_mutex);
	return ret;
}

/**
 * cgroup_lookup() - find a cgroup by path
 * @path: "/" for the root, "/a/b" or "a/b" below it
 *
 * Return: the cgroup with a reference (cgroup_put() it), or
 * ERR_PTR(-ENOENT).
 */
struct cgroup *cgroup_lookup(const char *path)
{
	struct cgroup *cgrp = &cgrp_dfl_root;

	mutex_lock(&cgroup_mutex);
	while (*path) {
		const char *end;

		while (*path == '/')
			path++;
		if (!*path)
			break;
		end = strchr(path, '/');
		if (!end)
			end = path + strlen(path);
		cgrp = cgroup_find_child(cgrp, path, end - path);
		if (!cgrp) {
			mutex_unlock(&cgroup_mutex);
			return ERR_PTR(-ENOENT);
		}
		path = end;
	}
	cgroup_get(cgrp);
	mutex_unlock(&cgroup_mutex);
	return cgrp;
}

/**
 * cgroup_path() - a cgroup's path from the root
 * @cgrp: the cgroup (the caller keeps it alive)
 * @buf: where to write it
 * @len: @buf's size
 *
 * Return: 0, or -ENAMETOOLONG.
 */
int cgroup_path(struct cgroup *cgrp, char *buf, size_t len)
{
	char *p = buf + len;
	struct cgroup *c;
	int ret = 0;

	if (len < 2)
		return -ENAMETOOLONG;
	*--p = '\0';
	rcu_read_lock();
	for (c = cgrp; cgroup_parent(c); c = cgroup_parent(c)) {
		size_t n = strlen(c->name);

		if ((size_t)(p - buf) < n + 1) {
			ret = -ENAMETOOLONG;
			break;
		}
		p -= n;
		memcpy(p, c->name, n);
		*--p = '/';
	}
	rcu_read_unlock();
	if (ret)
		return ret;
	if (!*p)
		*--p = '/';
	memmove(buf, p, strlen(p) + 1);
	return 0;
}
