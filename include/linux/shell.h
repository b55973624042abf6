/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_SHELL_H
#define _LINUX_SHELL_H

#include <linux/compiler.h>
#include <linux/types.h>

/*
 * The serial shell (kernel/shell/).
 *
 * Any file can add a command:
 *
 *	static int cmd_hello(int argc, char **argv)
 *	{
 *		printk("hello\n");
 *		return 0;
 *	}
 *	DEFINE_SHELL_CMD(hello, "[name]", "say hello", cmd_hello);
 *
 * argv[0] is the command name; arguments are split at blanks, double
 * quotes group.  Return 0, or a negative errno: for -EINVAL (and any
 * error the command did not report with shell_error()) the shell prints
 * one line "rcuos: NAME: invalid argument (usage: NAME USAGE)".
 *
 * Commands are struct shell_cmd pointers in the "shell_cmds" section,
 * bracketed by the linker's __start_shell_cmds/__stop_shell_cmds.
 */
struct shell_cmd {
	const char *name;
	const char *usage;
	const char *help;
	int (*fn)(int argc, char **argv);
};

#define DEFINE_SHELL_CMD(_name, _usage, _help, _fn)			\
	static const struct shell_cmd __shell_cmd_##_name = {		\
		.name = #_name, .usage = _usage, .help = _help, .fn = _fn, \
	};								\
	static const struct shell_cmd * const __shell_cmd_ptr_##_name	\
	__used __section("shell_cmds") __aligned(8) = &__shell_cmd_##_name

extern const struct shell_cmd * const __start_shell_cmds[] __weak;
extern const struct shell_cmd * const __stop_shell_cmds[] __weak;

/* Start the shell thread (called once at the end of boot). */
void shell_start(void);

/*
 * shell_error() - print one error line "rcuos: <message>" for the running
 * command and note that it was reported.  Return: -EINVAL, to return.
 */
__printf(1, 2) int shell_error(const char *fmt, ...);

/*
 * shell_kv() - split a "key=value" argument in place.
 * Return: the value after '=' (the key is then @arg), or NULL if @arg has
 * no '='.
 */
char *shell_kv(char *arg);

/*
 * shell_set_params() - apply "key=value" arguments as "@prefix.key"
 * parameters (param_set_by_prefix()); argv[0] is skipped.  The first bad
 * argument is reported with shell_error().  Return: 0 or -EINVAL.
 */
int shell_set_params(const char *prefix, int argc, char **argv);

/* Run one command line as if typed (used by tests). Return: its result. */
int shell_run_line(char *line);

#endif /* _LINUX_SHELL_H */
