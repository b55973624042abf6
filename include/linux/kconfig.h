/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_KCONFIG_H
#define _LINUX_KCONFIG_H

/*
 * IS_ENABLED(CONFIG_FOO): 1 if the option is set, else 0, usable in C
 * expressions (so both branches are compiled and type-checked).
 * Works because autoconf.h defines set options as 1: the token paste
 * turns "1" into a placeholder that shifts a 1 into the second slot.
 */
#define __kconfig_placeholder_1 0,
#define __kconfig_second(ignored, val, ...) val
#define __kconfig_is_set(x) __kconfig_is_set_(__kconfig_placeholder_##x)
#define __kconfig_is_set_(arg) __kconfig_second(arg 1, 0, 0)
#define __kconfig_expand(x) __kconfig_is_set(x)
#define IS_ENABLED(option) __kconfig_expand(option)

/* The .config the kernel was built from (generated kernel/config_text.c). */
extern const char kernel_config_text[];

#endif /* _LINUX_KCONFIG_H */
