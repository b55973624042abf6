/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * gp.pml: Tree RCU's normal grace period (rcu/tree.c), two-leaf tree.
 *
 * Model: the rcu_node tree of rcu/tree.h with a root (node 0) and two
 * leaves (nodes 1 and 2), NCPU CPUs (NCPU/2 per leaf), and the
 * grace-period kthread.  Each CPU runs process-level code (readers,
 * context switches) and RCU_SOFTIRQ (rcu_core), which can interrupt a
 * reader, as one Promela process: softirq and process level of one CPU do
 * not interleave, softirq runs to completion first.  The kthread runs
 * NGP grace periods one after the other: rcu_gp_init, wait for the
 * root's ->qsmask to empty, rcu_gp_cleanup.  Spin locks are test-and-set
 * flags; the model is sequentially consistent, which the smp_mb()s
 * around the ->gp_seq updates and the rcu_node locks provide in the C.
 *
 * Sequence numbers: as rcu/rcu.h, but with one state bit instead of two
 * (value 2n: n grace periods done, none running; 2n+1: the (n+1)th in
 * progress); the C only ever uses the states 0 and 1.
 *
 * Safety property (core), checked by assert() when the root's ->qsmask
 * becomes empty (the earliest moment the kthread may end the grace
 * period and callbacks may be invoked) and again when the kthread sees
 * it empty:
 *   no reader that began before the grace period started (the
 *   ->gp_seq increment in rcu_gp_init) is still running.
 * A reader is "old" when it was running at that increment (ghost
 * variable old[]); it stops being old when it ends.
 * Model-specific: a node's ->qsmask only loses bits for the grace period
 * it is armed for (a report for another ->gp_seq is dropped), checked by
 * assert() in report_qs_rnp.
 *
 * Bounds: NGP grace periods (default 2), NCPU CPUs (default 4, two per
 * leaf), every CPU online from the start (no hotplug, so ->qsmaskinit is
 * constant), no callbacks (the grace periods are started by the kthread
 * unconditionally: requests, rcu_start_this_gp, are not modelled), no
 * forced quiescent states (dyntick.pml models rcu_force_qs's crediting;
 * here every CPU reports for itself, so the paths of rcu_report_qs_rdp()
 * and rcu_report_qs_rnp() that drop a report someone else already made
 * are unreachable in this model).  Readers per CPU are unbounded
 * (a CPU may begin and end any number of them).  Search is exhaustive:
 * on the order of 10^6 states, a few hundred MB.
 *
 * BUSTED: __note_gp_changes() notices a new grace period without setting
 * ->cpu_no_qs again, so a context switch that happened before the grace
 * period started (and was recorded in ->cpu_no_qs = false) is reported
 * as this grace period's quiescent state.  A reader begun after that
 * context switch and before the grace period is then still running when
 * the grace period ends: spin reports the assertion violation.
 */

/* -DCORE_ONLY: only the (core) assertion, to see it fail in BUSTED */
#ifdef CORE_ONLY
#define aux_assert(x)	skip
#else
#define aux_assert(x)	assert(x)
#endif

#ifndef NCPU
#define NCPU	3
#endif
#ifndef L1CPUS
#define L1CPUS	2	/* CPUs 0..L1CPUS-1 on leaf 1, the rest on leaf 2 */
#endif
#ifndef NGP
#define NGP	2
#endif
#define NNODE	3
#define ROOT	0

#define leaf_of(c)	((c) < L1CPUS -> 1 : 2)
#define grpmask_cpu(c)	((c) < L1CPUS -> 1 << (c) : 1 << ((c) - L1CPUS))
#define grpmask_node(n)	(1 << ((n) - 1))	/* leaves 1, 2: bits 0, 1 in the root */
#define leafinit(n)	((n) == 1 -> (1 << L1CPUS) - 1 : (1 << (NCPU - L1CPUS)) - 1)
#define ALLLEAVES	3

/* rcu_state (rcu/tree.h) */
byte gp_seq;			/* rcu_state.gp_seq */

/* struct rcu_node */
byte qsmask[NNODE];
byte nseq[NNODE];		/* rnp->gp_seq */
bit nlock[NNODE];		/* rnp->lock */

/* struct rcu_data */
byte rdp_seq[NCPU];		/* rdp->gp_seq */
bit cpu_no_qs[NCPU];
bit core_needs_qs[NCPU];

/* ghost state: readers */
bit in_rdr[NCPU];		/* between rcu_read_lock() and rcu_read_unlock() */
bit old[NCPU];			/* ... and that reader began before the current GP */

#define lock(n)		atomic { nlock[n] == 0 -> nlock[n] = 1 }
#define unlock(n)	nlock[n] = 0

/* gp_seq_new_gp(old, cur) of rcu/rcu.h with one state bit */
#define new_gp(o, c)	((((o) + 1) & 254) < (c))

/* The core property: no pre-existing reader survives the grace period. */
inline assert_no_old_readers()
{
	atomic {
		k = 0;
		do
		:: k < NCPU -> assert(!old[k]); k++
		:: else -> break
		od;
		k = 0
	}
}

/*
 * rcu/tree.c:rcu_report_qs_rnp(): clear @mask in node @n (locked by the
 * caller) and go up while nodes empty; at the root, the grace period may
 * end.  Unlocks.
 */
inline report_qs_rnp(mask, n, gps)
{
	do
	:: (qsmask[n] & mask) == 0 || nseq[n] != gps ->
		unlock(n); break
	:: else ->
		aux_assert(nseq[n] == gp_seq && (gp_seq & 1));
		qsmask[n] = qsmask[n] & ~mask;
		if
		:: qsmask[n] != 0 -> unlock(n); break
		:: else
		fi;
		if
		:: n == ROOT ->
			/* root empty: rcu_gp_fqs_loop() may break out now */
			assert_no_old_readers();
			unlock(n); break
		:: else
		fi;
		mask = grpmask_node(n);
		unlock(n);
		n = ROOT;
		lock(n)
	od
}

proctype cpu(byte c)
{
	byte rnp, mask, gps, i, k;
	bit got;

	rnp = leaf_of(c);
	do
	/* rcu_read_lock(): nothing but a compiler barrier here */
	:: !in_rdr[c] -> in_rdr[c] = 1
	/* rcu_read_unlock() */
	:: in_rdr[c] -> atomic { in_rdr[c] = 0; old[c] = 0 }
	/*
	 * rcu/tree.c:rcu_note_context_switch() -> rcu_qs(): a reader
	 * cannot block, so no context switch inside one.
	 */
	:: !in_rdr[c] -> cpu_no_qs[c] = 0
	/*
	 * RCU_SOFTIRQ, rcu/tree.c:rcu_core() -> rcu_check_quiescent_state(),
	 * also from an interrupt that arrived inside a reader.
	 */
	:: atomic {
		/*
		 * rcu/tree.c:note_gp_changes(): lockless test, trylock.
		 * (Explicit guards, no "else": as the first statement of a do
		 * option, an if's else would be taken only when no other
		 * option of the do could run.)
		 */
		if
		:: rdp_seq[c] != nseq[rnp] && nlock[rnp] == 0 ->
			nlock[rnp] = 1; got = 1
		:: rdp_seq[c] == nseq[rnp] || nlock[rnp] != 0 ->
			got = 0		/* nothing new, or the lock is busy */
		fi
	   };
		if
		:: got ->
			/* rcu/tree.c:__note_gp_changes() */
			if
			:: new_gp(rdp_seq[c], nseq[rnp]) ->
#ifndef BUSTED
				cpu_no_qs[c] = ((qsmask[rnp] & grpmask_cpu(c)) != 0);
#endif
				core_needs_qs[c] = ((qsmask[rnp] & grpmask_cpu(c)) != 0)
			:: else
			fi;
			rdp_seq[c] = nseq[rnp];
			unlock(rnp)
		:: else
		fi;
		/* rcu_check_quiescent_state(): owe a QS and had one? */
		if
		:: core_needs_qs[c] && !cpu_no_qs[c] ->
			/* rcu/tree.c:rcu_report_qs_rdp() */
			lock(rnp);
			if
			:: cpu_no_qs[c] || rdp_seq[c] != nseq[rnp] ->
				cpu_no_qs[c] = 1;
				unlock(rnp)
			:: else ->
				core_needs_qs[c] = 0;
				if
				:: (qsmask[rnp] & grpmask_cpu(c)) == 0 ->
					unlock(rnp)
				:: else ->
					mask = grpmask_cpu(c);
					gps = nseq[rnp];
					i = rnp;
					report_qs_rnp(mask, i, gps);
					atomic { mask = 0; gps = 0; i = 0 }
				fi
			fi
		:: else
		fi
	od
}

proctype gp_kthread()
{
	byte n, g, i, k;

	g = 0;
	do
	:: g < NGP ->
		/* rcu/tree.c:rcu_gp_init(): start under the root's lock */
		lock(ROOT);
		atomic {
			gp_seq = gp_seq + 1;
			/* ghost: the readers running now must end before the GP */
			i = 0;
			do
			:: i < NCPU -> old[i] = in_rdr[i]; i++
			:: else -> break
			od
		}
		unlock(ROOT);
		/* arm the nodes, root first (rcu_for_each_node_breadth_first) */
		n = 0;
		do
		:: n < NNODE ->
			lock(n);
			qsmask[n] = (n == ROOT -> ALLLEAVES : leafinit(n));
			nseq[n] = gp_seq;
			unlock(n);
			n++
		:: else -> break
		od;
		/* rcu/tree.c:rcu_gp_fqs_loop(): wait for the root to empty */
		qsmask[ROOT] == 0;
		assert_no_old_readers();
		/* rcu/tree.c:rcu_gp_cleanup(): each node learns the end */
		n = 0;
		do
		:: n < NNODE ->
			lock(n);
			nseq[n] = gp_seq + 1;
			unlock(n);
			n++
		:: else -> break
		od;
		lock(ROOT);
		gp_seq = gp_seq + 1;	/* end */
		unlock(ROOT);
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
		:: c < NCPU -> run cpu(c); c++
		:: else -> break
		od;
		run gp_kthread()
	}
}
