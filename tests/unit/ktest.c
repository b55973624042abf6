// SPDX-License-Identifier: GPL-2.0
/*
 * ktest runner and the host stand-ins for kernel services that lib/ code
 * and kernel code under test may call.  The stand-ins are weak: a test
 * defines its own (e.g. sprint_symbol()) to override them.
 */
#define KTEST_NO_RENAME
#include "ktest.h"

#include <string.h>

int ktest_run(const char *suite, const struct ktest_case *cases)
{
	const struct ktest_case *c;
	int n = 0, i = 0, failed = 0;

	for (c = cases; c->name; c++)
		n++;
	printf("KTAP version 1\n");
	printf("# Subtest: %s\n", suite);
	printf("1..%d\n", n);
	fflush(stdout);
	for (c = cases; c->name; c++) {
		struct ktest t = { .name = c->name, .failures = 0 };

		const char *name = c->name;

		/* KTEST_CASE(test_foo) reports as "foo". */
		if (!strncmp(name, "test_", 5) && name[5])
			name += 5;
		t.name = name;
		c->run(&t);
		printf("%sok %d %s\n", t.failures ? "not " : "", ++i, name);
		fflush(stdout);
		if (t.failures)
			failed++;
	}
	printf("# %s: %d passed, %d failed\n", suite, n - failed, failed);
	return failed ? 1 : 0;
}

void ktest_fail(struct ktest *t, const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	t->failures++;
	printf("    # %s: %s:%d: ", t->name, file, line);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

bool ktest_streq(const char *a, const char *b)
{
	if (!a || !b)
		return a == b;
	return strcmp(a, b) == 0;
}

bool ktest_memeq(const void *a, const void *b, size_t n)
{
	return memcmp(a, b, n) == 0;
}

/* Kernel services, host versions. */
__attribute__((__weak__, __noreturn__)) void panic(const char *fmt, ...);
__attribute__((__weak__)) void __warn(const char *file, int line, const char *cond);
__attribute__((__weak__)) int sprint_symbol(char *buf, size_t size, unsigned long addr);
__attribute__((__weak__)) int printk(const char *fmt, ...);
__attribute__((__weak__)) int vprintk(const char *fmt, va_list args);

void panic(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "Kernel panic - not syncing: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	abort();
}

void __warn(const char *file, int line, const char *cond)
{
	printf("    # WARNING: %s at %s:%d\n", cond, file, line);
}

int sprint_symbol(char *buf, size_t size, unsigned long addr)
{
	return 0;	/* no symbols on the host */
}

int vprintk(const char *fmt, va_list args)
{
	/* Drop a KERN_<LEVEL> prefix ("\001" + one character). */
	if (fmt[0] == '\001' && fmt[1])
		fmt += 2;
	return vprintf(fmt, args);
}

int printk(const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = vprintk(fmt, ap);
	va_end(ap);
	return ret;
}
