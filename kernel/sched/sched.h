/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KERNEL_SCHED_SCHED_H
#define _KERNEL_SCHED_SCHED_H

/* Scheduler internals shared by the files of kernel/sched/. */

#include <linux/sched.h>
#include <linux/list.h>
#include <asm/bitops.h>

/* task_struct::on_rq */
#define TASK_ON_RQ_QUEUED	1
#define TASK_ON_RQ_MIGRATING	2

/* Set in task_struct::flags until the task is first woken. */
#define PF_SCHED_NEW		0x00000040

/**
 * struct rq - a CPU's run queue
 * @lock: protects everything here and the scheduling state of the tasks
 *	on this queue; always taken with interrupts disabled
 * @cpu: the CPU
 * @nr_running: runnable tasks here (queued or running), idle excluded
 * @rt_bitmap: priorities that have queued SCHED_FIFO tasks
 * @rt_queue: queued SCHED_FIFO tasks, one FIFO list per priority
 * @normal_queue: queued SCHED_NORMAL tasks, round robin
 * @curr: the task running on @cpu
 * @idle: @cpu's idle task
 * @migrate_task: a task switched away from that must move to another CPU
 *	once the switch is complete (see finish_task_switch())
 * @nr_switches: context switches on @cpu
 * @initialized: the lists are set up
 * @dying: @cpu is going offline: it runs its idle task only, and tasks
 *	switched away from there move to other CPUs
 * @dead: @cpu is offline (its queue was emptied): nothing may be queued
 *
 * The running task is not on any list: it is dequeued when picked and put
 * back when it is switched away from while still runnable.
 */
struct rq {
	arch_spinlock_t lock;
	unsigned int cpu;
	unsigned int nr_running;
	DECLARE_BITMAP(rt_bitmap, MAX_RT_PRIO);
	struct list_head rt_queue[MAX_RT_PRIO];
	struct list_head normal_queue;
	struct task_struct *curr;
	struct task_struct *idle;
	struct task_struct *migrate_task;
	u64 nr_switches;
	bool initialized;
	bool dying;
	bool dead;
};

DECLARE_PER_CPU(struct rq, runqueues);

#define cpu_rq(cpu)	per_cpu_ptr(&runqueues, (cpu))
#define this_rq()	this_cpu_ptr(&runqueues)

void sched_task_init(struct task_struct *p, const char *comm);
int sched_find_tasks(bool (*match)(struct task_struct *p, void *arg), void *arg,
		     struct task_struct **found, int max);
__noreturn void do_task_dead(void);

/* switch.asm */
struct task_struct *__switch_to_asm(unsigned long *prev_sp, unsigned long next_sp,
				    struct task_struct *prev);
void ret_from_kthread(void);

/* kthread.c: the C entry of a new kthread (from ret_from_kthread). */
__noreturn void kthread_main(struct task_struct *p);
void schedule_tail(struct task_struct *prev);
void kthread_free(struct task_struct *p);

#endif /* _KERNEL_SCHED_SCHED_H */
