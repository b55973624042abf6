// SPDX-License-Identifier: GPL-2.0
/*
 * Multiboot2 boot information: command line, memory map, ACPI RSDP.
 * Everything needed later is copied into boot_info, so the loader's
 * information block can be reused as free memory.
 */
#include <linux/kernel.h>
#include <linux/string.h>
#include <asm/bootinfo.h>
#include <asm/page.h>
#include <asm/arch.h>

#define MB2_BOOTLOADER_MAGIC	0x36d76289
#define MB2_TAG_END		0
#define MB2_TAG_CMDLINE		1
#define MB2_TAG_LOADER		2
#define MB2_TAG_MMAP		6
#define MB2_TAG_ACPI_OLD	14
#define MB2_TAG_ACPI_NEW	15

struct mb2_tag {
	u32 type;
	u32 size;
};

struct mb2_mmap_entry {
	u64 addr;
	u64 len;
	u32 type;
	u32 reserved;
};

struct boot_info boot_info;
u8 boot_rsdp[40];

extern char _kernel_phys_start[], _end[];

static phys_addr_t early_next;
static bool early_closed;

/*
 * Copy what later boot needs out of the multiboot2 information block at
 * @mbi, @size bytes long.
 */
static void __init mb2_parse(const u8 *mbi, size_t size)
{
	u32 total = *(const u32 *)mbi;
	const u8 *p;

	for (p = mbi + 8; p < mbi + total;) {
		const struct mb2_tag *tag = (const struct mb2_tag *)p;

		if (tag->type == MB2_TAG_END)
			break;
		switch (tag->type) {
		case MB2_TAG_CMDLINE:
			strscpy(boot_info.cmdline, (const char *)(tag + 1),
				sizeof(boot_info.cmdline));
			break;
		case MB2_TAG_LOADER:
			strscpy(boot_info.loader, (const char *)(tag + 1),
				sizeof(boot_info.loader));
			break;
		case MB2_TAG_MMAP: {
			u32 esize = ((const u32 *)(tag + 1))[0];
			const u8 *e = (const u8 *)(tag + 1) + 8;

			for (; e + esize <= p + tag->size && boot_info.nr_mem < BOOT_MEM_MAX;
			     e += esize) {
				const struct mb2_mmap_entry *m = (const void *)e;
				struct boot_mem_region *r = &boot_info.mem[boot_info.nr_mem++];

				r->base = m->addr;
				r->len = m->len;
				r->type = m->type;
				if (m->type == BOOT_MEM_USABLE)
					boot_info.total_ram += m->len;
			}
			break;
		}
		case MB2_TAG_ACPI_OLD:
		case MB2_TAG_ACPI_NEW:
			if (!boot_info.rsdp || tag->type == MB2_TAG_ACPI_NEW) {
				memcpy(boot_rsdp, tag + 1,
				       min_t(size_t, tag->size - 8, sizeof(boot_rsdp)));
				boot_info.rsdp = 1;
			}
			break;
		}
		p += ALIGN(tag->size, 8);
	}
}

/* Called with paging still on the boot tables: phys == virt - KERNEL_VMA. */
void __init parse_multiboot(u32 magic, u32 mbi_phys)
{
	const u8 *mbi = (const u8 *)(unsigned long)mbi_phys + KERNEL_VMA;
	u32 total;

	boot_info.kernel_start = (phys_addr_t)(unsigned long)_kernel_phys_start;
	boot_info.kernel_end = __pa_symbol(_end);
	if (magic != MB2_BOOTLOADER_MAGIC) {
		pr_emerg("rcuos: not booted by a multiboot2 loader (magic %#x)\n", magic);
		return;
	}
	total = *(const u32 *)mbi;
	mb2_parse(mbi, total);
	/* Early allocations start on the first page above the image and info. */
	early_next = ALIGN(max_t(phys_addr_t, boot_info.kernel_end,
				 mbi_phys + total), PAGE_SIZE);
	boot_info.early_alloc_end = early_next;
}

void *early_alloc(size_t size)
{
	phys_addr_t pa = early_next;
	void *va;

	BUG_ON(early_closed);
	early_next += ALIGN(size, PAGE_SIZE);
	boot_info.early_alloc_end = early_next;
	/* Before the final page tables only the first GiB is mapped, at KERNEL_VMA. */
	va = (void *)(unsigned long)(pa + (paging_ready() ? PAGE_OFFSET : KERNEL_VMA));
	memset(va, 0, ALIGN(size, PAGE_SIZE));
	return va;
}

void early_alloc_close(void)
{
	early_closed = true;
}
