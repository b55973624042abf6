/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_INIT_H
#define _LINUX_INIT_H

#include <linux/compiler.h>
#include <linux/types.h>

/*
 * Boot-time command line handlers, as Linux's __setup() and early_param().
 *
 * __setup("foo=", fn): for a command line word starting with "foo=",
 * fn() gets the text after the prefix and returns 1 if it took the option
 * (0 means "not mine": the word is then tried as a module parameter and
 * else reported as unknown).  A prefix without '=' matches the bare word
 * or "word=...", and fn() gets the rest ("" or "=...").
 *
 * early_param("foo", fn): for "foo" or "foo=val", fn() gets "val" (NULL
 * for the bare word) and returns 0, or a negative errno for a bad value.
 * Early parameters are handled in a first pass, before all others.
 *
 * The handlers are pointers in the "setup_params" section, bracketed by
 * __start_setup_params/__stop_setup_params.
 */
struct obs_kernel_param {
	const char *str;
	int (*setup_func)(char *val);
	int early;
};

#ifndef __initconst
#define __initconst
#endif
#ifndef __exit
#define __exit
#endif
#ifndef __exitdata
#define __exitdata
#endif

#define __setup_param(str, unique_id, fn, early)			\
	static const struct obs_kernel_param __setup_##unique_id = {	\
		str, fn, early						\
	};								\
	static const struct obs_kernel_param * const			\
	__setup_ptr_##unique_id __used __section("setup_params") __aligned(8) = \
		&__setup_##unique_id

#define __setup(str, fn)	__setup_param(str, fn, fn, 0)
#define early_param(str, fn)	__setup_param(str, fn, fn, 1)

extern const struct obs_kernel_param * const __start_setup_params[];
extern const struct obs_kernel_param * const __stop_setup_params[];

/*
 * parse_kernel_params() - apply the kernel command line
 * (kernel/params/params.c; the boot code calls it once, early).
 */
void parse_kernel_params(const char *cmdline);

/* The command line as the boot loader passed it (kept by the above). */
extern char saved_command_line[];

#endif /* _LINUX_INIT_H */
