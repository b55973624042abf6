// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz the serial shell: bytes as typed, through the tty ring buffer
 * (kernel/shell/tty.c) into the line editor and command dispatcher
 * (kernel/shell/shell.c), both included here.
 *
 * Commands registered here check what the dispatcher hands them (argv
 * within the line buffer, NULL-terminated, no more than the limit).  The
 * console output goes to a model of the terminal, and after each byte the
 * screen line must read as the prompt followed by the line being edited,
 * the rest of what was once there erased to spaces (except after Ctrl-U
 * on a line that was too long, which the shell leaves on the screen until
 * the next prompt).
 *
 * The ring must hand the shell exactly the bytes that fit, in order, and
 * count the others as dropped.
 *
 * Input: the bytes typed; the first one also sets how many bytes arrive
 * in the ring between two reads of the shell (0xff: after the ring was
 * filled up to 4 bytes from full).
 */
#include "fuzz.h"

/*
 * Host versions of <linux/irqflags.h>: cli/sti fault in user space.  The
 * tty's lock is taken with interrupts "saved" as off, restored as off.
 */
#include <asm/processor.h>
#define _LINUX_IRQFLAGS_H
static inline void local_irq_disable(void) { }
static inline void local_irq_enable(void) { }
static inline unsigned long arch_local_irq_save(void) { return 0; }
static inline void local_irq_restore(unsigned long flags) { }
static inline __maybe_unused bool irqs_disabled_flags(unsigned long flags) { return true; }
static inline __maybe_unused bool irqs_disabled(void) { return true; }
#define local_irq_save(flags)	do { (flags) = arch_local_irq_save(); } while (0)
#define local_save_flags(flags)	do { (flags) = 0; } while (0)

#include "../../kernel/shell/tty.c"
#include "../../kernel/shell/shell.c"

/* The terminal: one screen line, a cursor; control bytes as a VT100 does. */
static char row[4096];
static size_t row_len, cur;
static bool row_lost;		/* wider than row[]: stop checking */

void console_write(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		switch (s[i]) {
		case '\n':
			row_len = cur = 0;
			row_lost = false;
			break;
		case '\r':
			cur = 0;
			break;
		case '\b':
			if (cur)
				cur--;
			break;
		case '\a':
			break;
		default:
			if (cur == sizeof(row)) {
				row_lost = true;
				break;
			}
			row[cur++] = s[i];
			row_len = max(row_len, cur);
		}
	}
}

int vprintk(const char *fmt, va_list args)
{
	char buf[512];
	int n;

	while (fmt[0] == KERN_SOH[0] && fmt[1])
		fmt += 2;
	n = vscnprintf(buf, sizeof(buf), fmt, args);
	console_write(buf, n);
	return n;
}

/* What the shell and the tty call besides. */
struct task_struct *kthread_create_on_node(int (*threadfn)(void *data), void *data,
					   int node, const char *namefmt, ...)
{
	return ERR_PTR(-ENOMEM);
}

int wake_up_process(struct task_struct *p)
{
	return 0;
}

void __wake_up(struct wait_queue_head *wq_head, unsigned int mode, int nr, void *key)
{
}

/* The spinlocks count preemption off in a per-CPU variable: %gs base 0. */
int __preempt_count;

void init_wait_entry(struct wait_queue_entry *wq_entry, int flags)
{
	abort();
}

void prepare_to_wait(struct wait_queue_head *wq_head,
		     struct wait_queue_entry *wq_entry, int state)
{
	abort();
}

void finish_wait(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry)
{
	abort();
}

void schedule(void)
{
	abort();
}

int param_set_by_prefix(const char *prefix, const char *kv)
{
	FUZZ_CHECK(strlen(kv) < SHELL_LINE_MAX, "not a word of the line");
	if (!strncmp(kv, "ok=", 3))
		return 0;
	return strchr(kv, '=') ? -EINVAL : -ENOENT;
}

/* argv[] must be words in the line buffer, then NULL. */
static int check_argv(int argc, char **argv)
{
	FUZZ_CHECK(argc >= 1 && argc <= SHELL_ARGS_MAX, "argc %d", argc);
	FUZZ_CHECK(!argv[argc], "argv[argc] is not NULL");
	for (int i = 0; i < argc; i++) {
		FUZZ_CHECK(argv[i] >= shell.line &&
			   argv[i] + strlen(argv[i]) < shell.line + sizeof(shell.line),
			   "argv[%d] is not in the line", i);
		FUZZ_CHECK(i == 0 || argv[i] > argv[i - 1], "argv out of order");
	}
	return argc;
}

static int cmd_echo(int argc, char **argv)
{
	check_argv(argc, argv);
	for (int i = 1; i < argc; i++)
		printk("%s%s", argv[i], i + 1 < argc ? " " : "\n");
	return 0;
}
DEFINE_SHELL_CMD(echo, "[args]", "print the arguments", cmd_echo);

static int cmd_set(int argc, char **argv)
{
	check_argv(argc, argv);
	return shell_set_params("fz", argc, argv);
}
DEFINE_SHELL_CMD(set, "key=value...", "set fz.* parameters", cmd_set);

static int cmd_kv(int argc, char **argv)
{
	check_argv(argc, argv);
	for (int i = 1; i < argc; i++) {
		char *v = shell_kv(argv[i]);

		if (!v)
			return shell_error("kv: no '=' in '%s'", argv[i]);
		FUZZ_CHECK(v > argv[i] && v[-1] == '\0', "shell_kv");
	}
	return argc > 2 ? -EINVAL : 0;
}
DEFINE_SHELL_CMD(kv, "", "", cmd_kv);

static void check_screen(bool clean)
{
	size_t plen = strlen(SHELL_PROMPT);

	FUZZ_CHECK(shell.len < SHELL_LINE_MAX && shell.line[shell.len] == '\0',
		   "line length %u", shell.len);
	FUZZ_CHECK(shell.hist_pos <= min_t(unsigned int, shell.hist_count, SHELL_HISTORY),
		   "history position %u of %u", shell.hist_pos, shell.hist_count);
	FUZZ_CHECK(shell.esc >= 0 && shell.esc <= 2, "esc state %d", shell.esc);
	if (!clean || row_lost)
		return;
	FUZZ_CHECK(cur == plen + shell.len && !memcmp(row, SHELL_PROMPT, plen) &&
		   !memcmp(row + plen, shell.line, shell.len),
		   "screen \"%.*s\", line \"%s\"", (int)cur, row, shell.line);
	for (size_t i = cur; i < row_len; i++)
		FUZZ_CHECK(row[i] == ' ', "screen \"%.*s\" after the line", (int)row_len, row);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned long dropped = tty_dropped();
	unsigned int burst, room = TTY_BUF_SIZE, prefill = 0;
	size_t i = 0, n_want = 0, n_got = 0;
	bool clean = true;
	uint8_t *want;	/* the bytes that fit in the ring: what the shell reads */

	if (!size)
		return 0;
	want = malloc(size);
	burst = data[0] % 16 + 1;
	memset(&shell, 0, sizeof(shell));
	row_len = cur = 0;
	row_lost = false;
	shell_prompt();
	/* First byte 0xff: the ring is nearly full already, bytes get dropped. */
	if (data[0] == 0xff) {
		prefill = TTY_BUF_SIZE - 4;
		for (unsigned int n = 0; n < prefill; n++)
			tty_receive_char(CTRL('U'));	/* cheap to read */
		room = 4;
	}
	while (i < size) {
		int c;

		for (unsigned int n = 0; n < burst && i < size; n++, i++) {
			tty_receive_char(data[i]);
			if (room) {
				room--;
				want[n_want++] = data[i];
			}
		}
		while ((c = tty_getc_nonblock()) >= 0) {
			if (prefill) {
				prefill--;
			} else {
				FUZZ_CHECK(n_got < n_want && c == want[n_got],
					   "byte %zu read as %#x", n_got, c);
				n_got++;
			}
			/* A byte right after ESC is part of the sequence. */
			if (!shell.esc) {
				if (c == CTRL('U') && shell.overflow)
					clean = false;
				else if (c == CTRL('C') || c == '\r' || c == '\n')
					clean = true;
			}
			shell_input(c);
			check_screen(clean);
		}
		room = TTY_BUF_SIZE;
	}
	FUZZ_CHECK(n_got == n_want, "read %zu bytes of %zu", n_got, n_want);
	FUZZ_CHECK(tty_dropped() - dropped == size - n_want,
		   "%lu bytes dropped, want %zu", tty_dropped() - dropped, size - n_want);
	free(want);
	return 0;
}
