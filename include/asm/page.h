/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_PAGE_H
#define _ASM_PAGE_H

#include <linux/types.h>

#define PAGE_SHIFT	12
#define PAGE_SIZE	(1UL << PAGE_SHIFT)
#define PAGE_MASK	(~(PAGE_SIZE - 1))

/*
 * Virtual memory layout:
 *   0xffff888000000000  direct map of all physical RAM (PAGE_OFFSET)
 *   0xffffc90000000000  ioremap area (device MMIO, uncached)
 *   0xffffd00000000000  kernel stacks, each above an unmapped guard
 *   0xffffffff80000000  kernel image (text RX, rodata R, data/bss RW+NX)
 */
#define PAGE_OFFSET	0xffff888000000000UL
#define IOREMAP_BASE	0xffffc90000000000UL
#define KERNEL_VMA	0xffffffff80000000UL
#define KSTACK_BASE	0xffffd00000000000UL
/* A stack slot: the guard (never mapped), then a THREAD_SIZE stack. */
#define KSTACK_GUARD	(16UL << 10)
#define KSTACK_SLOT	(KSTACK_GUARD + (16UL << 10))

/* Page-table entry bits (kernel/arch/paging.c, lookup_address()). */
#define _PAGE_PRESENT	(1UL << 0)
#define _PAGE_RW	(1UL << 1)
#define _PAGE_NX	(1UL << 63)

#define __va(pa)	((void *)((unsigned long)(pa) + PAGE_OFFSET))
#define __pa(va)	((phys_addr_t)((unsigned long)(va) - PAGE_OFFSET))
/* Physical address of a kernel-image symbol. */
#define __pa_symbol(va)	((phys_addr_t)((unsigned long)(va) - KERNEL_VMA))

#endif /* _ASM_PAGE_H */
