/* SPDX-License-Identifier: GPL-2.0 */
/* Shared between init.c and outside.c of the test init. */
#ifndef RCUOS_LINUX_INIT_H
#define RCUOS_LINUX_INIT_H

#include <sys/types.h>

void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void result(const char *name, int ok, const char *why);
int wait_for(pid_t pid);
int cmdline_has(const char *word);
void test_outside(void);

#endif
