/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_ACPI_H
#define _ASM_ACPI_H

#include <linux/types.h>

/* What the MADT and FADT told us. */
struct acpi_config {
	u32 apic_ids[256];
	unsigned int nr_cpus;
	u64 lapic_phys;
	u64 ioapic_phys;
	u32 ioapic_gsi_base;
	bool have_ioapic;
	u32 isa_gsi[16];
	u16 isa_flags[16];
	bool isa_override[16];
	u32 pm1a_cnt;
};

extern struct acpi_config acpi_config;
void acpi_init(void);

#endif /* _ASM_ACPI_H */
