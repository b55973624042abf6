// SPDX-License-Identifier: GPL-2.0
/*
 * Tree RCU and CPU hotplug.
 *
 * Which CPUs a grace period waits for is decided when it starts: each
 * leaf's ->qsmaskinit is copied from ->qsmaskinitnext (the CPUs online in
 * RCU's view) in rcu_gp_init(), and parents take part when a child does.
 * So CPUs come and go at any time without changing the masks of the grace
 * period in flight:
 *
 *  - A CPU coming online (rcu_cpu_starting(), on the CPU before it
 *    enables interrupts) sets its ->qsmaskinitnext bit and waits from the
 *    next grace period on.  Its leaf's ->gp_seq is current even if every
 *    CPU of the leaf was offline: rcu_gp_init() and rcu_gp_cleanup() visit
 *    every node.
 *  - A CPU going offline (rcutree_report_dead(), its last step before it
 *    parks, interrupts off, in the idle task: no reader) clears its bit
 *    and, if the grace period in flight waits for it, reports a quiescent
 *    state for it, so that the grace period neither ends early nor hangs.
 *    One that goes between rcu_gp_init()'s sampling of ->qsmaskinitnext
 *    and the arming of its leaf is reported by rcu_gp_init() itself.  It
 *    also answers the expedited grace period it owes, under the leaf lock
 *    the expedited code marks CPUs under, and enters an extended
 *    quiescent state: its dyntick counter is even while it is offline.
 *  - Its callbacks then move to the CPU that ran remove_cpu()
 *    (rcutree_dead_cpu()), keeping their order and grace-period numbers
 *    (rcu_segcblist_merge()), so rcu_barrier() needs to look at online
 *    CPUs only.  If an rcu_barrier() in progress had not visited the dead
 *    CPU yet, a barrier callback for it is queued behind them here
 *    (rcu_barrier_dead_cpu()): this CPU may have been visited already.
 *  - Preemptible RCU: tasks preempted in readers stay queued on their
 *    leaf, whose grace periods wait for them even when all its CPUs are
 *    offline (rcu_gp_init() lets such a leaf take part).
 *
 * Tree SRCU needs nothing: its kthread walks every possible CPU's
 * counters and callbacks.
 */
#include <linux/kernel.h>
#include <linux/rcupdate.h>
#include <linux/smp.h>
#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/interrupt.h>
#include "tree.h"

void rcutree_report_dead(unsigned int cpu)
{
	struct rcu_data *rdp = this_cpu_ptr(&rcu_data);
	struct rcu_node *rnp = rdp->mynode;
	unsigned long mask = rdp->grpmask, flags;

	spin_lock_irqsave(&rnp->lock, flags);
	rcu_exp_note_qs();
	WRITE_ONCE(rnp->qsmaskinitnext, rnp->qsmaskinitnext & ~mask);
	rdp->cpu_no_qs = false;
	rdp->core_needs_qs = false;
	if (rnp->qsmask & mask) {
		rcu_state.n_offline_reports++;
		rcu_report_qs_rnp(mask, rnp, rnp->gp_seq, flags);
	} else {
		spin_unlock_irqrestore(&rnp->lock, flags);
	}
	rcu_watching_offline();
}

/*
 * CPUHP_RCUTREE_PREP teardown, on the CPU that ran remove_cpu(), once
 * @cpu is parked: adopt its callbacks.  Both lists first catch up with
 * the grace periods that ended; then the ones already numbered keep their
 * grace period (requested again here, in case the request was lost with
 * the CPU) and the others are numbered now.
 */
static int rcutree_dead_cpu(unsigned int cpu)
{
	struct rcu_data *rdp = per_cpu_ptr(&rcu_data, cpu);
	struct rcu_data *my_rdp;
	struct rcu_node *my_rnp;
	unsigned long flags, seq;
	bool wake = false;
	long n;

	if (rcu_segcblist_empty(&rdp->cblist))
		return 0;
	local_irq_save(flags);
	my_rdp = this_cpu_ptr(&rcu_data);
	my_rnp = my_rdp->mynode;
	spin_lock(&my_rnp->lock);
	n = rcu_segcblist_n_cbs(&rdp->cblist);
	rcu_segcblist_advance(&rdp->cblist, my_rnp->gp_seq);
	wake = rcu_advance_cbs(my_rnp, my_rdp);
	rcu_segcblist_merge(&my_rdp->cblist, &rdp->cblist);
	wake = rcu_advance_cbs(my_rnp, my_rdp) || wake;
	for (int i = RCU_NEXT_READY_TAIL; i >= RCU_WAIT_TAIL; i--) {
		/* The latest grace period any of them waits for. */
		if (my_rdp->cblist.seglen[i]) {
			seq = my_rdp->cblist.gp_seq[i];
			wake = rcu_start_this_gp(my_rnp, my_rdp, seq) || wake;
			break;
		}
	}
	spin_unlock(&my_rnp->lock);
	/* An rcu_barrier() that has not visited @cpu must wait for them here. */
	rcu_barrier_dead_cpu(cpu);
	rcu_state.n_cbs_migrated += n;
	if (rcu_segcblist_ready_cbs(&my_rdp->cblist))
		invoke_rcu_core();
	local_irq_restore(flags);
	if (wake)
		rcu_gp_kthread_wake();
	WARN_ON_ONCE(!rcu_segcblist_empty(&rdp->cblist));
	return 0;
}

void __init rcu_hotplug_init(void)
{
	cpuhp_setup_state_nocalls(CPUHP_RCUTREE_PREP, "rcutree:prepare", NULL,
				  rcutree_dead_cpu);
}

/** rcu_hotplug_get_stats() - RCU's hotplug counters, for tests */
void rcu_hotplug_get_stats(unsigned long *offline_reports, unsigned long *gp_init_offline,
			   unsigned long *cbs_migrated)
{
	*offline_reports = READ_ONCE(rcu_state.n_offline_reports);
	*gp_init_offline = READ_ONCE(rcu_state.n_gp_init_offline);
	*cbs_migrated = READ_ONCE(rcu_state.n_cbs_migrated);
}
