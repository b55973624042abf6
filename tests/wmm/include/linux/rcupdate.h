/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tests/wmm: what <linux/srcu.h> and rcu/srcutree.c need of RCU.
 *
 * rcu_assign_pointer() is a release store; a pointer loaded for
 * srcu_dereference() orders the loads through it as an acquire would
 * (the model has no address dependencies, and acquire is what they
 * give here).  A normal RCU grace period is polled: it has elapsed once
 * every other thread has passed a full fence since it started, which is
 * what Tree RCU's grace period gives every CPU where RCU watches.
 */
#ifndef _LINUX_RCUPDATE_H
#define _LINUX_RCUPDATE_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/lockdep.h>
#include <asm/barrier.h>

#define __rcu_space_check(p, space)	((void)sizeof(p))
#define __rcu_from(p) ({						\
	__auto_type __p = (p);						\
	wmm_consume();							\
	(__typeof__(*__p) *)__p; })

#define RCU_LOCKDEP_WARN(c, s)	do { } while (0 && (c))

#define rcu_assign_pointer(p, v)	smp_store_release(&(p), (v))

static inline unsigned long start_poll_synchronize_rcu(void)
{
	return wmm_rcu_gp_start();
}

static inline bool poll_state_synchronize_rcu(unsigned long oldstate)
{
	return wmm_rcu_gp_done(oldstate);
}

#endif /* _LINUX_RCUPDATE_H */
