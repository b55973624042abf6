/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_CPUHOTPLUG_H
#define _LINUX_CPUHOTPLUG_H

#include <linux/types.h>

/*
 * CPU hotplug states, in bring-up order.  A CPU coming online runs the
 * startup callback of every state from CPUHP_OFFLINE up to CPUHP_ONLINE;
 * a CPU going offline runs the teardown callbacks in exactly the reverse
 * order.  Three sections:
 *
 *  - PREPARE (below CPUHP_BRINGUP_CPU): on the controlling CPU, may
 *    sleep.  Startups run before the CPU starts; teardowns after it is
 *    dead, so they may take over what it left (RCU callbacks, timers,
 *    then the softirqs still pending there, in that order).
 *  - STARTING/DYING (between CPUHP_AP_OFFLINE and CPUHP_AP_ONLINE): on
 *    the CPU itself, interrupts disabled, in its idle task.
 *  - ONLINE (above CPUHP_AP_ONLINE): on the controlling CPU, may sleep,
 *    while the CPU runs.
 *
 * Subsystems fill their fixed states with cpuhp_setup_state_nocalls()
 * during boot; the *_DYN ranges are handed out by cpuhp_setup_state()
 * with the state CPUHP_AP_ONLINE_DYN or CPUHP_BP_PREPARE_DYN.
 */
enum cpuhp_state {
	CPUHP_INVALID = -1,
	CPUHP_OFFLINE = 0,
	CPUHP_SOFTIRQ_DEAD,
	CPUHP_TIMERS_PREPARE,
	CPUHP_RCUTREE_PREP,
	CPUHP_BP_PREPARE_DYN,
	CPUHP_BP_PREPARE_DYN_END = CPUHP_BP_PREPARE_DYN + 4,
	CPUHP_BRINGUP_CPU,
	CPUHP_AP_OFFLINE,
	CPUHP_AP_SCHED_STARTING,
	CPUHP_AP_SMPCFD_DYING,
	CPUHP_AP_KFREE_RCU_DYING,
	CPUHP_AP_TICK_DYING,
	CPUHP_AP_ONLINE,
	CPUHP_AP_SMPBOOT_THREADS,
	CPUHP_AP_ONLINE_DYN,
	CPUHP_AP_ONLINE_DYN_END = CPUHP_AP_ONLINE_DYN + 8,
	CPUHP_AP_NOTIFY_ONLINE,
	CPUHP_AP_ACTIVE,
	CPUHP_ONLINE,
};

int __cpuhp_setup_state(enum cpuhp_state state, const char *name, bool invoke,
			int (*startup)(unsigned int cpu),
			int (*teardown)(unsigned int cpu));

/**
 * cpuhp_setup_state() - register hotplug callbacks and run @startup on
 *	every online CPU
 * @state: a fixed state, or CPUHP_AP_ONLINE_DYN / CPUHP_BP_PREPARE_DYN for
 *	the next free slot of that range
 * @name: for messages and the cpuhp shell listing
 * @startup: run when a CPU reaches @state on its way up (may be NULL)
 * @teardown: run when a CPU leaves @state on its way down (may be NULL)
 *
 * Only ONLINE and PREPARE states may be set up with calls (they run on the
 * calling CPU).  Return: the state (a dynamic one: the slot allocated), or
 * a negative errno: -EBUSY if taken, -ENOSPC if no dynamic slot is free.
 */
static inline int cpuhp_setup_state(enum cpuhp_state state, const char *name,
				    int (*startup)(unsigned int cpu),
				    int (*teardown)(unsigned int cpu))
{
	return __cpuhp_setup_state(state, name, true, startup, teardown);
}

/** cpuhp_setup_state_nocalls() - cpuhp_setup_state() without running @startup */
static inline int cpuhp_setup_state_nocalls(enum cpuhp_state state, const char *name,
					    int (*startup)(unsigned int cpu),
					    int (*teardown)(unsigned int cpu))
{
	return __cpuhp_setup_state(state, name, false, startup, teardown);
}

/**
 * cpuhp_remove_state_nocalls() - unregister a state's callbacks
 * @state: the state returned by cpuhp_setup_state()
 */
void cpuhp_remove_state_nocalls(enum cpuhp_state state);

#endif /* _LINUX_CPUHOTPLUG_H */
