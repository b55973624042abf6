/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _RCU_TREE_H
#define _RCU_TREE_H

#include <linux/types.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <linux/sched.h>
#include <linux/mutex.h>
#include <linux/completion.h>
#include <linux/atomic.h>
#include <linux/rcu_segcblist.h>
#include <linux/rtmutex.h>
#include "rcu.h"
#include "tree_geometry.h"

/* Wait queues per rcu_node for synchronize_rcu_expedited() callers. */
#define RCU_EXP_NR_WQ	4

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
	/* Expedited grace periods, see rcu/tree_exp.c. */
	atomic_t exp_remaining;		/* reports still owed here (rcu_exp_report_node()) */
	unsigned long expmask;		/* CPUs (leaf) or children still owing one */
	struct wait_queue_head exp_wq[RCU_EXP_NR_WQ];	/* callers, by target */
	struct task_struct *exp_kthread;	/* leaf: runs its share of each GP */
	struct wait_queue_head exp_kthread_wq;
	unsigned long exp_nonidle;	/* leaf: CPUs not idle as the GP started */
	bool exp_work;			/* leaf: its share is to be run */
	bool exp_inline;		/* leaf: ... by the caller this time */
#ifdef CONFIG_PREEMPT_RCU
	/* Leaf only: tasks preempted in readers, see rcu/tree_preempt.c. */
	struct list_head blkd_tasks;	/* newest first */
	int n_blkd;			/* tasks on blkd_tasks */
	int n_gp_blkd;			/* ... holding up the current normal GP */
	int n_exp_blkd;			/* ... holding up the current expedited GP */
	unsigned long n_queued;		/* tasks queued since boot */
	unsigned long gp_gen;		/* normal GPs started on this leaf */
	unsigned long exp_gen;		/* expedited GPs started on this leaf */
#endif
#ifdef CONFIG_RCU_BOOST
	/* Leaf only: priority boosting, see rcu/tree_boost.c. */
	struct task_struct *boost_kthread;
	struct rt_mutex boost_mtx;	/* lent to the reader being boosted */
	struct task_struct *boost_task;	/* that reader, or NULL */
	unsigned long boost_time;	/* jiffies: boost for the GP from then */
	bool boost_exp;			/* an expedited GP waits: boost now */
	unsigned long n_boosts;		/* readers boosted */
	struct wait_queue_head boost_wq;
#endif
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
	/* rcu_state.barrier_seq when rcu_barrier() last saw this CPU */
	unsigned long barrier_seq_snap;
	unsigned long n_exp_ipis;	/* expedited IPIs sent to this CPU */
	unsigned long n_barrier_ipis;	/* rcu_barrier() IPIs sent to this CPU */
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
	spinlock_t barrier_lock;	/* barrier_seq, ->barrier_seq_snap */
	unsigned long barrier_seq;	/* odd while rcu_barrier() entrains */
	unsigned long n_barrier_ipis;	/* CPUs rcu_barrier() had to IPI */
	/* expedited */
	struct mutex exp_mutex;
	unsigned long expedited_sequence;
	spinlock_t exp_lock;		/* protects exp_seq_rq */
	unsigned long exp_seq_rq;	/* latest target some caller will run */
	struct wait_queue_head exp_wq;	/* callers waiting for the mutex */
	struct wait_queue_head exp_gp_wq;	/* the running GP's caller */
	struct task_struct *exp_task;	/* ... and is this task */
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
	/* CPU hotplug, rcu/tree_hotplug.c */
	unsigned long n_offline_reports;	/* outgoing CPUs a GP waited for */
	unsigned long n_gp_init_offline;	/* ... gone before the GP armed them */
	unsigned long n_cbs_migrated;	/* callbacks taken from offline CPUs */
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
void rcu_qs(void);
int rcu_kthread_prio(void);
void rcu_report_qs_rnp(unsigned long mask, struct rcu_node *rnp,
		       unsigned long gps, unsigned long flags);
void rcu_gp_kthread_wake(void);
void invoke_rcu_core(void);
bool rcu_start_this_gp(struct rcu_node *rnp_start, struct rcu_data *rdp,
		       unsigned long gp_seq_req);
bool rcu_advance_cbs(struct rcu_node *rnp, struct rcu_data *rdp);

/* tree_hotplug.c */
void rcu_hotplug_init(void);
void rcu_barrier_dead_cpu(unsigned int cpu);
#ifdef CONFIG_KUNIT
/* Called by rcu_barrier() after each CPU's visit, no lock held. */
extern void (*rcu_barrier_test_fn)(unsigned int cpu);
void rcu_barrier_test_hook(unsigned int cpu);
/*
 * Called for each leaf between marking its CPUs and sending them IPIs,
 * no lock held, by the leaf's expedited kthread or the caller.
 */
extern void (*rcu_exp_test_fn)(struct rcu_node *rnp);
void rcu_exp_test_hook(struct rcu_node *rnp);
#else
static inline void rcu_barrier_test_hook(unsigned int cpu) { }
static inline void rcu_exp_test_hook(struct rcu_node *rnp) { }
#endif

/*
 * Does leaf @rnp take part in the grace period being set up?  Only
 * between rcu_gp_init()'s two passes, which alone write ->qsmaskinit.
 */
static inline bool rcu_leaf_participates(struct rcu_node *rnp)
{
	return !rnp->parent || (rnp->parent->qsmaskinit & rnp->grpmask);
}

/* tree_nohz.c: dyntick-idle counters */
long rcu_watching_snap(int cpu);
bool rcu_watching_in_eqs(long snap);
bool rcu_watching_changed(int cpu, long snap);
bool rcu_irq_from_idle(void);
void rcu_exp_note_qs(void);
void rcu_watching_offline(void);
void rcu_watching_online(void);

/* tree_stall.c */
void rcu_stall_reset(void);
void rcu_check_stall(struct rcu_data *rdp);
unsigned long rcu_stall_timeout_jiffies(void);
bool rcu_stall_suppressed(void);
const char *rcu_gp_state_name(int state);

/* tree_exp.c */
void rcu_exp_init(void);
void rcu_exp_kthreads_start(void);
void rcu_exp_report_node(struct rcu_node *rnp);
int rcu_exp_reports_missing(void);
DECLARE_PER_CPU(int, rcu_exp_qs_pending);	/* this CPU owes the expedited GP */

/*
 * tree_preempt.c: preemptible RCU's blocked tasks.  A leaf counts
 * normal (gp_gen) and expedited (exp_gen) grace periods; a task queued
 * on it records the generation it holds up, which is the current one if
 * its reader may predate the current grace period, else the next one.
 * So the tasks holding up a grace period need never be marked when it
 * starts: they are counted (n_gp_blkd, n_exp_blkd).
 */
#ifdef CONFIG_PREEMPT_RCU
/** rcu_task_blocks_gp() - is @t (queued on leaf @rnp) holding up its current GP? */
static inline bool rcu_task_blocks_gp(struct rcu_node *rnp, struct task_struct *t)
{
	return t->rcu_blocked_gp_gen == rnp->gp_gen;
}

/** rcu_task_blocks_exp() - ... the current expedited GP? */
static inline bool rcu_task_blocks_exp(struct rcu_node *rnp, struct task_struct *t)
{
	return t->rcu_blocked_exp_gen == rnp->exp_gen;
}

/** rcu_preempt_has_tasks() - are tasks preempted in readers queued on @rnp? */
static inline bool rcu_preempt_has_tasks(struct rcu_node *rnp)
{
	return !list_empty(&rnp->blkd_tasks);
}

/** rcu_preempt_blocked_readers_cgp() - does a task hold up @rnp's current GP? */
static inline bool rcu_preempt_blocked_readers_cgp(struct rcu_node *rnp)
{
	return READ_ONCE(rnp->n_gp_blkd) != 0;
}

void rcu_preempt_init_node(struct rcu_node *rnp);
void rcu_preempt_note_context_switch(bool preempt);
void rcu_preempt_gp_init_leaf(struct rcu_node *rnp);
int rcu_preempt_exp_init_leaf(struct rcu_node *rnp);
bool rcu_preempt_tick_qs(void);
bool rcu_preempt_exp_handler(void);
void rcu_preempt_print_blocked(struct rcu_node *rnp);
#else
static inline bool rcu_preempt_has_tasks(struct rcu_node *rnp)
{
	return false;
}
static inline bool rcu_preempt_blocked_readers_cgp(struct rcu_node *rnp)
{
	return false;
}
static inline void rcu_preempt_init_node(struct rcu_node *rnp) { }
static inline void rcu_preempt_note_context_switch(bool preempt) { }
static inline void rcu_preempt_gp_init_leaf(struct rcu_node *rnp) { }
static inline int rcu_preempt_exp_init_leaf(struct rcu_node *rnp) { return 0; }
static inline bool rcu_preempt_tick_qs(void) { return false; }
static inline bool rcu_preempt_exp_handler(void) { return false; }
static inline void rcu_preempt_print_blocked(struct rcu_node *rnp) { }
#endif

/* tree_boost.c: priority boosting */
#ifdef CONFIG_RCU_BOOST
void rcu_boost_init_node(struct rcu_node *rnp);
void rcu_boost_kthreads_start(void);
void rcu_boost_check(struct rcu_node *rnp);
void rcu_boost_exp_kick(struct rcu_node *rnp);
#else
static inline void rcu_boost_init_node(struct rcu_node *rnp) { }
static inline void rcu_boost_kthreads_start(void) { }
static inline void rcu_boost_check(struct rcu_node *rnp) { }
static inline void rcu_boost_exp_kick(struct rcu_node *rnp) { }
#endif

/* tree_stall.c: "Tasks blocked on level-N rcu_node" lines; returns how many */
int rcu_print_task_stall(struct rcu_node *rnp);
int rcu_print_task_exp_stall(struct rcu_node *rnp);	/* " P<pid>" continuations */

#endif /* _RCU_TREE_H */
