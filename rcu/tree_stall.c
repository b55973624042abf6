// SPDX-License-Identifier: GPL-2.0
/*
 * RCU CPU stall warnings.
 *
 * Checked by the grace-period kthread while it waits for quiescent
 * states: if the grace period is older than rcu_cpu_stall_timeout, name
 * every CPU whose bit is still set, with a backtrace taken by NMI, then
 * wait three times as long before the next warning (and double each
 * time), so a stall never floods the console.  No grace period waiting,
 * no warning: a reader that spins forever is only reported once a grace
 * period needs it to finish.
 */
#include <linux/kernel.h>
#include <linux/smp.h>
#include <linux/jiffies.h>
#include <linux/moduleparam.h>
#include <linux/rcupdate.h>
#include <asm/arch.h>
#include "tree.h"

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "rcupdate."

static int rcu_cpu_stall_timeout = CONFIG_RCU_CPU_STALL_TIMEOUT;
module_param(rcu_cpu_stall_timeout, int, 0644);
static bool rcu_cpu_stall_suppress;
module_param(rcu_cpu_stall_suppress, bool, 0644);

static unsigned long stall_interval;	/* jiffies until the next warning */

static unsigned long stall_timeout_jiffies(void)
{
	int t = clamp(READ_ONCE(rcu_cpu_stall_timeout), 3, 300);

	return (unsigned long)t * HZ;
}

/* A new grace period: the stall clock starts again. */
void rcu_stall_reset(void)
{
	stall_interval = stall_timeout_jiffies();
	WRITE_ONCE(rcu_state.jiffies_stall, jiffies + stall_interval);
}

void rcu_check_stall(void)
{
	unsigned long gps = READ_ONCE(rcu_state.gp_seq);
	unsigned long now = jiffies;
	struct rcu_node *rnp;
	unsigned int cpu;
	int ndetected = 0;

	if (rcu_cpu_stall_suppress || !gp_seq_state(gps) ||
	    time_before(now, READ_ONCE(rcu_state.jiffies_stall)))
		return;
	stall_interval = min(stall_interval * 3, 300UL * HZ);
	WRITE_ONCE(rcu_state.jiffies_stall, now + stall_interval);
	rcu_state.nr_stall_warnings++;

	printk(KERN_ERR "INFO: rcu detected stalls on CPUs/tasks:\n");
	rcu_for_each_leaf_node(rnp) {
		unsigned long mask = READ_ONCE(rnp->qsmask);

		for_each_leaf_node_cpu_mask(rnp, cpu, mask) {
			struct rcu_data *rdp = per_cpu_ptr(&rcu_data, cpu);

			printk(KERN_ERR "\t%u-...: (%s) ticks this GP: %lu, last QS %ld jiffies ago, current %s\n",
			       cpu, rdp->gp_seq == gps ? "current GP" : "GPs behind",
			       rdp->ticks_this_gp, (long)(now - rdp->last_qs_jiffies),
			       cpu_curr(cpu) ? cpu_curr(cpu)->comm : "?");
			ndetected++;
		}
	}
	printk(KERN_ERR "\t(detected by %u, t=%lu jiffies, g=%ld, q=%ld)\n",
	       raw_smp_processor_id(), now - rcu_state.gp_start,
	       (long)gps >> GP_SEQ_CTR_SHIFT, rcu_segcblist_n_cbs(&this_cpu_ptr(&rcu_data)->cblist));
	rcu_for_each_leaf_node(rnp) {
		unsigned long mask = READ_ONCE(rnp->qsmask);

		for_each_leaf_node_cpu_mask(rnp, cpu, mask)
			trigger_cpu_backtrace(cpu);
	}
	if (!ndetected)
		printk(KERN_ERR "INFO: stall ended before state dump (g=%ld)\n",
		       (long)gps >> GP_SEQ_CTR_SHIFT);
}
