// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's page tables.
 *
 * Replaces the boot tables with:
 *  - a direct map of physical memory at PAGE_OFFSET (2 MiB pages, RW, NX),
 *    covering at least the first 4 GiB so ACPI tables are reachable;
 *  - the kernel image at KERNEL_VMA in 4 KiB pages: text read-only and
 *    executable, rodata read-only and NX, data and bss writable and NX;
 *  - an ioremap area for device registers (uncached, NX);
 *  - a kernel stack area: each kthread stack in a slot whose lower half
 *    stays unmapped, so that running off the stack faults instead of
 *    overwriting the memory below it (see kstack_alloc()).
 * Nothing is both writable and executable afterwards, and the direct
 * map's alias of the kernel's text, rodata and symbol table is read-only
 * like the image's own mapping.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/gfp.h>
#include <linux/sched.h>
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
/* Serializes page-table changes after boot (ioremap, stacks). */
static DEFINE_SPINLOCK(pgtable_lock);
static unsigned long ioremap_next = IOREMAP_BASE;
/* Stack slots handed out so far; freed stacks stay mapped for reuse. */
static unsigned long kstack_next = KSTACK_BASE;
static void *kstack_free_list;

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

/*
 * The entry for @va at @level (3 = PDPT ... 1 = PT), creating tables.
 * NULL if a table could not be allocated (only after boot).
 */
static u64 *walk(unsigned long va, int level)
{
	u64 *table = kernel_pml4;

	for (int l = 4; l > level; l--) {
		unsigned int idx = (va >> (12 + 9 * (l - 1))) & 511;

		if (!(table[idx] & PTE_P)) {
			u64 *new = alloc_table();

			if (!new)
				return NULL;
			table[idx] = pt_phys(new) | PTE_P | PTE_RW;
		}
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
	u64 top = 4UL << 30, img_lo, img_hi;

	for (int i = 0; i < boot_info.nr_mem; i++)
		top = max(top, boot_info.mem[i].base + boot_info.mem[i].len);
	top = ALIGN(top, 2UL << 20);

	kernel_pml4 = early_alloc(PAGE_SIZE);
	kernel_pml4_phys = pt_phys(kernel_pml4);

	/*
	 * The 2 MiB pages holding the image are split so that the alias
	 * of text, rodata and the symbol table can be read-only; data and
	 * bss stay writable through it.
	 */
	img_lo = __pa_symbol(_stext) & ~((2UL << 20) - 1);
	img_hi = ALIGN(__pa_symbol(_end), 2UL << 20);
	for (u64 pa = 0; pa < top; pa += 2UL << 20) {
		if (pa >= img_lo && pa < img_hi)
			continue;
		*walk(PAGE_OFFSET + pa, 2) = pa | PTE_P | PTE_RW | PTE_PS | PTE_G | PTE_NX;
	}
	for (u64 pa = img_lo; pa < img_hi; pa += PAGE_SIZE) {
		bool ro = (pa >= __pa_symbol(_stext) && pa < __pa_symbol(_erodata)) ||
			  (pa >= __pa_symbol(_skallsyms) && pa < __pa_symbol(_end));

		*walk(PAGE_OFFSET + pa, 1) = pa | PTE_P | (ro ? 0 : PTE_RW) | PTE_G | PTE_NX;
	}

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

	spin_lock_irqsave(&pgtable_lock, flags);
	va = ioremap_next;
	ioremap_next += len + PAGE_SIZE;	/* guard page */
	for (size_t off = 0; off < len; off += PAGE_SIZE) {
		u64 *pte = walk(va + off, 1);

		BUG_ON(!pte);	/* at boot: no memory for a page table */
		*pte = (base + off) | PTE_P | PTE_RW | PTE_PCD | PTE_PWT | PTE_NX | PTE_G;
	}
	spin_unlock_irqrestore(&pgtable_lock, flags);
	return (void __iomem *)(va + (phys - base));
}

/**
 * kstack_alloc() - allocate a kernel stack with a guard below it
 *
 * The THREAD_SIZE stack is mapped in the kernel stack area at the top of
 * a slot of KSTACK_SLOT bytes whose lower KSTACK_GUARD bytes are never
 * mapped: a stack overflow faults there (a double fault, handled on its
 * own stack) instead of corrupting whatever lies below.  Freed stacks
 * keep their mapping and are handed out again, so nothing is ever
 * unmapped and no other CPU's TLB can hold a stale entry.
 *
 * Return: the stack's lowest address, or NULL if out of memory.
 */
void *kstack_alloc(void)
{
	unsigned long pages[THREAD_SIZE / PAGE_SIZE], flags, va;
	unsigned int i, n = THREAD_SIZE / PAGE_SIZE;
	void *stack;

	BUILD_BUG_ON(KSTACK_SLOT - KSTACK_GUARD != THREAD_SIZE);
	spin_lock_irqsave(&pgtable_lock, flags);
	stack = kstack_free_list;
	if (stack)
		kstack_free_list = *(void **)stack;
	spin_unlock_irqrestore(&pgtable_lock, flags);
	if (stack)
		return stack;

	/* Zeroed, as Linux does, so that no stale data is read as a frame. */
	for (i = 0; i < n; i++) {
		pages[i] = __get_free_page(GFP_KERNEL | __GFP_ZERO);
		if (!pages[i]) {
			while (i--)
				free_page(pages[i]);
			return NULL;
		}
	}
	spin_lock_irqsave(&pgtable_lock, flags);
	va = kstack_next + KSTACK_GUARD;
	kstack_next += KSTACK_SLOT;
	for (i = 0; i < n; i++) {
		u64 *pte = walk(va + i * PAGE_SIZE, 1);

		if (!pte)
			break;
		*pte = __pa(pages[i]) | PTE_P | PTE_RW | PTE_NX | PTE_G;
	}
	if (i < n) {
		/* No page table: give up the slot (never touched, so no TLB entry) */
		while (i--)
			*walk(va + i * PAGE_SIZE, 1) = 0;
		spin_unlock_irqrestore(&pgtable_lock, flags);
		for (i = 0; i < n; i++)
			free_page(pages[i]);
		return NULL;
	}
	spin_unlock_irqrestore(&pgtable_lock, flags);
	return (void *)va;
}

/**
 * kstack_free() - give back a stack from kstack_alloc()
 * @stack: its lowest address
 */
void kstack_free(void *stack)
{
	unsigned long flags;

	spin_lock_irqsave(&pgtable_lock, flags);
	*(void **)stack = kstack_free_list;
	kstack_free_list = stack;
	spin_unlock_irqrestore(&pgtable_lock, flags);
}

/**
 * kstack_guard_addr() - is @addr in the guard area below a kernel stack?
 * @addr: a virtual address
 */
bool kstack_guard_addr(unsigned long addr)
{
	return addr >= KSTACK_BASE && addr < READ_ONCE(kstack_next) &&
	       (addr - KSTACK_BASE) % KSTACK_SLOT < KSTACK_GUARD;
}

/**
 * kstack_mapped_addr() - is @addr in a mapped part of the stack area?
 * @addr: a virtual address
 *
 * For backtraces, which must not fault on a guard page.
 */
bool kstack_mapped_addr(unsigned long addr)
{
	return addr >= KSTACK_BASE && addr < READ_ONCE(kstack_next) &&
	       !kstack_guard_addr(addr);
}

/**
 * lookup_address() - the page-table entry mapping @va
 * @va: a virtual address
 * @level: set to the entry's level: 1 for a 4 KiB page, 2 for 2 MiB, ...
 *
 * Return: the leaf entry, or 0 if @va is not mapped (then @level is the
 * level at which the walk found nothing).
 */
u64 lookup_address(unsigned long va, int *level)
{
	u64 *table = kernel_pml4;

	for (int l = 4; l >= 1; l--) {
		u64 e = table[(va >> (12 + 9 * (l - 1))) & 511];

		*level = l;
		if (!(e & PTE_P))
			return 0;
		if (l == 1 || (e & PTE_PS))
			return e;
		table = pt_virt(e & PTE_ADDR);
	}
	return 0;
}

static unsigned long count_wx(u64 *table, int level)
{
	unsigned long n = 0;

	for (int i = 0; i < 512; i++) {
		u64 e = table[i];

		if (!(e & PTE_P))
			continue;
		if (level == 1 || (e & PTE_PS))
			n += (e & PTE_RW) && !(e & PTE_NX);
		else
			n += count_wx(pt_virt(e & PTE_ADDR), level - 1);
	}
	return n;
}

/**
 * paging_count_wx() - count the pages both writable and executable
 *
 * Walks every present leaf of the kernel's page tables (the upper levels
 * are all writable and executable, so the leaf alone decides).
 * Return: the number of such leaf entries (0 is the W^X promise).
 */
unsigned long paging_count_wx(void)
{
	unsigned long flags, n;

	spin_lock_irqsave(&pgtable_lock, flags);
	n = count_wx(kernel_pml4, 4);
	spin_unlock_irqrestore(&pgtable_lock, flags);
	return n;
}
