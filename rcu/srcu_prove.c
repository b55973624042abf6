// SPDX-License-Identifier: GPL-2.0
/*
 * PROVE_RCU for SRCU, shared by Tree and Tiny SRCU: a reader holds its
 * domain's lockdep map, recorded with the index its lock returned, so
 * that srcu_dereference() can tell one domain's reader from another's,
 * a grace period waited for inside a reader of its own domain is
 * reported instead of deadlocking, and an unlock passing the wrong
 * index is reported and repaired.
 */
#include <linux/kernel.h>
#include <linux/lockdep.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/srcu.h>
#include "rcu.h"

/**
 * srcu_lock_acquire() - record that the current task entered a reader
 * @ssp: the domain
 * @idx: the index its lock returned (-1 for a fast reader)
 */
void srcu_lock_acquire(struct srcu_struct *ssp, int idx)
{
	/* A fast reader's only ordering is RCU's grace period: see srcu.h. */
	RCU_LOCKDEP_WARN(idx < 0 && !rcu_is_watching(),
			 "srcu_read_lock_fast() where RCU is not watching");
	lock_acquire_data(&ssp->dep_map, _RET_IP_, idx);
}

/**
 * srcu_lock_release() - record that the current task left a reader
 * @ssp: the domain
 * @idx: the index its unlock was given (-1 for a fast reader)
 *
 * Return: the index the unlock must use: @idx, or, if the task holds
 * no reader of @ssp with that index, its newest reader's (reported).
 */
int srcu_lock_release(struct srcu_struct *ssp, int idx)
{
	long held;
	int ret = lock_release_data(&ssp->dep_map, idx, &held);

	if (ret > 0) {
		RCU_LOCKDEP_WARN(1, "srcu_read_unlock() with an index srcu_read_lock() did not return");
		return (int)held;
	}
	RCU_LOCKDEP_WARN(ret < 0, "srcu_read_unlock() without matching srcu_read_lock()");
	return idx;
}

/**
 * srcu_sync_in_own_reader() - is a grace-period wait about to deadlock?
 * @ssp: the domain waited on
 * @what: the waiting function, for the report
 *
 * Waiting for a grace period of @ssp inside a reader of @ssp waits for
 * itself.  Reported once per domain-independent call site; the caller
 * then returns without waiting.
 *
 * Return: true if the current task is inside a reader of @ssp.
 */
bool srcu_sync_in_own_reader(struct srcu_struct *ssp, const char *what)
{
	if (!debug_lockdep_rcu_enabled() || !lock_is_held(&ssp->dep_map))
		return false;
	lockdep_rcu_suspicious(__FILE__, __LINE__, what);
	return true;
}

/**
 * srcu_read_lock_held() - is the current task inside a reader of @ssp?
 * @ssp: the domain
 */
int srcu_read_lock_held(const struct srcu_struct *ssp)
{
	if (!debug_lockdep_rcu_enabled())
		return 1;
	return lock_is_held(&ssp->dep_map);
}
