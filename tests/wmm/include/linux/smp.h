/* SPDX-License-Identifier: GPL-2.0 */
/* tests/wmm: WMM_NR_CPUS CPUs, all possible. */
#ifndef _LINUX_SMP_H
#define _LINUX_SMP_H

#include <linux/percpu.h>

#define for_each_possible_cpu(cpu)					\
	for ((cpu) = 0; (cpu) < WMM_NR_CPUS; (cpu)++)
#define smp_processor_id()	wmm_cpu()

#endif /* _LINUX_SMP_H */
