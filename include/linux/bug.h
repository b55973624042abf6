/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_BUG_H
#define _LINUX_BUG_H

#include <linux/compiler.h>

void __warn(const char *file, int line, const char *cond);
__noreturn void panic(const char *fmt, ...) __printf(1, 2);

#define BUG() panic("BUG at %s:%d", __FILE__, __LINE__)
#define BUG_ON(c) do { if (unlikely(c)) panic("BUG: %s at %s:%d", #c, __FILE__, __LINE__); } while (0)

/*
 * WARN_ON(): print a "WARNING:" splat with a backtrace and go on.
 * Evaluates to the condition so it can be used in an if.
 */
#define WARN_ON(c) ({							\
	int __ret_warn = !!(c);						\
	if (unlikely(__ret_warn))					\
		__warn(__FILE__, __LINE__, #c);				\
	unlikely(__ret_warn); })

#define WARN_ON_ONCE(c) ({						\
	static bool __warned;						\
	int __ret_warn_once = !!(c);					\
	if (unlikely(__ret_warn_once && !__warned)) {			\
		__warned = true;					\
		__warn(__FILE__, __LINE__, #c);				\
	}								\
	unlikely(__ret_warn_once); })

#endif /* _LINUX_BUG_H */
