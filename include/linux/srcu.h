/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_SRCU_H
#define _LINUX_SRCU_H

/*
 * Sleepable RCU: readers may block for any length of time, and each
 * srcu_struct is its own domain, so a slow reader of one domain delays
 * only that domain's grace periods.  A reader's lock returns the index
 * (or, for the fast flavor, the per-CPU counter) its unlock must pass
 * back.  The implementation is rcu/srcutree.c (SMP) or rcu/srcutiny.c
 * (the tiny build); struct srcu_struct, DEFINE_SRCU() and
 * DEFINE_STATIC_SRCU() come from their headers.
 */

#include <linux/compiler.h>
#include <linux/lockdep.h>
#include <linux/rcupdate.h>
#include <linux/types.h>

struct srcu_struct;

#ifdef CONFIG_TINY_SRCU
#include <linux/srcutiny.h>
#else
#include <linux/srcutree.h>
#endif

/**
 * init_srcu_struct() - initialise a dynamically allocated srcu_struct
 * @ssp: the structure to initialise
 *
 * Return: 0, or -ENOMEM if its per-CPU state cannot be allocated.
 */
int init_srcu_struct(struct srcu_struct *ssp);

/**
 * cleanup_srcu_struct() - tear down an srcu_struct made by init_srcu_struct()
 * @ssp: the structure
 *
 * Must not be called with readers active, grace periods in flight or
 * callbacks pending: it then warns and leaves @ssp allocated (a leak
 * rather than a use-after-free).  Call srcu_barrier() first.
 */
void cleanup_srcu_struct(struct srcu_struct *ssp);


/**
 * synchronize_srcu() - wait for a grace period of @ssp
 * @ssp: the domain
 *
 * Returns after every reader of @ssp that began before the call has
 * ended.  Readers of other domains are not waited for.  Calling it
 * inside a reader of the same @ssp deadlocks (PROVE_RCU reports it).
 */
void synchronize_srcu(struct srcu_struct *ssp);

/**
 * synchronize_srcu_expedited() - synchronize_srcu(), without batching delays
 * @ssp: the domain
 */
void synchronize_srcu_expedited(struct srcu_struct *ssp);

/**
 * call_srcu() - run @func(@rhp) after a grace period of @ssp
 * @ssp: the domain
 * @rhp: the callback's head, usually embedded in the object it frees
 * @func: the callback, run with softirqs disabled (Tree SRCU: by the
 *	grace-period kthread), so it must not sleep
 *
 * May be called from any context but NMI.
 */
void call_srcu(struct srcu_struct *ssp, struct rcu_head *rhp, rcu_callback_t func);

/**
 * srcu_barrier() - wait for every call_srcu() callback queued on @ssp
 * @ssp: the domain
 */
void srcu_barrier(struct srcu_struct *ssp);

/**
 * get_state_synchronize_srcu() - cookie for a later poll_state_synchronize_srcu()
 * @ssp: the domain
 *
 * Does not start a grace period.
 */
unsigned long get_state_synchronize_srcu(struct srcu_struct *ssp);

/**
 * start_poll_synchronize_srcu() - as get_state_synchronize_srcu(), and start it
 * @ssp: the domain
 */
unsigned long start_poll_synchronize_srcu(struct srcu_struct *ssp);

/**
 * poll_state_synchronize_srcu() - has the grace period of @cookie ended?
 * @ssp: the domain the cookie came from
 * @cookie: from get_state_synchronize_srcu() or start_poll_synchronize_srcu()
 */
bool poll_state_synchronize_srcu(struct srcu_struct *ssp, unsigned long cookie);

/**
 * srcu_batches_completed() - grace periods @ssp has completed, for tests
 * @ssp: the domain
 */
unsigned long srcu_batches_completed(struct srcu_struct *ssp);

#ifdef CONFIG_PROVE_RCU
/**
 * srcu_read_lock_held() - is the current task inside a reader of @ssp?
 * @ssp: the domain
 *
 * Exact with CONFIG_PROVE_LOCKING (the reader holds @ssp's lockdep map);
 * otherwise 1, so that checks built on it never give false positives.
 */
int srcu_read_lock_held(const struct srcu_struct *ssp);
#else
static inline int srcu_read_lock_held(const struct srcu_struct *ssp)
{
	return 1;
}
#endif

/**
 * srcu_dereference_check() - load an SRCU-protected pointer, with a condition
 * @p: the __rcu pointer
 * @ssp: the domain whose reader protects the load
 * @c: extra condition under which the access is legal
 *
 * With CONFIG_PROVE_RCU, splats unless @c holds or the task is inside a
 * reader of @ssp (a reader of another domain does not count).
 */
#define srcu_dereference_check(p, ssp, c) ({				\
	RCU_LOCKDEP_WARN(!((c) || srcu_read_lock_held(ssp)),		\
			 "suspicious srcu_dereference_check() usage");	\
	__rcu_space_check(p, __rcu);					\
	__rcu_from(READ_ONCE(p)); })

/** srcu_dereference() - load an SRCU-protected pointer inside a reader of @ssp */
#define srcu_dereference(p, ssp)	srcu_dereference_check(p, ssp, 0)

/** srcu_dereference_notrace() - srcu_dereference() with no checking */
#define srcu_dereference_notrace(p, ssp) srcu_dereference_check(p, ssp, 1)

/*
 * The flavor header supplies __srcu_read_lock(), __srcu_read_unlock(),
 * __srcu_read_lock_fast() and __srcu_read_unlock_fast() (inline or not),
 * struct srcu_ctr, and a struct srcu_struct with a ->dep_map member;
 * the wrappers below add PROVE_RCU's bookkeeping around them.
 */
#ifdef CONFIG_PROVE_RCU
void srcu_lock_acquire(struct srcu_struct *ssp, int idx);
int srcu_lock_release(struct srcu_struct *ssp, int idx);
bool srcu_sync_in_own_reader(struct srcu_struct *ssp, const char *what);
#else
static inline void srcu_lock_acquire(struct srcu_struct *ssp, int idx) { }
static inline int srcu_lock_release(struct srcu_struct *ssp, int idx)
{
	return idx;
}
static inline bool srcu_sync_in_own_reader(struct srcu_struct *ssp, const char *what)
{
	return false;
}
#endif

/**
 * srcu_read_lock() - enter a reader of @ssp
 * @ssp: the domain
 *
 * The reader may block or sleep.  Readers nest, and readers of
 * different domains may overlap in any order.
 *
 * Return: the index to pass to the matching srcu_read_unlock().
 */
static inline int srcu_read_lock(struct srcu_struct *ssp) __acquires(ssp)
{
	int idx = __srcu_read_lock(ssp);

	srcu_lock_acquire(ssp, idx);
	return idx;
}

/**
 * srcu_read_unlock() - leave a reader of @ssp
 * @ssp: the domain
 * @idx: what the matching srcu_read_lock() returned
 *
 * With CONFIG_PROVE_RCU, an @idx that no srcu_read_lock() of @ssp held
 * by this task returned is reported, and the index of the task's newest
 * reader of @ssp is used instead, keeping the counts balanced.
 */
static inline void srcu_read_unlock(struct srcu_struct *ssp, int idx) __releases(ssp)
{
	idx = srcu_lock_release(ssp, idx);
	__srcu_read_unlock(ssp, idx);
}

/**
 * srcu_read_lock_fast() - enter a fast reader of @ssp
 * @ssp: the domain
 *
 * Only bumps a per-CPU counter: no full memory barrier, which the grace
 * period pays for with a normal RCU grace period instead.  So it must
 * not be used where RCU is not watching (idle, early entry code).
 * Fast and normal readers of one domain may not be mixed.
 *
 * Return: the counter to pass to the matching srcu_read_unlock_fast().
 */
static inline struct srcu_ctr __percpu *srcu_read_lock_fast(struct srcu_struct *ssp)
	__acquires(ssp)
{
	struct srcu_ctr __percpu *scp = __srcu_read_lock_fast(ssp);

	srcu_lock_acquire(ssp, -1);
	return scp;
}

/**
 * srcu_read_unlock_fast() - leave a fast reader of @ssp
 * @ssp: the domain
 * @scp: what the matching srcu_read_lock_fast() returned
 */
static inline void srcu_read_unlock_fast(struct srcu_struct *ssp,
					 struct srcu_ctr __percpu *scp) __releases(ssp)
{
	srcu_lock_release(ssp, -1);
	__srcu_read_unlock_fast(ssp, scp);
}

#endif /* _LINUX_SRCU_H */
