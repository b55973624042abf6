/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ktest: a tiny host unit-test harness with KTAP-style output.
 *
 *	#include "ktest.h"		(first, before any <linux/...> header)
 *	#include <linux/string.h>
 *
 *	static void test_strlen(struct ktest *t)
 *	{
 *		KEXPECT_EQ(t, strlen("abc"), 3);
 *	}
 *
 *	static const struct ktest_case cases[] = {
 *		KTEST_CASE(test_strlen),
 *		{}
 *	};
 *	KTEST_MAIN("string", cases);
 *
 * KEXPECT_*() records a failure and goes on; KASSERT_*() records it and
 * returns from the test function.  Each case prints "ok N name" or
 * "not ok N name"; the binary exits 1 if any case failed.
 */
#ifndef _UNIT_KTEST_H
#define _UNIT_KTEST_H

#include <stdio.h>
#include <stdlib.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdbool.h>

/*
 * The host C library's formatter, for comparing with the kernel's: captured
 * here before host_rename.h turns "vsnprintf" into "k_vsnprintf".
 */
static inline __attribute__((__format__(printf, 3, 4), __unused__))
int host_snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return ret;
}

#ifndef KTEST_NO_RENAME
#include "host_rename.h"
/* Defined by glibc's <sys/cdefs.h> too; <linux/compiler.h> redefines it. */
#undef __always_inline
#endif

struct ktest {
	const char *name;
	int failures;
};

struct ktest_case {
	const char *name;
	void (*run)(struct ktest *t);
};

#define KTEST_CASE(fn)	{ #fn, fn }

int ktest_run(const char *suite, const struct ktest_case *cases);
void ktest_fail(struct ktest *t, const char *file, int line, const char *fmt, ...)
	__attribute__((__format__(printf, 4, 5)));
bool ktest_streq(const char *a, const char *b);
bool ktest_memeq(const void *a, const void *b, size_t n);

#define KTEST_MAIN(suite, cases)					\
int main(void)								\
{									\
	return ktest_run(suite, cases);					\
}

#define KEXPECT_TRUE(t, cond) ({					\
	bool __ok = !!(cond);						\
	if (!__ok)							\
		ktest_fail(t, __FILE__, __LINE__, "expected %s", #cond); \
	__ok; })

#define KEXPECT_FALSE(t, cond) ({					\
	bool __ok = !(cond);						\
	if (!__ok)							\
		ktest_fail(t, __FILE__, __LINE__, "expected !(%s)", #cond); \
	__ok; })

/*
 * Integer comparison; the values are printed signed and in hex.  The
 * expressions are stringified here, before host_rename.h's macros expand.
 */
#define __KEXPECT_OP(t, a, op, b, sa, sb) ({				\
	__typeof__(a) __a = (a);					\
	__typeof__(b) __b = (b);					\
	bool __ok = __a op __b;						\
	if (!__ok)							\
		ktest_fail(t, __FILE__, __LINE__,			\
			   "expected %s %s %s, got %lld (0x%llx) vs %lld (0x%llx)", \
			   sa, #op, sb, (long long)__a, (unsigned long long)__a, \
			   (long long)__b, (unsigned long long)__b);	\
	__ok; })

#define KEXPECT_EQ(t, a, b)	__KEXPECT_OP(t, a, ==, b, #a, #b)
#define KEXPECT_NE(t, a, b)	__KEXPECT_OP(t, a, !=, b, #a, #b)
#define KEXPECT_LT(t, a, b)	__KEXPECT_OP(t, a, <, b, #a, #b)
#define KEXPECT_LE(t, a, b)	__KEXPECT_OP(t, a, <=, b, #a, #b)
#define KEXPECT_GT(t, a, b)	__KEXPECT_OP(t, a, >, b, #a, #b)
#define KEXPECT_GE(t, a, b)	__KEXPECT_OP(t, a, >=, b, #a, #b)

#define KEXPECT_PTR_EQ(t, a, b) ({					\
	const void *__a = (a), *__b = (b);				\
	bool __ok = __a == __b;						\
	if (!__ok)							\
		ktest_fail(t, __FILE__, __LINE__,			\
			   "expected %s == %s, got %p vs %p", #a, #b, __a, __b); \
	__ok; })

#define KEXPECT_NULL(t, a)	KEXPECT_PTR_EQ(t, a, NULL)

#define KEXPECT_STREQ(t, a, b) ({					\
	const char *__a = (a), *__b = (b);				\
	bool __ok = ktest_streq(__a, __b);				\
	if (!__ok)							\
		ktest_fail(t, __FILE__, __LINE__,			\
			   "expected %s == %s, got \"%s\" vs \"%s\"",	\
			   #a, #b, __a ? __a : "(NULL)", __b ? __b : "(NULL)"); \
	__ok; })

#define KEXPECT_MEMEQ(t, a, b, n) ({					\
	bool __ok = ktest_memeq((a), (b), (n));				\
	if (!__ok)							\
		ktest_fail(t, __FILE__, __LINE__,			\
			   "expected %zu bytes of %s == %s", (size_t)(n), #a, #b); \
	__ok; })

/* The KASSERT_*() forms return from the (void) test function on failure. */
#define KASSERT_TRUE(t, cond)	do { if (!KEXPECT_TRUE(t, cond)) return; } while (0)
#define KASSERT_FALSE(t, cond)	do { if (!KEXPECT_FALSE(t, cond)) return; } while (0)
#define KASSERT_EQ(t, a, b)	do { if (!KEXPECT_EQ(t, a, b)) return; } while (0)
#define KASSERT_NE(t, a, b)	do { if (!KEXPECT_NE(t, a, b)) return; } while (0)
#define KASSERT_STREQ(t, a, b)	do { if (!KEXPECT_STREQ(t, a, b)) return; } while (0)

#endif /* _UNIT_KTEST_H */
