// SPDX-License-Identifier: GPL-2.0
/*
 * Tree SRCU: sleepable RCU for the SMP build.
 *
 * Readers: each CPU has, per domain, a lock and an unlock counter for
 * each of two indexes.  srcu_read_lock() increments the lock counter of
 * the domain's current index on its CPU and returns the index;
 * srcu_read_unlock() increments the unlock counter of that index on
 * whatever CPU it runs.  The readers of an index have all left when the
 * sums of its unlock and lock counters over all CPUs are equal.
 *
 * Grace periods: new readers go to the current index, so a grace period
 * makes sure the other index has drained (a reader may have fetched it
 * just before the previous flip and only now incremented it), flips the
 * current index, and waits until the old current index has drained.
 * Every reader that began before the grace period is then known to have
 * ended; readers that began after it do not hold it up.
 *
 * One kthread, srcu_gp, runs the grace periods of every domain as small
 * state machines that never block: a domain whose readers have not
 * drained is left for the next pass (at once for an expedited grace
 * period, else a jiffy later) while the other domains go on.  So a
 * reader sleeping in one domain delays no other domain.  Requests carry
 * sequence numbers, so all synchronize_srcu() and call_srcu() callers
 * that ask before a grace period starts share it.  call_srcu()
 * callbacks wait on per-CPU segmented lists and the kthread invokes them
 * once their grace period has ended.
 *
 * The memory barriers, and what each prevents:
 *
 * A (scan, between summing unlocks and summing locks) pairs with the
 *   reader's B or C, which order its lock increment before its unlock
 *   increment: a scan that counts a reader's unlock also counts its
 *   lock.  Otherwise a reader that migrated could have its unlock counted
 *   and its lock missed, making up for the lock of a reader still inside
 *   and ending the grace period under it.
 * B (reader, after the lock increment) pairs with E (grace-period start,
 *   before the first scan): either the scan sees the reader's increment
 *   and waits for it, or the reader's critical section sees every store
 *   made before the grace period started.  Otherwise (store buffering)
 *   the reader's loads could pass its increment: it reads the old
 *   pointer while the scan misses it, and the updater frees the object.
 * C (reader, before the unlock increment) pairs with D (after the last
 *   scan, before the grace period is reported over): the critical
 *   section's accesses are done before its unlock can be seen, and the
 *   updater's frees come after it has seen it.
 *
 * As the code stands, A also does the work of E and D: it comes before
 * the first scan's lock sum and after the last scan's unlock sum.  They
 * stay so that each pairing holds by itself, whatever order a scan sums in.
 *
 * The flip needs no barrier of its own: a reader that still sees the old
 * index after it is either counted by the scan of the old index or, by
 * B and E, sees everything before the grace period.
 *
 * Fast readers (srcu_read_lock_fast()) execute neither B nor C.  Once a
 * domain has had one, its grace periods wait for a normal RCU grace
 * period at A, D and E instead of a barrier (polled, so the kthread does
 * not block): RCU's grace period gives every CPU on which RCU watches a
 * full barrier between its start and end.  Fast readers still execute B
 * and C until a grace period that waits for RCU's has started
 * (->srcu_fast: SRCU_FAST_ASKED, then SRCU_FAST_ON): a grace period of
 * plain barriers under way when the first fast reader came relies on
 * them, for that reader and for every one that sees its flag.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/interrupt.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <linux/srcu.h>
#include <linux/delay.h>
#include <trace/events/rcu.h>
#include "rcu.h"

/* Grace-period state of a domain (srcu_struct::srcu_phase). */
enum {
	SRCU_PH_IDLE,		/* no grace period */
	SRCU_PH_START,		/* started: barrier E */
	SRCU_PH_SCAN_INACTIVE,	/* waiting for the other index to drain */
	SRCU_PH_FLIP,		/* flipping the current index */
	SRCU_PH_SCAN_OLD,	/* waiting for the old current index to drain */
	SRCU_PH_END,		/* drained: barrier D, then report */
};

/* What srcu_gp_work() asks of the kthread. */
enum {
	SRCU_DONE,		/* nothing to do until the next request */
	SRCU_WAIT,		/* readers left: look again in a jiffy */
	SRCU_AGAIN,		/* look again as soon as possible */
};

/* Scans of an expedited grace period done without sleeping. */
#define SRCU_EXP_SPINS		100
/* Grace periods one domain may run in one pass of the kthread. */
#define SRCU_GPS_PER_PASS	4

static DEFINE_SPINLOCK(srcu_list_lock);
static LIST_HEAD(srcu_pending);		/* domains with work */
static struct srcu_struct *srcu_current; /* the one being worked on */
static struct task_struct *srcu_kthread;
static DECLARE_WAIT_QUEUE_HEAD(srcu_kthread_wq);
static bool srcu_kthread_kicked;
static DECLARE_WAIT_QUEUE_HEAD(srcu_cleanup_wq);

static int srcu_ctr_idx(struct srcu_struct *ssp)
{
	return __srcu_ctr_to_idx(ssp, READ_ONCE(ssp->srcu_ctrp));
}

/* The per-CPU callback lists, on first use of a DEFINE_SRCU() domain. */
static void srcu_init_percpu(struct srcu_struct *ssp)
{
	unsigned long flags;
	int cpu;

	if (smp_load_acquire(&ssp->srcu_percpu_ready))
		return;
	spin_lock_irqsave(&ssp->lock, flags);
	if (!ssp->srcu_percpu_ready) {
		for_each_possible_cpu(cpu) {
			struct srcu_data *sdp = per_cpu_ptr(ssp->sda, cpu);

			spin_lock_init(&sdp->lock);
			rcu_segcblist_init(&sdp->srcu_cblist);
			sdp->ssp = ssp;
		}
		smp_store_release(&ssp->srcu_percpu_ready, true);
	}
	spin_unlock_irqrestore(&ssp->lock, flags);
}

int init_srcu_struct(struct srcu_struct *ssp)
{
	struct srcu_data __percpu *sda = alloc_percpu(struct srcu_data);

	if (!sda)
		return -ENOMEM;
	ssp->sda = sda;
	ssp->srcu_ctrp = &sda->srcu_ctrs[0];
	spin_lock_init(&ssp->lock);
	ssp->srcu_gp_seq = SRCU_GP_SEQ_INITIAL;
	ssp->srcu_gp_seq_needed = SRCU_GP_SEQ_INITIAL;
	ssp->srcu_gp_seq_needed_exp = SRCU_GP_SEQ_INITIAL;
	ssp->srcu_fast = SRCU_FAST_NONE;
	ssp->srcu_percpu_ready = false;
	ssp->srcu_dynamic = true;
	ssp->srcu_phase = SRCU_PH_IDLE;
	ssp->srcu_scan_step = 0;
	ssp->srcu_rcu_waiting = false;
	ssp->srcu_retries = 0;
	ssp->srcu_queued = false;
	INIT_LIST_HEAD(&ssp->srcu_node);
	init_waitqueue_head(&ssp->srcu_wq);
	mutex_init(&ssp->srcu_barrier_mutex);
	init_completion(&ssp->srcu_barrier_done);
	atomic_set(&ssp->srcu_barrier_cpu_cnt, 0);
	lockdep_init_map(&ssp->dep_map, "srcu_struct");
	srcu_init_percpu(ssp);
	return 0;
}

/*
 * Fast readers asked, and no grace period of plain barriers is under way:
 * they may skip B and C from now on.  Under ssp->lock, with ->srcu_phase
 * SRCU_PH_IDLE, or about to leave it.  Release: pairs with
 * __srcu_read_lock_fast()'s acquire.
 */
static void srcu_fast_on(struct srcu_struct *ssp)
{
	if (READ_ONCE(ssp->srcu_fast) == SRCU_FAST_ASKED)
		smp_store_release(&ssp->srcu_fast, SRCU_FAST_ON);
}

/*
 * A fast reader before SRCU_FAST_ON: ask.  The reader executes B and C
 * itself, so no barrier here.  Between grace periods the answer is at
 * once; otherwise (or if the lock is busy) the kthread gives it when the
 * grace period ends.  A racing store of SRCU_FAST_ASKED over SRCU_FAST_ON
 * only keeps fast readers on B and C until then.
 */
void srcu_mark_fast(struct srcu_struct *ssp)
{
	unsigned long flags;

	if (READ_ONCE(ssp->srcu_fast) == SRCU_FAST_NONE)
		WRITE_ONCE(ssp->srcu_fast, SRCU_FAST_ASKED);
	if (spin_trylock_irqsave(&ssp->lock, flags)) {
		if (ssp->srcu_phase == SRCU_PH_IDLE)
			srcu_fast_on(ssp);
		spin_unlock_irqrestore(&ssp->lock, flags);
	}
}

/* Sums over all CPUs of one index's counters. */
static unsigned long srcu_sum_unlocks(struct srcu_struct *ssp, int idx)
{
	unsigned long sum = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		sum += READ_ONCE(per_cpu_ptr(ssp->sda, cpu)->srcu_ctrs[idx].srcu_unlocks);
	return sum;
}

static unsigned long srcu_sum_locks(struct srcu_struct *ssp, int idx)
{
	unsigned long sum = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		sum += READ_ONCE(per_cpu_ptr(ssp->sda, cpu)->srcu_ctrs[idx].srcu_locks);
	return sum;
}

/*
 * A full barrier on this CPU, or with fast readers a full barrier on
 * every CPU where RCU watches: a normal RCU grace period, polled.
 * Return: true once it has been passed.
 */
static bool srcu_mb_point(struct srcu_struct *ssp)
{
	smp_mb();
	if (!READ_ONCE(ssp->srcu_fast))
		return true;
	if (!ssp->srcu_rcu_waiting) {
		ssp->srcu_rcu_cookie = start_poll_synchronize_rcu();
		ssp->srcu_rcu_waiting = true;
	}
	if (!poll_state_synchronize_rcu(ssp->srcu_rcu_cookie))
		return false;
	ssp->srcu_rcu_waiting = false;
	return true;
}

/* Scan results. */
enum { SRCU_SCAN_DRAINED, SRCU_SCAN_BUSY, SRCU_SCAN_BARRIER };

/* Have all readers of @idx left?  Unlocks, then A, then locks. */
static int srcu_scan(struct srcu_struct *ssp, int idx)
{
	if (!ssp->srcu_scan_step) {
		ssp->srcu_scan_unlocks = srcu_sum_unlocks(ssp, idx);
		ssp->srcu_scan_step = 1;
	}
	if (!srcu_mb_point(ssp))	/* A: pairs with B and C */
		return SRCU_SCAN_BARRIER;
	ssp->srcu_scan_step = 0;
	if (srcu_sum_locks(ssp, idx) == ssp->srcu_scan_unlocks)
		return SRCU_SCAN_DRAINED;
	ssp->srcu_retries++;
	return SRCU_SCAN_BUSY;
}

/* How soon to scan again a domain that still has readers. */
static int srcu_busy(struct srcu_struct *ssp)
{
	bool exp = ULONG_CMP_LT(READ_ONCE(ssp->srcu_gp_seq),
				READ_ONCE(ssp->srcu_gp_seq_needed_exp));

	return exp && ssp->srcu_retries < SRCU_EXP_SPINS ? SRCU_AGAIN : SRCU_WAIT;
}

/* Invoke the callbacks whose grace period has ended, CPU by CPU. */
static void srcu_invoke_callbacks(struct srcu_struct *ssp)
{
	unsigned long seq = READ_ONCE(ssp->srcu_gp_seq);
	unsigned long flags;
	int cpu;

	for_each_possible_cpu(cpu) {
		struct srcu_data *sdp = per_cpu_ptr(ssp->sda, cpu);
		struct rcu_cblist ready;
		struct rcu_head *rhp;
		long n;

		if (rcu_segcblist_empty(&sdp->srcu_cblist))
			continue;
		rcu_cblist_init(&ready);
		spin_lock_irqsave(&sdp->lock, flags);
		rcu_segcblist_advance(&sdp->srcu_cblist, seq);
		n = rcu_segcblist_extract_done(&sdp->srcu_cblist, -1, &ready);
		spin_unlock_irqrestore(&sdp->lock, flags);
		while ((rhp = rcu_cblist_dequeue(&ready))) {
			rcu_head_debug_unqueue(rhp);
			trace_srcu_invoke_callback(ssp, rhp, rhp->func);
			local_bh_disable();
			rhp->func(rhp);
			local_bh_enable();
		}
		/*
		 * Only now: srcu_barrier() and cleanup_srcu_struct() count a
		 * callback being invoked as pending.
		 */
		spin_lock_irqsave(&sdp->lock, flags);
		rcu_segcblist_add_len(&sdp->srcu_cblist, -n);
		spin_unlock_irqrestore(&sdp->lock, flags);
	}
}

/*
 * Advance @ssp's grace period as far as it goes without waiting.
 * Called by the kthread only, which alone changes ->srcu_phase.
 */
static int srcu_gp_work(struct srcu_struct *ssp)
{
	unsigned long flags;
	int gps = 0, ret;

	for (;;) {
		switch (ssp->srcu_phase) {
		case SRCU_PH_IDLE:
			spin_lock_irqsave(&ssp->lock, flags);
			if (!ULONG_CMP_LT(ssp->srcu_gp_seq, ssp->srcu_gp_seq_needed)) {
				spin_unlock_irqrestore(&ssp->lock, flags);
				return SRCU_DONE;
			}
			if (gps++ >= SRCU_GPS_PER_PASS) {
				spin_unlock_irqrestore(&ssp->lock, flags);
				return SRCU_AGAIN;
			}
			WRITE_ONCE(ssp->srcu_gp_seq, ssp->srcu_gp_seq + 1);
			trace_srcu_grace_period(ssp, ssp->srcu_gp_seq, "start");
			WRITE_ONCE(ssp->srcu_phase, SRCU_PH_START);
			ssp->srcu_retries = 0;
			srcu_fast_on(ssp);	/* before E reads it */
			spin_unlock_irqrestore(&ssp->lock, flags);
			fallthrough;
		case SRCU_PH_START:
			if (!srcu_mb_point(ssp))	/* E: pairs with B */
				return SRCU_WAIT;
			ssp->srcu_phase = SRCU_PH_SCAN_INACTIVE;
			fallthrough;
		case SRCU_PH_SCAN_INACTIVE:
			ret = srcu_scan(ssp, srcu_ctr_idx(ssp) ^ 1);
			if (ret == SRCU_SCAN_BARRIER)
				return SRCU_WAIT;
			if (ret == SRCU_SCAN_BUSY)
				return srcu_busy(ssp);
			ssp->srcu_phase = SRCU_PH_FLIP;
			fallthrough;
		case SRCU_PH_FLIP:
			WRITE_ONCE(ssp->srcu_ctrp,
				   &ssp->sda->srcu_ctrs[srcu_ctr_idx(ssp) ^ 1]);
			trace_srcu_grace_period(ssp, ssp->srcu_gp_seq, "flip");
			ssp->srcu_phase = SRCU_PH_SCAN_OLD;
			fallthrough;
		case SRCU_PH_SCAN_OLD:
			ret = srcu_scan(ssp, srcu_ctr_idx(ssp) ^ 1);
			if (ret == SRCU_SCAN_BARRIER)
				return SRCU_WAIT;
			if (ret == SRCU_SCAN_BUSY)
				return srcu_busy(ssp);
			ssp->srcu_phase = SRCU_PH_END;
			fallthrough;
		case SRCU_PH_END:
			if (!srcu_mb_point(ssp))	/* D: pairs with C */
				return SRCU_WAIT;
			spin_lock_irqsave(&ssp->lock, flags);
			WRITE_ONCE(ssp->srcu_gp_seq, gp_seq_endval(ssp->srcu_gp_seq));
			trace_srcu_grace_period(ssp, ssp->srcu_gp_seq, "end");
			WRITE_ONCE(ssp->srcu_phase, SRCU_PH_IDLE);
			srcu_fast_on(ssp);
			spin_unlock_irqrestore(&ssp->lock, flags);
			wake_up_all(&ssp->srcu_wq);
			srcu_invoke_callbacks(ssp);
			break;
		}
	}
}

/* Does @ssp still need the kthread?  Under srcu_list_lock. */
static bool srcu_has_work(struct srcu_struct *ssp)
{
	return READ_ONCE(ssp->srcu_phase) != SRCU_PH_IDLE ||
	       ULONG_CMP_LT(READ_ONCE(ssp->srcu_gp_seq),
			    READ_ONCE(ssp->srcu_gp_seq_needed));
}

static int srcu_gp_kthread(void *unused)
{
	LIST_HEAD(work);
	unsigned long flags;

	for (;;) {
		int sleep = SRCU_DONE;

		wait_event_idle(srcu_kthread_wq, READ_ONCE(srcu_kthread_kicked));
		spin_lock_irqsave(&srcu_list_lock, flags);
		WRITE_ONCE(srcu_kthread_kicked, false);
		list_splice_init(&srcu_pending, &work);
		while (!list_empty(&work)) {
			struct srcu_struct *ssp;
			int ret;

			ssp = list_first_entry(&work, struct srcu_struct, srcu_node);
			list_del_init(&ssp->srcu_node);
			srcu_current = ssp;
			spin_unlock_irqrestore(&srcu_list_lock, flags);

			ret = srcu_gp_work(ssp);

			spin_lock_irqsave(&srcu_list_lock, flags);
			srcu_current = NULL;
			if (ret != SRCU_DONE || srcu_has_work(ssp)) {
				list_add_tail(&ssp->srcu_node, &srcu_pending);
				if (ret == SRCU_AGAIN || ret == SRCU_DONE)
					sleep = SRCU_AGAIN;
				else if (sleep == SRCU_DONE)
					sleep = SRCU_WAIT;
			} else {
				ssp->srcu_queued = false;
			}
		}
		spin_unlock_irqrestore(&srcu_list_lock, flags);
		wake_up_all(&srcu_cleanup_wq);
		if (sleep == SRCU_AGAIN) {
			WRITE_ONCE(srcu_kthread_kicked, true);
			cond_resched();
		} else if (sleep == SRCU_WAIT) {
			/* A new request ends the wait early. */
			wait_event_idle_timeout(srcu_kthread_wq,
						READ_ONCE(srcu_kthread_kicked), 1);
			WRITE_ONCE(srcu_kthread_kicked, true);
		}
	}
	return 0;
}

/* Put @ssp on the kthread's list and wake it. */
static void srcu_kick(struct srcu_struct *ssp)
{
	unsigned long flags;

	spin_lock_irqsave(&srcu_list_lock, flags);
	/*
	 * Not if the kthread already did the work: a domain is queued only
	 * while it has work, so cleanup_srcu_struct() finds an idle domain
	 * off the list unless the kthread is still finishing with it.
	 */
	if (!ssp->srcu_queued && srcu_has_work(ssp)) {
		ssp->srcu_queued = true;
		list_add_tail(&ssp->srcu_node, &srcu_pending);
	}
	WRITE_ONCE(srcu_kthread_kicked, true);
	spin_unlock_irqrestore(&srcu_list_lock, flags);
	wake_up(&srcu_kthread_wq);
}

/*
 * Request the grace period that a caller arriving now needs, and return
 * the sequence number that ends it.  Called with ssp->lock held.
 */
static unsigned long srcu_request_locked(struct srcu_struct *ssp, bool exp)
{
	unsigned long s = gp_seq_snap_val(ssp->srcu_gp_seq);

	if (ULONG_CMP_LT(ssp->srcu_gp_seq_needed, s))
		WRITE_ONCE(ssp->srcu_gp_seq_needed, s);
	if (exp && ULONG_CMP_LT(ssp->srcu_gp_seq_needed_exp, s))
		WRITE_ONCE(ssp->srcu_gp_seq_needed_exp, s);
	return s;
}

static unsigned long srcu_request(struct srcu_struct *ssp, bool exp)
{
	unsigned long flags, s;

	srcu_init_percpu(ssp);
	smp_mb();	/* the caller's updates before the request */
	spin_lock_irqsave(&ssp->lock, flags);
	s = srcu_request_locked(ssp, exp);
	spin_unlock_irqrestore(&ssp->lock, flags);
	srcu_kick(ssp);
	return s;
}

static bool srcu_seq_done(struct srcu_struct *ssp, unsigned long s)
{
	return gp_seq_done_val(READ_ONCE(ssp->srcu_gp_seq), s);
}

static void __synchronize_srcu(struct srcu_struct *ssp, bool exp)
{
	unsigned long s;

	might_sleep();
	if (srcu_sync_in_own_reader(ssp, exp ?
			"Illegal synchronize_srcu_expedited() in same-type SRCU read-side critical section" :
			"Illegal synchronize_srcu() in same-type SRCU read-side critical section"))
		return;
	/* Before the kthread runs there is one task: nothing to wait for. */
	if (!READ_ONCE(rcu_scheduler_active))
		return;
	s = srcu_request(ssp, exp);
	wait_event(ssp->srcu_wq, srcu_seq_done(ssp, s));
	smp_mb();	/* the grace period before the caller's later accesses */
}

void synchronize_srcu(struct srcu_struct *ssp)
{
	__synchronize_srcu(ssp, false);
}

void synchronize_srcu_expedited(struct srcu_struct *ssp)
{
	__synchronize_srcu(ssp, true);
}

void call_srcu(struct srcu_struct *ssp, struct rcu_head *rhp, rcu_callback_t func)
{
	struct srcu_data *sdp;
	unsigned long flags;

	if (!rcu_head_debug_queue(rhp))
		return;		/* double call_srcu(), or from NMI: reported */
	rhp->func = func;
	srcu_init_percpu(ssp);
	smp_mb();	/* the caller's updates before the request */
	local_irq_save(flags);
	sdp = this_cpu_ptr(ssp->sda);
	spin_lock(&sdp->lock);
	rcu_segcblist_enqueue(&sdp->srcu_cblist, rhp);
	spin_lock(&ssp->lock);
	rcu_segcblist_accelerate(&sdp->srcu_cblist, srcu_request_locked(ssp, false));
	spin_unlock(&ssp->lock);
	spin_unlock(&sdp->lock);
	local_irq_restore(flags);
	srcu_kick(ssp);
}

static void srcu_barrier_cb(struct rcu_head *rhp)
{
	struct srcu_data *sdp = container_of(rhp, struct srcu_data, srcu_barrier_head);
	struct srcu_struct *ssp = sdp->ssp;

	if (atomic_dec_and_test(&ssp->srcu_barrier_cpu_cnt))
		complete(&ssp->srcu_barrier_done);
}

void srcu_barrier(struct srcu_struct *ssp)
{
	unsigned long flags;
	int cpu;

	might_sleep();
	if (srcu_sync_in_own_reader(ssp,
			"Illegal srcu_barrier() in same-type SRCU read-side critical section"))
		return;
	srcu_init_percpu(ssp);
	mutex_lock(&ssp->srcu_barrier_mutex);
	reinit_completion(&ssp->srcu_barrier_done);
	atomic_set(&ssp->srcu_barrier_cpu_cnt, 1);
	/* Each CPU's callbacks run in order: queue one behind the last. */
	for_each_possible_cpu(cpu) {
		struct srcu_data *sdp = per_cpu_ptr(ssp->sda, cpu);

		spin_lock_irqsave(&sdp->lock, flags);
		if (rcu_segcblist_n_cbs(&sdp->srcu_cblist) &&
		    rcu_head_debug_queue(&sdp->srcu_barrier_head)) {
			atomic_inc(&ssp->srcu_barrier_cpu_cnt);
			sdp->srcu_barrier_head.func = srcu_barrier_cb;
			rcu_segcblist_enqueue(&sdp->srcu_cblist, &sdp->srcu_barrier_head);
			spin_lock(&ssp->lock);
			rcu_segcblist_accelerate(&sdp->srcu_cblist,
						 srcu_request_locked(ssp, false));
			spin_unlock(&ssp->lock);
		}
		spin_unlock_irqrestore(&sdp->lock, flags);
	}
	if (atomic_read(&ssp->srcu_barrier_cpu_cnt) > 1)
		srcu_kick(ssp);
	if (!atomic_dec_and_test(&ssp->srcu_barrier_cpu_cnt))
		wait_for_completion(&ssp->srcu_barrier_done);
	mutex_unlock(&ssp->srcu_barrier_mutex);
}

unsigned long get_state_synchronize_srcu(struct srcu_struct *ssp)
{
	unsigned long flags, s;

	smp_mb();	/* the caller's updates before the snapshot */
	spin_lock_irqsave(&ssp->lock, flags);
	s = gp_seq_snap_val(ssp->srcu_gp_seq);
	spin_unlock_irqrestore(&ssp->lock, flags);
	return s;
}

unsigned long start_poll_synchronize_srcu(struct srcu_struct *ssp)
{
	return srcu_request(ssp, false);
}

bool poll_state_synchronize_srcu(struct srcu_struct *ssp, unsigned long cookie)
{
	if (!srcu_seq_done(ssp, cookie))
		return false;
	smp_mb();	/* the grace period before the caller's later accesses */
	return true;
}

unsigned long srcu_batches_completed(struct srcu_struct *ssp)
{
	/* Signed, so that differences stay right across the wrap. */
	return (long)READ_ONCE(ssp->srcu_gp_seq) >> GP_SEQ_CTR_SHIFT;
}

/* Readers of either index still inside? */
static bool srcu_readers_active(struct srcu_struct *ssp)
{
	unsigned long unlocks = srcu_sum_unlocks(ssp, 0) + srcu_sum_unlocks(ssp, 1);

	smp_mb();	/* as A */
	return srcu_sum_locks(ssp, 0) + srcu_sum_locks(ssp, 1) != unlocks;
}

static bool srcu_cbs_pending(struct srcu_struct *ssp)
{
	int cpu;

	if (!ssp->srcu_percpu_ready)
		return false;
	for_each_possible_cpu(cpu)
		if (rcu_segcblist_n_cbs(&per_cpu_ptr(ssp->sda, cpu)->srcu_cblist))
			return true;
	return false;
}

void cleanup_srcu_struct(struct srcu_struct *ssp)
{
	unsigned long flags;
	bool busy;

	if (WARN_ON(!ssp->sda))
		return;
	/*
	 * Callbacks the kthread is invoking still count as pending until it
	 * is done with them: srcu_barrier() may return before that.
	 */
	wait_event(srcu_cleanup_wq, READ_ONCE(srcu_current) != ssp);
	if (srcu_cbs_pending(ssp)) {
		pr_err("srcu: cleanup_srcu_struct() with callbacks pending: leaked\n");
		WARN_ON(srcu_cbs_pending(ssp));
		return;
	}
	if (srcu_readers_active(ssp)) {
		pr_err("srcu: cleanup_srcu_struct() with readers active: leaked\n");
		WARN_ON(srcu_readers_active(ssp));
		return;
	}
	spin_lock_irqsave(&ssp->lock, flags);
	busy = ssp->srcu_phase != SRCU_PH_IDLE ||
	       !srcu_seq_done(ssp, ssp->srcu_gp_seq_needed);
	spin_unlock_irqrestore(&ssp->lock, flags);
	if (busy) {
		pr_err("srcu: cleanup_srcu_struct() with a grace period in flight: leaked\n");
		WARN_ON(busy);
		return;
	}
	/* Wait for the kthread to let go (it may be finishing a pass). */
	for (;;) {
		bool held;

		spin_lock_irqsave(&srcu_list_lock, flags);
		held = srcu_current == ssp;
		if (!held && ssp->srcu_queued) {
			list_del_init(&ssp->srcu_node);
			ssp->srcu_queued = false;
		}
		spin_unlock_irqrestore(&srcu_list_lock, flags);
		if (!held)
			break;
		wait_event(srcu_cleanup_wq, READ_ONCE(srcu_current) != ssp);
	}
	if (ssp->srcu_dynamic)
		free_percpu(ssp->sda);
	ssp->sda = NULL;
	ssp->srcu_ctrp = NULL;
	ssp->srcu_dynamic = false;
}

/**
 * srcu_print_state() - print a domain's grace-period state, for debugging
 * @ssp: the domain
 * @name: what to call it
 */
void srcu_print_state(struct srcu_struct *ssp, const char *name)
{
	int idx = srcu_ctr_idx(ssp);

	pr_info("srcu %s: gp_seq %#lx needed %#lx phase %u idx %d fast %d readers %lu/%lu\n",
		name, READ_ONCE(ssp->srcu_gp_seq), READ_ONCE(ssp->srcu_gp_seq_needed),
		READ_ONCE(ssp->srcu_phase), idx, READ_ONCE(ssp->srcu_fast),
		srcu_sum_locks(ssp, idx) - srcu_sum_unlocks(ssp, idx),
		srcu_sum_locks(ssp, idx ^ 1) - srcu_sum_unlocks(ssp, idx ^ 1));
}

static int __init srcu_init(void)
{
	struct task_struct *t = kthread_run(srcu_gp_kthread, NULL, "srcu_gp");

	if (IS_ERR(t))
		return PTR_ERR(t);
	srcu_kthread = t;
	return 0;
}
early_initcall(srcu_init);
