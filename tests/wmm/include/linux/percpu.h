/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tests/wmm: per-CPU memory as WMM_NR_CPUS copies WMM_PCPU_STRIDE bytes
 * apart; "this CPU" is the simulated task's current CPU, and
 * this_cpu_inc() is a relaxed read-modify-write of its copy.
 */
#ifndef _LINUX_PERCPU_H
#define _LINUX_PERCPU_H

#include <linux/types.h>

#define NR_CPUS		WMM_NR_CPUS

#define DECLARE_PER_CPU(type, name)	extern __typeof__(type) name
/* Only alloc_percpu() memory has the other CPUs' copies. */
#define DEFINE_PER_CPU(type, name)					\
	_Static_assert(0, "tests/wmm: use alloc_percpu()")

#define per_cpu_ptr(ptr, cpu)						\
	((__typeof__(*(ptr)) *)((unsigned long)(ptr) +			\
				(unsigned long)(cpu) * WMM_PCPU_STRIDE))
#define this_cpu_ptr(ptr)	per_cpu_ptr(ptr, wmm_cpu())
#define raw_cpu_ptr(ptr)	this_cpu_ptr(ptr)
#define per_cpu(var, cpu)	(*per_cpu_ptr(&(var), (cpu)))

#define this_cpu_add(var, v)						\
	wmm_rmw_add(this_cpu_ptr(&(var)), sizeof(var), (long)(v))
#define this_cpu_sub(var, v)	this_cpu_add(var, -(long)(v))
#define this_cpu_inc(var)	this_cpu_add(var, 1)
#define this_cpu_dec(var)	this_cpu_sub(var, 1)
#define this_cpu_read(var)	READ_ONCE(*this_cpu_ptr(&(var)))
#define this_cpu_write(var, v)	WRITE_ONCE(*this_cpu_ptr(&(var)), (v))

#define alloc_percpu(type)						\
	((__typeof__(type) *)wmm_alloc_percpu(sizeof(type), __alignof__(type)))
static inline void free_percpu(void *ptr) { }

#endif /* _LINUX_PERCPU_H */
