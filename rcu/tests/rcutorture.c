// SPDX-License-Identifier: GPL-2.0
/*
 * rcutorture: a stress test for RCU, in the spirit of Linux's rcutorture
 * (see Documentation/RCU/torture.rst there), written for rcuos.
 *
 * The pipe-count method.  A pool of struct rcu_torture elements circulates
 * through one RCU-protected pointer, rcu_torture_current.  A writer takes
 * an element from the free list, initializes it (rtort_pipe_count = 0,
 * rtort_mbtest = 1) and publishes it with rcu_assign_pointer().  The
 * element it replaced gets rtort_pipe_count = 1 ("removed"), and then one
 * more for every grace period that elapses afterwards; at
 * RCU_TORTURE_PIPE_LEN it goes back to the free list, poisoned and with
 * rtort_mbtest = 0.  Readers load the pointer inside a read-side critical
 * section, wait a random while, then read the element's pipe count and
 * add it to a histogram ("Reader Pipe").  A reader can see 0 (current) or
 * 1 (removed while it held it); anything higher means a grace period
 * ended while a reader that started before it was still running: a
 * "Too-short grace period", and the test fails.  A reader that sees
 * rtort_mbtest == 0 got an element that was not (or no longer) properly
 * initialized: a publish/subscribe failure.
 *
 * Writers remove elements by every path RCU offers: synchronize_rcu(),
 * synchronize_rcu_expedited(), call_rcu() (the callback ages the element
 * by one and queues itself again), get_state/cond_synchronize_rcu(),
 * start_poll/poll_state_synchronize_rcu(), and kfree_rcu() of a separately
 * kmalloc()ed object that readers also check.  An "irqwriter" timer does
 * call_rcu() updates from softirq context, which is what lets a broken
 * grace period show up even on one CPU without preemption.  Fake writers
 * just hammer the grace-period primitives and rcu_barrier().
 *
 * In a preemptible kernel readers are preempted for real: now and then a
 * reader forces a preemption in its critical section, and per-CPU
 * SCHED_FIFO "preempters" (preempt_duration, preempt_interval) wake at
 * random and spin, keeping the readers of their CPU off it meanwhile.
 * "preempts" in the statistics counts the readers that were switched out
 * inside their critical section.  test_boost=1 adds per-CPU SCHED_FIFO
 * hogs that spin while a preempted reader holds up a grace period: only
 * RCU priority boosting lets that grace period end in time.
 *
 * Flavors: "rcu" is the real API; "busted" has grace periods that do not
 * wait (a deliberate bug) and must be reported as FAILURE; so must
 * "busted_preempt", whose grace periods wait for a context switch on
 * every CPU but not for the readers preempted there.
 *
 * SRCU flavors: "srcu" tortures a DEFINE_STATIC_SRCU() domain, "srcud" one
 * that each run allocates, init_srcu_struct()s and, after srcu_barrier(),
 * cleanup_srcu_struct()s, and "srcu_fast" a domain of srcu_read_lock_fast()
 * readers.  Their readers sleep now and then inside their critical
 * sections, as only SRCU readers may.  Their writers take the same paths
 * through SRCU's API; SRCU has neither cond_synchronize_srcu() nor
 * kfree_srcu(), so "cond" polls the cookie and calls synchronize_srcu()
 * if it is not done yet, and "kfree" is a call_srcu() whose callback
 * frees the object.  "busted_srcu" has SRCU readers but normal RCU grace
 * periods, which a sleeping reader does not hold up: it must be reported
 * as FAILURE.
 *
 * CPU hotplug: onoff_interval=N (milliseconds) takes a random CPU other
 * than CPU 0 offline, or back online, every N ms after onoff_holdoff
 * seconds; the statistics then end with Linux's "onoff:" line (successful
 * and attempted onlines and offlines, fastest and slowest of each and
 * their total, in jiffies), and a failed operation fails the test.
 *
 * Run from the shell ("torture type=rcu duration=30") or, with
 * rcutorture.shutdown_secs=N on the command line, at boot, after which
 * the machine powers off.
 */
#define pr_fmt(fmt) fmt

#include <linux/kernel.h>
#include <linux/types.h>
#include <linux/errno.h>
#include <linux/err.h>
#include <linux/string.h>
#include <linux/list.h>
#include <linux/atomic.h>
#include <linux/percpu.h>
#include <linux/cpumask.h>
#include <linux/smp.h>
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/timer.h>
#include <linux/interrupt.h>
#include <linux/irqflags.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/completion.h>
#include <linux/slab.h>
#include <linux/init.h>
#include <linux/moduleparam.h>
#include <linux/shell.h>
#include <linux/rcupdate.h>
#include <linux/srcu.h>
#include <linux/torture.h>
#ifdef CONFIG_RCU_BOOST
#include "../tree.h"		/* rcu_kthread_prio() */
#endif

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "rcutorture."

/* ---- parameters (the names of Linux's rcutorture.* where they exist) ---- */

static char *torture_type = "rcu";
module_param(torture_type, charp, 0444);
MODULE_PARM_DESC(torture_type, "Type of RCU to torture (rcu, srcu, srcud, srcu_fast, busted, busted_preempt, busted_srcu)");
module_param_named(type, torture_type, charp, 0444);
MODULE_PARM_DESC(type, "Alias of torture_type");

torture_param(int, nreaders, -1, "Number of reader kthreads (-1: one per online CPU, at least 2)");
torture_param(int, nfakewriters, 4, "Number of grace-period-only writer kthreads");
module_param_named(nwriters, nfakewriters, int, 0444);
MODULE_PARM_DESC(nwriters, "Alias of nfakewriters (the main writer always runs)");

torture_param(int, stat_interval, 10, "Seconds between statistics lines (0: only at the end)");
torture_param(int, duration, 30, "Seconds to run the shell's torture command");
torture_param(int, shutdown_secs, 0, "Run at boot for this many seconds, then power off (0: no)");
torture_param(bool, irqreader, true, "Also read from timer (softirq) handlers");
torture_param(bool, irqwriter, true, "Also update from a timer handler with call_rcu()");
torture_param(bool, gp_normal, false, "Writer uses call_rcu()");
torture_param(bool, gp_sync, false, "Writer uses synchronize_rcu()");
torture_param(bool, gp_exp, false, "Writer uses synchronize_rcu_expedited()");
torture_param(bool, gp_cond, false, "Writer uses get_state/cond_synchronize_rcu()");
torture_param(bool, gp_poll, false, "Writer uses start_poll/poll_state_synchronize_rcu()");
torture_param(bool, gp_kfree, false, "Writer uses kfree_rcu() (none of gp_*: all paths)");
torture_param(bool, stop_on_error, true, "End the test at the first error");
torture_param(int, preempt_duration, IS_ENABLED(CONFIG_PREEMPT_RCU) ? 10 : 0,
	      "Preempters: longest spin (ms) of the per-CPU SCHED_FIFO threads that preempt readers (0: none)");
torture_param(int, preempt_interval, 100, "Preempters: longest sleep (ms) between two spins");
torture_param(bool, test_boost, false, "Test RCU priority boosting (needs PREEMPT_RCU)");
torture_param(int, test_boost_duration, 4, "Seconds a boost-test hog spins on its CPU");
torture_param(int, test_boost_interval, 1, "Seconds between two boost-test hogs on a CPU");
torture_param(int, onoff_interval, 0, "Milliseconds between two CPU hotplug operations (0: none)");
torture_param(int, onoff_holdoff, 0, "Seconds before the first CPU hotplug operation");
/* ---- the elements ---- */

#define RCU_TORTURE_PIPE_LEN	10
#define RCU_TORTURE_POOL_SIZE	(10 * RCU_TORTURE_PIPE_LEN)
#define RTORT_MAGIC		0x52544f5254555245UL	/* "RTORTURE" */
#define RTORT_POISON		0x6b6b6b6b6b6b6b6bUL
#define RTORT_KOBJ_MAGIC	0x4b4f424a4b4f424aUL	/* "KOBJKOBJ" */

struct rcu_torture {
	struct rcu_head rtort_rcu;
	int rtort_pipe_count;
	struct list_head rtort_free;
	int rtort_mbtest;
	unsigned long rtort_magic;
};

/* What the kfree_rcu() path frees: a kmalloc()ed object readers check. */
struct rcu_torture_kobj {
	struct rcu_head rh;
	unsigned long magic;
	unsigned long version;
};

/* Read-side critical section kinds; one reader nests up to 3. */
enum rtort_read_kind {
	RTR_RCU,
	RTR_BH,
	RTR_SCHED,
	RTR_IRQ,
	RTR_SRCU,	/* the SRCU flavors' only kind */
	RTR_NKINDS,
};
#define RTR_MAX_NEST	3

/**
 * struct rcu_torture_ops - one flavor of RCU under test
 * @name: the torture_type that selects it
 * @readlock: enter a read-side critical section of @kind
 * @readunlock: leave it; @flags is what @readlock stored
 * @readlock_held: is the caller inside a reader of this flavor (for
 *	rcu_dereference_check())
 * @read_delay: a random delay inside a reader
 * @sync: synchronize_rcu()
 * @exp_sync: synchronize_rcu_expedited()
 * @call: call_rcu()
 * @cb_barrier: rcu_barrier()
 * @get_gp_state: get_state_synchronize_rcu()
 * @start_gp_poll: start_poll_synchronize_rcu()
 * @poll_gp_state: poll_state_synchronize_rcu()
 * @cond_sync: cond_synchronize_rcu()
 * @kfree_obj: free a struct rcu_torture_kobj after a grace period;
 *	@one_arg selects kfree_rcu(p) (may sleep) over kfree_rcu(p, rh)
 * @gp_completed: grace periods completed since boot
 * @start: start what the flavor needs before the writers run, or NULL
 * @stop: stop it, after the test's threads, its last @cb_barrier and its
 *	last @gp_completed; safe after a failed @start
 * @irq_capable: readers may run in timer handlers
 * @batch_checked: @gp_completed moves once per grace period, at its end,
 *	so no reader may see it move twice (the "Reader Batch" check)
 * @sleepable: SRCU readers: one kind of reader (RTR_SRCU), which may
 *	sleep; no priority-boosting test
 * @broken: a deliberately broken type, whose run must end in FAILURE and
 *	may end before the writer made progress
 */
struct rcu_torture_ops {
	const char *name;
	void (*readlock)(int kind, unsigned long *flags);
	void (*readunlock)(int kind, unsigned long flags);
	bool (*readlock_held)(void);
	void (*read_delay)(struct torture_random_state *rs, bool in_irq, bool atomic);
	void (*sync)(void);
	void (*exp_sync)(void);
	void (*call)(struct rcu_head *head, rcu_callback_t func);
	void (*cb_barrier)(void);
	unsigned long (*get_gp_state)(void);
	unsigned long (*start_gp_poll)(void);
	bool (*poll_gp_state)(unsigned long cookie);
	void (*cond_sync)(unsigned long cookie);
	void (*kfree_obj)(struct rcu_torture_kobj *p, bool one_arg);
	unsigned long (*gp_completed)(void);
	int (*start)(void);
	void (*stop)(void);
	bool irq_capable;
	bool batch_checked;
	bool sleepable;
	bool broken;
};

/* Writer paths. */
enum rtort_wpath {
	RTWS_SYNC,
	RTWS_EXP_SYNC,
	RTWS_DEF_FREE,
	RTWS_COND_GET,
	RTWS_POLL_GET,
	RTWS_KFREE,
	RTWS_NPATHS,
};

static const char * const rtort_wpath_names[RTWS_NPATHS] = {
	"sync", "exp", "call", "cond", "poll", "kfree",
};

struct rcu_torture_reader {
	struct task_struct *task;
	struct timer_list timer;
	struct torture_random_state timer_rand;
	int id;
	unsigned int cpu;
};

/* ---- state of the running test (one at a time) ---- */

static struct torture_tool rcu_torture_tool;
static const struct rcu_torture_ops *cur_ops;
static int nrealreaders;
static int nrealfakewriters;
static int rcu_torture_secs;
static bool rcu_torture_stopping;
static bool rcu_torture_irqwriter_on;
static bool rcu_torture_quiet_end;
/* How long the writer's waits for a grace period take lately, in jiffies. */
static unsigned long rcu_torture_gp_jiffies;

static struct rcu_torture __rcu *rcu_torture_current;
static struct rcu_torture_kobj __rcu *rcu_torture_kobj_current;
static unsigned long rcu_torture_current_version;
static unsigned long rcu_torture_stall_version;	/* at the last statistics */
static struct rcu_torture *rcu_tortures;
static LIST_HEAD(rcu_torture_freelist);
static int rcu_torture_nfree;
static DEFINE_SPINLOCK(rcu_torture_lock);		/* the free list */
static DEFINE_SPINLOCK(rcu_torture_update_lock);	/* the __rcu pointers */
static LIST_HEAD(rcu_torture_removed);			/* main writer only */

static DEFINE_PER_CPU(long [RCU_TORTURE_PIPE_LEN + 1], rcu_torture_count);
static DEFINE_PER_CPU(long [RCU_TORTURE_PIPE_LEN + 1], rcu_torture_batch);
static DEFINE_PER_CPU(long, rcu_torture_nreads);
static atomic_long_t rcu_torture_wcount[RCU_TORTURE_PIPE_LEN + 1];

static atomic_long_t n_rcu_torture_alloc;
static atomic_long_t n_rcu_torture_alloc_fail;
static atomic_long_t n_rcu_torture_free;
static atomic_t n_rcu_torture_mberror;
static atomic_long_t n_rcu_torture_barrier_error;
static atomic_long_t n_rcu_torture_kfree_error;
static atomic_long_t n_rcu_torture_timers;
static atomic_long_t n_rcu_torture_cbs;
static atomic_long_t n_rcu_torture_kobjs;
static atomic_long_t n_rcu_torture_irqwrites;
static atomic_long_t n_rcu_torture_wpath[RTWS_NPATHS];
static atomic_long_t n_rcu_torture_fakewrites;
static atomic_long_t n_rcu_torture_preempts;
static atomic_long_t n_rcu_torture_sleeps;
static atomic_long_t n_rcu_torture_boost_intervals;
static atomic_long_t n_rcu_torture_boost_failures;

static u64 rcu_torture_start_ns;
static bool rcu_torture_ops_started;		/* cur_ops->start() succeeded */
static bool rcu_torture_onoff_on;		/* the onoff kthread is ours */
static unsigned long rcu_torture_start_gps;
static u64 rcu_torture_first_error_ns;
static const char *rcu_torture_first_error;

static struct task_struct *writer_task;
static struct task_struct **fakewriter_tasks;
static struct rcu_torture_reader *reader_tasks;
static struct timer_list rcu_torture_irqwriter_timer;
static struct task_struct **preempter_tasks;	/* one per possible CPU */
static struct task_struct **booster_tasks;	/* one per possible CPU */
static bool rcu_torture_boosting;
static struct torture_random_state irqwriter_rand;

static enum rtort_wpath synctypes[RTWS_NPATHS];
static int nsynctypes;

static void rcu_torture_set_fifo(int prio);
static int rcu_torture_start_percpu(int (*fn)(void *arg), struct task_struct ***tasksp,
				    const char *name);
static void rcu_torture_stop_percpu(struct task_struct ***tasksp);

/* Note an error; the first one is reported by the control loop. */
static void rcu_torture_note_error(const char *what)
{
	u64 now = ktime_get_ns() - rcu_torture_start_ns;

	if (!now)
		now = 1;
	if (cmpxchg(&rcu_torture_first_error_ns, 0, now) == 0)
		WRITE_ONCE(rcu_torture_first_error, what);
}

/* ---- the pool ---- */

static struct rcu_torture *rcu_torture_alloc(void)
{
	struct rcu_torture *p = NULL;
	unsigned long flags;

	spin_lock_irqsave(&rcu_torture_lock, flags);
	if (!list_empty(&rcu_torture_freelist)) {
		p = list_first_entry(&rcu_torture_freelist, struct rcu_torture,
				     rtort_free);
		list_del_init(&p->rtort_free);
		rcu_torture_nfree--;
	}
	spin_unlock_irqrestore(&rcu_torture_lock, flags);
	if (p)
		atomic_long_inc(&n_rcu_torture_alloc);
	else
		atomic_long_inc(&n_rcu_torture_alloc_fail);
	return p;
}

/* Back to the pool, poisoned so that a late reader notices. */
static void rcu_torture_free(struct rcu_torture *p)
{
	unsigned long flags;

	WRITE_ONCE(p->rtort_mbtest, 0);
	WRITE_ONCE(p->rtort_magic, RTORT_POISON);
	atomic_long_inc(&n_rcu_torture_free);
	spin_lock_irqsave(&rcu_torture_lock, flags);
	list_add_tail(&p->rtort_free, &rcu_torture_freelist);
	rcu_torture_nfree++;
	spin_unlock_irqrestore(&rcu_torture_lock, flags);
}

/*
 * One grace period has elapsed for @rp since the last call (or since its
 * removal).  Return: true if it has aged RCU_TORTURE_PIPE_LEN and may be
 * freed.
 */
static bool rcu_torture_pipe_update_one(struct rcu_torture *rp)
{
	int i = READ_ONCE(rp->rtort_pipe_count);

	if (i > RCU_TORTURE_PIPE_LEN)
		i = RCU_TORTURE_PIPE_LEN;
	atomic_long_inc(&rcu_torture_wcount[i]);
	WRITE_ONCE(rp->rtort_pipe_count, i + 1);
	if (i + 1 >= RCU_TORTURE_PIPE_LEN) {
		WRITE_ONCE(rp->rtort_mbtest, 0);
		return true;
	}
	return false;
}

/*
 * The main writer's synchronous paths: a grace period has elapsed; age
 * @old (just removed, may be NULL) and everything removed before it.
 */
static void rcu_torture_pipe_update(struct rcu_torture *old)
{
	struct rcu_torture *rp, *rp1;

	if (old)
		list_add(&old->rtort_free, &rcu_torture_removed);
	list_for_each_entry_safe(rp, rp1, &rcu_torture_removed, rtort_free) {
		if (rcu_torture_pipe_update_one(rp)) {
			list_del(&rp->rtort_free);
			rcu_torture_free(rp);
		}
	}
}

/* call_rcu() path: age by one per callback, queue again until done. */
static void rcu_torture_cb(struct rcu_head *head)
{
	struct rcu_torture *rp = container_of(head, struct rcu_torture, rtort_rcu);

	atomic_long_inc(&n_rcu_torture_cbs);
	if (READ_ONCE(rcu_torture_stopping)) {
		/* A grace period has elapsed: no reader can hold it. */
		rcu_torture_free(rp);
		return;
	}
	if (rcu_torture_pipe_update_one(rp))
		rcu_torture_free(rp);
	else
		cur_ops->call(&rp->rtort_rcu, rcu_torture_cb);
}

/* ---- the "rcu" flavor: the real API ---- */

static void rcu_torture_readlock(int kind, unsigned long *flags)
{
	switch (kind) {
	case RTR_RCU:
		rcu_read_lock();
		break;
	case RTR_BH:
		rcu_read_lock_bh();
		break;
	case RTR_SCHED:
		rcu_read_lock_sched();
		break;
	default:
		local_irq_save(*flags);
		break;
	}
}

static void rcu_torture_readunlock(int kind, unsigned long flags)
{
	switch (kind) {
	case RTR_RCU:
		rcu_read_unlock();
		break;
	case RTR_BH:
		rcu_read_unlock_bh();
		break;
	case RTR_SCHED:
		rcu_read_unlock_sched();
		break;
	default:
		local_irq_restore(flags);
		break;
	}
}

static bool rcu_torture_readlock_held(void)
{
	return rcu_read_lock_any_held() || irqs_disabled();
}

/*
 * Mostly no delay; now and then 200 us; rarely a few milliseconds, and
 * more rarely three to six ticks: a reader that spans ticks, forced-QS
 * passes and other CPUs' whole grace periods gives a grace period that
 * wrongly counts a tick, or leaves this CPU out, every chance to end
 * too soon.  @atomic: irqs or softirqs are off, keep it short.
 */
#define RCU_TORTURE_LONG_READ_MS	(3 * 1000 / HZ ? 3 * 1000 / HZ : 1)

static void rcu_torture_read_delay(struct torture_random_state *rs, bool in_irq, bool atomic)
{
	const unsigned long shortdelay_us = 200;
	u32 n = nrealreaders > 0 ? nrealreaders : 1;

	if (!in_irq && !atomic && !(torture_random(rs) % (n * 50000)))
		mdelay(RCU_TORTURE_LONG_READ_MS + torture_random(rs) % RCU_TORTURE_LONG_READ_MS);
	else if (!in_irq && !atomic && !(torture_random(rs) % (n * 20000)))
		udelay(1000 + torture_random(rs) % 3000);
	else if (!(torture_random(rs) % (n * 2 * shortdelay_us)))
		udelay(in_irq || atomic ? 20 : shortdelay_us);
	if (IS_ENABLED(CONFIG_PREEMPTION) && !in_irq && !atomic &&
	    !(torture_random(rs) % (n * 500))) {
		/*
		 * An involuntary preemption, inside the reader with
		 * preemptible RCU: another runnable task of this CPU (a
		 * preempter, a writer) runs before the reader goes on.
		 */
		preempt_disable();
		set_need_resched();
		preempt_enable();
	}
}

static void rcu_torture_kfree_obj(struct rcu_torture_kobj *p, bool one_arg)
{
	if (one_arg)
		kfree_rcu(p);
	else
		kfree_rcu(p, rh);
}

/* The update side of normal RCU, shared by flavors that wait for its GPs. */
#define RCU_TORTURE_RCU_UPDATERS				\
	.sync		= synchronize_rcu,			\
	.exp_sync	= synchronize_rcu_expedited,		\
	.call		= call_rcu,				\
	.cb_barrier	= rcu_barrier,				\
	.get_gp_state	= get_state_synchronize_rcu,		\
	.start_gp_poll	= start_poll_synchronize_rcu,		\
	.poll_gp_state	= poll_state_synchronize_rcu,		\
	.cond_sync	= cond_synchronize_rcu

static const struct rcu_torture_ops rcu_ops = {
	.name		= "rcu",
	.readlock	= rcu_torture_readlock,
	.readunlock	= rcu_torture_readunlock,
	.readlock_held	= rcu_torture_readlock_held,
	.read_delay	= rcu_torture_read_delay,
	RCU_TORTURE_RCU_UPDATERS,
	.kfree_obj	= rcu_torture_kfree_obj,
	.gp_completed	= rcu_gp_completed,
	.irq_capable	= true,
	.batch_checked	= true,
};

/* ---- the "busted" flavor: a deliberate bug, for testing the test ---- */

static void synchronize_rcu_busted(void)
{
	/* This is a deliberate bug for testing purposes only! */
}

static void call_rcu_busted(struct rcu_head *head, rcu_callback_t func)
{
	/* This is a deliberate bug for testing purposes only! */
	func(head);
}

static void rcu_barrier_busted(void)
{
}

static unsigned long get_state_busted(void)
{
	return 0;
}

static bool poll_state_busted(unsigned long cookie)
{
	return true;
}

static void cond_sync_busted(unsigned long cookie)
{
}

static void kfree_obj_busted(struct rcu_torture_kobj *p, bool one_arg)
{
	/* Freed at once (the poison is what a debug allocator writes). */
	WRITE_ONCE(p->magic, RTORT_POISON);
	kfree(p);
}

static const struct rcu_torture_ops rcu_busted_ops = {
	.name		= "busted",
	.readlock	= rcu_torture_readlock,
	.readunlock	= rcu_torture_readunlock,
	.readlock_held	= rcu_torture_readlock_held,
	.read_delay	= rcu_torture_read_delay,
	.sync		= synchronize_rcu_busted,
	.exp_sync	= synchronize_rcu_busted,
	.call		= call_rcu_busted,
	.cb_barrier	= rcu_barrier_busted,
	.get_gp_state	= get_state_busted,
	.start_gp_poll	= get_state_busted,
	.poll_gp_state	= poll_state_busted,
	.cond_sync	= cond_sync_busted,
	.kfree_obj	= kfree_obj_busted,
	.gp_completed	= rcu_gp_completed,
	.irq_capable	= true,
	.broken		= true,
};

/*
 * ---- the "busted_preempt" flavor: a grace period blind to preempted readers ----
 *
 * What a grace period would be if preempted readers were not tracked: it
 * ends once every online CPU has switched context.  Per-CPU SCHED_FIFO
 * kickers make each CPU switch at once (an idle one too), which keeps
 * these grace periods short.  Readers use the real rcu_read_lock(); one
 * preempted in its critical section lets its CPU switch, so in a
 * preemptible kernel this ends too soon.  Callbacks go through the same
 * grace periods, in a kthread, so that elements come back to the pool as
 * fast as the writer needs them.
 */
static struct task_struct **busted_preempt_tasks;	/* one per possible CPU */
static DEFINE_PER_CPU(int, busted_preempt_req);
static atomic_t busted_preempt_pending;
static DECLARE_COMPLETION(busted_preempt_done);
static DEFINE_MUTEX(busted_preempt_mutex);

/* Runs, and so makes its CPU switch context, once per request. */
static int busted_preempt_kicker(void *arg)
{
	unsigned int cpu = (long)arg;

	rcu_torture_set_fifo(2);
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (kthread_should_stop())
			break;
		if (!xchg(&per_cpu(busted_preempt_req, cpu), 0)) {
			schedule();
			continue;
		}
		__set_current_state(TASK_RUNNING);
		if (atomic_dec_and_test(&busted_preempt_pending))
			complete(&busted_preempt_done);
	}
	__set_current_state(TASK_RUNNING);
	return 0;
}

static void synchronize_rcu_busted_preempt(void)
{
	unsigned int cpu;

	mutex_lock(&busted_preempt_mutex);
	reinit_completion(&busted_preempt_done);
	atomic_set(&busted_preempt_pending, num_online_cpus());
	/* This is a deliberate bug: blocked readers are not waited for. */
	for_each_online_cpu(cpu) {
		WRITE_ONCE(per_cpu(busted_preempt_req, cpu), 1);
		wake_up_process(busted_preempt_tasks[cpu]);
	}
	wait_for_completion(&busted_preempt_done);
	mutex_unlock(&busted_preempt_mutex);
}

static struct task_struct *busted_preempt_cb_task;
static DEFINE_SPINLOCK(busted_preempt_cb_lock);
static struct rcu_head *busted_preempt_cbs;
static struct rcu_head **busted_preempt_cbs_tail = &busted_preempt_cbs;

/* Any context: queue @head, invoked in order after a busted grace period. */
static void call_rcu_busted_preempt(struct rcu_head *head, rcu_callback_t func)
{
	unsigned long flags;

	head->func = func;
	head->next = NULL;
	spin_lock_irqsave(&busted_preempt_cb_lock, flags);
	*busted_preempt_cbs_tail = head;
	busted_preempt_cbs_tail = &head->next;
	spin_unlock_irqrestore(&busted_preempt_cb_lock, flags);
	wake_up_process(busted_preempt_cb_task);
}

static int busted_preempt_cb_thread(void *arg)
{
	struct rcu_head *list, *next;

	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (kthread_should_stop())
			break;
		if (!READ_ONCE(busted_preempt_cbs)) {
			schedule();
			continue;
		}
		__set_current_state(TASK_RUNNING);
		spin_lock_irq(&busted_preempt_cb_lock);
		list = busted_preempt_cbs;
		busted_preempt_cbs = NULL;
		busted_preempt_cbs_tail = &busted_preempt_cbs;
		spin_unlock_irq(&busted_preempt_cb_lock);
		synchronize_rcu_busted_preempt();
		local_bh_disable();	/* callbacks run in softirq context elsewhere */
		for (; list; list = next) {
			next = list->next;
			list->func(list);
		}
		local_bh_enable();
		cond_resched();
	}
	__set_current_state(TASK_RUNNING);
	return 0;
}

struct busted_preempt_barrier {
	struct rcu_head rh;
	struct completion done;
};

static void busted_preempt_barrier_cb(struct rcu_head *head)
{
	complete(&container_of(head, struct busted_preempt_barrier, rh)->done);
}

/* The callbacks are invoked in order: the last one queued marks the end. */
static void rcu_barrier_busted_preempt(void)
{
	struct busted_preempt_barrier b;

	init_completion(&b.done);
	call_rcu_busted_preempt(&b.rh, busted_preempt_barrier_cb);
	wait_for_completion(&b.done);
}

static int busted_preempt_start(void)
{
	if (rcu_torture_start_percpu(busted_preempt_kicker, &busted_preempt_tasks,
				     "rtort_bpkick"))
		return -ENOMEM;
	return torture_create_kthread(busted_preempt_cb_thread, NULL,
				      &busted_preempt_cb_task, "rtort_bpcb");
}

static void busted_preempt_stop(void)
{
	if (busted_preempt_cb_task)
		torture_stop_kthread(&rcu_torture_tool, &busted_preempt_cb_task);
	rcu_torture_stop_percpu(&busted_preempt_tasks);
}

static void cond_sync_busted_preempt(unsigned long cookie)
{
	synchronize_rcu_busted_preempt();
}

/* Called by sleeping writers only; a poll that is a whole (busted) wait. */
static bool poll_state_busted_preempt(unsigned long cookie)
{
	synchronize_rcu_busted_preempt();
	return true;
}

static const struct rcu_torture_ops rcu_busted_preempt_ops = {
	.name		= "busted_preempt",
	.readlock	= rcu_torture_readlock,
	.readunlock	= rcu_torture_readunlock,
	.readlock_held	= rcu_torture_readlock_held,
	.read_delay	= rcu_torture_read_delay,
	.sync		= synchronize_rcu_busted_preempt,
	.exp_sync	= synchronize_rcu_busted_preempt,
	.call		= call_rcu_busted_preempt,
	.cb_barrier	= rcu_barrier_busted_preempt,
	.get_gp_state	= get_state_busted,
	.start_gp_poll	= get_state_busted,
	.poll_gp_state	= poll_state_busted_preempt,
	.cond_sync	= cond_sync_busted_preempt,
	.kfree_obj	= rcu_torture_kfree_obj,
	.gp_completed	= rcu_gp_completed,
	.start		= busted_preempt_start,
	.stop		= busted_preempt_stop,
	.irq_capable	= true,
	.broken		= true,
};

/*
 * ---- the SRCU flavors ----
 *
 * One domain per flavor, so that one flavor's readers never hold up
 * another's grace periods (fast and normal readers may not share one).
 * srcu_torture_ssp is the domain of the run, set by the flavor's @start.
 */
DEFINE_STATIC_SRCU(srcu_torture_ctl);
DEFINE_STATIC_SRCU(srcu_torture_fast_ctl);
static struct srcu_struct *srcu_torture_ssp;
static struct srcu_struct *srcud_torture_ssp;	/* "srcud": allocated per run */

static void srcu_torture_readlock(int kind, unsigned long *flags)
{
	*flags = srcu_read_lock(srcu_torture_ssp);
}

static void srcu_torture_readunlock(int kind, unsigned long flags)
{
	srcu_read_unlock(srcu_torture_ssp, flags);
}

/* The fast reader's per-CPU counter travels in @flags. */
static void srcu_fast_torture_readlock(int kind, unsigned long *flags)
{
	*flags = (__force unsigned long)srcu_read_lock_fast(srcu_torture_ssp);
}

static void srcu_fast_torture_readunlock(int kind, unsigned long flags)
{
	srcu_read_unlock_fast(srcu_torture_ssp, (struct srcu_ctr __force __percpu *)flags);
}

static bool srcu_torture_readlock_held(void)
{
	return srcu_read_lock_held(srcu_torture_ssp);
}

/*
 * rcu_torture_read_delay(), and sleeps: now and then a jiffy or two, and
 * rarely 10 to 40 jiffies, which spans several of the writer's grace
 * periods unless they wait for the sleeping reader.
 */
static void srcu_torture_read_delay(struct torture_random_state *rs, bool in_irq, bool atomic)
{
	u32 n = nrealreaders > 0 ? nrealreaders : 1;

	rcu_torture_read_delay(rs, in_irq, atomic);
	if (in_irq || atomic)
		return;
	if (!(torture_random(rs) % (n * 5000)))
		schedule_timeout_uninterruptible(10 + torture_random(rs) % 31);
	else if (!(torture_random(rs) % (n * 500)))
		schedule_timeout_uninterruptible(1 + torture_random(rs) % 2);
}

static void srcu_torture_sync(void)
{
	synchronize_srcu(srcu_torture_ssp);
}

static void srcu_torture_exp_sync(void)
{
	synchronize_srcu_expedited(srcu_torture_ssp);
}

static void srcu_torture_call(struct rcu_head *head, rcu_callback_t func)
{
	call_srcu(srcu_torture_ssp, head, func);
}

static void srcu_torture_barrier(void)
{
	srcu_barrier(srcu_torture_ssp);
}

static unsigned long srcu_torture_get_gp_state(void)
{
	return get_state_synchronize_srcu(srcu_torture_ssp);
}

static unsigned long srcu_torture_start_gp_poll(void)
{
	return start_poll_synchronize_srcu(srcu_torture_ssp);
}

static bool srcu_torture_poll_gp_state(unsigned long cookie)
{
	return poll_state_synchronize_srcu(srcu_torture_ssp, cookie);
}

/* SRCU has no cond_synchronize_srcu(): what it would be. */
static void srcu_torture_cond_sync(unsigned long cookie)
{
	if (!poll_state_synchronize_srcu(srcu_torture_ssp, cookie))
		synchronize_srcu(srcu_torture_ssp);
}

/* A callback that frees a kobj, poisoned (for late readers) whatever kmalloc does. */
static void rcu_torture_kobj_free_cb(struct rcu_head *head)
{
	struct rcu_torture_kobj *p = container_of(head, struct rcu_torture_kobj, rh);

	WRITE_ONCE(p->magic, RTORT_POISON);
	kfree(p);
}

/* SRCU has no kfree_srcu(). */
static void srcu_torture_kfree_obj(struct rcu_torture_kobj *p, bool one_arg)
{
	call_srcu(srcu_torture_ssp, &p->rh, rcu_torture_kobj_free_cb);
}

static unsigned long srcu_torture_completed(void)
{
	return srcu_batches_completed(srcu_torture_ssp);
}

static int srcu_torture_start(void)
{
	srcu_torture_ssp = &srcu_torture_ctl;
	return 0;
}

static int srcu_fast_torture_start(void)
{
	srcu_torture_ssp = &srcu_torture_fast_ctl;
	return 0;
}

/* A fresh domain each run: every run exercises init and cleanup. */
static int srcud_torture_start(void)
{
	struct srcu_struct *ssp = kzalloc(sizeof(*ssp), GFP_KERNEL);
	int ret;

	if (!ssp)
		return -ENOMEM;
	ret = init_srcu_struct(ssp);
	if (ret) {
		kfree(ssp);
		return ret;
	}
	srcud_torture_ssp = ssp;
	srcu_torture_ssp = ssp;
	return 0;
}

/* After the last srcu_barrier(): nothing may be left in flight. */
static void srcud_torture_stop(void)
{
	if (!srcud_torture_ssp)
		return;
	cleanup_srcu_struct(srcud_torture_ssp);
	kfree(srcud_torture_ssp);
	srcud_torture_ssp = NULL;
	srcu_torture_ssp = NULL;
}

#define SRCU_TORTURE_OPS(_name, _lock, _unlock, _start, _stop)		\
	.name		= _name,					\
	.readlock	= _lock,					\
	.readunlock	= _unlock,					\
	.readlock_held	= srcu_torture_readlock_held,			\
	.read_delay	= srcu_torture_read_delay,			\
	.sync		= srcu_torture_sync,				\
	.exp_sync	= srcu_torture_exp_sync,			\
	.call		= srcu_torture_call,				\
	.cb_barrier	= srcu_torture_barrier,				\
	.get_gp_state	= srcu_torture_get_gp_state,			\
	.start_gp_poll	= srcu_torture_start_gp_poll,			\
	.poll_gp_state	= srcu_torture_poll_gp_state,			\
	.cond_sync	= srcu_torture_cond_sync,			\
	.kfree_obj	= srcu_torture_kfree_obj,			\
	.gp_completed	= srcu_torture_completed,			\
	.start		= _start,					\
	.stop		= _stop,					\
	.irq_capable	= true,						\
	.sleepable	= true

static const struct rcu_torture_ops srcu_ops = {
	SRCU_TORTURE_OPS("srcu", srcu_torture_readlock, srcu_torture_readunlock,
			 srcu_torture_start, NULL),
};

static const struct rcu_torture_ops srcud_ops = {
	SRCU_TORTURE_OPS("srcud", srcu_torture_readlock, srcu_torture_readunlock,
			 srcud_torture_start, srcud_torture_stop),
};

static const struct rcu_torture_ops srcu_fast_ops = {
	SRCU_TORTURE_OPS("srcu_fast", srcu_fast_torture_readlock, srcu_fast_torture_readunlock,
			 srcu_fast_torture_start, NULL),
};

/*
 * ---- the "busted_srcu" flavor: SRCU readers, RCU grace periods ----
 *
 * A deliberate bug: the update side is normal RCU's, whose grace periods
 * end once every CPU has switched context, so a reader sleeping inside
 * its SRCU critical section does not hold them up.
 */
static void busted_srcu_kfree_obj(struct rcu_torture_kobj *p, bool one_arg)
{
	call_rcu(&p->rh, rcu_torture_kobj_free_cb);
}

/*
 * srcu_torture_read_delay(), and as rarely a sleep of four times the
 * writer's recent wait for a grace period: long enough for the element
 * read to be replaced and age through two grace periods, however slow
 * they are on this machine.  Only for the busted flavor, whose grace
 * periods do not wait for the sleeper: a correct flavor's waits would
 * grow with the sleeps.
 */
static void busted_srcu_read_delay(struct torture_random_state *rs, bool in_irq, bool atomic)
{
	u32 n = nrealreaders > 0 ? nrealreaders : 1;

	srcu_torture_read_delay(rs, in_irq, atomic);
	if (in_irq || atomic)
		return;
	if (!(torture_random(rs) % (n * 5000)))
		schedule_timeout_uninterruptible(min(4 * READ_ONCE(rcu_torture_gp_jiffies),
						     10UL * HZ));
}

static const struct rcu_torture_ops busted_srcu_ops = {
	.name		= "busted_srcu",
	.readlock	= srcu_torture_readlock,
	.readunlock	= srcu_torture_readunlock,
	.readlock_held	= srcu_torture_readlock_held,
	.read_delay	= busted_srcu_read_delay,
	RCU_TORTURE_RCU_UPDATERS,
	.kfree_obj	= busted_srcu_kfree_obj,
	.gp_completed	= rcu_gp_completed,
	.start		= srcu_torture_start,
	.irq_capable	= true,
	.sleepable	= true,
	.broken		= true,
};

/* Every type "type=" can select: one row each, the only place a type is described. */
static const struct rcu_torture_ops * const torture_ops[] = {
	&rcu_ops, &srcu_ops, &srcud_ops, &srcu_fast_ops,
	&rcu_busted_ops, &rcu_busted_preempt_ops, &busted_srcu_ops,
};

static const struct rcu_torture_ops *rcu_torture_find_ops(const char *name)
{
	return torture_ops_find(torture_ops, name);
}

/* ---- readers ---- */

static int rcu_torture_pick_kind(struct torture_random_state *rs, bool in_irq)
{
	u32 r = torture_random(rs) % 16;

	if (cur_ops->sleepable)
		return RTR_SRCU;
	if (in_irq)			/* softirq: no _bh, no irq-off spin */
		return r < 12 ? RTR_RCU : RTR_SCHED;
	if (r < 10)
		return RTR_RCU;
	if (r < 12)
		return RTR_BH;
	if (r < 15)
		return RTR_SCHED;
	return RTR_IRQ;
}

/* One read-side critical section; the heart of the test. */
static void rcu_torture_one_read(struct torture_random_state *rs, bool in_irq)
{
	int kinds[RTR_MAX_NEST];
	unsigned long flags[RTR_MAX_NEST];
	unsigned long started, completed;
	struct rcu_torture_kobj *k;
	struct rcu_torture *p;
	unsigned long nivcsw, nvcsw;
	bool atomic = false;
	int nest = 1, i, pipe_count;

	if (!(torture_random(rs) % 4))
		nest += torture_random(rs) % RTR_MAX_NEST;	/* 1..3 levels */
	if (nest > RTR_MAX_NEST)
		nest = RTR_MAX_NEST;
	for (i = 0; i < nest; i++) {
		kinds[i] = rcu_torture_pick_kind(rs, in_irq);
		if (kinds[i] != RTR_RCU && kinds[i] != RTR_SRCU)
			atomic = true;
		cur_ops->readlock(kinds[i], &flags[i]);
	}
	nivcsw = current->nivcsw;
	nvcsw = current->nvcsw;
	started = cur_ops->gp_completed();
	p = rcu_dereference_check(rcu_torture_current, cur_ops->readlock_held());
	if (!p)
		goto out;
	if (!READ_ONCE(p->rtort_mbtest) || READ_ONCE(p->rtort_magic) != RTORT_MAGIC) {
		atomic_inc(&n_rcu_torture_mberror);
		rcu_torture_note_error("reader saw an element not (or no longer) initialized");
	}
	k = rcu_dereference_check(rcu_torture_kobj_current, cur_ops->readlock_held());
	cur_ops->read_delay(rs, in_irq, atomic);
	pipe_count = READ_ONCE(p->rtort_pipe_count);
	if (pipe_count > RCU_TORTURE_PIPE_LEN)
		pipe_count = RCU_TORTURE_PIPE_LEN;
	completed = cur_ops->gp_completed() - started;
	if (completed > RCU_TORTURE_PIPE_LEN)
		completed = RCU_TORTURE_PIPE_LEN;
	if (k && READ_ONCE(k->magic) != RTORT_KOBJ_MAGIC) {
		atomic_long_inc(&n_rcu_torture_kfree_error);
		rcu_torture_note_error("reader saw a kfree_rcu() object freed too soon");
	}
	this_cpu_inc(rcu_torture_count[pipe_count]);
	this_cpu_inc(rcu_torture_batch[completed]);
	if (pipe_count > 1)
		rcu_torture_note_error("Too-short grace period");
	if (completed > 1 && cur_ops->batch_checked)
		rcu_torture_note_error("a reader saw two grace periods end");
out:
	/* Switched out inside the critical section (an interrupt cannot be). */
	if (!in_irq && READ_ONCE(current->nivcsw) != nivcsw)
		atomic_long_inc(&n_rcu_torture_preempts);
	if (!in_irq && READ_ONCE(current->nvcsw) != nvcsw)
		atomic_long_inc(&n_rcu_torture_sleeps);
	for (i = nest - 1; i >= 0; i--)
		cur_ops->readunlock(kinds[i], flags[i]);
	this_cpu_inc(rcu_torture_nreads);
}

/* A reader in softirq context, armed by its reader kthread. */
static void rcu_torture_timer(struct timer_list *t)
{
	struct rcu_torture_reader *r = from_timer(r, t, timer);

	atomic_long_inc(&n_rcu_torture_timers);
	rcu_torture_one_read(&r->timer_rand, true);
}

static int rcu_torture_reader(void *arg)
{
	struct rcu_torture_reader *r = arg;
	unsigned long lastsleep = jiffies + 10;
	struct torture_random_state rand;
	unsigned int iter = 0;

	torture_random_init(&rand, r->id + 1);
	/*
	 * Leave the loop as soon as the test stops, not when kthread_stop()
	 * gets to this reader: with 255 readers on an overcommitted host,
	 * stopping them one after the other took minutes.
	 */
	while (!kthread_should_stop() && !READ_ONCE(rcu_torture_stopping)) {
		if (irqreader && cur_ops->irq_capable && !READ_ONCE(rcu_torture_stopping) &&
		    !timer_pending(&r->timer))
			mod_timer(&r->timer, jiffies + 1);
		rcu_torture_one_read(&rand, false);
		if (time_after(jiffies, lastsleep)) {
			/* Let the CPU go idle now and then. */
			schedule_timeout_interruptible(1);
			lastsleep = jiffies + 10;
		} else if (!(++iter % 64)) {
			cond_resched();
		}
	}
	del_timer_sync(&r->timer);
	torture_kthread_park();
	return 0;
}

/* ---- writers ---- */

static struct rcu_torture_kobj *rcu_torture_kobj_alloc(gfp_t gfp)
{
	struct rcu_torture_kobj *k = kmalloc(sizeof(*k), gfp);

	if (!k)
		return NULL;
	k->version = READ_ONCE(rcu_torture_current_version);
	k->magic = RTORT_KOBJ_MAGIC;
	atomic_long_inc(&n_rcu_torture_kobjs);
	return k;
}

/*
 * Publish a new kfree_rcu() object; free the old one via @cur_ops.  From
 * the writer and from the irqwriter's timer (softirq: @gfp atomic and
 * @one_arg false, the form that does not sleep).
 */
static void rcu_torture_kobj_replace(gfp_t gfp, bool one_arg)
{
	struct rcu_torture_kobj *k = rcu_torture_kobj_alloc(gfp);
	struct rcu_torture_kobj *old;

	if (!k)
		return;
	spin_lock_bh(&rcu_torture_update_lock);
	old = rcu_replace_pointer(rcu_torture_kobj_current, k,
				  lockdep_is_held(&rcu_torture_update_lock));
	spin_unlock_bh(&rcu_torture_update_lock);
	if (old)
		cur_ops->kfree_obj(old, one_arg);
}

/*
 * Take a fresh element and publish it, from the writer or the irqwriter's
 * timer.  Return: the element it replaced, already marked removed (pipe
 * count 1), or NULL.
 */
static struct rcu_torture *rcu_torture_publish(struct rcu_torture *rp)
{
	struct rcu_torture *old;

	WRITE_ONCE(rp->rtort_pipe_count, 0);
	rp->rtort_magic = RTORT_MAGIC;
	rp->rtort_mbtest = 1;
	spin_lock_bh(&rcu_torture_update_lock);
	old = rcu_replace_pointer(rcu_torture_current, rp,
				  lockdep_is_held(&rcu_torture_update_lock));
	if (old) {
		atomic_long_inc(&rcu_torture_wcount[0]);
		WRITE_ONCE(old->rtort_pipe_count, 1);
	}
	WRITE_ONCE(rcu_torture_current_version, rcu_torture_current_version + 1);
	spin_unlock_bh(&rcu_torture_update_lock);
	return old;
}

static int rcu_torture_writer(void *arg)
{
	struct rcu_torture *rp, *old;
	struct torture_random_state rand;
	unsigned long cookie, t0;
	enum rtort_wpath path;

	torture_random_init(&rand, 0x5752);
	while (!kthread_should_stop()) {
		if (!(torture_random(&rand) % 4))
			schedule_timeout_uninterruptible(1);
		rp = rcu_torture_alloc();
		if (!rp) {
			schedule_timeout_uninterruptible(1);
			continue;
		}
		/* Widen the window in which a busted reader sees a half-made element. */
		udelay(torture_random(&rand) % 32);
		old = rcu_torture_publish(rp);
		if (!old)
			continue;
		path = synctypes[torture_random(&rand) % nsynctypes];
		atomic_long_inc(&n_rcu_torture_wpath[path]);
		t0 = jiffies;
		switch (path) {
		case RTWS_DEF_FREE:
			cur_ops->call(&old->rtort_rcu, rcu_torture_cb);
			break;
		case RTWS_EXP_SYNC:
			cur_ops->exp_sync();
			rcu_torture_pipe_update(old);
			break;
		case RTWS_COND_GET:
			cookie = cur_ops->get_gp_state();
			schedule_timeout_uninterruptible(torture_random(&rand) % 4);
			cur_ops->cond_sync(cookie);
			rcu_torture_pipe_update(old);
			break;
		case RTWS_POLL_GET:
			cookie = cur_ops->start_gp_poll();
			while (!cur_ops->poll_gp_state(cookie))
				schedule_timeout_uninterruptible(1);
			rcu_torture_pipe_update(old);
			break;
		case RTWS_KFREE:
			rcu_torture_kobj_replace(GFP_KERNEL, torture_random(&rand) & 1);
			fallthrough;
		case RTWS_SYNC:
		default:
			cur_ops->sync();
			rcu_torture_pipe_update(old);
			break;
		}
		/* Every path but call_rcu() waited for a grace period. */
		if (path != RTWS_DEF_FREE)
			WRITE_ONCE(rcu_torture_gp_jiffies,
				   (rcu_torture_gp_jiffies + (jiffies - t0)) / 2);
	}
	return 0;
}

/*
 * The irqwriter: an update from softirq context every tick or two.  Its
 * removed element ages through call_rcu(); now and then it also replaces
 * the kfree_rcu() object (two-argument form, legal in softirq).
 */
static void rcu_torture_irqwriter(struct timer_list *t)
{
	struct rcu_torture *rp, *old = NULL;
	u32 r = torture_random(&irqwriter_rand);

	if (READ_ONCE(rcu_torture_stopping))
		return;
	rp = rcu_torture_alloc();
	if (rp) {
		old = rcu_torture_publish(rp);
		if (old)
			cur_ops->call(&old->rtort_rcu, rcu_torture_cb);
		atomic_long_inc(&n_rcu_torture_irqwrites);
	}
	if (!(r % 8))
		rcu_torture_kobj_replace(GFP_ATOMIC, false);
	if (!READ_ONCE(rcu_torture_stopping))
		mod_timer(t, jiffies + 1 + (r >> 8) % 2);
}

struct rcu_torture_barrier_probe {
	struct rcu_head rh;
	atomic_t invoked;
};

static void rcu_torture_barrier_cb(struct rcu_head *head)
{
	struct rcu_torture_barrier_probe *bp =
		container_of(head, struct rcu_torture_barrier_probe, rh);

	atomic_inc(&bp->invoked);
}

/*
 * Fake writers: grace periods and, now and then (as in Linux, one time in
 * nfakewriters * 8), rcu_barrier(); nothing to free.  Barriers and
 * expedited grace periods IPI every CPU, so they stay a minority.
 */
static int rcu_torture_fakewriter(void *arg)
{
	struct rcu_torture_barrier_probe probe;
	struct torture_random_state rand;
	unsigned long cookie;

	torture_random_init(&rand, 0x4657 + (long)arg);
	while (!kthread_should_stop()) {
		schedule_timeout_uninterruptible(1 + torture_random(&rand) % 10);
		if (kthread_should_stop())
			break;
		if (!(torture_random(&rand) % (nrealfakewriters * 8))) {
			init_rcu_head_on_stack(&probe.rh);
			atomic_set(&probe.invoked, 0);
			cur_ops->call(&probe.rh, rcu_torture_barrier_cb);
			cur_ops->cb_barrier();
			if (atomic_read(&probe.invoked) != 1) {
				atomic_long_inc(&n_rcu_torture_barrier_error);
				rcu_torture_note_error("rcu_barrier() returned before a callback ran");
			}
			destroy_rcu_head_on_stack(&probe.rh);
		}
		switch (torture_random(&rand) % 5) {
		case 0:
		case 1:
			cur_ops->sync();
			break;
		case 2:
			cur_ops->exp_sync();
			break;
		case 3:
			cookie = cur_ops->get_gp_state();
			cur_ops->cond_sync(cookie);
			break;
		default:
			cookie = cur_ops->start_gp_poll();
			while (!cur_ops->poll_gp_state(cookie))
				schedule_timeout_uninterruptible(1);
			break;
		}
		atomic_long_inc(&n_rcu_torture_fakewrites);
	}
	return 0;
}

/* ---- preempters: involuntary preemptions of the readers ---- */

/* Make the calling kthread SCHED_FIFO at @prio: above every reader. */
static void rcu_torture_set_fifo(int prio)
{
	struct sched_param sp = { .sched_priority = prio };

	WARN_ON_ONCE(sched_setscheduler_nocheck(current, SCHED_FIFO, &sp));
}

/* Spin on this CPU, preemptible, until @end_ns or the end of the test. */
static void rcu_torture_spin_until(u64 end_ns)
{
	while (ktime_get_ns() < end_ns && !READ_ONCE(rcu_torture_stopping))
		cpu_relax();
}

/*
 * One per CPU: wake at random, spin a random while.  The reader of this
 * CPU, preempted wherever it was (in its critical section, most of the
 * time), stays off the CPU meanwhile, and other tasks may run before it.
 */
static int rcu_torture_preempter(void *arg)
{
	struct torture_random_state rand;
	u64 spin_ns;

	torture_random_init(&rand, 0x5052 + (long)arg);
	rcu_torture_set_fifo(1);
	while (!kthread_should_stop() && !READ_ONCE(rcu_torture_stopping)) {
		schedule_timeout_interruptible(msecs_to_jiffies(1 +
				torture_random_below(&rand, preempt_interval)));
		spin_ns = (1 + torture_random_below(&rand, preempt_duration)) * NSEC_PER_MSEC;
		rcu_torture_spin_until(ktime_get_ns() + spin_ns);
	}
	torture_kthread_park();
	return 0;
}

/* ---- test_boost: only priority boosting ends these grace periods ---- */

#ifdef CONFIG_RCU_BOOST_DELAY
#define RCU_TORTURE_BOOST_DELAY_MS	CONFIG_RCU_BOOST_DELAY
#else
#define RCU_TORTURE_BOOST_DELAY_MS	500
#endif
/* The hogs' SCHED_FIFO priority: above the readers, below RCU's kthreads. */
#define RCU_TORTURE_HOG_PRIO		1
/* How long a grace period may take while a hog spins: boost delay, twice, and slack. */
#define RCU_TORTURE_BOOST_DEADLINE_MS	(2 * RCU_TORTURE_BOOST_DELAY_MS + 1000)

/* Is a reader of @cpu (not running: the caller is on @cpu) inside rcu_read_lock()? */
static bool rcu_torture_boost_caught(unsigned int cpu)
{
#ifdef CONFIG_PREEMPT_RCU
	int i;

	for (i = 0; i < nrealreaders; i++) {
		struct task_struct *t = READ_ONCE(reader_tasks[i].task);

		if (t && reader_tasks[i].cpu == cpu && READ_ONCE(t->rcu_read_lock_nesting) > 0)
			return true;
	}
#endif
	return false;
}

/*
 * A gap this long between two turns of the hog's loop is time its CPU did
 * something else: an interrupt handler, the boosted reader, or, on an
 * overcommitted host, nothing at all because the host ran another thread.
 */
#define RCU_TORTURE_HOG_GAP_NS		(1 * NSEC_PER_MSEC)

/*
 * Hog the CPU, without sleeping, for test_boost_duration seconds while
 * the reader preempted here holds up grace periods; each grace period
 * started meanwhile must end within RCU_TORTURE_BOOST_DEADLINE_MS, which
 * it can only do if the reader is boosted above the hog.  The polled API
 * neither sleeps nor needs this CPU.
 *
 * Both durations count only the time the hog itself ran: when the host
 * does not run this virtual CPU it does not run the others much either,
 * and a wall-clock deadline would blame RCU for the host's load.  Without
 * boosting the hog runs without gaps, so the deadline still expires.
 *
 * Return: 1 if a grace period missed the deadline, 0 if all met it, -1
 * if the test ended first (the interval does not count).
 */
static int rcu_torture_boost_hog(unsigned int cpu)
{
	const u64 deadline_ns = RCU_TORTURE_BOOST_DEADLINE_MS * NSEC_PER_MSEC;
	const u64 duration_ns = (u64)test_boost_duration * NSEC_PER_SEC;
	u64 now = ktime_get_ns(), prev = now, gp_start = now;
	u64 ran = 0, gp_ran = 0;
	unsigned long cookie = start_poll_synchronize_rcu();

	while (ran < duration_ns && !READ_ONCE(rcu_torture_stopping)) {
		if (now - prev < RCU_TORTURE_HOG_GAP_NS) {
			ran += now - prev;
			gp_ran += now - prev;
		}
		prev = now;
		if (poll_state_synchronize_rcu(cookie)) {
			cookie = start_poll_synchronize_rcu();
			gp_start = now;
			gp_ran = 0;
		} else if (gp_ran > deadline_ns) {
			if (IS_ENABLED(CONFIG_RCU_BOOST))
				pr_alert("%s-torture: !!! boost: a grace period waited %llu ms (%llu ms of hogging) for a reader preempted on CPU %u\n",
					 cur_ops->name,
					 (unsigned long long)((now - gp_start) / NSEC_PER_MSEC),
					 (unsigned long long)(gp_ran / NSEC_PER_MSEC), cpu);
			return 1;
		}
		cpu_relax();
		now = ktime_get_ns();
	}
	return ran < duration_ns ? -1 : 0;
}

/*
 * One per CPU, SCHED_FIFO 1: above the readers and the preempters' equal,
 * below rcutree.kthread_prio (the boost kthreads' priority), which must
 * be 2 or more.  A hog starts only when this CPU's reader is preempted in
 * its critical section, and leaves test_boost_interval seconds between
 * two hogs so that the rest of the system gets the CPU.
 */
static int rcu_torture_booster(void *arg)
{
	unsigned int cpu = (long)arg;
	struct torture_random_state rand;
	int tries, ret;

	torture_random_init(&rand, 0x424f + cpu);
	rcu_torture_set_fifo(RCU_TORTURE_HOG_PRIO);
	while (!kthread_should_stop() && !READ_ONCE(rcu_torture_stopping)) {
		schedule_timeout_interruptible(msecs_to_jiffies(test_boost_interval * 1000 +
						torture_random_below(&rand, 500)));
		for (tries = 0; tries < 200 && !READ_ONCE(rcu_torture_stopping); tries++) {
			if (rcu_torture_boost_caught(cpu))
				break;
			schedule_timeout_interruptible(1 + torture_random_below(&rand, 3));
		}
		if (tries == 200 || READ_ONCE(rcu_torture_stopping))
			continue;
		ret = rcu_torture_boost_hog(cpu);
		if (ret < 0)
			break;
		if (ret) {
			atomic_long_inc(&n_rcu_torture_boost_failures);
			if (IS_ENABLED(CONFIG_RCU_BOOST))
				rcu_torture_note_error("RCU priority boosting did not end a grace period in time");
		}
		atomic_long_inc(&n_rcu_torture_boost_intervals);
	}
	torture_kthread_park();
	return 0;
}

/*
 * The boost test's last lines.  Without CONFIG_RCU_BOOST its failures
 * are the expected result; none means the test could not show the
 * difference.  Return: true if it failed.
 */
static bool rcu_torture_boost_report(void)
{
	long n = atomic_long_read(&n_rcu_torture_boost_intervals);
	long f = atomic_long_read(&n_rcu_torture_boost_failures);

	if (!rcu_torture_boosting)
		return false;
	if (!IS_ENABLED(CONFIG_RCU_BOOST)) {
		if (f)
			pr_alert("%s-torture: boost: expected failure without CONFIG_RCU_BOOST: %ld of %ld intervals failed\n",
				 cur_ops->name, f, n);
		else
			pr_alert("%s-torture: boost: no failure without CONFIG_RCU_BOOST (%ld intervals)\n",
				 cur_ops->name, n);
		return false;
	}
	pr_alert("%s-torture: %sboost: %ld intervals, %ld failures\n",
		 cur_ops->name, f || !n ? "!!! " : "", n, f);
	if (!n)
		pr_alert("%s-torture: !!! boost: no reader was ever caught preempted by a hog\n",
			 cur_ops->name);
	return f || !n;
}

/* ---- statistics ---- */

static void rcu_torture_print_hist(const char *name, const long *h, bool bad)
{
	char buf[RCU_TORTURE_PIPE_LEN * 21 + 1];
	int i, len = 0;

	for (i = 0; i <= RCU_TORTURE_PIPE_LEN; i++)
		len += scnprintf(buf + len, sizeof(buf) - len, " %ld", h[i]);
	pr_alert("%s-torture: %s%s: %s\n", cur_ops->name, bad ? "!!! " : "", name, buf);
}

/* Milliseconds since the start, and grace periods per second * 100. */
static void rcu_torture_gp_rate(unsigned long *gps, u64 *ms, unsigned long *rate100)
{
	*gps = rcu_torture_ops_started ? cur_ops->gp_completed() - rcu_torture_start_gps : 0;
	*ms = (ktime_get_ns() - rcu_torture_start_ns) / NSEC_PER_MSEC;
	*rate100 = *ms ? (unsigned long)(*gps * 100000ULL / *ms) : 0;
}

/*
 * Print the statistics in the format of Linux's rcutorture.  Return:
 * true if they show an error.
 */
static bool rcu_torture_stats_print(void)
{
	long pipesummary[RCU_TORTURE_PIPE_LEN + 1] = { 0 };
	long batchsummary[RCU_TORTURE_PIPE_LEN + 1] = { 0 };
	long wsummary[RCU_TORTURE_PIPE_LEN + 1];
	unsigned long gps, rate100;
	long nreads = 0;
	bool pipe_bad = false, batch_bad = false, bad;
	unsigned int cpu;
	u64 ms;
	int i;

	for_each_possible_cpu(cpu) {
		for (i = 0; i <= RCU_TORTURE_PIPE_LEN; i++) {
			pipesummary[i] += READ_ONCE(per_cpu(rcu_torture_count, cpu)[i]);
			batchsummary[i] += READ_ONCE(per_cpu(rcu_torture_batch, cpu)[i]);
		}
		nreads += READ_ONCE(per_cpu(rcu_torture_nreads, cpu));
	}
	for (i = 0; i <= RCU_TORTURE_PIPE_LEN; i++)
		wsummary[i] = atomic_long_read(&rcu_torture_wcount[i]);
	for (i = 2; i <= RCU_TORTURE_PIPE_LEN; i++)
		if (pipesummary[i])
			pipe_bad = true;
	/*
	 * "Reader Batch" counts readers by how many grace periods ended
	 * (@gp_completed moved) between their first and last look inside
	 * the critical section.  Only a grace period already under way when
	 * the reader began may end before it does; the next one starts
	 * later, so it must wait for the reader.  A count in column 2 or
	 * beyond is a grace period that began after a reader and ended
	 * inside it: too short, even if no freed element was seen.
	 */
	for (i = 2; i <= RCU_TORTURE_PIPE_LEN && cur_ops->batch_checked; i++)
		if (batchsummary[i])
			batch_bad = true;
	bad = pipe_bad || batch_bad || atomic_read(&n_rcu_torture_mberror) ||
	      atomic_long_read(&n_rcu_torture_barrier_error) ||
	      atomic_long_read(&n_rcu_torture_kfree_error) ||
	      wsummary[RCU_TORTURE_PIPE_LEN];

	pr_alert("%s-torture: rtc: %p ver: %lu tfle: %d rta: %ld rtaf: %ld rtf: %ld rtmbe: %d rtbe: %ld rtbke: %ld rtbre: %ld rtbf: %ld rtb: %ld nt: %ld\n",
		 cur_ops->name, rcu_access_pointer(rcu_torture_current),
		 READ_ONCE(rcu_torture_current_version),
		 READ_ONCE(rcu_torture_nfree) == 0,
		 atomic_long_read(&n_rcu_torture_alloc),
		 atomic_long_read(&n_rcu_torture_alloc_fail),
		 atomic_long_read(&n_rcu_torture_free),
		 atomic_read(&n_rcu_torture_mberror),
		 atomic_long_read(&n_rcu_torture_barrier_error),
		 0L, 0L, 0L, 0L,
		 atomic_long_read(&n_rcu_torture_timers));
	if (pipe_bad)
		pr_alert("%s-torture: !!! Too-short grace period: readers saw elements 2 or more grace periods after removal\n",
			 cur_ops->name);
	rcu_torture_print_hist("Reader Pipe", pipesummary, pipe_bad);
	if (batch_bad)
		pr_alert("%s-torture: !!! Reader Batch: a reader saw two or more grace periods end\n",
			 cur_ops->name);
	rcu_torture_print_hist("Reader Batch", batchsummary, batch_bad);
	rcu_torture_print_hist("Free-Block Circulation", wsummary,
			       wsummary[RCU_TORTURE_PIPE_LEN] != 0);
	rcu_torture_gp_rate(&gps, &ms, &rate100);
	pr_alert("%s-torture: %sgps: %lu in %llu.%03llu s (%lu.%02lu/s) reads: %ld cbs: %ld kfree: %ld (errors %ld) irqwrites: %ld fakewrites: %ld preempts: %ld paths: sync %ld exp %ld call %ld cond %ld poll %ld kfree %ld\n",
		 cur_ops->name, bad ? "!!! " : "", gps,
		 (unsigned long long)(ms / 1000), (unsigned long long)(ms % 1000),
		 rate100 / 100, rate100 % 100, nreads,
		 atomic_long_read(&n_rcu_torture_cbs),
		 atomic_long_read(&n_rcu_torture_kobjs),
		 atomic_long_read(&n_rcu_torture_kfree_error),
		 atomic_long_read(&n_rcu_torture_irqwrites),
		 atomic_long_read(&n_rcu_torture_fakewrites),
		 atomic_long_read(&n_rcu_torture_preempts),
		 atomic_long_read(&n_rcu_torture_wpath[RTWS_SYNC]),
		 atomic_long_read(&n_rcu_torture_wpath[RTWS_EXP_SYNC]),
		 atomic_long_read(&n_rcu_torture_wpath[RTWS_DEF_FREE]),
		 atomic_long_read(&n_rcu_torture_wpath[RTWS_COND_GET]),
		 atomic_long_read(&n_rcu_torture_wpath[RTWS_POLL_GET]),
		 atomic_long_read(&n_rcu_torture_wpath[RTWS_KFREE]));
	if (cur_ops->sleepable)
		pr_alert("%s-torture: readers that slept inside their critical section: %ld\n",
			 cur_ops->name, atomic_long_read(&n_rcu_torture_sleeps));
	if (onoff_interval > 0) {
		char buf[128];
		bool onoff_bad = torture_onoff_failures();

		pr_alert("%s-torture: %s%s\n", cur_ops->name, onoff_bad ? "!!! " : "",
			 torture_onoff_stats(buf, sizeof(buf)));
		bad |= onoff_bad;
	}
	return bad;
}

/*
 * The monitor's periodic lines (the end of the run prints its own).  SRCU
 * has no stall warnings: grace periods that stop ending show only as a
 * writer that no longer publishes anything, once the pool has run dry.
 */
static void rcu_torture_stats(void)
{
	unsigned long v = READ_ONCE(rcu_torture_current_version);

	rcu_torture_stats_print();
	if (cur_ops->sleepable && !cur_ops->broken && v == rcu_torture_stall_version) {
		pr_alert("%s-torture: !!! writer stall: nothing published for %d s\n",
			 cur_ops->name, stat_interval);
		rcu_torture_note_error("writer stall: grace periods stopped ending");
	}
	rcu_torture_stall_version = v;
}

/* ---- start, run, stop ---- */

static void rcu_torture_print_parms(const char *tag)
{
	char paths[64];
	int i, len = 0;

	for (i = 0; i < nsynctypes; i++)
		len += scnprintf(paths + len, sizeof(paths) - len, "%s%s",
				 i ? "," : "", rtort_wpath_names[synctypes[i]]);
	pr_alert("%s-torture:--- %s: nreaders=%d nfakewriters=%d stat_interval=%d duration=%d shutdown_secs=%d irqreader=%d irqwriter=%d stop_on_error=%d preempt_duration=%d preempt_interval=%d test_boost=%d onoff_interval=%d onoff_holdoff=%d paths=%s cpus=%u\n",
		 cur_ops->name, tag, nrealreaders, nrealfakewriters, stat_interval,
		 rcu_torture_secs, shutdown_secs, irqreader, irqwriter, stop_on_error,
		 preempt_duration, preempt_interval, rcu_torture_boosting,
		 onoff_interval, onoff_holdoff, paths, num_online_cpus());
}

static void rcu_torture_reset_state(void)
{
	unsigned int cpu;
	int i;

	for_each_possible_cpu(cpu) {
		for (i = 0; i <= RCU_TORTURE_PIPE_LEN; i++) {
			per_cpu(rcu_torture_count, cpu)[i] = 0;
			per_cpu(rcu_torture_batch, cpu)[i] = 0;
		}
		per_cpu(rcu_torture_nreads, cpu) = 0;
	}
	for (i = 0; i <= RCU_TORTURE_PIPE_LEN; i++)
		atomic_long_set(&rcu_torture_wcount[i], 0);
	for (i = 0; i < RTWS_NPATHS; i++)
		atomic_long_set(&n_rcu_torture_wpath[i], 0);
	atomic_long_set(&n_rcu_torture_alloc, 0);
	atomic_long_set(&n_rcu_torture_alloc_fail, 0);
	atomic_long_set(&n_rcu_torture_free, 0);
	atomic_set(&n_rcu_torture_mberror, 0);
	atomic_long_set(&n_rcu_torture_barrier_error, 0);
	atomic_long_set(&n_rcu_torture_kfree_error, 0);
	atomic_long_set(&n_rcu_torture_timers, 0);
	atomic_long_set(&n_rcu_torture_cbs, 0);
	atomic_long_set(&n_rcu_torture_kobjs, 0);
	atomic_long_set(&n_rcu_torture_irqwrites, 0);
	atomic_long_set(&n_rcu_torture_fakewrites, 0);
	atomic_long_set(&n_rcu_torture_preempts, 0);
	atomic_long_set(&n_rcu_torture_sleeps, 0);
	atomic_long_set(&n_rcu_torture_boost_intervals, 0);
	atomic_long_set(&n_rcu_torture_boost_failures, 0);
	rcu_torture_current_version = 0;
	rcu_torture_stall_version = ULONG_MAX;
	rcu_torture_first_error_ns = 0;
	rcu_torture_first_error = NULL;
	WRITE_ONCE(rcu_torture_stopping, false);
	rcu_torture_irqwriter_on = false;
	RCU_INIT_POINTER(rcu_torture_current, NULL);
	RCU_INIT_POINTER(rcu_torture_kobj_current, NULL);
	INIT_LIST_HEAD(&rcu_torture_freelist);
	INIT_LIST_HEAD(&rcu_torture_removed);
	rcu_torture_nfree = 0;
	writer_task = NULL;
	fakewriter_tasks = NULL;
	reader_tasks = NULL;
	preempter_tasks = NULL;
	booster_tasks = NULL;
}

static void rcu_torture_pick_paths(void)
{
	bool any = gp_normal || gp_sync || gp_exp || gp_cond || gp_poll || gp_kfree;

	nsynctypes = 0;
	if (!any || gp_sync)
		synctypes[nsynctypes++] = RTWS_SYNC;
	if (!any || gp_exp)
		synctypes[nsynctypes++] = RTWS_EXP_SYNC;
	if (!any || gp_normal)
		synctypes[nsynctypes++] = RTWS_DEF_FREE;
	if (!any || gp_cond)
		synctypes[nsynctypes++] = RTWS_COND_GET;
	if (!any || gp_poll)
		synctypes[nsynctypes++] = RTWS_POLL_GET;
	if (!any || gp_kfree)
		synctypes[nsynctypes++] = RTWS_KFREE;
}

/* Stop and free an array of per-CPU threads. */
static void rcu_torture_stop_percpu(struct task_struct ***tasksp)
{
	struct task_struct **tasks = *tasksp;
	unsigned int cpu;

	if (!tasks)
		return;
	for_each_possible_cpu(cpu)
		if (tasks[cpu])
			torture_stop_kthread(&rcu_torture_tool, &tasks[cpu]);
	kfree(tasks);
	*tasksp = NULL;
}

/* Start @fn on every online CPU, "@name/cpu"; the argument is the CPU. */
static int rcu_torture_start_percpu(int (*fn)(void *arg), struct task_struct ***tasksp,
				    const char *name)
{
	unsigned int cpu;

	*tasksp = kcalloc(nr_cpu_ids, sizeof(**tasksp), GFP_KERNEL);
	if (!*tasksp)
		return -ENOMEM;
	for_each_online_cpu(cpu)
		if (torture_create_kthread_on(fn, (void *)(long)cpu, cpu, &(*tasksp)[cpu],
					      "%s/%u", name, cpu))
			return -ENOMEM;
	return 0;
}

/* Stop every thread and timer; safe on a partly started test. */
static void rcu_torture_stop_threads(void)
{
	int i;

	WRITE_ONCE(rcu_torture_stopping, true);
	/* First, so that every CPU is back for the rest of the run. */
	if (rcu_torture_onoff_on) {
		torture_onoff_cleanup(&rcu_torture_tool);
		rcu_torture_onoff_on = false;
	}
	if (rcu_torture_irqwriter_on) {
		/* The handler re-arms itself unless it sees the flag. */
		do {
			del_timer_sync(&rcu_torture_irqwriter_timer);
		} while (timer_pending(&rcu_torture_irqwriter_timer));
		rcu_torture_irqwriter_on = false;
	}
	/* First the SCHED_FIFO threads, which keep the others off their CPUs. */
	rcu_torture_stop_percpu(&booster_tasks);
	rcu_torture_stop_percpu(&preempter_tasks);
	torture_stop_kthread(&rcu_torture_tool, &writer_task);
	if (fakewriter_tasks) {
		for (i = 0; i < nrealfakewriters; i++)
			torture_stop_kthread(&rcu_torture_tool, &fakewriter_tasks[i]);
		kfree(fakewriter_tasks);
		fakewriter_tasks = NULL;
	}
	if (reader_tasks) {
		for (i = 0; i < nrealreaders; i++) {
			if (reader_tasks[i].task)
				torture_stop_kthread(&rcu_torture_tool, &reader_tasks[i].task);
			else
				del_timer_sync(&reader_tasks[i].timer);
		}
	}
	/* Last: it is what reports a stop above that hangs. */
	torture_stats_stop(&rcu_torture_tool);
}

/*
 * All threads are gone: wait for the callbacks in flight, then take every
 * element back.  Return: the number of elements that did not come back.
 */
static int rcu_torture_reclaim(void)
{
	struct rcu_torture *rp, *rp1;
	struct rcu_torture_kobj *k;
	int missing;

	/* Twice: a callback running during the first may have queued itself. */
	cur_ops->cb_barrier();
	cur_ops->cb_barrier();
	if (cur_ops->cb_barrier != rcu_barrier) {
		rcu_barrier();		/* kfree_rcu() and friends of the real API */
		rcu_barrier();
	}

	rp = rcu_dereference_protected(rcu_torture_current, 1);
	RCU_INIT_POINTER(rcu_torture_current, NULL);
	if (rp)
		rcu_torture_free(rp);
	list_for_each_entry_safe(rp, rp1, &rcu_torture_removed, rtort_free) {
		list_del(&rp->rtort_free);
		rcu_torture_free(rp);
	}
	k = rcu_dereference_protected(rcu_torture_kobj_current, 1);
	RCU_INIT_POINTER(rcu_torture_kobj_current, NULL);
	kfree(k);
	missing = RCU_TORTURE_POOL_SIZE - rcu_torture_nfree;
	return missing;
}

static int rcu_torture_start_threads(void)
{
	int i;

	if (torture_create_kthread(rcu_torture_writer, NULL, &writer_task, "rtort_writer"))
		return -ENOMEM;
	fakewriter_tasks = kcalloc(nrealfakewriters ? nrealfakewriters : 1,
				   sizeof(*fakewriter_tasks), GFP_KERNEL);
	if (!fakewriter_tasks)
		return -ENOMEM;
	for (i = 0; i < nrealfakewriters; i++)
		if (torture_create_kthread(rcu_torture_fakewriter, (void *)(long)i,
					   &fakewriter_tasks[i], "rtort_fakew/%d", i))
			return -ENOMEM;
	for (i = 0; i < nrealreaders; i++) {
		struct rcu_torture_reader *r = &reader_tasks[i];

		r->cpu = torture_nth_cpu(i);
		if (torture_create_kthread_on(rcu_torture_reader, r, r->cpu, &r->task,
					      "rtort_reader/%d", i))
			return -ENOMEM;
	}
	if (preempt_duration > 0 &&
	    rcu_torture_start_percpu(rcu_torture_preempter, &preempter_tasks, "rtort_preempt"))
		return -ENOMEM;
	if (rcu_torture_boosting &&
	    rcu_torture_start_percpu(rcu_torture_booster, &booster_tasks, "rtort_boost"))
		return -ENOMEM;
	torture_stats_start(&rcu_torture_tool, rcu_torture_stats, stat_interval);
	if (onoff_interval > 0) {
		if (torture_onoff_init((unsigned long)onoff_holdoff * MSEC_PER_SEC,
				       onoff_interval))
			return -EBUSY;
		rcu_torture_onoff_on = true;
	}
	if (irqwriter && cur_ops->irq_capable) {
		torture_random_init(&irqwriter_rand, 0x4952);
		timer_setup(&rcu_torture_irqwriter_timer, rcu_torture_irqwriter, 0);
		rcu_torture_irqwriter_on = true;
		mod_timer(&rcu_torture_irqwriter_timer, jiffies + 1);
	}
	return 0;
}

/**
 * rcu_torture_run() - run one torture test to its end
 * @type: flavor name ("rcu", "srcu", "busted", ...)
 * @secs: how long to run
 * @nr_readers: reader kthreads, or -1 for one per online CPU (at least 2)
 * @nr_fakewriters: fake writer kthreads
 * @expect_failure: the caller expects FAILURE (a KUnit test of the busted
 *	flavor): the last line then says so instead of "End of test: FAILURE"
 *
 * Prints the statistics every stat_interval seconds and at the end, then
 * "End of test: SUCCESS" or "End of test: FAILURE".  Stops early at the
 * first error if stop_on_error is set.  Sleeps; one test at a time.
 *
 * Return: 0 on SUCCESS, -EIO on FAILURE, -EINVAL for an unknown flavor,
 * -EBUSY if a test is already running, -ENOMEM if it could not start.
 */
static int rcu_torture_run(const char *type, int secs, int nr_readers,
			   int nr_fakewriters, bool expect_failure)
{
	const struct rcu_torture_ops *ops = rcu_torture_find_ops(type);
	unsigned long gps, rate100;
	bool failed = false;
	u64 end_ns, ms;
	int ret, i, missing;

	if (!ops)
		return -EINVAL;
	ret = torture_init_begin(&rcu_torture_tool);
	if (ret)
		return ret;

	cur_ops = ops;
	rcu_torture_reset_state();
	rcu_torture_quiet_end = expect_failure;
	if (nr_readers < 0) {
		nr_readers = num_online_cpus();
		if (nr_readers < 2)
			nr_readers = 2;
	}
	nrealreaders = nr_readers < 1 ? 1 : nr_readers;
	nrealfakewriters = nr_fakewriters < 0 ? 0 : nr_fakewriters;
	rcu_torture_secs = secs > 0 ? secs : 1;
	rcu_torture_pick_paths();
	rcu_torture_boosting = test_boost && IS_ENABLED(CONFIG_PREEMPT_RCU) &&
			       !cur_ops->sleepable;
	if (test_boost && cur_ops->sleepable)
		pr_alert("%s-torture: boost: SRCU readers are not boosted: test_boost=1 skipped\n",
			 cur_ops->name);
	else if (test_boost && !rcu_torture_boosting)
		pr_alert("%s-torture: boost: test_boost=1 needs a preemptible kernel (CONFIG_PREEMPT_RCU): skipped\n",
			 cur_ops->name);
#ifdef CONFIG_RCU_BOOST
	if (rcu_torture_boosting && rcu_kthread_prio() <= RCU_TORTURE_HOG_PRIO)
		pr_alert("%s-torture: boost: rcutree.kthread_prio=%d is not above the hogs' SCHED_FIFO %d: boosting cannot end their grace periods\n",
			 cur_ops->name, rcu_kthread_prio(), RCU_TORTURE_HOG_PRIO);
#endif
	rcu_torture_print_parms("Start of test");

	ret = -ENOMEM;
	rcu_tortures = kcalloc(RCU_TORTURE_POOL_SIZE, sizeof(*rcu_tortures), GFP_KERNEL);
	reader_tasks = kcalloc(nrealreaders, sizeof(*reader_tasks), GFP_KERNEL);
	if (!rcu_tortures || !reader_tasks)
		goto out_free;
	for (i = 0; i < RCU_TORTURE_POOL_SIZE; i++) {
		rcu_tortures[i].rtort_mbtest = 0;
		rcu_tortures[i].rtort_magic = RTORT_POISON;
		init_rcu_head(&rcu_tortures[i].rtort_rcu);
		list_add_tail(&rcu_tortures[i].rtort_free, &rcu_torture_freelist);
		rcu_torture_nfree++;
	}
	for (i = 0; i < nrealreaders; i++) {
		reader_tasks[i].id = i;
		torture_random_init(&reader_tasks[i].timer_rand, 0x5449 + i);
		timer_setup(&reader_tasks[i].timer, rcu_torture_timer, 0);
	}

	rcu_torture_start_ns = ktime_get_ns();
	rcu_torture_gp_jiffies = 0;
	ret = cur_ops->start ? cur_ops->start() : 0;
	rcu_torture_ops_started = !ret;
	if (!ret) {
		rcu_torture_start_gps = cur_ops->gp_completed();
		ret = rcu_torture_start_threads();
	}
	if (ret) {
		pr_alert("%s-torture: !!! could not start the test's threads (%d)\n",
			 cur_ops->name, ret);
		failed = true;
	}

	end_ns = rcu_torture_start_ns + (u64)rcu_torture_secs * NSEC_PER_SEC;
	while (!ret && ktime_get_ns() < end_ns) {
		msleep(100);
		if (stop_on_error && READ_ONCE(rcu_torture_first_error_ns))
			break;
	}

	rcu_torture_stop_threads();
	missing = rcu_torture_ops_started ? rcu_torture_reclaim() : 0;

	if (READ_ONCE(rcu_torture_first_error_ns)) {
		pr_alert("%s-torture: !!! first error after %llu ms: %s\n", cur_ops->name,
			 (unsigned long long)(rcu_torture_first_error_ns / NSEC_PER_MSEC),
			 rcu_torture_first_error ? rcu_torture_first_error : "?");
		failed = true;
	}
	if (rcu_torture_stats_print())
		failed = true;
	if (rcu_torture_boost_report())
		failed = true;
	if (missing) {
		pr_alert("%s-torture: !!! %d of %d elements never came back to the pool\n",
			 cur_ops->name, missing, RCU_TORTURE_POOL_SIZE);
		failed = true;
	}
	rcu_torture_gp_rate(&gps, &ms, &rate100);
	if (!cur_ops->broken && !ret && READ_ONCE(rcu_torture_current_version) < 2) {
		pr_alert("%s-torture: !!! the writer made no progress: grace periods stalled?\n",
			 cur_ops->name);
		failed = true;
	}
	pr_alert("%s-torture: %lu grace periods in %llu ms: %lu.%02lu per second\n",
		 cur_ops->name, gps, (unsigned long long)ms, rate100 / 100, rate100 % 100);
	if (!failed)
		rcu_torture_print_parms("End of test: SUCCESS");
	else if (rcu_torture_quiet_end)
		rcu_torture_print_parms("End of deliberately broken test: failure detected as expected");
	else
		rcu_torture_print_parms("End of test: FAILURE");
	ret = failed ? -EIO : 0;
	if (cur_ops->stop)
		cur_ops->stop();
	rcu_torture_ops_started = false;

out_free:
	kfree(reader_tasks);
	reader_tasks = NULL;
	kfree(rcu_tortures);
	rcu_tortures = NULL;
	cur_ops = NULL;
	torture_cleanup_end(&rcu_torture_tool);
	return ret;
}

/* ---- shell command, and the run at boot: rcutorture.shutdown_secs=N ---- */

/*
 * Check the values; report the first bad one.  Return: 0 or -EINVAL.  A
 * run at boot (@cmd NULL) has had its type checked by rcu_torture_init()
 * and takes the other values as they are.
 */
static int rcu_torture_params_check(const char *cmd)
{
	char types[128];

	if (!cmd)
		return 0;
	if (!rcu_torture_find_ops(torture_type))
		return shell_error("%s: unknown type '%s' (%s)", cmd,
				   torture_type ? torture_type : "",
				   torture_ops_names(types, torture_ops, ", "));
	if (duration < 1 || duration > 24 * 3600)
		return shell_error("%s: duration=%d is not in 1..86400", cmd, duration);
	if (nreaders < -1 || nreaders == 0 || nreaders > 1024)
		return shell_error("%s: nreaders=%d is not -1 or 1..1024", cmd, nreaders);
	if (nfakewriters < 0 || nfakewriters > 256)
		return shell_error("%s: nwriters=%d is not in 0..256", cmd, nfakewriters);
	if (stat_interval < 0 || stat_interval > 3600)
		return shell_error("%s: stat_interval=%d is not in 0..3600", cmd, stat_interval);
	if (shutdown_secs < 0)
		return shell_error("%s: shutdown_secs=%d is negative", cmd, shutdown_secs);
	if (preempt_duration < 0 || preempt_duration > 1000)
		return shell_error("%s: preempt_duration=%d is not in 0..1000", cmd,
				   preempt_duration);
	if (preempt_interval < 1 || preempt_interval > 10000)
		return shell_error("%s: preempt_interval=%d is not in 1..10000", cmd,
				   preempt_interval);
	if (test_boost_duration * 1000 <= RCU_TORTURE_BOOST_DEADLINE_MS ||
	    test_boost_duration > 3600)
		return shell_error("%s: test_boost_duration=%d is not in %d..3600", cmd,
				   test_boost_duration, RCU_TORTURE_BOOST_DEADLINE_MS / 1000 + 1);
	if (test_boost_interval < 0 || test_boost_interval > 3600)
		return shell_error("%s: test_boost_interval=%d is not in 0..3600", cmd,
				   test_boost_interval);
	return 0;
}

/* A run from the shell lasts "duration" seconds, one at boot shutdown_secs. */
static int rcu_torture_tool_run(const char *cmd)
{
	return rcu_torture_run(torture_type, cmd ? duration : shutdown_secs, nreaders,
			       nfakewriters, false);
}

static struct torture_tool rcu_torture_tool = {
	.name		= "rcutorture",
	.tag		= "rcu-torture",
	.busy_msg	= "a torture test is already running",
	.check		= rcu_torture_params_check,
	.run		= rcu_torture_tool_run,
	.shutdown_param	= "shutdown_secs",
	.shutdown_secs	= &shutdown_secs,
	.stuck_hook	= rcu_print_state,
	TORTURE_TOOL_STATE(rcu_torture_tool),
};

static int cmd_torture(int argc, char **argv)
{
	return torture_shell_run(&rcu_torture_tool, argc, argv);
}
DEFINE_SHELL_CMD(torture,
		 "[type=rcu|srcu|srcud|srcu_fast|busted|busted_preempt|busted_srcu] [duration=SECONDS] [nreaders=N] [nwriters=N] [key=value...]",
		 "RCU torture test; keys are the rcutorture.* parameters",
		 cmd_torture);

static int __init rcu_torture_init(void)
{
	if (shutdown_secs > 0 && !rcu_torture_find_ops(torture_type)) {
		pr_alert("rcu-torture: unknown torture_type '%s'\n", torture_type);
		return -EINVAL;
	}
	return torture_boot_start(&rcu_torture_tool, shutdown_secs);
}
late_initcall(rcu_torture_init);

/* ---- KUnit: the test of the test ---- */

#ifdef CONFIG_KUNIT
#include <kunit/test.h>

/* The busted flavor must be caught, and quickly. */
/* Run flavor @type for @secs seconds: it must end in FAILURE within 30 s. */
static void expect_busted_detected(struct kunit *test, const char *type, int secs)
{
	bool saved_stop = stop_on_error;
	unsigned long long ms;
	u64 t0;
	int ret;

	stop_on_error = true;
	t0 = ktime_get_ns();
	ret = rcu_torture_run(type, secs, -1, 1, true);
	ms = (ktime_get_ns() - t0) / NSEC_PER_MSEC;
	stop_on_error = saved_stop;
	KUNIT_ASSERT_NE_MSG(test, ret, -EBUSY, "a torture test is already running");
	KUNIT_EXPECT_EQ_MSG(test, ret, -EIO, "the %s flavor was not detected", type);
	KUNIT_EXPECT_LT_MSG(test, ms, 30000ULL, "detection took %llu ms", ms);
	kunit_info(test, "%s flavor reported as FAILURE after %llu ms\n", type, ms);
}

static void rcutorture_busted_detected(struct kunit *test)
{
	expect_busted_detected(test, "busted", 10);
}

/*
 * A grace period that does not wait for preempted readers must be caught
 * too, which needs readers that really are preempted in their critical
 * sections: only a preemptible kernel has them.
 */
static void rcutorture_busted_preempt_detected(struct kunit *test)
{
	if (!IS_ENABLED(CONFIG_PREEMPT_RCU))
		kunit_skip(test, "readers are not preemptible without CONFIG_PREEMPT_RCU");
	expect_busted_detected(test, "busted_preempt", 30);
}

/*
 * Grace periods that do not wait for SRCU readers sleeping in their
 * critical sections must be caught, on one CPU as on many.  It usually
 * takes well under a second; 64 virtual CPUs on a small host need longer.
 */
static void rcutorture_busted_srcu_detected(struct kunit *test)
{
	expect_busted_detected(test, "busted_srcu", 25);
}

/* The real one must survive a few seconds of it. */
static void rcutorture_rcu_success(struct kunit *test)
{
	int ret = rcu_torture_run("rcu", 5, -1, 2, false);

	KUNIT_ASSERT_NE_MSG(test, ret, -EBUSY, "a torture test is already running");
	KUNIT_EXPECT_EQ_MSG(test, ret, 0, "rcutorture reported FAILURE for the rcu flavor");
}

/* Bad shell arguments print one line and change nothing. */
static void rcutorture_shell_bad_args(struct kunit *test)
{
	char line1[] = "torture type=nosuch";
	char line2[] = "torture nosuchkey=1";
	char line3[] = "torture duration=abc";
	char *saved_type = torture_type;
	int saved_duration = duration;

	KUNIT_EXPECT_EQ(test, shell_run_line(line1), -EINVAL);
	KUNIT_EXPECT_EQ(test, shell_run_line(line2), -EINVAL);
	KUNIT_EXPECT_EQ(test, shell_run_line(line3), -EINVAL);
	KUNIT_EXPECT_PTR_EQ(test, torture_type, saved_type);
	KUNIT_EXPECT_EQ(test, duration, saved_duration);
}

static struct kunit_case rcutorture_test_cases[] = {
	KUNIT_CASE(rcutorture_shell_bad_args),
	KUNIT_CASE_SLOW(rcutorture_busted_detected),
	KUNIT_CASE_SLOW(rcutorture_busted_preempt_detected),
	KUNIT_CASE_SLOW(rcutorture_busted_srcu_detected),
	KUNIT_CASE_SLOW(rcutorture_rcu_success),
	{}
};

static struct kunit_suite rcutorture_test_suite = {
	.name = "rcutorture",
	.test_cases = rcutorture_test_cases,
};
kunit_test_suite(rcutorture_test_suite);
#endif /* CONFIG_KUNIT */
