/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KUNIT_TEST_BUG_H
#define _KUNIT_TEST_BUG_H

#include <linux/compiler.h>

struct kunit;

/*
 * The case now running, for code that wants to fail it without being
 * handed the context (rcuos: tests run one at a time, so this is one
 * global pointer, set while a case runs, NULL otherwise).
 */
extern struct kunit *kunit_current_test;

/**
 * kunit_get_current_test() - the test context of the running case
 *
 * Return: the struct kunit of the case being run, or NULL.
 */
static inline struct kunit *kunit_get_current_test(void)
{
	return READ_ONCE(kunit_current_test);
}

__printf(3, 4)
void __kunit_fail_current_test(const char *file, int line, const char *fmt, ...);

/* kunit_fail_current_test() - fail the running case, if there is one. */
#define kunit_fail_current_test(fmt, ...)				\
	__kunit_fail_current_test(__FILE__, __LINE__, fmt, ##__VA_ARGS__)

#endif /* _KUNIT_TEST_BUG_H */
