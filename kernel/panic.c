// SPDX-License-Identifier: GPL-2.0
/*
 * panic() and WARN().
 */
#include <linux/kernel.h>
#include <linux/smp.h>
#include <linux/atomic.h>
#include <linux/irqflags.h>
#include <linux/notifier.h>
#include <asm/arch.h>

#define PANIC_EXIT_CODE	0x12

static int panic_cpu = -1;
static int warn_count;

bool panic_in_progress(void)
{
	return READ_ONCE(panic_cpu) >= 0;
}

bool panic_on_this_cpu(void)
{
	return READ_ONCE(panic_cpu) == (int)raw_smp_processor_id();
}

/* Another CPU panicked: stop here, quietly, forever. */
__noreturn void panic_stop_self(void)
{
	machine_halt();
}

/**
 * panic() - report a fatal error, stop all CPUs and power off
 * @fmt: printf-style message
 *
 * Prints "Kernel panic - not syncing: <message>" and a backtrace, stops
 * the other CPUs with an NMI, flushes the console even if another CPU
 * holds it, and ends QEMU with status 2 * 0x12 + 1 = 37.
 */
__noreturn void panic(const char *fmt, ...)
{
	char buf[256];
	va_list args;
	int this_cpu;
	unsigned int cpu;

	local_irq_disable();
	this_cpu = raw_smp_processor_id();
	if (cmpxchg(&panic_cpu, -1, this_cpu) != -1 && panic_cpu != this_cpu)
		panic_stop_self();
	va_start(args, fmt);
	vscnprintf(buf, sizeof(buf), fmt, args);
	va_end(args);
	printk(KERN_EMERG "Kernel panic - not syncing: %s\n", buf);
	dump_stack();
	for_each_online_cpu(cpu)
		if ((int)cpu != this_cpu)
			smp_send_nmi(cpu);
	atomic_notifier_call_chain(&panic_notifier_list, 0, buf);
	printk(KERN_EMERG "---[ end Kernel panic - not syncing: %s ]---\n", buf);
	console_flush_on_panic();
	machine_power_off(PANIC_EXIT_CODE);
}

/**
 * __warn() - print a WARNING splat with a backtrace, and go on
 * @file: source file of the WARN_ON()
 * @line: its line
 * @cond: the condition's text
 */
void __warn(const char *file, int line, const char *cond)
{
	WRITE_ONCE(warn_count, warn_count + 1);
	printk(KERN_WARNING "------------[ cut here ]------------\n");
	printk(KERN_WARNING "WARNING: CPU: %u at %s:%d %s\n", raw_smp_processor_id(),
	       file, line, cond);
	dump_stack();
	printk(KERN_WARNING "---[ end trace ]---\n");
}
