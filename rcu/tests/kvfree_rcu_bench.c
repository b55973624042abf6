// SPDX-License-Identifier: GPL-2.0
/*
 * Shell command "kfreebench": free N small objects after a grace period,
 * with kfree_rcu() (batched in arrays) and with call_rcu() + kfree() (one
 * callback each), and print for each one line another script can parse:
 *
 *   kfree_rcu: n=1000000 cpus=4 size=32 total_ms=... ns_per_obj=...
 *	queue_ns_per_obj=... peak_kib=... callbacks=... arrays=... ...
 *   call_rcu: n=1000000 cpus=4 size=32 total_ms=... ns_per_obj=... ...
 *
 * One bound kthread per online CPU (or per CPU of the first "threads=")
 * allocates and frees its share of the objects; "runs=" repeats the
 * pair, alternating, so that both see the same host load, after
 * "warmup=" unreported pairs; the time runs from their start until
 * kvfree_rcu_barrier() or rcu_barrier() returns, so every object has
 * really been freed.  Peak memory is the largest number of pages in use
 * (the page allocator's free count, sampled every 256 objects by every
 * worker) above the count before the run: the objects still waiting,
 * the arrays, and any debug tracking of queued rcu_heads.
 */
#include <linux/kernel.h>
#include <linux/types.h>
#include <linux/atomic.h>
#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/mm.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/shell.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/torture.h>
#include "../kvfree_rcu.h"

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "kfreebench."

torture_param_named(ulong, n, kfb_n, 1000000, "Objects to free");
torture_param_named(ulong, size, kfb_size, 32, "Size of each object (bytes)");
torture_param_named(int, threads, kfb_threads, -1,
		    "Worker kthreads, one per CPU (-1: every online CPU)");
torture_param_named(int, runs, kfb_runs, 1, "How many times to run the pair, alternating");
torture_param_named(int, warmup, kfb_warmup, 1, "Unreported runs of the pair first");
static char *kfb_mode = "both";
module_param_named(mode, kfb_mode, charp, 0444);
MODULE_PARM_DESC(mode, "kfree_rcu, call_rcu or both");

static struct torture_tool kfb_tool;

#define KFB_SAMPLE	256

enum kfb_mode { KFB_KFREE_RCU, KFB_CALL_RCU };

/* What one run shares with its workers. */
struct kfb_run {
	enum kfb_mode mode;
	unsigned long size;
	struct completion start;
	struct completion done;
	atomic_t running;
	atomic_long_t peak_used;	/* pages in use, the most seen */
	atomic_long_t alloc_retries;
};

struct kfb_worker {
	struct task_struct *task;
	struct kfb_run *run;
	unsigned long count;
	u64 done_ns;		/* when it had queued its last object */
};

struct kfb_obj {
	struct rcu_head rh;
};

static void kfb_free_cb(struct rcu_head *rh)
{
	kfree(container_of(rh, struct kfb_obj, rh));
}

static void kfb_sample(struct kfb_run *run)
{
	long used = totalram_pages() - nr_free_pages();
	long old = atomic_long_read(&run->peak_used);

	while (used > old && !atomic_long_try_cmpxchg(&run->peak_used, &old, used))
		;
}

static int kfb_worker_fn(void *arg)
{
	struct kfb_worker *w = arg;
	struct kfb_run *run = w->run;
	unsigned long i;

	wait_for_completion(&run->start);
	for (i = 0; i < w->count; i++) {
		struct kfb_obj *p = kmalloc(run->size, GFP_KERNEL | __GFP_NOWARN);

		if (!p) {
			/* Out of memory: let grace periods catch up. */
			atomic_long_inc(&run->alloc_retries);
			kfb_sample(run);
			msleep(1);
			i--;
			continue;
		}
		if (run->mode == KFB_KFREE_RCU)
			kfree_rcu(p, rh);
		else
			call_rcu(&p->rh, kfb_free_cb);
		if (!(i % KFB_SAMPLE)) {
			kfb_sample(run);
			cond_resched();
		}
	}
	kfb_sample(run);
	w->done_ns = ktime_get_ns();
	if (atomic_dec_and_test(&run->running))
		complete(&run->done);
	torture_kthread_park();
	return 0;
}

static int kfb_one(enum kfb_mode mode, unsigned long n, unsigned long size,
		   unsigned int nthreads, bool report)
{
	const char *name = mode == KFB_KFREE_RCU ? "kfree_rcu" : "call_rcu";
	struct kvfree_rcu_stats s0, s1;
	unsigned long base, gp0, callbacks, peak_kib;
	u64 t0, t_queued, t_end, first = U64_MAX, last = 0;
	struct kfb_worker *w;
	struct kfb_run run;
	unsigned int i, cpu;

	w = kcalloc(nthreads, sizeof(*w), GFP_KERNEL);
	if (!w)
		return -ENOMEM;
	run.mode = mode;
	run.size = size;
	init_completion(&run.start);
	init_completion(&run.done);
	atomic_set(&run.running, nthreads);
	atomic_long_set(&run.alloc_retries, 0);

	/* Start from nothing waiting and no spare array pages. */
	kvfree_rcu_barrier();
	rcu_barrier();
	kvfree_rcu_shrink();

	for (i = 0; i < nthreads; i++) {
		cpu = torture_nth_cpu(i);
		w[i].run = &run;
		w[i].count = n / nthreads + (i < n % nthreads);
		if (torture_create_kthread_on(kfb_worker_fn, &w[i], cpu, &w[i].task,
					      "kfreebench/%u", cpu))
			break;
	}
	/* Workers that could not be created count as finished. */
	for (; i < nthreads; i++)
		if (atomic_dec_and_test(&run.running))
			complete(&run.done);

	kvfree_rcu_get_stats(&s0);
	base = totalram_pages() - nr_free_pages();
	atomic_long_set(&run.peak_used, base);
	gp0 = rcu_gp_completed();
	t0 = ktime_get_ns();
	complete_all(&run.start);
	wait_for_completion(&run.done);
	t_queued = ktime_get_ns();
	if (mode == KFB_KFREE_RCU)
		kvfree_rcu_barrier();
	else
		rcu_barrier();
	t_end = ktime_get_ns();
	kvfree_rcu_get_stats(&s1);

	peak_kib = (atomic_long_read(&run.peak_used) - base) << (PAGE_SHIFT - 10);
	if (!report)
		goto out;
	if (mode == KFB_KFREE_RCU)
		callbacks = (s1.callbacks - s0.callbacks) + (s1.head_fallback - s0.head_fallback);
	else
		callbacks = n;
	printk("%s: n=%lu cpus=%u size=%lu total_ms=%llu ns_per_obj=%llu queue_ns_per_obj=%llu peak_kib=%lu callbacks=%lu arrays=%lu arrays_direct=%lu head_fallback=%lu sync_fallback=%lu gps=%lu alloc_retries=%ld\n",
	       name, n, nthreads, size,
	       (unsigned long long)div_u64(t_end - t0, NSEC_PER_MSEC),
	       (unsigned long long)div64_u64(t_end - t0, n),
	       (unsigned long long)div64_u64(t_queued - t0, n), peak_kib, callbacks,
	       mode == KFB_KFREE_RCU ? s1.arrays - s0.arrays : 0UL,
	       mode == KFB_KFREE_RCU ? s1.arrays_direct - s0.arrays_direct : 0UL,
	       mode == KFB_KFREE_RCU ? s1.head_fallback - s0.head_fallback : 0UL,
	       mode == KFB_KFREE_RCU ? s1.sync_fallback - s0.sync_fallback : 0UL,
	       rcu_gp_completed() - gp0, atomic_long_read(&run.alloc_retries));
	for (i = 0; i < nthreads; i++) {
		if (!w[i].done_ns)
			continue;
		first = min(first, w[i].done_ns - t0);
		last = max(last, w[i].done_ns - t0);
	}
	if (last)
		printk("%s: workers done queueing between %llu and %llu ms\n", name,
		       (unsigned long long)div_u64(first, NSEC_PER_MSEC),
		       (unsigned long long)div_u64(last, NSEC_PER_MSEC));
out:
	for (i = 0; i < nthreads; i++)
		torture_stop_kthread(&kfb_tool, &w[i].task);
	kfree(w);
	return 0;
}

/* Check the kfreebench.* values; report the first bad one. */
static int kfb_check(const char *cmd)
{
	if (!kfb_n)
		return torture_report_bad(&kfb_tool, cmd, "bad n=%lu", kfb_n);
	if (kfb_size < sizeof(struct kfb_obj) || kfb_size > KFREE_RCU_OFFSET_MAX)
		return torture_report_bad(&kfb_tool, cmd, "size must be %zu..%d",
					  sizeof(struct kfb_obj), KFREE_RCU_OFFSET_MAX);
	if (kfb_threads != -1 && (kfb_threads < 1 || kfb_threads > num_online_cpus()))
		return torture_report_bad(&kfb_tool, cmd, "threads must be 1..%u",
					  num_online_cpus());
	if (kfb_runs < 1 || kfb_runs > 100)
		return torture_report_bad(&kfb_tool, cmd, "runs must be 1..100");
	if (kfb_warmup < 0 || kfb_warmup > 100)
		return torture_report_bad(&kfb_tool, cmd, "warmup must be 0..100");
	if (!kfb_mode || (strcmp(kfb_mode, "both") && strcmp(kfb_mode, "kfree_rcu") &&
			  strcmp(kfb_mode, "call_rcu")))
		return torture_report_bad(&kfb_tool, cmd, "mode=kfree_rcu|call_rcu|both");
	return 0;
}

static int kfb_run_all(const char *cmd)
{
	bool do_kfree = strcmp(kfb_mode, "call_rcu"), do_call = strcmp(kfb_mode, "kfree_rcu");
	unsigned int nthreads = kfb_threads == -1 ? num_online_cpus() : kfb_threads;
	int ret = torture_init_begin(&kfb_tool);

	if (ret)
		return ret;
	/*
	 * Alternate the two, so that both see the same host load, after
	 * unreported runs: the first run after boot pays for growing the
	 * slabs and for the host's first touch of their pages.
	 */
	for (int r = 0; !ret && r < kfb_warmup + kfb_runs; r++) {
		bool report = r >= kfb_warmup;

		if (do_kfree)
			ret = kfb_one(KFB_KFREE_RCU, kfb_n, kfb_size, nthreads, report);
		if (!ret && do_call)
			ret = kfb_one(KFB_CALL_RCU, kfb_n, kfb_size, nthreads, report);
	}
	torture_cleanup_end(&kfb_tool);
	return ret;
}

static struct torture_tool kfb_tool = {
	.name		= "kfreebench",
	.tag		= "kfreebench",
	.busy_msg	= "a kfreebench run is already in progress",
	.check		= kfb_check,
	.run		= kfb_run_all,
	TORTURE_TOOL_STATE(kfb_tool),
};

static int cmd_kfreebench(int argc, char **argv)
{
	return torture_shell_run(&kfb_tool, argc, argv);
}
DEFINE_SHELL_CMD(kfreebench, "[n=1000000] [size=32] [threads=CPUS] [runs=1] [warmup=1] [mode=both|kfree_rcu|call_rcu]",
		 "free n objects with kfree_rcu() and call_rcu()+kfree(): time, peak memory, callbacks",
		 cmd_kfreebench);
