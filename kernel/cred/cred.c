// SPDX-License-Identifier: GPL-2.0
/*
 * Task credentials (see include/linux/cred.h).
 *
 * Lifetime.  A struct cred is referenced by the tasks whose ->real_cred
 * or ->cred point at it and by get_cred() holders; the last put_cred()
 * hands it to call_rcu(), because a reader on another CPU may have
 * loaded the pointer with rcu_dereference() just before it was replaced
 * and may still be looking at it.  get_task_cred() takes a reference
 * under rcu_read_lock() with atomic_inc_not_zero(): a set whose count
 * already reached zero is being freed and must not be revived, so the
 * reader loads the (by then replaced) pointer again.
 *
 * Only a task changes its own credentials (commit_creds(),
 * override_creds()), so the stores need no lock: rcu_assign_pointer()
 * publishes a fully initialized copy.
 */
#include <linux/kernel.h>
#include <linux/cred.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>

/* The credentials of the idle tasks and everything started at boot. */
struct cred init_cred = {
	.usage = ATOMIC_INIT(4),
	.magic = CRED_MAGIC,
	.uid = GLOBAL_ROOT_UID, .gid = GLOBAL_ROOT_GID,
	.suid = GLOBAL_ROOT_UID, .sgid = GLOBAL_ROOT_GID,
	.euid = GLOBAL_ROOT_UID, .egid = GLOBAL_ROOT_GID,
};

atomic_long_t cred_freed_count;

static void cred_check(const struct cred *cred, const char *what)
{
	if (unlikely(cred->magic != CRED_MAGIC)) {
		pr_err("BUG: %s: bad cred %p: magic %08x usage %d\n", what,
		       cred, cred->magic, atomic_read(&cred->usage));
		WARN_ON(1);
	}
}

static void put_cred_rcu(struct rcu_head *rcu)
{
	struct cred *cred = container_of(rcu, struct cred, rcu);

	cred_check(cred, "put_cred_rcu");
	if (WARN_ON(atomic_read(&cred->usage) != 0))
		return;		/* revived: leak rather than corrupt */
	cred->magic = CRED_MAGIC_DEAD;
	atomic_long_inc(&cred_freed_count);
	kfree(cred);
}

/**
 * __put_cred() - free a set of credentials whose last reference is gone
 * @cred: the credentials
 *
 * The memory is freed after a grace period, so readers that loaded a
 * pointer to @cred under rcu_read_lock() may still use it.
 */
void __put_cred(struct cred *cred)
{
	cred_check(cred, "__put_cred");
	if (WARN_ON(cred == &init_cred))
		return;
	call_rcu(&cred->rcu, put_cred_rcu);
}

/**
 * prepare_creds() - a private, modifiable copy of the current credentials
 *
 * Edit the copy, then commit_creds() it or abort_creds() it.  May sleep.
 *
 * Return: the copy (one reference), or NULL if out of memory.
 */
struct cred *prepare_creds(void)
{
	const struct cred *old = current_cred();
	struct cred *new;

	new = kmalloc(sizeof(*new), GFP_KERNEL);
	if (!new)
		return NULL;
	cred_check(old, "prepare_creds");
	memcpy(new, old, sizeof(*new));
	atomic_set(&new->usage, 1);
	new->magic = CRED_MAGIC;
	init_rcu_head(&new->rcu);
	return new;
}

/**
 * commit_creds() - install new credentials on the current task
 * @new: from prepare_creds(); the caller's reference passes to the task
 *
 * Replaces both the objective (->real_cred) and the subjective (->cred)
 * credentials; the old ones are released after a grace period.  Must
 * not be called while override_creds() is in effect.
 *
 * Return: 0.
 */
int commit_creds(struct cred *new)
{
	struct task_struct *task = current;
	const struct cred *old = rcu_dereference_protected(task->real_cred,
							   task == current);
	const struct cred *old_subj = rcu_dereference_protected(task->cred,
								task == current);

	cred_check(new, "commit_creds");
	WARN_ON(old != old_subj);	/* an override is in effect */
	get_new_cred(new);		/* one reference for each pointer */
	rcu_assign_pointer(task->real_cred, new);
	rcu_assign_pointer(task->cred, new);
	put_cred(old_subj);
	put_cred(old);
	return 0;
}

/**
 * abort_creds() - discard credentials from prepare_creds() unused
 * @new: the copy
 */
void abort_creds(struct cred *new)
{
	cred_check(new, "abort_creds");
	WARN_ON(atomic_read(&new->usage) < 1);
	put_cred(new);
}

/**
 * override_creds() - act with other subjective credentials for a while
 * @new: the credentials to act with (the caller keeps its reference)
 *
 * Only ->cred changes: other tasks still see ->real_cred.
 *
 * Return: the previous subjective credentials, for revert_creds().
 */
const struct cred *override_creds(const struct cred *new)
{
	const struct cred *old = current_cred();

	cred_check(new, "override_creds");
	rcu_assign_pointer(current->cred, get_cred(new));
	return old;
}

/**
 * revert_creds() - end an override_creds()
 * @old: what override_creds() returned
 */
void revert_creds(const struct cred *old)
{
	const struct cred *override = current_cred();

	rcu_assign_pointer(current->cred, old);
	put_cred(override);
}

/**
 * get_task_cred() - a reference to another task's objective credentials
 * @task: the task (the caller keeps it alive)
 *
 * Return: @task's ->real_cred with a reference the caller drops with
 * put_cred().
 */
const struct cred *get_task_cred(struct task_struct *task)
{
	const struct cred *cred;

	rcu_read_lock();
	do {
		cred = __task_cred(task);
		BUG_ON(!cred);
	} while (!atomic_inc_not_zero(&((struct cred *)cred)->usage));
	rcu_read_unlock();
	return cred;
}

/**
 * copy_creds() - give a new task its creator's credentials
 * @p: the new task, not running yet
 * @clone_flags: unused (kernel threads only)
 *
 * The idle tasks and tasks created before any task ran get init_cred.
 *
 * Return: 0.
 */
int copy_creds(struct task_struct *p, unsigned long clone_flags)
{
	struct task_struct *parent = current;
	const struct cred *real = &init_cred, *subj = &init_cred;

	if (parent && parent != p && rcu_access_pointer(parent->real_cred)) {
		real = rcu_dereference_protected(parent->real_cred, 1);
		subj = rcu_dereference_protected(parent->cred, 1);
	}
	RCU_INIT_POINTER(p->real_cred, get_cred(real));
	RCU_INIT_POINTER(p->cred, get_cred(subj));
	return 0;
}

/**
 * exit_creds() - drop a dead task's credentials
 * @p: the task, no longer running
 */
void exit_creds(struct task_struct *p)
{
	const struct cred *real = rcu_dereference_protected(p->real_cred, 1);
	const struct cred *subj = rcu_dereference_protected(p->cred, 1);

	RCU_INIT_POINTER(p->real_cred, NULL);
	RCU_INIT_POINTER(p->cred, NULL);
	put_cred(subj);
	put_cred(real);
}
