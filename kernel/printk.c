// SPDX-License-Identifier: GPL-2.0
/*
 * printk: a log ring buffer and the console flusher.
 *
 * Usable from any context, NMI included, without deadlock:
 *  - a writer reserves a record slot with one atomic increment of
 *    log_next_seq, fills it, and publishes it by storing its sequence
 *    number (+1) with release semantics; no lock is taken;
 *  - output to the serial port is done by whoever wins a trylock on the
 *    console; a CPU that loses returns at once, and the winner prints its
 *    records too.  After unlocking, the winner looks again, so a record
 *    published while it was finishing is not stranded.
 * A record that is still being written when the flusher reaches it
 * (its writer was interrupted, maybe by an NMI that is printing now) stops
 * the flusher; its writer flushes when it finishes.
 */
#include <linux/kernel.h>
#include <linux/atomic.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <asm/arch.h>

#define LOG_REC_SHIFT	8
#define LOG_RECORDS	(1U << (CONFIG_LOG_BUF_SHIFT - LOG_REC_SHIFT))
#define LOG_TEXT_MAX	((1U << LOG_REC_SHIFT) - 24)

struct log_rec {
	u64 committed;		/* seq + 1 once complete; 0 = never written */
	u64 ts_ns;
	u16 len;
	u8 level;
	u8 cont;
	u16 cpu;
	char text[LOG_TEXT_MAX];
};

static struct log_rec log_buf[LOG_RECORDS];
static u64 log_next_seq;	/* next sequence number to hand out */
static u64 console_seq;		/* next record to print; console lock */
static int console_locked;
static bool console_bust;	/* panic: print regardless of the lock */
static bool last_ended_line = true;

u64 ktime_get_ns(void);

static void print_prefix(u64 ts_ns)
{
	char buf[32];
	int n = scnprintf(buf, sizeof(buf), "[%5llu.%06llu] ",
			  (unsigned long long)(ts_ns / 1000000000ULL),
			  (unsigned long long)(ts_ns % 1000000000ULL) / 1000);

	console_write(buf, n);
}

static void print_record(const struct log_rec *r)
{
	if (!r->cont || last_ended_line) {
		if (!last_ended_line)
			console_write("\n", 1);
		print_prefix(r->ts_ns);
	}
	console_write(r->text, r->len);
	last_ended_line = r->len && r->text[r->len - 1] == '\n';
}

static void console_flush(void)
{
again:
	if (!console_bust &&
	    __atomic_exchange_n(&console_locked, 1, __ATOMIC_ACQUIRE))
		return;
	for (;;) {
		u64 seq = console_seq;
		struct log_rec *r = &log_buf[seq % LOG_RECORDS];
		u64 c;

		if (seq == READ_ONCE(log_next_seq))
			break;
		c = smp_load_acquire(&r->committed);
		if (c == seq + 1) {
			print_record(r);
			console_seq = seq + 1;
		} else if (c > seq + 1) {
			/* Overwritten by a newer record: we fell behind. */
			console_seq = max(seq + 1, READ_ONCE(log_next_seq) - LOG_RECORDS);
			console_write("** messages lost **\n", 20);
		} else {
			break;	/* still being written */
		}
	}
	__atomic_store_n(&console_locked, 0, __ATOMIC_RELEASE);
	if (console_bust)
		return;
	if (console_seq != READ_ONCE(log_next_seq) &&
	    smp_load_acquire(&log_buf[console_seq % LOG_RECORDS].committed) ==
	    console_seq + 1)
		goto again;
}

static void log_store(int level, bool cont, const char *text, size_t len)
{
	u64 seq = __atomic_fetch_add(&log_next_seq, 1, __ATOMIC_RELAXED);
	struct log_rec *r = &log_buf[seq % LOG_RECORDS];

	WRITE_ONCE(r->committed, 0);
	barrier();
	r->ts_ns = ktime_get_ns();
	r->level = level;
	r->cont = cont;
	r->cpu = smp_processor_id();
	r->len = min_t(size_t, len, LOG_TEXT_MAX);
	memcpy(r->text, text, r->len);
	smp_store_release(&r->committed, seq + 1);
}

int vprintk(const char *fmt, va_list args)
{
	char buf[512];
	int level = 6;
	bool cont = false;
	size_t len, off;

	while (fmt[0] == KERN_SOH[0] && fmt[1]) {
		if (fmt[1] == 'c')
			cont = true;
		else if (fmt[1] >= '0' && fmt[1] <= '7')
			level = fmt[1] - '0';
		fmt += 2;
	}
	len = vscnprintf(buf, sizeof(buf), fmt, args);
	printk_capture_hook(buf, len);
	/* Long messages span several records, continuations of the first. */
	for (off = 0; off < len; off += LOG_TEXT_MAX) {
		log_store(level, cont || off, buf + off,
			  min_t(size_t, len - off, LOG_TEXT_MAX));
	}
	console_flush();
	return len;
}

int printk(const char *fmt, ...)
{
	va_list args;
	int r;

	va_start(args, fmt);
	r = vprintk(fmt, args);
	va_end(args);
	return r;
}

/* Panic path: print everything pending even if another CPU holds the lock. */
void console_flush_on_panic(void)
{
	console_bust = true;
	console_flush();
}

/**
 * printk_dump_log() - print the log ring buffer (the shell's dmesg)
 *
 * Prints the records still in the ring, oldest first, with their
 * timestamps.  Records written while this runs may or may not appear.
 */
void printk_dump_log(void)
{
	u64 end = READ_ONCE(log_next_seq);
	u64 start = end > LOG_RECORDS ? end - LOG_RECORDS : 0;
	bool line_start = true;

	for (u64 seq = start; seq < end; seq++) {
		const struct log_rec *r = &log_buf[seq % LOG_RECORDS];

		if (smp_load_acquire(&r->committed) != seq + 1)
			continue;
		if (!r->cont || line_start) {
			if (!line_start)
				console_write("\n", 1);
			print_prefix(r->ts_ns);
		}
		console_write(r->text, r->len);
		line_start = r->len && r->text[r->len - 1] == '\n';
	}
	if (!line_start)
		console_write("\n", 1);
}
