// SPDX-License-Identifier: GPL-2.0
/*
 * The shell's built-in commands, among them those that print a
 * subsystem's state through its print function (ps, mem, rcu, config).
 * Other subsystems add their commands with DEFINE_SHELL_CMD() in their
 * own files.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/kstrtox.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/init.h>
#include <linux/moduleparam.h>
#include <linux/shell.h>
#include <linux/notifier.h>
#include <linux/sched.h>
#include <linux/mm.h>
#include <linux/rcupdate.h>
#include <linux/torture.h>
#include <kunit/test.h>
#include <asm/arch.h>
#include <asm/bootinfo.h>

#define EXIT_CODE_PASS	0x10
#define EXIT_CODE_FAIL	0x11

static int cmd_help(int argc, char **argv)
{
	const struct shell_cmd *sorted[128];
	const struct shell_cmd * const *c;
	unsigned int n = 0;

	if (argc > 1) {
		for (c = __start_shell_cmds; c < __stop_shell_cmds; c++) {
			if (!strcmp((*c)->name, argv[1])) {
				printk("usage: %s %s\n", (*c)->name, (*c)->usage);
				printk("  %s\n", (*c)->help);
				return 0;
			}
		}
		return shell_error("help: unknown command '%s'", argv[1]);
	}
	for (c = __start_shell_cmds; c < __stop_shell_cmds && n < ARRAY_SIZE(sorted); c++) {
		unsigned int i = n++;

		/* Insertion sort by name. */
		while (i > 0 && strcmp(sorted[i - 1]->name, (*c)->name) > 0) {
			sorted[i] = sorted[i - 1];
			i--;
		}
		sorted[i] = *c;
	}
	for (unsigned int i = 0; i < n; i++) {
		char synopsis[80];

		scnprintf(synopsis, sizeof(synopsis), "%s%s%s", sorted[i]->name,
			  *sorted[i]->usage ? " " : "", sorted[i]->usage);
		printk("  %-32s %s\n", synopsis, sorted[i]->help);
	}
	return 0;
}
DEFINE_SHELL_CMD(help, "[command]", "list the commands, or show one command's usage", cmd_help);

static int cmd_cpus(int argc, char **argv)
{
	if (argc > 1)
		return -EINVAL;
	arch_print_cpus();
	return 0;
}
DEFINE_SHELL_CMD(cpus, "", "each CPU: APIC id, online, ticks taken, idle state", cmd_cpus);

static int cmd_ps(int argc, char **argv)
{
	if (argc > 1)
		return -EINVAL;
	sched_print_tasks();
	return 0;
}
DEFINE_SHELL_CMD(ps, "", "list the tasks", cmd_ps);

static int cmd_mem(int argc, char **argv)
{
	if (argc > 1)
		return -EINVAL;
	mm_print_stats();
	return 0;
}
DEFINE_SHELL_CMD(mem, "", "memory and allocator statistics", cmd_mem);

static int cmd_rcu(int argc, char **argv)
{
	if (argc > 1)
		return shell_error("rcu: takes no arguments");
	rcu_print_state();
	return 0;
}
DEFINE_SHELL_CMD(rcu, "", "RCU state: grace periods, rcu_node masks, callbacks per CPU",
		 cmd_rcu);

static int cmd_uptime(int argc, char **argv)
{
	u64 ns = ktime_get_ns();
	unsigned long j = READ_ONCE(jiffies);

	if (argc > 1)
		return -EINVAL;
#ifdef INITIAL_JIFFIES
	printk("up %llu.%06llu s, jiffies %lu (%lu since boot, HZ=%d)\n",
	       (unsigned long long)(ns / 1000000000ULL),
	       (unsigned long long)(ns % 1000000000ULL) / 1000,
	       j, j - (unsigned long)INITIAL_JIFFIES, HZ);
#else
	printk("up %llu.%06llu s, jiffies %lu (HZ=%d)\n",
	       (unsigned long long)(ns / 1000000000ULL),
	       (unsigned long long)(ns % 1000000000ULL) / 1000, j, HZ);
#endif
	return 0;
}
DEFINE_SHELL_CMD(uptime, "", "time since boot (ktime) and jiffies", cmd_uptime);

static int cmd_dmesg(int argc, char **argv)
{
	if (argc > 1)
		return -EINVAL;
	printk_dump_log();
	return 0;
}
DEFINE_SHELL_CMD(dmesg, "", "print the kernel log buffer", cmd_dmesg);

static int cmd_config(int argc, char **argv)
{
	const char *p;

	if (argc > 1)
		return -EINVAL;
	for (p = kernel_config_text; *p; ) {
		const char *nl = strchr(p, '\n');
		int len = nl ? nl - p : (int)strlen(p);

		printk("%.*s\n", len, p);
		p += len + (nl ? 1 : 0);
	}
	return 0;
}
DEFINE_SHELL_CMD(config, "", "print the kernel configuration (.config)", cmd_config);

static int cmd_cmdline(int argc, char **argv)
{
	if (argc > 1)
		return -EINVAL;
	printk("command line: %s\n", boot_info.cmdline);
	params_print(NULL);
	return 0;
}
DEFINE_SHELL_CMD(cmdline, "", "the boot command line and every parameter's value", cmd_cmdline);

static int cmd_set(int argc, char **argv)
{
	if (argc < 2)
		return -EINVAL;
	for (int i = 1; i < argc; i++) {
		char *val = shell_kv(argv[i]);
		int ret = param_set_kv(argv[i], val);

		if (ret == -ENOENT)
			return shell_error("set: unknown parameter '%s' (see 'cmdline')",
					   argv[i]);
		if (ret)
			return shell_error("set: bad value '%s' for '%s' (error %d)",
					   val ? val : "", argv[i], ret);
	}
	return 0;
}
DEFINE_SHELL_CMD(set, "name=value...", "set kernel parameters at run time", cmd_set);

#ifdef CONFIG_KUNIT
static int cmd_test(int argc, char **argv)
{
	int ret;

	if (argc == 2 && (!strcmp(argv[1], "--list") || !strcmp(argv[1], "-l"))) {
		kunit_print_suites();
		return 0;
	}
	for (int i = 1; i < argc; i++) {
		if (!kunit_test_exists(argv[i]))
			return shell_error("test: no test suite or case '%s' (try 'test --list')",
					   argv[i]);
		if (argc > 2 && !strcmp(argv[i], "all"))
			return shell_error("test: 'all' cannot be combined with other names");
	}
	ret = kunit_run_tests_by_names(argc > 1 ? (const char * const *)&argv[1] : NULL,
				       argc - 1);
	if (ret == -EBUSY)
		return shell_error("test: tests are already running");
	return ret;
}
DEFINE_SHELL_CMD(test, "[suite|suite.case]... | --list", "run KUnit tests (all, or the named suites/cases), KTAP output", cmd_test);
#endif

/* A failed KUnit case, or a torture run from the shell that ended in FAILURE. */
static bool any_test_failed(void)
{
#ifdef CONFIG_KUNIT
	if (kunit_any_failed())
		return true;
#endif
	return torture_any_failed();
}

static int cmd_poweroff(int argc, char **argv)
{
	int code;

	if (argc > 2)
		return -EINVAL;
	if (argc == 2) {
		if (kstrtoint(argv[1], 0, &code) || code < 0 || code > 255)
			return shell_error("poweroff: exit code '%s' is not a number in 0..255",
					   argv[1]);
	} else {
		code = any_test_failed() ? EXIT_CODE_FAIL : EXIT_CODE_PASS;
	}
	printk("rcuos: power off, exit code %#x%s\n", code,
	       argc == 2 ? "" : any_test_failed() ? " (some tests failed)" :
	       " (no test failed)");
	kernel_power_off(code);
}
DEFINE_SHELL_CMD(poweroff, "[code]", "power off; QEMU exit code 0x10 if no test or torture run failed, 0x11 if one did, or code", cmd_poweroff);

static int cmd_reboot(int argc, char **argv)
{
	if (argc > 1)
		return -EINVAL;
	printk("rcuos: rebooting\n");
	machine_restart();
}
DEFINE_SHELL_CMD(reboot, "", "restart the machine", cmd_reboot);
