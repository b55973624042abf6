// SPDX-License-Identifier: GPL-2.0
/*
 * Notifier chains (see include/linux/notifier.h).
 *
 * The list code is shared by the four kinds of chain; they differ in the
 * lock the caller of the helpers holds:
 *
 *  - notifier_chain_register()/_unregister() run with updates excluded
 *    (the chain's spinlock, its rwsem held for writing, its mutex, or the
 *    caller's lock for a raw chain), so they read ->next with
 *    rcu_dereference_raw(): the condition differs per kind and is
 *    asserted by the callers instead.  They publish with
 *    rcu_assign_pointer(), so a concurrent atomic- or SRCU-chain reader
 *    sees either the old list or the new one, each fully initialized.
 *  - notifier_call_chain() follows the list with rcu_dereference_raw()
 *    for the same reason; atomic_notifier_call_chain() wraps it in
 *    rcu_read_lock(), srcu_notifier_call_chain() in srcu_read_lock(), and
 *    it loads ->next *before* calling a block, so a callback that
 *    unregisters its own block does not break the walk.
 *
 * An unregistered block of an atomic or SRCU chain may still be in use by
 * a reader; their unregister therefore waits for a grace period (RCU's,
 * or the chain's SRCU domain's) before returning, as Linux does, so the
 * caller may free it.
 */
#include <linux/kernel.h>
#include <linux/notifier.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/srcu.h>
#include <asm/arch.h>

/* ---- the list, shared by all kinds ---- */

static int notifier_chain_register(struct notifier_block __rcu **nl,
				   struct notifier_block *n)
{
	struct notifier_block *p;

	while ((p = rcu_dereference_raw(*nl)) != NULL) {
		if (unlikely(p == n)) {
			pr_warn("notifier callback %pS already registered\n",
				n->notifier_call);
			WARN_ON(1);
			return -EEXIST;
		}
		if (n->priority > p->priority)
			break;
		nl = &p->next;
	}
	RCU_INIT_POINTER(n->next, p);	/* n is not visible yet */
	rcu_assign_pointer(*nl, n);
	return 0;
}

static int notifier_chain_unregister(struct notifier_block __rcu **nl,
				     struct notifier_block *n)
{
	struct notifier_block *p;

	while ((p = rcu_dereference_raw(*nl)) != NULL) {
		if (p == n) {
			/* Readers on n keep following n->next: leave it. */
			rcu_assign_pointer(*nl, rcu_dereference_raw(n->next));
			return 0;
		}
		nl = &p->next;
	}
	return -ENOENT;
}

/*
 * Call each block in turn until one returns a value with
 * NOTIFY_STOP_MASK.  Return: the last callback's value, or NOTIFY_DONE
 * for an empty chain.
 */
static int notifier_call_chain(struct notifier_block __rcu **nl,
			       unsigned long val, void *v)
{
	struct notifier_block *nb, *next_nb;
	int ret = NOTIFY_DONE;

	nb = rcu_dereference_raw(*nl);
	while (nb) {
		next_nb = rcu_dereference_raw(nb->next);
		ret = nb->notifier_call(nb, val, v);
		if (ret & NOTIFY_STOP_MASK)
			break;
		nb = next_nb;
	}
	return ret;
}

/* ---- atomic chains ---- */

/**
 * atomic_notifier_chain_register() - add a block to an atomic chain
 * @nh: the chain
 * @n: the block; its priority decides its place
 *
 * Any context but NMI.  Return: 0, or -EEXIST if @n is already on @nh.
 */
int atomic_notifier_chain_register(struct atomic_notifier_head *nh,
				   struct notifier_block *n)
{
	unsigned long flags;
	int ret;

	spin_lock_irqsave(&nh->lock, flags);
	ret = notifier_chain_register(&nh->head, n);
	spin_unlock_irqrestore(&nh->lock, flags);
	return ret;
}

/**
 * atomic_notifier_chain_unregister() - remove a block from an atomic chain
 * @nh: the chain
 * @n: the block
 *
 * Sleeps: waits for a grace period, so that no atomic_notifier_call_chain()
 * still runs @n's callback or follows its ->next when this returns; the
 * caller may then free @n.
 *
 * Return: 0, or -ENOENT if @n was not on @nh.
 */
int atomic_notifier_chain_unregister(struct atomic_notifier_head *nh,
				     struct notifier_block *n)
{
	unsigned long flags;
	int ret;

	spin_lock_irqsave(&nh->lock, flags);
	ret = notifier_chain_unregister(&nh->head, n);
	spin_unlock_irqrestore(&nh->lock, flags);
	synchronize_rcu();
	return ret;
}

/**
 * atomic_notifier_call_chain() - call every block of an atomic chain
 * @nh: the chain
 * @val: the event, passed to each callback
 * @v: its data, passed to each callback
 *
 * Callbacks run inside rcu_read_lock() and must not block.  Any context
 * but NMI.
 *
 * Return: the value of the last callback called (NOTIFY_DONE if none).
 */
int atomic_notifier_call_chain(struct atomic_notifier_head *nh,
			       unsigned long val, void *v)
{
	int ret;

	rcu_read_lock();
	ret = notifier_call_chain(&nh->head, val, v);
	rcu_read_unlock();
	return ret;
}

/**
 * atomic_notifier_call_chain_is_empty() - does the chain have no blocks?
 * @nh: the chain
 */
bool atomic_notifier_call_chain_is_empty(struct atomic_notifier_head *nh)
{
	return !rcu_access_pointer(nh->head);
}

/* ---- blocking chains ---- */

/**
 * blocking_notifier_chain_register() - add a block to a blocking chain
 * @nh: the chain
 * @n: the block
 *
 * Process context.  Before the scheduler runs (one thread of execution)
 * the rwsem is not taken.  Return: 0 or -EEXIST.
 */
int blocking_notifier_chain_register(struct blocking_notifier_head *nh,
				     struct notifier_block *n)
{
	int ret;

	if (unlikely(!current))
		return notifier_chain_register(&nh->head, n);
	down_write(&nh->rwsem);
	ret = notifier_chain_register(&nh->head, n);
	up_write(&nh->rwsem);
	return ret;
}

/**
 * blocking_notifier_chain_unregister() - remove a block from a blocking chain
 * @nh: the chain
 * @n: the block
 *
 * Process context.  Callers of the chain hold the rwsem for reading, so
 * when this returns no callback is running @n.  Return: 0 or -ENOENT.
 */
int blocking_notifier_chain_unregister(struct blocking_notifier_head *nh,
				       struct notifier_block *n)
{
	int ret;

	if (unlikely(!current))
		return notifier_chain_unregister(&nh->head, n);
	down_write(&nh->rwsem);
	ret = notifier_chain_unregister(&nh->head, n);
	up_write(&nh->rwsem);
	return ret;
}

/**
 * blocking_notifier_call_chain() - call every block of a blocking chain
 * @nh: the chain
 * @val: the event
 * @v: its data
 *
 * Process context; callbacks may sleep.  Return: the last callback's
 * value (NOTIFY_DONE if none).
 */
int blocking_notifier_call_chain(struct blocking_notifier_head *nh,
				 unsigned long val, void *v)
{
	int ret = NOTIFY_DONE;

	/* Skip the semaphore when nobody is registered (e.g. at power off). */
	if (rcu_access_pointer(nh->head)) {
		down_read(&nh->rwsem);
		ret = notifier_call_chain(&nh->head, val, v);
		up_read(&nh->rwsem);
	}
	return ret;
}

/* ---- raw chains ---- */

/**
 * raw_notifier_chain_register() - add a block to a raw chain
 * @nh: the chain
 * @n: the block
 *
 * The caller excludes other writers and all callers of the chain.
 * Return: 0 or -EEXIST.
 */
int raw_notifier_chain_register(struct raw_notifier_head *nh,
				struct notifier_block *n)
{
	return notifier_chain_register(&nh->head, n);
}

/**
 * raw_notifier_chain_unregister() - remove a block from a raw chain
 * @nh: the chain
 * @n: the block
 *
 * The caller provides the locking.  Return: 0 or -ENOENT.
 */
int raw_notifier_chain_unregister(struct raw_notifier_head *nh,
				  struct notifier_block *n)
{
	return notifier_chain_unregister(&nh->head, n);
}

/**
 * raw_notifier_call_chain() - call every block of a raw chain
 * @nh: the chain
 * @val: the event
 * @v: its data
 *
 * The caller provides the locking.  Return: the last callback's value.
 */
int raw_notifier_call_chain(struct raw_notifier_head *nh,
			    unsigned long val, void *v)
{
	return notifier_call_chain(&nh->head, val, v);
}

/* ---- SRCU chains ---- */

/**
 * srcu_init_notifier_head() - initialise an SRCU chain at run time
 * @nh: the chain
 *
 * Not for a chain defined with SRCU_NOTIFIER_HEAD().  Panics if its SRCU
 * domain cannot be set up.
 */
void srcu_init_notifier_head(struct srcu_notifier_head *nh)
{
	mutex_init(&nh->mutex);
	BUG_ON(init_srcu_struct(&nh->srcu) < 0);
	RCU_INIT_POINTER(nh->head, NULL);
}

/**
 * srcu_cleanup_notifier_head() - tear down a chain from srcu_init_notifier_head()
 * @nh: the chain, with no callers left
 */
void srcu_cleanup_notifier_head(struct srcu_notifier_head *nh)
{
	cleanup_srcu_struct(&nh->srcu);
}

/**
 * srcu_notifier_chain_register() - add a block to an SRCU chain
 * @nh: the chain
 * @n: the block; its priority decides its place
 *
 * Process context.  Before the scheduler runs (one thread of execution)
 * the mutex is not taken.  Return: 0, or -EEXIST if @n is already on @nh.
 */
int srcu_notifier_chain_register(struct srcu_notifier_head *nh,
				 struct notifier_block *n)
{
	int ret;

	if (unlikely(!current))
		return notifier_chain_register(&nh->head, n);
	mutex_lock(&nh->mutex);
	ret = notifier_chain_register(&nh->head, n);
	mutex_unlock(&nh->mutex);
	return ret;
}

/**
 * srcu_notifier_chain_unregister() - remove a block from an SRCU chain
 * @nh: the chain
 * @n: the block
 *
 * Process context; not from a callback of @nh.  Waits for a grace period
 * of the chain's SRCU domain, so that no srcu_notifier_call_chain() that
 * could see @n still runs its callback or follows its ->next when this
 * returns; the caller may then free @n.
 *
 * Return: 0, or -ENOENT if @n was not on @nh.
 */
int srcu_notifier_chain_unregister(struct srcu_notifier_head *nh,
				   struct notifier_block *n)
{
	int ret;

	if (unlikely(!current))
		return notifier_chain_unregister(&nh->head, n);
	mutex_lock(&nh->mutex);
	ret = notifier_chain_unregister(&nh->head, n);
	mutex_unlock(&nh->mutex);
	synchronize_srcu(&nh->srcu);
	return ret;
}

/**
 * srcu_notifier_call_chain() - call every block of an SRCU chain
 * @nh: the chain
 * @val: the event, passed to each callback
 * @v: its data, passed to each callback
 *
 * Process context; callbacks run inside an SRCU reader of the chain and
 * may sleep.
 *
 * Return: the value of the last callback called (NOTIFY_DONE if none).
 */
int srcu_notifier_call_chain(struct srcu_notifier_head *nh,
			     unsigned long val, void *v)
{
	int idx, ret;

	idx = srcu_read_lock(&nh->srcu);
	ret = notifier_call_chain(&nh->head, val, v);
	srcu_read_unlock(&nh->srcu, idx);
	return ret;
}

/* ---- the kernel's chains ---- */

ATOMIC_NOTIFIER_HEAD(panic_notifier_list);
BLOCKING_NOTIFIER_HEAD(reboot_notifier_list);
static ATOMIC_NOTIFIER_HEAD(die_chain);

/** register_reboot_notifier() - be called at power off and restart */
int register_reboot_notifier(struct notifier_block *nb)
{
	return blocking_notifier_chain_register(&reboot_notifier_list, nb);
}

/** unregister_reboot_notifier() - undo register_reboot_notifier() */
int unregister_reboot_notifier(struct notifier_block *nb)
{
	return blocking_notifier_chain_unregister(&reboot_notifier_list, nb);
}

/**
 * kernel_power_off() - tell the reboot notifiers, then power off
 * @code: exit code for QEMU's isa-debug-exit device
 *
 * Process context: the callbacks of reboot_notifier_list may sleep.
 */
void kernel_power_off(int code)
{
	blocking_notifier_call_chain(&reboot_notifier_list, SYS_POWER_OFF, NULL);
	machine_power_off(code);
}

/** register_die_notifier() - be called by die() on a fatal exception */
int register_die_notifier(struct notifier_block *nb)
{
	return atomic_notifier_chain_register(&die_chain, nb);
}

/** unregister_die_notifier() - undo register_die_notifier(); sleeps */
int unregister_die_notifier(struct notifier_block *nb)
{
	return atomic_notifier_chain_unregister(&die_chain, nb);
}

/**
 * notify_die() - tell the die_chain about an exception
 * @val: DIE_OOPS
 * @str: the exception's name
 * @regs: the registers
 * @err: the error code
 * @trapnr: the vector
 *
 * Return: the chain's result (NOTIFY_STOP if a callback handled it).
 */
int notify_die(unsigned long val, const char *str, struct pt_regs *regs,
	       long err, int trapnr)
{
	struct die_args args = {
		.regs = regs, .str = str, .err = err, .trapnr = trapnr,
	};

	return atomic_notifier_call_chain(&die_chain, val, &args);
}

/*
 * CPU bring-up: a raw chain, serialized by cpu_chain_lock (callbacks run
 * with it held and interrupts off, so they must not sleep).  The boot
 * CPU calls it once for each AP it brought online.  A built-in block
 * counts the events, for the tests and the shell.
 */
static DEFINE_SPINLOCK(cpu_chain_lock);
static unsigned int cpu_online_events;

static int cpu_online_count(struct notifier_block *nb, unsigned long action,
			    void *hcpu)
{
	if (action == CPU_ONLINE)
		WRITE_ONCE(cpu_online_events, cpu_online_events + 1);
	return NOTIFY_OK;
}

static struct notifier_block cpu_online_count_nb = {
	.notifier_call = cpu_online_count,
	.priority = INT_MAX,
};

struct raw_notifier_head cpu_chain = {
	.head = RCU_INITIALIZER(&cpu_online_count_nb),
};

/** register_cpu_notifier() - be called when a CPU comes online */
int register_cpu_notifier(struct notifier_block *nb)
{
	unsigned long flags;
	int ret;

	spin_lock_irqsave(&cpu_chain_lock, flags);
	ret = raw_notifier_chain_register(&cpu_chain, nb);
	spin_unlock_irqrestore(&cpu_chain_lock, flags);
	return ret;
}

/** unregister_cpu_notifier() - undo register_cpu_notifier() */
void unregister_cpu_notifier(struct notifier_block *nb)
{
	unsigned long flags;

	spin_lock_irqsave(&cpu_chain_lock, flags);
	raw_notifier_chain_unregister(&cpu_chain, nb);
	spin_unlock_irqrestore(&cpu_chain_lock, flags);
}

/**
 * cpu_notify_online() - run the cpu_chain for a CPU that just came online
 * @cpu: the CPU, passed to the callbacks as (void *)(unsigned long)cpu
 */
void cpu_notify_online(unsigned int cpu)
{
	unsigned long flags;

	spin_lock_irqsave(&cpu_chain_lock, flags);
	raw_notifier_call_chain(&cpu_chain, CPU_ONLINE, (void *)(unsigned long)cpu);
	spin_unlock_irqrestore(&cpu_chain_lock, flags);
}

/** cpu_online_notifications() - CPU_ONLINE events seen since boot */
unsigned int cpu_online_notifications(void)
{
	return READ_ONCE(cpu_online_events);
}
