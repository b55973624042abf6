// SPDX-License-Identifier: GPL-2.0
/*
 * The "crash" shell command: one deliberate fault per memory protection,
 * to show that each holds and that the kernel names what was violated.
 * Every variant ends in a panic.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/printk.h>
#include <linux/shell.h>
#include <linux/string.h>
#include <asm/arch.h>
#include <asm/page.h>

static const u32 crash_rodata = 0x5a5a5a5a;
/* "ret": what a data page would run if it were executable. */
static u8 crash_data[16] = { 0xc3 };

static noinline void crash_text_target(void)
{
	barrier();
}

/*
 * Recurse with a frame the compiler cannot drop until the stack runs
 * into its guard.  The depth test never stops it but keeps the
 * recursion from being provably infinite.
 */
static noinline unsigned long crash_recurse(unsigned long depth)
{
	volatile u8 frame[256];

	frame[0] = depth;
	if (depth == ~0UL)
		return 0;
	return crash_recurse(depth + 1) + frame[0];
}

static int cmd_crash(int argc, char **argv)
{
	if (argc != 2)
		return -EINVAL;
	if (!strcmp(argv[1], "text")) {
		printk("crash: writing to kernel text at %px\n", crash_text_target);
		WRITE_ONCE(*(volatile u8 *)crash_text_target, 0xcc);
	} else if (!strcmp(argv[1], "rodata")) {
		printk("crash: writing to kernel rodata at %px\n", &crash_rodata);
		WRITE_ONCE(*(volatile u32 *)&crash_rodata, 0);
	} else if (!strcmp(argv[1], "alias")) {
		u8 *alias = __va(__pa_symbol(crash_text_target));

		printk("crash: writing to the direct-map alias of kernel text at %px\n", alias);
		WRITE_ONCE(*(volatile u8 *)alias, 0xcc);
	} else if (!strcmp(argv[1], "exec")) {
		printk("crash: executing kernel data at %px\n", crash_data);
		((void (*)(void))crash_data)();
	} else if (!strcmp(argv[1], "stack")) {
		printk("crash: recursing until the stack overflows\n");
		crash_recurse(0);
	} else {
		return -EINVAL;
	}
	return shell_error("crash: %s: the fault did not happen", argv[1]);
}
DEFINE_SHELL_CMD(crash, "text|rodata|alias|exec|stack",
		 "fault on purpose against one memory protection (panics)", cmd_crash);
