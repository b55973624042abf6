// SPDX-License-Identifier: GPL-2.0
/*
 * Tree RCU: grace periods for SMP.
 *
 * One kthread (rcu_gp) runs grace periods.  To start one it bumps the
 * global sequence number and copies the mask of online CPUs into every
 * rcu_node, root first.  Each CPU notices the new grace period from its
 * leaf (in RCU_SOFTIRQ), waits for its next quiescent state (context
 * switch, idle, cond_resched(), a tick taken from idle) and clears its bit
 * in the leaf; a node whose mask empties clears its own bit in its parent.
 * When the root's mask is empty the grace period is over: the kthread
 * advances the sequence number into every node, and CPUs move callbacks
 * that were waiting for it to their DONE segment and invoke them from
 * RCU_SOFTIRQ, a batch at a time.
 *
 * While waiting, the kthread "forces quiescent states" every few jiffies:
 * a CPU that is idle (dyntick-idle, tree_nohz.c) or has been idle since
 * the grace period began is reported on its behalf without being
 * disturbed; a CPU that takes too long is asked to reschedule.
 *
 * Requests for grace periods go up the tree only as far as needed
 * (gp_seq_needed records the furthest request seen at each node), so
 * many CPUs asking for the same grace period mostly stop at their leaf.
 */
#include <linux/kernel.h>
#include <linux/rcupdate.h>
#include <linux/smp.h>
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/interrupt.h>
#include <linux/hardirq.h>
#include <linux/slab.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/moduleparam.h>
#include <linux/cpu.h>
#include <trace/events/rcu.h>
#include "tree.h"

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "rcutree."

#define DEFAULT_RCU_BLIMIT	10
#define DEFAULT_MAX_RCU_BLIMIT	10000
#define DEFAULT_RCU_QHIMARK	10000
#define DEFAULT_RCU_QLOMARK	100

static long blimit = DEFAULT_RCU_BLIMIT;
static long qhimark = DEFAULT_RCU_QHIMARK;
static long qlowmark = DEFAULT_RCU_QLOMARK;
static ulong jiffies_till_first_fqs = 1 + (CONFIG_HZ > 250) + (CONFIG_HZ > 500);
static ulong jiffies_till_next_fqs = 1 + (CONFIG_HZ > 250) + (CONFIG_HZ > 500);
static ulong jiffies_till_sched_qs = CONFIG_HZ / 10;
module_param(blimit, long, 0444);
module_param(qhimark, long, 0444);
module_param(qlowmark, long, 0444);
module_param(jiffies_till_first_fqs, ulong, 0644);
module_param(jiffies_till_next_fqs, ulong, 0644);
module_param(jiffies_till_sched_qs, ulong, 0644);
/* SCHED_FIFO priority of the grace-period kthread (0: SCHED_NORMAL). */
static int kthread_prio = 1;
module_param(kthread_prio, int, 0444);

/* The SCHED_FIFO priority of RCU's kthreads (0: SCHED_NORMAL). */
int rcu_kthread_prio(void)
{
	return kthread_prio;
}

struct rcu_state rcu_state = {
	.gp_seq = GP_SEQ_INITIAL,
	.gp_seq_needed = GP_SEQ_INITIAL,
};
DEFINE_PER_CPU(struct rcu_data, rcu_data);
bool rcu_scheduler_active;

bool rcu_gp_in_progress(void)
{
	return gp_seq_state(READ_ONCE(rcu_state.gp_seq));
}

unsigned long rcu_get_gp_seq(void)
{
	return READ_ONCE(rcu_state.gp_seq);
}

unsigned long rcu_gp_completed(void)
{
	return READ_ONCE(rcu_state.gp_count);
}

void rcu_gp_kthread_wake(void)
{
	if (READ_ONCE(rcu_state.gp_kthread))
		wake_up(&rcu_state.gp_wq);
}

void invoke_rcu_core(void)
{
	raise_softirq(RCU_SOFTIRQ);
}

/* ---- tree construction ---- */

static void __init rcu_init_tree(void)
{
	struct rcu_geometry *g = &rcu_state.geo;
	unsigned int cpu;

	if (rcu_geometry_compute(g, nr_cpu_ids, CONFIG_RCU_FANOUT,
				 CONFIG_RCU_FANOUT_LEAF))
		panic("rcu: cannot build a tree for %u CPUs", nr_cpu_ids);
	rcu_state.node = kcalloc(g->num_nodes, sizeof(struct rcu_node), GFP_KERNEL);
	if (!rcu_state.node)
		panic("rcu: no memory for %d rcu_nodes", g->num_nodes);
	for (int l = 0; l < g->levels; l++) {
		rcu_state.level[l] = &rcu_state.node[g->level_first[l]];
		for (int i = 0; i < g->level_cnt[l]; i++) {
			struct rcu_node *rnp = &rcu_state.node[g->level_first[l] + i];
			int span = g->level_span[l];

			spin_lock_init(&rnp->lock);
			rcu_preempt_init_node(rnp);
			rcu_boost_init_node(rnp);
			rnp->gp_seq = rcu_state.gp_seq;
			rnp->gp_seq_needed = rcu_state.gp_seq;
			rnp->level = l;
			rnp->grplo = i * span;
			rnp->grphi = min((int)nr_cpu_ids, (i + 1) * span) - 1;
			if (l == 0) {
				rnp->parent = NULL;
				rnp->grpnum = 0;
				rnp->grpmask = 0;
			} else {
				int pspan = g->level_span[l - 1];
				int pidx = rnp->grplo / pspan;

				rnp->parent = &rcu_state.node[g->level_first[l - 1] + pidx];
				rnp->grpnum = (rnp->grplo - pidx * pspan) / span;
				rnp->grpmask = 1UL << rnp->grpnum;
			}
		}
	}
	for_each_possible_cpu(cpu) {
		struct rcu_data *rdp = per_cpu_ptr(&rcu_data, cpu);
		int leafspan = g->level_span[g->levels - 1];

		rdp->cpu = cpu;
		rdp->mynode = &rcu_state.level[g->levels - 1][cpu / leafspan];
		rdp->grpmask = 1UL << (cpu - rdp->mynode->grplo);
		rdp->gp_seq = rcu_state.gp_seq;
		rdp->gp_seq_needed = rcu_state.gp_seq;
		rdp->blimit = blimit;
		rcu_segcblist_init(&rdp->cblist);
	}
}

/**
 * rcu_cpu_starting() - a CPU comes online: include it from the next GP on
 * @cpu: the CPU, calling this on itself before enabling interrupts
 */
void rcu_cpu_starting(unsigned int cpu)
{
	struct rcu_data *rdp = per_cpu_ptr(&rcu_data, cpu);
	struct rcu_node *rnp = rdp->mynode;
	unsigned long flags;

	rcu_watching_online();
	spin_lock_irqsave(&rnp->lock, flags);
	WRITE_ONCE(rnp->qsmaskinitnext, rnp->qsmaskinitnext | rdp->grpmask);
	rdp->gp_seq = rnp->gp_seq;
	rdp->gp_seq_needed = rnp->gp_seq;
	rdp->cpu_no_qs = false;
	rdp->core_needs_qs = false;
	rdp->beenonline = true;
	spin_unlock_irqrestore(&rnp->lock, flags);
}

/* ---- requesting grace periods ---- */

/*
 * Ask for the grace period that ends at @gp_seq_req, walking up from
 * @rnp_start (whose lock the caller holds) only while nobody has asked
 * for it yet.  Return true if the kthread must be woken.
 */
bool rcu_start_this_gp(struct rcu_node *rnp_start, struct rcu_data *rdp,
			      unsigned long gp_seq_req)
{
	struct rcu_node *rnp = rnp_start;
	bool ret = false;

	if (ULONG_CMP_LT(rdp->gp_seq_needed, gp_seq_req))
		WRITE_ONCE(rdp->gp_seq_needed, gp_seq_req);
	for (;;) {
		if (rnp != rnp_start)
			spin_lock(&rnp->lock);
		if (ULONG_CMP_GE(rnp->gp_seq_needed, gp_seq_req) ||
		    gp_seq_done_val(rnp->gp_seq, gp_seq_req) ||
		    (rnp != rnp_start && gp_seq_state(rnp->gp_seq)))
			goto unlock_out;	/* asked for, done, or seen at cleanup */
		WRITE_ONCE(rnp->gp_seq_needed, gp_seq_req);
		if (gp_seq_state(rnp->gp_seq))
			goto unlock_out;	/* cleanup will see the request here */
		if (!rnp->parent)
			break;
		if (rnp != rnp_start)
			spin_unlock(&rnp->lock);
		rnp = rnp->parent;
	}
	/* At the root, no grace period in progress: start one. */
	if (ULONG_CMP_LT(rcu_state.gp_seq_needed, gp_seq_req))
		WRITE_ONCE(rcu_state.gp_seq_needed, gp_seq_req);
	if (!rcu_gp_in_progress()) {
		WRITE_ONCE(rcu_state.gp_flags, rcu_state.gp_flags | RCU_GP_FLAG_INIT);
		ret = true;
	}
unlock_out:
	if (rnp != rnp_start)
		spin_unlock(&rnp->lock);
	return ret;
}

/* Give new callbacks a grace period; request it.  Leaf lock held. */
static bool rcu_accelerate_cbs(struct rcu_node *rnp, struct rcu_data *rdp)
{
	unsigned long seq;

	if (!rcu_segcblist_pend_cbs(&rdp->cblist))
		return false;
	seq = gp_seq_snap_val(READ_ONCE(rcu_state.gp_seq));
	smp_mb();
	if (rcu_segcblist_accelerate(&rdp->cblist, seq))
		return rcu_start_this_gp(rnp, rdp, seq);
	return false;
}

/* Move callbacks whose grace period ended to DONE, then accelerate. */
bool rcu_advance_cbs(struct rcu_node *rnp, struct rcu_data *rdp)
{
	if (!rcu_segcblist_pend_cbs(&rdp->cblist))
		return false;
	rcu_segcblist_advance(&rdp->cblist, rnp->gp_seq);
	return rcu_accelerate_cbs(rnp, rdp);
}

/* Catch up with grace periods that started or ended.  Leaf lock held. */
static bool __note_gp_changes(struct rcu_node *rnp, struct rcu_data *rdp)
{
	bool ret = false;

	if (rdp->gp_seq == rnp->gp_seq)
		return false;
	if (gp_seq_completed_gp(rdp->gp_seq, rnp->gp_seq))
		ret = rcu_advance_cbs(rnp, rdp);
	else
		ret = rcu_accelerate_cbs(rnp, rdp);
	if (gp_seq_completed_gp(rdp->gp_seq, rnp->gp_seq))
		trace_rcu_grace_period(RCU_TRACE_NAME, rdp->gp_seq, "cpuend");
	if (gp_seq_new_gp(rdp->gp_seq, rnp->gp_seq)) {
		bool need_qs = !!(rnp->qsmask & rdp->grpmask);

		trace_rcu_grace_period(RCU_TRACE_NAME, rnp->gp_seq, "cpustart");

		rdp->cpu_no_qs = need_qs;
		rdp->core_needs_qs = need_qs;
		rdp->ticks_this_gp = 0;
	}
	WRITE_ONCE(rdp->gp_seq, rnp->gp_seq);
	return ret;
}

static void note_gp_changes(struct rcu_data *rdp)
{
	struct rcu_node *rnp = rdp->mynode;
	unsigned long flags;
	bool wake;

	local_irq_save(flags);
	if (rdp->gp_seq == READ_ONCE(rnp->gp_seq) || !spin_trylock(&rnp->lock)) {
		local_irq_restore(flags);
		return;
	}
	wake = __note_gp_changes(rnp, rdp);
	spin_unlock_irqrestore(&rnp->lock, flags);
	if (wake)
		rcu_gp_kthread_wake();
}

/* ---- quiescent states ---- */

/*
 * This CPU passed through a quiescent state: record it (cheap, per CPU).
 * Interrupts must be off: the caller must not migrate between finding
 * this CPU's state and writing it, and the expedited IPI handler, which
 * reports through rcu_exp_note_qs() too, must not run in between.
 */
void rcu_qs(void)
{
	struct rcu_data *rdp = this_cpu_ptr(&rcu_data);

	if (IS_ENABLED(CONFIG_PROVE_RCU))
		WARN_ON_ONCE(!irqs_disabled());
	if (READ_ONCE(rdp->cpu_no_qs)) {
		trace_rcu_grace_period(RCU_TRACE_NAME, rdp->gp_seq, "cpuqs");
		WRITE_ONCE(rdp->cpu_no_qs, false);
	}
	WRITE_ONCE(rdp->last_qs_jiffies, jiffies);
	rcu_exp_note_qs();
}

/**
 * rcu_note_context_switch() - the scheduler switches tasks on this CPU
 * @preempt: the switch is a preemption
 *
 * A context switch is a quiescent state of the CPU: a non-preemptible
 * reader cannot be switched away from, and a preemptible one is queued
 * on the CPU's leaf first (rcu/tree_preempt.c), which then holds the
 * grace period up for it.  Called with interrupts off, before the
 * run-queue lock is taken; the report to the tree happens in
 * RCU_SOFTIRQ.
 */
void rcu_note_context_switch(bool preempt)
{
	rcu_preempt_note_context_switch(preempt);
	rcu_qs();
}

/*
 * cond_resched() and friends: a voluntary quiescent state.  Called with
 * interrupts on, and in a preemptible kernel preemptible: without the
 * local_irq_save(), the expedited IPI could report this CPU between
 * rcu_exp_note_qs()'s test and its clearing of the flag, and the CPU
 * would be counted twice (the expedited grace period then ended early or
 * never), or the task could migrate and report a quiescent state for a
 * CPU that may be inside a reader.
 */
void rcu_all_qs(void)
{
	unsigned long flags;

	/* Preemptible readers may call cond_resched(): not a QS for them. */
	if (IS_ENABLED(CONFIG_PREEMPT_RCU) && (rcu_preempt_depth() || preempt_count()))
		return;
	/*
	 * Nothing to report (the common case in a loop calling
	 * cond_resched()): no interrupt toggling.  Each load is one per-CPU
	 * instruction; if the task moved meanwhile, the next call reports.
	 */
	if (!this_cpu_read(rcu_data.cpu_no_qs) && !this_cpu_read(rcu_exp_qs_pending) &&
	    this_cpu_read(rcu_data.last_qs_jiffies) == jiffies)
		return;
	local_irq_save(flags);
	rcu_qs();
	local_irq_restore(flags);
}

/*
 * Report this CPU's quiescent state for the grace period it noticed, if
 * it is still the current one.
 */
static void rcu_report_qs_rdp(struct rcu_data *rdp)
{
	struct rcu_node *rnp = rdp->mynode;
	unsigned long flags;
	bool wake = false;

	spin_lock_irqsave(&rnp->lock, flags);
	if (rdp->cpu_no_qs || rdp->gp_seq != rnp->gp_seq) {
		/* The QS predates this grace period: wait for another. */
		rdp->cpu_no_qs = true;
		spin_unlock_irqrestore(&rnp->lock, flags);
		return;
	}
	rdp->core_needs_qs = false;
	if (!(rnp->qsmask & rdp->grpmask)) {
		spin_unlock_irqrestore(&rnp->lock, flags);
		return;
	}
	/* Callbacks queued before this QS can wait for the next grace period. */
	wake = rcu_accelerate_cbs(rnp, rdp);
	rcu_report_qs_rnp(rdp->grpmask, rnp, rnp->gp_seq, flags);
	if (wake)
		rcu_gp_kthread_wake();
}

/**
 * rcu_report_qs_rnp() - clear @mask in @rnp and propagate up the tree
 * @mask: bits to clear
 * @rnp: node, locked by the caller with irqs saved in @flags
 * @gps: the grace period the report is for
 * @flags: released on return
 *
 * When the root's mask empties (and, if the root is a leaf, no preempted
 * reader holds it up) the grace period is over and the kthread is woken
 * to clean up.
 */
void rcu_report_qs_rnp(unsigned long mask, struct rcu_node *rnp,
		       unsigned long gps, unsigned long flags)
{
	for (;;) {
		if (!(rnp->qsmask & mask) || rnp->gp_seq != gps) {
			spin_unlock_irqrestore(&rnp->lock, flags);
			return;
		}
		WRITE_ONCE(rnp->qsmask, rnp->qsmask & ~mask);
		trace_rcu_quiescent_state_report(RCU_TRACE_NAME, gps, mask,
						 rnp->qsmask, rnp->level,
						 rnp->grplo, rnp->grphi,
						 rcu_preempt_blocked_readers_cgp(rnp));
		/* A leaf also waits for its tasks preempted in readers. */
		if (rnp->qsmask || rcu_preempt_blocked_readers_cgp(rnp)) {
			spin_unlock_irqrestore(&rnp->lock, flags);
			return;
		}
		mask = rnp->grpmask;
		if (!rnp->parent)
			break;
		spin_unlock(&rnp->lock);
		rnp = rnp->parent;
		spin_lock(&rnp->lock);
	}
	spin_unlock_irqrestore(&rnp->lock, flags);
	rcu_gp_kthread_wake();
}

static void rcu_check_quiescent_state(struct rcu_data *rdp)
{
	note_gp_changes(rdp);
	if (!READ_ONCE(rdp->core_needs_qs) || READ_ONCE(rdp->cpu_no_qs))
		return;
	rcu_report_qs_rdp(rdp);
}

/* ---- the grace-period kthread ---- */

static bool rcu_gp_init(void)
{
	struct rcu_node *root = rcu_get_root(), *rnp;
	struct rcu_data *rdp;
	unsigned int cpu;
	unsigned long flags;
	u64 t0;

	spin_lock_irq(&root->lock);
	if (!READ_ONCE(rcu_state.gp_flags) || rcu_gp_in_progress()) {
		WRITE_ONCE(rcu_state.gp_flags, 0);
		spin_unlock_irq(&root->lock);
		return false;
	}
	WRITE_ONCE(rcu_state.gp_flags, 0);
	WRITE_ONCE(rcu_state.gp_start, jiffies);
	rcu_state.gp_start_ns = ktime_get_ns();
	WRITE_ONCE(rcu_state.gp_state, RCU_GP_INIT);
	/*
	 * The stall clock is set before the grace period is seen to start:
	 * a tick that sees the new ->gp_seq must not check the previous
	 * grace period's (or, at boot, a zero) ->jiffies_stall.  Pairs with
	 * the smp_rmb() in rcu_check_stall().
	 */
	rcu_stall_reset();
	smp_mb();
	WRITE_ONCE(rcu_state.gp_seq, rcu_state.gp_seq + 1);	/* start */
	smp_mb();
	spin_unlock_irq(&root->lock);
	trace_rcu_grace_period(RCU_TRACE_NAME, rcu_state.gp_seq, "start");
	t0 = ktime_get_ns();

	/*
	 * Participants: leaves take the CPUs online now (->qsmaskinitnext,
	 * which CPU hotplug changes at any time, is sampled only here);
	 * parents, children with participants.  A leaf whose CPUs are all
	 * offline still takes part while tasks preempted in readers are
	 * queued on it: the grace period must wait for them.
	 */
	for (int l = rcu_state.geo.levels - 1; l >= 0; l--) {
		for (rnp = rcu_state.level[l];
		     rnp < &rcu_state.node[rcu_state.geo.level_first[l] +
					   rcu_state.geo.level_cnt[l]]; rnp++) {
			spin_lock_irqsave(&rnp->lock, flags);
			if (rcu_is_leaf_node(rnp))
				rnp->qsmaskinit = rnp->qsmaskinitnext;
			if (rnp->parent && (rnp->qsmaskinit || rcu_preempt_has_tasks(rnp)))
				rnp->parent->qsmaskinit |= rnp->grpmask;
			spin_unlock_irqrestore(&rnp->lock, flags);
		}
	}
	/* Root first, so a child's report always finds its parent armed. */
	rcu_for_each_node_breadth_first(rnp) {
		unsigned long gone;

		spin_lock_irqsave(&rnp->lock, flags);
		WRITE_ONCE(rnp->qsmask, rnp->qsmaskinit);
		if (rcu_is_leaf_node(rnp) && rcu_leaf_participates(rnp))
			rcu_preempt_gp_init_leaf(rnp);
		WRITE_ONCE(rnp->gp_seq, rcu_state.gp_seq);
		trace_rcu_grace_period_init(RCU_TRACE_NAME, rnp->gp_seq, rnp->level,
					    rnp->grplo, rnp->grphi, rnp->qsmask);
		rdp = this_cpu_ptr(&rcu_data);
		if (rnp == rdp->mynode)
			__note_gp_changes(rnp, rdp);
		rcu_state.gp_nodes_visited++;
		/*
		 * CPUs that went offline since ->qsmaskinit was sampled hold
		 * no reader (rcutree_report_dead() found this GP not yet
		 * armed here): report them now, or the GP would wait forever.
		 */
		gone = rcu_is_leaf_node(rnp) ? rnp->qsmask & ~rnp->qsmaskinitnext : 0;
		if (gone) {
			rcu_state.n_gp_init_offline++;
			rcu_report_qs_rnp(gone, rnp, rcu_state.gp_seq, flags);
		} else {
			spin_unlock_irqrestore(&rnp->lock, flags);
		}
		/* A node with no participants (and no blocked task) reports at once. */
		if (!rnp->qsmaskinit && rnp->parent &&
		    !rcu_preempt_blocked_readers_cgp(rnp)) {
			spin_lock_irqsave(&rnp->parent->lock, flags);
			rcu_report_qs_rnp(rnp->grpmask, rnp->parent,
					  rcu_state.gp_seq, flags);
		}
	}
	/* Parents' qsmaskinit is rebuilt from scratch next time. */
	rcu_for_each_node_breadth_first(rnp)
		if (!rcu_is_leaf_node(rnp))
			rnp->qsmaskinit = 0;
	for_each_online_cpu(cpu)
		per_cpu_ptr(&rcu_data, cpu)->rcu_forced_resched = false;
	rcu_state.gp_kthread_ns += ktime_get_ns() - t0;
	return true;
}

/*
 * Report quiescent states for CPUs that cannot or need not do it
 * themselves: idle CPUs (sampled without waking them), CPUs that have
 * been idle since the grace period started.  Nudge the others.
 */
static void rcu_force_qs(bool first)
{
	struct rcu_node *rnp;
	unsigned long flags;
	unsigned int cpu;
	u64 t0 = ktime_get_ns();

	rcu_state.n_force_qs++;
	rcu_for_each_leaf_node(rnp) {
		unsigned long mask = 0;

		rcu_state.gp_nodes_visited++;
		rcu_boost_check(rnp);
		spin_lock_irqsave(&rnp->lock, flags);
		if (!rnp->qsmask) {
			spin_unlock_irqrestore(&rnp->lock, flags);
			continue;
		}
		for_each_leaf_node_cpu_mask(rnp, cpu, rnp->qsmask) {
			struct rcu_data *rdp = per_cpu_ptr(&rcu_data, cpu);

			rcu_state.gp_cpu_checks++;
			if (first) {
				rdp->watching_snap = rcu_watching_snap(cpu);
				if (rcu_watching_in_eqs(rdp->watching_snap)) {
					trace_rcu_fqs(RCU_TRACE_NAME, rnp->gp_seq, cpu, "dti");
					mask |= rdp->grpmask;
				}
			} else if (rcu_watching_changed(cpu, rdp->watching_snap)) {
				trace_rcu_fqs(RCU_TRACE_NAME, rnp->gp_seq, cpu, "dti");
				mask |= rdp->grpmask;
			} else if (time_after(jiffies, rcu_state.gp_start +
					      jiffies_till_sched_qs) &&
				   !rdp->rcu_forced_resched) {
				/* Make it reschedule: a context switch is a QS. */
				trace_rcu_fqs(RCU_TRACE_NAME, rnp->gp_seq, cpu, "kick");
				rdp->rcu_forced_resched = true;
				resched_cpu(cpu);
			}
		}
		if (mask)
			rcu_report_qs_rnp(mask, rnp, rnp->gp_seq, flags);
		else
			spin_unlock_irqrestore(&rnp->lock, flags);
	}
	rcu_state.gp_kthread_ns += ktime_get_ns() - t0;
}

/* Has every CPU reported, and does no preempted reader hold the root up? */
static bool rcu_gp_root_done(void)
{
	struct rcu_node *root = rcu_get_root();

	return !READ_ONCE(root->qsmask) && !rcu_preempt_blocked_readers_cgp(root);
}

static void rcu_gp_fqs_loop(void)
{
	struct rcu_node *root = rcu_get_root();
	bool first = true;
	long j;

	for (;;) {
		j = first ? jiffies_till_first_fqs : jiffies_till_next_fqs;
		if (rcu_segcblist_n_cbs(&this_cpu_ptr(&rcu_data)->cblist) > qhimark)
			j = 1;
		WRITE_ONCE(rcu_state.gp_state, RCU_GP_WAIT_FQS);
		wait_event_timeout(rcu_state.gp_wq,
				   rcu_gp_root_done() ||
				   (READ_ONCE(rcu_state.gp_flags) & RCU_GP_FLAG_FQS),
				   max(j, 1L));
		WRITE_ONCE(rcu_state.gp_activity, jiffies);
		if (rcu_gp_root_done())
			break;
		WRITE_ONCE(rcu_state.gp_state, RCU_GP_DOING_FQS);
		spin_lock_irq(&root->lock);
		WRITE_ONCE(rcu_state.gp_flags, rcu_state.gp_flags & ~RCU_GP_FLAG_FQS);
		spin_unlock_irq(&root->lock);
		rcu_force_qs(first);
		first = false;
		rcu_check_stall(NULL);
	}
}

static void rcu_gp_cleanup(void)
{
	struct rcu_data *rdp;
	struct rcu_node *rnp;
	unsigned long new_gp_seq, flags;
	bool needgp = false;
	u64 now = ktime_get_ns();

	WRITE_ONCE(rcu_state.gp_state, RCU_GP_CLEANUP);
	new_gp_seq = gp_seq_endval(rcu_state.gp_seq);
	/* Each node learns the end; requests seen there ask for another GP. */
	rcu_for_each_node_breadth_first(rnp) {
		spin_lock_irqsave(&rnp->lock, flags);
		WRITE_ONCE(rnp->gp_seq, new_gp_seq);
		if (ULONG_CMP_LT(rnp->gp_seq, rnp->gp_seq_needed))
			needgp = true;
		rdp = this_cpu_ptr(&rcu_data);
		if (rnp == rdp->mynode)
			needgp = __note_gp_changes(rnp, rdp) || needgp;
		rcu_state.gp_nodes_visited++;
		spin_unlock_irqrestore(&rnp->lock, flags);
	}
	rnp = rcu_get_root();
	spin_lock_irq(&rnp->lock);
	smp_mb();
	WRITE_ONCE(rcu_state.gp_seq, new_gp_seq);	/* end */
	smp_mb();
	trace_rcu_grace_period(RCU_TRACE_NAME, new_gp_seq, "end");
	WRITE_ONCE(rcu_state.gp_count, rcu_state.gp_count + 1);
	if (now - rcu_state.gp_start_ns > rcu_state.gp_max_ns)
		rcu_state.gp_max_ns = now - rcu_state.gp_start_ns;
	if (ULONG_CMP_LT(new_gp_seq, rcu_state.gp_seq_needed) || needgp)
		WRITE_ONCE(rcu_state.gp_flags, RCU_GP_FLAG_INIT);
	WRITE_ONCE(rcu_state.gp_state, RCU_GP_IDLE);
	spin_unlock_irq(&rnp->lock);
	rcu_state.gp_kthread_ns += ktime_get_ns() - now;
}

static int rcu_gp_kthread(void *unused)
{
	for (;;) {
		WRITE_ONCE(rcu_state.gp_state, RCU_GP_WAIT_GPS);
		/* Waiting for work: not a hung task, however long it lasts. */
		wait_event_idle(rcu_state.gp_wq,
				READ_ONCE(rcu_state.gp_flags) & RCU_GP_FLAG_INIT);
		WRITE_ONCE(rcu_state.gp_activity, jiffies);
		if (!rcu_gp_init())
			continue;
		rcu_gp_fqs_loop();
		rcu_gp_cleanup();
		/* Wake CPUs waiting to invoke callbacks: their tick will see it. */
	}
	return 0;
}

/* ---- callbacks ---- */

/*
 * A batch is bounded in time as well as in number: with the limit raised
 * for a flood (DEFAULT_MAX_RCU_BLIMIT), invoking it in one go could keep
 * this CPU in softirq for seconds when callbacks are slow, holding off
 * its tasks, readers included, and its quiescent states.  Callbacks are
 * taken RCU_BATCH_CHUNK at a time until the limit or RCU_BATCH_TIME_NS,
 * the clock read every RCU_BATCH_CLOCK_CHUNKS chunks (under TCG a clock
 * read costs microseconds, more than a few callbacks); what is left is
 * invoked by the next RCU_SOFTIRQ (raised below).
 *
 * A task interrupted at the wrong moment (a reader, say) can still see
 * several batches in a row, one per interrupt exit, as on Linux: holding
 * callbacks off for as long as a batch ran was tried, and with callbacks
 * getting only half of a flooded CPU the backlog grew without bound
 * (2 CPUs: 640,000 callbacks, 90 MiB after 20 s, against 36,000).
 * `rcuqoi flood` reports what readers see: batches and callback time
 * inside one reader section.
 */
#define RCU_BATCH_TIME_NS	(3 * NSEC_PER_MSEC)
#define RCU_BATCH_CHUNK		64L
#define RCU_BATCH_CLOCK_CHUNKS	4

/* Invoke a batch of ready callbacks (RCU_SOFTIRQ). */
static void rcu_do_batch(struct rcu_data *rdp)
{
	struct rcu_cblist done;
	struct rcu_head *rhp;
	unsigned long flags;
	long n, bl, total = 0;
	unsigned int chunks = 0;
	u64 t0 = ktime_get_ns(), tlimit = t0 + RCU_BATCH_TIME_NS;

	local_irq_save(flags);
	bl = max(rdp->blimit, rcu_segcblist_n_cbs(&rdp->cblist) > qhimark ?
		 (long)DEFAULT_MAX_RCU_BLIMIT : rdp->blimit);
	trace_rcu_batch_start(RCU_TRACE_NAME, rcu_segcblist_n_cbs(&rdp->cblist), bl);
	local_irq_restore(flags);
	do {
		local_irq_save(flags);
		n = rcu_segcblist_extract_done(&rdp->cblist,
					       min(bl - total, RCU_BATCH_CHUNK), &done);
		local_irq_restore(flags);
		while ((rhp = rcu_cblist_dequeue(&done))) {
			trace_rcu_invoke_callback(RCU_TRACE_NAME, rhp, rhp->func);
			rcu_reclaim_one(rhp);
		}
		/*
		 * Only now do they leave the count: rcu_barrier() skips a CPU
		 * whose count reads zero, and must see their effects then.
		 */
		if (n) {
			smp_mb();
			local_irq_save(flags);
			rcu_segcblist_add_len(&rdp->cblist, -n);
			local_irq_restore(flags);
		}
		total += n;
	} while (n && total < bl &&
		 (++chunks % RCU_BATCH_CLOCK_CHUNKS || ktime_get_ns() < tlimit));

	local_irq_save(flags);
	trace_rcu_batch_end(RCU_TRACE_NAME, total,
			    rcu_segcblist_ready_cbs(&rdp->cblist), need_resched(),
			    is_idle_task(current), false);
	rdp->n_cbs_invoked += total;
	WRITE_ONCE(rdp->batch_ns, rdp->batch_ns + ktime_get_ns() - t0);
	WRITE_ONCE(rdp->n_batches, rdp->n_batches + 1);
	/* Flood over: back to small batches, reset the flood check. */
	if (rcu_segcblist_n_cbs(&rdp->cblist) < qlowmark) {
		rdp->blimit = blimit;
		rdp->qlen_last_fqs_check = 0;
	}
	if (rcu_segcblist_ready_cbs(&rdp->cblist))
		invoke_rcu_core();
	local_irq_restore(flags);
}

/* RCU_SOFTIRQ: catch up with grace periods, report QS, invoke callbacks. */
static void rcu_core(void)
{
	struct rcu_data *rdp = this_cpu_ptr(&rcu_data);
	struct rcu_node *rnp = rdp->mynode;
	unsigned long flags;

	if (!rdp->beenonline)
		return;
	rcu_check_quiescent_state(rdp);
	/* Callbacks without a grace period yet?  Ask for one. */
	local_irq_save(flags);
	if (!rcu_gp_in_progress() && rcu_segcblist_pend_cbs(&rdp->cblist) &&
	    spin_trylock(&rnp->lock)) {
		bool wake = rcu_accelerate_cbs(rnp, rdp);

		spin_unlock(&rnp->lock);
		local_irq_restore(flags);
		if (wake)
			rcu_gp_kthread_wake();
	} else {
		local_irq_restore(flags);
	}
	if (rcu_segcblist_ready_cbs(&rdp->cblist))
		rcu_do_batch(rdp);
}

static void call_rcu_flood_check(struct rcu_data *rdp)
{
	long n = rcu_segcblist_n_cbs(&rdp->cblist);

	/* Evasive action on a callback flood: bigger batches, faster GPs. */
	if (n > qhimark && n > rdp->qlen_last_fqs_check + qhimark) {
		rdp->blimit = DEFAULT_MAX_RCU_BLIMIT;
		rdp->qlen_last_fqs_check = n;
		WRITE_ONCE(rcu_state.n_flood_checks, rcu_state.n_flood_checks + 1);
		/*
		 * Under the root's lock, like every other update of
		 * ->gp_flags: an unlocked read-modify-write here could
		 * overwrite a concurrent RCU_GP_FLAG_INIT and lose a request
		 * for a grace period.  Interrupts are already off.
		 */
		spin_lock(&rcu_get_root()->lock);
		WRITE_ONCE(rcu_state.gp_flags, rcu_state.gp_flags | RCU_GP_FLAG_FQS);
		spin_unlock(&rcu_get_root()->lock);
		rcu_gp_kthread_wake();
	}
}

void call_rcu(struct rcu_head *head, rcu_callback_t func)
{
	struct rcu_data *rdp;
	unsigned long flags;

	RCU_LOCKDEP_WARN(in_nmi(), "Illegal call_rcu() from NMI context");
	if (!rcu_head_debug_queue(head))
		return;		/* double call_rcu(): reported, not queued */
	head->func = func;
	local_irq_save(flags);
	rdp = this_cpu_ptr(&rcu_data);
	rcu_segcblist_enqueue(&rdp->cblist, head);
	rdp->n_cbs_queued++;
	trace_rcu_callback(RCU_TRACE_NAME, head, func,
			   rcu_segcblist_n_cbs(&rdp->cblist));
	call_rcu_flood_check(rdp);
	/* Ask for a grace period from softirq, not from this context. */
	if (!rcu_gp_in_progress() || irqs_disabled_flags(flags) ||
	    rcu_segcblist_n_cbs(&rdp->cblist) == 1)
		raise_softirq_irqoff(RCU_SOFTIRQ);
	local_irq_restore(flags);
}

/* ---- the scheduling-clock tick ---- */

static bool rcu_pending(struct rcu_data *rdp)
{
	struct rcu_node *rnp = rdp->mynode;

	if (!rdp->beenonline)
		return false;
	if (READ_ONCE(rdp->core_needs_qs) && !READ_ONCE(rdp->cpu_no_qs))
		return true;
	if (rcu_segcblist_ready_cbs(&rdp->cblist))
		return true;
	if (!rcu_gp_in_progress() && rcu_segcblist_pend_cbs(&rdp->cblist))
		return true;
	if (READ_ONCE(rdp->gp_seq) != READ_ONCE(rnp->gp_seq))
		return true;
	return false;
}

/**
 * rcu_sched_clock_irq() - RCU's part of the scheduling-clock interrupt
 * @user: the tick interrupted user mode (never, in rcuos)
 *
 * A tick that interrupted the idle loop is a quiescent state, and with
 * preemptible RCU so is one that interrupted preemptible code outside
 * a reader.
 */
void rcu_sched_clock_irq(int user)
{
	struct rcu_data *rdp = this_cpu_ptr(&rcu_data);

	rdp->ticks_this_gp++;
	if (user || rcu_irq_from_idle() || rcu_preempt_tick_qs())
		rcu_qs();
	rcu_check_stall(rdp);
	if (rcu_pending(rdp))
		invoke_rcu_core();
}

bool rcu_needs_cpu(void)
{
	return !rcu_segcblist_empty(&this_cpu_ptr(&rcu_data)->cblist);
}

/* ---- synchronize_rcu() and the polled API ---- */

void synchronize_rcu(void)
{
	RCU_LOCKDEP_WARN(rcu_read_lock_any_held(),
			 "Illegal synchronize_rcu() in RCU read-side critical section");
	/*
	 * A preemptible reader that waits for a grace period waits for
	 * itself: after the splat, return rather than hang.  (In a
	 * non-preemptible build the wait's context switch ends the
	 * illusory reader, so waiting is harmless and still a real GP.)
	 */
	if (rcu_preempt_depth())
		return;
	might_sleep();
	if (!rcu_scheduler_active)
		return;		/* early boot: one thread, no readers elsewhere */
	rcu_wait_for_callback();
}

void cond_synchronize_rcu(unsigned long oldstate)
{
	/* May sleep whatever the cookie says: illegal in any reader. */
	RCU_LOCKDEP_WARN(rcu_read_lock_any_held(),
			 "Illegal cond_synchronize_rcu() in RCU read-side critical section");
	if (!poll_state_synchronize_rcu(oldstate))
		synchronize_rcu();
}

/*
 * A polled cookie holds two 32-bit targets: the normal grace-period
 * sequence (low half) and the expedited one (high half).  The cookie is
 * done when either has been reached, so an expedited grace period that
 * started after the cookie was taken completes it too.  32-bit halves
 * compare wrap-safely as long as fewer than 2^31 grace periods pass
 * between taking and polling a cookie.  The low half is a snapshot
 * (low two bits zero), so no cookie equals RCU_GET_STATE_COMPLETED.
 */
static unsigned long rcu_make_cookie(void)
{
	u32 normal = gp_seq_snap_val(READ_ONCE(rcu_state.gp_seq));
	u32 exp = gp_seq_snap_val(READ_ONCE(rcu_state.expedited_sequence));

	return ((unsigned long)exp << 32) | normal;
}

static bool rcu_cookie_done(unsigned long cookie)
{
	u32 normal = READ_ONCE(rcu_state.gp_seq);
	u32 exp = READ_ONCE(rcu_state.expedited_sequence);

	return (s32)(normal - (u32)cookie) >= 0 ||
	       (s32)(exp - (u32)(cookie >> 32)) >= 0;
}

unsigned long get_state_synchronize_rcu(void)
{
	smp_mb();	/* order the caller's prior accesses before the snapshot */
	return rcu_make_cookie();
}

unsigned long start_poll_synchronize_rcu(void)
{
	unsigned long flags, cookie = get_state_synchronize_rcu();
	unsigned long gp_seq = gp_seq_snap_val(READ_ONCE(rcu_state.gp_seq));
	struct rcu_data *rdp;
	struct rcu_node *rnp;
	bool wake;

	local_irq_save(flags);
	rdp = this_cpu_ptr(&rcu_data);
	rnp = rdp->mynode;
	spin_lock(&rnp->lock);
	wake = rcu_start_this_gp(rnp, rdp, gp_seq);
	spin_unlock_irqrestore(&rnp->lock, flags);
	if (wake)
		rcu_gp_kthread_wake();
	return cookie;
}

bool poll_state_synchronize_rcu(unsigned long oldstate)
{
	if (oldstate == RCU_GET_STATE_COMPLETED || rcu_cookie_done(oldstate)) {
		smp_mb();	/* order the grace period before the caller's accesses */
		return true;
	}
	return false;
}

/* ---- rcu_barrier() ---- */

/*
 * rcu_barrier() visits every CPU in turn, holding the hotplug lock only
 * while it looks at one, so that CPUs may go offline while it waits for
 * IPIs and grace periods.  A CPU's callbacks are covered by one barrier
 * callback queued behind them: by the visit (on the CPU's own list, and
 * it moves with them if the CPU dies later), or, when the CPU dies before
 * its visit, by rcu_barrier_dead_cpu() on the list they moved to.
 * ->barrier_seq_snap says which of the two happened, under barrier_lock,
 * so a CPU's callbacks are covered once and its barrier_head is never
 * queued twice.
 */
static void rcu_barrier_callback(struct rcu_head *rhp)
{
	if (atomic_dec_and_test(&rcu_state.barrier_cpu_count))
		complete(&rcu_state.barrier_completion);
}

static DEFINE_PER_CPU(struct rcu_head, barrier_head);

/*
 * Cover @cpu's callbacks, now on this CPU's list, with @cpu's barrier_head,
 * unless that is done for the rcu_barrier() in progress.  Irqs off.
 */
static void rcu_barrier_entrain_for(unsigned int cpu)
{
	struct rcu_data *rdp = per_cpu_ptr(&rcu_data, cpu);
	struct rcu_head *rhp = per_cpu_ptr(&barrier_head, cpu);
	unsigned long seq;

	spin_lock(&rcu_state.barrier_lock);
	seq = rcu_state.barrier_seq;
	if (!(seq & 1) || rdp->barrier_seq_snap == seq) {
		spin_unlock(&rcu_state.barrier_lock);
		return;
	}
	WRITE_ONCE(rdp->barrier_seq_snap, seq);
	/* The count, not the list: it includes callbacks being invoked. */
	if (rcu_segcblist_n_cbs(&this_cpu_ptr(&rcu_data)->cblist)) {
		/* The count is held up by rcu_barrier() while seq is odd. */
		atomic_inc(&rcu_state.barrier_cpu_count);
		init_rcu_head(rhp);
		call_rcu(rhp, rcu_barrier_callback);
	}
	spin_unlock(&rcu_state.barrier_lock);
}

/* IPI: queue a barrier callback behind this CPU's callbacks, if any. */
static void rcu_barrier_entrain(void *unused)
{
	rcu_barrier_entrain_for(smp_processor_id());
}

/**
 * rcu_barrier_dead_cpu() - cover a dead CPU's callbacks for rcu_barrier()
 * @cpu: the CPU whose callbacks were just moved to this one
 *
 * Called by the RCU dead-CPU step after the move, interrupts disabled.
 * If an rcu_barrier() in progress had not visited @cpu yet, it may have
 * visited this CPU already: queue a barrier callback behind the moved
 * ones for it.
 */
void rcu_barrier_dead_cpu(unsigned int cpu)
{
	rcu_barrier_entrain_for(cpu);
}

/*
 * Visit @cpu without an IPI if it has nothing to cover: it is offline (its
 * callbacks moved to an online CPU), or its callback count reads zero.
 * The count includes callbacks being invoked (rcu_do_batch() subtracts
 * them after their invocation and a full barrier), so zero means every
 * callback queued there before this rcu_barrier() began (ordered by its
 * smp_mb()) has run.  A callback queued meanwhile is one rcu_barrier()
 * need not wait for.  The caller holds the hotplug lock, so @cpu cannot
 * die or hand over its callbacks in between; the snapshot under
 * barrier_lock keeps rcu_barrier_dead_cpu() from covering @cpu later.
 *
 * Return: true if @cpu was covered so, false if it needs the IPI.
 */
static bool rcu_barrier_skip(unsigned int cpu)
{
	struct rcu_data *rdp = per_cpu_ptr(&rcu_data, cpu);
	unsigned long flags;
	bool skip;

	spin_lock_irqsave(&rcu_state.barrier_lock, flags);
	skip = !cpu_online(cpu) || !rcu_segcblist_n_cbs(&rdp->cblist);
	if (skip)
		WRITE_ONCE(rdp->barrier_seq_snap, rcu_state.barrier_seq);
	spin_unlock_irqrestore(&rcu_state.barrier_lock, flags);
	return skip;
}

static void rcu_barrier_seq_inc(void)
{
	unsigned long flags;

	spin_lock_irqsave(&rcu_state.barrier_lock, flags);
	WRITE_ONCE(rcu_state.barrier_seq, rcu_state.barrier_seq + 1);
	spin_unlock_irqrestore(&rcu_state.barrier_lock, flags);
}

#ifdef CONFIG_KUNIT
void (*rcu_barrier_test_fn)(unsigned int cpu);

void rcu_barrier_test_hook(unsigned int cpu)
{
	void (*fn)(unsigned int cpu) = READ_ONCE(rcu_barrier_test_fn);

	if (fn)
		fn(cpu);
}
#endif

void rcu_barrier(void)
{
	unsigned int cpu;

	mutex_lock(&rcu_state.barrier_mutex);
	init_completion(&rcu_state.barrier_completion);
	/* One extra count so the completion cannot fire before all are queued. */
	atomic_set(&rcu_state.barrier_cpu_count, 1);
	rcu_barrier_seq_inc();
	smp_mb();	/* the callers' call_rcu()s before the counts are read */
	for_each_possible_cpu(cpu) {
		/* Only around the visit: remove_cpu() need not wait for us. */
		cpus_read_lock();
		if (!rcu_barrier_skip(cpu)) {
			rcu_state.n_barrier_ipis++;
			per_cpu_ptr(&rcu_data, cpu)->n_barrier_ipis++;
			smp_call_function_single(cpu, rcu_barrier_entrain, NULL, true);
		}
		cpus_read_unlock();
		rcu_barrier_test_hook(cpu);
		cond_resched();	/* 255 CPUs on an overcommitted host take a while */
	}
	/* Every CPU is covered: dead-CPU steps from now on need not be. */
	rcu_barrier_seq_inc();
	if (atomic_dec_and_test(&rcu_state.barrier_cpu_count))
		complete(&rcu_state.barrier_completion);
	wait_for_completion(&rcu_state.barrier_completion);
	mutex_unlock(&rcu_state.barrier_mutex);
}

/* ---- init and the shell ---- */

void __init rcu_init(void)
{
	rcu_init_tree();
	init_waitqueue_head(&rcu_state.gp_wq);
	mutex_init(&rcu_state.barrier_mutex);
	spin_lock_init(&rcu_state.barrier_lock);
	rcu_exp_init();
	open_softirq(RCU_SOFTIRQ, rcu_core);
	rcu_hotplug_init();
	rcu_cpu_starting(smp_processor_id());
	pr_info("rcu: Tree RCU, %d rcu_node%s in %d level%s (fanout %d, leaf %d) for %u CPUs, gp_seq starts at %#lx\n",
		rcu_state.geo.num_nodes, rcu_state.geo.num_nodes == 1 ? "" : "s",
		rcu_state.geo.levels, rcu_state.geo.levels == 1 ? "" : "s",
		CONFIG_RCU_FANOUT, CONFIG_RCU_FANOUT_LEAF, nr_cpu_ids, rcu_state.gp_seq);
}

/* Once kthreads can run: start the grace-period kthread. */
void __init rcu_init_late(void)
{
	struct task_struct *t = kthread_run(rcu_gp_kthread, NULL, "rcu_gp");

	if (IS_ERR_OR_NULL(t))
		panic("rcu: cannot start the grace-period kthread");
	if (kthread_prio > 0) {
		struct sched_param sp = { .sched_priority = min(kthread_prio, 99) };

		sched_setscheduler_nocheck(t, SCHED_FIFO, &sp);
	}
	WRITE_ONCE(rcu_state.gp_kthread, t);
	rcu_boost_kthreads_start();
	rcu_exp_kthreads_start();
	rcu_scheduler_active = true;
	rcu_gp_kthread_wake();
}

static const char *const gp_state_names[] = {
	"idle", "waiting for a request", "initializing", "waiting to force QS",
	"forcing QS", "cleaning up",
};

const char *rcu_gp_state_name(int state)
{
	return state >= 0 && state < (int)ARRAY_SIZE(gp_state_names) ?
	       gp_state_names[state] : "?";
}

void rcu_print_state(void)
{
	struct rcu_node *rnp;
	unsigned int cpu;

	printk("rcu: Tree RCU, gp_seq %#lx (counter %ld, %s), grace periods completed %lu\n",
	       rcu_state.gp_seq, (long)rcu_state.gp_seq >> GP_SEQ_CTR_SHIFT,
	       rcu_gp_in_progress() ? "in progress" : "idle", rcu_state.gp_count);
	printk("rcu: kthread %s, gp_seq_needed %#lx, forced-QS passes %lu, node visits %lu, CPU checks %lu, busy %llu us\n",
	       gp_state_names[READ_ONCE(rcu_state.gp_state)], rcu_state.gp_seq_needed,
	       rcu_state.n_force_qs, rcu_state.gp_nodes_visited, rcu_state.gp_cpu_checks,
	       (unsigned long long)(rcu_state.gp_kthread_ns / NSEC_PER_USEC));
	printk("rcu: hotplug: %lu outgoing CPUs reported as they went, %lu at grace-period start, %lu callbacks adopted\n",
	       rcu_state.n_offline_reports, rcu_state.n_gp_init_offline, rcu_state.n_cbs_migrated);
	printk("rcu: expedited: %lu grace periods, %lu callers served by another's, %lu IPIs; rcu_barrier(): %lu IPIs\n",
	       READ_ONCE(rcu_state.n_exp_gps), READ_ONCE(rcu_state.n_exp_shared),
	       READ_ONCE(rcu_state.n_exp_ipis), READ_ONCE(rcu_state.n_barrier_ipis));
	rcu_for_each_node_breadth_first(rnp) {
		printk("rcu: node %ld level %d CPUs %d-%d qsmask %#lx gp_seq %#lx needed %#lx\n",
		       (long)(rnp - rcu_state.node), rnp->level, rnp->grplo, rnp->grphi,
		       READ_ONCE(rnp->qsmask), READ_ONCE(rnp->gp_seq),
		       READ_ONCE(rnp->gp_seq_needed));
		if (rcu_is_leaf_node(rnp) && READ_ONCE(rnp->qsmaskinitnext) !=
		    (1UL << (rnp->grphi - rnp->grplo) << 1) - 1)
			printk("rcu:   online CPUs of this leaf (->qsmaskinitnext): %#lx\n",
			       READ_ONCE(rnp->qsmaskinitnext));
		if (rcu_is_leaf_node(rnp))
			rcu_preempt_print_blocked(rnp);
	}
	printk("rcu: CPU  callbacks: done wait next-ready next   invoked  queued  gp_seq\n");
	for_each_online_cpu(cpu) {
		struct rcu_data *rdp = per_cpu_ptr(&rcu_data, cpu);
		struct rcu_segcblist *l = &rdp->cblist;

		printk("rcu: %3u  %9ld: %4ld %4ld %10ld %4ld  %8lu %7lu  %#lx\n", cpu,
		       l->len, l->seglen[RCU_DONE_TAIL], l->seglen[RCU_WAIT_TAIL],
		       l->seglen[RCU_NEXT_READY_TAIL], l->seglen[RCU_NEXT_TAIL],
		       rdp->n_cbs_invoked, rdp->n_cbs_queued, rdp->gp_seq);
	}
}
