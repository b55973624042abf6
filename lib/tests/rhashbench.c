// SPDX-License-Identifier: GPL-2.0
/*
 * Shell command "rhashbench": lookups per second per CPU in the RCU hash
 * table (lib/rhashtable.c) with RCU readers, against the same table and
 * the same lookup function with every reader also holding the read side
 * of a reader-writer spinlock, as a table without RCU would need.  One
 * bound kthread per online CPU (or per CPU of the first "threads=") looks
 * up random keys of nkeys present ones for duration_ms; the two modes
 * alternate "runs=" times and the best of each is kept.  Prints:
 *
 *   rhashbench: mode=rcu cpus=4 keys=1024 lookups=... ms=... per_cpu_per_sec=...
 *   rhashbench: mode=rwlock cpus=4 keys=1024 lookups=... ms=... per_cpu_per_sec=...
 *   rhashbench: cpus=4 keys=1024 rcu=... rwlock=... ratio=R.RR
 *
 * No writer runs: the difference is the read side's own cost, the shared
 * lock word every reader writes.  In a non-preemptible build without
 * PROVE_RCU (bench_defconfig) rcu_read_lock() compiles to nothing, so the
 * rwlock mode's extra rcu_read_lock() around the lookup costs nothing.
 */
#include <linux/kernel.h>
#include <linux/atomic.h>
#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/errno.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/rhashtable.h>
#include <linux/sched.h>
#include <linux/shell.h>
#include <linux/slab.h>
#include <linux/torture.h>

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "rhashbench."

torture_param(int, nkeys, 1024, "Keys in the table");
torture_param(int, duration_ms, 1000, "Length of each measurement (ms)");
torture_param(int, threads, -1, "Reader kthreads, one per CPU (-1: every online CPU)");
torture_param(int, runs, 3, "Measurements of each mode, alternating; the best is kept");

struct rb_obj {
	u32 key;
	struct rhash_head node;
};

static const struct rhashtable_params rb_params = {
	.key_len = sizeof(u32),
	.key_offset = offsetof(struct rb_obj, key),
	.head_offset = offsetof(struct rb_obj, node),
};

/* A reader-writer spinlock: >= 0 readers, -1 a writer. */
static atomic_t rb_rwlock = ATOMIC_INIT(0);

static void rb_read_lock(void)
{
	int v;

	for (;;) {
		v = atomic_read(&rb_rwlock);
		if (v >= 0 && atomic_cmpxchg(&rb_rwlock, v, v + 1) == v)
			break;
		cpu_relax();
	}
}

static void rb_read_unlock(void)
{
	atomic_dec(&rb_rwlock);
}

enum rb_mode { RB_RCU, RB_RWLOCK };

struct rb_worker {
	struct task_struct *task;
	enum rb_mode mode;
	unsigned long lookups;
	unsigned long misses;
	u64 ns;
	unsigned int seed;
};

static struct torture_tool rb_tool;
static struct rhashtable rb_ht;
static struct completion rb_start;
static atomic_t rb_running;
static struct completion rb_done;

static int rb_worker_fn(void *arg)
{
	struct rb_worker *w = arg;
	struct torture_random_state trs;
	u64 t0, end, now;
	unsigned long n = 0, misses = 0;
	u32 key;

	torture_random_init(&trs, w->seed);
	wait_for_completion(&rb_start);
	t0 = ktime_get_ns();
	end = t0 + (u64)duration_ms * NSEC_PER_MSEC;
	do {
		for (int i = 0; i < 256; i++) {
			key = torture_random_below(&trs, nkeys);
			if (w->mode == RB_RWLOCK)
				rb_read_lock();
			rcu_read_lock();
			if (!rhashtable_lookup(&rb_ht, &key, rb_params))
				misses++;
			rcu_read_unlock();
			if (w->mode == RB_RWLOCK)
				rb_read_unlock();
		}
		n += 256;
		cond_resched();
		now = ktime_get_ns();
	} while (now < end);
	w->lookups = n;
	w->misses = misses;
	w->ns = now - t0;
	if (atomic_dec_and_test(&rb_running))
		complete(&rb_done);
	while (!kthread_should_stop())
		schedule_timeout_interruptible(HZ);
	return 0;
}

/* One measurement: lookups per second per CPU, 0 on failure. */
static u64 rb_measure(enum rb_mode mode, unsigned int nthreads)
{
	struct rb_worker *w;
	unsigned long total = 0, misses = 0;
	u64 ns = 0, rate;
	unsigned int i;
	static unsigned int seed;

	w = kcalloc(nthreads, sizeof(*w), GFP_KERNEL);
	if (!w)
		return 0;
	init_completion(&rb_start);
	init_completion(&rb_done);
	atomic_set(&rb_running, nthreads);
	for (i = 0; i < nthreads; i++) {
		w[i].mode = mode;
		w[i].seed = ++seed;
		if (torture_create_kthread_on(rb_worker_fn, &w[i], torture_nth_cpu(i), &w[i].task,
					      "rhashbench/%u", i))
			break;
	}
	for (; i < nthreads; i++)
		if (atomic_dec_and_test(&rb_running))
			complete(&rb_done);
	complete_all(&rb_start);
	wait_for_completion(&rb_done);
	for (i = 0; i < nthreads; i++) {
		torture_stop_kthread(&rb_tool, &w[i].task);
		total += w[i].lookups;
		misses += w[i].misses;
		ns = max(ns, w[i].ns);
	}
	kfree(w);
	rate = ns ? div64_u64((u64)total * NSEC_PER_SEC, ns) / nthreads : 0;
	printk("rhashbench: mode=%s cpus=%u keys=%d lookups=%lu ms=%llu per_cpu_per_sec=%llu%s\n",
	       mode == RB_RCU ? "rcu" : "rwlock", nthreads, nkeys, total,
	       (unsigned long long)div_u64(ns, NSEC_PER_MSEC), (unsigned long long)rate,
	       misses ? " (keys missed!)" : "");
	return misses ? 0 : rate;
}

static int rb_check(const char *cmd)
{
	if (nkeys < 1 || nkeys > 1000000)
		return torture_report_bad(&rb_tool, cmd, "nkeys must be 1..1000000");
	if (duration_ms < 10 || duration_ms > 600000)
		return torture_report_bad(&rb_tool, cmd, "duration_ms must be 10..600000");
	if (threads != -1 && (threads < 1 || threads > (int)num_online_cpus()))
		return torture_report_bad(&rb_tool, cmd, "threads must be 1..%u",
					  num_online_cpus());
	if (runs < 1 || runs > 100)
		return torture_report_bad(&rb_tool, cmd, "runs must be 1..100");
	return 0;
}

static int rb_run(const char *cmd)
{
	unsigned int nthreads = threads == -1 ? num_online_cpus() : threads, i;
	u64 best_rcu = 0, best_rw = 0, r100;
	struct rb_obj *objs;
	int ret;

	ret = torture_init_begin(&rb_tool);
	if (ret)
		return ret;
	ret = -ENOMEM;
	objs = kcalloc(nkeys, sizeof(*objs), GFP_KERNEL);
	if (!objs || rhashtable_init(&rb_ht, &rb_params))
		goto out;
	for (i = 0; i < (unsigned int)nkeys; i++) {
		objs[i].key = i;
		rhashtable_insert_fast(&rb_ht, &objs[i].node, rb_params);
	}
	/* Measure at the load the table settles at, not during its growth. */
	rhashtable_wait_resize(&rb_ht);
	for (i = 0; i < (unsigned int)runs; i++) {
		best_rcu = max(best_rcu, rb_measure(RB_RCU, nthreads));
		best_rw = max(best_rw, rb_measure(RB_RWLOCK, nthreads));
	}
	r100 = best_rw ? div64_u64(best_rcu * 100, best_rw) : 0;
	printk("rhashbench: cpus=%u keys=%d buckets=%u rcu=%llu rwlock=%llu ratio=%llu.%02llu\n",
	       nthreads, nkeys, rhashtable_size(&rb_ht), (unsigned long long)best_rcu,
	       (unsigned long long)best_rw, (unsigned long long)(r100 / 100),
	       (unsigned long long)(r100 % 100));
	rhashtable_destroy(&rb_ht);
	ret = best_rcu && best_rw ? 0 : -EIO;
out:
	synchronize_rcu();
	kfree(objs);
	torture_cleanup_end(&rb_tool);
	return ret;
}

static struct torture_tool rb_tool = {
	.name		= "rhashbench",
	.tag		= "rhashbench",
	.busy_msg	= "an rhashbench run is already in progress",
	.check		= rb_check,
	.run		= rb_run,
	TORTURE_TOOL_STATE(rb_tool),
};

static int cmd_rhashbench(int argc, char **argv)
{
	return torture_shell_run(&rb_tool, argc, argv);
}
DEFINE_SHELL_CMD(rhashbench, "[nkeys=1024] [duration_ms=1000] [threads=CPUS] [runs=3]",
		 "lookups per second per CPU: RCU hash table against a reader-writer lock",
		 cmd_rhashbench);
