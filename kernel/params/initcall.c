// SPDX-License-Identifier: GPL-2.0
/*
 * Initcalls: the functions registered with early_initcall() ...
 * late_initcall() and module_init(), run once at boot.
 */
#define pr_fmt(fmt) "initcall: " fmt

#include <linux/kernel.h>
#include <linux/init.h>

/**
 * do_initcalls() - run every initcall, level by level
 *
 * Called once by the init task, after all CPUs are up.  Within a level
 * the order is the link order.  A failing initcall is reported in one
 * line; the others still run.
 */
void do_initcalls(void)
{
	const struct initcall_entry * const *e;

	for (int level = 0; level < INITCALL_LEVELS; level++) {
		for (e = __start_initcalls; e < __stop_initcalls; e++) {
			int ret;

			if ((*e)->level != level)
				continue;
			ret = (*e)->fn();
			if (ret)
				pr_warn("%s returned %d\n", (*e)->name, ret);
		}
	}
}
