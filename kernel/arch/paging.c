// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's page tables.
 *
 * Replaces the boot tables with:
 *  - a direct map of physical memory at PAGE_OFFSET (2 MiB pages, RW, NX),
 *    covering at least the first 4 GiB so ACPI tables are reachable;
 *  - the kernel image at KERNEL_VMA in 4 KiB pages: text read-only and
 *    executable, rodata read-only and NX, data and bss writable and NX;
 *  - an ioremap area for device registers (uncached, NX).
 * Nothing is both writable and executable afterwards.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/gfp.h>
#include <asm/page.h>
#include <asm/bootinfo.h>
#include <asm/processor.h>
#include <asm/io.h>
#include <asm/arch.h>

#define PTE_P		(1UL << 0)
#define PTE_RW		(1UL << 1)
#define PTE_PWT		(1UL << 3)
#define PTE_PCD		(1UL << 4)
#define PTE_PS		(1UL << 7)
#define PTE_G		(1UL << 8)
#define PTE_NX		(1UL << 63)
#define PTE_ADDR	0x000ffffffffff000UL

#define X86_CR4_PGE	(1UL << 7)

extern char _stext[], _etext[], _srodata[], _erodata[], _sdata[], _end[];
extern char _skallsyms[];

static u64 *kernel_pml4;
static phys_addr_t kernel_pml4_phys;
static bool ready;
static DEFINE_SPINLOCK(ioremap_lock);
static unsigned long ioremap_next = IOREMAP_BASE;

bool paging_ready(void)
{
	return ready;
}

unsigned long kernel_cr3(void)
{
	return kernel_pml4_phys;
}

static void *pt_virt(phys_addr_t pa)
{
	return (void *)(unsigned long)(pa + (ready ? PAGE_OFFSET : KERNEL_VMA));
}

static phys_addr_t pt_phys(void *va)
{
	unsigned long v = (unsigned long)va;

	return v >= KERNEL_VMA ? v - KERNEL_VMA : v - PAGE_OFFSET;
}

static bool early_done;

static u64 *alloc_table(void)
{
	if (!early_done)
		return early_alloc(PAGE_SIZE);
	return (u64 *)get_zeroed_page(GFP_ATOMIC);
}

/* The entry for @va at @level (3 = PDPT ... 1 = PT), creating tables. */
static u64 *walk(unsigned long va, int level)
{
	u64 *table = kernel_pml4;

	for (int l = 4; l > level; l--) {
		unsigned int idx = (va >> (12 + 9 * (l - 1))) & 511;

		if (!(table[idx] & PTE_P))
			table[idx] = pt_phys(alloc_table()) | PTE_P | PTE_RW;
		table = pt_virt(table[idx] & PTE_ADDR);
	}
	return &table[(va >> (12 + 9 * (level - 1))) & 511];
}

static void map_kernel_range(char *start, char *end, u64 flags)
{
	for (unsigned long va = (unsigned long)start; va < (unsigned long)end;
	     va += PAGE_SIZE)
		*walk(va, 1) = (va - KERNEL_VMA) | flags | PTE_P | PTE_G;
}

void __init paging_init(void)
{
	u64 top = 4UL << 30;

	for (int i = 0; i < boot_info.nr_mem; i++)
		top = max(top, boot_info.mem[i].base + boot_info.mem[i].len);
	top = ALIGN(top, 2UL << 20);

	kernel_pml4 = early_alloc(PAGE_SIZE);
	kernel_pml4_phys = pt_phys(kernel_pml4);

	for (u64 pa = 0; pa < top; pa += 2UL << 20)
		*walk(PAGE_OFFSET + pa, 2) = pa | PTE_P | PTE_RW | PTE_PS | PTE_G | PTE_NX;

	map_kernel_range(_stext, _etext, 0);
	map_kernel_range(_srodata, _erodata, PTE_NX);
	map_kernel_range(_sdata, _skallsyms, PTE_RW | PTE_NX);
	map_kernel_range(_skallsyms, _end, PTE_NX);

	write_cr4(read_cr4() | X86_CR4_PGE);
	wrmsr(MSR_EFER, rdmsr(MSR_EFER) | EFER_NXE);
	write_cr0(read_cr0() | X86_CR0_WP);
	write_cr3(kernel_pml4_phys);
	ready = true;
	kernel_pml4 = pt_virt(kernel_pml4_phys);
}

/* After this, page tables come from the page allocator. */
void paging_early_done(void)
{
	early_done = true;
}

/**
 * ioremap() - map device registers into the kernel's address space
 * @phys: physical address of the registers
 * @size: length in bytes
 *
 * The mapping is uncached, writable and not executable.  Mappings are
 * never torn down (rcuos has no hot-unplug of devices).
 */
void __iomem *ioremap(phys_addr_t phys, size_t size)
{
	phys_addr_t base = phys & PAGE_MASK;
	size_t len = ALIGN(phys - base + size, PAGE_SIZE);
	unsigned long flags, va;

	spin_lock_irqsave(&ioremap_lock, flags);
	va = ioremap_next;
	ioremap_next += len + PAGE_SIZE;	/* guard page */
	for (size_t off = 0; off < len; off += PAGE_SIZE)
		*walk(va + off, 1) = (base + off) | PTE_P | PTE_RW | PTE_PCD |
				     PTE_PWT | PTE_NX | PTE_G;
	spin_unlock_irqrestore(&ioremap_lock, flags);
	return (void __iomem *)(va + (phys - base));
}
