/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KERNEL_KUNIT_INTERNAL_H
#define _KERNEL_KUNIT_INTERNAL_H

#include <kunit/test.h>

/* test.c */
void kunit_run_case_body(struct kunit_suite *suite, struct kunit *test,
			 void (*run)(struct kunit *test));

/* capture.c: stop a capture and close a splat region left open. */
void kunit_capture_case_end(struct kunit *test);

#endif /* _KERNEL_KUNIT_INTERNAL_H */
