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

/*
 * ACPI tables in a small physical memory: RSDP (in boot_rsdp, as the
 * multiboot2 tag gives it) -> RSDT or XSDT at 0x40 -> MADT, FADT.
 */
struct acpi_mem {
	u8 buf[1024];
	size_t len;	/* the memory's size: what acpi_map() allows */
};

static void sdt_put(struct acpi_mem *m, size_t at, const char *sig, u32 len,
		    const void *body, size_t n)
{
	struct acpi_sdt h = { .length = len, .rev = 1 };
	u8 sum = 0;

	memcpy(h.sig, sig, 4);
	memcpy(m->buf + at, &h, sizeof(h));
	memcpy(m->buf + at + sizeof(h), body, n);
	for (size_t i = 0; i < min_t(size_t, len, sizeof(m->buf) - at); i++)
		sum += m->buf[at + i];
	m->buf[at + 9] = -sum;
	m->len = max(m->len, at + sizeof(h) + n);
}

/* RSDP rev 0 pointing at an RSDT at 0x40 listing @n tables. */
static void rsdp_rsdt(struct acpi_mem *m, const u32 *tables, unsigned int n)
{
	struct acpi_rsdp r = { .sig = "RSD PTR ", .rsdt = 0x40 };
	u8 sum = 0;

	memcpy(boot_rsdp, &r, sizeof(r));
	for (int i = 0; i < 20; i++)
		sum += boot_rsdp[i];
	boot_rsdp[8] = -sum;
	boot_info.rsdp = true;
	sdt_put(m, 0x40, "RSDT", 36 + 4 * n, tables, 4 * n);
}

static void acpi_run(struct acpi_mem *m)
{
	u8 *copy = malloc(m->len);

	memcpy(copy, m->buf, m->len);
	mem = copy;
	mem_size = m->len;
	memset(&acpi_config, 0, sizeof(acpi_config));
	acpi_init();
	free(copy);
	mem = NULL;
}

static const u8 madt_qemu[] = {
	0x00, 0x00, 0xe0, 0xfe, 1, 0, 0, 0,	/* local APIC address, flags */
	0, 8, 0, 0, 1, 0, 0, 0,			/* CPU 0, APIC id 0, enabled */
	0, 8, 1, 1, 1, 0, 0, 0,			/* CPU 1, APIC id 1, enabled */
	1, 12, 0, 0, 0x00, 0x00, 0xc0, 0xfe, 0, 0, 0, 0,	/* IOAPIC */
	2, 10, 0, 0, 2, 0, 0, 0, 0, 0,		/* IRQ 0 -> GSI 2 */
	2, 10, 0, 9, 9, 0, 0, 0, 0x0d, 0,	/* IRQ 9 level, high */
	4, 6, 0xff, 0, 0, 1,			/* local APIC NMI */
};

static void test_acpi_valid(struct ktest *t)
{
	struct acpi_mem m = { .len = 0 };
	u32 tables[2] = { 0x100, 0x200 };
	u8 fadt[116 - 36] = { 0 };

	memset(&boot_info, 0, sizeof(boot_info));
	rsdp_rsdt(&m, tables, 2);
	sdt_put(&m, 0x100, "APIC", 36 + sizeof(madt_qemu), madt_qemu, sizeof(madt_qemu));
	fadt[64 - 36] = 0x04;
	fadt[65 - 36] = 0x06;
	sdt_put(&m, 0x200, "FACP", 116, fadt, sizeof(fadt));
	acpi_run(&m);
	KEXPECT_EQ(t, acpi_config.nr_cpus, 2U);
	KEXPECT_EQ(t, acpi_config.apic_ids[1], 1U);
	KEXPECT_EQ(t, acpi_config.lapic_phys, 0xfee00000ULL);
	KEXPECT_TRUE(t, acpi_config.have_ioapic);
	KEXPECT_EQ(t, acpi_config.ioapic_phys, 0xfec00000ULL);
	KEXPECT_EQ(t, acpi_config.isa_gsi[0], 2U);
	KEXPECT_EQ(t, acpi_config.isa_flags[9], 0xd);
	KEXPECT_EQ(t, acpi_config.pm1a_cnt, 0x604U);
}

/* A root table shorter than its header: no entries, not 2^32 of them. */
static void test_acpi_short_root(struct ktest *t)
{
	struct acpi_mem m = { .len = 0 };

	memset(&boot_info, 0, sizeof(boot_info));
	rsdp_rsdt(&m, NULL, 0);
	m.buf[0x40 + 4] = 20;	/* length */
	acpi_run(&m);
	KEXPECT_EQ(t, acpi_config.nr_cpus, 0U);
}

/* A table whose length runs past the end of memory is not checksummed. */
static void test_acpi_table_past_end(struct ktest *t)
{
	struct acpi_mem m = { .len = 0 };
	u32 tables[1] = { 0x100 };

	memset(&boot_info, 0, sizeof(boot_info));
	rsdp_rsdt(&m, tables, 1);
	sdt_put(&m, 0x100, "APIC", 4096, madt_qemu, 8);
	acpi_run(&m);
	KEXPECT_EQ(t, acpi_config.nr_cpus, 0U);
}

/* MADT entries shorter than their type's fields, or past the table's end. */
static void test_acpi_madt_short_entries(struct ktest *t)
{
	static const u8 madt[] = {
		0x00, 0xfe, 0xe0, 0xfe, 1, 0, 0, 0,
		0, 8, 0, 0, 1, 0, 0, 0,		/* CPU 0: fine */
		0, 4, 1, 1,			/* CPU entry of 4 bytes */
		1, 2,				/* IOAPIC entry of 2 bytes */
		9, 16, 0, 0, 7, 0, 0, 0,	/* x2APIC running past the end */
	};
	struct acpi_mem m = { .len = 0 };
	u32 tables[1] = { 0x100 };

	memset(&boot_info, 0, sizeof(boot_info));
	rsdp_rsdt(&m, tables, 1);
	sdt_put(&m, 0x100, "APIC", 36 + sizeof(madt), madt, sizeof(madt));
	acpi_run(&m);
	KEXPECT_EQ(t, acpi_config.nr_cpus, 1U);
	KEXPECT_FALSE(t, acpi_config.have_ioapic);
}

/* A MADT too short for its own fixed fields. */
static void test_acpi_madt_short(struct ktest *t)
{
	struct acpi_mem m = { .len = 0 };
	u32 tables[1] = { 0x100 };

	memset(&boot_info, 0, sizeof(boot_info));
	rsdp_rsdt(&m, tables, 1);
	sdt_put(&m, 0x100, "APIC", 38, madt_qemu, 2);
	acpi_run(&m);
	KEXPECT_EQ(t, acpi_config.nr_cpus, 0U);
}

static const struct ktest_case cases[] = {
	KTEST_CASE(test_mb2_valid),
	KTEST_CASE(test_mb2_tag_past_end),
	KTEST_CASE(test_mb2_string_unterminated),
	KTEST_CASE(test_mb2_short_tags),
	KTEST_CASE(test_mb2_mmap_entry_size),
	KTEST_CASE(test_acpi_valid),
	KTEST_CASE(test_acpi_short_root),
	KTEST_CASE(test_acpi_table_past_end),
	KTEST_CASE(test_acpi_madt_short_entries),
	KTEST_CASE(test_acpi_madt_short),
	{}
};
KTEST_MAIN("boot", cases);
