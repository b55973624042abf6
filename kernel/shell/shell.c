// SPDX-License-Identifier: GPL-2.0
/*
 * The serial shell: line editing, history, command dispatch.
 *
 * Runs in its own kernel thread, reading bytes from the tty layer.  The
 * prompt and the echo of typed characters are written raw with
 * console_write(); command output goes through printk().
 *
 * Editing: printable characters insert at the end; Backspace/DEL erase
 * one; Ctrl-C abandons the line; Ctrl-U erases it; Up/Down (ESC [ A,
 * ESC [ B, or ESC O A/B) walk the history.  CR, LF and CR LF each end one
 * line.  A line longer than the buffer is refused as a whole.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/ctype.h>
#include <linux/kthread.h>
#include <linux/moduleparam.h>
#include <linux/tty.h>
#include <linux/shell.h>
#include <asm/arch.h>

#define SHELL_PROMPT	"rcuos> "
#define SHELL_LINE_MAX	256	/* bytes, NUL included */
#define SHELL_HISTORY	32
#define SHELL_ARGS_MAX	32

#define CTRL(c)		((c) & 0x1f)
#define KEY_ESC		0x1b
#define KEY_BS		0x08
#define KEY_DEL		0x7f

struct shell_state {
	char line[SHELL_LINE_MAX];
	unsigned int len;
	bool overflow;		/* the line got too long: refuse it */
	bool last_cr;		/* last byte was CR: an LF now is the same end */
	int esc;		/* 0, 1 after ESC, 2 after ESC [ or ESC O */
	char history[SHELL_HISTORY][SHELL_LINE_MAX];
	unsigned int hist_count;	/* lines ever added */
	unsigned int hist_pos;		/* browsing: 0 = the new line */
	char saved[SHELL_LINE_MAX];	/* the new line while browsing */
};

static struct shell_state shell;
static bool shell_error_reported;

static void shell_puts(const char *s)
{
	console_write(s, strlen(s));
}

static void shell_prompt(void)
{
	shell_puts(SHELL_PROMPT);
}

/* Erase the displayed line (the echo), leaving the cursor after the prompt. */
static void shell_erase_display(unsigned int len)
{
	while (len--)
		shell_puts("\b \b");
}

static void shell_set_line(const char *s)
{
	shell_erase_display(shell.len);
	strscpy(shell.line, s, sizeof(shell.line));
	shell.len = strlen(shell.line);
	console_write(shell.line, shell.len);
}

static void history_add(const char *line)
{
	if (!*line)
		return;
	if (shell.hist_count &&
	    !strcmp(shell.history[(shell.hist_count - 1) % SHELL_HISTORY], line))
		return;
	strscpy(shell.history[shell.hist_count % SHELL_HISTORY], line,
		SHELL_LINE_MAX);
	shell.hist_count++;
}

/* @dir: +1 older (Up), -1 newer (Down). */
static void history_move(int dir)
{
	unsigned int avail = min_t(unsigned int, shell.hist_count, SHELL_HISTORY);
	unsigned int pos = shell.hist_pos;

	if (shell.overflow)
		return;
	if (dir > 0 && pos < avail)
		pos++;
	else if (dir < 0 && pos > 0)
		pos--;
	else
		return;
	if (shell.hist_pos == 0)
		strscpy(shell.saved, shell.line, sizeof(shell.saved));
	shell.hist_pos = pos;
	if (pos == 0)
		shell_set_line(shell.saved);
	else
		shell_set_line(shell.history[(shell.hist_count - pos) % SHELL_HISTORY]);
}

/**
 * shell_error() - report the running command's error in one line
 * @fmt: printf-style message, without "rcuos: " and without a newline
 *
 * Return: -EINVAL.
 */
int shell_error(const char *fmt, ...)
{
	char msg[200];
	va_list args;

	va_start(args, fmt);
	vscnprintf(msg, sizeof(msg), fmt, args);
	va_end(args);
	printk("rcuos: %s\n", msg);
	shell_error_reported = true;
	return -EINVAL;
}

/**
 * shell_kv() - split "key=value" in place
 * @arg: the argument; becomes "key"
 *
 * Return: "value", or NULL if @arg has no '='.
 */
char *shell_kv(char *arg)
{
	char *eq = strchr(arg, '=');

	if (!eq)
		return NULL;
	*eq = '\0';
	return eq + 1;
}

/**
 * shell_set_params() - apply "key=value" arguments to "@prefix.key"
 * @prefix: parameter prefix without the dot ("rcutorture")
 * @argc: number of arguments, argv[0] (the command) included
 * @argv: the arguments
 *
 * Return: 0, or -EINVAL after reporting the first bad argument.
 */
int shell_set_params(const char *prefix, int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		int ret = param_set_by_prefix(prefix, argv[i]);

		if (ret == -ENOENT)
			return shell_error("%s: unknown parameter '%s' (see 'cmdline')",
					   argv[0], argv[i]);
		if (ret)
			return shell_error("%s: bad value in '%s' (error %d)",
					   argv[0], argv[i], ret);
	}
	return 0;
}

static const struct shell_cmd *shell_find(const char *name)
{
	const struct shell_cmd * const *c;

	for (c = __start_shell_cmds; c < __stop_shell_cmds; c++)
		if (!strcmp((*c)->name, name))
			return *c;
	return NULL;
}

/* Split @line in place into at most SHELL_ARGS_MAX words; -E2BIG if more. */
static int shell_split(char *line, char **argv)
{
	int argc = 0;
	char *p = line;

	for (;;) {
		char *out;
		bool quote = false;

		while (*p && isspace(*p))
			p++;
		if (!*p)
			break;
		if (argc == SHELL_ARGS_MAX)
			return -E2BIG;
		argv[argc++] = out = p;
		while (*p && (quote || !isspace(*p))) {
			if (*p == '"')
				quote = !quote;
			else
				*out++ = *p;
			p++;
		}
		if (*p)
			p++;
		*out = '\0';
	}
	argv[argc] = NULL;
	return argc;
}

/**
 * shell_run_line() - run a command line
 * @line: the line; modified in place
 *
 * Return: 0 for an empty line or success, else the command's error.
 */
int shell_run_line(char *line)
{
	char *argv[SHELL_ARGS_MAX + 1];
	const struct shell_cmd *cmd;
	int argc, ret;

	argc = shell_split(line, argv);
	if (argc == -E2BIG) {
		printk("rcuos: too many arguments (max %d)\n", SHELL_ARGS_MAX);
		return -E2BIG;
	}
	if (argc == 0)
		return 0;
	cmd = shell_find(argv[0]);
	if (!cmd) {
		printk("rcuos: unknown command '%s' (try 'help')\n", argv[0]);
		return -ENOENT;
	}
	shell_error_reported = false;
	ret = cmd->fn(argc, argv);
	if (ret < 0 && !shell_error_reported)
		printk("rcuos: %s: %s (usage: %s%s%s)\n", cmd->name,
		       ret == -EINVAL ? "invalid argument" : "failed",
		       cmd->name, cmd->usage && *cmd->usage ? " " : "",
		       cmd->usage ? cmd->usage : "");
	return ret;
}

static void shell_end_line(void)
{
	shell_puts("\n");
	if (shell.overflow) {
		printk("rcuos: line too long (max %d characters), ignored\n",
		       SHELL_LINE_MAX - 1);
	} else {
		shell.line[shell.len] = '\0';
		history_add(shell.line);
		shell_run_line(shell.line);
	}
	shell.len = 0;
	shell.line[0] = '\0';
	shell.overflow = false;
	shell.hist_pos = 0;
	shell_prompt();
}

static void shell_input(int c)
{
	bool cr = c == '\r';

	if (c == '\n' && shell.last_cr) {
		shell.last_cr = false;
		return;		/* CR LF: the CR ended the line */
	}
	shell.last_cr = cr;

	if (shell.esc == 1) {
		shell.esc = (c == '[' || c == 'O') ? 2 : 0;
		return;
	}
	if (shell.esc == 2) {
		if (isdigit(c) || c == ';')
			return;		/* ESC [ 3 ~ and the like: ignored */
		shell.esc = 0;
		if (c == 'A')
			history_move(1);
		else if (c == 'B')
			history_move(-1);
		return;
	}

	switch (c) {
	case '\r':
	case '\n':
		shell_end_line();
		break;
	case KEY_ESC:
		shell.esc = 1;
		break;
	case KEY_BS:
	case KEY_DEL:
		if (shell.len && !shell.overflow) {
			shell.line[--shell.len] = '\0';
			shell_puts("\b \b");
		}
		break;
	case CTRL('C'):
		shell_puts("^C\n");
		shell.len = 0;
		shell.line[0] = '\0';
		shell.overflow = false;
		shell.hist_pos = 0;
		shell_prompt();
		break;
	case CTRL('U'):
		if (!shell.overflow)
			shell_erase_display(shell.len);
		shell.len = 0;
		shell.line[0] = '\0';
		shell.overflow = false;
		break;
	case '\t':
		c = ' ';
		fallthrough;
	default:
		if (c < 0x20 || c >= 0x7f)
			break;	/* other control bytes and non-ASCII: ignored */
		if (shell.overflow)
			break;
		if (shell.len >= SHELL_LINE_MAX - 1) {
			shell.overflow = true;
			shell_puts("\a");
			break;
		}
		shell.line[shell.len++] = c;
		shell.line[shell.len] = '\0';
		console_write((const char *)&shell.line[shell.len - 1], 1);
		break;
	}
}

static int shell_thread(void *unused)
{
	unsigned long dropped = 0;

	printk("rcuos shell: type 'help' for the commands\n");
	shell_prompt();
	for (;;) {
		int c = tty_getc();

		if (unlikely(tty_dropped() != dropped)) {
			printk("rcuos: %lu input bytes lost (input buffer full)\n",
			       tty_dropped() - dropped);
			dropped = tty_dropped();
		}
		shell_input(c);
	}
	return 0;
}

/**
 * shell_start() - start the shell thread on the serial console
 *
 * Called once at the end of boot.  Input that arrived earlier is waiting
 * in the tty buffer and is read first.
 */
void shell_start(void)
{
	struct task_struct *t = kthread_run(shell_thread, NULL, "shell");

	if (IS_ERR_OR_NULL(t))
		pr_err("shell: cannot start the shell thread (%ld)\n",
		       t ? PTR_ERR(t) : -ENOMEM);
}
