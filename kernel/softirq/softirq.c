// SPDX-License-Identifier: GPL-2.0
/*
 * Softirqs, interrupt entry/exit accounting and the ksoftirqd threads.
 *
 * Each CPU has a bitmask of pending vectors.  They run, lowest vector
 * first, with interrupts enabled and SOFTIRQ_OFFSET in preempt_count
 * (in_serving_softirq()):
 *   - at irq_exit() when it leaves the outermost interrupt of a context
 *     that is not itself in softirq or bh-disabled;
 *   - at local_bh_enable() leaving the last bh-disabled level;
 *   - in ksoftirqd/N, when they were raised from task context, or when
 *     they keep being re-raised: after MAX_SOFTIRQ_RESTART rounds or
 *     MAX_SOFTIRQ_TIME_NS the rest is deferred to ksoftirqd so that
 *     tasks get to run.
 */
#include <linux/kernel.h>
#include <linux/interrupt.h>
#include <linux/hardirq.h>
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/smp.h>
#include <linux/ktime.h>
#include <linux/rcupdate.h>
#include <linux/cpuhotplug.h>

#define MAX_SOFTIRQ_RESTART	10
#define MAX_SOFTIRQ_TIME_NS	(2 * NSEC_PER_MSEC)

const char * const softirq_to_name[NR_SOFTIRQS] = {
	"HI", "TIMER", "NET_TX", "NET_RX", "BLOCK", "IRQ_POLL",
	"TASKLET", "SCHED", "HRTIMER", "RCU"
};

static struct softirq_action softirq_vec[NR_SOFTIRQS];

DEFINE_PER_CPU(u32, __softirq_pending);
static DEFINE_PER_CPU(struct task_struct *, ksoftirqd);

struct softirq_stat {
	unsigned long count[NR_SOFTIRQS];
};
static DEFINE_PER_CPU(struct softirq_stat, softirq_stats);

/**
 * open_softirq() - install the handler of a softirq vector
 * @nr: the vector (TIMER_SOFTIRQ, RCU_SOFTIRQ, ...)
 * @action: the handler; runs in softirq context on the raising CPU
 */
void open_softirq(int nr, void (*action)(void))
{
	WRITE_ONCE(softirq_vec[nr].action, action);
}

static void wakeup_softirqd(void)
{
	struct task_struct *tsk = this_cpu_read(ksoftirqd);

	if (tsk)
		wake_up_process(tsk);
}

/**
 * __raise_softirq_irqoff() - mark a softirq pending on this CPU
 * @nr: the vector
 *
 * Interrupts must be disabled.  Nothing runs it: use it from hardirq
 * context (irq_exit() will) or when a softirq run is already coming.
 */
void __raise_softirq_irqoff(unsigned int nr)
{
	this_cpu_write(__softirq_pending, this_cpu_read(__softirq_pending) | (1U << nr));
}

/**
 * raise_softirq_irqoff() - raise a softirq, interrupts disabled
 * @nr: the vector
 *
 * From task context the softirq is handed to this CPU's ksoftirqd; from
 * an interrupt, irq_exit() runs it; with bottom halves disabled,
 * local_bh_enable() does.
 */
void raise_softirq_irqoff(unsigned int nr)
{
	u32 was = local_softirq_pending();

	__raise_softirq_irqoff(nr);
	/*
	 * Anything already pending has a run coming (ksoftirqd woken, or an
	 * irq_exit() or local_bh_enable() to come), which takes @nr too: a
	 * call_rcu() flood raises once per callback.
	 */
	if (!in_interrupt() && !was)
		wakeup_softirqd();
}

/**
 * raise_softirq() - raise a softirq on this CPU
 * @nr: the vector
 *
 * Any context except NMI.
 */
void raise_softirq(unsigned int nr)
{
	unsigned long flags;

	local_irq_save(flags);
	raise_softirq_irqoff(nr);
	local_irq_restore(flags);
}

/* Run pending softirqs.  Interrupts disabled on entry and on return. */
static void __do_softirq(void)
{
	u64 end = ktime_get_ns() + MAX_SOFTIRQ_TIME_NS;
	struct softirq_stat *stats = this_cpu_ptr(&softirq_stats);
	int restart = MAX_SOFTIRQ_RESTART;
	u32 pending = local_softirq_pending();

	preempt_count_add(SOFTIRQ_OFFSET);
restart:
	this_cpu_write(__softirq_pending, 0);
	local_irq_enable();
	while (pending) {
		unsigned int nr = __builtin_ctz(pending);
		void (*action)(void) = READ_ONCE(softirq_vec[nr].action);

		pending &= pending - 1;
		if (!action)
			continue;
		stats->count[nr]++;
		{
			int count = preempt_count();

			action();
			if (unlikely(preempt_count() != count)) {
				pr_err("BUG: softirq %s (%pS) left preempt_count %#x (was %#x)\n",
				       softirq_to_name[nr], action, preempt_count(), count);
				this_cpu_write(__preempt_count, count);
			}
		}
	}
	local_irq_disable();

	pending = local_softirq_pending();
	if (pending) {
		if (ktime_get_ns() < end && !need_resched() && --restart)
			goto restart;
		wakeup_softirqd();
	}
	preempt_count_sub(SOFTIRQ_OFFSET);
}

/**
 * do_softirq() - run pending softirqs now, unless in interrupt context
 *
 * Task context with bottom halves enabled; interrupts may be enabled or
 * disabled (they are enabled while the handlers run).
 */
void do_softirq(void)
{
	unsigned long flags;

	if (in_interrupt())
		return;
	local_irq_save(flags);
	if (local_softirq_pending())
		__do_softirq();
	local_irq_restore(flags);
}

/**
 * irq_enter() - account entry into a hardirq handler
 *
 * Interrupts disabled.  Makes in_hardirq() true.
 */
void irq_enter(void)
{
	rcu_irq_enter();
	preempt_count_add(HARDIRQ_OFFSET);
}

/**
 * irq_exit() - account exit from a hardirq handler, run softirqs
 *
 * Interrupts disabled.  When this leaves the outermost interrupt and the
 * interrupted code was not in softirq context nor had bottom halves
 * disabled, pending softirqs run here, with interrupts enabled.
 */
void irq_exit(void)
{
	preempt_count_sub(HARDIRQ_OFFSET);
	if (!in_interrupt() && local_softirq_pending())
		__do_softirq();
	rcu_irq_exit();
}

/**
 * local_bh_disable() - disable softirq processing on this CPU
 *
 * Nests.  Also disables preemption.  Softirqs raised meanwhile run at the
 * matching local_bh_enable().
 */
void local_bh_disable(void)
{
	preempt_count_add(SOFTIRQ_DISABLE_OFFSET);
	barrier();
}

/**
 * __local_bh_enable_ip() - undo @cnt of softirq disabling
 * @ip: caller, for debugging
 * @cnt: SOFTIRQ_DISABLE_OFFSET for local_bh_enable()
 */
void __local_bh_enable_ip(unsigned long ip, unsigned int cnt)
{
	WARN_ON_ONCE(in_hardirq());
	barrier();
	/* Keep preemption disabled until the softirqs have run. */
	preempt_count_sub(cnt - 1);
	if (unlikely(!in_interrupt() && local_softirq_pending() && !irqs_disabled()))
		do_softirq();
	preempt_count_sub(1);
	preempt_check_resched();
}

/**
 * local_bh_enable() - re-enable softirq processing on this CPU
 *
 * Leaving the last level from task context runs pending softirqs (if
 * interrupts are enabled; otherwise the next interrupt exit or ksoftirqd
 * does).
 */
void local_bh_enable(void)
{
	__local_bh_enable_ip(_RET_IP_, SOFTIRQ_DISABLE_OFFSET);
}

static int run_ksoftirqd(void *unused)
{
	for (;;) {
		if (kthread_should_park())
			kthread_parkme();
		set_current_state(TASK_INTERRUPTIBLE);
		if (!local_softirq_pending() && !kthread_should_park())
			schedule();
		__set_current_state(TASK_RUNNING);

		local_irq_disable();
		if (local_softirq_pending())
			__do_softirq();
		local_irq_enable();
		cond_resched();
	}
	return 0;
}

/*
 * CPU hotplug: ksoftirqd/N stays bound to CPU N and sleeps (parked)
 * while N is offline.  The softirqs still pending when N dies are raised
 * on the CPU that took it down (softirq_dead_cpu()).
 */
static int ksoftirqd_park_cpu(unsigned int cpu)
{
	struct task_struct *t = per_cpu(ksoftirqd, cpu);

	if (t)
		kthread_park(t);
	return 0;
}

static int ksoftirqd_unpark_cpu(unsigned int cpu)
{
	struct task_struct *t = per_cpu(ksoftirqd, cpu);

	if (t)
		kthread_unpark(t);
	return 0;
}

/*
 * CPUHP_SOFTIRQ_DEAD teardown, on the CPU that ran remove_cpu(), once
 * @cpu is parked with interrupts off (nothing touches its pending word):
 * its pending softirqs move here.  The last PREPARE teardown, so the
 * work they stand for (RCU callbacks, timers) has moved here already and
 * the raised handlers find it.  Cleared there, so nothing runs twice
 * when @cpu comes back.
 */
static int softirq_dead_cpu(unsigned int cpu)
{
	u32 *dead = per_cpu_ptr(&__softirq_pending, cpu);
	u32 pending;

	local_irq_disable();
	pending = READ_ONCE(*dead);
	WRITE_ONCE(*dead, 0);
	if (pending) {
		this_cpu_write(__softirq_pending, local_softirq_pending() | pending);
		wakeup_softirqd();
	}
	local_irq_enable();
	return 0;
}

/**
 * spawn_ksoftirqd_cpu() - start ksoftirqd/@cpu (once)
 * @cpu: the CPU; the thread is bound to it
 */
void spawn_ksoftirqd_cpu(unsigned int cpu)
{
	struct task_struct *t;

	if (per_cpu(ksoftirqd, cpu))
		return;
	t = kthread_create_on_cpu(run_ksoftirqd, NULL, cpu, "ksoftirqd/%u");
	if (IS_ERR(t)) {
		pr_err("softirq: cannot create ksoftirqd/%u\n", cpu);
		return;
	}
	per_cpu(ksoftirqd, cpu) = t;
	wake_up_process(t);
}

/**
 * ksoftirqd_task() - @cpu's ksoftirqd thread
 * @cpu: the CPU
 *
 * Return: the task, or NULL before it exists.
 */
struct task_struct *ksoftirqd_task(unsigned int cpu)
{
	return per_cpu(ksoftirqd, cpu);
}

/**
 * kstat_softirqs_cpu() - times softirq @irq has run on @cpu
 * @irq: the vector
 * @cpu: the CPU
 *
 * Return: the count (racy snapshot).
 */
unsigned long kstat_softirqs_cpu(unsigned int irq, int cpu)
{
	return READ_ONCE(per_cpu_ptr(&softirq_stats, cpu)->count[irq]);
}

/**
 * softirq_print_stats() - print how often each softirq ran on each CPU
 *
 * One line per online CPU, one column per vector (for a shell command).
 */
void softirq_print_stats(void)
{
	char line[160];
	unsigned int cpu;
	int len, nr;

	len = scnprintf(line, sizeof(line), "CPU ");
	for (nr = 0; nr < NR_SOFTIRQS; nr++)
		len += scnprintf(line + len, sizeof(line) - len, " %9s", softirq_to_name[nr]);
	printk("%s\n", line);
	for_each_online_cpu(cpu) {
		len = scnprintf(line, sizeof(line), "%3u ", cpu);
		for (nr = 0; nr < NR_SOFTIRQS; nr++)
			len += scnprintf(line + len, sizeof(line) - len, " %9lu",
					 kstat_softirqs_cpu(nr, cpu));
		printk("%s\n", line);
	}
}

/**
 * softirq_init() - boot-time softirq setup (boot CPU, once)
 *
 * The vectors are installed by their owners (init_timers() for
 * TIMER_SOFTIRQ, RCU for RCU_SOFTIRQ); each CPU's ksoftirqd is started by
 * cpu_startup_entry().
 */
void softirq_init(void)
{
	cpuhp_setup_state_nocalls(CPUHP_AP_SMPBOOT_THREADS, "softirq:ksoftirqd",
				  ksoftirqd_unpark_cpu, ksoftirqd_park_cpu);
	cpuhp_setup_state_nocalls(CPUHP_SOFTIRQ_DEAD, "softirq:dead", NULL,
				  softirq_dead_cpu);
}
