/* SPDX-License-Identifier: GPL-2.0 */
/* tests/wmm: a completion is a flag, released by complete(). */
#ifndef _LINUX_COMPLETION_H
#define _LINUX_COMPLETION_H

#include <asm/barrier.h>

struct completion {
	int done;
};

#define COMPLETION_INITIALIZER(name)	{ }
#define init_completion(c)		do { (c)->done = 0; } while (0)
#define reinit_completion(c)		WRITE_ONCE((c)->done, 0)
#define complete(c)			smp_store_release(&(c)->done, 1)
#define wait_for_completion(c) do {					\
	while (!smp_load_acquire(&(c)->done))				\
		wmm_yield();						\
} while (0)

#endif /* _LINUX_COMPLETION_H */
