// SPDX-License-Identifier: GPL-2.0
/*
 * rcuscale: grace-period latency, with the parameters and the console
 * output of Linux's rcuscale ("rcuscale.*" in Linux's
 * Documentation/admin-guide/kernel-parameters.txt), so that one parser
 * (Linux's kvm-recheck-rcuscale.sh, or tests/bench/) reads the output of
 * both kernels.  Written for rcuos.
 *
 * nwriters SCHED_FIFO kthreads, one per CPU, each wait for grace periods
 * back to back (synchronize_rcu(), or synchronize_rcu_expedited() with
 * gp_exp=1, or call_rcu() with at most gp_async_max outstanding with
 * gp_async=1) and time each wait, while nreaders low-priority kthreads run
 * empty readers as a background load.  Once every writer has at least 100
 * measurements (and minruntime seconds have passed), the writers stop and
 * every measurement is printed, one line each:
 *
 *	rcu-scale:    0 writer-duration:     5 36012345
 *
 * (writer, measurement, nanoseconds), preceded by the totals line
 *
 *	rcu-scale: start: T0 end: T1 duration: NS gps: N batches: B
 *
 * where "gps" counts the writers' waits and "batches" the grace periods
 * (normal, or expedited for gp_exp=1) that ran meanwhile.
 *
 * Run from the shell ("rcuscale gp_exp=1 holdoff=1") or at boot with
 * rcuscale.shutdown=1, after which the machine powers off.
 */
#define pr_fmt(fmt) fmt

#include <linux/kernel.h>
#include <linux/types.h>
#include <linux/errno.h>
#include <linux/err.h>
#include <linux/string.h>
#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/smp.h>
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/irqflags.h>
#include <linux/wait.h>
#include <linux/slab.h>
#include <linux/init.h>
#include <linux/moduleparam.h>
#include <linux/shell.h>
#include <linux/rcupdate.h>
#include <linux/srcu.h>
#include <linux/torture.h>
#ifdef CONFIG_TREE_RCU
#include "../tree.h"
#endif

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "rcuscale."

#define SCALE_FLAG "-scale:"
#define MIN_MEAS 100
#define MAX_MEAS 10000

/* ---- parameters: Linux's rcuscale.* ---- */

static char *scale_type = "rcu";
module_param(scale_type, charp, 0444);
MODULE_PARM_DESC(scale_type, "Type of RCU to scalability-test (rcu, srcu, srcu_fast)");
torture_param(bool, gp_async, false, "Use asynchronous GP wait primitives");
torture_param(int, gp_async_max, 1000, "Max # outstanding waits per writer");
torture_param(bool, gp_exp, false, "Use expedited GP wait primitives");
torture_param(int, holdoff, 10, "Holdoff time before test start (s)");
torture_param(int, minruntime, 0, "Minimum run time (s)");
torture_param(int, nreaders, -1, "Number of RCU reader threads (-1: one per CPU)");
torture_param(int, nwriters, -1, "Number of RCU updater threads (-1: one per CPU)");
torture_param(bool, shutdown, false, "Run at boot, then power off");
torture_param(int, verbose, 1, "Enable verbose debugging printk()s");
torture_param(int, writer_holdoff, 0, "Holdoff (us) between GPs, zero to disable");
torture_param(int, writer_holdoff_jiffies, 0, "Holdoff (jiffies) between GPs, zero to disable");

/* ---- state of the run (one at a time) ---- */

struct rcu_scale_async {
	struct rcu_head rh;
	atomic_t *inflight;
};

struct rcu_scale_writer {
	struct task_struct *task;
	u64 *durations;			/* MAX_MEAS of them, ns */
	int n;				/* how many are valid */
	atomic_t inflight;		/* gp_async callbacks outstanding */
};

static struct torture_tool rcu_scale_tool;
static struct task_struct **reader_tasks;
static struct rcu_scale_writer *writers;
static int nrealreaders, nrealwriters;
static bool rcu_scale_stop_readers;
static atomic_t n_readers_started, n_writers_started, n_writers_finished;
static bool rcu_scale_all_done;
static DECLARE_WAIT_QUEUE_HEAD(rcu_scale_wq);
static u64 t_started, t_finished;
static unsigned long b_started, b_finished;

/* ---- the types of RCU measured: one row each ---- */

/**
 * struct rcu_scale_ops - one type of RCU, selected by scale_type
 * @name: the scale_type that selects it
 * @readlock: enter a read-side critical section (the readers' load)
 * @readunlock: leave it, given what @readlock returned
 * @sync: wait for a normal grace period
 * @exp_sync: wait for an expedited one
 * @async: queue a callback after a grace period
 * @gp_barrier: wait for the callbacks queued by @async
 * @gp_completed: normal grace periods completed so far
 * @exp_completed: expedited grace periods completed so far
 */
struct rcu_scale_ops {
	const char *name;
	unsigned long (*readlock)(void);
	void (*readunlock)(unsigned long idx);
	void (*sync)(void);
	void (*exp_sync)(void);
	void (*async)(struct rcu_head *head, rcu_callback_t func);
	void (*gp_barrier)(void);
	unsigned long (*gp_completed)(void);
	unsigned long (*exp_completed)(void);
};

static unsigned long rcu_scale_read_lock(void)
{
	rcu_read_lock();
	return 0;
}

static void rcu_scale_read_unlock(unsigned long idx)
{
	rcu_read_unlock();
}

static unsigned long rcu_scale_exp_completed(void)
{
#ifdef CONFIG_TREE_RCU
	return READ_ONCE(rcu_state.n_exp_gps);
#else
	return rcu_gp_completed();
#endif
}

static const struct rcu_scale_ops rcu_scale_rcu_ops = {
	.name		= "rcu",
	.readlock	= rcu_scale_read_lock,
	.readunlock	= rcu_scale_read_unlock,
	.sync		= synchronize_rcu,
	.exp_sync	= synchronize_rcu_expedited,
	.async		= call_rcu,
	.gp_barrier	= rcu_barrier,
	.gp_completed	= rcu_gp_completed,
	.exp_completed	= rcu_scale_exp_completed,
};

/*
 * SRCU: a domain each for normal and fast readers, which may not share
 * one.  SRCU counts one kind of grace period: the expedited ones are
 * among srcu_batches_completed().
 */
DEFINE_STATIC_SRCU(srcu_scale_ctl);
DEFINE_STATIC_SRCU(srcu_scale_fast_ctl);

static unsigned long srcu_scale_read_lock(void)
{
	return srcu_read_lock(&srcu_scale_ctl);
}

static void srcu_scale_read_unlock(unsigned long idx)
{
	srcu_read_unlock(&srcu_scale_ctl, idx);
}

static void srcu_scale_sync(void)
{
	synchronize_srcu(&srcu_scale_ctl);
}

static void srcu_scale_exp_sync(void)
{
	synchronize_srcu_expedited(&srcu_scale_ctl);
}

static void srcu_scale_call(struct rcu_head *head, rcu_callback_t func)
{
	call_srcu(&srcu_scale_ctl, head, func);
}

static void srcu_scale_barrier(void)
{
	srcu_barrier(&srcu_scale_ctl);
}

static unsigned long srcu_scale_completed(void)
{
	return srcu_batches_completed(&srcu_scale_ctl);
}

static const struct rcu_scale_ops rcu_scale_srcu_ops = {
	.name		= "srcu",
	.readlock	= srcu_scale_read_lock,
	.readunlock	= srcu_scale_read_unlock,
	.sync		= srcu_scale_sync,
	.exp_sync	= srcu_scale_exp_sync,
	.async		= srcu_scale_call,
	.gp_barrier	= srcu_scale_barrier,
	.gp_completed	= srcu_scale_completed,
	.exp_completed	= srcu_scale_completed,
};

static unsigned long srcu_fast_scale_read_lock(void)
{
	return (__force unsigned long)srcu_read_lock_fast(&srcu_scale_fast_ctl);
}

static void srcu_fast_scale_read_unlock(unsigned long scp)
{
	srcu_read_unlock_fast(&srcu_scale_fast_ctl, (struct srcu_ctr __force __percpu *)scp);
}

static void srcu_fast_scale_sync(void)
{
	synchronize_srcu(&srcu_scale_fast_ctl);
}

static void srcu_fast_scale_exp_sync(void)
{
	synchronize_srcu_expedited(&srcu_scale_fast_ctl);
}

static void srcu_fast_scale_call(struct rcu_head *head, rcu_callback_t func)
{
	call_srcu(&srcu_scale_fast_ctl, head, func);
}

static void srcu_fast_scale_barrier(void)
{
	srcu_barrier(&srcu_scale_fast_ctl);
}

static unsigned long srcu_fast_scale_completed(void)
{
	return srcu_batches_completed(&srcu_scale_fast_ctl);
}

static const struct rcu_scale_ops rcu_scale_srcu_fast_ops = {
	.name		= "srcu_fast",
	.readlock	= srcu_fast_scale_read_lock,
	.readunlock	= srcu_fast_scale_read_unlock,
	.sync		= srcu_fast_scale_sync,
	.exp_sync	= srcu_fast_scale_exp_sync,
	.async		= srcu_fast_scale_call,
	.gp_barrier	= srcu_fast_scale_barrier,
	.gp_completed	= srcu_fast_scale_completed,
	.exp_completed	= srcu_fast_scale_completed,
};

static const struct rcu_scale_ops * const rcu_scale_all_ops[] = {
	&rcu_scale_rcu_ops, &rcu_scale_srcu_ops, &rcu_scale_srcu_fast_ops,
};

static const struct rcu_scale_ops *cur_ops;

/* Grace periods of the kind measured, completed so far. */
static unsigned long rcu_scale_batches(void)
{
	return gp_exp ? cur_ops->exp_completed() : cur_ops->gp_completed();
}

static void rcu_scale_verbose(const char *s)
{
	if (verbose)
		pr_alert("%s" SCALE_FLAG " %s\n", scale_type, s);
}

static int rcu_scale_reader_fn(void *arg)
{
	unsigned long flags, idx;

	rcu_scale_verbose("rcu_scale_reader task started");
	sched_set_normal(current, 19);
	atomic_inc(&n_readers_started);
	while (!READ_ONCE(rcu_scale_stop_readers)) {
		local_irq_save(flags);
		idx = cur_ops->readlock();
		cur_ops->readunlock(idx);
		local_irq_restore(flags);
		cond_resched();
	}
	torture_kthread_park();
	return 0;
}

static void rcu_scale_async_cb(struct rcu_head *rh)
{
	struct rcu_scale_async *a = container_of(rh, struct rcu_scale_async, rh);

	atomic_dec(a->inflight);
	kfree(a);
}

/* One wait of the configured kind.  Return: false if none was made. */
static bool rcu_scale_one_gp(struct rcu_scale_writer *w)
{
	struct rcu_scale_async *a;

	if (!gp_async) {
		if (gp_exp)
			cur_ops->exp_sync();
		else
			cur_ops->sync();
		return true;
	}
	if (atomic_read(&w->inflight) >= gp_async_max) {
		cur_ops->gp_barrier();
		return false;
	}
	a = kmalloc(sizeof(*a), GFP_KERNEL);
	if (!a) {
		cur_ops->gp_barrier();
		return false;
	}
	a->inflight = &w->inflight;
	atomic_inc(&w->inflight);
	cur_ops->async(&a->rh, rcu_scale_async_cb);
	return true;
}

static int rcu_scale_writer_fn(void *arg)
{
	struct rcu_scale_writer *w = arg;
	long me = w - writers;
	unsigned long jdone;
	bool started = false, done = false;
	struct torture_random_state rand;
	int i = 0;

	rcu_scale_verbose("rcu_scale_writer task started");
	torture_random_init(&rand, me + 1);
	sched_set_fifo_low(current);
	if (holdoff)
		schedule_timeout_idle(holdoff * HZ);
	if (atomic_inc_return(&n_writers_started) >= nrealwriters) {
		t_started = ktime_get_mono_fast_ns();
		b_started = rcu_scale_batches();
	}
	jdone = jiffies + minruntime * HZ;
	do {
		bool ok;
		u64 t0;

		if (writer_holdoff)
			udelay(writer_holdoff);
		if (writer_holdoff_jiffies)
			schedule_timeout_idle(torture_random_below(&rand, writer_holdoff_jiffies) + 1);
		t0 = ktime_get_mono_fast_ns();
		ok = rcu_scale_one_gp(w);
		w->durations[i] = ktime_get_mono_fast_ns() - t0;
		w->n = max(w->n, i + 1);
		if (!started && atomic_read(&n_writers_started) >= nrealwriters)
			started = true;
		if (!done && i >= MIN_MEAS && time_after(jiffies, jdone)) {
			done = true;
			sched_set_normal(current, 0);
			pr_alert("%s%s rcu_scale_writer %ld has %d measurements\n",
				 scale_type, SCALE_FLAG, me, MIN_MEAS);
			if (atomic_inc_return(&n_writers_finished) >= nrealwriters) {
				t_finished = ktime_get_mono_fast_ns();
				b_finished = rcu_scale_batches();
				pr_alert("%s" SCALE_FLAG " %s\n", scale_type, "Test complete");
				WRITE_ONCE(rcu_scale_all_done, true);
				wake_up_all(&rcu_scale_wq);
			}
		}
		/* Measurements made before every writer started are overwritten. */
		if (ok && started && i < MAX_MEAS - 1)
			i++;
		cond_resched();
	} while (!READ_ONCE(rcu_scale_all_done));
	if (gp_async)
		cur_ops->gp_barrier();
	torture_kthread_park();
	return 0;
}

static void rcu_scale_print_params(const char *tag)
{
	pr_alert("%s" SCALE_FLAG
		 "--- %s: gp_async=%d gp_async_max=%d gp_exp=%d holdoff=%d minruntime=%d nreaders=%d nwriters=%d writer_holdoff=%d writer_holdoff_jiffies=%d verbose=%d shutdown=%d\n",
		 scale_type, tag, gp_async, gp_async_max, gp_exp, holdoff, minruntime,
		 nrealreaders, nrealwriters, writer_holdoff, writer_holdoff_jiffies,
		 verbose, shutdown);
}

/* -1: one per CPU; -N: N-1 fewer than the CPUs, at least one. */
static int rcu_scale_compute_real(int n)
{
	int nr = n >= 0 ? n : (int)num_online_cpus() + 1 + n;

	return nr > 0 ? nr : 1;
}

/* Check the parameters; report the first bad one.  Return: 0 or -EINVAL. */
static int rcu_scale_check(const char *cmd)
{
	char types[64];

	if (!torture_ops_find(rcu_scale_all_ops, scale_type))
		return torture_report_bad(&rcu_scale_tool, cmd, "invalid scale type: \"%s\" (%s)",
					  scale_type ? scale_type : "",
					  torture_ops_names(types, rcu_scale_all_ops, " "));
	if (nwriters == 0 || nwriters > 1024 || nwriters < -1024)
		return torture_report_bad(&rcu_scale_tool, cmd, "nwriters=%d is not in 1..1024 or -1024..-1", nwriters);
	if (nreaders > 1024 || nreaders < -1024)
		return torture_report_bad(&rcu_scale_tool, cmd, "nreaders=%d is not in -1024..1024", nreaders);
	if (gp_async_max <= 0)
		return torture_report_bad(&rcu_scale_tool, cmd, "gp_async_max=%d is not positive", gp_async_max);
	if (holdoff < 0 || minruntime < 0 || writer_holdoff < 0 || writer_holdoff_jiffies < 0)
		return torture_report_bad(&rcu_scale_tool, cmd, "holdoff, minruntime, writer_holdoff and writer_holdoff_jiffies must not be negative");
	return 0;
}

static void rcu_scale_report(void)
{
	int ngps = 0;

	for (int i = 0; i < nrealwriters; i++) {
		pr_alert("%s%s writer %d gps: %d\n", scale_type, SCALE_FLAG, i, writers[i].n);
		ngps += writers[i].n;
	}
	pr_alert("%s%s start: %llu end: %llu duration: %llu gps: %d batches: %ld\n",
		 scale_type, SCALE_FLAG, (unsigned long long)t_started,
		 (unsigned long long)t_finished,
		 (unsigned long long)(t_finished - t_started), ngps,
		 (long)(b_finished - b_started));
	for (int i = 0; i < nrealwriters; i++) {
		for (int j = 0; j < writers[i].n; j++) {
			pr_alert("%s%s %4d writer-duration: %5d %llu\n", scale_type,
				 SCALE_FLAG, i, j,
				 (unsigned long long)writers[i].durations[j]);
			if (j % 100 == 0)
				cond_resched();
		}
	}
}

/**
 * rcu_scale_run() - one rcuscale run with the current rcuscale.* values
 * @cmd: the shell command's name; NULL at boot
 *
 * Prints the parameters, then, when every writer has its measurements,
 * the per-writer counts, the totals line and every writer-duration, as
 * Linux's rcuscale does at its end.
 *
 * Return: 0, -EBUSY if a run is in progress, -ENOMEM.
 */
static int rcu_scale_run(const char *cmd)
{
	int ret, nr = 0, nw = 0;

	ret = torture_init_begin(&rcu_scale_tool);
	if (ret)
		return ret;
	cur_ops = torture_ops_find(rcu_scale_all_ops, scale_type);
	nrealwriters = rcu_scale_compute_real(nwriters);
	nrealreaders = rcu_scale_compute_real(nreaders);
	atomic_set(&n_readers_started, 0);
	atomic_set(&n_writers_started, 0);
	atomic_set(&n_writers_finished, 0);
	WRITE_ONCE(rcu_scale_all_done, false);
	WRITE_ONCE(rcu_scale_stop_readers, false);
	t_started = t_finished = 0;
	b_started = b_finished = 0;
	rcu_scale_print_params("Start of test");

	ret = -ENOMEM;
	reader_tasks = kcalloc(nrealreaders, sizeof(*reader_tasks), GFP_KERNEL);
	writers = kcalloc(nrealwriters, sizeof(*writers), GFP_KERNEL);
	if (!reader_tasks || !writers)
		goto nomem;
	for (int i = 0; i < nrealwriters; i++) {
		writers[i].durations = kcalloc(MAX_MEAS, sizeof(u64), GFP_KERNEL);
		if (!writers[i].durations)
			goto nomem;
	}
	for (nr = 0; nr < nrealreaders; nr++)
		if (torture_create_kthread_on(rcu_scale_reader_fn, NULL, torture_nth_cpu(nr),
					      &reader_tasks[nr], "rcu_scale_r/%u",
					      torture_nth_cpu(nr)))
			goto nomem;
	while (atomic_read(&n_readers_started) < nrealreaders)
		schedule_timeout_uninterruptible(1);
	for (nw = 0; nw < nrealwriters; nw++)
		if (torture_create_kthread_on(rcu_scale_writer_fn, &writers[nw],
					      torture_nth_cpu(nw), &writers[nw].task,
					      "rcu_scale_w/%u", torture_nth_cpu(nw)))
			goto nomem;
	wait_event(rcu_scale_wq, READ_ONCE(rcu_scale_all_done));
	ret = 0;
	goto stop;
nomem:
	pr_alert("%s" SCALE_FLAG "!!! %s\n", scale_type, "out of memory");
	/* Writers that did start must be able to finish. */
	nrealwriters = nw;
	if (nw)
		wait_event(rcu_scale_wq, READ_ONCE(rcu_scale_all_done));
stop:
	WRITE_ONCE(rcu_scale_stop_readers, true);
	while (nr)
		torture_stop_kthread(&rcu_scale_tool, &reader_tasks[--nr]);
	for (int i = 0; i < nw; i++)
		torture_stop_kthread(&rcu_scale_tool, &writers[i].task);
	if (!ret)
		rcu_scale_report();
	if (writers)
		for (int i = 0; i < rcu_scale_compute_real(nwriters); i++)
			kfree(writers[i].durations);
	kfree(reader_tasks);
	reader_tasks = NULL;
	kfree(writers);
	writers = NULL;
	torture_cleanup_end(&rcu_scale_tool);
	return ret;
}

static struct torture_tool rcu_scale_tool = {
	.name		= "rcuscale",
	.tag		= "rcu-scale",
	.busy_msg	= "an rcuscale run is already in progress",
	.check		= rcu_scale_check,
	.run		= rcu_scale_run,
	.shutdown_param	= "shutdown",
	TORTURE_TOOL_STATE(rcu_scale_tool),
};

/* ---- shell command, and the run at boot with rcuscale.shutdown=1 ---- */

static int cmd_rcuscale(int argc, char **argv)
{
	return torture_shell_run(&rcu_scale_tool, argc, argv);
}
DEFINE_SHELL_CMD(rcuscale,
		 "[scale_type=rcu|srcu|srcu_fast] [gp_exp=0|1] [gp_async=0|1] [nwriters=N] [nreaders=N] [writer_holdoff=US] [holdoff=S] [minruntime=S] [key=value...]",
		 "grace-period latency; keys are the rcuscale.* parameters",
		 cmd_rcuscale);

static int __init rcu_scale_init(void)
{
	return torture_boot_start(&rcu_scale_tool, shutdown);
}
late_initcall(rcu_scale_init);

/* ---- KUnit: the shell front end and a short run ---- */

#ifdef CONFIG_KUNIT
#include <kunit/test.h>

static void rcuscale_shell_bad_args(struct kunit *test)
{
	char line1[] = "rcuscale scale_type=nosuch";
	char line2[] = "rcuscale nosuchkey=1";
	char line3[] = "rcuscale nwriters=abc";
	char line4[] = "rcuscale nwriters=0";
	char *saved_type = scale_type;
	int saved_nwriters = nwriters;

	KUNIT_EXPECT_EQ(test, shell_run_line(line1), -EINVAL);
	KUNIT_EXPECT_EQ(test, shell_run_line(line2), -EINVAL);
	KUNIT_EXPECT_EQ(test, shell_run_line(line3), -EINVAL);
	KUNIT_EXPECT_EQ(test, shell_run_line(line4), -EINVAL);
	KUNIT_EXPECT_PTR_EQ(test, scale_type, saved_type);
	KUNIT_EXPECT_EQ(test, nwriters, saved_nwriters);
}

static struct kunit_case rcuscale_test_cases[] = {
	KUNIT_CASE(rcuscale_shell_bad_args),
	{}
};

static struct kunit_suite rcuscale_test_suite = {
	.name = "rcuscale",
	.test_cases = rcuscale_test_cases,
};
kunit_test_suite(rcuscale_test_suite);
#endif /* CONFIG_KUNIT */
