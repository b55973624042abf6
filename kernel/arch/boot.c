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

/* Packed: entry_size need not be a multiple of 8. */
struct mb2_mmap_entry {
	u64 addr;
	u64 len;
	u32 type;
	u32 reserved;
} __packed;

struct boot_info boot_info;
u8 boot_rsdp[40];

extern char _kernel_phys_start[], _end[];

static phys_addr_t early_next;
static bool early_closed;

/* A string from a tag: up to its NUL or the tag's end, cut to fit @dst. */
static void __init mb2_copy_string(char *dst, size_t dsize, const u8 *src, size_t len)
{
	size_t n = min(strnlen((const char *)src, len), dsize - 1);

	memcpy(dst, src, n);
	dst[n] = '\0';
}

/*
 * Copy what later boot needs out of the multiboot2 information block at
 * @mbi, @size bytes long.  Nothing outside the block is read, whatever its
 * sizes say: a tag that does not fit ends the walk (a size below a tag
 * header would not even advance it), and strings and memory map entries
 * are taken only from within their tag.
 */
static void __init mb2_parse(const u8 *mbi, size_t size)
{
	size_t total, off = 8;

	if (size < 8)
		return;
	total = min_t(size_t, *(const u32 *)mbi, size);
	while (off + sizeof(struct mb2_tag) <= total) {
		const struct mb2_tag *tag = (const struct mb2_tag *)(mbi + off);
		const u8 *data = (const u8 *)(tag + 1);
		size_t len;	/* bytes after the tag header */

		if (tag->type == MB2_TAG_END || tag->size < sizeof(*tag) ||
		    tag->size > total - off)
			break;
		len = tag->size - sizeof(*tag);
		switch (tag->type) {
		case MB2_TAG_CMDLINE:
			mb2_copy_string(boot_info.cmdline, sizeof(boot_info.cmdline),
					data, len);
			break;
		case MB2_TAG_LOADER:
			mb2_copy_string(boot_info.loader, sizeof(boot_info.loader),
					data, len);
			break;
		case MB2_TAG_MMAP: {
			u32 esize;

			if (len < 8)
				break;
			/* entry_size, entry_version, then the entries */
			esize = *(const u32 *)data;
			if (esize < sizeof(struct mb2_mmap_entry))
				break;
			for (size_t e = 8; e + esize <= len && boot_info.nr_mem < BOOT_MEM_MAX;
			     e += esize) {
				const struct mb2_mmap_entry *m = (const void *)(data + e);
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
				memset(boot_rsdp, 0, sizeof(boot_rsdp));
				memcpy(boot_rsdp, data, min(len, sizeof(boot_rsdp)));
				boot_info.rsdp = 1;
			}
			break;
		}
		off += ALIGN((size_t)tag->size, 8);
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
