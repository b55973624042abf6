// SPDX-License-Identifier: GPL-2.0
/*
 * The scheduler: per-CPU run queues, the SCHED_FIFO and SCHED_NORMAL
 * classes, wake-ups, context switches, preemption and the idle loop.
 *
 * Locking.  Each run queue has a spinlock, taken with interrupts disabled.
 * A task's pi_lock serializes its wake-ups and changes to its affinity and
 * priority; the order is pi_lock, then a run-queue lock.  Two run-queue
 * locks are never held together.
 *
 * Context switch.  __schedule() takes the run-queue lock, puts the
 * previous task back on the queue if it is still runnable, picks the next
 * and switches stacks with the lock held; the next task releases it in
 * finish_task_switch().  Only then is prev->on_cpu cleared, so a waker on
 * another CPU never enqueues a task whose stack is still in use.
 *
 * preempt_count is per CPU (the %gs-relative counter of linux/preempt.h);
 * it is saved in the outgoing task and restored from the incoming one, so
 * each task keeps its own count across a switch.
 *
 * Boot and bring-up order (the architecture code calls these):
 *   boot CPU:  setup_per_cpu_areas(), page allocator and kmalloc ready,
 *              sched_init(), softirq_init(), timers_init(), tick started,
 *              interrupts enabled, APs started, kthread_run(init),
 *              cpu_startup_entry()
 *   each AP:   per-CPU GS loaded, sched_init_ap(cpu), marked online,
 *              tick started, interrupts enabled, cpu_startup_entry()
 */
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/ktime.h>
#include <linux/cred.h>
#include <linux/cgroup.h>
#include <linux/rcupdate.h>
#include <linux/rhashtable.h>
#include <linux/cpu.h>
#include <asm/arch.h>
#include "sched.h"

DEFINE_PER_CPU(int, __preempt_count);
DEFINE_PER_CPU(int, __need_resched);
DEFINE_PER_CPU(struct task_struct *, current_task);
DEFINE_PER_CPU(struct rq, runqueues);

/* Every task, for ps; protected by tasklist_lock. */
static LIST_HEAD(task_list);
static DEFINE_SPINLOCK(tasklist_lock);

/* Every task but the idle tasks, by pid, for RCU lookups. */
static struct rhashtable pid_table;
static const struct rhashtable_params pid_params = {
	.key_len = sizeof(pid_t),
	.key_offset = offsetof(struct task_struct, pid),
	.head_offset = offsetof(struct task_struct, pid_node),
	.min_size = 64,
	.automatic_shrinking = true,
};
static atomic_t next_pid = ATOMIC_INIT(0);

/* ---- run-queue locking ---- */

static inline void rq_lock(struct rq *rq)
{
	preempt_disable();
	arch_spin_lock(&rq->lock);
}

static inline void rq_unlock(struct rq *rq)
{
	arch_spin_unlock(&rq->lock);
	preempt_enable_no_resched();
}

/*
 * Lock the run queue @p belongs to (interrupts already disabled).  The
 * task may be moving between queues: retry until the queue locked is
 * still the task's and the task is not in the middle of a migration.
 */
static struct rq *task_rq_lock(struct task_struct *p)
{
	struct rq *rq;

	for (;;) {
		rq = cpu_rq(task_cpu(p));
		rq_lock(rq);
		if (READ_ONCE(p->on_rq) != TASK_ON_RQ_MIGRATING &&
		    rq == cpu_rq(task_cpu(p)))
			return rq;
		rq_unlock(rq);
		while (READ_ONCE(p->on_rq) == TASK_ON_RQ_MIGRATING)
			cpu_relax();
	}
}

/* ---- queues ---- */

static inline bool task_queued(struct task_struct *p)
{
	return !list_empty(&p->run_list);
}

static void enqueue_task(struct rq *rq, struct task_struct *p, bool head)
{
	struct list_head *q;

	if (rt_task(p)) {
		q = &rq->rt_queue[p->prio];
		set_bit(p->prio, rq->rt_bitmap);
	} else {
		q = &rq->normal_queue;
	}
	if (head)
		list_add(&p->run_list, q);
	else
		list_add_tail(&p->run_list, q);
}

static void dequeue_task(struct rq *rq, struct task_struct *p)
{
	list_del_init(&p->run_list);
	if (rt_task(p) && list_empty(&rq->rt_queue[p->prio]))
		clear_bit(p->prio, rq->rt_bitmap);
}

/* Make a non-runnable task runnable on @rq. */
static void activate_task(struct rq *rq, struct task_struct *p)
{
	if (!is_idle_task(p)) {
		p->flags &= ~PF_SCHED_NEW;
		enqueue_task(rq, p, false);
		rq->nr_running++;
	}
	WRITE_ONCE(p->on_rq, TASK_ON_RQ_QUEUED);
}

static int rt_first_prio(struct rq *rq)
{
	for (unsigned int i = 0; i < BITS_TO_LONGS(MAX_RT_PRIO); i++)
		if (rq->rt_bitmap[i])
			return i * BITS_PER_LONG + __builtin_ctzl(rq->rt_bitmap[i]);
	return MAX_RT_PRIO;
}

/*
 * The most urgent queued task (dequeued), or the idle task.  A CPU going
 * offline runs its idle task, which takes the queued tasks elsewhere
 * (sched_cpu_dying()).
 */
static struct task_struct *pick_next_task(struct rq *rq)
{
	struct task_struct *p;
	int prio = rt_first_prio(rq);

	if (unlikely(rq->dying))
		return rq->idle;
	if (prio < MAX_RT_PRIO)
		p = list_first_entry(&rq->rt_queue[prio], struct task_struct, run_list);
	else if (!list_empty(&rq->normal_queue))
		p = list_first_entry(&rq->normal_queue, struct task_struct, run_list);
	else
		return rq->idle;
	dequeue_task(rq, p);
	return p;
}

/* Ask @rq's CPU to reschedule: directly here, by IPI elsewhere. */
static void resched_curr(struct rq *rq)
{
	unsigned int cpu = rq->cpu;

	if (cpu == smp_processor_id()) {
		set_need_resched();
		return;
	}
	/*
	 * The flag is only cleared under this rq's lock, which we hold: if
	 * it is set already, an IPI is on its way or not needed.
	 */
	if (READ_ONCE(per_cpu(__need_resched, cpu)))
		return;
	WRITE_ONCE(per_cpu(__need_resched, cpu), 1);
	if (cpu_online(cpu))
		smp_send_reschedule(cpu);
}

/*
 * Should the newly runnable @p preempt what @rq is running?  A real-time
 * task of higher priority does, and so does a normal task with a lower
 * nice value than the normal task running: the normal class is round
 * robin, but a kthread woken for RCU or SRCU work must not wait out the
 * time slice of a nice-19 busy loop (Linux's CFS weights make the same
 * choice).
 */
static void check_preempt_curr(struct rq *rq, struct task_struct *p)
{
	struct task_struct *curr = rq->curr;

	if (is_idle_task(p))
		return;
	if (is_idle_task(curr) || (rt_task(p) && p->prio < curr->prio) ||
	    (!rt_task(p) && !rt_task(curr) && p->prio < curr->prio))
		resched_curr(rq);
}

/*
 * Is a normal task queued whose nice value is lower than (@or_equal: at
 * most) @curr's?  rq locked.  Stops at the first: with every task at
 * nice 0, at the head of the queue.
 */
static bool normal_queued_before(struct rq *rq, struct task_struct *curr, bool or_equal)
{
	struct task_struct *p;

	list_for_each_entry(p, &rq->normal_queue, run_list)
		if (p->prio < curr->prio || (or_equal && p->prio == curr->prio))
			return true;
	return false;
}

static bool cpu_allowed(struct task_struct *p, unsigned int cpu)
{
	return cpumask_test_cpu(cpu, &p->cpus_mask) && cpu_active(cpu);
}

/* May tasks be queued on @rq?  Not once its CPU is going offline. */
static bool rq_accepts_tasks(struct rq *rq)
{
	return !READ_ONCE(rq->dying) && !READ_ONCE(rq->dead);
}

/*
 * None of @p's CPUs can take it (they are going or gone offline): the
 * least loaded active CPU @p allows, else any active CPU, and then @p's
 * affinity is broken for good (it may run anywhere), as a task bound to
 * a CPU that went offline would otherwise never run again.
 */
static unsigned int select_fallback_rq(struct task_struct *p)
{
	static atomic_t reported;
	unsigned int cpu, best = nr_cpu_ids, best_load = UINT_MAX;
	bool any = false;

	for (;;) {
		for_each_active_cpu(cpu) {
			unsigned int load = READ_ONCE(cpu_rq(cpu)->nr_running);

			if (!any && !cpumask_test_cpu(cpu, &p->cpus_mask))
				continue;
			if (load < best_load) {
				best = cpu;
				best_load = load;
			}
		}
		if (best < nr_cpu_ids || any)
			break;
		any = true;
	}
	if (any && best < nr_cpu_ids) {
		if (atomic_inc_return(&reported) <= 10)
			pr_info("sched: process %d (%s) no longer affine to CPU%u\n",
				p->pid, p->comm, cpumask_first(&p->cpus_mask));
		p->cpus_mask = *cpu_possible_mask;
		p->nr_cpus_allowed = cpumask_weight(cpu_possible_mask);
	}
	/* No active CPU at all: only in early boot. */
	return best < nr_cpu_ids ? best : smp_processor_id();
}

/*
 * Where should @p run when it becomes runnable?  Its current CPU if it is
 * still allowed; a new task, or one whose CPU is no longer allowed, goes
 * to the least loaded allowed online CPU.  A task bound to one CPU goes
 * there even before that CPU is online.
 */
static unsigned int select_task_rq(struct task_struct *p)
{
	static unsigned int rotor;
	unsigned int cpu, start, best = nr_cpu_ids, best_load = UINT_MAX;

	if (is_idle_task(p))
		return task_cpu(p);
	if (p->nr_cpus_allowed == 1) {
		cpu = cpumask_first(&p->cpus_mask);
		return rq_accepts_tasks(cpu_rq(cpu)) ? cpu : select_fallback_rq(p);
	}
	if (!(p->flags & PF_SCHED_NEW) && cpu_allowed(p, task_cpu(p)))
		return task_cpu(p);

	/* Start the scan at a rotating CPU so that ties spread out. */
	start = READ_ONCE(rotor) % nr_cpu_ids;
	WRITE_ONCE(rotor, start + 1);
	for (unsigned int i = 0; i < nr_cpu_ids; i++) {
		unsigned int load;

		cpu = (start + i) % nr_cpu_ids;
		if (!cpu_allowed(p, cpu))
			continue;
		load = READ_ONCE(cpu_rq(cpu)->nr_running);
		if (load < best_load) {
			best = cpu;
			best_load = load;
		}
	}
	if (best >= nr_cpu_ids) {
		/* No allowed CPU active. */
		best = cpumask_first(&p->cpus_mask);
		if (best >= nr_cpu_ids || !cpu_online(best) || !rq_accepts_tasks(cpu_rq(best)))
			best = select_fallback_rq(p);
	}
	return best;
}

/*
 * Lock the run queue @p should go to.  The CPU chosen may start going
 * offline before its lock is taken: choose again then.
 */
static struct rq *lock_rq_for_task(struct task_struct *p)
{
	for (;;) {
		unsigned int cpu = select_task_rq(p);
		struct rq *rq = cpu_rq(cpu);

		rq_lock(rq);
		if (likely(rq_accepts_tasks(rq) || is_idle_task(p))) {
			WRITE_ONCE(p->cpu, cpu);
			return rq;
		}
		rq_unlock(rq);
	}
}

/*
 * Finish moving @p (marked TASK_ON_RQ_MIGRATING, on no queue, not running)
 * to an allowed CPU.  Interrupts disabled, no run-queue lock held.
 */
static void move_task_to_allowed_cpu(struct task_struct *p)
{
	struct rq *rq = lock_rq_for_task(p);

	activate_task(rq, p);
	check_preempt_curr(rq, p);
	rq_unlock(rq);
}

/* ---- wake-ups ---- */

static int try_to_wake_up(struct task_struct *p, unsigned int state)
{
	unsigned long flags;
	struct rq *rq;
	int success = 0;

	/*
	 * Order the caller's store to the wake-up condition before our load
	 * of p->state; pairs with the barrier in set_current_state().
	 */
	smp_mb();
	raw_spin_lock_irqsave(&p->pi_lock, flags);
	if (!(READ_ONCE(p->state) & state))
		goto out;
	success = 1;

	rq = task_rq_lock(p);
	if (READ_ONCE(p->on_rq)) {
		/* Still running or queued: it has not gone to sleep yet. */
		WRITE_ONCE(p->state, TASK_RUNNING);
		rq_unlock(rq);
		goto out;
	}
	rq_unlock(rq);

	/* It may still be switching away from its CPU: wait for that. */
	while (smp_load_acquire(&p->on_cpu))
		cpu_relax();

	rq = lock_rq_for_task(p);
	WRITE_ONCE(p->state, TASK_RUNNING);
	activate_task(rq, p);
	check_preempt_curr(rq, p);
	rq_unlock(rq);
out:
	raw_spin_unlock_irqrestore(&p->pi_lock, flags);
	preempt_check_resched();
	return success;
}

/**
 * wake_up_process() - wake a sleeping task
 * @p: the task
 *
 * Makes @p runnable if it is in TASK_INTERRUPTIBLE or TASK_UNINTERRUPTIBLE
 * (including a new kthread that was never woken).  Callable from any
 * context except NMI.  Implies a full memory barrier before the wake-up.
 *
 * Return: 1 if @p was woken, 0 if it was already running.
 */
int wake_up_process(struct task_struct *p)
{
	return try_to_wake_up(p, TASK_NORMAL);
}

/**
 * wake_up_state() - wake a task if it sleeps in one of @state
 * @p: the task
 * @state: mask of TASK_* states to wake from
 *
 * Return: 1 if @p was woken.
 */
int wake_up_state(struct task_struct *p, unsigned int state)
{
	return try_to_wake_up(p, state);
}

/**
 * wake_up_new_task() - make a newly created task runnable
 * @p: the task (from kthread_create())
 */
void wake_up_new_task(struct task_struct *p)
{
	try_to_wake_up(p, TASK_NORMAL);
}

/* ---- the context switch ---- */

static void schedule_bug(struct task_struct *prev)
{
	pr_err("BUG: scheduling while atomic: %s/%d/0x%08x\n",
	       prev->comm, prev->pid, preempt_count());
	WARN_ON(1);
}

/*
 * Sanity checks at each switch: the stack's end marker is intact and (with
 * CONFIG_DEBUG_KERNEL) the CPU really runs the task its run queue names,
 * on that task's stack.  Any of these failing means memory corruption or
 * a broken switch, and nothing after it could be trusted.
 */
static void check_stack_end(struct task_struct *p)
{
	if (p->stack && *(unsigned long *)p->stack != STACK_END_MAGIC)
		panic("stack overflow in task %s/%d", p->comm, p->pid);
#ifdef CONFIG_DEBUG_KERNEL
	if (unlikely(p != current))
		panic("sched: CPU %u runs %s/%d but its run queue says %s/%d",
		      smp_processor_id(), current->comm, current->pid, p->comm, p->pid);
	if (unlikely(p->stack && (unsigned long)__builtin_frame_address(0) -
				 (unsigned long)p->stack >= THREAD_SIZE))
		panic("sched: task %s/%d is running off its stack (sp %px)",
		      p->comm, p->pid, __builtin_frame_address(0));
#endif
}

/*
 * The second half of a context switch, run by the task switched to (or
 * by a new task in schedule_tail()): release the run queue, finish a
 * pending migration of @prev, and free @prev if it has exited.
 */
static void finish_task_switch(struct task_struct *prev)
{
	struct rq *rq = this_rq();
	struct task_struct *mig = rq->migrate_task;
	long prev_state = READ_ONCE(prev->state);

	rq->migrate_task = NULL;
	/* prev's stack is no longer in use: wakers may move it now. */
	smp_store_release(&prev->on_cpu, 0);
	rq_unlock(rq);
	if (mig)
		move_task_to_allowed_cpu(mig);
	local_irq_enable();
	if (prev_state == TASK_DEAD)
		put_task_struct(prev);
}

/**
 * schedule_tail() - first thing a new task does, on its new stack
 * @prev: the task switched away from
 */
void schedule_tail(struct task_struct *prev)
{
	finish_task_switch(prev);
	preempt_enable();
}

/*
 * Pick the next task and switch to it.  @preempt: the current task is
 * being preempted (it stays runnable whatever its state).  Called with
 * preemption disabled; returns with interrupts enabled.
 */
static void __schedule(bool preempt)
{
	struct task_struct *prev, *next;
	unsigned long *switch_count;
	unsigned int cpu;
	struct rq *rq;

	local_irq_disable();
	cpu = smp_processor_id();
	rq = cpu_rq(cpu);
	prev = rq->curr;
	rcu_note_context_switch(preempt);
	rq_lock(rq);
	check_stack_end(prev);

	switch_count = &prev->nivcsw;
	if (!preempt && READ_ONCE(prev->state) != TASK_RUNNING) {
		/* Going to sleep (or exiting). */
		if (!is_idle_task(prev))
			rq->nr_running--;
		WRITE_ONCE(prev->on_rq, 0);
		switch_count = &prev->nvcsw;
	} else {
		if (!preempt)
			switch_count = &prev->nvcsw;
		if (is_idle_task(prev)) {
			/* The idle task is never queued: it is the fallback. */
		} else if (!cpumask_test_cpu(cpu, &prev->cpus_mask) || unlikely(rq->dying)) {
			/* No longer allowed here: move it once switched out. */
			rq->nr_running--;
			WRITE_ONCE(prev->on_rq, TASK_ON_RQ_MIGRATING);
			rq->migrate_task = prev;
		} else {
			/* A preempted FIFO task keeps its place at the head. */
			enqueue_task(rq, prev, preempt && rt_task(prev));
		}
	}

	clear_need_resched();
	next = pick_next_task(rq);
	if (next == prev) {
		rq_unlock(rq);
		local_irq_enable();
		return;
	}

	rq->nr_switches++;
	(*switch_count)++;
	cgroup_account_switch(prev, next);
	rq->curr = next;
	WRITE_ONCE(next->on_cpu, 1);
	if (!rt_task(next) && !next->time_slice)
		next->time_slice = RR_TIMESLICE;

	prev->saved_preempt_count = preempt_count();
	this_cpu_write(__preempt_count, next->saved_preempt_count);
	this_cpu_write(current_task, next);

	prev = __switch_to_asm(&prev->thread_sp, next->thread_sp, prev);
	finish_task_switch(prev);
}

/**
 * schedule() - give up the CPU
 *
 * If the current task set a sleeping state (set_current_state()), it
 * sleeps until woken; otherwise it goes to the back of its queue and runs
 * again when its turn comes.  Task context only, with preemption enabled;
 * returns with interrupts enabled.
 */
void schedule(void)
{
	struct task_struct *tsk = current;

	if (unlikely(preempt_count() != 0))
		schedule_bug(tsk);
	rcu_sleep_check(__FILE__, __LINE__, _RET_IP_, true);
	preempt_disable();
	__schedule(false);
	preempt_enable_no_resched();
}

/**
 * schedule_preempt_disabled() - schedule() from a preempt-disabled section
 *
 * Enables preemption (without rescheduling), schedules, and disables it
 * again.
 */
void schedule_preempt_disabled(void)
{
	preempt_enable_no_resched();
	schedule();
	preempt_disable();
}

/**
 * preempt_schedule() - preempt the current task if a reschedule is due
 *
 * Called by preempt_enable() (CONFIG_PREEMPT) when the count drops to
 * zero with need_resched() set.  Does nothing when not preemptible.
 */
void preempt_schedule(void)
{
	if (likely(preempt_count() != 0 || irqs_disabled()))
		return;
	do {
		preempt_disable();
		__schedule(true);
		preempt_enable_no_resched();
	} while (need_resched());
}

/**
 * preempt_schedule_irq() - preempt from the interrupt-return path
 *
 * Called (CONFIG_PREEMPT) with interrupts disabled when an interrupt
 * returns to kernel code with preempt_count() == 0 and need_resched().
 * Returns with interrupts disabled.
 */
void preempt_schedule_irq(void)
{
	do {
		preempt_disable();
		local_irq_enable();
		__schedule(true);
		local_irq_disable();
		preempt_enable_no_resched();
	} while (need_resched());
}

/**
 * _cond_resched() - reschedule if need_resched() (see cond_resched())
 *
 * Return: 1 if the task was switched out, else 0.
 */
int _cond_resched(void)
{
	if (need_resched() && preempt_count() == 0 && !irqs_disabled()) {
		preempt_disable();
		__schedule(true);
		preempt_enable_no_resched();
		return 1;
	}
	rcu_all_qs();
	return 0;
}

/**
 * yield() - let other runnable tasks of the same or higher priority run
 *
 * The current task goes to the back of its priority's queue.  A FIFO task
 * that yields with no equal-priority peer runs on at once.
 */
void yield(void)
{
	__set_current_state(TASK_RUNNING);
	schedule();
}

/*
 * The end of an exiting task: switch away for good.  Called with
 * preemption disabled; the task is freed by finish_task_switch().
 */
void do_task_dead(void)
{
	unsigned long flags;

	/*
	 * try_to_wake_up() lets go of our pi_lock only after the run-queue
	 * lock, so a task woken just before it exits can get here while its
	 * waker still holds the lock: wait for the waker to be done with us,
	 * or the unlock would land in the freed task.
	 */
	raw_spin_lock_irqsave(&current->pi_lock, flags);
	raw_spin_unlock_irqrestore(&current->pi_lock, flags);
	__set_current_state(TASK_DEAD);
	__schedule(false);
	BUG();
	for (;;)
		;
}

/* ---- the tick and the reschedule IPI ---- */

/**
 * scheduler_tick() - per-tick accounting (hardirq, interrupts disabled)
 *
 * Uses up the current SCHED_NORMAL task's time slice and asks for a
 * reschedule when it runs out and another task waits; SCHED_FIFO tasks
 * run until they block or yield.
 */
void scheduler_tick(void)
{
	struct rq *rq = this_rq();
	struct task_struct *curr;

	if (!rq->initialized)
		return;
	arch_spin_lock(&rq->lock);
	curr = rq->curr;
	cgroup_account_tick(curr);
	if (is_idle_task(curr)) {
		if (rq->nr_running)
			set_need_resched();
	} else if (!rt_task(curr)) {
		if (curr->time_slice)
			curr->time_slice--;
		if (!curr->time_slice) {
			/* Round robin among the nicest runnable tasks. */
			curr->time_slice = RR_TIMESLICE;
			if (rq->nr_running > 1 && normal_queued_before(rq, curr, true))
				set_need_resched();
		} else if (curr->prio > DEFAULT_PRIO && normal_queued_before(rq, curr, false)) {
			/* A less nice task keeps no slice from a nicer one. */
			set_need_resched();
		}
	}
	arch_spin_unlock(&rq->lock);
}

/**
 * scheduler_ipi() - the reschedule IPI's handler (hardirq)
 *
 * The sender has already set this CPU's need_resched flag; the interrupt
 * itself is what matters: it wakes an idle CPU from hlt and, with
 * CONFIG_PREEMPT, the interrupt-return path preempts the running task.
 */
void scheduler_ipi(void)
{
}

/**
 * resched_cpu() - make @cpu reschedule soon (IPI if it is another CPU)
 * @cpu: the CPU
 *
 * For RCU's forcing of quiescent states.  Any context except NMI.
 */
void resched_cpu(int cpu)
{
	struct rq *rq = cpu_rq(cpu);
	unsigned long flags;

	local_irq_save(flags);
	rq_lock(rq);
	resched_curr(rq);
	rq_unlock(rq);
	local_irq_restore(flags);
}

/* ---- priorities and affinity ---- */

static int __sched_setscheduler(struct task_struct *p, int policy,
				const struct sched_param *param)
{
	unsigned long flags;
	struct rq *rq;
	bool queued;
	int old_prio;

	if (policy == SCHED_FIFO) {
		if (param->sched_priority < 1 || param->sched_priority > MAX_RT_PRIO - 1)
			return -EINVAL;
	} else if (policy == SCHED_NORMAL) {
		if (param->sched_priority != 0)
			return -EINVAL;
	} else {
		return -EINVAL;
	}
	if (is_idle_task(p))
		return -EPERM;

	raw_spin_lock_irqsave(&p->pi_lock, flags);
	rq = task_rq_lock(p);
	queued = task_queued(p);
	if (queued)
		dequeue_task(rq, p);
	old_prio = p->prio;
	p->policy = policy;
	if (policy == SCHED_FIFO) {
		p->rt_priority = param->sched_priority;
		p->normal_prio = MAX_RT_PRIO - 1 - p->rt_priority;
	} else {
		p->rt_priority = 0;
		p->normal_prio = p->static_prio;
	}
	p->prio = min(p->normal_prio, p->boost_prio);
	if (queued) {
		enqueue_task(rq, p, false);
		check_preempt_curr(rq, p);
	} else if (rq->curr == p && p->prio > old_prio) {
		/* Lowered while running: let a better queued task in. */
		resched_curr(rq);
	}
	rq_unlock(rq);
	raw_spin_unlock_irqrestore(&p->pi_lock, flags);
	preempt_check_resched();
	return 0;
}

/*
 * Set @p's boost priority and recompute its effective priority (policy
 * and normal_prio stay): requeue it and reschedule as the change requires.
 */
static void set_boost_prio(struct task_struct *p, int boost_prio)
{
	unsigned long flags;
	struct rq *rq;
	bool queued;
	int old_prio, prio;

	raw_spin_lock_irqsave(&p->pi_lock, flags);
	rq = task_rq_lock(p);
	old_prio = p->prio;
	queued = task_queued(p);
	if (queued)
		dequeue_task(rq, p);
	p->boost_prio = boost_prio;
	prio = min(p->normal_prio, boost_prio);
	p->prio = prio;
	if (queued) {
		/* A boosted task goes first among its new peers. */
		enqueue_task(rq, p, prio < old_prio);
		check_preempt_curr(rq, p);
	} else if (rq->curr == p && prio > old_prio) {
		resched_curr(rq);
	}
	rq_unlock(rq);
	raw_spin_unlock_irqrestore(&p->pi_lock, flags);
	preempt_check_resched();
}

/**
 * rt_mutex_setprio() - priority inheritance: run @p at @pi_task's priority
 * @p: the task to boost (or unboost)
 * @pi_task: the task whose priority @p inherits, or NULL to drop back to
 *	@p's own priority
 *
 * @p runs at the better of its own and @pi_task's priority until called
 * again with NULL.  For RCU priority boosting and priority-inheriting
 * locks.
 */
void rt_mutex_setprio(struct task_struct *p, struct task_struct *pi_task)
{
	if (WARN_ON(is_idle_task(p)))
		return;
	set_boost_prio(p, pi_task ? READ_ONCE(pi_task->prio) : MAX_PRIO);
}

/**
 * sched_setscheduler() - set a task's policy and real-time priority
 * @p: the task
 * @policy: SCHED_FIFO or SCHED_NORMAL
 * @param: sched_priority 1..99 for SCHED_FIFO (higher is more urgent),
 *	0 for SCHED_NORMAL
 *
 * Takes effect at once, also for a running or queued task: a task raised
 * above the running one preempts it (at once with CONFIG_PREEMPT).
 *
 * Return: 0, or -EINVAL for a bad policy or priority.
 */
int sched_setscheduler(struct task_struct *p, int policy,
		       const struct sched_param *param)
{
	return __sched_setscheduler(p, policy, param);
}

/**
 * sched_setscheduler_nocheck() - sched_setscheduler() for kernel use
 * @p: the task
 * @policy: SCHED_FIFO or SCHED_NORMAL
 * @param: the priority
 *
 * rcuos has no permission checks, so this is sched_setscheduler().
 *
 * Return: 0, or -EINVAL for a bad policy or priority.
 */
int sched_setscheduler_nocheck(struct task_struct *p, int policy,
			       const struct sched_param *param)
{
	return __sched_setscheduler(p, policy, param);
}

/**
 * sched_set_fifo() - make @p SCHED_FIFO at the middle priority (50)
 * @p: the task
 */
void sched_set_fifo(struct task_struct *p)
{
	struct sched_param sp = { .sched_priority = MAX_RT_PRIO / 2 };

	WARN_ON(sched_setscheduler_nocheck(p, SCHED_FIFO, &sp));
}

/**
 * sched_set_fifo_low() - make @p SCHED_FIFO at the lowest priority (1)
 * @p: the task
 */
void sched_set_fifo_low(struct task_struct *p)
{
	struct sched_param sp = { .sched_priority = 1 };

	WARN_ON(sched_setscheduler_nocheck(p, SCHED_FIFO, &sp));
}

/**
 * sched_set_normal() - make @p SCHED_NORMAL
 * @p: the task
 * @nice: nice value, -20..19.  The normal class is round robin among the
 *	runnable tasks of the lowest nice value on a CPU: a task with a
 *	lower nice value takes the CPU from one with a higher at its next
 *	preemption point (on wake-up at once, otherwise at the next tick),
 *	and a higher one runs only while no lower one is runnable there
 *	(Linux's CFS weights would give nice 19 about 1.5% beside nice 0).
 */
void sched_set_normal(struct task_struct *p, int nice)
{
	struct sched_param sp = { .sched_priority = 0 };

	p->static_prio = NICE_TO_PRIO(clamp(nice, -20, 19));
	WARN_ON(sched_setscheduler_nocheck(p, SCHED_NORMAL, &sp));
}

/**
 * set_cpus_allowed_ptr() - change the CPUs a task may run on
 * @p: the task
 * @new_mask: the new set; must contain a possible CPU
 *
 * A queued task is moved at once; a running one moves at its next
 * context switch (at once when @p is the caller, which must then be
 * preemptible).
 *
 * Return: 0, or -EINVAL for an empty mask or a task bound with
 * kthread_bind().
 */
int set_cpus_allowed_ptr(struct task_struct *p, const struct cpumask *new_mask)
{
	unsigned long flags;
	struct rq *rq;
	bool move_self = false;
	unsigned int cpu;

	cpu = cpumask_first(new_mask);
	if (cpu >= nr_cpu_ids || is_idle_task(p) || (p->flags & PF_NO_SETAFFINITY))
		return -EINVAL;

	raw_spin_lock_irqsave(&p->pi_lock, flags);
	rq = task_rq_lock(p);
	p->cpus_mask = *new_mask;
	p->nr_cpus_allowed = cpumask_weight(new_mask);
	if (cpumask_test_cpu(task_cpu(p), new_mask)) {
		rq_unlock(rq);
	} else if (rq->curr == p) {
		if (p == current)
			move_self = true;
		else
			resched_curr(rq);
		rq_unlock(rq);
	} else if (task_queued(p)) {
		dequeue_task(rq, p);
		rq->nr_running--;
		WRITE_ONCE(p->on_rq, TASK_ON_RQ_MIGRATING);
		rq_unlock(rq);
		move_task_to_allowed_cpu(p);
	} else {
		/* Sleeping or new: the next wake-up picks an allowed CPU. */
		if (p->flags & PF_SCHED_NEW)
			WRITE_ONCE(p->cpu, cpu);
		rq_unlock(rq);
	}
	raw_spin_unlock_irqrestore(&p->pi_lock, flags);

	if (move_self) {
		preempt_disable();
		__schedule(true);
		preempt_enable_no_resched();
	}
	return 0;
}

/* ---- tasks ---- */

/*
 * Scheduler part of creating a task: SCHED_NORMAL, any CPU, not runnable
 * (TASK_UNINTERRUPTIBLE until the first wake-up), on the task list.
 */
void sched_task_init(struct task_struct *p, const char *comm)
{
	unsigned long flags;

	atomic_set(&p->usage, 1);
	p->state = TASK_UNINTERRUPTIBLE;
	p->flags |= PF_SCHED_NEW;
	p->static_prio = DEFAULT_PRIO;
	p->normal_prio = DEFAULT_PRIO;
	p->prio = DEFAULT_PRIO;
	p->boost_prio = MAX_PRIO;
	p->policy = SCHED_NORMAL;
	p->time_slice = RR_TIMESLICE;
	p->cpus_mask = *cpu_possible_mask;
	p->nr_cpus_allowed = cpumask_weight(cpu_possible_mask);
	p->cpu = raw_smp_processor_id();
	/* Switched to with the rq lock and schedule()'s count held. */
	p->saved_preempt_count = 2;
	INIT_LIST_HEAD(&p->run_list);
	raw_spin_lock_init(&p->pi_lock);
	if (comm)
		strscpy(p->comm, comm, sizeof(p->comm));
	p->pid = is_idle_task(p) ? 0 : atomic_inc_return(&next_pid);
	copy_creds(p, 0);
	if (p->pid)
		WARN_ON(rhashtable_insert_fast(&pid_table, &p->pid_node, pid_params));

	spin_lock_irqsave(&tasklist_lock, flags);
	list_add_tail(&p->tasks, &task_list);
	spin_unlock_irqrestore(&tasklist_lock, flags);
}

static void delayed_free_task(struct rcu_head *rhp)
{
	kthread_free(container_of(rhp, struct task_struct, rcu));
}

/**
 * __put_task_struct() - free a task whose last reference was dropped
 * @t: the task; it has exited and is not running anywhere
 */
void __put_task_struct(struct task_struct *t)
{
	unsigned long flags;

	if (WARN_ON(is_idle_task(t) || READ_ONCE(t->on_cpu)))
		return;
	rhashtable_remove_fast(&pid_table, &t->pid_node, pid_params);
	spin_lock_irqsave(&tasklist_lock, flags);
	list_del(&t->tasks);
	spin_unlock_irqrestore(&tasklist_lock, flags);
	exit_creds(t);
	/* A pid lookup may still be looking at it. */
	call_rcu(&t->rcu, delayed_free_task);
}

/* ---- idle ---- */

static void init_rq(unsigned int cpu)
{
	struct rq *rq = cpu_rq(cpu);

	if (rq->initialized)
		return;
	rq->lock.val = 0;
	rq->cpu = cpu;
	rq->nr_running = 0;
	for (int i = 0; i < MAX_RT_PRIO; i++)
		INIT_LIST_HEAD(&rq->rt_queue[i]);
	for (unsigned int i = 0; i < BITS_TO_LONGS(MAX_RT_PRIO); i++)
		rq->rt_bitmap[i] = 0;
	INIT_LIST_HEAD(&rq->normal_queue);
	rq->curr = NULL;
	rq->idle = NULL;
	rq->migrate_task = NULL;
	rq->nr_switches = 0;
	rq->initialized = true;
}

/* The idle tasks live in per-CPU memory: no allocation at bring-up. */
static DEFINE_PER_CPU(struct task_struct, idle_task_struct);

/* Turn the code running on @cpu now into @cpu's idle task. */
static void init_idle(unsigned int cpu)
{
	struct rq *rq = cpu_rq(cpu);
	struct task_struct *idle = per_cpu_ptr(&idle_task_struct, cpu);
	char name[TASK_COMM_LEN];

	memset(idle, 0, sizeof(*idle));
	/* current first: lock debugging looks at it from here on. */
	this_cpu_write(current_task, idle);
	idle->flags = PF_IDLE | PF_KTHREAD;
	snprintf(name, sizeof(name), "swapper/%u", cpu);
	sched_task_init(idle, name);
	idle->flags &= ~PF_SCHED_NEW;
	idle->state = TASK_RUNNING;
	idle->prio = idle->normal_prio = idle->static_prio = MAX_PRIO;
	cpumask_clear(&idle->cpus_mask);
	cpumask_set_cpu(cpu, &idle->cpus_mask);
	idle->nr_cpus_allowed = 1;
	idle->cpu = cpu;
	idle->on_rq = TASK_ON_RQ_QUEUED;
	idle->on_cpu = 1;

	rq->idle = idle;
	rq->curr = idle;
	clear_need_resched();
}

/**
 * sched_init() - set up the scheduler on the boot CPU
 *
 * Call once, on the boot CPU, after setup_per_cpu_areas() (with the
 * possible mask final) and after the page allocator and kmalloc() work.
 * The code running now becomes CPU 0's idle task; kthread_run() works
 * from here on, and the boot code continues until cpu_startup_entry().
 */
void sched_init(void)
{
	unsigned int cpu;

	for_each_possible_cpu(cpu)
		init_rq(cpu);
	init_rq(smp_processor_id());
	init_idle(smp_processor_id());
	if (rhashtable_init(&pid_table, &pid_params))
		panic("sched: cannot allocate the pid table");
}

/**
 * sched_init_ap() - make the code running on an AP its idle task
 * @cpu: this CPU
 *
 * Call on the AP itself, on its boot stack, with its per-CPU base loaded,
 * before it is marked online and before its tick starts.
 */
void sched_init_ap(unsigned int cpu)
{
	init_rq(cpu);
	init_idle(cpu);
}

/*
 * One pass of the idle task: halt with interrupts enabled until a
 * reschedule is due, then switch to whatever became runnable.
 */
static void cpu_idle_loop(void)
{
	for (;;) {
		local_irq_disable();
		if (unlikely(cpuhp_cpu_should_die()))
			cpuhp_ap_die();		/* returns when back online */
		if (need_resched()) {
			local_irq_enable();
			break;
		}
		arch_cpu_idle_enter();
		rcu_idle_enter();
		if (!need_resched()) {
			/* sti; hlt: an interrupt wakes us, none is lost. */
			safe_halt();
			local_irq_disable();
		}
		rcu_idle_exit();
		arch_cpu_idle_exit();
		local_irq_enable();
	}
	__schedule(false);
}

/**
 * cpu_startup_entry() - a CPU's last step of bring-up: the idle loop
 *
 * Starts this CPU's ksoftirqd, then runs the idle task's loop forever:
 * halt (interrupts enabled) while nothing is runnable, else schedule.
 * The idle task runs with preemption disabled.
 */
void cpu_startup_entry(void)
{
	unsigned int cpu = smp_processor_id();

	spawn_ksoftirqd_cpu(cpu);
	preempt_disable();
	for (;;)
		cpu_idle_loop();
}

/* ---- CPU hotplug ---- */

/**
 * sched_cpu_kick_dying() - make @cpu switch to its idle task to go offline
 * @cpu: a CPU no longer active
 *
 * From now on @cpu picks only its idle task, and whatever it switches
 * away from moves to another CPU; its idle task then sees the request
 * (cpuhp_cpu_should_die()).
 */
void sched_cpu_kick_dying(unsigned int cpu)
{
	struct rq *rq = cpu_rq(cpu);
	unsigned long flags;

	local_irq_save(flags);
	rq_lock(rq);
	WRITE_ONCE(rq->dying, true);
	resched_curr(rq);
	rq_unlock(rq);
	local_irq_restore(flags);
}

/*
 * CPUHP_AP_SCHED_STARTING teardown, on the outgoing CPU in its idle task,
 * interrupts off: move every queued task to another CPU.  Tasks bound to
 * this CPU alone lose their affinity (select_fallback_rq()); per-CPU
 * kthreads that must stay are parked before this (kthread_park()).
 */
int sched_cpu_dying(unsigned int cpu)
{
	struct rq *rq = this_rq();
	struct task_struct *p, *n;
	LIST_HEAD(moving);

	rq_lock(rq);
	WRITE_ONCE(rq->dead, true);
	WRITE_ONCE(rq->dying, false);
	for (;;) {
		p = pick_next_task(rq);
		if (p == rq->idle)
			break;
		rq->nr_running--;
		WRITE_ONCE(p->on_rq, TASK_ON_RQ_MIGRATING);
		list_add_tail(&p->run_list, &moving);
	}
	rq_unlock(rq);
	list_for_each_entry_safe(p, n, &moving, run_list) {
		list_del_init(&p->run_list);
		move_task_to_allowed_cpu(p);
	}
	return 0;
}

/* CPUHP_AP_SCHED_STARTING startup, on the incoming CPU: take tasks again. */
int sched_cpu_starting(unsigned int cpu)
{
	struct rq *rq = this_rq();

	rq_lock(rq);
	WRITE_ONCE(rq->dead, false);
	rq_unlock(rq);
	return 0;
}

/* CPUHP_AP_ACTIVE: new tasks may be placed on @cpu (or no longer). */
int sched_cpu_activate(unsigned int cpu)
{
	set_cpu_active(cpu, true);
	return 0;
}

int sched_cpu_deactivate(unsigned int cpu)
{
	set_cpu_active(cpu, false);
	return 0;
}

/* ---- information ---- */

/**
 * cpu_curr() - the task running on @cpu (racy snapshot)
 * @cpu: the CPU
 *
 * Return: the task; only stable while @cpu's run queue is locked.
 */
struct task_struct *cpu_curr(int cpu)
{
	return READ_ONCE(cpu_rq(cpu)->curr);
}

/**
 * idle_cpu() - is @cpu idle (running its idle task, nothing queued)?
 * @cpu: the CPU
 *
 * Return: 1 if idle, else 0 (a racy snapshot).
 */
int idle_cpu(int cpu)
{
	struct rq *rq = cpu_rq(cpu);

	return READ_ONCE(rq->curr) == rq->idle && !READ_ONCE(rq->nr_running);
}

/** nr_running_cpu() - runnable tasks on @cpu, idle excluded (racy) */
unsigned int nr_running_cpu(unsigned int cpu)
{
	return READ_ONCE(cpu_rq(cpu)->nr_running);
}

/** nr_context_switches_cpu() - context switches done on @cpu so far */
u64 nr_context_switches_cpu(unsigned int cpu)
{
	return READ_ONCE(cpu_rq(cpu)->nr_switches);
}

/** nr_context_switches() - context switches on all CPUs so far */
u64 nr_context_switches(void)
{
	u64 sum = 0;
	unsigned int cpu;

	for_each_possible_cpu(cpu)
		sum += nr_context_switches_cpu(cpu);
	return sum;
}

static char task_state_char(struct task_struct *p)
{
	long state = READ_ONCE(p->state);

	if (state == TASK_RUNNING)
		return 'R';
	if (state & TASK_DEAD)
		return 'X';
	if ((state & TASK_IDLE) == TASK_IDLE)
		return 'I';
	if (state & TASK_UNINTERRUPTIBLE)
		return 'D';
	return 'S';
}

static void print_task(struct task_struct *p)
{
	char policy[12];

	if (is_idle_task(p))
		strscpy(policy, "idle", sizeof(policy));
	else if (p->policy == SCHED_FIFO)
		snprintf(policy, sizeof(policy), "FIFO/%u", p->rt_priority);
	else
		snprintf(policy, sizeof(policy), "NORMAL");
	printk("%5d %3d %c%c %-8s %4d %10lu %s\n", p->pid, task_cpu(p),
	       task_state_char(p), READ_ONCE(p->on_cpu) ? '*' : ' ', policy,
	       p->prio, p->nvcsw + p->nivcsw, p->comm);
}

/**
 * sched_print_tasks() - list every task (the shell's ps)
 *
 * One line per task: pid, CPU, state (R running/runnable, S sleeping,
 * D uninterruptible, I idle wait, X exited; '*' = on a CPU now), policy,
 * effective priority (lower is more urgent), context switches and name;
 * then the context switches of each online CPU.
 */
void sched_print_tasks(void)
{
	struct task_struct *p;
	unsigned long flags;

	unsigned int cpu, n = 0;
	char line[96];
	int len = 0;

	printk("  PID CPU ST POLICY   PRIO   SWITCHES COMM\n");
	spin_lock_irqsave(&tasklist_lock, flags);
	list_for_each_entry(p, &task_list, tasks)
		print_task(p);
	spin_unlock_irqrestore(&tasklist_lock, flags);

	/* Context switches per CPU, eight CPUs a line. */
	for_each_online_cpu(cpu) {
		len += scnprintf(line + len, sizeof(line) - len, " %u:%lu", cpu,
				 (unsigned long)nr_context_switches_cpu(cpu));
		if (++n % 8 == 0) {
			printk("switches%s\n", line);
			len = 0;
		}
	}
	if (len)
		printk("switches%s\n", line);
}

/**
 * sched_find_tasks() - the tasks that @match selects
 * @match: called for every task under the task-list lock, interrupts off;
 *	returns true to select it
 * @arg: passed to @match
 * @found: where the selected tasks go, each with a reference taken
 * @max: room in @found; the walk stops when it is full
 *
 * Return: the number of tasks in @found; drop each with put_task_struct().
 */
int sched_find_tasks(bool (*match)(struct task_struct *p, void *arg), void *arg,
		     struct task_struct **found, int max)
{
	struct task_struct *p;
	unsigned long flags;
	int n = 0;

	spin_lock_irqsave(&tasklist_lock, flags);
	list_for_each_entry(p, &task_list, tasks) {
		if (n >= max)
			break;
		if (match(p, arg))
			found[n++] = get_task_struct(p);
	}
	spin_unlock_irqrestore(&tasklist_lock, flags);
	return n;
}

/**
 * find_task_by_vpid() - look a task up by pid in the RCU pid table
 * @nr: the pid
 *
 * Call under rcu_read_lock(); the task stays valid until
 * rcu_read_unlock(), but may already have exited.
 *
 * Return: the task, or NULL (also for pid 0, the idle tasks).
 */
struct task_struct *find_task_by_vpid(pid_t nr)
{
	RCU_LOCKDEP_WARN(!rcu_read_lock_held(), "find_task_by_vpid() needs rcu_read_lock()");
	return rhashtable_lookup(&pid_table, &nr, pid_params);
}

/**
 * find_get_task_by_vpid() - look a task up by pid and take a reference
 * @nr: the pid
 *
 * Lockless: a task whose last reference is being dropped is not found.
 *
 * Return: the task (drop it with put_task_struct()), or NULL.
 */
struct task_struct *find_get_task_by_vpid(pid_t nr)
{
	struct task_struct *p;

	rcu_read_lock();
	p = find_task_by_vpid(nr);
	if (p && !atomic_inc_not_zero(&p->usage))
		p = NULL;
	rcu_read_unlock();
	return p;
}

/**
 * sched_show_task() - print one task and, if it is switched out, the
 * return addresses on its stack (for stall and hang reports)
 * @p: the task; the caller keeps it alive
 */
void sched_show_task(struct task_struct *p)
{
	unsigned long lo, hi, *frame;

	printk("task:%-15s pid:%d cpu:%d state:%c prio:%d\n", p->comm, p->pid,
	       task_cpu(p), task_state_char(p), p->prio);
	if (!p->stack || READ_ONCE(p->on_cpu))
		return;
	lo = (unsigned long)p->stack;
	hi = lo + THREAD_SIZE;
	/* switch.asm's frame: r15 r14 r13 r12 rbx rbp, return address. */
	frame = (unsigned long *)READ_ONCE(p->thread_sp);
	if ((unsigned long)frame < lo || (unsigned long)frame + 7 * 8 > hi)
		return;
	printk(" %pS\n", (void *)frame[6]);
	frame = (unsigned long *)frame[5];
	for (int depth = 0; depth < 16; depth++) {
		if ((unsigned long)frame < lo || (unsigned long)frame + 16 > hi)
			break;
		if (!frame[1])
			break;
		printk(" %pS\n", (void *)frame[1]);
		frame = (unsigned long *)frame[0];
	}
}
