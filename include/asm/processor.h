/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_PROCESSOR_H
#define _ASM_PROCESSOR_H

#include <linux/types.h>

/* Spin-wait hint; also a compiler barrier. */
static __always_inline void cpu_relax(void)
{
	__asm__ __volatile__("pause" : : : "memory");
}

static __always_inline u64 rdtsc(void)
{
	u32 lo, hi;

	__asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
	return ((u64)hi << 32) | lo;
}

/* rdtsc that is not executed before earlier instructions complete. */
static __always_inline u64 rdtsc_ordered(void)
{
	__asm__ __volatile__("lfence" : : : "memory");
	return rdtsc();
}

static __always_inline u64 rdmsr(u32 msr)
{
	u32 lo, hi;

	__asm__ __volatile__("rdmsr" : "=a"(lo), "=d"(hi) : "c"(msr));
	return ((u64)hi << 32) | lo;
}

static __always_inline void wrmsr(u32 msr, u64 val)
{
	__asm__ __volatile__("wrmsr" : : "c"(msr), "a"((u32)val),
			     "d"((u32)(val >> 32)) : "memory");
}

static __always_inline void cpuid(u32 leaf, u32 sub, u32 *a, u32 *b, u32 *c, u32 *d)
{
	__asm__ __volatile__("cpuid" : "=a"(*a), "=b"(*b), "=c"(*c), "=d"(*d)
			     : "a"(leaf), "c"(sub));
}

#define DEFINE_CR(n)							\
static __always_inline unsigned long read_cr##n(void)			\
{									\
	unsigned long v;						\
	__asm__ __volatile__("mov %%cr" #n ", %0" : "=r"(v));		\
	return v;							\
}									\
static __always_inline void write_cr##n(unsigned long v)		\
{									\
	__asm__ __volatile__("mov %0, %%cr" #n : : "r"(v) : "memory");	\
}
DEFINE_CR(0)
DEFINE_CR(2)
DEFINE_CR(3)
DEFINE_CR(4)
#undef DEFINE_CR

static __always_inline void native_halt(void)
{
	__asm__ __volatile__("hlt" : : : "memory");
}

/* Enable interrupts and halt atomically: a pending interrupt wakes us. */
static __always_inline void safe_halt(void)
{
	__asm__ __volatile__("sti; hlt" : : : "memory");
}

static __always_inline unsigned long read_rflags(void)
{
	unsigned long f;

	__asm__ __volatile__("pushfq; popq %0" : "=r"(f) : : "memory");
	return f;
}

static __always_inline void invlpg(unsigned long addr)
{
	__asm__ __volatile__("invlpg (%0)" : : "r"(addr) : "memory");
}

#define MSR_EFER		0xc0000080
#define EFER_NXE		(1UL << 11)
#define MSR_FS_BASE		0xc0000100
#define MSR_GS_BASE		0xc0000101
#define MSR_KERNEL_GS_BASE	0xc0000102
#define MSR_APIC_BASE		0x1b

#define X86_CR0_WP		(1UL << 16)
#define X86_EFLAGS_IF		(1UL << 9)

#endif /* _ASM_PROCESSOR_H */
