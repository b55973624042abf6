/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_KTHREAD_H
#define _LINUX_KTHREAD_H

/*
 * Kernel threads.  A kthread runs threadfn(data) on its own stack and ends
 * by returning from it (or calling kthread_exit()); its task_struct and
 * stack are freed once it has been switched away from for the last time
 * and nobody holds a reference.
 */

#include <linux/types.h>
#include <linux/err.h>
#include <linux/sched.h>

__printf(4, 5)
struct task_struct *kthread_create_on_node(int (*threadfn)(void *data), void *data,
					   int node, const char namefmt[], ...);

/**
 * kthread_create() - create a kernel thread, not yet running
 * @threadfn: the function to run
 * @data: its argument
 * @namefmt: printf-style name
 *
 * The thread sleeps until wake_up_process() (or kthread_run()).  It may
 * first be bound with kthread_bind() or given a policy with
 * sched_setscheduler().  Return: the task, or an ERR_PTR().
 */
#define kthread_create(threadfn, data, namefmt, ...)			\
	kthread_create_on_node((threadfn), (data), -1, (namefmt), ##__VA_ARGS__)

struct task_struct *kthread_create_on_cpu(int (*threadfn)(void *data), void *data,
					  unsigned int cpu, const char *namefmt);

/**
 * kthread_run() - create and wake a kernel thread
 * @threadfn: the function to run
 * @data: its argument
 * @namefmt: printf-style name
 *
 * Return: the task, or an ERR_PTR().
 */
#define kthread_run(threadfn, data, namefmt, ...) ({			\
	struct task_struct *__k =					\
		kthread_create((threadfn), (data), (namefmt), ##__VA_ARGS__); \
	if (!IS_ERR(__k))						\
		wake_up_process(__k);					\
	__k; })

void kthread_bind(struct task_struct *k, unsigned int cpu);
void kthread_bind_mask(struct task_struct *k, const struct cpumask *mask);
int kthread_stop(struct task_struct *k);
bool kthread_should_stop(void);
bool kthread_should_park(void);
void kthread_parkme(void);
void kthread_park(struct task_struct *k);
void kthread_unpark(struct task_struct *k);
__noreturn void kthread_exit(long result);

#endif /* _LINUX_KTHREAD_H */
