// SPDX-License-Identifier: GPL-2.0
/*
 * Shell command "rhashtorture": the resizable RCU hash table
 * (lib/rhashtable.c) under a resizer that grows and shrinks it without
 * pause.
 *
 * nkeys objects are inserted at the start and stay in the table.  A
 * reader on every online CPU looks up random ones of them and must find
 * each, with its key and its live magic.  Every fourth lookup is a slow
 * walk: the reader follows the chain itself, as rhashtable_lookup() does,
 * pausing on each node, so that a resize step can run while it stands
 * there.  The readers also look up "transient" keys, which an updater
 * inserts and removes (freeing after a grace period, the callback marking
 * the object dead first): such a lookup may find nothing, but what it
 * finds must be alive and have that key.  The resizer moves the bucket
 * array between random powers of two from min_size to max_size, one
 * doubling or halving (with its grace periods) at a time.
 *
 * Any missed or stale object fails the run; it ends with
 * "rhash-torture:--- End of test: SUCCESS" or "... FAILURE".
 */
#include <linux/kernel.h>
#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/errno.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/log2.h>
#include <linux/rhashtable.h>
#include <linux/sched.h>
#include <linux/shell.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/torture.h>

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "rhashtorture."

torture_param(int, duration, 10, "Duration of the run (s)");
torture_param(int, nkeys, 256, "Keys that stay in the table");
torture_param(int, ntransient, 256, "Keys the updater adds and removes");
torture_param(int, nreaders, -1, "Readers, one per CPU (-1: every online CPU)");
torture_param(int, slow_us, 2, "A slow reader's pause on each node (us)");
torture_param(int, min_size, 16, "Smallest bucket array");
torture_param(int, max_size, 1024, "Largest bucket array");
torture_param(int, stat_interval, 0, "Statistics every this many seconds (0: at the end)");

#define RT_ALIVE	0x52485441u	/* "RHTA" */
#define RT_DEAD		0x44454144u	/* "DEAD" */
#define RT_TRANSIENT	0x40000000u

struct rt_obj {
	u32 key;
	u32 magic;
	struct rhash_head node;
	struct rcu_head rcu;
};

static const struct rhashtable_params rt_params = {
	.key_len = sizeof(u32),
	.key_offset = offsetof(struct rt_obj, key),
	.head_offset = offsetof(struct rt_obj, node),
};

static struct torture_tool rt_tool;
static struct rhashtable rt_ht;
static struct rt_obj **rt_objs;
static struct rt_obj **rt_trans;
static struct task_struct **rt_readers;
static struct task_struct *rt_resizer_task, *rt_updater_task;
static unsigned int rt_nreaders;

static atomic_long_t rt_lookups, rt_slow_lookups, rt_misses, rt_stale;
static atomic_long_t rt_resizes, rt_inserts, rt_removes;
static atomic_t rt_first_miss_key;

/* A chain walk as rhashtable_lookup()'s, pausing on each node. */
static struct rt_obj *rt_slow_lookup(u32 key)
{
	struct bucket_table *tbl = rcu_dereference(rt_ht.tbl);
	struct rhash_head *he;
	struct rt_obj *o;

	for (he = rcu_dereference(tbl->buckets[rht_key_hashfn(&rt_ht, tbl, &key, rt_params)]);
	     he; he = rcu_dereference(he->next)) {
		o = container_of(he, struct rt_obj, node);
		udelay(slow_us);
		if (READ_ONCE(o->key) == key)
			return o;
	}
	return NULL;
}

static int rt_reader_fn(void *arg)
{
	struct torture_random_state trs;
	unsigned long n = 0;
	struct rt_obj *o;
	u32 key, r;
	bool stays;

	torture_random_init(&trs, (unsigned long)arg);
	while (!kthread_should_stop()) {
		r = torture_random(&trs);
		stays = (r & 7) != 0 || !ntransient;
		key = stays ? torture_random_below(&trs, nkeys) :
			      RT_TRANSIENT + torture_random_below(&trs, ntransient);
		rcu_read_lock();
		if ((r >> 3) & 3) {
			o = rhashtable_lookup(&rt_ht, &key, rt_params);
		} else {
			o = rt_slow_lookup(key);
			atomic_long_inc(&rt_slow_lookups);
		}
		if (o && (READ_ONCE(o->key) != key || READ_ONCE(o->magic) != RT_ALIVE)) {
			if (atomic_long_inc_return(&rt_stale) == 1)
				pr_alert("rhash-torture: !!! stale object for key %u: key %u magic %#x\n",
					 key, READ_ONCE(o->key), READ_ONCE(o->magic));
		} else if (!o && stays) {
			if (atomic_long_inc_return(&rt_misses) == 1) {
				atomic_set(&rt_first_miss_key, key);
				pr_alert("rhash-torture: !!! key %u missed (bucket array of %u)\n",
					 key, rcu_dereference(rt_ht.tbl)->size);
			}
		}
		rcu_read_unlock();
		atomic_long_inc(&rt_lookups);
		/* Short bursts: grace periods, and so resizes, keep going. */
		if (!(++n % 32))
			cond_resched();
		if (!(n % 256))
			schedule_timeout_interruptible(1);
	}
	return 0;
}

static int rt_resizer_fn(void *arg)
{
	struct torture_random_state trs;
	unsigned int lo = ilog2(min_size), hi = ilog2(max_size), size, cur;

	torture_random_init(&trs, 0x5e512e);
	while (!kthread_should_stop()) {
		size = 1U << (lo + torture_random_below(&trs, hi - lo + 1));
		/* One doubling or halving at a time, so that a stop is quick. */
		while (!kthread_should_stop() && (cur = rhashtable_size(&rt_ht)) != size) {
			int ret = rhashtable_resize(&rt_ht, cur < size ? cur * 2 : cur / 2);

			if (!ret)
				atomic_long_inc(&rt_resizes);
			else
				pr_alert("rhash-torture: resize %u -> %u: %d\n", cur, size, ret);
		}
		cond_resched();
	}
	return 0;
}

static void rt_free_rcu(struct rcu_head *rhp)
{
	struct rt_obj *o = container_of(rhp, struct rt_obj, rcu);

	WRITE_ONCE(o->magic, RT_DEAD);
	kfree(o);
}

static int rt_updater_fn(void *arg)
{
	struct torture_random_state trs;
	struct rt_obj *o;
	u32 i;

	torture_random_init(&trs, 0xadd);
	while (!kthread_should_stop()) {
		i = torture_random_below(&trs, ntransient);
		o = rt_trans[i];
		if (o) {
			rt_trans[i] = NULL;
			if (!rhashtable_remove_fast(&rt_ht, &o->node, rt_params))
				atomic_long_inc(&rt_removes);
			call_rcu(&o->rcu, rt_free_rcu);
		} else {
			o = kmalloc(sizeof(*o), GFP_KERNEL);
			if (o) {
				o->key = RT_TRANSIENT + i;
				o->magic = RT_ALIVE;
				if (!rhashtable_insert_fast(&rt_ht, &o->node, rt_params))
					atomic_long_inc(&rt_inserts);
				rt_trans[i] = o;
			}
		}
		if (!(torture_random(&trs) & 15))
			schedule_timeout_uninterruptible(1);
		else
			cond_resched();
	}
	return 0;
}

static void rt_stats(void)
{
	pr_alert("rhash-torture: lookups %ld (slow %ld) misses %ld stale %ld resize steps %ld doublings %lu halvings %lu unzip passes %lu inserts %ld removes %ld buckets %u\n",
		 atomic_long_read(&rt_lookups), atomic_long_read(&rt_slow_lookups),
		 atomic_long_read(&rt_misses), atomic_long_read(&rt_stale),
		 atomic_long_read(&rt_resizes), rt_ht.nr_grow, rt_ht.nr_shrink,
		 rt_ht.nr_unzip_passes, atomic_long_read(&rt_inserts),
		 atomic_long_read(&rt_removes), rhashtable_size(&rt_ht));
}

static int rt_check(const char *cmd)
{
	if (duration < 1)
		return torture_report_bad(&rt_tool, cmd, "duration must be at least 1");
	if (nkeys < 1 || nkeys > 1000000)
		return torture_report_bad(&rt_tool, cmd, "nkeys must be 1..1000000");
	if (ntransient < 0 || ntransient > 100000)
		return torture_report_bad(&rt_tool, cmd, "ntransient must be 0..100000");
	if (nreaders != -1 && (nreaders < 1 || nreaders > 4 * (int)nr_cpu_ids))
		return torture_report_bad(&rt_tool, cmd, "nreaders must be -1 or 1..%u",
					  4 * nr_cpu_ids);
	if (slow_us < 0 || slow_us > 1000)
		return torture_report_bad(&rt_tool, cmd, "slow_us must be 0..1000");
	if (min_size < 16 || !is_power_of_2(min_size) || max_size < min_size ||
	    !is_power_of_2(max_size) || max_size > 65536)
		return torture_report_bad(&rt_tool, cmd,
					  "min_size and max_size: powers of two, 16 <= min <= max <= 65536");
	if (stat_interval < 0)
		return torture_report_bad(&rt_tool, cmd, "stat_interval must be >= 0");
	return 0;
}

static void rt_cleanup(void)
{
	unsigned int i;

	for (i = 0; rt_readers && i < rt_nreaders; i++)
		torture_stop_kthread(&rt_tool, &rt_readers[i]);
	torture_stop_kthread(&rt_tool, &rt_updater_task);
	torture_stop_kthread(&rt_tool, &rt_resizer_task);
	torture_stats_stop(&rt_tool);
	if (rt_ht.locks) {
		rt_stats();
		rhashtable_destroy(&rt_ht);
	}
	rcu_barrier();
	for (i = 0; rt_objs && i < (unsigned int)nkeys; i++)
		kfree(rt_objs[i]);
	for (i = 0; rt_trans && i < (unsigned int)ntransient; i++)
		kfree(rt_trans[i]);
	kfree(rt_objs);
	kfree(rt_trans);
	kfree(rt_readers);
	rt_objs = rt_trans = NULL;
	rt_readers = NULL;
	memset(&rt_ht, 0, sizeof(rt_ht));
}

static int rt_run(const char *cmd)
{
	struct rhashtable_params p = rt_params;
	unsigned int i;
	bool failed;
	int ret;

	ret = torture_init_begin(&rt_tool);
	if (ret)
		return ret;
	atomic_long_set(&rt_lookups, 0);
	atomic_long_set(&rt_slow_lookups, 0);
	atomic_long_set(&rt_misses, 0);
	atomic_long_set(&rt_stale, 0);
	atomic_long_set(&rt_resizes, 0);
	atomic_long_set(&rt_inserts, 0);
	atomic_long_set(&rt_removes, 0);
	rt_nreaders = nreaders == -1 ? num_online_cpus() : nreaders;
	pr_alert("rhash-torture: duration=%d nkeys=%d ntransient=%d nreaders=%u slow_us=%d min_size=%d max_size=%d\n",
		 duration, nkeys, ntransient, rt_nreaders, slow_us, min_size, max_size);

	ret = -ENOMEM;
	p.min_size = min_size;
	p.max_size = max_size;
	rt_objs = kcalloc(nkeys, sizeof(*rt_objs), GFP_KERNEL);
	rt_trans = kcalloc(ntransient ?: 1, sizeof(*rt_trans), GFP_KERNEL);
	rt_readers = kcalloc(rt_nreaders, sizeof(*rt_readers), GFP_KERNEL);
	if (!rt_objs || !rt_trans || !rt_readers || rhashtable_init(&rt_ht, &p))
		goto out;
	for (i = 0; i < (unsigned int)nkeys; i++) {
		rt_objs[i] = kmalloc(sizeof(*rt_objs[i]), GFP_KERNEL);
		if (!rt_objs[i])
			goto out;
		rt_objs[i]->key = i;
		rt_objs[i]->magic = RT_ALIVE;
		rhashtable_insert_fast(&rt_ht, &rt_objs[i]->node, p);
	}
	for (i = 0; i < rt_nreaders; i++)
		if (torture_create_kthread_on(rt_reader_fn, (void *)(unsigned long)(i + 1),
					      torture_nth_cpu(i), &rt_readers[i],
					      "rhash_reader/%u", i))
			goto out;
	if (torture_create_kthread(rt_resizer_fn, NULL, &rt_resizer_task, "rhash_resizer"))
		goto out;
	if (ntransient &&
	    torture_create_kthread(rt_updater_fn, NULL, &rt_updater_task, "rhash_updater"))
		goto out;
	torture_stats_start(&rt_tool, rt_stats, stat_interval);
	ret = 0;
	for (i = 0; i < (unsigned int)duration * 10 &&
		    !atomic_long_read(&rt_misses) && !atomic_long_read(&rt_stale); i++)
		schedule_timeout_interruptible(max(HZ / 10, 1));
out:
	rt_cleanup();
	failed = ret || atomic_long_read(&rt_misses) || atomic_long_read(&rt_stale) ||
		 !atomic_long_read(&rt_lookups) || !atomic_long_read(&rt_resizes);
	if (!atomic_long_read(&rt_resizes))
		pr_alert("rhash-torture: !!! the resizer made no progress\n");
	pr_alert("rhash-torture:--- End of test: %s\n", failed ? "FAILURE" : "SUCCESS");
	torture_cleanup_end(&rt_tool);
	return ret ? ret : (failed ? -EIO : 0);
}

static struct torture_tool rt_tool = {
	.name		= "rhashtorture",
	.tag		= "rhash-torture",
	.busy_msg	= "an rhashtorture run is already in progress",
	.check		= rt_check,
	.run		= rt_run,
	TORTURE_TOOL_STATE(rt_tool),
};

static int cmd_rhashtorture(int argc, char **argv)
{
	return torture_shell_run(&rt_tool, argc, argv);
}
DEFINE_SHELL_CMD(rhashtorture,
		 "[duration=S] [nkeys=N] [ntransient=N] [nreaders=N] [slow_us=US] [min_size=N] [max_size=N] [stat_interval=S]",
		 "RCU hash table torture: lookups on every CPU while the table grows and shrinks",
		 cmd_rhashtorture);
