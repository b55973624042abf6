/* SPDX-License-Identifier: GPL-2.0 */
/* tests/wmm: a mutex is a lock like a spinlock's. */
#ifndef _LINUX_MUTEX_H
#define _LINUX_MUTEX_H

#include <linux/compiler.h>

struct mutex {
	struct wmm_sync s;
};

#define __MUTEX_INITIALIZER(name)	{ }
#define mutex_init(m)			do { *(m) = (struct mutex){ }; } while (0)
#define mutex_lock(m)			wmm_sync_lock(&(m)->s)
#define mutex_unlock(m)			wmm_sync_unlock(&(m)->s)

#endif /* _LINUX_MUTEX_H */
