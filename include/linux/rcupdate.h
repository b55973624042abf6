/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_RCUPDATE_H
#define _LINUX_RCUPDATE_H

/*
 * Read-copy update: the public API.
 *
 * Readers bracket their accesses with rcu_read_lock()/rcu_read_unlock()
 * (or the _bh/_sched forms: one grace period covers all three kinds, as
 * in Linux since 4.20) and load RCU-protected pointers with
 * rcu_dereference().  Updaters publish with rcu_assign_pointer(), and
 * free old versions only after a grace period: synchronize_rcu(),
 * call_rcu(), kfree_rcu(), or the polled get_state/poll_state API.
 *
 * Pointers that readers follow are declared "T __rcu *".  Under sparse
 * that is a separate address space: a plain load, store, comparison or
 * conversion of such a pointer is an error, and only the accessors below
 * may cross over (with __force, after their checks).
 */
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/kconfig.h>
#include <linux/preempt.h>
#include <linux/lockdep.h>
#include <linux/spinlock.h>
#include <asm/barrier.h>

/* ---- sparse address-space plumbing ---- */

/*
 * Make sparse check that @p lives in address space @space, without
 * generating code: comparing a "T @space *" with @p is legal only if @p
 * is one too.  sizeof keeps it unevaluated.
 */
#define __rcu_space_check(p, space)					\
	((void)sizeof((__typeof__(*(p)) space *)(p) == (p)))

/* Cast a value into / out of the __rcu address space. */
#define __rcu_to_rcu(v)		((__typeof__(*(v)) __force __rcu *)(v))
#define __rcu_from(p)		((__typeof__(*(p)) __force __kernel *)(p))

/* ---- lockdep-based checking (CONFIG_PROVE_RCU) ---- */

#ifdef CONFIG_PROVE_RCU
/* rcu/prove_rcu.c */
void lockdep_rcu_suspicious(const char *file, int line, const char *why);
int rcu_read_lock_held(void);
int rcu_read_lock_bh_held(void);
int rcu_read_lock_sched_held(void);
int rcu_read_lock_any_held(void);
bool debug_lockdep_rcu_enabled(void);

/**
 * RCU_LOCKDEP_WARN() - splat once per call site if @c is true
 * @c: condition that indicates misuse
 * @s: what is wrong, printed in the splat
 *
 * Prints "WARNING: suspicious RCU usage" with file:line, @s, the locks
 * the task holds and a backtrace.  Compiles to nothing without
 * CONFIG_PROVE_RCU (but @c is still type-checked).
 */
#define RCU_LOCKDEP_WARN(c, s)						\
do {									\
	static bool __rcu_warned;					\
	if (debug_lockdep_rcu_enabled() && !__rcu_warned && (c)) {	\
		__rcu_warned = true;					\
		lockdep_rcu_suspicious(__FILE__, __LINE__, s);		\
	}								\
} while (0)
#else
static inline bool debug_lockdep_rcu_enabled(void) { return false; }
static inline int rcu_read_lock_held(void) { return 1; }
static inline int rcu_read_lock_bh_held(void) { return 1; }
static inline int rcu_read_lock_sched_held(void) { return 1; }
#ifndef CONFIG_PREEMPT_RCU
/* Preemptible RCU's version follows rcu_preempt_depth(), below. */
static inline int rcu_read_lock_any_held(void) { return 1; }
#endif
#define RCU_LOCKDEP_WARN(c, s)	do { } while (0 && (c))
#endif

/**
 * rcu_lockdep_assert() - assert a caller's RCU precondition
 * @c: condition that must hold
 * @s: message for the splat when it does not
 */
#define rcu_lockdep_assert(c, s)	RCU_LOCKDEP_WARN(!(c), s)

/* ---- pointer accessors ---- */

/**
 * rcu_dereference_check() - load an RCU-protected pointer, with a condition
 * @p: the __rcu pointer to load
 * @c: extra condition under which the access is legal (e.g.
 *     lockdep_is_held(&lock)); a reader's rcu_read_lock() always is
 *
 * One READ_ONCE() load: the value cannot be torn, refetched or
 * speculated before the pointer itself (the dependency orders the
 * later loads through it).  With CONFIG_PROVE_RCU, splats if neither
 * @c nor rcu_read_lock_held() is true.
 */
#define rcu_dereference_check(p, c) ({					\
	RCU_LOCKDEP_WARN(!((c) || rcu_read_lock_held()),		\
			 "suspicious rcu_dereference_check() usage");	\
	__rcu_space_check(p, __rcu);					\
	__rcu_from(READ_ONCE(p)); })

/** rcu_dereference_bh_check() - as rcu_dereference_check() for _bh readers */
#define rcu_dereference_bh_check(p, c) ({				\
	RCU_LOCKDEP_WARN(!((c) || rcu_read_lock_bh_held()),		\
			 "suspicious rcu_dereference_bh_check() usage");	\
	__rcu_space_check(p, __rcu);					\
	__rcu_from(READ_ONCE(p)); })

/** rcu_dereference_sched_check() - as rcu_dereference_check() for _sched readers */
#define rcu_dereference_sched_check(p, c) ({				\
	RCU_LOCKDEP_WARN(!((c) || rcu_read_lock_sched_held()),		\
			 "suspicious rcu_dereference_sched_check() usage"); \
	__rcu_space_check(p, __rcu);					\
	__rcu_from(READ_ONCE(p)); })

/** rcu_dereference() - load an RCU-protected pointer inside rcu_read_lock() */
#define rcu_dereference(p)		rcu_dereference_check(p, 0)
/** rcu_dereference_bh() - load inside rcu_read_lock_bh() */
#define rcu_dereference_bh(p)		rcu_dereference_bh_check(p, 0)
/** rcu_dereference_sched() - load inside rcu_read_lock_sched() */
#define rcu_dereference_sched(p)	rcu_dereference_sched_check(p, 0)

/**
 * rcu_dereference_raw() - load an RCU-protected pointer with no checking
 * @p: the __rcu pointer
 *
 * For the rare cases whose protection lockdep cannot express.
 */
#define rcu_dereference_raw(p) ({					\
	__rcu_space_check(p, __rcu);					\
	__rcu_from(READ_ONCE(p)); })

/**
 * rcu_dereference_protected() - load an RCU-protected pointer on the update side
 * @p: the __rcu pointer
 * @c: the condition that makes the access safe: updates are excluded
 *     (typically lockdep_is_held(&update_lock))
 *
 * No READ_ONCE() and no barrier: with updates excluded the pointer
 * cannot change under us.  Splats (PROVE_RCU) if @c is false.
 */
#define rcu_dereference_protected(p, c) ({				\
	RCU_LOCKDEP_WARN(!(c), "suspicious rcu_dereference_protected() usage"); \
	__rcu_space_check(p, __rcu);					\
	__rcu_from(p); })

/**
 * rcu_access_pointer() - read an __rcu pointer's value without dereferencing it
 * @p: the __rcu pointer
 *
 * For comparisons and NULL tests, outside readers too.  The result must
 * not be dereferenced.
 */
#define rcu_access_pointer(p) ({					\
	__rcu_space_check(p, __rcu);					\
	__rcu_from(READ_ONCE(p)); })

/** rcu_pointer_handoff() - a pointer leaves RCU's protection for another's */
#define rcu_pointer_handoff(p)	(p)

/**
 * rcu_assign_pointer() - publish a pointer to readers
 * @p: the __rcu pointer to assign to
 * @v: the new value
 *
 * A release store: everything written to the object before this is
 * visible to a reader that loads @v through rcu_dereference().  A
 * constant NULL needs no ordering and is stored plainly.
 */
#define rcu_assign_pointer(p, v)					\
do {									\
	__rcu_space_check(p, __rcu);					\
	if (__builtin_constant_p(v) && !(v))				\
		WRITE_ONCE(p, (__typeof__(p))NULL);			\
	else								\
		smp_store_release(&(p), __rcu_to_rcu(v));		\
} while (0)

/**
 * RCU_INIT_POINTER() - assign an __rcu pointer without ordering
 * @p: the __rcu pointer
 * @v: NULL, or an object that readers cannot reach yet (or that was
 *     published through another, ordered path)
 */
#define RCU_INIT_POINTER(p, v)						\
do {									\
	__rcu_space_check(p, __rcu);					\
	WRITE_ONCE(p, __rcu_to_rcu(v));					\
} while (0)

/**
 * RCU_INITIALIZER() - a value for a static initializer of an __rcu pointer
 * @v: the initial value
 */
#define RCU_INITIALIZER(v)	__rcu_to_rcu(v)

/**
 * RCU_POINTER_INITIALIZER() - designated initializer for an __rcu member
 * @p: member name
 * @v: initial value
 */
#define RCU_POINTER_INITIALIZER(p, v)	.p = RCU_INITIALIZER(v)

/**
 * rcu_replace_pointer() - publish a new pointer and return the old one
 * @rcu_ptr: the __rcu pointer
 * @ptr: the new value
 * @c: condition proving updates are excluded (as rcu_dereference_protected())
 */
#define rcu_replace_pointer(rcu_ptr, ptr, c) ({				\
	__typeof__(ptr) __rcu_old = rcu_dereference_protected(rcu_ptr, c); \
	rcu_assign_pointer(rcu_ptr, ptr);				\
	__rcu_old; })

/* ---- read side ---- */

/* PROVE_RCU's per-task reader tracking (rcu/prove_rcu.c). */
#ifdef CONFIG_PROVE_RCU
void rcu_lock_acquire_rcu(void);
void rcu_lock_release_rcu(void);
void rcu_lock_acquire_bh(void);
void rcu_lock_release_bh(void);
void rcu_lock_acquire_sched(void);
void rcu_lock_release_sched(void);
#else
static __always_inline void rcu_lock_acquire_rcu(void) { }
static __always_inline void rcu_lock_release_rcu(void) { }
static __always_inline void rcu_lock_acquire_bh(void) { }
static __always_inline void rcu_lock_release_bh(void) { }
static __always_inline void rcu_lock_acquire_sched(void) { }
static __always_inline void rcu_lock_release_sched(void) { }
#endif

#ifdef CONFIG_PREEMPT_RCU
/*
 * Preemptible RCU: a reader only counts its nesting in its task.  The
 * outermost unlock looks at one more word of the task, which is non-zero
 * only if something happened during the reader that RCU must be told
 * about (the task was preempted, an expedited grace period is waiting);
 * then rcu_read_unlock_special() (rcu/tree_preempt.c) does the work.
 * The compiler barriers keep the reader's accesses inside the counts;
 * no CPU barrier is needed, as only this task and interrupts on its CPU
 * look at its counter.
 */
#include <linux/sched.h>

void rcu_read_unlock_special(struct task_struct *t);
void __rcu_read_lock(void);
void __rcu_read_unlock(void);

/** rcu_preempt_depth() - rcu_read_lock() nesting depth of the current task */
static __always_inline int rcu_preempt_depth(void)
{
	return READ_ONCE(current->rcu_read_lock_nesting);
}

static __always_inline void rcu_preempt_read_enter(void)
{
	struct task_struct *t = current;

	WRITE_ONCE(t->rcu_read_lock_nesting, t->rcu_read_lock_nesting + 1);
	barrier();
}

static __always_inline void rcu_preempt_read_exit(void)
{
	struct task_struct *t = current;
	int nesting;

	barrier();
	nesting = t->rcu_read_lock_nesting - 1;
	WRITE_ONCE(t->rcu_read_lock_nesting, nesting);
	if (nesting == 0) {
		barrier();	/* the counter's store before the test */
		if (unlikely(READ_ONCE(t->rcu_read_unlock_special.s)))
			rcu_read_unlock_special(t);
	}
}
#define RCU_READ_ENTER()	rcu_preempt_read_enter()
#define RCU_READ_EXIT()		rcu_preempt_read_exit()

#ifndef CONFIG_PROVE_RCU
/**
 * rcu_read_lock_any_held() - inside any kind of RCU reader (no PROVE_RCU)
 *
 * The truth even without lockdep: a preemptible reader, or preemption,
 * softirqs or interrupts disabled (RCU-sched and -bh readers).  Callers
 * that must not wait for a grace period from inside a reader rely on it.
 */
static inline int rcu_read_lock_any_held(void)
{
	return rcu_preempt_depth() > 0 || !preemptible();
}
#endif
#elif defined(CONFIG_PREEMPT)
/* Tiny cannot be preemptible: a preemptible kernel uses Tree RCU. */
#error "CONFIG_PREEMPT without CONFIG_PREEMPT_RCU"
#else
/*
 * Non-preemptible kernel: a task cannot be switched out involuntarily, and
 * blocking inside a reader is illegal, so a reader needs no code at all.
 */
static __always_inline int rcu_preempt_depth(void)
{
	return 0;
}
#define RCU_READ_ENTER()	barrier()
#define RCU_READ_EXIT()		barrier()
#endif

/**
 * rcu_read_lock() - begin an RCU read-side critical section
 *
 * Readers may nest.  A grace period that starts after this call cannot
 * end before the matching rcu_read_unlock().  Must not block.  In a
 * preemptible kernel (PREEMPT_RCU) it increments the task's nesting count
 * and the reader may be preempted; in a non-preemptible build without
 * PROVE_RCU it is only a compiler barrier.
 */
static __always_inline void rcu_read_lock(void)
{
	RCU_READ_ENTER();
	rcu_lock_acquire_rcu();
}

/** rcu_read_unlock() - end an RCU read-side critical section */
static __always_inline void rcu_read_unlock(void)
{
	rcu_lock_release_rcu();
	RCU_READ_EXIT();
}

/**
 * rcu_read_lock_bh() - reader that also disables softirqs
 *
 * Covered by the same grace periods as rcu_read_lock().
 */
static __always_inline void rcu_read_lock_bh(void)
{
	local_bh_disable();
	rcu_lock_acquire_bh();
}

/** rcu_read_unlock_bh() - end an rcu_read_lock_bh() reader */
static __always_inline void rcu_read_unlock_bh(void)
{
	rcu_lock_release_bh();
	local_bh_enable();
}

/**
 * rcu_read_lock_sched() - reader that disables preemption
 *
 * Any preemption-disabled, irq-disabled or softirq region is also a
 * reader; this form documents it and lets PROVE_RCU see it.
 */
static __always_inline void rcu_read_lock_sched(void)
{
	preempt_disable();
	rcu_lock_acquire_sched();
}

/** rcu_read_unlock_sched() - end an rcu_read_lock_sched() reader */
static __always_inline void rcu_read_unlock_sched(void)
{
	rcu_lock_release_sched();
	preempt_enable();
}

/* ---- update side ---- */

/**
 * call_rcu() - invoke @func(@head) after a grace period
 * @head: rcu_head embedded in the object; must not be queued already
 * @func: callback; runs in softirq context (RCU_SOFTIRQ), must not block
 *
 * Legal from any context but NMI, including with interrupts disabled
 * and in hardirq handlers.  Callbacks queued by one CPU run in order.
 */
void call_rcu(struct rcu_head *head, rcu_callback_t func);

/**
 * synchronize_rcu() - wait until every pre-existing reader has finished
 *
 * Concurrent callers share grace periods.  Must not be called from a
 * reader (PROVE_RCU: "Illegal synchronize_rcu() in RCU read-side
 * critical section").  Sleeps.
 */
void synchronize_rcu(void);

/**
 * synchronize_rcu_expedited() - synchronize_rcu(), but faster and costlier
 *
 * Drives quiescent states with IPIs to non-idle CPUs.
 */
void synchronize_rcu_expedited(void);

/**
 * rcu_barrier() - wait for all callbacks queued so far to have run
 *
 * Waits for callbacks on every CPU, not merely for a grace period.  With
 * Tree RCU, a CPU whose callback count reads zero (nothing queued, none
 * being invoked) is passed over without an IPI, so idle CPUs are not
 * disturbed; a callback queued concurrently with rcu_barrier() may or may
 * not be waited for.  May sleep.
 */
void rcu_barrier(void);

/**
 * get_state_synchronize_rcu() - cookie for the polled grace-period API
 *
 * Return: a cookie that poll_state_synchronize_rcu() reports done once a
 * full grace period has elapsed after this call.  Does not start one.
 */
unsigned long get_state_synchronize_rcu(void);

/**
 * start_poll_synchronize_rcu() - cookie, and make sure a grace period comes
 *
 * As get_state_synchronize_rcu(), and also requests the grace period
 * the cookie waits for, so polling will eventually succeed.
 */
unsigned long start_poll_synchronize_rcu(void);

/**
 * poll_state_synchronize_rcu() - has the cookie's grace period elapsed?
 * @oldstate: cookie from get_state_ or start_poll_synchronize_rcu()
 *
 * Return: true if a full grace period has elapsed since the cookie was
 * taken (with full ordering against readers of that period), or if the
 * cookie is RCU_GET_STATE_COMPLETED.
 */
bool poll_state_synchronize_rcu(unsigned long oldstate);

/**
 * cond_synchronize_rcu() - synchronize_rcu() unless the cookie is done
 * @oldstate: cookie from get_state_synchronize_rcu()
 */
void cond_synchronize_rcu(unsigned long oldstate);

/** A cookie that is always done: a placeholder for "no wait needed". */
#define RCU_GET_STATE_COMPLETED	0x1UL

/**
 * get_completed_synchronize_rcu() - a cookie that is already done
 */
static inline unsigned long get_completed_synchronize_rcu(void)
{
	return RCU_GET_STATE_COMPLETED;
}

/**
 * same_state_synchronize_rcu() - do two cookies wait for the same thing?
 * @oldstate1: a cookie from the polled API
 * @oldstate2: another one
 *
 * Return: true if both cookies become done at the same grace period.
 */
static inline bool same_state_synchronize_rcu(unsigned long oldstate1,
					      unsigned long oldstate2)
{
	return oldstate1 == oldstate2;
}

/**
 * struct rcu_gp_oldstate - a "full" polled grace-period cookie
 * @rgos_norm: the cookie
 *
 * Linux's full cookie also tracks expedited grace periods, which its
 * plain cookie does not; here the plain cookie already covers both
 * kinds, so the full one merely wraps it.
 */
struct rcu_gp_oldstate {
	unsigned long rgos_norm;
};

/**
 * get_state_synchronize_rcu_full() - full cookie, as get_state_synchronize_rcu()
 * @rgosp: where to store it
 */
static inline void get_state_synchronize_rcu_full(struct rcu_gp_oldstate *rgosp)
{
	rgosp->rgos_norm = get_state_synchronize_rcu();
}

/**
 * start_poll_synchronize_rcu_full() - full cookie, as start_poll_synchronize_rcu()
 * @rgosp: where to store it
 */
static inline void start_poll_synchronize_rcu_full(struct rcu_gp_oldstate *rgosp)
{
	rgosp->rgos_norm = start_poll_synchronize_rcu();
}

/**
 * poll_state_synchronize_rcu_full() - has a full cookie's grace period elapsed?
 * @rgosp: the cookie
 *
 * Return: as poll_state_synchronize_rcu().
 */
static inline bool poll_state_synchronize_rcu_full(struct rcu_gp_oldstate *rgosp)
{
	return poll_state_synchronize_rcu(rgosp->rgos_norm);
}

/*
 * rcu_head debug objects (CONFIG_DEBUG_OBJECTS_RCU_HEAD, rcu/update.c).
 * Heads need no init call, except those on the stack: bracket their use
 * with init_rcu_head_on_stack() and destroy_rcu_head_on_stack().
 */
#ifdef CONFIG_DEBUG_OBJECTS_RCU_HEAD
void init_rcu_head(struct rcu_head *head);
void destroy_rcu_head(struct rcu_head *head);
void init_rcu_head_on_stack(struct rcu_head *head);
void destroy_rcu_head_on_stack(struct rcu_head *head);
#else
static inline void init_rcu_head(struct rcu_head *head) { }
static inline void destroy_rcu_head(struct rcu_head *head) { }
static inline void init_rcu_head_on_stack(struct rcu_head *head) { }
static inline void destroy_rcu_head_on_stack(struct rcu_head *head) { }
#endif

/* ---- kfree_rcu ---- */

/**
 * kvfree_call_rcu() - kfree() an object after a grace period
 * @head: the object's rcu_head, or NULL (then the caller may sleep)
 * @ptr: the object
 *
 * What kfree_rcu() expands to.  Objects are batched in per-CPU
 * page-sized arrays freed in bulk after a grace period (rcu/kvfree_rcu.c).
 */
void kvfree_call_rcu(struct rcu_head *head, void *ptr);

/**
 * kvfree_rcu_barrier() - wait for every kfree_rcu() so far to have freed
 *
 * rcu_barrier() does not do this: objects batched by kfree_rcu() may not
 * have been handed to RCU yet.  This hands them over and waits for them.
 * Sleeps.
 */
void kvfree_rcu_barrier(void);

#define __kfree_rcu_2(ptr, rhf)						\
do {									\
	__typeof__(ptr) ___p = (ptr);					\
	if (___p)							\
		kvfree_call_rcu(&___p->rhf, (void *)___p);		\
} while (0)

/**
 * kfree_rcu_mightsleep() - kfree() after a grace period, no rcu_head needed
 * @ptr: the object
 *
 * Batched like kfree_rcu(ptr, rhf), but falls back to synchronize_rcu()
 * when no array page can be had, so only from sleepable context.
 */
#define kfree_rcu_mightsleep(ptr)					\
do {									\
	void *___p = (void *)(ptr);					\
	if (___p)							\
		kvfree_call_rcu(NULL, ___p);				\
} while (0)

#define __kfree_rcu_pick(_1, _2, name, ...) name

/**
 * kfree_rcu() - kfree() an object after a grace period
 * @ptr: the object (kmalloc()ed)
 * @rhf: (optional) name of its struct rcu_head member
 *
 * With @rhf: "fire and forget", legal in the same contexts as call_rcu().
 * With one argument it is kfree_rcu_mightsleep(): no rcu_head is needed,
 * but the caller must be able to sleep.
 *
 * The object is freed within a few jiffies after a grace period, in a
 * batch with others (no callback of its own), unless memory is short:
 * then its rcu_head is queued with call_rcu(), or, with one argument,
 * synchronize_rcu() is called.  kvfree_rcu_barrier() waits for all of
 * them.
 */
#define kfree_rcu(...)							\
	__kfree_rcu_pick(__VA_ARGS__, __kfree_rcu_2, kfree_rcu_mightsleep)(__VA_ARGS__)

/* ---- boot, the shell and statistics ---- */

void rcu_init(void);
void rcu_init_late(void);		/* kthreads: after the scheduler is up */
void rcu_print_state(void);		/* the shell's "rcu" command */
unsigned long rcu_gp_completed(void);
unsigned long rcu_get_gp_seq(void);

/*
 * The hooks the scheduler, interrupt entry, the tick and CPU bring-up call:
 * each flavor's header declares those it implements and gives empty
 * static inlines for the ones it does not need.
 */
#if defined(CONFIG_TREE_RCU)
#include <linux/rcutree.h>
#elif defined(CONFIG_TINY_RCU)
#include <linux/rcutiny.h>
#else
#error "neither CONFIG_TREE_RCU nor CONFIG_TINY_RCU is set"
#endif

#endif /* _LINUX_RCUPDATE_H */
