/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_SPINLOCK_H
#define _LINUX_SPINLOCK_H

#include <linux/types.h>
#include <linux/irqflags.h>
#include <linux/preempt.h>
#include <linux/lockdep.h>
#include <asm/processor.h>
#include <asm/barrier.h>

/*
 * Ticket spinlocks: fair (FIFO) under contention.  The low half of @val is
 * the ticket now served, the high half the next ticket to hand out.
 * Taking the lock disables preemption; the _irq/_irqsave variants also
 * disable interrupts, the _bh variants softirqs.
 */
typedef struct {
	union {
		u32 val;
		struct {
			u16 head;
			u16 tail;
		};
	};
} arch_spinlock_t;

typedef struct spinlock {
	arch_spinlock_t raw;
#ifdef CONFIG_PROVE_LOCKING
	struct lockdep_map dep_map;
#endif
} spinlock_t;

typedef spinlock_t raw_spinlock_t;

#define __ARCH_SPIN_LOCK_UNLOCKED	{ { 0 } }
#define __SPIN_LOCK_UNLOCKED(name)					\
	{ .raw = __ARCH_SPIN_LOCK_UNLOCKED, LOCKDEP_MAP_INIT(name) }
#define DEFINE_SPINLOCK(name)	spinlock_t name = __SPIN_LOCK_UNLOCKED(name)
#define DEFINE_RAW_SPINLOCK(name) DEFINE_SPINLOCK(name)

#define spin_lock_init(lock)						\
do {									\
	(lock)->raw.val = 0;						\
	lockdep_init_map(&(lock)->dep_map, #lock);			\
} while (0)
#define raw_spin_lock_init(lock) spin_lock_init(lock)

/*
 * Contended waiters spin for a while and then halt until the unlocker
 * kicks them (kernel/arch/spinlock.c), so that a lock handover does not
 * wait for the host to schedule a spinning vCPU.  Host unit tests have no
 * second CPU and keep the plain spinning loop.
 */
#ifdef __UNIT_TEST__
static __always_inline void arch_spin_lock_slowpath(arch_spinlock_t *l, u16 ticket)
{
	while (__atomic_load_n(&l->head, __ATOMIC_ACQUIRE) != ticket)
		cpu_relax();
}

static __always_inline void arch_spin_kick(arch_spinlock_t *l, u16 next) { }
#define spin_halted_count	((atomic_t){ 0 })
#else
void arch_spin_lock_slowpath(arch_spinlock_t *l, u16 ticket);
void arch_spin_kick(arch_spinlock_t *l, u16 next);
extern atomic_t spin_halted_count;
#endif

static __always_inline void arch_spin_lock(arch_spinlock_t *l)
{
	u32 old = __atomic_fetch_add(&l->val, 1U << 16, __ATOMIC_ACQUIRE);
	u16 ticket = old >> 16;

	if (__builtin_expect((u16)old != ticket, 0))
		arch_spin_lock_slowpath(l, ticket);
}

static __always_inline bool arch_spin_trylock(arch_spinlock_t *l)
{
	u32 old = __atomic_load_n(&l->val, __ATOMIC_RELAXED);

	if ((old >> 16) != (old & 0xffff))
		return false;
	return __atomic_compare_exchange_n(&l->val, &old, old + (1U << 16), false,
					   __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
}

/*
 * The locked add is a full barrier: the new head is visible before this
 * CPU looks for halted waiters (see kernel/arch/spinlock.c).
 */
static __always_inline void arch_spin_unlock(arch_spinlock_t *l)
{
	u16 next = __atomic_add_fetch(&l->head, 1, __ATOMIC_SEQ_CST);

	if (__builtin_expect(READ_ONCE(spin_halted_count.counter) != 0, 0))
		arch_spin_kick(l, next);
}

static __always_inline bool arch_spin_is_locked(arch_spinlock_t *l)
{
	u32 v = READ_ONCE(l->val);

	return (v >> 16) != (v & 0xffff);
}

static __always_inline void spin_lock(spinlock_t *lock) __acquires(lock)
{
	preempt_disable();
	arch_spin_lock(&lock->raw);
	spin_acquire(&lock->dep_map, _RET_IP_);
	__acquire(lock);
}

static __always_inline bool spin_trylock(spinlock_t *lock)
{
	preempt_disable();
	if (arch_spin_trylock(&lock->raw)) {
		spin_acquire(&lock->dep_map, _RET_IP_);
		return true;
	}
	preempt_enable();
	return false;
}

static __always_inline void spin_unlock(spinlock_t *lock) __releases(lock)
{
	spin_release(&lock->dep_map, _RET_IP_);
	arch_spin_unlock(&lock->raw);
	preempt_enable();
	__release(lock);
}

static __always_inline void spin_lock_irq(spinlock_t *lock) __acquires(lock)
{
	local_irq_disable();
	spin_lock(lock);
}

static __always_inline void spin_unlock_irq(spinlock_t *lock) __releases(lock)
{
	spin_unlock(lock);
	local_irq_enable();
}

#define spin_lock_irqsave(lock, flags)					\
do {									\
	local_irq_save(flags);						\
	spin_lock(lock);						\
} while (0)

#define spin_trylock_irqsave(lock, flags) ({				\
	local_irq_save(flags);						\
	spin_trylock(lock) ? 1 : ({ local_irq_restore(flags); 0; }); })

static __always_inline void spin_unlock_irqrestore(spinlock_t *lock,
						   unsigned long flags) __releases(lock)
{
	spin_unlock(lock);
	local_irq_restore(flags);
}

void local_bh_disable(void);
void local_bh_enable(void);

static __always_inline void spin_lock_bh(spinlock_t *lock) __acquires(lock)
{
	local_bh_disable();
	spin_lock(lock);
}

static __always_inline void spin_unlock_bh(spinlock_t *lock) __releases(lock)
{
	spin_unlock(lock);
	local_bh_enable();
}

#define raw_spin_lock(l)		spin_lock(l)
#define raw_spin_unlock(l)		spin_unlock(l)
#define raw_spin_lock_irqsave(l, f)	spin_lock_irqsave(l, f)
#define raw_spin_unlock_irqrestore(l, f) spin_unlock_irqrestore(l, f)
#define raw_spin_lock_irq(l)		spin_lock_irq(l)
#define raw_spin_unlock_irq(l)		spin_unlock_irq(l)

static __always_inline bool spin_is_locked(spinlock_t *lock)
{
	return arch_spin_is_locked(&lock->raw);
}

#define assert_spin_locked(lock)	WARN_ON(!spin_is_locked(lock))

#endif /* _LINUX_SPINLOCK_H */
