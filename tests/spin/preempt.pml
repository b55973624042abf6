/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * preempt.pml: preemptible RCU's blocked-tasks rule (rcu/tree_preempt.c
 * with rcu/tree.c): which grace periods a task preempted inside a reader
 * holds up.
 *
 * Model: NCPU = 2 CPUs and NTASK tasks.  With NLEAF = 2 (the default)
 * the rcu_node tree is a root (node 0) over two leaves (nodes 1 and 2),
 * one CPU each, so a task can be queued on one leaf and resumed, and end
 * its reader, on the other CPU; with NLEAF = 1 the root is the only leaf
 * and holds both CPUs (a task is queued while the other CPU still owes
 * the grace period).  Each CPU is one Promela process that runs, for
 * the task on it (or for its idle task): rcu_read_lock(), the outermost
 * rcu_read_unlock() (the dequeue done at once or deferred), a context
 * switch away from the task (rcu_note_context_switch(): queue a task
 * preempted in a reader, then rcu_qs()), a context switch from idle to
 * a waiting task (possibly one last run on the other CPU), and
 * RCU_SOFTIRQ, which can interrupt a reader: noticing a grace period
 * (note_gp_changes) and reporting the CPU's quiescent state
 * (rcu_report_qs_rdp -> rcu_report_qs_rnp).  The grace-period kthread
 * runs NGP grace periods: rcu_gp_init (the ->gp_seq increment, then
 * each node armed, root first, under its lock: ->qsmask, and on a leaf
 * rcu_preempt_gp_init_leaf(): ->gp_gen++, ->n_gp_blkd = ->n_blkd), the
 * wait for rcu_gp_root_done(), rcu_gp_cleanup.
 *
 * Each locked section is one atomic step, the leaf's lock held with
 * interrupts off as in the C.  A report that climbs from a leaf to the
 * root (rcu_report_qs_rnp()'s hand-over-hand locking, the dequeue's
 * report to the parent) takes two steps, the leaf's then the root's,
 * with the other CPUs' and the kthread's steps in between.  In
 * rcu_note_context_switch() the leaf's lock is dropped between the
 * queueing and rcu_qs(), but rcu_qs() only touches the CPU's rcu_data,
 * which nothing else changes while the CPU has interrupts off: one
 * step.  Sequentially consistent, as the locks and the smp_mb()s around
 * ->gp_seq provide.  Sequence numbers as in gp.pml: one state bit (2n:
 * n grace periods done; 2n+1: the (n+1)th in progress).
 *
 * Safety properties, as assert()s:
 *  (core) when the kthread sees rcu_gp_root_done() (the earliest moment
 *	the grace period may end), no reader that began before the grace
 *	period started (the ->gp_seq increment) is still in its critical
 *	section, running or preempted; ghost old[] marks the readers in a
 *	critical section at the increment, a reader's end clears it;
 *  (count) on each leaf, ->n_blkd is the number of tasks queued there and
 *	->n_gp_blkd the number of those whose ->rcu_blocked_gp_gen equals
 *	->gp_gen; every queued task's generation is ->gp_gen or ->gp_gen + 1;
 *	a leaf with no grace period in progress has ->n_gp_blkd zero
 *	(rcu_preempt_gp_init_leaf()'s WARN_ON_ONCE), checked after every
 *	step that changes them.
 *
 * Bounds: NCPU = 2, NTASK = 3 tasks (so one can wait off-CPU while both
 * CPUs run others), NGP = 2 grace periods, no CPU hotplug, no forced
 * quiescent states (every CPU reports for itself at context switches;
 * dyntick.pml covers rcu_force_qs's crediting), no expedited grace
 * periods (->exp_gen follows the same rule, exp.pml covers the
 * handshake), no priority boosting, reader nesting depth 1 (nested
 * lock/unlock pairs only count).  Readers, preemptions and migrations
 * per task are unbounded.  Exhaustive search: on the order of 10^6
 * states, a few hundred MB (NLEAF = 1, run by hand with spin -DNLEAF=1
 * -a: on the order of 10^5 states).
 *
 * BUSTED: rcu_preempt_queue_task() records the next generation for every
 * task, also when the task's CPU still owes the current grace period a
 * quiescent state.  A task preempted in a reader begun before the grace
 * period then holds nothing up; the context switch reports its CPU, the
 * leaf and the root empty and the grace period ends with the reader
 * still in its critical section: assertion violated.
 */

/* -DCORE_ONLY: only the (core) assertion, to see it fail in BUSTED */
#ifdef CORE_ONLY
#define aux_assert(x)	skip
#else
#define aux_assert(x)	assert(x)
#endif

#define NCPU	2
#ifndef NTASK
#define NTASK	3
#endif
#ifndef NGP
#define NGP	2
#endif
#ifndef NLEAF
#define NLEAF	2
#endif
#define ROOT	0

#if NLEAF == 1
#define NNODE		1
#define leaf_of(c)	0
#define grpmask_cpu(c)	(1 << (c))
#define qsmaskinit(n)	3
#define is_leaf(n)	1
#define grpmask_node(n)	0	/* no parent: never used */
#else
#define NNODE		3
#define leaf_of(c)	((c) + 1)
#define grpmask_cpu(c)	1
#define grpmask_node(n)	(1 << ((n) - 1))
#define qsmaskinit(n)	((n) == ROOT -> 3 : 1)
#define is_leaf(n)	((n) != ROOT)
#endif

#define in_progress(s)	((s) & 1)

/* rcu_state (rcu/tree.h) */
byte gp_seq;			/* rcu_state.gp_seq */

/* struct rcu_node */
byte qsmask[NNODE];
byte nseq[NNODE];		/* ->gp_seq */
byte gp_gen[NNODE];		/* leaves: ->gp_gen */
byte n_blkd[NNODE];		/* leaves: ->n_blkd */
byte n_gp_blkd[NNODE];		/* leaves: ->n_gp_blkd */

/* struct rcu_data, per CPU */
byte rseq[NCPU];		/* ->gp_seq: the last grace period noticed */
bit no_qs[NCPU];		/* ->cpu_no_qs */

/* the scheduler: cur[c] is 1 + the task on CPU c, 0 for its idle task */
byte cur[NCPU];
bit oncpu[NTASK];
#define nwaiting	(NTASK - (cur[0] != 0) - (cur[1] != 0))

/* struct task_struct */
bit nest[NTASK];		/* ->rcu_read_lock_nesting, 0 or 1 */
bit blocked[NTASK];		/* ->rcu_read_unlock_special.b.blocked */
byte bnode[NTASK];		/* ->rcu_blocked_node, while blocked */
byte bgen[NTASK];		/* ->rcu_blocked_gp_gen, while blocked; else 0 */

/* ghost: in a critical section since before the current GP started */
bit old[NTASK];

/* (count) for leaf n; with CORE_ONLY not even walked: a shorter trail */
#ifdef CORE_ONLY
inline check_counts(n)
{
	skip
}
#else
inline check_counts(n)
{
	k = 0; m = 0; i = 0;
	do
	:: i < NTASK ->
		if
		:: blocked[i] && bnode[i] == n ->
			m++;
			aux_assert(bgen[i] == gp_gen[n] || bgen[i] == gp_gen[n] + 1);
			if
			:: bgen[i] == gp_gen[n] -> k++
			:: bgen[i] != gp_gen[n]
			fi
		:: !(blocked[i] && bnode[i] == n)
		fi;
		i++
	:: i >= NTASK -> break
	od;
	aux_assert(m == n_blkd[n]);
	aux_assert(k == n_gp_blkd[n]);
	aux_assert(in_progress(nseq[n]) || n_gp_blkd[n] == 0);
	i = 0; k = 0; m = 0
}
#endif

/*
 * rcu/tree.c:rcu_report_qs_rnp() on node n, locked: clear mask for grace
 * period gps; a leaf goes on up only with an empty ->qsmask and no task
 * holding it up (rcu_preempt_blocked_readers_cgp()): up is set, mask and
 * n are the root's, and the CPU takes the root's lock in a later step.
 * The root emptying wakes the kthread, which waits for
 * rcu_gp_root_done() below.
 */
inline report_qs_rnp(mask, n, gps)
{
	if
	:: (qsmask[n] & mask) == 0 || nseq[n] != gps
	:: (qsmask[n] & mask) != 0 && nseq[n] == gps ->
		qsmask[n] = qsmask[n] & ~mask;
		if
		:: qsmask[n] == 0 && n_gp_blkd[n] == 0 && n != ROOT ->
			up = 1;
			mask = grpmask_node(n);
			n = ROOT
		:: !(qsmask[n] == 0 && n_gp_blkd[n] == 0 && n != ROOT)
		fi
	fi
}

/* rcu/tree.c:rcu_qs(), interrupts off */
inline rcu_qs(c)
{
	no_qs[c] = 0
}

/* rcu/tree_preempt.c:rcu_preempt_queue_task(), leaf locked */
inline queue_task(t, c)
{
	n = leaf_of(c);
	blocked[t] = 1;
	bnode[t] = n;
	n_blkd[n]++;
#ifndef BUSTED
	if
	:: (qsmask[n] & grpmask_cpu(c)) != 0 && in_progress(nseq[n]) ->
		bgen[t] = gp_gen[n];
		n_gp_blkd[n]++
	:: !((qsmask[n] & grpmask_cpu(c)) != 0 && in_progress(nseq[n])) ->
		bgen[t] = gp_gen[n] + 1
	fi;
#else
	bgen[t] = gp_gen[n] + 1;
#endif
	check_counts(n);
	n = 0
}

/*
 * rcu/tree_preempt.c:rcu_preempt_dequeue(), leaf locked, interrupts off;
 * the last task holding up the grace period, with the leaf's CPUs all
 * reported, reports the leaf up the tree (or, on a root leaf, wakes the
 * kthread).
 */
inline dequeue(t)
{
	n = bnode[t];
	n_blkd[n]--;
	if
	:: bgen[t] == gp_gen[n] ->
		n_gp_blkd[n]--;
		if
		:: n_gp_blkd[n] == 0 && qsmask[n] == 0 && in_progress(nseq[n]) ->
#if NLEAF > 1
			up = 1;
			mask = grpmask_node(n);
			gps = nseq[n]
#else
			skip	/* rcu_gp_kthread_wake() */
#endif
		:: !(n_gp_blkd[n] == 0 && qsmask[n] == 0 && in_progress(nseq[n]))
		fi
	:: bgen[t] != gp_gen[n]
	fi;
	blocked[t] = 0;
	bnode[t] = 0;
	bgen[t] = 0;
	check_counts(n);
	n = 0
}

proctype cpu(byte c)
{
	byte t, n, k, m, i, mask, gps;
	bit up;		/* a report to take on to the root */

	do
	/* rcu_read_lock() (<linux/rcupdate.h>: rcu_preempt_read_enter()) */
	:: atomic { !up && cur[c] != 0 && !nest[cur[c] - 1] ->
		nest[cur[c] - 1] = 1 }
	/*
	 * The outermost rcu_read_unlock(): rcu_preempt_read_exit(), then
	 * rcu_read_unlock_special() for a queued task, which does the work
	 * at once (rcu_preempt_deferred_qs_irqrestore(): rcu_qs(), dequeue)
	 * ...
	 */
	:: atomic { !up && cur[c] != 0 && nest[cur[c] - 1] ->
		t = cur[c] - 1;
		nest[t] = 0;
		old[t] = 0;
		if
		:: blocked[t] ->
			rcu_qs(c);
			dequeue(t)
		:: !blocked[t]
		fi;
		t = 0 }
	/*
	 * ... or defers it (interrupts or preemption disabled): the task
	 * stays queued until its next context switch, or until the unlock
	 * of a reader it begins meanwhile.
	 */
	:: atomic { !up && cur[c] != 0 && nest[cur[c] - 1] && blocked[cur[c] - 1] ->
		t = cur[c] - 1;
		nest[t] = 0;
		old[t] = 0;
		t = 0 }
	/*
	 * __schedule() away from the task (preemption, or it blocks):
	 * rcu/tree.c:rcu_note_context_switch() ->
	 * rcu_preempt_note_context_switch() (queue a task in a reader not
	 * yet queued, or do a deferred unlock's work), then rcu_qs().
	 */
	:: atomic { !up && cur[c] != 0 ->
		t = cur[c] - 1;
		if
		:: nest[t] && !blocked[t] -> queue_task(t, c)
		:: nest[t] && blocked[t]
		:: !nest[t] && blocked[t] ->
			rcu_qs(c);
			dequeue(t)
		:: !nest[t] && !blocked[t]
		fi;
		rcu_qs(c);
		oncpu[t] = 0;
		cur[c] = 0;
		t = 0 }
	/* __schedule() from idle to a waiting task: the idle task's switch */
	:: atomic { !up && cur[c] == 0 && nwaiting > 0 ->
		t = 0;
		do
		:: !oncpu[t] -> break
		:: t < NTASK - 1 -> t++
		od;
		rcu_qs(c);
		oncpu[t] = 1;
		cur[c] = t + 1;
		t = 0 }
	/* RCU_SOFTIRQ: rcu/tree.c:note_gp_changes() -> __note_gp_changes() */
	:: atomic { !up && rseq[c] != nseq[leaf_of(c)] ->
		n = leaf_of(c);
		if
		:: ((rseq[c] + 1) & ~1) < nseq[n] ->	/* gp_seq_new_gp() */
			no_qs[c] = ((qsmask[n] & grpmask_cpu(c)) != 0)
		:: ((rseq[c] + 1) & ~1) >= nseq[n]
		fi;
		rseq[c] = nseq[n];
		n = 0 }
	/* RCU_SOFTIRQ: rcu/tree.c:rcu_report_qs_rdp() */
	:: atomic { !up && !no_qs[c] ->
		n = leaf_of(c);
		if
		:: rseq[c] != nseq[n] -> no_qs[c] = 1
		:: rseq[c] == nseq[n] && (qsmask[n] & grpmask_cpu(c)) == 0
		:: rseq[c] == nseq[n] && (qsmask[n] & grpmask_cpu(c)) != 0 ->
			mask = grpmask_cpu(c);
			gps = nseq[n];
			report_qs_rnp(mask, n, gps)
		fi;
		n = 0;
		if
		:: !up -> mask = 0; gps = 0
		:: up
		fi }
	/*
	 * A leaf's report goes on up: the leaf's lock dropped, the root's
	 * taken, rcu_report_qs_rnp() again; nothing else runs on this CPU
	 * (interrupts off) in between.
	 */
	:: atomic { up ->
		up = 0;
		n = ROOT;
		report_qs_rnp(mask, n, gps);
		mask = 0; gps = 0; n = 0 }
	od
}

proctype gp_kthread()
{
	byte g, n, i, k, m;

	do
	:: g < NGP ->
		/* rcu/tree.c:rcu_gp_init(): the start, under the root's lock */
		atomic {
			gp_seq++;
			i = 0;
			do
			:: i < NTASK -> old[i] = nest[i]; i++
			:: i >= NTASK -> break
			od;
			i = 0
		}
		/* arm the nodes, root first (rcu_for_each_node_breadth_first) */
		n = 0;
		do
		:: n < NNODE ->
			atomic {
				qsmask[n] = qsmaskinit(n);
				if
				:: is_leaf(n) ->
					/* rcu_preempt_gp_init_leaf() */
					aux_assert(n_gp_blkd[n] == 0);
					gp_gen[n]++;
					n_gp_blkd[n] = n_blkd[n]
				:: !is_leaf(n)
				fi;
				nseq[n] = gp_seq;
				if
				:: is_leaf(n) -> check_counts(n)
				:: !is_leaf(n)
				fi;
				n++
			}
		:: n >= NNODE -> break
		od;
		/* rcu/tree.c:rcu_gp_fqs_loop(): until rcu_gp_root_done() */
		atomic {
			qsmask[ROOT] == 0 && n_gp_blkd[ROOT] == 0 ->
			i = 0;
			do			/* (core) */
			:: i < NTASK -> assert(!old[i]); i++
			:: i >= NTASK -> break
			od;
			i = 0
		}
		/* rcu/tree.c:rcu_gp_cleanup(): each node learns the end */
		n = 0;
		do
		:: n < NNODE -> atomic { nseq[n] = gp_seq + 1; n++ }
		:: n >= NNODE -> break
		od;
		n = 0;
		gp_seq++;		/* end, under the root's lock */
		g++
	:: g >= NGP -> break
	od
}

init
{
	byte c;

	atomic {
		c = 0;
		do
		:: c < NCPU ->
			/* tasks 0 and 1 start on CPUs 0 and 1, the rest wait */
			if
			:: c < NTASK -> cur[c] = c + 1; oncpu[c] = 1
			:: c >= NTASK
			fi;
			run cpu(c);
			c++
		:: c >= NCPU -> break
		od;
		run gp_kthread()
	}
}
