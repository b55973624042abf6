// SPDX-License-Identifier: GPL-2.0
/*
 * Power off and reboot.  Under QEMU with isa-debug-exit (port 0xf4), a
 * write of N ends QEMU with exit status 2N+1, which is how the test
 * harness learns the outcome.  Without that device we fall back to ACPI
 * soft-off (QEMU's PIIX4 PM block), then to halting.
 */
#include <linux/kernel.h>
#include <linux/irqflags.h>
#include <asm/acpi.h>
#include <asm/arch.h>
#include <asm/io.h>
#include <asm/processor.h>

#define DEBUG_EXIT_PORT	0xf4

__noreturn void machine_halt(void)
{
	__asm__ __volatile__("cli");
	for (;;)
		native_halt();
}

__noreturn void machine_power_off(int code)
{
	console_flush_on_panic();
	outl(code & 0xff, DEBUG_EXIT_PORT);
	/* Still here: no isa-debug-exit.  ACPI S5 on QEMU's PIIX4 PM block. */
	if (acpi_config.pm1a_cnt)
		outw(0x2000 | (0 << 10), acpi_config.pm1a_cnt);
	outw(0x2000, 0x604);		/* QEMU q35 / newer PIIX default */
	machine_halt();
}

__noreturn void machine_restart(void)
{
	/* Pulse the reset line through the keyboard controller, then triple fault. */
	outb(0xfe, 0x64);
	for (int i = 0; i < 1000000; i++)
		cpu_relax();
	__asm__ __volatile__("lidt %0; int3" : : "m"((u16[5]){ 0 }));
	machine_halt();
}
