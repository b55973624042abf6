// SPDX-License-Identifier: GPL-2.0
/*
 * PIT channel 2 as a calibration reference for the TSC and the APIC
 * timer.  Channel 2's gate is under software control (port 0x61) and its
 * output can be read back, so no interrupt is needed.
 */
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <asm/io.h>
#include <asm/processor.h>
#include <asm/arch.h>

#define PIT_HZ		1193182
#define PIT_CH2		0x42
#define PIT_CMD		0x43
#define PIT_GATE	0x61

/* Busy-wait @ms (at most 50) milliseconds on PIT channel 2. */
void pit_wait_ms(unsigned int ms)
{
	u32 count = PIT_HZ * ms / 1000;
	u8 gate = inb(PIT_GATE);

	outb((gate & ~0x02) | 0x01, PIT_GATE);	/* gate on, speaker off */
	outb(0xb0, PIT_CMD);			/* ch2, lo/hi, mode 0, binary */
	outb(count & 0xff, PIT_CH2);
	outb(count >> 8, PIT_CH2);
	/* Restart the count by toggling the gate. */
	gate = inb(PIT_GATE);
	outb(gate & ~0x01, PIT_GATE);
	outb(gate | 0x01, PIT_GATE);
	while (!(inb(PIT_GATE) & 0x20))		/* output goes high at zero */
		cpu_relax();
}

void __init tsc_calibrate(void)
{
	u64 best = ~0ULL;

	/* Take the smallest of a few runs: TCG can be descheduled. */
	for (int i = 0; i < 3; i++) {
		u64 t0 = rdtsc_ordered();

		pit_wait_ms(10);
		best = min(best, rdtsc_ordered() - t0);
	}
	tsc_set_khz(best / 10);
	pr_info("tsc: %llu.%03llu MHz\n", (unsigned long long)(best / 10000),
		(unsigned long long)(best / 10 % 1000));
}
