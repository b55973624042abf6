/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tests/wmm: the kernel's compiler.h, with READ_ONCE() and WRITE_ONCE()
 * as relaxed loads and stores of the memory model (tests/wmm/wmm.h).
 */
#ifndef _WMM_LINUX_COMPILER_H
#define _WMM_LINUX_COMPILER_H

/* The host's <sys/cdefs.h> has its own. */
#undef __always_inline
#include_next <linux/compiler.h>
#include "../../wmm.h"

#undef READ_ONCE
#undef WRITE_ONCE

#define READ_ONCE(x) ({							\
	__auto_type __r = (x);						\
	wmm_load(&(x), sizeof(x), &__r, WMM_RELAXED);			\
	__r; })

#define WRITE_ONCE(x, val) do {						\
	__typeof__(x) __w = (val);					\
	wmm_store(&(x), sizeof(x), &__w, WMM_RELAXED);			\
} while (0)

#endif /* _WMM_LINUX_COMPILER_H */
