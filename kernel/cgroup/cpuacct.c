// SPDX-License-Identifier: GPL-2.0
/*
 * The cpuacct controller: cpuacct.usage is the run time, in nanoseconds,
 * of the tasks in a cgroup and its descendants.  The scheduler charges a
 * task's time when it switches away from it and at each tick
 * (cgroup_account_switch(), cgroup_account_tick()), to the task's
 * cgroup at that moment and every ancestor, so a task that moves is
 * charged to its new cgroup from then on.
 */
#include <linux/kernel.h>
#include <linux/cgroup.h>
#include <linux/slab.h>
#include "cgroup-internal.h"

struct cpuacct root_cpuacct = {
	.css = {
		.cgroup = &cgrp_dfl_root,
		.ss = &cpuacct_cgrp_subsys,
		.refcnt = ATOMIC_INIT(1),
		.flags = CSS_ONLINE,
		.magic = CSS_MAGIC,
	},
};

static struct cpuacct *css_ca(struct cgroup_subsys_state *css)
{
	return container_of(css, struct cpuacct, css);
}

static struct cgroup_subsys_state *cpuacct_css_alloc(struct cgroup_subsys_state *parent)
{
	struct cpuacct *ca = kzalloc(sizeof(*ca), GFP_KERNEL);

	return ca ? &ca->css : ERR_PTR(-ENOMEM);
}

static void cpuacct_css_free(struct cgroup_subsys_state *css)
{
	kfree(css_ca(css));
}

/**
 * cpuacct_charge() - charge run time to a task's cgroup and its ancestors
 * @tsk: the task
 * @delta_ns: nanoseconds it ran
 *
 * Called by the scheduler with interrupts disabled, which makes it an
 * RCU reader: the css_set and its css stay valid throughout.
 */
void cpuacct_charge(struct task_struct *tsk, u64 delta_ns)
{
	struct cgroup_subsys_state *css;
	struct css_set *cset;

	cset = task_css_set_check(tsk, rcu_read_lock_sched_held());
	if (!cset)
		return;		/* not yet in a cgroup */
	for (css = cset->subsys[cpuacct_cgrp_id]; css; css = css->parent)
		atomic64_add(delta_ns, &css_ca(css)->usage);
}

static void cpuacct_show(struct cgroup_subsys_state *css)
{
	printk("  cpuacct.usage %ld\n", atomic64_read(&css_ca(css)->usage));
}

struct cgroup_subsys cpuacct_cgrp_subsys = {
	.name = "cpuacct",
	.id = cpuacct_cgrp_id,
	.css_alloc = cpuacct_css_alloc,
	.css_free = cpuacct_css_free,
	.show = cpuacct_show,
};

/** cpuacct_usage() - cpuacct.usage of @cgrp in nanoseconds (racy snapshot) */
u64 cpuacct_usage(struct cgroup *cgrp)
{
	return atomic64_read(&css_ca(cgrp->subsys[cpuacct_cgrp_id])->usage);
}
