// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel threads: creation, binding, stopping and exit.
 *
 * A new kthread's stack is laid out as if the task had been switched out
 * by __switch_to_asm(), with ret_from_kthread as the return address, so
 * the first switch to it "returns" there; it finishes the switch
 * (schedule_tail()) and calls kthread_main(), which runs the thread
 * function and exits with its return value.
 *
 * An exited task switches away for the last time in state TASK_DEAD; the
 * task switched to drops the task's own reference in finish_task_switch(),
 * and the struct and stack are freed when the last reference goes (so
 * never while the stack is in use).
 */
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/completion.h>
#include <linux/slab.h>
#include <linux/gfp.h>
#include <linux/string.h>
#include <linux/rcupdate.h>
#include <linux/cgroup.h>
#include <asm/arch.h>
#include "sched.h"

/**
 * struct kthread - kthread bookkeeping, pointed to by task_struct::kthread
 * @threadfn: the thread function
 * @data: its argument
 * @should_stop: kthread_stop() was called
 * @should_park: kthread_park() was called, kthread_unpark() not yet
 * @result: the thread function's return value
 * @cpu: the CPU of a kthread_create_on_cpu() thread, else -1
 * @exited: completed when the thread exits
 * @parked: completed when the thread parks
 */
struct kthread {
	int (*threadfn)(void *data);
	void *data;
	bool should_stop;
	bool should_park;
	int result;
	int cpu;
	struct completion exited;
	struct completion parked;
};

/**
 * kthread_create_on_node() - create a kthread (see kthread_create())
 * @threadfn: the function to run
 * @data: its argument
 * @node: NUMA node (ignored; rcuos is not NUMA)
 * @namefmt: printf-style name
 *
 * The task is created in the creator's cgroup.
 *
 * Return: the new task, not yet running, or ERR_PTR(-ENOMEM), or
 * ERR_PTR(-EAGAIN) if the cgroup is at its pids.max.
 */
struct task_struct *kthread_create_on_node(int (*threadfn)(void *data), void *data,
					   int node, const char namefmt[], ...)
{
	struct task_struct *p;
	struct kthread *kt;
	unsigned long stack, *sp;
	va_list args;
	int err;

	p = kzalloc(sizeof(*p), GFP_KERNEL);
	kt = kzalloc(sizeof(*kt), GFP_KERNEL);
	stack = (unsigned long)kstack_alloc();	/* with a guard below */
	if (!p || !kt || !stack) {
		kfree(p);
		kfree(kt);
		if (stack)
			kstack_free((void *)stack);
		return ERR_PTR(-ENOMEM);
	}

	kt->threadfn = threadfn;
	kt->data = data;
	kt->cpu = -1;
	init_completion(&kt->exited);
	init_completion(&kt->parked);
	p->kthread = kt;
	p->flags = PF_KTHREAD;
	p->stack = (void *)stack;
	*(unsigned long *)stack = STACK_END_MAGIC;

	/*
	 * The frame __switch_to_asm() pops: r15 r14 r13 r12 rbx rbp and the
	 * return address, leaving rsp 16-byte aligned at ret_from_kthread.
	 */
	sp = (unsigned long *)(stack + THREAD_SIZE) - 9;
	memset(sp, 0, 9 * sizeof(*sp));
	sp[3] = (unsigned long)p;			/* r12 */
	sp[6] = (unsigned long)ret_from_kthread;	/* return address */
	p->thread_sp = (unsigned long)sp;

	va_start(args, namefmt);
	vsnprintf(p->comm, sizeof(p->comm), namefmt, args);
	va_end(args);

	sched_task_init(p, NULL);
	err = cgroup_fork(p);
	if (err) {
		put_task_struct(p);	/* never ran: freed at once */
		return ERR_PTR(err);
	}
	return p;
}

/* Free a task's memory (its last reference is gone). */
void kthread_free(struct task_struct *p)
{
	cgroup_free(p);
	if (p->stack)
		kstack_free(p->stack);
	kfree(p->kthread);
	kfree(p);
}

/* Restrict @k, which no run queue holds, to @mask.  k->pi_lock held. */
static void __kthread_bind_mask(struct task_struct *k, const struct cpumask *mask)
{
	k->cpus_mask = *mask;
	k->nr_cpus_allowed = cpumask_weight(mask);
	WRITE_ONCE(k->cpu, cpumask_first(mask));
}

/**
 * kthread_bind_mask() - restrict a new kthread to a set of CPUs
 * @k: the kthread, created but not yet woken
 * @mask: the CPUs
 */
void kthread_bind_mask(struct task_struct *k, const struct cpumask *mask)
{
	unsigned long flags;

	WARN_ON(!(k->flags & PF_SCHED_NEW));
	raw_spin_lock_irqsave(&k->pi_lock, flags);
	__kthread_bind_mask(k, mask);
	k->flags |= PF_NO_SETAFFINITY;
	raw_spin_unlock_irqrestore(&k->pi_lock, flags);
}

/**
 * kthread_bind() - bind a new kthread to one CPU
 * @k: the kthread, created but not yet woken
 * @cpu: the CPU it will always run on (it may be not yet online)
 */
void kthread_bind(struct task_struct *k, unsigned int cpu)
{
	struct cpumask mask;

	cpumask_clear(&mask);
	cpumask_set_cpu(cpu, &mask);
	kthread_bind_mask(k, &mask);
}

/**
 * kthread_create_on_cpu() - create a kthread bound to a CPU
 * @threadfn: the function to run
 * @data: its argument
 * @cpu: the CPU
 * @namefmt: name; may contain one %u, replaced by @cpu
 *
 * Return: the task, not yet running, or an ERR_PTR().
 */
struct task_struct *kthread_create_on_cpu(int (*threadfn)(void *data), void *data,
					  unsigned int cpu, const char *namefmt)
{
	struct task_struct *p;

	p = kthread_create(threadfn, data, namefmt, cpu);
	if (!IS_ERR(p)) {
		kthread_bind(p, cpu);
		p->kthread->cpu = cpu;
	}
	return p;
}

/**
 * kthread_should_stop() - has kthread_stop() been called on this thread?
 *
 * A kthread that can be stopped checks this in its loop and returns when
 * it is true.
 *
 * Return: true once kthread_stop() was called on the current kthread.
 */
bool kthread_should_stop(void)
{
	struct kthread *kt = current->kthread;

	return kt && READ_ONCE(kt->should_stop);
}

/**
 * kthread_should_park() - has kthread_park() been called on this kthread?
 *
 * A per-CPU kthread tests this in its loop and then calls
 * kthread_parkme().
 */
bool kthread_should_park(void)
{
	struct kthread *kt = current->kthread;

	return kt && READ_ONCE(kt->should_park);
}

/**
 * kthread_parkme() - sleep in TASK_PARKED until kthread_unpark()
 *
 * Ordinary wake-ups do not end the sleep.
 */
void kthread_parkme(void)
{
	struct kthread *kt = current->kthread;

	for (;;) {
		set_current_state(TASK_PARKED);
		if (!READ_ONCE(kt->should_park))
			break;
		complete(&kt->parked);
		schedule();
	}
	__set_current_state(TASK_RUNNING);
}

/**
 * kthread_park() - make a kthread sleep until kthread_unpark()
 * @k: a kthread that calls kthread_parkme() when kthread_should_park()
 *
 * For CPU hotplug: a kthread bound to a CPU going offline is parked
 * instead of moved.  Returns once @k has parked.  Sleeps.
 */
void kthread_park(struct task_struct *k)
{
	struct kthread *kt = k->kthread;

	might_sleep();
	/*
	 * The reset must be visible before the flag: a kthread running its
	 * parking loop completes as soon as it sees the flag, and a reset
	 * landing after that complete() would leave us waiting for ever.
	 * (A plain store may be sunk past a WRITE_ONCE() by the compiler.)
	 */
	reinit_completion(&kt->parked);
	smp_store_release(&kt->should_park, true);
	wake_up_process(k);
	wait_for_completion(&kt->parked);
	/* Off its CPU, too. */
	while (READ_ONCE(k->on_cpu) || READ_ONCE(k->on_rq))
		schedule_timeout_uninterruptible(1);
}

/**
 * kthread_unpark() - let a parked kthread run again
 * @k: the kthread
 */
void kthread_unpark(struct task_struct *k)
{
	struct kthread *kt = k->kthread;
	struct cpumask mask;
	unsigned long flags;

	/*
	 * A kthread of a CPU that went offline may have been moved off it
	 * on the way, its affinity broken (select_fallback_rq()): bind it
	 * to its CPU again before it runs there.  It is parked, so no run
	 * queue holds it.
	 */
	if (kt->cpu >= 0) {
		raw_spin_lock_irqsave(&k->pi_lock, flags);
		if (READ_ONCE(k->state) == TASK_PARKED && !READ_ONCE(k->on_rq)) {
			cpumask_clear(&mask);
			cpumask_set_cpu(kt->cpu, &mask);
			__kthread_bind_mask(k, &mask);
		}
		raw_spin_unlock_irqrestore(&k->pi_lock, flags);
	}
	WRITE_ONCE(kt->should_park, false);
	wake_up_state(k, TASK_PARKED);
}

/**
 * kthread_stop() - stop a kthread and wait for it to exit
 * @k: the kthread; it must not exit (and be freed) on its own before
 *	this call, unless the caller holds a reference
 *
 * Sets kthread_should_stop() for @k, wakes it and waits until it has
 * exited.  A kthread that never ran exits without running its function.
 *
 * Return: the thread function's return value, or -EINTR if it never ran.
 */
int kthread_stop(struct task_struct *k)
{
	struct kthread *kt = k->kthread;
	int ret;

	might_sleep();
	get_task_struct(k);
	WRITE_ONCE(kt->should_stop, true);
	wake_up_process(k);
	wait_for_completion(&kt->exited);
	ret = kt->result;
	put_task_struct(k);
	return ret;
}

/**
 * do_exit() - end the current task
 * @code: exit code (a kthread's result)
 *
 * Wakes kthread_stop() waiters, then switches away for the last time.
 */
void do_exit(long code)
{
	struct task_struct *tsk = current;

	WARN_ON(is_idle_task(tsk));
	tsk->flags |= PF_EXITING;
	exit_rcu();
	cgroup_exit(tsk);
	if (tsk->kthread) {
		tsk->kthread->result = code;
		complete_all(&tsk->kthread->exited);
	}
	preempt_disable();
	do_task_dead();
}

/**
 * kthread_exit() - end the current kthread with a result
 * @result: what kthread_stop() returns
 */
void kthread_exit(long result)
{
	do_exit(result);
}

/* Called from ret_from_kthread on the new task's stack. */
void kthread_main(struct task_struct *p)
{
	struct kthread *kt = p->kthread;
	int ret = -EINTR;

	if (!READ_ONCE(kt->should_stop))
		ret = kt->threadfn(kt->data);
	kthread_exit(ret);
}
