/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_BOOTINFO_H
#define _ASM_BOOTINFO_H

#include <linux/types.h>

/* What the boot loader told us, parsed from the multiboot2 tags. */
#define BOOT_MEM_MAX		64
#define BOOT_MEM_USABLE		1

struct boot_mem_region {
	u64 base;
	u64 len;
	u32 type;	/* multiboot2 type: 1 = usable RAM */
};

struct boot_info {
	char cmdline[512];
	char loader[64];
	struct boot_mem_region mem[BOOT_MEM_MAX];
	int nr_mem;
	bool rsdp;			/* boot_rsdp[] holds a copy of the RSDP */
	phys_addr_t kernel_start;	/* physical extent of the loaded image */
	phys_addr_t kernel_end;
	phys_addr_t early_alloc_end;	/* memory below this (above kernel) is taken */
	u64 total_ram;
};

extern struct boot_info boot_info;
extern u8 boot_rsdp[40];

/*
 * Early boot allocator: hands out zeroed, page-aligned physical memory
 * just above the kernel image until the page allocator takes over.
 * Returns a direct-map virtual address.
 */
void *early_alloc(size_t size);
/* No more early allocations: the page allocator owns the rest. */
void early_alloc_close(void);

/* kernel/arch/paging.c */
bool paging_ready(void);
void paging_init(void);
unsigned long kernel_cr3(void);

#endif /* _ASM_BOOTINFO_H */
