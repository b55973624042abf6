/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KERNEL_CGROUP_INTERNAL_H
#define _KERNEL_CGROUP_INTERNAL_H

/* What the files of kernel/cgroup/ share beyond <linux/cgroup.h>. */

#include <linux/cgroup.h>

extern struct cgroup_subsys *cgroup_subsys[CGROUP_SUBSYS_COUNT];

/**
 * struct pids_cgroup - the pids controller's state in one cgroup
 * @css: the common part
 * @counter: tasks charged here (this cgroup and its descendants)
 * @limit: pids.max; PIDS_MAX for "max"
 */
struct pids_cgroup {
	struct cgroup_subsys_state css;
	atomic64_t counter;
	atomic64_t limit;
};

/**
 * struct cpuacct - the cpuacct controller's state in one cgroup
 * @css: the common part
 * @usage: nanoseconds charged here (this cgroup and its descendants)
 */
struct cpuacct {
	struct cgroup_subsys_state css;
	atomic64_t usage;
};

/* The root cgroup's controller states (static: tasks are created before initcalls). */
extern struct pids_cgroup root_pids;
extern struct cpuacct root_cpuacct;

#define for_each_subsys(ss, i)						\
	for ((i) = 0; (i) < CGROUP_SUBSYS_COUNT && ((ss) = cgroup_subsys[(i)]); (i)++)

#endif /* _KERNEL_CGROUP_INTERNAL_H */
