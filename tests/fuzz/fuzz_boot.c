// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz the boot information parsers: the multiboot2 information block
 * (kernel/arch/boot.c) and the ACPI tables it leads to (RSDP, RSDT or
 * XSDT, MADT, FADT: kernel/arch/acpi.c), both included here.
 *
 * The input is a small physical memory: the multiboot2 block at address
 * 0, and whatever else the input holds at the addresses the RSDP and the
 * root table give.  acpi_map() hands out only ranges inside the input, so
 * a read beyond what a table says its length is, or a table beyond the
 * end of memory, is an ASan report.  Checks, besides the sanitizers: what
 * the parsers keep stays within its arrays and strings are terminated.
 */
#include "fuzz.h"

#include "../../kernel/arch/boot.c"
#include "../../kernel/arch/acpi.c"

char _kernel_phys_start[1], _end[1];

static const u8 *mem;
static size_t mem_size;

const void *acpi_map(u64 pa, size_t len)
{
	if (pa > mem_size || len > mem_size - pa)
		return NULL;
	return mem + pa;
}

bool paging_ready(void)
{
	return true;
}

int vprintk(const char *fmt, va_list args)
{
	char buf[512];

	return vscnprintf(buf, sizeof(buf), fmt, args);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* A copy of exactly the input's size, 8-byte aligned as loaders give it. */
	u8 *copy = malloc(size ? size : 1);

	memcpy(copy, data, size);
	mem = copy;
	mem_size = size;
	memset(&boot_info, 0, sizeof(boot_info));
	memset(boot_rsdp, 0, sizeof(boot_rsdp));
	memset(&acpi_config, 0, sizeof(acpi_config));

	if (size >= 8)
		mb2_parse(copy, size);
	FUZZ_CHECK(boot_info.nr_mem >= 0 && boot_info.nr_mem <= BOOT_MEM_MAX,
		   "nr_mem %d", boot_info.nr_mem);
	FUZZ_CHECK(strnlen(boot_info.cmdline, sizeof(boot_info.cmdline)) <
		   sizeof(boot_info.cmdline), "cmdline not terminated");
	FUZZ_CHECK(strnlen(boot_info.loader, sizeof(boot_info.loader)) <
		   sizeof(boot_info.loader), "loader name not terminated");

	acpi_init();
	FUZZ_CHECK(acpi_config.nr_cpus <= ARRAY_SIZE(acpi_config.apic_ids),
		   "nr_cpus %u", acpi_config.nr_cpus);
	if (getenv("FUZZ_VERBOSE"))
		fprintf(stderr, "cmdline \"%s\" loader \"%s\" %d memory regions, %llu bytes RAM, "
			"RSDP %d; %u CPUs, local APIC %#llx, IOAPIC %#llx, PM1a %#x\n",
			boot_info.cmdline, boot_info.loader, boot_info.nr_mem,
			(unsigned long long)boot_info.total_ram, boot_info.rsdp,
			acpi_config.nr_cpus, (unsigned long long)acpi_config.lapic_phys,
			(unsigned long long)acpi_config.ioapic_phys, acpi_config.pm1a_cnt);

	free(copy);
	return 0;
}
