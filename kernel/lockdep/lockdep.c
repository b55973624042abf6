// SPDX-License-Identifier: GPL-2.0
/*
 * Held-lock tracking: a small lockdep.
 *
 * Every spinlock, mutex and rwsem embeds a lockdep_map.  Taking one pushes
 * it on the current task's held-lock stack, releasing it removes it, so
 * lockdep_is_held(&lock) answers for *this task* — on SMP a lock being
 * merely locked (by someone) proves nothing.  Locks taken in interrupt
 * handlers are pushed on the interrupted task's stack and popped before
 * the handler returns, so the stack stays balanced.  No dependency
 * graph: this is for RCU's checks, not deadlock detection.
 */
#include <linux/kernel.h>
#include <linux/lockdep.h>
#include <linux/sched.h>
#include <linux/smp.h>

static unsigned long lockdep_overflows, lockdep_unbalanced;

/**
 * lock_acquire_data() - lock_acquire(), recording @data with the entry
 * @map: the lock
 * @ip: where it is taken
 * @data: a value lock_release_data() matches (an SRCU reader's index)
 */
void lock_acquire_data(struct lockdep_map *map, unsigned long ip, long data)
{
	struct task_struct *t = current;
	unsigned long flags;

	if (!t)
		return;
	local_irq_save(flags);
	if (t->lockdep_depth < MAX_LOCK_DEPTH) {
		t->held_locks[t->lockdep_depth].instance = map;
		t->held_locks[t->lockdep_depth].acquire_ip = ip;
		t->held_locks[t->lockdep_depth].data = data;
		t->lockdep_depth++;
	} else {
		lockdep_overflows++;
	}
	local_irq_restore(flags);
}

void lock_acquire(struct lockdep_map *map, unsigned long ip)
{
	lock_acquire_data(map, ip, 0);
}

/* Remove entry @i of @t's held-lock stack; interrupts are off. */
static void held_lock_remove(struct task_struct *t, int i)
{
	for (; i < t->lockdep_depth - 1; i++)
		t->held_locks[i] = t->held_locks[i + 1];
	t->lockdep_depth--;
}

/**
 * lock_release_data() - release the entry of @map acquired with @data
 * @map: the lock
 * @data: the value it was acquired with
 * @held: set to the data of the entry released
 *
 * Releases the newest entry of @map with @data, else the newest entry
 * of @map whatever its data.
 *
 * Return: 0 if an entry with @data was released, 1 if one with other
 * data was, -1 if the task does not hold @map.
 */
int lock_release_data(struct lockdep_map *map, long data, long *held)
{
	struct task_struct *t = current;
	unsigned long flags;
	int i, any = -1, ret = -1;

	*held = data;
	if (!t)
		return 0;
	local_irq_save(flags);
	for (i = t->lockdep_depth - 1; i >= 0; i--) {
		if (t->held_locks[i].instance != map)
			continue;
		if (t->held_locks[i].data == data)
			break;
		if (any < 0)
			any = i;
	}
	if (i >= 0) {
		ret = 0;
	} else if (any >= 0) {
		i = any;
		*held = t->held_locks[i].data;
		ret = 1;
	} else {
		lockdep_unbalanced++;
	}
	if (i >= 0)
		held_lock_remove(t, i);
	local_irq_restore(flags);
	return ret;
}

void lock_release(struct lockdep_map *map, unsigned long ip)
{
	struct task_struct *t = current;
	unsigned long flags;

	if (!t)
		return;
	local_irq_save(flags);
	for (int i = t->lockdep_depth - 1; i >= 0; i--) {
		if (t->held_locks[i].instance != map)
			continue;
		held_lock_remove(t, i);
		local_irq_restore(flags);
		return;
	}
	lockdep_unbalanced++;
	local_irq_restore(flags);
}

int lock_is_held(const struct lockdep_map *map)
{
	struct task_struct *t = current;

	if (!t)
		return 1;	/* early boot: a single thread of execution */
	for (int i = 0; i < t->lockdep_depth; i++)
		if (t->held_locks[i].instance == map)
			return 1;
	return 0;
}

/**
 * lockdep_print_held_locks() - list the locks the current task holds
 */
void lockdep_print_held_locks(void)
{
	struct task_struct *t = current;
	int n = 0;

	if (!t) {
		printk("no locks held (early boot)\n");
		return;
	}
#ifdef CONFIG_PROVE_RCU
	n = t->rcu_lockdep_depth[0] + t->rcu_lockdep_depth[1] + t->rcu_lockdep_depth[2];
#endif
	printk("%d lock%s held by %s/%d:\n", t->lockdep_depth + n,
	       t->lockdep_depth + n == 1 ? "" : "s", t->comm, t->pid);
	for (int i = 0; i < t->lockdep_depth; i++) {
		struct lockdep_map *m = t->held_locks[i].instance;

		printk(" #%d: %s, at: %pS\n", i, m->name ? m->name : "(unnamed)",
		       (void *)t->held_locks[i].acquire_ip);
	}
#ifdef CONFIG_PROVE_RCU
	if (t->rcu_lockdep_depth[0])
		printk(" rcu_read_lock x%d\n", t->rcu_lockdep_depth[0]);
	if (t->rcu_lockdep_depth[1])
		printk(" rcu_read_lock_bh x%d\n", t->rcu_lockdep_depth[1]);
	if (t->rcu_lockdep_depth[2])
		printk(" rcu_read_lock_sched x%d\n", t->rcu_lockdep_depth[2]);
#endif
}
