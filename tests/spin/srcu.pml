/*
 * SPDX-License-Identifier: GPL-2.0
 *
 * srcu.pml: Tree SRCU's reader counters, index flip and readers-done
 * check (rcu/srcutree.c, include/linux/srcutree.h).
 *
 * Model: NCPU CPUs each have a lock and an unlock counter for each of
 * the two indexes (srcu_data::srcu_ctrs[2]).  NRDR reader tasks each run
 * NSECT critical sections: __srcu_read_lock() fetches the current index
 * (READ_ONCE(ssp->srcu_ctrp)) and, as a separate step that may come much
 * later, increments that index's lock counter on whatever CPU the task
 * runs on then; __srcu_read_unlock() increments the unlock counter of the
 * same index on whatever CPU it runs on then (the task may have
 * migrated).  One grace-period kthread runs NGP grace periods as
 * srcu_gp_work() does: start (barrier E), srcu_scan() of the inactive
 * index until it has drained, the flip (WRITE_ONCE(ssp->srcu_ctrp)),
 * srcu_scan() of the old current index until it has drained, end
 * (barrier D).  srcu_scan() reads the per-CPU counters one at a time
 * (srcu_sum_unlocks(), then barrier A, then srcu_sum_locks()): readers
 * run between any two of those reads.
 *
 * Memory order: spin interleaves sequentially consistent steps.  The
 * barriers make the C behave so for what matters here, and the model's
 * step order is the order they enforce: B (after the lock increment)
 * and E (grace-period start) -- a reader whose increment comes after
 * the start sees every store made before it, so it is not an old reader;
 * C (before the unlock increment) -- the critical section ends before
 * the increment is visible, so it ends in the same step; A (between the
 * two sums) -- the unlock sum is read before the lock sum; D -- the
 * grace period's end comes after the last scan.  tests/wmm checks the
 * barriers themselves against a weak memory model.
 *
 * Safety property (core), an assert(): when a grace period ends, no
 * reader whose lock increment came before the grace period started is
 * still in its critical section.  A ghost bit old[] marks, at the start,
 * the readers inside then; the unlock increment clears it.
 *
 * Why each part is needed: the scan reads unlocks before locks, so every
 * unlock it counts has its lock counted too, and an old reader counted in
 * the lock sum keeps the sums apart.  A reader may fetch an index just
 * before a flip and increment its counter after the next grace period
 * ended, so the index that is inactive when a grace period starts can
 * hold old readers: the first scan waits for them.  The flip sends new
 * readers to the other index, so the second scan can drain.  Without
 * the first scan spin finds that reader ending up in a later grace
 * period it outlives.
 *
 * Bounds: NCPU = 2, NRDR = 2 readers of NSECT = 2 critical sections each
 * (-DNSECT=1 for one), NGP = 2 grace periods (enough for a reader that
 * fetched the index before one flip to increment after it: a reader's
 * fetch may come before any number of later steps).  Counters cannot
 * wrap within these bounds, nor in the C (unsigned long).  Exhaustive
 * search.
 *
 * BUSTED: srcu_scan() sums the locks before the unlocks.  An old reader
 * on CPU 0 is counted in the lock sum; a second reader that fetched the
 * same index before the flip increments its lock on CPU 1 after the scan
 * read CPU 1's lock counter, migrates, and unlocks on CPU 0 before the
 * scan reads CPU 0's unlock counter.  Its unlock stands in for the old
 * reader's: the sums match and the grace period ends while the old
 * reader is still inside: assertion violated.
 */

/* -DCORE_ONLY (check.sh): no effect, (core) is the only assertion */

#ifndef NCPU
#define NCPU	2
#endif
#ifndef NRDR
#define NRDR	2
#endif
#ifndef NSECT
#define NSECT	2
#endif
#ifndef NGP
#define NGP	2
#endif

/* srcu_struct: ->srcu_ctrp as an index, rcu/srcutree.c:srcu_ctr_idx() */
bit cur;

/* srcu_data per CPU: srcu_ctrs[idx] at [idx * NCPU + cpu] */
byte locks[2 * NCPU];
byte unlocks[2 * NCPU];

/* ghost */
bit in_cs[NRDR];		/* the reader is in its critical section */
bit old[NRDR];			/* ... and was when the current GP started */
bit gp_running;

/*
 * rcu/srcutree.c:srcu_scan(): has every reader of @idx left?  Sets @ok.
 * srcu_sum_unlocks(), A, srcu_sum_locks(), compare; BUSTED: the locks
 * first.  One step per counter read.
 */
inline srcu_scan(idx, ok)
{
	s_unl = 0;
	s_lck = 0;
	c = 0;
#ifndef BUSTED
	do
	:: c < NCPU -> s_unl = s_unl + unlocks[(idx) * NCPU + c]; c++
	:: c == NCPU -> break
	od;
	c = 0;
	/* A: pairs with the reader's B and C */
	do
	:: c < NCPU -> s_lck = s_lck + locks[(idx) * NCPU + c]; c++
	:: c == NCPU -> break
	od;
#else
	do
	:: c < NCPU -> s_lck = s_lck + locks[(idx) * NCPU + c]; c++
	:: c == NCPU -> break
	od;
	c = 0;
	do
	:: c < NCPU -> s_unl = s_unl + unlocks[(idx) * NCPU + c]; c++
	:: c == NCPU -> break
	od;
#endif
	ok = (s_lck == s_unl);
	c = 0
}

/* rcu/srcutree.c:srcu_gp_kthread() -> srcu_gp_work() */
active proctype gp_kthread()
{
	byte n = 0;
	byte c;
	byte s_unl, s_lck;
	bit ok;
	byte r;

	do
	:: n < NGP ->
		/* SRCU_PH_IDLE -> SRCU_PH_START, then E: pairs with B */
		atomic {
			r = 0;
			do
			:: r < NRDR -> old[r] = in_cs[r]; r++
			:: r == NRDR -> break
			od;
			r = 0;
			gp_running = 1
		}
		/* SRCU_PH_SCAN_INACTIVE: the other index drains */
		do
		:: srcu_scan(1 - cur, ok);
			if
			:: ok -> break
			:: !ok -> skip	/* srcu_busy(): scan again */
			fi
		od;
		/* SRCU_PH_FLIP: WRITE_ONCE(ssp->srcu_ctrp, ...) */
		cur = 1 - cur;
		/* SRCU_PH_SCAN_OLD: the old current index drains */
		do
		:: srcu_scan(1 - cur, ok);
			if
			:: ok -> break
			:: !ok -> skip
			fi
		od;
		/* SRCU_PH_END: D (pairs with C), then ->srcu_gp_seq ends */
		atomic {
			r = 0;
			do
			:: r < NRDR -> assert(!old[r]); r++	/* core */
			:: r == NRDR -> break
			od;
			r = 0;
			gp_running = 0;
			n++
		}
	:: n == NGP -> break
	od
}

/* a task running srcu_read_lock() ... srcu_read_unlock(), NSECT times */
active [NRDR] proctype reader()
{
	byte me = _pid - 1;	/* gp_kthread is pid 0 */
	byte k = 0;
	bit idx;
	byte cpu;

	do
	:: k < NSECT ->
		/* include/linux/srcutree.h:__srcu_read_lock() */
		idx = cur;			/* READ_ONCE(ssp->srcu_ctrp) */
		/* this_cpu_inc(scp->srcu_locks) on any CPU; B after it */
		atomic {
			do			/* any CPU */
			:: cpu < NCPU - 1 -> cpu++
			:: break
			od;
			locks[idx * NCPU + cpu]++;
			in_cs[me] = 1;
			cpu = 0
		}
		/* the critical section; then __srcu_read_unlock(): C, then
		 * this_cpu_inc(srcu_ctrs[idx].srcu_unlocks) on any CPU */
		atomic {
			do			/* any CPU */
			:: cpu < NCPU - 1 -> cpu++
			:: break
			od;
			unlocks[idx * NCPU + cpu]++;
			in_cs[me] = 0;
			old[me] = 0;
			cpu = 0
		}
		idx = 0;
		k++
	:: k == NSECT -> break
	od
}
