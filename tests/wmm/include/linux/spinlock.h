/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tests/wmm: a spinlock is an acquire of the lock and a release of it,
 * as in the Linux-kernel memory model: not a full barrier.  Interrupts
 * do not exist in the simulation, so the _irq variants are the same.
 */
#ifndef _LINUX_SPINLOCK_H
#define _LINUX_SPINLOCK_H

#include <linux/types.h>
#include <linux/compiler.h>

typedef struct spinlock {
	struct wmm_sync s;
} spinlock_t;
typedef spinlock_t raw_spinlock_t;

#define __SPIN_LOCK_UNLOCKED(name)	{ }
#define DEFINE_SPINLOCK(name)		spinlock_t name = __SPIN_LOCK_UNLOCKED(name)
#define spin_lock_init(l)		do { *(l) = (spinlock_t){ }; } while (0)

#define spin_lock(l)			wmm_sync_lock(&(l)->s)
#define spin_unlock(l)			wmm_sync_unlock(&(l)->s)
#define spin_lock_irq(l)		spin_lock(l)
#define spin_unlock_irq(l)		spin_unlock(l)
#define spin_lock_irqsave(l, f)		do { (f) = 0; spin_lock(l); } while (0)
#define spin_trylock(l)			wmm_sync_trylock(&(l)->s)
#define spin_trylock_irqsave(l, f)	({ (f) = 0; spin_trylock(l); })
#define spin_unlock_irqrestore(l, f)	do { (void)(f); spin_unlock(l); } while (0)

#endif /* _LINUX_SPINLOCK_H */
