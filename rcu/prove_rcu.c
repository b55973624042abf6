// SPDX-License-Identifier: GPL-2.0
/*
 * PROVE_RCU: per-task tracking of RCU readers of each kind, the
 * rcu_read_lock*_held() queries built on it, the "suspicious RCU usage"
 * splat, and the check that nothing sleeps inside a reader.  Built only
 * with CONFIG_PROVE_RCU; <linux/rcupdate.h> and <linux/sched.h> have the
 * inline stubs otherwise.
 */
#include <linux/kernel.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <linux/hardirq.h>
#include <asm/arch.h>
#include "rcu.h"

bool debug_lockdep_rcu_enabled(void)
{
	return READ_ONCE(rcu_scheduler_active) && current && !panic_in_progress();
}

static void rcu_lockdep_inc(int kind)
{
	struct task_struct *t = current;

	if (t)
		t->rcu_lockdep_depth[kind]++;
}

static void rcu_lockdep_dec(int kind, const char *what)
{
	struct task_struct *t = current;

	if (!t)
		return;
	if (t->rcu_lockdep_depth[kind] <= 0) {
		RCU_LOCKDEP_WARN(1, what);
		return;
	}
	t->rcu_lockdep_depth[kind]--;
}

void rcu_lock_acquire_rcu(void)
{
	rcu_lockdep_inc(0);
}

/*
 * In a preemptible build the unlock's nesting decrement follows this
 * call: an unmatched rcu_read_unlock() would take the task's count to
 * -1, and its next reader would then count 0 and go unseen by grace
 * periods.  After the splat, set the count to 1 so the decrement brings
 * it back to 0.
 */
void rcu_lock_release_rcu(void)
{
	struct task_struct *t = current;

	if (IS_ENABLED(CONFIG_PREEMPT_RCU) && t && rcu_preempt_depth() <= 0) {
		RCU_LOCKDEP_WARN(1, "rcu_read_unlock() without matching rcu_read_lock()");
#ifdef CONFIG_PREEMPT_RCU
		WRITE_ONCE(t->rcu_read_lock_nesting, 1);
#endif
		return;
	}
	rcu_lockdep_dec(0, "rcu_read_unlock() without matching rcu_read_lock()");
}

void rcu_lock_acquire_bh(void)
{
	rcu_lockdep_inc(1);
}

void rcu_lock_release_bh(void)
{
	rcu_lockdep_dec(1, "rcu_read_unlock_bh() without matching rcu_read_lock_bh()");
}

void rcu_lock_acquire_sched(void)
{
	rcu_lockdep_inc(2);
}

void rcu_lock_release_sched(void)
{
	rcu_lockdep_dec(2, "rcu_read_unlock_sched() without matching rcu_read_lock_sched()");
}

static int rcu_depth(int kind)
{
	struct task_struct *t = current;

	return t ? t->rcu_lockdep_depth[kind] : 0;
}

/*
 * Inside rcu_read_lock(): by lockdep's count or, with preemptible RCU, by
 * the task's nesting count, which __rcu_read_lock() raises without
 * lockdep and which is what grace periods go by.
 */
static bool rcu_in_reader(void)
{
	return rcu_depth(0) > 0 || rcu_preempt_depth() > 0;
}

/**
 * rcu_read_lock_held() - is the current task inside rcu_read_lock()?
 *
 * Answers for this task (tracked per task, so true across preemption and
 * migration).  Without a scheduler yet, assume yes.
 */
int rcu_read_lock_held(void)
{
	if (!debug_lockdep_rcu_enabled())
		return 1;
	if (!rcu_is_watching())
		return 0;
	return rcu_in_reader();
}

/** rcu_read_lock_bh_held() - inside rcu_read_lock_bh(), or softirqs off */
int rcu_read_lock_bh_held(void)
{
	if (!debug_lockdep_rcu_enabled())
		return 1;
	return rcu_depth(1) > 0 || in_softirq() || irqs_disabled();
}

/** rcu_read_lock_sched_held() - preemption, irqs or softirqs disabled */
int rcu_read_lock_sched_held(void)
{
	if (!debug_lockdep_rcu_enabled())
		return 1;
	return rcu_depth(2) > 0 || preempt_count() != 0 || irqs_disabled();
}

/**
 * rcu_read_lock_any_held() - inside any kind of RCU reader
 *
 * With preemptible RCU, any region with preemption, softirqs or
 * interrupts disabled is a reader (RCU-sched or -bh), as in Linux.
 * Without it, the preemption count is maintained but only counts as a
 * reader in a preemptible kernel.
 */
int rcu_read_lock_any_held(void)
{
	if (!debug_lockdep_rcu_enabled())
		return 0;
	if (rcu_in_reader() || rcu_depth(1) > 0 || rcu_depth(2) > 0)
		return 1;
	if (IS_ENABLED(CONFIG_PREEMPT_RCU))
		return !preemptible();
	return IS_ENABLED(CONFIG_PREEMPT) && (preempt_count() & PREEMPT_MASK);
}

unsigned long rcu_suspicious_count;

/**
 * lockdep_rcu_suspicious() - print the "suspicious RCU usage" splat
 * @file: source file of the check
 * @line: its line
 * @why: what is wrong
 */
void lockdep_rcu_suspicious(const char *file, int line, const char *why)
{
	struct task_struct *t = current;

	rcu_suspicious_count++;
	printk(KERN_WARNING "\n");
	printk(KERN_WARNING "=============================\n");
	printk(KERN_WARNING "WARNING: suspicious RCU usage\n");
	printk(KERN_WARNING "-----------------------------\n");
	printk(KERN_WARNING "%s:%d %s!\n", file, line, why);
	printk(KERN_WARNING "\nother info that might help us debug this:\n\n");
	printk(KERN_WARNING "rcu_scheduler_active = %d, CPU %u, context: %s, task %s/%d\n",
	       rcu_scheduler_active, raw_smp_processor_id(),
	       in_nmi() ? "NMI" : in_hardirq() ? "hardirq" :
	       in_serving_softirq() ? "softirq" : "task",
	       t ? t->comm : "?", t ? t->pid : -1);
	lockdep_print_held_locks();
	printk(KERN_WARNING "\nstack backtrace:\n");
	dump_stack();
}

/*
 * Sleeping inside a reader.  __might_sleep() (every sleeping primitive
 * calls it: mutex_lock(), msleep(), wait_for_completion(), ...) and
 * schedule() (a voluntary context switch) call rcu_sleep_check().  A
 * reader of any kind must not sleep.  Preemptible RCU readers may be
 * preempted, but preemption (preempt_schedule*(), cond_resched()) goes
 * to __schedule() without either call, so it is never reported; a
 * sleeping primitive or schedule() inside one is, as in any other build.
 *
 * Each site is reported once: sites are (file, line, caller), so
 * schedule() called from two places is two sites.  RCU_LOCKDEP_WARN()'s
 * per-macro static flag cannot do that, hence the small table.
 */
#define RCU_SLEEP_SITES	64
static struct {
	const char *file;
	int line;
	unsigned long ip;
} rcu_sleep_sites[RCU_SLEEP_SITES];
static unsigned int rcu_sleep_nsites;
static DEFINE_RAW_SPINLOCK(rcu_sleep_lock);

/* First report from this site?  Record it. */
static bool rcu_sleep_site_new(const char *file, int line, unsigned long ip)
{
	unsigned long flags;
	bool new = true;

	raw_spin_lock_irqsave(&rcu_sleep_lock, flags);
	for (unsigned int i = 0; i < rcu_sleep_nsites; i++) {
		if (rcu_sleep_sites[i].file == file &&
		    rcu_sleep_sites[i].line == line &&
		    rcu_sleep_sites[i].ip == ip) {
			new = false;
			break;
		}
	}
	if (new && rcu_sleep_nsites < RCU_SLEEP_SITES) {
		rcu_sleep_sites[rcu_sleep_nsites].file = file;
		rcu_sleep_sites[rcu_sleep_nsites].line = line;
		rcu_sleep_sites[rcu_sleep_nsites].ip = ip;
		rcu_sleep_nsites++;
	} else if (new) {
		new = false;	/* table full: stay quiet rather than flood */
	}
	raw_spin_unlock_irqrestore(&rcu_sleep_lock, flags);
	return new;
}

/**
 * rcu_sleep_check() - report a sleep inside an RCU read-side critical section
 * @file: source file of the sleeping call (might_sleep() or schedule())
 * @line: its line
 * @ip: its caller, to tell sites sharing @file:@line apart
 * @voluntary_switch: called for an actual context switch (schedule());
 *	no kind of reader allows that or a might_sleep(), so it changes
 *	nothing today
 *
 * Splats "Illegal context switch in RCU[-bh|-sched] read-side critical
 * section" through lockdep_rcu_suspicious(), once per site.
 */
void rcu_sleep_check(const char *file, int line, unsigned long ip,
		     bool voluntary_switch)
{
	const char *why = NULL;

	if (!debug_lockdep_rcu_enabled() || in_nmi())
		return;
	if (rcu_depth(1) > 0)
		why = "Illegal context switch in RCU-bh read-side critical section";
	else if (rcu_depth(2) > 0)
		why = "Illegal context switch in RCU-sched read-side critical section";
	else if (rcu_in_reader())
		why = "Illegal context switch in RCU read-side critical section";
	if (why && rcu_sleep_site_new(file, line, ip))
		lockdep_rcu_suspicious(file, line, why);
}

/**
 * __might_sleep() - the caller may sleep: check that it is allowed to
 * @file: the caller's source file (from might_sleep())
 * @line: its line
 *
 * Its only check today is RCU's (sleeping inside a reader), so it lives
 * here; without PROVE_RCU it is an empty inline in <linux/sched.h>.
 */
void __might_sleep(const char *file, int line)
{
	/*
	 * Tell the callers of one sleeping primitive apart: the site is
	 * where mutex_lock() (say) was called from, one frame up (the
	 * kernel keeps frame pointers).
	 */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wframe-address"
	unsigned long ip = (unsigned long)__builtin_return_address(1);
#pragma GCC diagnostic pop

	rcu_sleep_check(file, line, ip, false);
}
