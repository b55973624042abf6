// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for lib/vsprintf.c: exact expected strings for the kernel
 * specifics, and a differential test against the host C library for the
 * C99 conversions (same output, same return value, same truncation).
 */
#include "ktest.h"

#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/limits.h>

/* The tests use formats that -Wformat rightly objects to. */
#pragma GCC diagnostic ignored "-Wformat"
#pragma GCC diagnostic ignored "-Wformat-extra-args"
#pragma GCC diagnostic ignored "-Wformat-zero-length"
#pragma GCC diagnostic ignored "-Wformat-overflow"
#pragma GCC diagnostic ignored "-Wformat-truncation"

/* A symbol table of one function, for %pS and %ps. */
#define FAKE_FUNC_ADDR	0xffffffff80101000UL

#define LONG_NAME_ADDR	0xffffffff80200000UL

int sprint_symbol(char *buf, size_t size, unsigned long addr)
{
	/* A symbolizer that reports more than it could store. */
	if (addr == LONG_NAME_ADDR) {
		size_t i;

		for (i = 0; i + 1 < size; i++)
			buf[i] = 'a' + i % 26;
		buf[i] = '\0';
		return 1000;
	}
	if (addr >= FAKE_FUNC_ADDR && addr < FAKE_FUNC_ADDR + 0x40)
		return snprintf(buf, size, "fake_func+0x%lx/0x40",
				addr - FAKE_FUNC_ADDR);
	return 0;
}

/*
 * Format into a heap buffer of exactly @size bytes (so ASan catches any
 * write past it) and check both the text and the return value.
 */
#define CHECK_SIZE(t, size, expect, expect_ret, fmt, ...) ({		\
	size_t __size = (size);						\
	char *__buf = malloc(__size ? __size : 1);			\
	int __ret = snprintf(__size ? __buf : NULL, __size, fmt, ##__VA_ARGS__); \
	bool __ok = KEXPECT_EQ(t, __ret, (int)(expect_ret));		\
	if (__size)							\
		__ok &= KEXPECT_STREQ(t, __buf, expect);		\
	free(__buf);							\
	__ok; })

#define CHECK(t, expect, fmt, ...) \
	CHECK_SIZE(t, 256, expect, strlen(expect), fmt, ##__VA_ARGS__)

static void test_basic(struct ktest *t)
{
	CHECK(t, "", "");
	CHECK(t, "hello", "hello");
	CHECK(t, "%", "%%");
	CHECK(t, "100%", "100%%");
	CHECK(t, "a%b", "a%%b");
	CHECK(t, "x=42 y=-7", "x=%d y=%i", 42, -7);
	CHECK(t, "c", "%c", 'c');
	CHECK(t, "  c|c  |", "%3c|%-3c|", 'c', 'c');
	CHECK(t, "  c", "%03c", 'c');	/* '0' does not apply to %c */
	CHECK(t, "str", "%s", "str");
}

static void test_integers(struct ktest *t)
{
	CHECK(t, "0", "%d", 0);
	CHECK(t, "-1", "%d", -1);
	CHECK(t, "2147483647", "%d", INT_MAX);
	CHECK(t, "-2147483648", "%d", INT_MIN);
	CHECK(t, "4294967295", "%u", UINT_MAX);
	CHECK(t, "4294967295", "%u", -1);
	CHECK(t, "9223372036854775807", "%ld", LONG_MAX);
	CHECK(t, "-9223372036854775808", "%ld", LONG_MIN);
	CHECK(t, "-9223372036854775808", "%lld", (long long)LONG_MIN);
	CHECK(t, "18446744073709551615", "%lu", ULONG_MAX);
	CHECK(t, "18446744073709551615", "%llu", ULLONG_MAX);
	CHECK(t, "ffffffffffffffff", "%lx", ULONG_MAX);
	CHECK(t, "FFFFFFFF", "%X", UINT_MAX);
	CHECK(t, "1777777777777777777777", "%llo", ULLONG_MAX);
	CHECK(t, "deadbeef", "%x", 0xdeadbeef);
	CHECK(t, "DEADBEEF", "%X", 0xdeadbeef);
	CHECK(t, "17", "%o", 15);
	CHECK(t, "0x1f 0X1F 017 0", "%#x %#X %#o %#x", 31, 31, 15, 0);
	CHECK(t, "0", "%#o", 0);
	CHECK(t, "18446744073709551615 -1", "%zu %zd", (size_t)-1, (ssize_t)-1);
	CHECK(t, "-5 5", "%td %tu", (ptrdiff_t)-5, (ptrdiff_t)5);
	CHECK(t, "-9223372036854775808", "%jd", (long long)LONG_MIN);
}

static void test_length_modifiers(struct ktest *t)
{
	CHECK(t, "44", "%hhd", 300);		/* (signed char)300 */
	CHECK(t, "-1", "%hhd", 255);
	CHECK(t, "255", "%hhu", -1);
	CHECK(t, "-128", "%hhd", 128);
	CHECK(t, "ff", "%hhx", 0x1ff);
	CHECK(t, "9029", "%hd", 0x12345);
	CHECK(t, "-1", "%hd", 0xffff);
	CHECK(t, "65535", "%hu", -1);
	CHECK(t, "2345", "%hx", 0x12345);
	CHECK(t, "4294967296", "%ld", 1L << 32);
	CHECK(t, "1 2 3", "%hhu %hu %u", 1, 2, 3);
}

static void test_flags_width_precision(struct ktest *t)
{
	CHECK(t, "   42", "%5d", 42);
	CHECK(t, "42   |", "%-5d|", 42);
	CHECK(t, "00042", "%05d", 42);
	CHECK(t, "-0042", "%05d", -42);
	CHECK(t, "+42", "%+d", 42);
	CHECK(t, "-42", "%+d", -42);
	CHECK(t, " 42", "% d", 42);
	CHECK(t, "+42", "%+ d", 42);		/* '+' wins over ' ' */
	CHECK(t, "+0", "%+d", 0);
	CHECK(t, "42", "%+u", 42);		/* no sign for unsigned */
	CHECK(t, "   +42", "%+6d", 42);
	CHECK(t, "+00042", "%+06d", 42);
	CHECK(t, "42    |", "%-06d|", 42);	/* '-' overrides '0' */
	CHECK(t, "00042", "%.5d", 42);
	CHECK(t, "-00042", "%.5d", -42);
	CHECK(t, "  00042", "%7.5d", 42);
	CHECK(t, "  00042", "%07.5d", 42);	/* precision disables '0' */
	CHECK(t, "", "%.0d", 0);		/* C99: no digits */
	CHECK(t, "   ", "%3.0d", 0);
	CHECK(t, "", "%.d", 0);
	CHECK(t, "0", "%.1d", 0);
	CHECK(t, "1", "%.0d", 1);
	CHECK(t, "0x0000ff", "%#08x", 255);
	CHECK(t, "  0x00ff", "%#8.4x", 255);
	CHECK(t, "0377", "%#o", 255);
	CHECK(t, "00377", "%#.5o", 255);
	CHECK(t, "12345", "%2d", 12345);	/* width is a minimum */
	CHECK(t, "ab", "%.2s", "abcdef");
	CHECK(t, "   ab", "%5.2s", "abcdef");
	CHECK(t, "ab   |", "%-5.2s|", "abcdef");
	CHECK(t, "abc", "%.10s", "abc");
	CHECK(t, "", "%.0s", "abc");
	CHECK(t, "  abc", "%5s", "abc");
}

static void test_star(struct ktest *t)
{
	CHECK(t, "   42", "%*d", 5, 42);
	CHECK(t, "42   |", "%*d|", -5, 42);	/* negative width: '-' */
	CHECK(t, "00042", "%.*d", 5, 42);
	CHECK(t, "42", "%.*d", -3, 42);	/* negative precision: none */
	CHECK(t, "  00042", "%*.*d", 7, 5, 42);
	CHECK(t, "ab", "%.*s", 2, "abcdef");
	CHECK(t, "abcdef", "%.*s", -1, "abcdef");
	CHECK(t, "x    y", "x%*sy", 4, "");
	CHECK(t, "00042", "%0*d", 5, 42);
}

static void test_null_string(struct ktest *t)
{
	CHECK(t, "(null)", "%s", (char *)NULL);
	CHECK(t, "  (null)", "%8s", (char *)NULL);
	CHECK(t, "(nu", "%.3s", (char *)NULL);
}

static void test_pointer(struct ktest *t)
{
	void *p = (void *)0xffff888012345678UL;

	CHECK(t, "ffff888012345678", "%p", p);
	CHECK(t, "0000000000001234", "%p", (void *)0x1234);
	CHECK(t, "0000000000000000", "%p", NULL);
	CHECK(t, "ffff888012345678", "%pK", p);
	CHECK(t, "ffff888012345678", "%px", p);
	CHECK(t, "0x0000000000001234", "%#p", (void *)0x1234);
	CHECK(t, "0x0000000000000000", "%#p", NULL);
	CHECK(t, "      1234", "%10p", (void *)0x1234);
	CHECK(t, "1234      |", "%-10p|", (void *)0x1234);
	CHECK(t, "[0000000000001234]", "[%p]", (void *)0x1234);
	/* Alphanumerics after %p belong to it, other characters do not. */
	CHECK(t, "0000000000001234 x", "%pfoo x", (void *)0x1234);
	CHECK(t, "0000000000001234-x", "%p-x", (void *)0x1234);
}

static void test_symbol(struct ktest *t)
{
	CHECK(t, "fake_func+0x0/0x40", "%pS", (void *)FAKE_FUNC_ADDR);
	CHECK(t, "fake_func+0x10/0x40", "%pS", (void *)(FAKE_FUNC_ADDR + 0x10));
	CHECK(t, "fake_func", "%ps", (void *)(FAKE_FUNC_ADDR + 0x10));
	CHECK(t, "at fake_func+0x3f/0x40\n", "at %pS\n", (void *)(FAKE_FUNC_ADDR + 0x3f));
	CHECK(t, "[   fake_func]", "[%12ps]", (void *)FAKE_FUNC_ADDR);
	CHECK(t, "[fake_func   ]", "[%-12ps]", (void *)FAKE_FUNC_ADDR);
	CHECK(t, "fake", "%.4ps", (void *)FAKE_FUNC_ADDR);
	/* Unknown addresses fall back to hex. */
	CHECK(t, "0xffffffff80102000", "%pS", (void *)0xffffffff80102000UL);
	CHECK(t, "0x1234", "%ps", (void *)0x1234);
	CHECK(t, "0x0", "%pS", NULL);
	CHECK(t, "fake_func+0x8/0x40 after", "%pSR after", (void *)(FAKE_FUNC_ADDR + 8));
	/* An over-long answer is cut at the internal buffer, not overrun. */
	{
		char buf[300];
		int n = snprintf(buf, sizeof(buf), "%pS", (void *)LONG_NAME_ADDR);

		KEXPECT_GT(t, n, 60);
		KEXPECT_LT(t, n, 256);
		KEXPECT_EQ(t, (int)strlen(buf), n);
		KEXPECT_EQ(t, buf[0], 'a');
		KEXPECT_EQ(t, buf[n - 1], 'a' + (n - 1) % 26);
	}
}

static void test_unknown_conversion(struct ktest *t)
{
	CHECK(t, "%y", "%y");
	CHECK(t, "abc%", "abc%");
	CHECK(t, "%w 5", "%w %d", 5);
}

static void test_truncation(struct ktest *t)
{
	char buf[8];

	CHECK_SIZE(t, 4, "123", 6, "%d", 123456);
	CHECK_SIZE(t, 1, "", 5, "hello");
	CHECK_SIZE(t, 0, "", 5, "hello");
	CHECK_SIZE(t, 6, "hello", 5, "hello");
	CHECK_SIZE(t, 5, "hell", 5, "hello");
	CHECK_SIZE(t, 8, "-922337", 20, "%ld", LONG_MIN);
	CHECK_SIZE(t, 10, "         ", 1000, "%1000d", 1);
	CHECK_SIZE(t, 3, "ab", 8, "abc%5s", "x");
	CHECK_SIZE(t, 5, "fake", 18, "%pS", (void *)FAKE_FUNC_ADDR);
	CHECK_SIZE(t, 3, "00", 16, "%p", (void *)0x10);

	/* A NULL buffer with size 0 only measures. */
	KEXPECT_EQ(t, snprintf(NULL, 0, "%d-%s", 12345, "abc"), 9);

	/* Nothing is written past the terminator. */
	memset(buf, 'Z', sizeof(buf));
	KEXPECT_EQ(t, snprintf(buf, 4, "abcdef"), 6);
	KEXPECT_MEMEQ(t, buf, "abc\0ZZZZ", 8);
}

static int call_vscnprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = vscnprintf(buf, size, fmt, ap);
	va_end(ap);
	return ret;
}

static void test_scnprintf(struct ktest *t)
{
	char buf[8];
	int len;

	KEXPECT_EQ(t, scnprintf(buf, sizeof(buf), "%s", "abc"), 3);
	KEXPECT_STREQ(t, buf, "abc");
	KEXPECT_EQ(t, scnprintf(buf, sizeof(buf), "%s", "abcdefghij"), 7);
	KEXPECT_STREQ(t, buf, "abcdefg");
	KEXPECT_EQ(t, scnprintf(buf, 1, "%s", "abc"), 0);
	KEXPECT_STREQ(t, buf, "");
	KEXPECT_EQ(t, scnprintf(NULL, 0, "%s", "abc"), 0);
	KEXPECT_EQ(t, call_vscnprintf(buf, sizeof(buf), "%d", 123456789), 7);
	KEXPECT_STREQ(t, buf, "1234567");

	/* The usual append pattern never overruns. */
	len = 0;
	len += scnprintf(buf + len, sizeof(buf) - len, "%d,", 10);
	len += scnprintf(buf + len, sizeof(buf) - len, "%d,", 20);
	len += scnprintf(buf + len, sizeof(buf) - len, "%d,", 30);
	KEXPECT_EQ(t, len, 7);
	KEXPECT_STREQ(t, buf, "10,20,3");
}

static void test_sprintf(struct ktest *t)
{
	char buf[64];

	KEXPECT_EQ(t, sprintf(buf, "%s=%d", "key", -12), 7);
	KEXPECT_STREQ(t, buf, "key=-12");
	KEXPECT_EQ(t, sprintf(buf, ""), 0);
	KEXPECT_STREQ(t, buf, "");
}

/* ---- Differential test against the host C library. ---- */

enum arg_kind { K_INT, K_UINT, K_LONG, K_ULONG, K_LLONG, K_ULLONG, K_SSIZE,
		K_SIZE, K_PTRDIFF };

struct conv {
	const char *len;	/* length modifier */
	char conv;
	enum arg_kind kind;
};

static const struct conv convs[] = {
	{ "", 'd', K_INT },   { "", 'i', K_INT },    { "", 'u', K_UINT },
	{ "", 'x', K_UINT },  { "", 'X', K_UINT },   { "", 'o', K_UINT },
	{ "hh", 'd', K_INT }, { "hh", 'u', K_UINT }, { "hh", 'x', K_UINT },
	{ "h", 'd', K_INT },  { "h", 'u', K_UINT },  { "h", 'o', K_UINT },
	{ "l", 'd', K_LONG }, { "l", 'u', K_ULONG }, { "l", 'x', K_ULONG },
	{ "ll", 'i', K_LLONG }, { "ll", 'u', K_ULLONG }, { "ll", 'X', K_ULLONG },
	{ "ll", 'o', K_ULLONG },
	{ "z", 'd', K_SSIZE }, { "z", 'u', K_SIZE },  { "z", 'x', K_SIZE },
	{ "t", 'd', K_PTRDIFF }, { "t", 'x', K_PTRDIFF },
};

static const char *const flag_sets[] = {
	"", "-", "+", " ", "0", "#", "-+", "+0", " 0", "-#", "#0", "-0", "+ ", "-+ #0",
};

static const char *const widths[] = { "", "1", "6", "21", "*" };
static const char *const precisions[] = { "", ".", ".0", ".1", ".4", ".25", ".*" };

static const long long values[] = {
	0, 1, -1, 7, -7, 42, 100, -100, 127, -128, 255, 256, 32767, -32768,
	65535, 0x12345, 0x7fffffff, -0x7fffffff - 1, 0xffffffffLL,
	0x123456789abcLL, 0x7fffffffffffffffLL, -0x7fffffffffffffffLL - 1,
};

static int star_args[] = { 0, 3, 8, -5, -30 };

/* Call @fn with the arguments that @fmt wants. */
#define CALL_WITH(fn, buf, size, fmt, nstar, s1, s2, kind, v) ({	\
	int __r;							\
	switch (kind) {							\
	case K_INT:							\
		__r = CALL_STARS(fn, buf, size, fmt, nstar, s1, s2, (int)(v)); \
		break;							\
	case K_UINT:							\
		__r = CALL_STARS(fn, buf, size, fmt, nstar, s1, s2, (unsigned int)(v)); \
		break;							\
	case K_LONG:							\
		__r = CALL_STARS(fn, buf, size, fmt, nstar, s1, s2, (long)(v)); \
		break;							\
	case K_ULONG:							\
		__r = CALL_STARS(fn, buf, size, fmt, nstar, s1, s2, (unsigned long)(v)); \
		break;							\
	case K_LLONG:							\
		__r = CALL_STARS(fn, buf, size, fmt, nstar, s1, s2, (long long)(v)); \
		break;							\
	case K_ULLONG:							\
		__r = CALL_STARS(fn, buf, size, fmt, nstar, s1, s2, (unsigned long long)(v)); \
		break;							\
	case K_SSIZE:							\
		__r = CALL_STARS(fn, buf, size, fmt, nstar, s1, s2, (ssize_t)(v)); \
		break;							\
	case K_SIZE:							\
		__r = CALL_STARS(fn, buf, size, fmt, nstar, s1, s2, (size_t)(v)); \
		break;							\
	default:							\
		__r = CALL_STARS(fn, buf, size, fmt, nstar, s1, s2, (ptrdiff_t)(v)); \
		break;							\
	}								\
	__r; })

#define CALL_STARS(fn, buf, size, fmt, nstar, s1, s2, v)		\
	((nstar) == 0 ? fn(buf, size, fmt, v) :				\
	 (nstar) == 1 ? fn(buf, size, fmt, s1, v) :			\
			fn(buf, size, fmt, s1, s2, v))

static bool diff_one(struct ktest *t, const char *fmt, int nstar, int s1, int s2,
		     enum arg_kind kind, long long v, size_t size)
{
	char mine[128], host[128];
	int rm, rh;

	memset(mine, 0x5a, sizeof(mine));
	memset(host, 0x5a, sizeof(host));
	rm = CALL_WITH(snprintf, mine, size, fmt, nstar, s1, s2, kind, v);
	rh = CALL_WITH(host_snprintf, host, size, fmt, nstar, s1, s2, kind, v);
	if (rm != rh || memcmp(mine, host, sizeof(mine))) {
		ktest_fail(t, __FILE__, __LINE__,
			   "fmt \"%s\" stars %d,%d value %lld size %zu: got %d \"%.*s\", host %d \"%.*s\"",
			   fmt, s1, s2, v, size, rm, (int)(size ? size - 1 : 0), mine,
			   rh, (int)(size ? size - 1 : 0), host);
		return false;
	}
	return true;
}

static void test_differential(struct ktest *t)
{
	size_t c, f, w, p, v, s;
	unsigned long checked = 0;
	int failures = 0;
	char fmt[32];

	for (c = 0; c < ARRAY_SIZE(convs); c++)
	for (f = 0; f < ARRAY_SIZE(flag_sets); f++)
	for (w = 0; w < ARRAY_SIZE(widths); w++)
	for (p = 0; p < ARRAY_SIZE(precisions); p++) {
		int nstar = (widths[w][0] == '*') + (precisions[p][0] && precisions[p][1] == '*');

		snprintf(fmt, sizeof(fmt), "[%%%s%s%s%s%c]", flag_sets[f],
			 widths[w], precisions[p], convs[c].len, convs[c].conv);
		for (v = 0; v < ARRAY_SIZE(values); v++)
		for (s = 0; s < (nstar ? ARRAY_SIZE(star_args) : 1); s++) {
			int s1 = star_args[s];
			int s2 = star_args[(s + 2) % ARRAY_SIZE(star_args)];
			/* Full buffer, and a short one that truncates. */
			if (!diff_one(t, fmt, nstar, s1, s2, convs[c].kind,
				      values[v], 100))
				failures++;
			if (!diff_one(t, fmt, nstar, s1, s2, convs[c].kind,
				      values[v], 1 + (v + s) % 9))
				failures++;
			checked += 2;
			if (failures > 20)
				return;
		}
	}
	KEXPECT_GT(t, checked, 100000UL);
}

static void test_differential_strings(struct ktest *t)
{
	static const char *const strs[] = { "", "a", "hello", "hello, world!" };
	static const char *const fmts[] = {
		"%s", "%5s", "%-5s|", "%.3s", "%10.3s", "%-10.3s|", "%.0s", "%.20s",
		"%*s", "%-*s|", "%.*s", "%*.*s", "%c%c", "%5c", "%-5c|",
		"<%s> and <%s>", "%%%s%%",
	};
	char mine[64], host[64];
	size_t i, j, size;
	int rm, rh;

	for (i = 0; i < ARRAY_SIZE(fmts); i++)
	for (j = 0; j < ARRAY_SIZE(strs); j++)
	for (size = 0; size <= 20; size += 5) {
		const char *fmt = fmts[i];
		int nstar = 0;
		const char *q;

		for (q = fmt; *q; q++)
			nstar += *q == '*';
		memset(mine, 0x5a, sizeof(mine));
		memset(host, 0x5a, sizeof(host));
		if (strchr(fmt, 'c')) {
			rm = snprintf(mine, size, fmt, 'x', 'y');
			rh = host_snprintf(host, size, fmt, 'x', 'y');
		} else if (strstr(fmt, "and") || strstr(fmt, "%%")) {
			rm = snprintf(mine, size, fmt, strs[j], strs[j]);
			rh = host_snprintf(host, size, fmt, strs[j], strs[j]);
		} else if (nstar == 2) {
			rm = snprintf(mine, size, fmt, 8, 2, strs[j]);
			rh = host_snprintf(host, size, fmt, 8, 2, strs[j]);
		} else if (nstar == 1) {
			rm = snprintf(mine, size, fmt, 7, strs[j]);
			rh = host_snprintf(host, size, fmt, 7, strs[j]);
		} else {
			rm = snprintf(mine, size, fmt, strs[j]);
			rh = host_snprintf(host, size, fmt, strs[j]);
		}
		if (!KEXPECT_EQ(t, rm, rh) ||
		    !KEXPECT_MEMEQ(t, mine, host, sizeof(mine))) {
			ktest_fail(t, __FILE__, __LINE__, "fmt \"%s\" str \"%s\" size %zu",
				   fmt, strs[j], size);
			return;
		}
	}
}

static const struct ktest_case cases[] = {
	KTEST_CASE(test_basic),
	KTEST_CASE(test_integers),
	KTEST_CASE(test_length_modifiers),
	KTEST_CASE(test_flags_width_precision),
	KTEST_CASE(test_star),
	KTEST_CASE(test_null_string),
	KTEST_CASE(test_pointer),
	KTEST_CASE(test_symbol),
	KTEST_CASE(test_unknown_conversion),
	KTEST_CASE(test_truncation),
	KTEST_CASE(test_scnprintf),
	KTEST_CASE(test_sprintf),
	KTEST_CASE(test_differential),
	KTEST_CASE(test_differential_strings),
	{}
};

KTEST_MAIN("vsprintf", cases)
