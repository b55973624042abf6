/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_SCHED_H
#define _LINUX_SCHED_H

/*
 * Tasks and the scheduler.
 *
 * Every kernel thread is a struct task_struct with its own 16 KiB kernel
 * stack.  Each CPU has a run queue with two classes: SCHED_FIFO (strict
 * priority, rt_priority 1..99, higher first, FIFO within a priority) above
 * SCHED_NORMAL (round robin with a time slice of RR_TIMESLICE ticks).
 * Each CPU also has an idle task ("swapper/N", pid 0) that runs when
 * nothing else can.
 */

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/limits.h>
#include <linux/atomic.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/spinlock.h>
#include <linux/cpumask.h>
#include <linux/lockdep.h>
#include <linux/rhashtable-types.h>
#include <linux/ktime.h>
#include <asm/barrier.h>

struct cred;
struct css_set;
struct kthread;
struct rcu_node;
struct rt_mutex;

/**
 * union rcu_special - why a task's outermost rcu_read_unlock() needs work
 * @b.blocked: the task was preempted in its reader and is queued on
 *	@rcu_blocked_node's list of blocked tasks
 * @b.exp_hint: an expedited grace period waits for this CPU's reader;
 *	the unlock reports its quiescent state
 * @b.deferred_qs: the unlock ran where the work could not be done
 *	(interrupts or preemption disabled, in an interrupt handler): the
 *	task's next context switch does it
 * @b.pad: unused
 * @s: all of them: rcu_read_unlock() tests only this word
 */
union rcu_special {
	struct {
		u8 blocked;
		u8 exp_hint;
		u8 deferred_qs;
		u8 pad;
	} b;
	u32 s;
};

/* Task states (the values are the Linux ones). */
#define TASK_RUNNING		0x0000
#define TASK_INTERRUPTIBLE	0x0001
#define TASK_UNINTERRUPTIBLE	0x0002
#define TASK_PARKED		0x0040	/* kthread_parkme(): only kthread_unpark() wakes */
#define TASK_DEAD		0x0080
#define TASK_WAKEKILL		0x0100
#define TASK_NOLOAD		0x0400
#define TASK_NEW		0x0800
#define TASK_KILLABLE		(TASK_WAKEKILL | TASK_UNINTERRUPTIBLE)
/* Sleeping without counting as load (RCU's grace-period kthreads). */
#define TASK_IDLE		(TASK_UNINTERRUPTIBLE | TASK_NOLOAD)
#define TASK_NORMAL		(TASK_INTERRUPTIBLE | TASK_UNINTERRUPTIBLE)

/* Scheduling policies. */
#define SCHED_NORMAL		0
#define SCHED_FIFO		1

/*
 * Priorities, as in Linux: prio 0..99 is real time (prio = 99 - rt_priority,
 * so lower is more urgent), 100..139 is normal (120 + nice).
 */
#define MAX_RT_PRIO		100
#define MAX_PRIO		(MAX_RT_PRIO + 40)
#define DEFAULT_PRIO		(MAX_RT_PRIO + 20)
#define NICE_TO_PRIO(nice)	((nice) + DEFAULT_PRIO)
#define PRIO_TO_NICE(prio)	((prio) - DEFAULT_PRIO)
#define MAX_USER_RT_PRIO	MAX_RT_PRIO

/* Time slice of a SCHED_NORMAL task, in ticks. */
#define RR_TIMESLICE		4

/* Per-task flags (task_struct::flags). */
#define PF_IDLE			0x00000002	/* the per-CPU idle task */
#define PF_EXITING		0x00000004	/* in do_exit() */
#define PF_KTHREAD		0x00200000	/* a kernel thread */
#define PF_NO_SETAFFINITY	0x04000000	/* bound by kthread_bind() */

#define TASK_COMM_LEN		16
#define THREAD_SIZE_ORDER	2
#define THREAD_SIZE		(4096UL << THREAD_SIZE_ORDER)
#define STACK_END_MAGIC		0x57AC6E9DUL

#define MAX_SCHEDULE_TIMEOUT	LONG_MAX

struct sched_param {
	int sched_priority;
};

#ifdef CONFIG_PROVE_LOCKING
#define MAX_LOCK_DEPTH		48

/**
 * struct held_lock - one entry of a task's held-lock stack (lockdep)
 * @instance: the lock's lockdep_map
 * @acquire_ip: where it was taken
 * @data: what the taker recorded with it (lock_acquire_data())
 */
struct held_lock {
	void *instance;
	unsigned long acquire_ip;
	long data;
};
#endif

/**
 * struct task_struct - a kernel thread
 * @thread_sp: saved stack pointer while switched out (used by switch.asm)
 * @state: TASK_RUNNING, TASK_INTERRUPTIBLE, ...; written by the task itself
 *	with set_current_state() and by wakers under the task's pi_lock
 * @stack: lowest address of the THREAD_SIZE kernel stack (NULL for the
 *	boot stacks the idle tasks run on)
 * @usage: reference count, see get_task_struct()/put_task_struct()
 * @flags: PF_* flags
 * @on_rq: runnable: queued on a run queue or running
 * @on_cpu: the task's registers are live on a CPU (cleared only once the
 *	switch away from it is complete, so its stack is no longer in use)
 * @cpu: CPU whose run queue the task belongs to
 * @prio: effective priority (0..99 RT, 100..139 normal), lower is better
 * @static_prio: priority of a SCHED_NORMAL task (120 + nice)
 * @normal_prio: priority from policy and rt_priority, without boosting
 * @boost_prio: priority inherited through rt_mutex_setprio() (MAX_PRIO: none)
 * @rt_priority: SCHED_FIFO priority, 1..99 (0 for SCHED_NORMAL)
 * @policy: SCHED_NORMAL or SCHED_FIFO
 * @time_slice: ticks left in the current slice (SCHED_NORMAL)
 * @cpus_mask: CPUs the task may run on
 * @nr_cpus_allowed: weight of @cpus_mask
 * @run_list: link in the run queue
 * @tasks: link in the global task list
 * @pi_lock: serializes wake-ups and changes of affinity and priority
 * @saved_preempt_count: preempt_count() of this task while switched out
 * @nvcsw: voluntary context switches (the task blocked or yielded)
 * @nivcsw: involuntary context switches (the task was preempted)
 * @pid: task id; 0 for the idle tasks
 * @pid_node: link in the pid table (kernel/sched/core.c), idle tasks excepted
 * @rcu: frees the task a grace period after its last reference is dropped,
 *	so that a pid lookup under rcu_read_lock() may still look at it
 * @comm: name
 * @kthread: kthread bookkeeping (kernel/sched/kthread.c)
 * @hung_switch_count: DETECT_HUNG_TASK: @nvcsw + @nivcsw when khungtaskd
 *	last saw them change
 * @hung_since: DETECT_HUNG_TASK: jiffies at that walk
 * @hung_reported: DETECT_HUNG_TASK: reported as hung since then
 * @rcu_read_lock_nesting: PREEMPT_RCU: depth of rcu_read_lock() nesting
 * @rcu_read_unlock_special: PREEMPT_RCU: work for the outermost unlock
 * @rcu_node_entry: PREEMPT_RCU: link in @rcu_blocked_node's blocked tasks
 * @rcu_blocked_node: PREEMPT_RCU: leaf rcu_node the task is queued on
 * @rcu_blocked_gp_gen: PREEMPT_RCU: the leaf's normal grace-period
 *	generation this task holds up (see rcu/tree_preempt.c)
 * @rcu_blocked_exp_gen: PREEMPT_RCU: ditto for expedited grace periods
 * @rcu_boost_mutex: RCU_BOOST: the boost lock this task owns by proxy
 * @rcu_lockdep_depth: PROVE_RCU: rcu, rcu_bh and rcu_sched readers held
 * @lockdep_depth: number of entries used in @held_locks
 * @held_locks: locks this task holds (CONFIG_PROVE_LOCKING)
 * @real_cred: objective credentials (RCU-protected)
 * @cred: effective credentials (RCU-protected)
 * @pi_blocked_on: the rt_mutex waiter this task sleeps in, or NULL
 *	(kernel/sched/rtmutex.c)
 * @pi_held_locks: rt_mutexes this task owns that have waiters; their top
 *	waiters' priorities make its boost (kernel/sched/rtmutex.c)
 * @cgroups: CGROUPS: the task's css_set (RCU-protected, changed under
 *	css_set_lock; see <linux/cgroup.h>); NULL for the idle tasks
 * @cg_list: CGROUPS: link in the css_set's list of live tasks
 * @cgroup_exec_start: CGROUPS: local_clock() when the task's run time
 *	was last charged to its cgroup
 */
struct task_struct {
	unsigned long thread_sp;	/* keep first: switch.asm */
	volatile long state;
	void *stack;
	atomic_t usage;
	unsigned int flags;

	int on_rq;
	int on_cpu;
	int cpu;
	int prio;
	int static_prio;
	int normal_prio;
	int boost_prio;
	unsigned int rt_priority;
	unsigned int policy;
	unsigned int time_slice;
	struct cpumask cpus_mask;
	int nr_cpus_allowed;
	struct list_head run_list;
	struct list_head tasks;
	raw_spinlock_t pi_lock;
	int saved_preempt_count;

	unsigned long nvcsw;
	unsigned long nivcsw;

	pid_t pid;
	struct rhash_head pid_node;
	struct rcu_head rcu;
	char comm[TASK_COMM_LEN];
	struct kthread *kthread;

#ifdef CONFIG_DETECT_HUNG_TASK
	unsigned long hung_switch_count;
	unsigned long hung_since;
	bool hung_reported;
#endif
#ifdef CONFIG_PROVE_LOCKING
	int lockdep_depth;
	struct held_lock held_locks[MAX_LOCK_DEPTH];
#endif
#ifdef CONFIG_PREEMPT_RCU
	int rcu_read_lock_nesting;
	union rcu_special rcu_read_unlock_special;
	struct list_head rcu_node_entry;
	struct rcu_node *rcu_blocked_node;
	unsigned long rcu_blocked_gp_gen;
	unsigned long rcu_blocked_exp_gen;
#endif
#ifdef CONFIG_RCU_BOOST
	struct rt_mutex *rcu_boost_mutex;
#endif
#ifdef CONFIG_PROVE_RCU
	int rcu_lockdep_depth[3];	/* rcu, rcu_bh, rcu_sched readers held */
#endif

	const struct cred __rcu *real_cred;
	const struct cred __rcu *cred;

	struct rt_mutex_waiter *pi_blocked_on;
	struct hlist_head pi_held_locks;

#ifdef CONFIG_CGROUPS
	struct css_set __rcu *cgroups;
	struct list_head cg_list;
	u64 cgroup_exec_start;
#endif
};

/* The task running on this CPU. */
DECLARE_PER_CPU(struct task_struct *, current_task);

static __always_inline struct task_struct *get_current(void)
{
	return this_cpu_read(current_task);
}
#define current get_current()

/*
 * set_current_state() orders the state store before the caller's later
 * loads of the wake-up condition (a full barrier), pairing with the
 * barrier in try_to_wake_up() after the waker's store to the condition.
 */
#define __set_current_state(state_value)				\
	WRITE_ONCE(current->state, (state_value))
#define set_current_state(state_value)					\
	smp_store_mb(current->state, (state_value))

#define task_is_running(task)	(READ_ONCE((task)->state) == TASK_RUNNING)

/**
 * task_cpu() - the CPU a task runs on, or last ran or is queued on
 * @p: the task
 *
 * Return: the CPU number.
 */
static inline unsigned int task_cpu(const struct task_struct *p)
{
	return READ_ONCE(p->cpu);
}

/** task_pid_nr() - the task's pid */
static inline pid_t task_pid_nr(const struct task_struct *p)
{
	return p->pid;
}

/** is_idle_task() - is @p one of the per-CPU idle tasks? */
static inline bool is_idle_task(const struct task_struct *p)
{
	return !!(p->flags & PF_IDLE);
}

/** rt_task() - does @p run in the real-time (SCHED_FIFO) class right now? */
static inline bool rt_task(const struct task_struct *p)
{
	return p->prio < MAX_RT_PRIO;
}

/** signal_pending() - rcuos has no signals: always false */
static inline int signal_pending(const struct task_struct *p)
{
	return 0;
}

/**
 * get_task_struct() - take a reference on a task
 * @t: the task
 *
 * A task's struct and stack are freed when the last reference is dropped;
 * the task itself holds one until it has exited and been switched away from.
 *
 * Return: @t.
 */
static inline struct task_struct *get_task_struct(struct task_struct *t)
{
	atomic_inc(&t->usage);
	return t;
}

void __put_task_struct(struct task_struct *t);

/** put_task_struct() - drop a reference taken with get_task_struct() */
static inline void put_task_struct(struct task_struct *t)
{
	if (atomic_dec_and_test(&t->usage))
		__put_task_struct(t);
}

/*
 * might_sleep(): annotation for functions that may block.  With PROVE_RCU,
 * __might_sleep() (rcu/prove_rcu.c) reports sleeping inside an RCU
 * read-side critical section; otherwise it checks nothing.
 */
#ifdef CONFIG_PROVE_RCU
void __might_sleep(const char *file, int line);
#else
static inline void __might_sleep(const char *file, int line) { }
#endif
#define might_sleep()	__might_sleep(__FILE__, __LINE__)

/* PROVE_RCU: report sleeping (or switching, from schedule()) in a reader. */
#ifdef CONFIG_PROVE_RCU
void rcu_sleep_check(const char *file, int line, unsigned long ip,
		     bool voluntary_switch);
#else
static inline void rcu_sleep_check(const char *file, int line, unsigned long ip,
				   bool voluntary_switch) { }
#endif
#define might_resched()	do { } while (0)

/* The scheduler. */
void schedule(void);
void schedule_preempt_disabled(void);
long schedule_timeout(long timeout);
long schedule_timeout_interruptible(long timeout);
long schedule_timeout_uninterruptible(long timeout);
long schedule_timeout_idle(long timeout);
void preempt_schedule_irq(void);
int _cond_resched(void);
void yield(void);

/**
 * cond_resched() - give up the CPU if a reschedule is pending
 *
 * An explicit preemption point for long-running kernel code.  Returns 1 if
 * it rescheduled.  Must be called with preemption enabled.
 */
#define cond_resched()	_cond_resched()

/*
 * preempt_check_resched(): a preemption point for code that has just
 * re-enabled interrupts while preemption was already enabled.
 */
#ifdef CONFIG_PREEMPT
#define preempt_check_resched()						\
do {									\
	if (unlikely(need_resched() && preemptible()))			\
		preempt_schedule();					\
} while (0)
#else
#define preempt_check_resched()	do { } while (0)
#endif

int wake_up_process(struct task_struct *p);
int wake_up_state(struct task_struct *p, unsigned int state);
void wake_up_new_task(struct task_struct *p);

int sched_setscheduler(struct task_struct *p, int policy,
		       const struct sched_param *param);
int sched_setscheduler_nocheck(struct task_struct *p, int policy,
			       const struct sched_param *param);
void sched_set_fifo(struct task_struct *p);
void sched_set_fifo_low(struct task_struct *p);
void sched_set_normal(struct task_struct *p, int nice);
int set_cpus_allowed_ptr(struct task_struct *p, const struct cpumask *new_mask);
void rt_mutex_setprio(struct task_struct *p, struct task_struct *pi_task);
void resched_cpu(int cpu);

/** set_cpus_allowed() - older name of set_cpus_allowed_ptr() */
#define set_cpus_allowed(p, mask)	set_cpus_allowed_ptr((p), &(mask))

/* Information for the shell and for RCU's stall warnings. */
struct task_struct *cpu_curr(int cpu);
int idle_cpu(int cpu);

/** cpu_is_idle() - is @cpu running its idle task with nothing queued? */
static inline bool cpu_is_idle(int cpu)
{
	return idle_cpu(cpu);
}

unsigned int nr_running_cpu(unsigned int cpu);
struct task_struct *find_task_by_vpid(pid_t nr);
struct task_struct *find_get_task_by_vpid(pid_t nr);
u64 nr_context_switches_cpu(unsigned int cpu);
u64 nr_context_switches(void);
void sched_print_tasks(void);
void sched_show_task(struct task_struct *p);
u64 local_clock(void);

/*
 * Boot: see kernel/sched/core.c for the calling order.  timers_init()
 * (linux/timer.h) and softirq_init() (linux/interrupt.h) are declared here
 * too, as start_kernel() calls them right after sched_init().
 */
void sched_init(void);
void softirq_init(void);
void timers_init(void);
void sched_init_ap(unsigned int cpu);
__noreturn void cpu_startup_entry(void);
void scheduler_ipi(void);
void scheduler_tick(void);

/* Task exit (kernel/sched/kthread.c): never returns. */
__noreturn void do_exit(long code);

#endif /* _LINUX_SCHED_H */
