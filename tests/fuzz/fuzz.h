/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Common part of the libFuzzer targets in tests/fuzz/: the host C headers
 * and the kernel's renames (through ktest.h, as for the unit tests), the
 * libFuzzer entry point and a check that stops the run with a message.
 * A target that wants the kernel's messages defines vprintk(); printk()
 * is ktest.c's, which calls it.
 */
#ifndef _FUZZ_H
#define _FUZZ_H

#include "ktest.h"

#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The errno of the host C library (<errno.h> would pull in the kernel's). */
int *__errno_location(void);
#define host_errno	(*__errno_location())

/*
 * A failed check is a finding like a sanitizer report: print what and
 * where, then abort() so that libFuzzer saves the input.
 */
#define FUZZ_CHECK(cond, fmt, ...) do {					\
	if (!(cond)) {							\
		fprintf(stderr, "%s:%d: check failed: %s: " fmt "\n",	\
			__FILE__, __LINE__, #cond, ##__VA_ARGS__);	\
		abort();						\
	}								\
} while (0)

#endif /* _FUZZ_H */
