// SPDX-License-Identifier: GPL-2.0
/*
 * Whether RCU is watching a CPU: dyntick-idle and interrupt nesting.
 *
 * Each CPU has a 64-bit "watching" counter, odd while RCU watches the CPU
 * and even while it is in an extended quiescent state (idle).  The
 * grace-period kthread samples other CPUs' counters: an even value, or
 * any change since its last sample, proves a quiescent state, so idle
 * CPUs are credited without being woken.
 *
 * Interrupts and NMIs may arrive in idle, and handlers may use RCU, so
 * entry from idle makes RCU watch again.  irq_nesting counts nesting in
 * "half-interrupts": +2 for an entry when RCU already watched, +1 for
 * the outermost entry that had to leave idle.  So the value is odd
 * exactly when the outermost level must return the CPU to idle on exit,
 * and an NMI landing in the middle of an irq entry sees a consistent
 * state: it tests the counter itself, not the nesting.  64 bits leave
 * 62 bits for nesting depth (the requirements ask for at least 54).
 */
#include <linux/kernel.h>
#include <linux/smp.h>
#include <linux/sched.h>
#include <linux/atomic.h>
#include <linux/rcupdate.h>
#include <trace/events/rcu.h>
#include "tree.h"

struct rcu_watch {
	atomic64_t watching;	/* odd: RCU watches this CPU */
	long long irq_nesting;	/* half-interrupt nesting, see above */
	bool idle;		/* process level is in the idle loop */
	unsigned long n_idle_entries;
};

static DEFINE_PER_CPU(struct rcu_watch, rcu_watch) = {
	.watching = ATOMIC_INIT(1),
};

long rcu_watching_snap(int cpu)
{
	return atomic64_read(&per_cpu_ptr(&rcu_watch, cpu)->watching);
}

bool rcu_watching_in_eqs(long snap)
{
	return !(snap & 1);
}

/* Did @cpu pass through an extended QS since @snap was taken, or is in one? */
bool rcu_watching_changed(int cpu, long snap)
{
	long cur = smp_load_acquire(&per_cpu_ptr(&rcu_watch, cpu)->watching.counter);

	return rcu_watching_in_eqs(cur) || cur != snap;
}

/** rcu_is_watching() - may this CPU use RCU readers right now? */
bool rcu_is_watching(void)
{
	return atomic64_read(&this_cpu_ptr(&rcu_watch)->watching) & 1;
}

/* Full barrier on both sides: accesses before idle are before the even value. */
static void watching_inc(struct rcu_watch *w)
{
	atomic64_inc_return(&w->watching);
}

/**
 * rcu_idle_enter() - this CPU enters the idle loop's halt: stop watching
 *
 * Called with interrupts disabled.
 */
void rcu_idle_enter(void)
{
	struct rcu_watch *w = this_cpu_ptr(&rcu_watch);

	WARN_ON_ONCE(w->irq_nesting);
	w->idle = true;
	w->n_idle_entries++;
	trace_rcu_dyntick("Start", 1, 0, atomic64_read(&w->watching) + 1);
	watching_inc(w);
}

/** rcu_idle_exit() - leave idle: RCU watches again.  Interrupts disabled. */
void rcu_idle_exit(void)
{
	struct rcu_watch *w = this_cpu_ptr(&rcu_watch);

	watching_inc(w);
	trace_rcu_dyntick("End", 0, 1, atomic64_read(&w->watching));
	w->idle = false;
}

/*
 * CPU hotplug: an offline CPU is in an extended quiescent state, its
 * counter even, so that a grace period (or a forced-QS pass that sampled
 * it) never waits for it.  Coming back makes it odd again.  Both on the
 * CPU itself, interrupts off, at process level in its idle task.
 */
void rcu_watching_offline(void)
{
	struct rcu_watch *w = this_cpu_ptr(&rcu_watch);

	WARN_ON_ONCE(w->irq_nesting);
	WARN_ON_ONCE(!(atomic64_read(&w->watching) & 1));
	watching_inc(w);
}

void rcu_watching_online(void)
{
	struct rcu_watch *w = this_cpu_ptr(&rcu_watch);

	/* Odd already when the CPU first starts. */
	if (!(atomic64_read(&w->watching) & 1))
		watching_inc(w);
}

static void rcu_eqs_irq_enter(void)
{
	struct rcu_watch *w = this_cpu_ptr(&rcu_watch);

	if (!(atomic64_read(&w->watching) & 1)) {
		watching_inc(w);
		WRITE_ONCE(w->irq_nesting, w->irq_nesting + 1);
		trace_rcu_dyntick("Endirq", w->irq_nesting - 1, w->irq_nesting,
				  atomic64_read(&w->watching));
	} else {
		WRITE_ONCE(w->irq_nesting, w->irq_nesting + 2);
		trace_rcu_dyntick("++=", w->irq_nesting - 2, w->irq_nesting,
				  atomic64_read(&w->watching));
	}
}

static void rcu_eqs_irq_exit(void)
{
	struct rcu_watch *w = this_cpu_ptr(&rcu_watch);

	if (w->irq_nesting == 1) {
		trace_rcu_dyntick("Startirq", 1, 0, atomic64_read(&w->watching) + 1);
		WRITE_ONCE(w->irq_nesting, 0);
		watching_inc(w);	/* back to idle */
	} else {
		WRITE_ONCE(w->irq_nesting, w->irq_nesting - 2);
		trace_rcu_dyntick("--=", w->irq_nesting + 2, w->irq_nesting,
				  atomic64_read(&w->watching));
	}
}

void rcu_irq_enter(void)
{
	rcu_eqs_irq_enter();
}

void rcu_irq_exit(void)
{
	rcu_eqs_irq_exit();
}

void rcu_nmi_enter(void)
{
	rcu_eqs_irq_enter();
}

void rcu_nmi_exit(void)
{
	rcu_eqs_irq_exit();
}

/*
 * Did the current interrupt arrive while the CPU was idle at process
 * level?  Then the interrupted context held no reader: a quiescent state.
 */
bool rcu_irq_from_idle(void)
{
	struct rcu_watch *w = this_cpu_ptr(&rcu_watch);

	if (w->irq_nesting == 1)
		return true;
	return is_idle_task(current) && w->irq_nesting == 2 &&
	       (preempt_count() & (HARDIRQ_MASK | SOFTIRQ_MASK | NMI_MASK)) ==
	       HARDIRQ_OFFSET;
}
