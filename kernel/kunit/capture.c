// SPDX-License-Identifier: GPL-2.0
/*
 * printk capture for tests, and the expect-splat markers.
 *
 * printk() calls printk_capture_hook() with the text of every message
 * (<linux/printk.h> has an empty stub for kernels without KUnit).  While
 * a capture is on, the text is appended to a buffer without taking a lock:
 * a writer reserves its bytes with one atomic add, copies, then publishes
 * the length, so the hook is safe in any context, NMI included.
 */
#include <linux/kernel.h>
#include <linux/string.h>
#include <asm/processor.h>
#include <kunit/test.h>
#include "kunit-internal.h"

#define KUNIT_CAPTURE_SIZE	32768

static char capture_buf[KUNIT_CAPTURE_SIZE];
static unsigned long capture_reserved;	/* bytes claimed by writers */
static unsigned long capture_committed;	/* bytes whose copy is done */
static bool capture_on;

/**
 * printk_capture_hook() - called by printk() with each message's text
 * @text: the formatted message (level prefix removed)
 * @len: its length
 */
void printk_capture_hook(const char *text, size_t len)
{
	unsigned long pos;

	if (!READ_ONCE(capture_on) || !len)
		return;
	pos = __atomic_fetch_add(&capture_reserved, len, __ATOMIC_RELAXED);
	if (pos < KUNIT_CAPTURE_SIZE)
		memcpy(capture_buf + pos, text,
		       min_t(size_t, len, KUNIT_CAPTURE_SIZE - pos));
	__atomic_fetch_add(&capture_committed, len, __ATOMIC_RELEASE);
}

/**
 * kunit_printk_capture_start() - start copying printk() output
 *
 * Empties the buffer (32 KiB; later output is dropped).  The capture
 * ends with kunit_printk_capture_stop() or at the end of the case.
 */
void kunit_printk_capture_start(void)
{
	WRITE_ONCE(capture_on, false);
	smp_mb();
	__atomic_store_n(&capture_reserved, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&capture_committed, 0, __ATOMIC_RELAXED);
	smp_mb();
	WRITE_ONCE(capture_on, true);
}

/**
 * kunit_printk_capture_stop() - stop copying printk() output
 *
 * What was captured stays readable by kunit_log_contains().
 */
void kunit_printk_capture_stop(void)
{
	WRITE_ONCE(capture_on, false);
	smp_mb();
}

/**
 * kunit_log_contains() - search the captured printk() output
 * @substr: the text to find
 *
 * Waits (briefly) for messages still being copied.
 *
 * Return: true if @substr was printed since kunit_printk_capture_start().
 */
bool kunit_log_contains(const char *substr)
{
	size_t n = strlen(substr), len;
	unsigned long reserved;

	for (unsigned long spins = 0; spins < 10000000; spins++) {
		reserved = __atomic_load_n(&capture_reserved, __ATOMIC_ACQUIRE);
		if (__atomic_load_n(&capture_committed, __ATOMIC_ACQUIRE) == reserved)
			break;
		cpu_relax();
	}
	len = min_t(unsigned long, __atomic_load_n(&capture_reserved, __ATOMIC_ACQUIRE),
		    KUNIT_CAPTURE_SIZE);
	if (!n)
		return true;
	for (size_t i = 0; i + n <= len; i++)
		if (capture_buf[i] == substr[0] && !memcmp(capture_buf + i, substr, n))
			return true;
	return false;
}

/**
 * kunit_expect_splat_begin() - a deliberate WARNING/BUG splat follows
 * @test: the context
 *
 * Prints the KTAP comment "# expect-splat: begin"; the test harness does
 * not count splats between it and "# expect-splat: end" as failures.
 */
void kunit_expect_splat_begin(struct kunit *test)
{
	test->splat_open = true;
	printk(KERN_INFO "%s# expect-splat: begin\n", test->indent);
}

/**
 * kunit_expect_splat_end() - the deliberate splat is over
 * @test: the context
 */
void kunit_expect_splat_end(struct kunit *test)
{
	test->splat_open = false;
	printk(KERN_INFO "%s# expect-splat: end\n", test->indent);
}

void kunit_capture_case_end(struct kunit *test)
{
	kunit_printk_capture_stop();
	if (test->splat_open)
		kunit_expect_splat_end(test);
}
