// SPDX-License-Identifier: GPL-2.0
/*
 * Dynamic per-CPU memory: alloc_percpu() and free_percpu().
 *
 * A fixed region of the per-CPU template (.data..percpu) is reserved for
 * run-time allocations, so every CPU's area has its own copy of it at the
 * same offset as a static DEFINE_PER_CPU() variable would.  An allocation
 * is an address inside the template's region, in the __percpu address
 * space: per_cpu_ptr(), this_cpu_ptr() and this_cpu_*() work on it
 * exactly as on a static per-CPU variable.
 *
 * The region is cut into 16-byte units, handed out first fit.  It is
 * small: per-CPU memory is multiplied by the number of CPUs, and its
 * users (SRCU domains, per-CPU statistics) need a few hundred bytes each.
 */
#include <linux/kernel.h>
#include <linux/percpu.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <linux/string.h>

#define PCPU_UNIT_SHIFT		4
#define PCPU_UNIT_SIZE		(1UL << PCPU_UNIT_SHIFT)
#define PCPU_NR_UNITS		(PERCPU_DYNAMIC_RESERVE >> PCPU_UNIT_SHIFT)

static DEFINE_PER_CPU_ALIGNED(char [PERCPU_DYNAMIC_RESERVE], pcpu_dynamic);

/* pcpu_len[u]: length in units of the allocation starting at unit u, else 0. */
static unsigned short pcpu_len[PCPU_NR_UNITS];
static bool pcpu_used[PCPU_NR_UNITS];
static unsigned int pcpu_units_used;
static DEFINE_SPINLOCK(pcpu_lock);

/* Zero @size bytes at @off into the region, in the template and every area. */
static void pcpu_zero(unsigned long off, size_t size)
{
	char __percpu *p = (char __percpu *)pcpu_dynamic + off;

	/* The template: areas of CPUs brought up later are copied from it. */
	memset((void __force *)p, 0, size);
	for (unsigned int cpu = 0; cpu < nr_cpu_ids && cpu < NR_CPUS; cpu++)
		if (cpu == 0 || __per_cpu_offset[cpu])
			memset(per_cpu_ptr(p, cpu), 0, size);
}

/**
 * __alloc_percpu() - allocate zeroed per-CPU memory
 * @size: bytes per CPU
 * @align: alignment (a power of two, at most 64)
 *
 * Every CPU's copy, and the copy CPUs started later will get, is zeroed.
 * May be called in any context but NMI.
 *
 * Return: the template address (for per_cpu_ptr() and this_cpu_*()), or
 * NULL if @size is 0, @align is unusable or the region is exhausted.
 */
void __percpu *__alloc_percpu(size_t size, size_t align)
{
	unsigned long n = (size + PCPU_UNIT_SIZE - 1) >> PCPU_UNIT_SHIFT;
	unsigned long step = max(align, PCPU_UNIT_SIZE) >> PCPU_UNIT_SHIFT;
	unsigned long flags, start, i;
	void __percpu *ret = NULL;

	if (!size || n > PCPU_NR_UNITS || !align || (align & (align - 1)) || align > 64)
		return NULL;
	spin_lock_irqsave(&pcpu_lock, flags);
	for (start = 0; start + n <= PCPU_NR_UNITS; start += step) {
		for (i = 0; i < n && !pcpu_used[start + i]; i++)
			;
		if (i == n)
			break;
	}
	if (start + n <= PCPU_NR_UNITS) {
		for (i = 0; i < n; i++)
			pcpu_used[start + i] = true;
		pcpu_len[start] = n;
		pcpu_units_used += n;
		ret = (char __percpu *)pcpu_dynamic + (start << PCPU_UNIT_SHIFT);
	}
	spin_unlock_irqrestore(&pcpu_lock, flags);
	/* Units no one else can have: zero them outside the lock. */
	if (ret)
		pcpu_zero(start << PCPU_UNIT_SHIFT, n << PCPU_UNIT_SHIFT);
	return ret;
}

/**
 * free_percpu() - free memory from alloc_percpu() or __alloc_percpu()
 * @ptr: the allocation, or NULL
 *
 * A pointer that is not the start of a live allocation is reported and
 * ignored.
 */
void free_percpu(void __percpu *ptr)
{
	unsigned long off, start, flags;

	if (!ptr)
		return;
	off = (unsigned long)(char __force *)ptr -
	      (unsigned long)(char __force *)pcpu_dynamic;
	start = off >> PCPU_UNIT_SHIFT;
	spin_lock_irqsave(&pcpu_lock, flags);
	if (off >= PERCPU_DYNAMIC_RESERVE || (off & (PCPU_UNIT_SIZE - 1)) ||
	    !pcpu_len[start]) {
		spin_unlock_irqrestore(&pcpu_lock, flags);
		pr_err("free_percpu(%px): not a per-CPU allocation\n",
		       (void __force *)ptr);
		WARN_ON(1);
		return;
	}
	for (unsigned long i = 0; i < pcpu_len[start]; i++)
		pcpu_used[start + i] = false;
	pcpu_units_used -= pcpu_len[start];
	pcpu_len[start] = 0;
	spin_unlock_irqrestore(&pcpu_lock, flags);
}

/**
 * percpu_dynamic_used() - bytes of the dynamic region allocated, per CPU
 */
size_t percpu_dynamic_used(void)
{
	return (size_t)READ_ONCE(pcpu_units_used) << PCPU_UNIT_SHIFT;
}
