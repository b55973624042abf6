/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_PERCPU_H
#define _LINUX_PERCPU_H

#include <linux/types.h>

/*
 * Per-CPU data.
 *
 * DEFINE_PER_CPU() places a variable in .data..percpu, which is the
 * template: at boot every CPU gets a copy of that section, and the CPU's
 * GS base holds the offset from the template to its copy
 * (__per_cpu_offset[cpu]).  So "%gs:var" addresses this CPU's instance in
 * one instruction, which is what makes this_cpu_read() and friends safe
 * against preemption and interrupts without disabling either.
 *
 * Per-CPU variables live in the __percpu address space: sparse rejects
 * touching them directly.  Use this_cpu_*(), per_cpu(), this_cpu_ptr()
 * or per_cpu_ptr().
 */

#ifndef NR_CPUS
# ifdef CONFIG_NR_CPUS
#  define NR_CPUS CONFIG_NR_CPUS
# else
#  define NR_CPUS 1
# endif
#endif

#define PER_CPU_SECTION ".data..percpu"

#define DECLARE_PER_CPU(type, name)					\
	extern __percpu __typeof__(type) name
#define DEFINE_PER_CPU(type, name)					\
	__percpu __section(PER_CPU_SECTION) __typeof__(type) name
#define DEFINE_PER_CPU_ALIGNED(type, name)				\
	__percpu __section(PER_CPU_SECTION) __aligned(64) __typeof__(type) name

extern unsigned long __per_cpu_offset[NR_CPUS];

/* Strip __percpu from a pointer after relocating it: accessors only. */
#define __pcpu_reloc(ptr, off)						\
	((__typeof__(*(ptr)) __kernel __force *)((unsigned long)(ptr) + (off)))

/* This CPU's offset: the GS base, kept readable at %gs:this_cpu_off. */
DECLARE_PER_CPU(unsigned long, this_cpu_off);

#ifdef __CHECKER__
#define __this_cpu_off()	0UL
#else
static __always_inline unsigned long __this_cpu_off(void)
{
	unsigned long off;

	__asm__ __volatile__("movq %%gs:%1, %0" : "=r"(off) : "m"(this_cpu_off));
	return off;
}
#endif

#define per_cpu_ptr(ptr, cpu)	__pcpu_reloc(ptr, __per_cpu_offset[(cpu)])
#define this_cpu_ptr(ptr)	__pcpu_reloc(ptr, __this_cpu_off())
#define raw_cpu_ptr(ptr)	this_cpu_ptr(ptr)
#define per_cpu(var, cpu)	(*per_cpu_ptr(&(var), (cpu)))

/*
 * Single-instruction accessors on this CPU's instance.  Each is one
 * %gs-relative instruction, so it cannot be split by preemption, but
 * nothing stops the task moving to another CPU between two of them.
 */
#ifdef __CHECKER__
#define this_cpu_read(var)	(*this_cpu_ptr(&(var)))
#define this_cpu_write(var, v)	do { *this_cpu_ptr(&(var)) = (v); } while (0)
#define this_cpu_add(var, v)	do { *this_cpu_ptr(&(var)) += (v); } while (0)
#else
#define __pcpu_op_size_check(var)					\
	BUILD_BUG_ON(sizeof(var) != 1 && sizeof(var) != 2 &&		\
		     sizeof(var) != 4 && sizeof(var) != 8)

#define this_cpu_read(var) ({						\
	__typeof__(var) __ret;						\
	__pcpu_op_size_check(var);					\
	__asm__ __volatile__("mov %%gs:%1, %0"				\
			     : "=r"(__ret) : "m"(var) : "memory");	\
	__ret; })

#define this_cpu_write(var, v) do {					\
	__typeof__(var) __val = (v);					\
	__pcpu_op_size_check(var);					\
	__asm__ __volatile__("mov %1, %%gs:%0"				\
			     : "+m"(var) : "r"(__val) : "memory");	\
} while (0)

#define this_cpu_add(var, v) do {					\
	__typeof__(var) __val = (v);					\
	__pcpu_op_size_check(var);					\
	__asm__ __volatile__("add %1, %%gs:%0"				\
			     : "+m"(var) : "r"(__val) : "memory", "cc");	\
} while (0)
#endif

#define this_cpu_sub(var, v)	this_cpu_add(var, -(__typeof__(var))(v))
#define this_cpu_inc(var)	this_cpu_add(var, 1)
#define this_cpu_dec(var)	this_cpu_sub(var, 1)
#define __this_cpu_read(var)	this_cpu_read(var)
#define __this_cpu_write(var, v) this_cpu_write(var, v)
#define __this_cpu_inc(var)	this_cpu_inc(var)
#define __this_cpu_dec(var)	this_cpu_dec(var)
#define raw_cpu_read(var)	this_cpu_read(var)

/*
 * Dynamic per-CPU memory (kernel/arch/percpu_alloc.c): carved from a
 * region of the per-CPU template reserved for it, so the result works
 * with per_cpu_ptr() and this_cpu_*() like a DEFINE_PER_CPU() variable.
 */
#define PERCPU_DYNAMIC_RESERVE	8192

void __percpu *__alloc_percpu(size_t size, size_t align);
void free_percpu(void __percpu *ptr);
size_t percpu_dynamic_used(void);

/**
 * alloc_percpu() - allocate a zeroed @type for every CPU
 * @type: the type of each CPU's copy
 *
 * Return: a __percpu pointer for per_cpu_ptr() and this_cpu_*(), or NULL.
 */
#define alloc_percpu(type)						\
	((__typeof__(type) __percpu *)__alloc_percpu(sizeof(type),	\
						      __alignof__(type)))

void setup_per_cpu_areas(unsigned int nr_cpus);
void percpu_init_boot_cpu(void);
void percpu_load_gs(unsigned int cpu);

#endif /* _LINUX_PERCPU_H */
