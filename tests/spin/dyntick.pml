/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * dyntick.pml: the dyntick-idle "watching" counter (rcu/tree_nohz.c),
 * interrupt and NMI nesting, and the grace-period kthread's snapshot and
 * compare in rcu_force_qs() (rcu/tree.c).
 *
 * Model: one CPU, as four Promela processes for its contexts: process
 * level (readers, the idle loop), a hardirq handler followed by the
 * softirqs that irq_exit() runs before rcu_irq_exit() with interrupts
 * enabled, a second hardirq that can arrive during those softirqs, and
 * an NMI handler.  A handler runs only once its hardware event has arrived
 * and the context it interrupted is frozen meanwhile (the "provided"
 * clauses): process level runs only while no handler is active, a hardirq
 * only while no NMI (nor the nested hardirq) is active, and a hardirq
 * only arrives while the interrupted context has interrupts enabled.  An NMI can arrive between any two steps of the
 * other two, including in the middle of rcu_eqs_irq_enter/exit.  The
 * grace-period kthread runs on another CPU and samples this CPU's
 * counter.  Sequentially consistent: the counter is only changed by
 * atomic64_inc_return() (a full barrier) and read with acquire.
 *
 * The counter: the C uses a 64-bit counter only through its parity
 * (rcu_watching_in_eqs()) and through equality with the kthread's
 * snapshot (rcu_watching_changed()).  It only ever increments by one and
 * 2^64 increments cannot happen in a machine's lifetime, so "equal to the
 * snapshot" is exactly "not incremented since the snapshot".  The model
 * keeps those two facts exactly: watching (the parity bit: 1 = odd = RCU
 * watches) and moved (incremented since the kthread's snapshot).  This
 * abstraction is exact, not an approximation, so no wrap can hide or
 * invent a bug.
 *
 * Safety properties, as assert()s:
 *  (core) when the kthread credits the CPU with a quiescent state (the
 *	last report the grace period waits for: here the grace period ends
 *	then), no reader, at any of the three levels, that began before the
 *	grace period started is still running;
 *  (credit) the kthread credits the CPU only if its snapshot was even
 *	(idle) or the counter is even or moved since the snapshot;
 *	rcu_force_qs() is written that way, so this one restates the rule
 *	and the core property shows that it is enough;
 *  (watching) a reader begins only where rcu_is_watching() is true;
 *  (nesting) a handler returning to idle process level leaves the
 *	counter even and the nesting zero, and process level outside idle
 *	always sees the counter odd;
 *  (tick) a tick that rcu_irq_from_idle() says came from idle (nesting
 *	1) interrupted no reader, so rcu_sched_clock_irq()'s rcu_qs() is
 *	right.
 *
 * All but (core) are off with -DCORE_ONLY.
 *
 * Bounds: one CPU (the kthread treats each CPU on its own, so more CPUs
 * would only multiply the states), two hardirq levels (handlers run with
 * interrupts off, only the softirqs at the outer irq_exit() enable them;
 * a nested irq_exit() runs no softirqs) and one NMI level (NMIs do not
 * nest),
 * NGP grace periods (default 2), any number of readers, idle entries,
 * interrupts and NMIs.  Exhaustive search: on the order of 10^5 states,
 * some MB.
 *
 * BUSTED: rcu_eqs_irq_enter() from idle stores the new nesting before
 * making RCU watch (the two statements swapped).  An NMI landing between
 * them sees the counter still even, enters with nesting 1 + 1 = 2, and on
 * exit takes nesting 2 for "not the outermost" and leaves the counter
 * odd; the hardirq's increment then makes it even while the handler runs.
 * A reader in that handler is invisible: the kthread samples an even
 * counter and credits the CPU.
 */

#ifndef NGP
#define NGP	2
#endif

/* -DCORE_ONLY: only the (core) assertion, to see it fail in BUSTED */
#ifdef CORE_ONLY
#define aux_assert(x)	skip
#else
#define aux_assert(x)	assert(x)
#endif

#define PROC	0
#define IRQ	1
#define NMI	2
#define IRQ2	3	/* a hardirq during the softirqs of the IRQ level */
#define NLVL	4

/* struct rcu_watch (rcu/tree_nohz.c) */
bit watching = 1;	/* ->watching & 1 */
bit moved;		/* ->watching != rdp->watching_snap */
byte nesting;		/* ->irq_nesting */
bit idle;		/* ->idle: process level is in the idle loop's halt */

/* hardware */
bit irqs_on = 1;	/* process level has interrupts enabled */
bit irq_hw;		/* a hardirq handler is running */
bit sirq_on;		/* ... in irq_exit()'s softirqs, interrupts enabled */
bit irq2_hw;		/* a hardirq nested in those softirqs is running */
bit nmi_hw;		/* an NMI handler is running */

/* ghost: readers per level, and whether they predate the current GP */
bit in_rdr[NLVL];
bit old[NLVL];

/* the kthread's per-CPU snapshot, rdp->watching_snap & 1 */
bit snap;

/* rcu/tree_nohz.c:watching_inc(): atomic64_inc_return() */
inline watching_inc()
{
	atomic { watching = 1 - watching; moved = 1 }
}

/* rcu_read_lock() ... rcu_read_unlock() at @lvl, or not */
inline maybe_reader(lvl)
{
	if
	:: atomic {
		aux_assert(watching);	/* (watching) rcu_is_watching() */
		in_rdr[lvl] = 1
	   };
	   atomic { in_rdr[lvl] = 0; old[lvl] = 0 }
	:: skip
	fi
}

/* rcu/tree_nohz.c:rcu_eqs_irq_enter() */
inline eqs_irq_enter()
{
	if
	:: !watching ->
#ifndef BUSTED
		watching_inc();
		t = nesting;
		nesting = t + 1
#else
		t = nesting;
		nesting = t + 1;
		watching_inc()
#endif
	:: else ->
		t = nesting;
		nesting = t + 2
	fi;
	t = 0
}

/* rcu/tree_nohz.c:rcu_eqs_irq_exit() */
inline eqs_irq_exit()
{
	if
	:: nesting == 1 ->
		nesting = 0;
		watching_inc()	/* back to idle */
	:: else ->
		t = nesting;
		nesting = t - 2
	fi;
	t = 0
}

/* Process level: kernel/sched/core.c:cpu_idle_loop() and readers. */
proctype proc_level() provided (!irq_hw && !nmi_hw)
{
	do
	:: !idle ->
		aux_assert(watching);	/* (nesting) */
		maybe_reader(PROC)
	:: !idle ->
		irqs_on = 0;		/* local_irq_disable() */
		/* rcu/tree_nohz.c:rcu_idle_enter() */
		aux_assert(nesting == 0);	/* its WARN_ON_ONCE */
		idle = 1;
		watching_inc();
		irqs_on = 1;		/* safe_halt(): sti; hlt */
		irqs_on = 0;		/* woken: local_irq_disable() */
		/* rcu/tree_nohz.c:rcu_idle_exit() */
		watching_inc();
		idle = 0;
		irqs_on = 1		/* local_irq_enable() */
	od
}

/* A hardirq: kernel/softirq/softirq.c:irq_enter() ... irq_exit(). */
proctype hardirq() provided (!nmi_hw && !irq2_hw)
{
	byte t;

	do
	:: atomic { irqs_on && !irq_hw -> irq_hw = 1 }
		eqs_irq_enter();	/* rcu_irq_enter() */
		/*
		 * rcu/tree.c:rcu_sched_clock_irq(): a tick from idle is a QS
		 * (rcu/tree_nohz.c:rcu_irq_from_idle(), first case).
		 */
		if
		:: nesting == 1 -> aux_assert(!in_rdr[PROC])	/* (tick) */
		:: else
		fi;
		maybe_reader(IRQ);
		/* irq_exit(): __do_softirq() with interrupts on, still watched */
		if
		:: sirq_on = 1; maybe_reader(IRQ); sirq_on = 0
		:: skip
		fi;
		eqs_irq_exit();		/* rcu_irq_exit() */
		atomic {
			/* (nesting): back at idle process level: even, zero */
			aux_assert(!idle || (!watching && nesting == 0));
			irq_hw = 0
		}
	od
}

/* A hardirq arriving during the softirqs of the one above. */
proctype hardirq2() provided (!nmi_hw)
{
	byte t;

	do
	:: atomic { sirq_on && !irq2_hw -> irq2_hw = 1 }
		eqs_irq_enter();
		if
		:: nesting == 1 -> aux_assert(!in_rdr[PROC] && !in_rdr[IRQ])	/* (tick) */
		:: else
		fi;
		maybe_reader(IRQ2);
		eqs_irq_exit();		/* no softirqs: in_interrupt() */
		atomic {
			/* (nesting): back in the softirqs, still watched */
			aux_assert(watching && (nesting == 1 || nesting == 2));
			irq2_hw = 0
		}
	od
}

/* An NMI: rcu_nmi_enter() ... rcu_nmi_exit(); can arrive anywhere. */
proctype nmi()
{
	byte t;

	do
	:: atomic { !nmi_hw -> nmi_hw = 1 }
		eqs_irq_enter();
		maybe_reader(NMI);
		eqs_irq_exit();
		atomic {
			/* (nesting): back at the idle loop's halt */
			aux_assert(irq_hw || !(idle && irqs_on) ||
			       (!watching && nesting == 0));
			nmi_hw = 0
		}
	od
}

/*
 * The grace-period kthread on another CPU: rcu_gp_init() starts the grace
 * period, rcu_gp_fqs_loop() calls rcu_force_qs(), first with first=true.
 */
proctype gp_kthread()
{
	byte g;

	do
	:: g < NGP ->
		atomic {
			/* rcu_gp_init(): the ->gp_seq increment */
			old[PROC] = in_rdr[PROC];
			old[IRQ] = in_rdr[IRQ];
			old[NMI] = in_rdr[NMI];
			old[IRQ2] = in_rdr[IRQ2]
		}
		/* rcu_force_qs(true): rdp->watching_snap = rcu_watching_snap() */
		atomic { snap = watching; moved = 0 }
		/*
		 * The pass that credits the CPU: the first one if the snapshot
		 * is even (rcu_watching_in_eqs()), else a later one whose one
		 * read of the counter finds it even or changed
		 * (rcu/tree_nohz.c:rcu_watching_changed()); passes that credit
		 * nothing change nothing.  rcu_report_qs_rnp() follows: this
		 * CPU was the last one owed, the grace period ends.  Checked
		 * at the read: later, old readers can only have ended.
		 */
		if
		:: atomic { !snap -> assert(!old[PROC] && !old[IRQ] && !old[NMI] && !old[IRQ2]) }
		:: atomic {
			snap && (!watching || moved) ->
			aux_assert(!snap || !watching || moved);	/* (credit) */
			assert(!old[PROC] && !old[IRQ] && !old[NMI] && !old[IRQ2])	/* (core) */
		   }
		fi;
		g++
	:: else -> break
	od
}

init
{
	atomic {
		run proc_level();
		run hardirq();
		run hardirq2();
		run nmi();
		run gp_kthread()
	}
}
