// SPDX-License-Identifier: GPL-2.0
/*
 * start_kernel(): from the boot CPU's first C instruction to the shell.
 */
#include <linux/kernel.h>
#include <linux/smp.h>
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/interrupt.h>
#include <linux/init.h>
#include <linux/moduleparam.h>
#include <linux/gfp.h>
#include <linux/mm.h>
#include <linux/timer.h>
#include <linux/slab.h>
#include <linux/tty.h>
#include <linux/rcupdate.h>
#include <linux/shell.h>
#include <linux/ktime.h>
#include <asm/arch.h>
#include <asm/acpi.h>
#include <asm/bootinfo.h>
#include <asm/page.h>

void start_kernel(u32 magic, u32 mbi_phys);

static void __init print_banner(void)
{
	pr_info("rcuos: booting on CPU 0, %s build, HZ=%d, NR_CPUS=%d\n",
		IS_ENABLED(CONFIG_TREE_RCU) ? "SMP Tree RCU" : "UP Tiny RCU",
		CONFIG_HZ, NR_CPUS);
	pr_info("rcuos: loader \"%s\", command line \"%s\"\n",
		boot_info.loader, boot_info.cmdline);
	pr_info("rcuos: %llu MiB usable RAM\n",
		(unsigned long long)(boot_info.total_ram >> 20));
}

/* The first task: runs the initcalls, then the shell. */
static int kernel_init(void *unused)
{
	rcu_init_late();
	do_initcalls();
	pr_info("rcuos: %u CPUs online, boot took %llu ms\n", num_online_cpus(),
		(unsigned long long)(ktime_get_ns() / 1000000));
	shell_start();
	return 0;
}

/*
 * The rest of start_kernel(), on a kernel stack with an unmapped guard
 * below it (the boot stack in .bss has none): CPU 0's idle task lives
 * here for ever, and an overflow must fault, not corrupt .bss.
 */
static void __init __noreturn start_kernel_guarded(void)
{
	tsc_calibrate();
	lapic_timer_calibrate();
	smp_ipi_init();
	sched_init();
	softirq_init();
	timers_init();
	rcu_init();
	lapic_timer_start();
	local_irq_enable();
	serial_enable_rx_irq();

	smp_boot_cpus();
	kthread_run(kernel_init, NULL, "init");
	cpu_startup_entry();
}

void __init start_kernel(u32 magic, u32 mbi_phys)
{
	void *stack;

	serial_init();
	parse_multiboot(magic, mbi_phys);
	paging_init();
	percpu_init_boot_cpu();
	idt_init();
	cpu_tables_load();
	print_banner();
	parse_kernel_params(boot_info.cmdline);

	acpi_init();
	lapic_map();
	pic_disable();
	ioapic_init();
	lapic_init_cpu();
	smp_detect_cpus();
	setup_per_cpu_areas(nr_cpus_detected);

	early_alloc_close();
	page_alloc_init();
	paging_early_done();

	stack = kstack_alloc();
	if (!stack)
		panic("no memory for the boot CPU's stack");
	call_on_stack_noreturn(start_kernel_guarded, stack + THREAD_SIZE);
}
