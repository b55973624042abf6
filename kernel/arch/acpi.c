// SPDX-License-Identifier: GPL-2.0
/*
 * ACPI, as much as SMP needs: RSDP (from the multiboot2 tag) -> RSDT/XSDT
 * -> MADT, giving the local APIC ids of the CPUs, the IOAPIC and the ISA
 * interrupt overrides.  Also the FADT's PM1a control block for poweroff
 * on machines without isa-debug-exit.
 */
#include <linux/kernel.h>
#include <linux/string.h>
#include <asm/acpi.h>
#include <asm/bootinfo.h>
#include <asm/page.h>

struct acpi_rsdp {
	char sig[8];
	u8 checksum;
	char oem[6];
	u8 rev;
	u32 rsdt;
	u32 length;
	u64 xsdt;
	u8 xchecksum;
	u8 reserved[3];
} __packed;

struct acpi_sdt {
	char sig[4];
	u32 length;
	u8 rev;
	u8 checksum;
	char oem[6];
	char oem_table[8];
	u32 oem_rev;
	u32 creator;
	u32 creator_rev;
} __packed;

struct acpi_madt {
	struct acpi_sdt h;
	u32 lapic_addr;
	u32 flags;
} __packed;

struct acpi_config acpi_config = {
	.lapic_phys = 0xfee00000,
	.ioapic_phys = 0xfec00000,
};

#ifdef __UNIT_TEST__
/* Host tests and fuzzers map the tables from a buffer. */
const void *acpi_map(u64 pa, size_t len);
#else
/*
 * The firmware's tables at physical address @pa, @len bytes: all of
 * physical memory is in the direct map.
 */
static const void *acpi_map(u64 pa, size_t len)
{
	return __va(pa);
}
#endif

static bool checksum_ok(const void *p, size_t len)
{
	u8 sum = 0;

	for (size_t i = 0; i < len; i++)
		sum += ((const u8 *)p)[i];
	return sum == 0;
}

/* Table fields and MADT entries need not be aligned: read them bytewise. */
static u16 get_u16(const u8 *p)
{
	return ((const struct { u16 v; } __packed *)p)->v;
}

static u32 get_u32(const u8 *p)
{
	return ((const struct { u32 v; } __packed *)p)->v;
}

static u64 get_u64(const u8 *p)
{
	return ((const struct { u64 v; } __packed *)p)->v;
}

/* The table at @pa, all of its length mapped; NULL if that is not sane. */
static const struct acpi_sdt *map_table(u64 pa)
{
	const struct acpi_sdt *t = acpi_map(pa, sizeof(*t));

	if (!t || t->length < sizeof(*t))
		return NULL;
	return acpi_map(pa, t->length);
}

static const struct acpi_sdt *find_table(const char *sig)
{
	const struct acpi_rsdp *rsdp = (const void *)boot_rsdp;
	const struct acpi_sdt *root;
	bool x = rsdp->rev >= 2 && rsdp->xsdt;
	unsigned int n;

	root = map_table(x ? rsdp->xsdt : rsdp->rsdt);
	if (!root)
		return NULL;
	n = (root->length - sizeof(*root)) / (x ? 8 : 4);
	for (unsigned int i = 0; i < n; i++) {
		const u8 *ent = (const u8 *)(root + 1) + i * (x ? 8 : 4);
		u64 pa = x ? get_u64(ent) : get_u32(ent);
		const struct acpi_sdt *t = map_table(pa);

		if (t && !memcmp(t->sig, sig, 4) && checksum_ok(t, t->length))
			return t;
	}
	return NULL;
}

/* The fewest bytes a MADT entry of each type we read must have. */
static const u8 madt_entry_min[] = {
	[0] = 8,	/* processor local APIC */
	[1] = 12,	/* IOAPIC */
	[2] = 10,	/* interrupt source override */
	[5] = 12,	/* local APIC address override */
	[9] = 16,	/* processor local x2APIC */
};

/* @madt: mapped for all of its madt->h.length bytes (map_table()). */
static void parse_madt(const struct acpi_madt *madt)
{
	const u8 *p = (const u8 *)(madt + 1);
	const u8 *end = (const u8 *)madt + madt->h.length;

	if (madt->h.length < sizeof(*madt))
		return;
	acpi_config.lapic_phys = madt->lapic_addr;
	/* An entry running past the table's end ends the walk. */
	for (; p + 2 <= end && p[1] >= 2 && p[1] <= end - p; p += p[1]) {
		if (p[0] < ARRAY_SIZE(madt_entry_min) && p[1] < madt_entry_min[p[0]])
			continue;	/* too short for its type: skipped */
		switch (p[0]) {
		case 0:		/* processor local APIC */
			/* flags bit 0: enabled; bit 1: online capable */
			if ((get_u32(p + 4) & 3) &&
			    acpi_config.nr_cpus < ARRAY_SIZE(acpi_config.apic_ids))
				acpi_config.apic_ids[acpi_config.nr_cpus++] = p[3];
			break;
		case 1:		/* IOAPIC */
			if (!acpi_config.have_ioapic) {
				acpi_config.ioapic_phys = get_u32(p + 4);
				acpi_config.ioapic_gsi_base = get_u32(p + 8);
				acpi_config.have_ioapic = true;
			}
			break;
		case 2: {	/* interrupt source override */
			u8 irq = p[3];

			if (irq < 16) {
				acpi_config.isa_gsi[irq] = get_u32(p + 4);
				acpi_config.isa_flags[irq] = get_u16(p + 8);
				acpi_config.isa_override[irq] = true;
			}
			break;
		}
		case 5:		/* 64-bit local APIC address override */
			acpi_config.lapic_phys = get_u64(p + 4);
			break;
		case 9:		/* processor local x2APIC */
			if ((get_u32(p + 8) & 3) &&
			    acpi_config.nr_cpus < ARRAY_SIZE(acpi_config.apic_ids))
				acpi_config.apic_ids[acpi_config.nr_cpus++] = get_u32(p + 4);
			break;
		}
	}
}

void __init acpi_init(void)
{
	const struct acpi_rsdp *rsdp = (const void *)boot_rsdp;
	const struct acpi_sdt *madt, *fadt;

	if (!boot_info.rsdp || memcmp(rsdp->sig, "RSD PTR ", 8) ||
	    !checksum_ok(rsdp, 20)) {
		pr_warn("ACPI: no RSDP from the boot loader; running on one CPU\n");
		return;
	}
	pr_info("ACPI: RSDP rev %u, OEM %.6s\n", rsdp->rev, rsdp->oem);
	madt = find_table("APIC");
	if (!madt) {
		pr_warn("ACPI: no MADT; running on one CPU\n");
		return;
	}
	parse_madt((const struct acpi_madt *)madt);
	fadt = find_table("FACP");
	if (fadt && fadt->length >= 68)
		acpi_config.pm1a_cnt = get_u32((const u8 *)fadt + 64);
	pr_info("ACPI: MADT lists %u CPUs, local APIC at %#llx, IOAPIC at %#llx\n",
		acpi_config.nr_cpus, (unsigned long long)acpi_config.lapic_phys,
		(unsigned long long)acpi_config.ioapic_phys);
}
