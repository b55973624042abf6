// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the boot information parsers: the multiboot2 block
 * (kernel/arch/boot.c) and the ACPI tables (kernel/arch/acpi.c), both
 * included directly.  Each input sits in a buffer of exactly its size,
 * so a read past its end is an ASan report; ACPI tables are "physical
 * memory" from address 0 of such a buffer, mapped by acpi_map() below.
 */
#include "ktest.h"

#include "../../kernel/arch/boot.c"
#include "../../kernel/arch/acpi.c"

char _kernel_phys_start[1], _end[1];

bool paging_ready(void)
{
	return true;
}

static const u8 *mem;
static size_t mem_size;

const void *acpi_map(u64 pa, size_t len)
{
	if (pa > mem_size || len > mem_size - pa)
		return NULL;
	return mem + pa;
}

/* A multiboot2 block under construction. */
struct mb2 {
	u8 buf[1024];
	size_t len;
};

static void mb2_start(struct mb2 *b)
{
	memset(b, 0, sizeof(*b));
	b->len = 8;
}

/* Add a tag whose header says @size (any value), @n bytes of @data. */
static void mb2_tag(struct mb2 *b, u32 type, u32 size, const void *data, size_t n)
{
	memcpy(b->buf + b->len, &type, 4);
	memcpy(b->buf + b->len + 4, &size, 4);
	memcpy(b->buf + b->len + 8, data, n);
	b->len += ALIGN(8 + n, 8);
}

/* Parse the block from a heap copy of exactly its length. */
static void mb2_run(struct mb2 *b)
{
	u32 total = b->len;
	u8 *copy = malloc(b->len);

	memcpy(b->buf, &total, 4);
	memcpy(copy, b->buf, b->len);
	memset(&boot_info, 0, sizeof(boot_info));
	memset(boot_rsdp, 0, sizeof(boot_rsdp));
	mb2_parse(copy, b->len);
	free(copy);
}

static void test_mb2_valid(struct ktest *t)
{
	struct mb2 b;
	u32 mmap_hdr[2] = { 24, 0 };
	u64 mmap[6] = { 0, 0x9fc00, 1, 0x100000, 0x1fee0000, 1 };

	mb2_start(&b);
	mb2_tag(&b, MB2_TAG_CMDLINE, 8 + 10, "a=1 b=\"2\"", 10);
	mb2_tag(&b, MB2_TAG_LOADER, 8 + 5, "GRUB", 5);
	memcpy(b.buf + b.len + 8, mmap_hdr, 8);
	memcpy(b.buf + b.len + 16, mmap, sizeof(mmap));
	mb2_tag(&b, MB2_TAG_MMAP, 8 + 8 + sizeof(mmap), b.buf + b.len + 8, 8 + sizeof(mmap));
	mb2_tag(&b, MB2_TAG_END, 8, NULL, 0);
	mb2_run(&b);
	KEXPECT_STREQ(t, boot_info.cmdline, "a=1 b=\"2\"");
	KEXPECT_STREQ(t, boot_info.loader, "GRUB");
	KEXPECT_EQ(t, boot_info.nr_mem, 2);
	KEXPECT_EQ(t, boot_info.mem[1].base, 0x100000ULL);
	KEXPECT_EQ(t, boot_info.total_ram, 0x9fc00ULL + 0x1fee0000);
}

/* A tag claiming more bytes than the block has: not read past the block. */
static void test_mb2_tag_past_end(struct ktest *t)
{
	struct mb2 b;

	mb2_start(&b);
	mb2_tag(&b, MB2_TAG_LOADER, 8 + 4, "GRUB", 4);	/* no NUL */
	mb2_tag(&b, MB2_TAG_CMDLINE, 4096, "abc", 3);
	mb2_run(&b);
	KEXPECT_STREQ(t, boot_info.loader, "GRUB");
	KEXPECT_STREQ(t, boot_info.cmdline, "");
}

/* A command line without its NUL at the end of the block. */
static void test_mb2_string_unterminated(struct ktest *t)
{
	struct mb2 b;

	mb2_start(&b);
	mb2_tag(&b, MB2_TAG_CMDLINE, 8 + 8, "console=", 8);
	mb2_run(&b);
	KEXPECT_STREQ(t, boot_info.cmdline, "console=");
}

/* Sizes below a tag header, or an ACPI tag shorter than its header. */
static void test_mb2_short_tags(struct ktest *t)
{
	struct mb2 b;

	mb2_start(&b);
	mb2_tag(&b, MB2_TAG_ACPI_OLD, 4, NULL, 0);
	mb2_run(&b);
	KEXPECT_EQ(t, boot_info.rsdp, false);

	mb2_start(&b);
	mb2_tag(&b, MB2_TAG_LOADER, 0, NULL, 0);	/* would never advance */
	mb2_tag(&b, MB2_TAG_LOADER, 8 + 2, "x", 2);
	mb2_run(&b);
	KEXPECT_STREQ(t, boot_info.loader, "");
}

/* Memory map entries smaller than an entry, or running past the tag. */
static void test_mb2_mmap_entry_size(struct ktest *t)
{
	struct mb2 b;
	u32 hdr[2] = { 0, 0 };

	mb2_start(&b);
	mb2_tag(&b, MB2_TAG_MMAP, 8 + 8, hdr, 8);
	mb2_run(&b);
	KEXPECT_EQ(t, boot_info.nr_mem, 0);

	mb2_start(&b);
	hdr[0] = 8;
	mb2_tag(&b, MB2_TAG_MMAP, 8 + 8 + 8, b.buf, 16);
	memcpy(b.buf + b.len - 16, hdr, 8);
	mb2_run(&b);
	KEXPECT_EQ(t, boot_info.nr_mem, 0);
}

static const struct ktest_case cases[] = {
	KTEST_CASE(test_mb2_valid),
	KTEST_CASE(test_mb2_tag_past_end),
	KTEST_CASE(test_mb2_string_unterminated),
	KTEST_CASE(test_mb2_short_tags),
	KTEST_CASE(test_mb2_mmap_entry_size),
	{}
};
KTEST_MAIN("boot", cases);
