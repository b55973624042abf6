/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_TICK_H
#define _LINUX_TICK_H

#include <linux/types.h>

/*
 * Dyntick-idle (CONFIG_NO_HZ_IDLE): an idle CPU with no pending timers and
 * no RCU callbacks stops its scheduling tick until something wakes it.
 */

/** wake_up_nohz_cpu() - make @cpu notice new work (a timer queued on it) */
void wake_up_nohz_cpu(int cpu);

/** tick_nohz_tick_stopped_cpu() - is @cpu's tick stopped (idle)? */
bool tick_nohz_tick_stopped_cpu(int cpu);

/* Per-CPU counts for the shell's "cpus": idle wake-ups and tick stops. */
u64 idle_wakeups_cpu(unsigned int cpu);
u64 tick_stops_cpu(unsigned int cpu);

#endif /* _LINUX_TICK_H */
