/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _RCU_TREE_H
#define _RCU_TREE_H

#include <linux/types.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <linux/mutex.h>
#include <linux/completion.h>
#include <linux/atomic.h>
#include <linux/rcu_segcblist.h>
#include "rcu.h"
#include "tree_geometry.h"

/*
 * One node of the combining tree.  Leaves cover up to FANOUT_LEAF CPUs,
 * inner nodes up to FANOUT children.  A CPU reports its quiescent state
 * to its leaf; the last report at a node goes up to the parent, so most
 * reports touch only a leaf lock and the root sees one report per child.
 */
struct rcu_node {
	spinlock_t lock;
	unsigned long gp_seq;		/* grace period this node has seen */
	unsigned long gp_seq_needed;	/* furthest grace period requested here */
	unsigned long qsmask;		/* CPUs/children still owing a QS */
	unsigned long qsmaskinit;	/* CPUs/children taking part in this GP */
	unsigned long qsmaskinitnext;	/* leaf: CPUs online now */
	unsigned long grpmask;		/* this node's bit in its parent */
	int grplo, grphi;		/* CPUs covered */
	int grpnum;			/* index among the parent's children */
	int level;
	struct rcu_node *parent;
} __aligned(64);

/* Per-CPU RCU state. */
struct rcu_data {
	unsigned long gp_seq;		/* last grace period this CPU noticed */
	unsigned long gp_seq_needed;	/* furthest GP this CPU has requested */
	bool cpu_no_qs;			/* no QS yet since noticing the GP */
	bool core_needs_qs;		/* this CPU owes the current GP a QS */
	bool beenonline;
	struct rcu_node *mynode;
	unsigned long grpmask;		/* this CPU's bit in mynode */
	struct rcu_segcblist cblist;
	long blimit;			/* callbacks per softirq invocation */
	long qlen_last_fqs_check;
	unsigned long n_cbs_invoked;
	u64 batch_ns;			/* time spent in rcu_do_batch() */
	unsigned long n_batches;	/* rcu_do_batch() calls */
	unsigned long n_cbs_queued;
	/* dyntick-idle: see rcu/tree_nohz.c */
	long watching_snap;
	unsigned long last_qs_jiffies;
	bool rcu_forced_resched;
	/* stall warnings */
	unsigned long ticks_this_gp;
	int cpu;
};

/* gp_flags: what the grace-period kthread is asked to do. */
#define RCU_GP_FLAG_INIT	0x1
#define RCU_GP_FLAG_FQS		0x2
#define RCU_GP_FLAG_OVLD	0x4

/* gp_state: what it is doing, for the shell and stall warnings. */
enum rcu_gp_state {
	RCU_GP_IDLE,
	RCU_GP_WAIT_GPS,
	RCU_GP_INIT,
	RCU_GP_WAIT_FQS,
	RCU_GP_DOING_FQS,
	RCU_GP_CLEANUP,
};

struct rcu_state {
	struct rcu_node *node;		/* all nodes, breadth first: root is node[0] */
	struct rcu_geometry geo;
	struct rcu_node *level[RCU_MAX_LEVELS];
	unsigned long gp_seq;		/* the global grace-period sequence */
	unsigned long gp_seq_needed;
	unsigned long gp_count;		/* grace periods completed since boot */
	unsigned int gp_flags;
	int gp_state;
	unsigned long gp_start;		/* jiffies when the current GP started */
	unsigned long gp_activity;	/* jiffies of the kthread's last progress */
	u64 gp_start_ns;
	struct task_struct *gp_kthread;
	struct wait_queue_head gp_wq;
	unsigned long n_force_qs;
	u64 gp_max_ns;			/* longest GP seen, ns */
	unsigned long gp_nodes_visited;	/* rcu_node visits by the kthread */
	unsigned long gp_cpu_checks;	/* CPUs examined by forced-QS passes */
	u64 gp_kthread_ns;		/* kthread time in init, FQS, cleanup */
	/* rcu_barrier() */
	struct mutex barrier_mutex;
	atomic_t barrier_cpu_count;
	struct completion barrier_completion;
	/* expedited */
	struct mutex exp_mutex;
	unsigned long expedited_sequence;
	spinlock_t exp_lock;		/* protects exp_seq_rq */
	unsigned long exp_seq_rq;	/* latest target some caller will run */
	struct wait_queue_head exp_wq;	/* callers waiting for another's GP */
	atomic_t exp_cpus_remaining;
	unsigned long n_exp_ipis;
	unsigned long n_exp_gps;
	unsigned long n_exp_shared;
	/* callback floods: times call_rcu_flood_check() took evasive action */
	unsigned long n_flood_checks;
	/* stall warnings */
	unsigned long jiffies_stall;
	int nr_stall_warnings;
	int nr_self_stall_warnings;	/* ... of them self-detected */
	int nr_exp_stall_warnings;	/* ... of them for expedited GPs */
	int nr_kthread_starved;		/* "rcu_gp kthread starved" lines */
};

extern struct rcu_state rcu_state;
DECLARE_PER_CPU(struct rcu_data, rcu_data);

#define rcu_get_root()	(&rcu_state.node[0])
#define rcu_is_leaf_node(rnp)	((rnp)->level == rcu_state.geo.levels - 1)

#define rcu_for_each_node_breadth_first(rnp)				\
	for ((rnp) = &rcu_state.node[0];				\
	     (rnp) < &rcu_state.node[rcu_state.geo.num_nodes]; (rnp)++)
#define rcu_for_each_leaf_node(rnp)					\
	for ((rnp) = rcu_state.level[rcu_state.geo.levels - 1];		\
	     (rnp) < &rcu_state.node[rcu_state.geo.num_nodes]; (rnp)++)
#define for_each_leaf_node_cpu_mask(rnp, cpu, mask)			\
	for ((cpu) = (rnp)->grplo; (cpu) <= (rnp)->grphi; (cpu)++)	\
		if ((mask) & (1UL << ((cpu) - (rnp)->grplo)))

bool rcu_gp_in_progress(void);
void rcu_report_qs_rnp(unsigned long mask, struct rcu_node *rnp,
		       unsigned long gps, unsigned long flags);
void rcu_gp_kthread_wake(void);

/* tree_nohz.c: dyntick-idle counters */
long rcu_watching_snap(int cpu);
bool rcu_watching_in_eqs(long snap);
bool rcu_watching_changed(int cpu, long snap);
bool rcu_irq_from_idle(void);
void rcu_exp_note_qs(void);

/* tree_stall.c */
void rcu_stall_reset(void);
void rcu_check_stall(struct rcu_data *rdp);
unsigned long rcu_stall_timeout_jiffies(void);
bool rcu_stall_suppressed(void);
const char *rcu_gp_state_name(int state);

/* tree_exp.c */
void rcu_exp_init(void);

#endif /* _RCU_TREE_H */
