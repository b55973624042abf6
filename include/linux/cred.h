/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_CRED_H
#define _LINUX_CRED_H

/*
 * Task credentials, copy-on-write and RCU-protected.
 *
 * A struct cred is never changed once another task can see it.  To
 * change its own credentials a task copies them (prepare_creds()),
 * edits the copy, and publishes it (commit_creds()), which replaces
 * current->real_cred and current->cred with rcu_assign_pointer().  The
 * old set is released with put_cred(); the last reference frees it
 * after a grace period (call_rcu()), so another task that read the
 * pointer under rcu_read_lock() can still look at it, or take a
 * reference with get_task_cred().
 *
 * Only the task itself writes its own ->cred and ->real_cred, so it may
 * read them without RCU (current_cred()); everybody else must use
 * rcu_dereference() / get_task_cred().
 */
#include <linux/types.h>
#include <linux/atomic.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>

typedef unsigned int kuid_t;
typedef unsigned int kgid_t;

#define GLOBAL_ROOT_UID	((kuid_t)0)
#define GLOBAL_ROOT_GID	((kgid_t)0)

/* ->magic of a live struct cred; anything else means freed or corrupt. */
#define CRED_MAGIC	0x43736564U
#define CRED_MAGIC_DEAD	0x44656144U

/**
 * struct cred - a task's security context
 * @usage: references; the set is freed (after a grace period) at zero
 * @magic: CRED_MAGIC while live, CRED_MAGIC_DEAD once released
 * @uid: real user id
 * @gid: real group id
 * @suid: saved user id
 * @sgid: saved group id
 * @euid: effective user id
 * @egid: effective group id
 * @rcu: for the deferred free
 */
struct cred {
	atomic_t usage;
	unsigned int magic;
	kuid_t uid;
	kgid_t gid;
	kuid_t suid;
	kgid_t sgid;
	kuid_t euid;
	kgid_t egid;
	struct rcu_head rcu;
};

extern struct cred init_cred;

void __put_cred(struct cred *cred);
struct cred *prepare_creds(void);
int commit_creds(struct cred *new);
void abort_creds(struct cred *new);
const struct cred *override_creds(const struct cred *new);
void revert_creds(const struct cred *old);
const struct cred *get_task_cred(struct task_struct *task);
int copy_creds(struct task_struct *p, unsigned long clone_flags);
void exit_creds(struct task_struct *p);

/**
 * get_new_cred() - take a reference on a set of credentials
 * @cred: the credentials
 *
 * Return: @cred.
 */
static inline struct cred *get_new_cred(struct cred *cred)
{
	atomic_inc(&cred->usage);
	return cred;
}

/**
 * get_cred() - take a reference on a set of published credentials
 * @cred: the credentials (may be NULL)
 *
 * Return: @cred, now also referenced by the caller.
 */
static inline const struct cred *get_cred(const struct cred *cred)
{
	struct cred *nonconst_cred = (struct cred *)cred;

	if (!cred)
		return cred;
	return get_new_cred(nonconst_cred);
}

/**
 * put_cred() - drop a reference; the last one frees after a grace period
 * @cred: the credentials (may be NULL)
 */
static inline void put_cred(const struct cred *cred)
{
	struct cred *c = (struct cred *)cred;

	if (c && atomic_dec_and_test(&c->usage))
		__put_cred(c);
}

/**
 * current_cred() - the current task's effective credentials
 *
 * No reference is taken: valid until the task changes its own
 * credentials.  Only the task itself writes current->cred, hence
 * rcu_dereference_protected() with the condition "it is us".
 */
#define current_cred()	rcu_dereference_protected(current->cred, 1)

/** current_real_cred() - the current task's objective credentials */
#define current_real_cred() rcu_dereference_protected(current->real_cred, 1)

/**
 * __task_cred() - another task's objective credentials, inside a reader
 * @task: the task
 *
 * The caller must be in rcu_read_lock() (or be @task).
 */
#define __task_cred(task)	rcu_dereference((task)->real_cred)

#define current_uid()		(current_cred()->uid)
#define current_gid()		(current_cred()->gid)
#define current_euid()		(current_cred()->euid)
#define current_egid()		(current_cred()->egid)

/**
 * task_uid() - @task's real uid
 * @task: the task
 */
static inline kuid_t task_uid(struct task_struct *task)
{
	kuid_t uid;

	rcu_read_lock();
	uid = __task_cred(task)->uid;
	rcu_read_unlock();
	return uid;
}

/** task_euid() - @task's effective uid */
static inline kuid_t task_euid(struct task_struct *task)
{
	kuid_t uid;

	rcu_read_lock();
	uid = __task_cred(task)->euid;
	rcu_read_unlock();
	return uid;
}

/* Counters for the tests: sets freed, and freed sets seen poisoned. */
extern atomic_long_t cred_freed_count;

#endif /* _LINUX_CRED_H */
