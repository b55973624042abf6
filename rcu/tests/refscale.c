// SPDX-License-Identifier: GPL-2.0
/*
 * refscale: read-side cost of RCU and of other ways to protect a reference,
 * with the parameters and the console output of Linux's refscale (see
 * Documentation/admin-guide/kernel-parameters.txt, "refscale.*"), so that
 * one parser (Linux's kvm-recheck-refscale.sh, or tests/bench/) reads the
 * output of both kernels.  Written for rcuos.
 *
 * An experiment: nreaders kthreads, one per CPU, are released together;
 * each runs one warm-up pass of read sections, waits for the others, then
 * times "loops" read sections with interrupts off, then keeps running
 * sections until every reader has finished timing (so that no reader is
 * measured on a quieter machine than the others).  The figure of an
 * experiment is the summed time of all readers divided by
 * nreaders * loops: nanoseconds per read section (a lock/unlock pair).
 * nruns experiments are made and printed as
 *
 *	rcu-ref-scale: END OF TEST. Calculating average duration per loop (nanoseconds)...
 *	Runs	Time(ns)
 *	1	0.517
 *	...
 *
 * Run from the shell ("refscale nreaders=4 loops=100000") or at boot with
 * refscale.shutdown=1, after which the machine powers off (in Linux a
 * built-in refscale always runs at boot; rcuos has a shell, so the boot
 * run is asked for).
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
#include <linux/math64.h>
#include <linux/irqflags.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <linux/slab.h>
#include <linux/init.h>
#include <linux/moduleparam.h>
#include <linux/shell.h>
#include <linux/rcupdate.h>
#include <linux/srcu.h>
#include <linux/torture.h>

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "refscale."

#define SCALE_FLAG "-ref-scale: "

/* ---- parameters: Linux's refscale.* ---- */

static char *scale_type = "rcu";
module_param(scale_type, charp, 0444);
MODULE_PARM_DESC(scale_type, "Type of test (rcu, srcu, srcu_fast, refcnt, lock, lock-irq, acqrel, clock, jiffies)");

torture_param(int, verbose, 0, "Enable verbose debugging printk()s");
torture_param(int, verbose_batched, 0, "Batch verbose debugging printk()s (accepted, printed)");
torture_param(int, holdoff, 0, "Holdoff time before test start (s)");
torture_param(long, lookup_instances, 0, "Number of typesafe_lookup structures (accepted, printed)");
torture_param(int, loops, 10000, "Number of loops per experiment");
torture_param(int, nreaders, -1, "Number of readers, -1 for 75% of CPUs");
torture_param(int, nruns, 30, "Number of experiments to run");
torture_param(int, readdelay, 0, "Read-side delay in nanoseconds");
torture_param(bool, shutdown, false, "Run at boot, then power off");
/* ---- what is measured ---- */

/**
 * struct ref_scale_ops - one kind of read-side protection
 * @readsection: run @nloops empty read sections
 * @delaysection: run @nloops read sections each holding for @udl us + @ndl ns
 * @name: the scale_type that selects it
 */
struct ref_scale_ops {
	void (*readsection)(int nloops);
	void (*delaysection)(int nloops, int udl, int ndl);
	const char *name;
};

static void ref_scale_delay(int udl, int ndl)
{
	if (udl)
		udelay(udl);
	if (ndl)
		ndelay(ndl);
}

/*
 * One function per kind with the loop inlined, so that the figure is the
 * cost of the pair and the loop, not of an indirect call per section.
 */
#define REF_SCALE_OPS(_id, _name, _lock, _unlock)				\
static void ref_##_id##_section(int nloops)					\
{										\
	for (int i = 0; i < nloops; i++) {					\
		_lock;								\
		_unlock;							\
	}									\
}										\
static void ref_##_id##_delay_section(int nloops, int udl, int ndl)		\
{										\
	for (int i = 0; i < nloops; i++) {					\
		_lock;								\
		ref_scale_delay(udl, ndl);					\
		_unlock;							\
	}									\
}										\
static const struct ref_scale_ops ref_##_id##_ops = {				\
	.readsection = ref_##_id##_section,					\
	.delaysection = ref_##_id##_delay_section,				\
	.name = _name,								\
}

static atomic_t ref_refcnt;
static DEFINE_SPINLOCK(ref_lock);
static unsigned long ref_acqrel_var;
static u64 ref_clock_sink;
static unsigned long ref_jiffies_sink;
/* Fast and normal SRCU readers may not share a domain. */
DEFINE_STATIC_SRCU(srcu_refctl_scale);
DEFINE_STATIC_SRCU(srcu_refctl_scale_fast);

REF_SCALE_OPS(rcu, "rcu", rcu_read_lock(), rcu_read_unlock());
REF_SCALE_OPS(srcu, "srcu",
	      int idx = srcu_read_lock(&srcu_refctl_scale),
	      srcu_read_unlock(&srcu_refctl_scale, idx));
REF_SCALE_OPS(srcu_fast, "srcu_fast",
	      struct srcu_ctr __percpu *scp = srcu_read_lock_fast(&srcu_refctl_scale_fast),
	      srcu_read_unlock_fast(&srcu_refctl_scale_fast, scp));
REF_SCALE_OPS(refcnt, "refcnt", atomic_inc(&ref_refcnt), atomic_dec(&ref_refcnt));
REF_SCALE_OPS(lock, "lock", spin_lock(&ref_lock), spin_unlock(&ref_lock));
REF_SCALE_OPS(lock_irq, "lock-irq", spin_lock_irq(&ref_lock), spin_unlock_irq(&ref_lock));
/* "acqrel": the cost of an acquire load and a release store (what is measured). */
REF_SCALE_OPS(acqrel, "acqrel",
	      unsigned long x = smp_load_acquire(&ref_acqrel_var),
	      smp_store_release(&ref_acqrel_var, x + 1));
REF_SCALE_OPS(clock, "clock",
	      WRITE_ONCE(ref_clock_sink, ref_clock_sink + ktime_get_mono_fast_ns()),
	      barrier());
REF_SCALE_OPS(jiffies, "jiffies",
	      WRITE_ONCE(ref_jiffies_sink, ref_jiffies_sink + READ_ONCE(jiffies)),
	      barrier());

static const struct ref_scale_ops *const ref_scale_all_ops[] = {
	&ref_rcu_ops, &ref_srcu_ops, &ref_srcu_fast_ops, &ref_refcnt_ops, &ref_lock_ops, &ref_lock_irq_ops,
	&ref_acqrel_ops, &ref_clock_ops, &ref_jiffies_ops,
};


/* ---- the run ---- */

struct ref_scale_reader {
	struct task_struct *task;
	u64 duration_ns;
};

/* One run at a time: the state below belongs to it. */
static struct torture_tool ref_scale_tool;
static const struct ref_scale_ops *cur_ops;
static struct ref_scale_reader *readers;
static int nrealreaders;
static DECLARE_WAIT_QUEUE_HEAD(ref_scale_wq);	/* readers wait for an experiment */
static DECLARE_WAIT_QUEUE_HEAD(ref_scale_main_wq); /* the main task waits for readers */
static int ref_scale_gen;			/* experiment number, 1-based */
static bool ref_scale_stop;
static atomic_t n_started, n_warmedup, n_cooleddown, n_running;

static void ref_scale_one_pass(void)
{
	if (!readdelay)
		cur_ops->readsection(loops);
	else
		cur_ops->delaysection(loops, readdelay / 1000, readdelay % 1000);
}

/* Wait, running passes if @busy, until every reader has counted @v down. */
static void ref_scale_rendezvous(atomic_t *v, bool busy)
{
	if (!atomic_dec_return(v))
		return;
	while (atomic_read(v)) {
		if (busy)
			ref_scale_one_pass();
		else
			cpu_relax();
	}
}

static int ref_scale_reader_fn(void *arg)
{
	struct ref_scale_reader *rd = arg;
	long me = rd - readers;
	int gen = 0;

	sched_set_normal(current, 19);
	if (verbose)
		pr_alert("%s" SCALE_FLAG "ref_scale_reader %ld: task started\n", scale_type, me);
	for (;;) {
		unsigned long flags;
		u64 t0;

		wait_event(ref_scale_wq, READ_ONCE(ref_scale_gen) != gen ||
					 READ_ONCE(ref_scale_stop));
		if (READ_ONCE(ref_scale_stop))
			break;
		gen = READ_ONCE(ref_scale_gen);
		ref_scale_rendezvous(&n_started, false);
		/* Warm the caches, then keep warming until all are warm. */
		ref_scale_one_pass();
		ref_scale_rendezvous(&n_warmedup, true);
		local_irq_save(flags);
		t0 = ktime_get_mono_fast_ns();
		ref_scale_one_pass();
		rd->duration_ns = ktime_get_mono_fast_ns() - t0;
		local_irq_restore(flags);
		/* Keep the load on until every reader has been timed. */
		ref_scale_rendezvous(&n_cooleddown, true);
		if (atomic_dec_and_test(&n_running))
			wake_up(&ref_scale_main_wq);
		if (verbose)
			pr_alert("%s" SCALE_FLAG "ref_scale_reader %ld: experiment %d ended\n",
				 scale_type, me, gen - 1);
	}
	torture_kthread_park();
	return 0;
}

/* Print each reader's time for experiment @exp; return their sum. */
static u64 ref_scale_report_experiment(int exp)
{
	char line[160];
	int len = 0;
	u64 sum = 0;

	pr_alert("Experiment #%d (Format: <THREAD-NUM>:<Total loop time in ns>)\n", exp);
	for (int i = 0; i < nrealreaders; i++) {
		len += scnprintf(line + len, sizeof(line) - len, "%d: %llu\t", i,
				 (unsigned long long)readers[i].duration_ns);
		sum += readers[i].duration_ns;
		if (i % 5 == 4 || i == nrealreaders - 1) {
			pr_alert("%s\n", line);
			len = 0;
		}
	}
	return sum;
}

static void ref_scale_print_params(const char *tag)
{
	pr_alert("%s" SCALE_FLAG
		 "--- %s:  verbose=%d verbose_batched=%d shutdown=%d holdoff=%d lookup_instances=%ld loops=%d nreaders=%d nruns=%d readdelay=%d\n",
		 scale_type, tag, verbose, verbose_batched, shutdown, holdoff,
		 lookup_instances, loops, nrealreaders, nruns, readdelay);
}

/* Check the parameters; report the first bad one.  Return: 0 or -EINVAL. */
static int ref_scale_check(const char *cmd)
{
	unsigned int ncpus = num_online_cpus();
	char types[80];

	if (!torture_ops_find(ref_scale_all_ops, scale_type))
		return torture_report_bad(&ref_scale_tool, cmd, "invalid scale type: \"%s\" (%s)",
					  scale_type ? scale_type : "",
					  torture_ops_names(types, ref_scale_all_ops, " "));
	/* Readers spin at rendezvous: two on one CPU would never meet. */
	if (nreaders == 0 || nreaders < -1 || nreaders > (int)ncpus)
		return torture_report_bad(&ref_scale_tool, cmd, "nreaders=%d is not -1 or 1..%u (one reader per CPU)",
					    nreaders, ncpus);
	if (loops <= 0)
		return torture_report_bad(&ref_scale_tool, cmd, "loops=%d is not positive", loops);
	if (nruns <= 0 || nruns > 10000)
		return torture_report_bad(&ref_scale_tool, cmd, "nruns=%d is not in 1..10000", nruns);
	if (readdelay < 0 || holdoff < 0)
		return torture_report_bad(&ref_scale_tool, cmd, "readdelay=%d and holdoff=%d must not be negative",
					    readdelay, holdoff);
	return 0;
}

/**
 * ref_scale_run() - one refscale run with the current refscale.* values
 * @cmd: the shell command's name; NULL at boot
 *
 * Prints the parameters, each experiment's per-reader times and the
 * "Runs Time(ns)" table, as Linux's refscale does.
 *
 * Return: 0, -EBUSY if a run is in progress, -ENOMEM.
 */
static int ref_scale_run(const char *cmd)
{
	u64 *result = NULL;
	int ret, exp, n = 0;

	ret = torture_init_begin(&ref_scale_tool);
	if (ret)
		return ret;
	cur_ops = torture_ops_find(ref_scale_all_ops, scale_type);
	nrealreaders = nreaders < 0 ?
		       max((int)(num_online_cpus() >> 1) + (int)(num_online_cpus() >> 2), 1) :
		       nreaders;
	if (loops > INT_MAX / nrealreaders)
		loops = INT_MAX / nrealreaders;
	ref_scale_print_params("Start of test");
	ret = -ENOMEM;
	result = kcalloc(nruns, sizeof(*result), GFP_KERNEL);
	readers = kcalloc(nrealreaders, sizeof(*readers), GFP_KERNEL);
	if (!result || !readers) {
		pr_alert("%s" SCALE_FLAG "!!! out of memory\n", scale_type);
		goto out;
	}
	WRITE_ONCE(ref_scale_stop, false);
	ref_scale_gen = 0;
	for (n = 0; n < nrealreaders; n++)
		if (torture_create_kthread_on(ref_scale_reader_fn, &readers[n], torture_nth_cpu(n),
					      &readers[n].task, "ref_scale/%u", torture_nth_cpu(n)))
			goto out;
	if (holdoff)
		schedule_timeout_interruptible(holdoff * HZ);

	for (exp = 0; exp < nruns; exp++) {
		atomic_set(&n_started, nrealreaders);
		atomic_set(&n_warmedup, nrealreaders);
		atomic_set(&n_cooleddown, nrealreaders);
		atomic_set(&n_running, nrealreaders);
		for (int i = 0; i < nrealreaders; i++)
			readers[i].duration_ns = 0;
		/* Order the resets above before the readers see the new experiment. */
		smp_store_release(&ref_scale_gen, exp + 1);
		wake_up_all(&ref_scale_wq);
		wait_event(ref_scale_main_wq, !atomic_read(&n_running));
		result[exp] = div_u64(1000 * ref_scale_report_experiment(exp),
				      nrealreaders * loops);
	}

	pr_alert("%s" SCALE_FLAG "END OF TEST. Calculating average duration per loop (nanoseconds)...\n",
		 scale_type);
	pr_alert("Runs\tTime(ns)\n");
	for (exp = 0; exp < nruns; exp++)
		pr_alert("%d\t%llu.%03u\n", exp + 1,
			 (unsigned long long)div_u64(result[exp], 1000),
			 (unsigned int)(result[exp] % 1000));
	ret = 0;
out:
	if (readers) {
		WRITE_ONCE(ref_scale_stop, true);
		wake_up_all(&ref_scale_wq);
		while (n)
			torture_stop_kthread(&ref_scale_tool, &readers[--n].task);
	}
	kfree(readers);
	readers = NULL;
	kfree(result);
	torture_cleanup_end(&ref_scale_tool);
	return ret;
}

static struct torture_tool ref_scale_tool = {
	.name		= "refscale",
	.tag		= "ref-scale",
	.busy_msg	= "a refscale run is already in progress",
	.check		= ref_scale_check,
	.run		= ref_scale_run,
	.shutdown_param	= "shutdown",
	TORTURE_TOOL_STATE(ref_scale_tool),
};

/* ---- shell command, and the run at boot with refscale.shutdown=1 ---- */

static int cmd_refscale(int argc, char **argv)
{
	return torture_shell_run(&ref_scale_tool, argc, argv);
}
DEFINE_SHELL_CMD(refscale,
		 "[scale_type=rcu|srcu|srcu_fast|refcnt|lock|lock-irq|acqrel|clock|jiffies] [nreaders=N] [loops=N] [nruns=N] [readdelay=NS] [holdoff=S]",
		 "read-side cost per operation; keys are the refscale.* parameters",
		 cmd_refscale);

static int __init ref_scale_init(void)
{
	return torture_boot_start(&ref_scale_tool, shutdown);
}
late_initcall(ref_scale_init);

/* ---- KUnit: the shell front end ---- */

#ifdef CONFIG_KUNIT
#include <kunit/test.h>

static void refscale_shell_bad_args(struct kunit *test)
{
	char line1[] = "refscale scale_type=nosuch nruns=1";
	char line2[] = "refscale nosuchkey=1";
	char line3[] = "refscale loops=abc";
	char line4[] = "refscale nreaders=100000";
	char *saved_type = scale_type;
	int saved_loops = loops;

	KUNIT_EXPECT_EQ(test, shell_run_line(line1), -EINVAL);
	KUNIT_EXPECT_EQ(test, shell_run_line(line2), -EINVAL);
	KUNIT_EXPECT_EQ(test, shell_run_line(line3), -EINVAL);
	KUNIT_EXPECT_EQ(test, shell_run_line(line4), -EINVAL);
	KUNIT_EXPECT_PTR_EQ(test, scale_type, saved_type);
	KUNIT_EXPECT_EQ(test, loops, saved_loops);
}

/* A short run of each kind completes and leaves nothing running. */
static void refscale_short_runs(struct kunit *test)
{
	unsigned int n = min(num_online_cpus(), 4U);
	char line[80];

	/* At most 4 readers: their rendezvous spins, and vCPUs may be scarce. */
	for (int i = 0; i < ARRAY_SIZE(ref_scale_all_ops); i++) {
		snprintf(line, sizeof(line), "refscale scale_type=%s nruns=2 loops=100 nreaders=%u",
			 ref_scale_all_ops[i]->name, n);
		KUNIT_EXPECT_EQ_MSG(test, shell_run_line(line), 0, "%s", line);
	}
	KUNIT_EXPECT_EQ(test, atomic_read(&ref_scale_tool.running), 0);
	KUNIT_EXPECT_PTR_EQ(test, readers, NULL);
}

static struct kunit_case refscale_test_cases[] = {
	KUNIT_CASE(refscale_shell_bad_args),
	KUNIT_CASE(refscale_short_runs),
	{}
};

static struct kunit_suite refscale_test_suite = {
	.name = "refscale",
	.test_cases = refscale_test_cases,
};
kunit_test_suite(refscale_test_suite);
#endif /* CONFIG_KUNIT */
