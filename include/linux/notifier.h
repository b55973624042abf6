/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_NOTIFIER_H
#define _LINUX_NOTIFIER_H

/*
 * Notifier chains: lists of callbacks that a subsystem calls when an event
 * happens (panic, power off, an oops, a CPU coming online).
 *
 * A chain is a singly linked list of struct notifier_block sorted by
 * descending priority (equal priorities in registration order).  Four
 * kinds differ only in how writers and readers are serialized:
 *
 *  - atomic: writers take a spinlock; callers walk the list under
 *    rcu_read_lock(), so the chain may be called from any context but NMI
 *    (and from NMI-like paths such as die() and panic()).  Callbacks must
 *    not block.  Unregistering waits for a grace period, so the caller
 *    may free the block as soon as it returns.
 *  - blocking: a rw_semaphore; callers hold it for reading, so callbacks
 *    may sleep.  Process context only.
 *  - raw: no locking at all; the caller provides it.
 *  - SRCU: writers take a mutex; callers walk the list inside a reader
 *    of the chain's own SRCU domain, so callbacks may sleep, calling the
 *    chain costs no lock and no shared-cache-line write, and a slow
 *    callback delays only this chain's unregisters.  Unregistering waits
 *    for an SRCU grace period.  Process context only.
 *
 * Because atomic- and SRCU-chain readers run concurrently with writers,
 * both the head and every ->next are "struct notifier_block __rcu *":
 * sparse rejects any access that does not go through rcu_dereference*()
 * (srcu_dereference*()) or rcu_assign_pointer().
 */
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/limits.h>
#include <linux/errno.h>
#include <linux/spinlock.h>
#include <linux/rwsem.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/srcu.h>

struct notifier_block;

typedef int (*notifier_fn_t)(struct notifier_block *nb,
			     unsigned long action, void *data);

/**
 * struct notifier_block - one callback on a notifier chain
 * @notifier_call: the callback; returns NOTIFY_* (optionally with
 *	NOTIFY_STOP_MASK to end the walk)
 * @next: next block on the chain (RCU-protected)
 * @priority: higher runs first
 */
struct notifier_block {
	notifier_fn_t notifier_call;
	struct notifier_block __rcu *next;
	int priority;
};

/**
 * struct atomic_notifier_head - chain called under RCU
 * @lock: serializes writers
 * @head: first block (RCU-protected)
 */
struct atomic_notifier_head {
	spinlock_t lock;
	struct notifier_block __rcu *head;
};

/**
 * struct blocking_notifier_head - chain whose callbacks may sleep
 * @rwsem: read-held by callers, write-held by writers
 * @head: first block
 */
struct blocking_notifier_head {
	struct rw_semaphore rwsem;
	struct notifier_block __rcu *head;
};

/**
 * struct raw_notifier_head - chain with caller-provided locking
 * @head: first block
 */
struct raw_notifier_head {
	struct notifier_block __rcu *head;
};

/**
 * struct srcu_notifier_head - chain called inside an SRCU reader
 * @mutex: serializes writers
 * @srcu: the chain's own SRCU domain
 * @head: first block (SRCU-protected)
 *
 * Set up with srcu_init_notifier_head() (and torn down with
 * srcu_cleanup_notifier_head()), or define with SRCU_NOTIFIER_HEAD().
 */
struct srcu_notifier_head {
	struct mutex mutex;
	struct srcu_struct srcu;
	struct notifier_block __rcu *head;
};

#define ATOMIC_INIT_NOTIFIER_HEAD(name) do {		\
		spin_lock_init(&(name)->lock);		\
		RCU_INIT_POINTER((name)->head, NULL);	\
	} while (0)
#define BLOCKING_INIT_NOTIFIER_HEAD(name) do {		\
		init_rwsem(&(name)->rwsem);		\
		RCU_INIT_POINTER((name)->head, NULL);	\
	} while (0)
#define RAW_INIT_NOTIFIER_HEAD(name) do {		\
		RCU_INIT_POINTER((name)->head, NULL);	\
	} while (0)

#define ATOMIC_NOTIFIER_INIT(name) {				\
		.lock = __SPIN_LOCK_UNLOCKED(name.lock),	\
		.head = NULL }
#define BLOCKING_NOTIFIER_INIT(name) {				\
		.rwsem = __RWSEM_INITIALIZER((name).rwsem),	\
		.head = NULL }
#define RAW_NOTIFIER_INIT(name) {				\
		.head = NULL }

#define ATOMIC_NOTIFIER_HEAD(name)				\
	struct atomic_notifier_head name = ATOMIC_NOTIFIER_INIT(name)
#define BLOCKING_NOTIFIER_HEAD(name)				\
	struct blocking_notifier_head name = BLOCKING_NOTIFIER_INIT(name)
#define RAW_NOTIFIER_HEAD(name)					\
	struct raw_notifier_head name = RAW_NOTIFIER_INIT(name)

/*
 * A static SRCU chain embeds a static srcu_struct: Tree SRCU's needs its
 * per-CPU data defined beside it, as DEFINE_SRCU() does.
 */
#ifdef CONFIG_TINY_SRCU
#define __SRCU_NOTIFIER_HEAD(name, mod)					\
	mod struct srcu_notifier_head name = {				\
		.mutex = __MUTEX_INITIALIZER(name.mutex),		\
		.srcu = __SRCU_STRUCT_INIT(name.srcu),			\
		.head = NULL }
#else
#define __SRCU_NOTIFIER_HEAD(name, mod)					\
	static DEFINE_PER_CPU(struct srcu_data, name##_head_srcu_data);	\
	mod struct srcu_notifier_head name = {				\
		.mutex = __MUTEX_INITIALIZER(name.mutex),		\
		.srcu = __SRCU_STRUCT_INIT(name.srcu, name##_head_srcu_data), \
		.head = NULL }
#endif

/** SRCU_NOTIFIER_HEAD() - define an SRCU chain; needs no initialisation */
#define SRCU_NOTIFIER_HEAD(name)	__SRCU_NOTIFIER_HEAD(name, /* global */)
/** SRCU_NOTIFIER_HEAD_STATIC() - SRCU_NOTIFIER_HEAD(), file-local */
#define SRCU_NOTIFIER_HEAD_STATIC(name)	__SRCU_NOTIFIER_HEAD(name, static)

/* Return values of a callback (and of *_call_chain()). */
#define NOTIFY_DONE		0x0000		/* don't care */
#define NOTIFY_OK		0x0001		/* suits me */
#define NOTIFY_STOP_MASK	0x8000		/* don't call further */
#define NOTIFY_BAD		(NOTIFY_STOP_MASK | 0x0002)	/* veto */
/* Clean way to return from the notifier and stop further calls. */
#define NOTIFY_STOP		(NOTIFY_OK | NOTIFY_STOP_MASK)

/**
 * notifier_from_errno() - encode a negative errno as a notifier result
 * @err: 0 or a negative errno
 *
 * Return: NOTIFY_OK for 0, otherwise a value with NOTIFY_STOP_MASK set
 * from which notifier_to_errno() recovers @err.
 */
static inline int notifier_from_errno(int err)
{
	if (err)
		return NOTIFY_STOP_MASK | (NOTIFY_OK - err);
	return NOTIFY_OK;
}

/**
 * notifier_to_errno() - recover the errno a callback encoded
 * @ret: a notifier result
 *
 * Return: the negative errno passed to notifier_from_errno(), or 0.
 */
static inline int notifier_to_errno(int ret)
{
	ret &= ~NOTIFY_STOP_MASK;
	return ret > NOTIFY_OK ? NOTIFY_OK - ret : 0;
}

int atomic_notifier_chain_register(struct atomic_notifier_head *nh,
				   struct notifier_block *nb);
int atomic_notifier_chain_unregister(struct atomic_notifier_head *nh,
				     struct notifier_block *nb);
int atomic_notifier_call_chain(struct atomic_notifier_head *nh,
			       unsigned long val, void *v);
bool atomic_notifier_call_chain_is_empty(struct atomic_notifier_head *nh);

int blocking_notifier_chain_register(struct blocking_notifier_head *nh,
				     struct notifier_block *nb);
int blocking_notifier_chain_unregister(struct blocking_notifier_head *nh,
				       struct notifier_block *nb);
int blocking_notifier_call_chain(struct blocking_notifier_head *nh,
				 unsigned long val, void *v);

int raw_notifier_chain_register(struct raw_notifier_head *nh,
				struct notifier_block *nb);
int raw_notifier_chain_unregister(struct raw_notifier_head *nh,
				  struct notifier_block *nb);
int raw_notifier_call_chain(struct raw_notifier_head *nh,
			    unsigned long val, void *v);

void srcu_init_notifier_head(struct srcu_notifier_head *nh);
void srcu_cleanup_notifier_head(struct srcu_notifier_head *nh);
int srcu_notifier_chain_register(struct srcu_notifier_head *nh,
				 struct notifier_block *nb);
int srcu_notifier_chain_unregister(struct srcu_notifier_head *nh,
				   struct notifier_block *nb);
int srcu_notifier_call_chain(struct srcu_notifier_head *nh,
			     unsigned long val, void *v);

/* ---- the kernel's chains ---- */

/* panic(): called with the panic message, before the other CPUs stop. */
extern struct atomic_notifier_head panic_notifier_list;

/* Power off and restart (process context): SYS_POWER_OFF, SYS_RESTART. */
extern struct blocking_notifier_head reboot_notifier_list;
#define SYS_DOWN	0x0001
#define SYS_RESTART	SYS_DOWN
#define SYS_HALT	0x0002
#define SYS_POWER_OFF	0x0003

int register_reboot_notifier(struct notifier_block *nb);
int unregister_reboot_notifier(struct notifier_block *nb);
__noreturn void kernel_power_off(int code);

/* Fatal exceptions: DIE_OOPS with a struct die_args, before panicking. */
#define DIE_OOPS	1

/**
 * struct die_args - what die() tells the die_chain
 * @regs: the registers at the exception
 * @str: the exception's name
 * @err: its error code
 * @trapnr: its vector
 */
struct pt_regs;
struct die_args {
	struct pt_regs *regs;
	const char *str;
	long err;
	int trapnr;
};

int register_die_notifier(struct notifier_block *nb);
int unregister_die_notifier(struct notifier_block *nb);
int notify_die(unsigned long val, const char *str, struct pt_regs *regs,
	       long err, int trapnr);

/* CPU hotplug (bring-up only in rcuos): CPU_ONLINE with the CPU number. */
#define CPU_ONLINE	0x0002
extern struct raw_notifier_head cpu_chain;
int register_cpu_notifier(struct notifier_block *nb);
void unregister_cpu_notifier(struct notifier_block *nb);
void cpu_notify_online(unsigned int cpu);
unsigned int cpu_online_notifications(void);

#endif /* _LINUX_NOTIFIER_H */
