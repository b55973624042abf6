// SPDX-License-Identifier: GPL-2.0
/*
 * The pids controller: pids.current counts the live tasks in a cgroup and
 * its descendants, pids.max limits it.  Creating a task charges every
 * level from the task's cgroup up to the root and fails with -EAGAIN if
 * one would exceed its pids.max; exit uncharges.  Moving a task charges
 * the levels below the common ancestor of the two cgroups only.
 */
#include <linux/kernel.h>
#include <linux/cgroup.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/kstrtox.h>
#include "cgroup-internal.h"

struct pids_cgroup root_pids = {
	.css = {
		.cgroup = &cgrp_dfl_root,
		.ss = &pids_cgrp_subsys,
		.refcnt = ATOMIC_INIT(1),
		.flags = CSS_ONLINE,
		.magic = CSS_MAGIC,
	},
	.limit = { PIDS_MAX },
};

static struct pids_cgroup *css_pids(struct cgroup_subsys_state *css)
{
	return container_of(css, struct pids_cgroup, css);
}

static struct cgroup_subsys_state *pids_css_alloc(struct cgroup_subsys_state *parent)
{
	struct pids_cgroup *pids = kzalloc(sizeof(*pids), GFP_KERNEL);

	if (!pids)
		return ERR_PTR(-ENOMEM);
	atomic64_set(&pids->limit, PIDS_MAX);
	return &pids->css;
}

static void pids_css_free(struct cgroup_subsys_state *css)
{
	WARN_ON(atomic64_read(&css_pids(css)->counter));
	kfree(css_pids(css));
}

static void pids_uncharge_until(struct cgroup_subsys_state *css,
				struct cgroup_subsys_state *stop, int num)
{
	for (; css != stop; css = css->parent)
		WARN_ON(atomic64_sub_return(num, &css_pids(css)->counter) < 0);
}

/* Charge @css up to (not including) @stop, unless a level would exceed its limit. */
static bool pids_try_charge_until(struct cgroup_subsys_state *css,
				  struct cgroup_subsys_state *stop, int num)
{
	struct cgroup_subsys_state *p;

	for (p = css; p != stop; p = p->parent) {
		struct pids_cgroup *pids = css_pids(p);

		if (atomic64_add_return(num, &pids->counter) > atomic64_read(&pids->limit)) {
			pids_uncharge_until(css, p->parent, num);
			return false;
		}
	}
	return true;
}

/**
 * pids_try_charge() - charge @num tasks to @css and its ancestors
 * @css: a pids css
 * @num: how many
 *
 * Return: true, or false (nothing charged) if a pids.max would be exceeded.
 */
bool pids_try_charge(struct cgroup_subsys_state *css, int num)
{
	return pids_try_charge_until(css, NULL, num);
}

/**
 * pids_uncharge() - undo pids_try_charge()
 * @css: a pids css
 * @num: how many
 */
void pids_uncharge(struct cgroup_subsys_state *css, int num)
{
	pids_uncharge_until(css, NULL, num);
}

static struct cgroup_subsys_state *pids_common_ancestor(struct cgroup_subsys_state *a,
							struct cgroup_subsys_state *b)
{
	while (a->cgroup->level > b->cgroup->level)
		a = a->parent;
	while (b->cgroup->level > a->cgroup->level)
		b = b->parent;
	while (a != b) {
		a = a->parent;
		b = b->parent;
	}
	return a;
}

static int pids_can_attach(struct cgroup_subsys_state *from, struct cgroup_subsys_state *to)
{
	return pids_try_charge_until(to, pids_common_ancestor(from, to), 1) ? 0 : -EAGAIN;
}

static void pids_attach(struct cgroup_subsys_state *from, struct cgroup_subsys_state *to)
{
	pids_uncharge_until(from, pids_common_ancestor(from, to), 1);
}

static void pids_show(struct cgroup_subsys_state *css)
{
	s64 max = atomic64_read(&css_pids(css)->limit);

	printk("  pids.current %ld\n", atomic64_read(&css_pids(css)->counter));
	if (max == PIDS_MAX)
		printk("  pids.max max\n");
	else
		printk("  pids.max %ld\n", max);
}

static int pids_write(struct cgroup_subsys_state *css, const char *key, const char *val)
{
	s64 max;

	if (strcmp(key, "pids.max"))
		return -ENOENT;
	if (!strcmp(val, "max"))
		max = PIDS_MAX;
	else if (kstrtos64(val, 0, &max) || max < 0)
		return -EINVAL;
	atomic64_set(&css_pids(css)->limit, max);
	return 0;
}

struct cgroup_subsys pids_cgrp_subsys = {
	.name = "pids",
	.id = pids_cgrp_id,
	.css_alloc = pids_css_alloc,
	.css_free = pids_css_free,
	.can_attach = pids_can_attach,
	.attach = pids_attach,
	.show = pids_show,
	.write = pids_write,
};

/** pids_current() - pids.current of @cgrp (racy snapshot) */
s64 pids_current(struct cgroup *cgrp)
{
	return atomic64_read(&css_pids(cgrp->subsys[pids_cgrp_id])->counter);
}

/** pids_max() - pids.max of @cgrp; PIDS_MAX for "max" */
s64 pids_max(struct cgroup *cgrp)
{
	return atomic64_read(&css_pids(cgrp->subsys[pids_cgrp_id])->limit);
}

/**
 * pids_set_max() - set pids.max
 * @cgrp: the cgroup (not the root)
 * @max: the limit, PIDS_MAX for none
 *
 * Tasks already there stay; only new ones are refused.
 *
 * Return: 0 or -EINVAL.
 */
int pids_set_max(struct cgroup *cgrp, s64 max)
{
	if (max < 0 || cgrp == &cgrp_dfl_root)
		return -EINVAL;
	atomic64_set(&css_pids(cgrp->subsys[pids_cgrp_id])->limit, max);
	return 0;
}
