// SPDX-License-Identifier: GPL-2.0
/*
 * The shell's "rcu" command: grace-period state, the rcu_node tree,
 * callbacks per CPU and segment.
 */
#include <linux/kernel.h>
#include <linux/rcupdate.h>
#include <linux/shell.h>

static int cmd_rcu(int argc, char **argv)
{
	if (argc > 1)
		return shell_error("rcu: takes no arguments");
	rcu_print_state();
	return 0;
}
DEFINE_SHELL_CMD(rcu, "", "RCU state: grace periods, rcu_node masks, callbacks per CPU",
		 cmd_rcu);
