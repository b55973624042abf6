/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * exp.pml: the expedited grace period's handshake (rcu/tree_exp.c).
 *
 * Model: CPU 0 runs synchronize_rcu_expedited() -> rcu_exp_run(): it
 * counts the CPUs it must hear from in ->exp_cpus_remaining (starting at
 * 1 so that early reports cannot take it to zero while CPUs are still
 * being added), sets each non-idle CPU's exp_qs_pending, sends IPIs to
 * those still pending, drops its own 1 and waits for zero.  NCPU other
 * CPUs each run process level (readers, context switches,
 * cond_resched(), the idle loop) and the IPI handler, as two processes:
 * the handler runs only when an IPI is pending and the CPU has
 * interrupts enabled, and process level is frozen while it runs (the
 * "provided" clause).  The configuration modelled is the preemptible one
 * (tree_preempt: CONFIG_PREEMPT without preemptible RCU), where a reader
 * disables preemption and the IPI handler also reports a CPU it finds
 * with a zero preempt count; the non-preemptible build reports from the
 * handler only from idle, a subset of these behaviours.  Whether a CPU is
 * idle is read as one bit: dyntick.pml checks that the watching counter's
 * parity says exactly that.  Sequentially consistent: the smp_mb()s of
 * rcu_exp_run() and the atomic operations on ->exp_cpus_remaining order
 * the accesses that matter.
 *
 * Safety properties, as assert()s:
 *  (core) when rcu_exp_run() sees ->exp_cpus_remaining reach zero, no
 *	reader that began before the expedited grace period started (the
 *	->expedited_sequence increment) is still running;
 *  (once) each CPU reports once: ->exp_cpus_remaining never drops below
 *	zero (rcu_exp_run()'s WARN_ON_ONCE(left < 0));
 *  (idle) a CPU skipped as idle, or reported from idle by the handler, is
 *	in no reader.
 *
 * Bounds: NCPU = 2 CPUs besides the caller, NEXP = 2 expedited grace
 * periods from one caller (sharing between concurrent callers,
 * ->exp_seq_rq and ->exp_mutex, is not modelled: it decides who runs a
 * grace period, not how one runs), any number of readers, context
 * switches, cond_resched() calls and idle entries per CPU.  Exhaustive
 * search: on the order of 10^5 states, tens of MB.
 *
 * BUSTED: rcu_all_qs() (cond_resched()) calls rcu_qs() without
 * local_irq_save().  The IPI handler can then run between
 * rcu_exp_note_qs()'s test of exp_qs_pending and its clearing, find the
 * CPU outside any reader (preempt count zero) and report it; the
 * interrupted rcu_exp_note_qs() then reports it again.  The count reaches
 * zero one report early, while another CPU is still in a reader that
 * began before the grace period: assertion violated.
 */

/* -DCORE_ONLY: only the (core) assertion, to see it fail in BUSTED */
#ifdef CORE_ONLY
#define aux_assert(x)	skip
#else
#define aux_assert(x)	assert(x)
#endif

#ifndef NCPU
#define NCPU	2
#endif
#ifndef NEXP
#define NEXP	2
#endif

/* rcu_state (rcu/tree.h) */
short remaining;		/* ->exp_cpus_remaining */
bit pending[NCPU];		/* per-CPU exp_qs_pending */

/* per CPU */
bit idle[NCPU];			/* in the idle loop's EQS: even watching counter */
bit irqs_on[NCPU];
bit ipi[NCPU];			/* an IPI is on its way */
bit in_irq[NCPU];		/* the IPI handler is running */

/* ghost: readers (preempt_disable() ... preempt_enable()) */
bit in_rdr[NCPU];
bit old[NCPU];			/* ... begun before the current expedited GP */

/*
 * rcu/tree_exp.c:rcu_exp_note_qs(): test, clear, atomic_dec().  The test
 * is a step of its own: only disabled interrupts keep the IPI handler out
 * between it and the clearing.
 */
inline exp_note_qs(c)
{
	if
	:: pending[c] ->
		pending[c] = 0;
		atomic {
			remaining--;
			aux_assert(remaining >= 0)	/* (once) */
		}
	:: else
	fi
}

/* Process level of CPU c (kernel/sched/core.c, readers). */
proctype cpu(byte c) provided (!in_irq[c])
{
	do
	/* rcu_read_lock(): preempt_disable() */
	:: !idle[c] && !in_rdr[c] -> in_rdr[c] = 1
	/* rcu_read_unlock() */
	:: in_rdr[c] -> atomic { in_rdr[c] = 0; old[c] = 0 }
	/*
	 * __schedule() -> rcu/tree.c:rcu_note_context_switch() -> rcu_qs(),
	 * run queue locked, interrupts off.  In this configuration a
	 * reader is never switched out.
	 */
	:: !idle[c] && !in_rdr[c] ->
		irqs_on[c] = 0;
		exp_note_qs(c);
		irqs_on[c] = 1
	/* cond_resched() -> rcu/tree.c:rcu_all_qs() */
	:: !idle[c] && !in_rdr[c] ->
#ifndef BUSTED
		irqs_on[c] = 0;		/* local_irq_save() */
		exp_note_qs(c);
		irqs_on[c] = 1		/* local_irq_restore() */
#else
		exp_note_qs(c)
#endif
	/* cpu_idle_loop(): rcu_idle_enter(), halt, rcu_idle_exit() */
	:: !idle[c] && !in_rdr[c] ->
		irqs_on[c] = 0;
		idle[c] = 1;
		irqs_on[c] = 1;		/* safe_halt() */
		irqs_on[c] = 0;
		idle[c] = 0;
		irqs_on[c] = 1
	od
}

/* The IPI: rcu/tree_exp.c:rcu_exp_handler(). */
proctype ipi_handler(byte c)
{
	do
	:: atomic { ipi[c] && irqs_on[c] -> ipi[c] = 0; in_irq[c] = 1 }
		if
		:: !pending[c] -> skip
		/* exp_in_reader_free_context(): rcu_irq_from_idle() ... */
		:: pending[c] && idle[c] ->
			aux_assert(!in_rdr[c]);	/* (idle) */
			exp_note_qs(c)
		/* ... or CONFIG_PREEMPT and a zero preempt count */
		:: pending[c] && !idle[c] && !in_rdr[c] ->
			exp_note_qs(c)
		/* possibly in a reader: set_need_resched(), it reports later */
		:: pending[c] && !idle[c] && in_rdr[c] ->
			skip
		fi;
		in_irq[c] = 0
	od
}

/* CPU 0: rcu/tree_exp.c:synchronize_rcu_expedited() and rcu_exp_run(). */
proctype caller()
{
	byte c, g;

	do
	:: g < NEXP ->
		/* ->expedited_sequence + 1: the expedited GP starts */
		atomic {
			c = 0;
			do
			:: c < NCPU -> old[c] = in_rdr[c]; c++
			:: else -> break
			od;
			c = 0
		}
		/* rcu_exp_run() */
		remaining = 1;
		do
		:: c < NCPU ->
			if
			:: atomic { idle[c] -> aux_assert(!in_rdr[c]) }	/* (idle): do not disturb */
			:: !idle[c] ->
				pending[c] = 1;
				remaining++
			fi;
			c++
		:: else -> break
		od;
		c = 0;
		/* smp_mb(); IPIs to the CPUs still pending */
		do
		:: c < NCPU ->
			if
			:: pending[c] -> ipi[c] = 1
			:: else
			fi;
			c++
		:: else -> break
		od;
		c = 0;
		atomic {
			remaining--;
			aux_assert(remaining >= 0)	/* (once) */
		}
		/* the wait loop; below zero it is WARN and break */
		atomic {
			remaining <= 0 ->
			aux_assert(remaining == 0);			/* (once) */
			do					/* (core) */
			:: c < NCPU -> assert(!old[c]); c++
			:: else -> break
			od;
			c = 0
		}
		/* ->expedited_sequence reaches the end value */
		g++
	:: else -> break
	od
}

init
{
	byte c;

	atomic {
		c = 0;
		do
		:: c < NCPU ->
			irqs_on[c] = 1;
			run cpu(c);
			run ipi_handler(c);
			c++
		:: else -> break
		od;
		run caller()
	}
}
