// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the shell's line editor and dispatcher
 * (kernel/shell/shell.c, included directly): bytes are fed to
 * shell_input() as the tty would, console and printk output is captured.
 */
#include "ktest.h"

#include "../../kernel/shell/shell.c"

static char out[16384];
static size_t out_len;
static char last_args[512];
static int runs;

void console_write(const char *s, size_t n)
{
	for (size_t i = 0; i < n && out_len < sizeof(out) - 1; i++)
		out[out_len++] = s[i];
	out[out_len] = '\0';
}

int printk(const char *fmt, ...)
{
	char buf[512];
	va_list args;
	int n;

	while (fmt[0] == KERN_SOH[0] && fmt[1])
		fmt += 2;
	va_start(args, fmt);
	n = vscnprintf(buf, sizeof(buf), fmt, args);
	va_end(args);
	console_write(buf, n);
	return n;
}

struct task_struct *kthread_create_on_node(int (*threadfn)(void *data), void *data,
					   int node, const char *namefmt, ...)
{
	return ERR_PTR(-ENOMEM);
}

int wake_up_process(struct task_struct *p)
{
	return 0;
}

int tty_getc(void)
{
	return -1;
}

unsigned long tty_dropped(void)
{
	return 0;
}

int param_set_by_prefix(const char *prefix, const char *kv)
{
	if (!strcmp(kv, "good=1"))
		return 0;
	return strncmp(kv, "good=", 5) ? -ENOENT : -EINVAL;
}

static int cmd_echo(int argc, char **argv)
{
	size_t len = 0;

	runs++;
	last_args[0] = '\0';
	for (int i = 0; i < argc; i++)
		len += scnprintf(last_args + len, sizeof(last_args) - len, "%s[%s]",
				 i ? " " : "", argv[i]);
	return 0;
}
DEFINE_SHELL_CMD(echo, "[args]", "print the arguments", cmd_echo);

static int cmd_bad(int argc, char **argv)
{
	return argc > 1 ? shell_error("bad: nope '%s'", argv[1]) : -EINVAL;
}
DEFINE_SHELL_CMD(bad, "[x]", "always fails", cmd_bad);

static int cmd_tune(int argc, char **argv)
{
	return shell_set_params("tune", argc, argv);
}
DEFINE_SHELL_CMD(tune, "key=value...", "set tune.* parameters", cmd_tune);

static void reset(void)
{
	memset(&shell, 0, sizeof(shell));
	out_len = 0;
	out[0] = '\0';
	last_args[0] = '\0';
	runs = 0;
}

static void feed(const char *s)
{
	while (*s)
		shell_input((unsigned char)*s++);
}

static int count(const char *hay, const char *needle)
{
	int n = 0;

	for (const char *p = hay; (p = strstr(p, needle)); p++)
		n++;
	return n;
}

static void test_simple_line(struct ktest *t)
{
	reset();
	feed("echo a  b\n");
	KEXPECT_EQ(t, runs, 1);
	KEXPECT_STREQ(t, last_args, "[echo] [a] [b]");
	KEXPECT_TRUE(t, strstr(out, "echo a  b\n" SHELL_PROMPT) != NULL);
}

static void test_line_ends(struct ktest *t)
{
	reset();
	feed("echo 1\r\necho 2\recho 3\n\n\r\r\n");
	KEXPECT_EQ(t, runs, 3);
	KEXPECT_STREQ(t, last_args, "[echo] [3]");
	/* Each line end gives one prompt, CR LF only one. */
	KEXPECT_EQ(t, count(out, SHELL_PROMPT), 6);
}

static void test_quotes(struct ktest *t)
{
	reset();
	feed("echo \"a b\" c=\"d e\"\n");
	KEXPECT_STREQ(t, last_args, "[echo] [a b] [c=d e]");
}

static void test_backspace_and_kill(struct ktest *t)
{
	reset();
	feed("echX\b\x7f" "cho x\n");	/* "ec" + "cho": unknown */
	KEXPECT_EQ(t, runs, 0);
	KEXPECT_TRUE(t, strstr(out, "unknown command 'eccho'") != NULL);
	KEXPECT_TRUE(t, strstr(out, "echX\b \b\b \bcho x") != NULL);
	reset();
	feed("garbage\x15" "echo ok\n");
	KEXPECT_STREQ(t, last_args, "[echo] [ok]");
	reset();
	feed("\b\b\x7f" "echo y\n");	/* backspace on an empty line */
	KEXPECT_STREQ(t, last_args, "[echo] [y]");
}

static void test_ctrl_c(struct ktest *t)
{
	reset();
	feed("echo never\x03");
	KEXPECT_EQ(t, runs, 0);
	KEXPECT_TRUE(t, strstr(out, "^C\n" SHELL_PROMPT) != NULL);
	feed("echo after\n");
	KEXPECT_STREQ(t, last_args, "[echo] [after]");
}

static void test_history(struct ktest *t)
{
	reset();
	feed("echo one\necho two\n");
	feed("\x1b[A\n");		/* Up: "echo two" */
	KEXPECT_STREQ(t, last_args, "[echo] [two]");
	feed("\x1b[A\x1b[A\n");		/* two up: "echo one" (dups not stored) */
	KEXPECT_STREQ(t, last_args, "[echo] [one]");
	feed("echo new\x1b[A\x1b[B\n");	/* up then down: back to the new line */
	KEXPECT_STREQ(t, last_args, "[echo] [new]");
	feed("\x1bOA\n");		/* ESC O A works too */
	KEXPECT_STREQ(t, last_args, "[echo] [new]");
	feed("\x1b[A\x1b[A\x1b[A\x1b[A\x1b[A\x1b[A\x1b[A\n");	/* stops at the oldest */
	KEXPECT_STREQ(t, last_args, "[echo] [one]");
	feed("\x1b[3~echo z\n");	/* other sequences are ignored */
	KEXPECT_STREQ(t, last_args, "[echo] [z]");
}

static void test_history_wraps(struct ktest *t)
{
	char line[32];

	reset();
	for (int i = 0; i < 40; i++) {
		snprintf(line, sizeof(line), "echo %d\n", i);
		feed(line);
	}
	for (int i = 0; i < 16; i++)
		feed("\x1b[A");
	feed("\n");
	KEXPECT_STREQ(t, last_args, "[echo] [24]");
}

static void test_too_long(struct ktest *t)
{
	char line[600];

	reset();
	memset(line, 'x', sizeof(line));
	memcpy(line, "echo ", 5);
	line[sizeof(line) - 2] = '\n';
	line[sizeof(line) - 1] = '\0';
	feed(line);
	KEXPECT_EQ(t, runs, 0);
	KEXPECT_EQ(t, count(out, "line too long"), 1);
	KEXPECT_EQ(t, shell.len, 0U);
	/* Exactly 255 characters fit. */
	reset();
	memset(line, 'y', 255);
	memcpy(line, "echo ", 5);
	line[255] = '\n';
	line[256] = '\0';
	feed(line);
	KEXPECT_EQ(t, runs, 1);
	KEXPECT_EQ(t, strlen(last_args), 259U);	/* [echo] [y...] */
	/* The shell goes on. */
	feed("echo fine\n");
	KEXPECT_STREQ(t, last_args, "[echo] [fine]");
}

static void test_errors(struct ktest *t)
{
	reset();
	feed("nosuch arg\n");
	KEXPECT_TRUE(t, strstr(out, "rcuos: unknown command 'nosuch' (try 'help')\n") != NULL);
	reset();
	feed("bad\n");
	KEXPECT_TRUE(t, strstr(out, "rcuos: bad: invalid argument (usage: bad [x])\n") != NULL);
	reset();
	feed("bad thing\n");
	KEXPECT_TRUE(t, strstr(out, "rcuos: bad: nope 'thing'\n") != NULL);
	KEXPECT_EQ(t, count(out, "rcuos: "), 1);
	reset();
	feed("echo 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33\n");
	KEXPECT_EQ(t, runs, 0);
	KEXPECT_TRUE(t, strstr(out, "too many arguments") != NULL);
}

static void test_set_params(struct ktest *t)
{
	reset();
	feed("tune good=1\n");
	KEXPECT_EQ(t, count(out, "rcuos: "), 0);
	feed("tune good=1 what=2\n");
	KEXPECT_TRUE(t, strstr(out, "rcuos: tune: unknown parameter 'what=2'") != NULL);
	feed("tune good=x\n");
	KEXPECT_TRUE(t, strstr(out, "rcuos: tune: bad value in 'good=x'") != NULL);
	KEXPECT_EQ(t, count(out, "rcuos: "), 2);
}

static void test_kv(struct ktest *t)
{
	char a[] = "key=val=ue", b[] = "flag";

	KEXPECT_STREQ(t, shell_kv(a), "val=ue");
	KEXPECT_STREQ(t, a, "key");
	KEXPECT_NULL(t, shell_kv(b));
}

static const struct ktest_case cases[] = {
	KTEST_CASE(test_simple_line),
	KTEST_CASE(test_line_ends),
	KTEST_CASE(test_quotes),
	KTEST_CASE(test_backspace_and_kill),
	KTEST_CASE(test_ctrl_c),
	KTEST_CASE(test_history),
	KTEST_CASE(test_history_wraps),
	KTEST_CASE(test_too_long),
	KTEST_CASE(test_errors),
	KTEST_CASE(test_set_params),
	KTEST_CASE(test_kv),
	{}
};
KTEST_MAIN("shell", cases);
