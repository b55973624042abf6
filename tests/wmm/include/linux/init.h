/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tests/wmm: an initcall is a function the test calls,
 * wmm_initcall_<fn>().
 */
#ifndef _LINUX_INIT_H
#define _LINUX_INIT_H

#undef __init
#undef __initdata
#define __init
#define __initdata

#define early_initcall(fn)						\
	int wmm_initcall_##fn(void);					\
	int wmm_initcall_##fn(void) { return fn(); }

#endif /* _LINUX_INIT_H */
