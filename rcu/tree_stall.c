// SPDX-License-Identifier: GPL-2.0
/*
 * RCU CPU stall warnings.
 *
 * Checked at every scheduling-clock tick on every CPU, and by the
 * grace-period kthread while it waits for quiescent states: once the
 * grace period is older than rcu_cpu_stall_timeout, one of them (a
 * cmpxchg() on ->jiffies_stall picks it) prints the warning, then the
 * next one is due three times as long later (doubling each time, at most
 * 300 s), so a stall never floods the console.
 *
 * A CPU that still owes the grace period a quiescent state and notices
 * the stall itself prints the self-detected form, with its own backtrace;
 * the others give it RCU_STALL_RAT_DELAY to do so, then print the
 * "detected stalls on CPUs/tasks" form naming every CPU still owing one,
 * with a backtrace of each taken by NMI (which works when the stalled CPU
 * has interrupts off), and, in a preemptible build, every task preempted
 * in a reader that holds the grace period up ("Tasks blocked on level-0
 * rcu_node (CPUs 0-3): P42"): its CPU has moved on, so the task may be
 * all there is to blame.  Either form says whether the grace-period kthread
 * has been starved of CPU time, which stalls a grace period with no CPU
 * to blame.  No grace period waiting, no warning: a reader that spins
 * forever is only reported once a grace period needs it to finish.
 */
#include <linux/kernel.h>
#include <linux/smp.h>
#include <linux/jiffies.h>
#include <linux/moduleparam.h>
#include <linux/rcupdate.h>
#include <asm/arch.h>
#include <trace/events/rcu.h>
#include "tree.h"

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "rcupdate."

static int rcu_cpu_stall_timeout = CONFIG_RCU_CPU_STALL_TIMEOUT;
module_param(rcu_cpu_stall_timeout, int, 0644);
static bool rcu_cpu_stall_suppress;
module_param(rcu_cpu_stall_suppress, bool, 0644);

static unsigned long stall_interval;	/* jiffies until the next warning */

/* rcupdate.rcu_cpu_stall_timeout, in jiffies (also for expedited GPs). */
unsigned long rcu_stall_timeout_jiffies(void)
{
	int t = clamp(READ_ONCE(rcu_cpu_stall_timeout), 3, 300);

	return (unsigned long)t * HZ;
}

bool rcu_stall_suppressed(void)
{
	return READ_ONCE(rcu_cpu_stall_suppress);
}

/* A new grace period: the stall clock starts again. */
void rcu_stall_reset(void)
{
	stall_interval = rcu_stall_timeout_jiffies();
	WRITE_ONCE(rcu_state.jiffies_stall, jiffies + stall_interval);
}

/*
 * Jiffies the other CPUs leave a stalled CPU to report itself: 100 ms,
 * not Linux's two jiffies, because under TCG on an overcommitted host a
 * vCPU can be descheduled for tens of milliseconds.  A warning 100 ms
 * later than the timeout costs nothing; the self-detected form, with the
 * stalled CPU's own backtrace, is the more useful one.
 */
#define RCU_STALL_RAT_DELAY	max(2, HZ / 10)

/* The kthread has not run for this long during a grace period: say so. */
#define RCU_KTHREAD_STARVED	(2 * HZ)

static void rcu_check_gp_kthread_starvation(unsigned long now)
{
	struct task_struct *t = READ_ONCE(rcu_state.gp_kthread);
	unsigned long j = now - READ_ONCE(rcu_state.gp_activity);

	if (!t || time_before(j, RCU_KTHREAD_STARVED))
		return;
	rcu_state.nr_kthread_starved++;
	printk(KERN_ERR "rcu: rcu_gp kthread starved for %lu jiffies! g%ld f%#x %s ->state=%#lx ->cpu=%u\n",
	       j, (long)READ_ONCE(rcu_state.gp_seq) >> GP_SEQ_CTR_SHIFT,
	       READ_ONCE(rcu_state.gp_flags), rcu_gp_state_name(READ_ONCE(rcu_state.gp_state)),
	       (unsigned long)READ_ONCE(t->state), task_cpu(t));
	printk(KERN_ERR "rcu: \tUnless rcu_gp kthread gets sufficient CPU time, OOM is now expected behavior.\n");
	trigger_cpu_backtrace(task_cpu(t));
}

static void rcu_print_self_stall(struct rcu_data *rdp, unsigned long gps, unsigned long now)
{
	trace_rcu_stall_warning(RCU_TRACE_NAME, "SelfDetected");
	printk(KERN_ERR "INFO: rcu self-detected stall on CPU\n");
	printk(KERN_ERR "\t%u-...: (%lu ticks this GP) last QS %ld jiffies ago, current %s\n",
	       rdp->cpu, rdp->ticks_this_gp, (long)(now - rdp->last_qs_jiffies),
	       current ? current->comm : "?");
	printk(KERN_ERR "\t(t=%lu jiffies, g=%ld, q=%ld)\n", now - rcu_state.gp_start,
	       (long)gps >> GP_SEQ_CTR_SHIFT, rcu_segcblist_n_cbs(&rdp->cblist));
	rcu_check_gp_kthread_starvation(now);
	/*
	 * On this CPU that is dump_stack() from the tick: the trace runs
	 * through the interrupt frame into the stalled code.
	 */
	trigger_cpu_backtrace(rdp->cpu);
}

#ifdef CONFIG_PREEMPT_RCU
/*
 * Pids are copied under the leaf's lock and printed after it is dropped:
 * the console is slow, and the lock is taken by every preempted reader
 * and every quiescent-state report of the leaf's CPUs.  A leaf with more
 * blocked tasks than fit in one line gets "..." and the total.
 */
#define RCU_STALL_PIDS	32

/*
 * Copy the pids of the tasks on @rnp's blocked list that hold up its
 * current normal (@exp false) or expedited grace period into @pids.
 * Return: how many such tasks there are (possibly more than copied).
 */
static int rcu_blocked_pids(struct rcu_node *rnp, bool exp, pid_t *pids)
{
	struct task_struct *t;
	unsigned long flags;
	int n = 0;

	spin_lock_irqsave(&rnp->lock, flags);
	list_for_each_entry(t, &rnp->blkd_tasks, rcu_node_entry) {
		if (exp ? !rcu_task_blocks_exp(rnp, t) : !rcu_task_blocks_gp(rnp, t))
			continue;
		if (n < RCU_STALL_PIDS)
			pids[n] = t->pid;
		n++;
	}
	spin_unlock_irqrestore(&rnp->lock, flags);
	return n;
}

/* " P<pid>" for each of the @n tasks in @pids, into @buf. */
static void rcu_format_pids(char *buf, size_t size, const pid_t *pids, int n)
{
	int len = 0;

	buf[0] = '\0';
	for (int i = 0; i < min(n, RCU_STALL_PIDS); i++)
		len += scnprintf(buf + len, size - len, " P%d", pids[i]);
	if (n > RCU_STALL_PIDS)
		scnprintf(buf + len, size - len, " ... (%d tasks)", n);
}

/**
 * rcu_print_task_stall() - name the tasks holding up the current grace period
 * @rnp: a leaf rcu_node; its lock must not be held
 *
 * Prints "\tTasks blocked on level-L rcu_node (CPUs A-B): P<pid> ..."
 * if tasks preempted in readers on @rnp's CPUs hold up the current
 * normal grace period.
 *
 * Return: how many tasks that is.
 */
int rcu_print_task_stall(struct rcu_node *rnp)
{
	pid_t pids[RCU_STALL_PIDS];
	char buf[RCU_STALL_PIDS * 9 + 32];
	int n;

	if (!rcu_preempt_blocked_readers_cgp(rnp))
		return 0;
	n = rcu_blocked_pids(rnp, false, pids);
	if (!n)
		return 0;
	rcu_format_pids(buf, sizeof(buf), pids, n);
	printk(KERN_ERR "\tTasks blocked on level-%d rcu_node (CPUs %d-%d):%s\n",
	       rnp->level, rnp->grplo, rnp->grphi, buf);
	return n;
}

/**
 * rcu_print_task_exp_stall() - name the tasks holding up an expedited grace period
 * @rnp: a leaf rcu_node; its lock must not be held
 *
 * Continues the current console line (pr_cont()) with " P<pid>" for each
 * task preempted in a reader on @rnp's CPUs that the current expedited
 * grace period waits for.
 *
 * Return: how many tasks that is.
 */
int rcu_print_task_exp_stall(struct rcu_node *rnp)
{
	pid_t pids[RCU_STALL_PIDS];
	char buf[RCU_STALL_PIDS * 9 + 32];
	int n;

	if (!READ_ONCE(rnp->n_exp_blkd))
		return 0;
	n = rcu_blocked_pids(rnp, true, pids);
	if (!n)
		return 0;
	rcu_format_pids(buf, sizeof(buf), pids, n);
	pr_cont("%s", buf);
	return n;
}
#else
/* No reader can be preempted: no task ever holds up a grace period. */
int rcu_print_task_stall(struct rcu_node *rnp)
{
	return 0;
}

int rcu_print_task_exp_stall(struct rcu_node *rnp)
{
	return 0;
}
#endif

static void rcu_print_other_stall(unsigned long gps, unsigned long now)
{
	struct rcu_node *rnp;
	unsigned int cpu;
	int ndetected = 0;

	trace_rcu_stall_warning(RCU_TRACE_NAME, "StallDetected");
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
		/* Preempted readers hold it up too: no CPU may be to blame. */
		ndetected += rcu_print_task_stall(rnp);
	}
	printk(KERN_ERR "\t(detected by %u, t=%lu jiffies, g=%ld, q=%ld)\n",
	       raw_smp_processor_id(), now - rcu_state.gp_start,
	       (long)gps >> GP_SEQ_CTR_SHIFT, rcu_segcblist_n_cbs(&this_cpu_ptr(&rcu_data)->cblist));
	rcu_check_gp_kthread_starvation(now);
	rcu_for_each_leaf_node(rnp) {
		unsigned long mask = READ_ONCE(rnp->qsmask);

		for_each_leaf_node_cpu_mask(rnp, cpu, mask)
			trigger_cpu_backtrace(cpu);
	}
	if (!ndetected)
		printk(KERN_ERR "\tAll QSes seen, last rcu_gp kthread activity %lu jiffies ago (g=%ld, state %s)\n",
		       now - READ_ONCE(rcu_state.gp_activity), (long)gps >> GP_SEQ_CTR_SHIFT,
		       rcu_gp_state_name(READ_ONCE(rcu_state.gp_state)));
}

/**
 * rcu_check_stall() - warn if the current grace period is stalled
 * @rdp: this CPU's rcu_data when called from its tick (interrupts off),
 *	 NULL from the grace-period kthread
 */
void rcu_check_stall(struct rcu_data *rdp)
{
	unsigned long gps = READ_ONCE(rcu_state.gp_seq);
	unsigned long now = jiffies, js, next;
	bool self;

	if (READ_ONCE(rcu_cpu_stall_suppress) || !gp_seq_state(gps))
		return;
	smp_rmb();	/* ->gp_seq before ->jiffies_stall: see rcu_gp_init(). */
	js = READ_ONCE(rcu_state.jiffies_stall);
	if (time_before(now, js))
		return;
	self = rdp && (READ_ONCE(rdp->mynode->qsmask) & rdp->grpmask);
	if (!self && time_before(now, js + RCU_STALL_RAT_DELAY))
		return;
	next = min(READ_ONCE(stall_interval) * 3, 300UL * HZ);
	if (cmpxchg(&rcu_state.jiffies_stall, js, now + next) != js)
		return;		/* another CPU reports this one */
	WRITE_ONCE(stall_interval, next);
	/* The grace period may have ended since: then this is no stall. */
	if (READ_ONCE(rcu_state.gp_seq) != gps)
		return;
	rcu_state.nr_stall_warnings++;
	if (self) {
		rcu_state.nr_self_stall_warnings++;
		rcu_print_self_stall(rdp, gps, now);
	} else {
		rcu_print_other_stall(gps, now);
	}
}
