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

/*
 * The linker defines __start_X/__stop_X only when section X is not empty;
 * weak references make an empty registry read as NULL..NULL instead of
 * failing the link (as in every other registry header).
 */
extern const struct obs_kernel_param * const __start_setup_params[] __weak;
extern const struct obs_kernel_param * const __stop_setup_params[] __weak;

/*
 * Initcalls, as Linux's: a function run once by do_initcalls() (from the
 * init task, after all CPUs are up and before the shell starts), in level
 * order, and in link order within a level.  A non-zero return is reported
 * and otherwise ignored.  Entries are pointers in the "initcalls" section.
 */
typedef int (*initcall_t)(void);
typedef void (*exitcall_t)(void);

struct initcall_entry {
	initcall_t fn;
	int level;
	const char *name;
};

#define __define_initcall(fn, lvl)					\
	static const struct initcall_entry __initcall_##fn##lvl = {	\
		fn, lvl, #fn						\
	};								\
	static const struct initcall_entry * const			\
	__initcall_ptr_##fn##lvl __used __section("initcalls") __aligned(8) = \
		&__initcall_##fn##lvl

#define early_initcall(fn)		__define_initcall(fn, 0)
#define pure_initcall(fn)		__define_initcall(fn, 1)
#define core_initcall(fn)		__define_initcall(fn, 2)
#define postcore_initcall(fn)		__define_initcall(fn, 3)
#define arch_initcall(fn)		__define_initcall(fn, 4)
#define subsys_initcall(fn)		__define_initcall(fn, 5)
#define fs_initcall(fn)			__define_initcall(fn, 6)
#define device_initcall(fn)		__define_initcall(fn, 7)
#define late_initcall(fn)		__define_initcall(fn, 8)
#define INITCALL_LEVELS			9

/* Built-in "modules": module_init() is a device initcall, no exit. */
#define module_init(fn)			device_initcall(fn)
#define module_exit(fn)							\
	static const exitcall_t __exitcall_##fn __maybe_unused = fn

extern const struct initcall_entry * const __start_initcalls[] __weak;
extern const struct initcall_entry * const __stop_initcalls[] __weak;

/* Run every initcall, level by level (kernel/params/initcall.c). */
void do_initcalls(void);

/*
 * parse_kernel_params() - apply the kernel command line
 * (kernel/params/params.c; the boot code calls it once, early).
 */
void parse_kernel_params(const char *cmdline);

/* The command line as the boot loader passed it (kept by the above). */
extern char saved_command_line[];

#endif /* _LINUX_INIT_H */
