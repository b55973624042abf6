// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "rhashtable": the resizable RCU hash table (lib/rhashtable.c).
 *
 *  - insert, lookup, duplicate refusal and removal on one CPU;
 *  - the automatic resizes: growth above 75% load, shrinking below 30%;
 *  - readers on up to eight CPUs look up keys that stay in the table, and
 *    must find every one, while the bucket array grows and shrinks and an
 *    updater adds and removes other keys; a watcher holding the bucket
 *    lock of the stripe built last looks every key up as soon as a new
 *    bucket array is published;
 *  - a walk that stops after every few objects, with the table resized and
 *    other keys removed and added between stops, returns every key that
 *    stayed in the table.
 */
#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/err.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/rhashtable.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>

struct rht_tobj {
	u32 key;
	u32 check;		/* ~key while in use */
	struct rhash_head node;
};

static const struct rhashtable_params rht_tparams = {
	.key_len = sizeof(u32),
	.key_offset = offsetof(struct rht_tobj, key),
	.head_offset = offsetof(struct rht_tobj, node),
	.min_size = 16,
	.automatic_shrinking = true,
};

static struct rht_tobj *rht_tobj_new(struct kunit *test, u32 key)
{
	struct rht_tobj *o = kzalloc(sizeof(*o), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, o);
	o->key = key;
	o->check = ~key;
	return o;
}

static bool rht_tfind(struct rhashtable *ht, u32 key)
{
	struct rht_tobj *o;
	bool ok;

	rcu_read_lock();
	o = rhashtable_lookup(ht, &key, rht_tparams);
	ok = o && o->key == key && o->check == ~key;
	rcu_read_unlock();
	return ok;
}

static void rht_insert_lookup_remove(struct kunit *test)
{
	struct rht_tobj *objs[64], *dup;
	struct rhashtable ht;
	u32 key;
	int i;

	KUNIT_ASSERT_EQ(test, rhashtable_init(&ht, &rht_tparams), 0);
	for (i = 0; i < 64; i++) {
		objs[i] = rht_tobj_new(test, i * 7);
		KUNIT_EXPECT_EQ(test, rhashtable_insert_fast(&ht, &objs[i]->node, rht_tparams), 0);
	}
	KUNIT_EXPECT_EQ(test, rhashtable_nelems(&ht), 64U);
	for (i = 0; i < 64; i++)
		KUNIT_EXPECT_TRUE(test, rht_tfind(&ht, i * 7));
	key = 3;
	KUNIT_EXPECT_NULL(test, rhashtable_lookup_fast(&ht, &key, rht_tparams));

	dup = rht_tobj_new(test, 7 * 5);
	KUNIT_EXPECT_EQ(test, rhashtable_lookup_insert_fast(&ht, &dup->node, rht_tparams),
			-EEXIST);
	KUNIT_EXPECT_EQ(test, rhashtable_nelems(&ht), 64U);

	for (i = 0; i < 64; i += 2)
		KUNIT_EXPECT_EQ(test, rhashtable_remove_fast(&ht, &objs[i]->node, rht_tparams), 0);
	KUNIT_EXPECT_EQ(test, rhashtable_remove_fast(&ht, &objs[0]->node, rht_tparams), -ENOENT);
	for (i = 0; i < 64; i++)
		KUNIT_EXPECT_EQ(test, rht_tfind(&ht, i * 7), (bool)(i & 1));
	KUNIT_EXPECT_EQ(test, rhashtable_nelems(&ht), 32U);
	rhashtable_wait_resize(&ht);
	rhashtable_destroy(&ht);
	synchronize_rcu();
	for (i = 0; i < 64; i++)
		kfree(objs[i]);
	kfree(dup);
}

static void rht_tfree(void *ptr, void *arg)
{
	kfree(ptr);
}

/* The bucket array doubles once the load passes 75%, not before. */
static void rht_grow_above_75(struct kunit *test)
{
	struct rhashtable ht;
	int i;

	KUNIT_ASSERT_EQ(test, rhashtable_init(&ht, &rht_tparams), 0);
	KUNIT_EXPECT_EQ(test, rhashtable_size(&ht), 16U);
	for (i = 0; i < 12; i++)
		rhashtable_insert_fast(&ht, &rht_tobj_new(test, i)->node, rht_tparams);
	rhashtable_wait_resize(&ht);
	KUNIT_EXPECT_EQ(test, rhashtable_size(&ht), 16U);
	rhashtable_insert_fast(&ht, &rht_tobj_new(test, 12)->node, rht_tparams);
	rhashtable_wait_resize(&ht);
	KUNIT_EXPECT_EQ(test, rhashtable_size(&ht), 32U);
	for (i = 13; i < 200; i++)
		rhashtable_insert_fast(&ht, &rht_tobj_new(test, i)->node, rht_tparams);
	rhashtable_wait_resize(&ht);
	/* 200 objects: 256 buckets would be 78%, 512 are 39%. */
	KUNIT_EXPECT_EQ(test, rhashtable_size(&ht), 512U);
	for (i = 0; i < 200; i++)
		KUNIT_EXPECT_TRUE(test, rht_tfind(&ht, i));
	KUNIT_EXPECT_GT(test, ht.nr_grow, 0UL);
	rhashtable_free_and_destroy(&ht, rht_tfree, NULL);
	synchronize_rcu();
}

/* With automatic_shrinking, it halves below 30% load, down to min_size. */
static void rht_shrink_below_30(struct kunit *test)
{
	struct rht_tobj *objs[100];
	struct rhashtable ht;
	int i;

	KUNIT_ASSERT_EQ(test, rhashtable_init(&ht, &rht_tparams), 0);
	for (i = 0; i < 100; i++) {
		objs[i] = rht_tobj_new(test, i);
		rhashtable_insert_fast(&ht, &objs[i]->node, rht_tparams);
	}
	rhashtable_wait_resize(&ht);
	KUNIT_EXPECT_EQ(test, rhashtable_size(&ht), 256U);
	/* 77 objects: 30% of 256 is 76.8. */
	for (i = 99; i >= 77; i--)
		rhashtable_remove_fast(&ht, &objs[i]->node, rht_tparams);
	rhashtable_wait_resize(&ht);
	KUNIT_EXPECT_EQ(test, rhashtable_size(&ht), 256U);
	rhashtable_remove_fast(&ht, &objs[76]->node, rht_tparams);
	rhashtable_wait_resize(&ht);
	KUNIT_EXPECT_EQ(test, rhashtable_size(&ht), 128U);
	for (i = 75; i >= 3; i--)
		rhashtable_remove_fast(&ht, &objs[i]->node, rht_tparams);
	rhashtable_wait_resize(&ht);
	KUNIT_EXPECT_EQ(test, rhashtable_size(&ht), 16U);
	KUNIT_EXPECT_GT(test, ht.nr_shrink, 0UL);
	for (i = 0; i < 100; i++)
		KUNIT_EXPECT_EQ(test, rht_tfind(&ht, i), i < 3);
	rhashtable_destroy(&ht);
	synchronize_rcu();
	for (i = 0; i < 100; i++)
		kfree(objs[i]);
}

/* ---- lookups during resizes ---- */

#define RHT_NKEYS	256
#define RHT_CYCLES	1
#define RHT_MAX_READERS	8

static struct rhashtable rht_rht;
static atomic_t rht_misses, rht_lookups;
static bool rht_stop_readers;

static int rht_reader_fn(void *arg)
{
	unsigned int i = (unsigned long)arg * 37;

	while (!kthread_should_stop()) {
		if (READ_ONCE(rht_stop_readers)) {
			schedule_timeout_interruptible(HZ);
			continue;
		}
		if (!rht_tfind(&rht_rht, i % RHT_NKEYS))
			atomic_inc(&rht_misses);
		atomic_inc(&rht_lookups);
		if (!(++i % 64))
			cond_resched();
	}
	return 0;
}

/*
 * Holds the last bucket lock for 2 ms at a time (the resizer builds a new
 * bucket array stripe by stripe, that one last) and meanwhile looks every
 * key up as soon as a new array is published: a published array must
 * already be complete, so none may be missed, and the keys of the held
 * stripe would be if the array were published before being built.
 */
static int rht_watcher_fn(void *arg)
{
	struct bucket_table *seen = NULL, *tbl;
	unsigned long flags;
	unsigned int i;
	u64 until;

	while (!kthread_should_stop()) {
		if (READ_ONCE(rht_stop_readers)) {
			schedule_timeout_interruptible(1);
			continue;
		}
		spin_lock_irqsave(&rht_rht.locks[rht_rht.nlocks - 1], flags);
		until = ktime_get_ns() + 2 * NSEC_PER_MSEC;
		do {
			tbl = rcu_access_pointer(rht_rht.tbl);
			if (tbl == seen) {
				cpu_relax();
				continue;
			}
			seen = tbl;
			for (i = 0; i < RHT_NKEYS; i++) {
				if (!rht_tfind(&rht_rht, i))
					atomic_inc(&rht_misses);
				atomic_inc(&rht_lookups);
			}
		} while (ktime_get_ns() < until);
		spin_unlock_irqrestore(&rht_rht.locks[rht_rht.nlocks - 1], flags);
		cond_resched();
	}
	return 0;
}

/* Adds and removes keys the readers do not look for, during the resizes. */
static int rht_updater_fn(void *arg)
{
	struct rht_tobj **extra = arg;
	unsigned int i = 0;

	while (!kthread_should_stop()) {
		struct rht_tobj *o = extra[i % 32];

		if (READ_ONCE(rht_stop_readers)) {
			schedule_timeout_interruptible(HZ);
			continue;
		}
		if (rhashtable_lookup_insert_fast(&rht_rht, &o->node, rht_tparams)) {
			rhashtable_remove_fast(&rht_rht, &o->node, rht_tparams);
			synchronize_rcu();	/* before it may go in again */
		}
		i += 7;
		cond_resched();
	}
	return 0;
}

/*
 * Double or halve towards @size, letting the readers run in between: on
 * one non-preemptible CPU they run nowhere else.  The updater's inserts
 * may make the table grow by itself meanwhile, so the steps are counted.
 */
static void rht_resize_steps(struct kunit *test, unsigned int size)
{
	unsigned int cur, steps;

	for (steps = 0; steps < 12 && (cur = rhashtable_size(&rht_rht)) != size; steps++) {
		KUNIT_EXPECT_EQ(test, rhashtable_resize(&rht_rht, cur < size ? cur * 2 : cur / 2), 0);
		schedule_timeout_uninterruptible(1);
	}
}

static void rht_lookup_during_resize(struct kunit *test)
{
	struct rhashtable_params p = rht_tparams;
	struct task_struct *tasks[RHT_MAX_READERS + 2];
	struct rht_tobj **objs, **extra;
	unsigned int cpu, n = 0, i, c;
	struct task_struct *t;

	objs = kcalloc(RHT_NKEYS, sizeof(*objs), GFP_KERNEL);
	extra = kcalloc(32, sizeof(*extra), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, objs);
	KUNIT_ASSERT_NOT_NULL(test, extra);
	p.automatic_shrinking = false;
	p.max_size = 1024;
	KUNIT_ASSERT_EQ(test, rhashtable_init(&rht_rht, &p), 0);
	for (i = 0; i < RHT_NKEYS; i++) {
		objs[i] = rht_tobj_new(test, i);
		rhashtable_insert_fast(&rht_rht, &objs[i]->node, p);
	}
	for (i = 0; i < 32; i++)
		extra[i] = rht_tobj_new(test, 100000 + i);
	rhashtable_wait_resize(&rht_rht);
	atomic_set(&rht_misses, 0);
	atomic_set(&rht_lookups, 0);
	WRITE_ONCE(rht_stop_readers, false);

	/* Eight readers are enough; rhashtorture has one on every CPU. */
	for_each_online_cpu(cpu) {
		if (n == RHT_MAX_READERS)
			break;
		t = kthread_create(rht_reader_fn, (void *)(unsigned long)cpu, "rht_reader/%u", cpu);
		if (IS_ERR(t))
			break;
		kthread_bind(t, cpu);
		tasks[n++] = t;
	}
	t = kthread_create(rht_updater_fn, extra, "rht_updater");
	if (!IS_ERR(t))
		tasks[n++] = t;
	if (num_online_cpus() > 1) {
		t = kthread_create(rht_watcher_fn, NULL, "rht_watcher");
		if (!IS_ERR(t))
			tasks[n++] = t;
	}
	for (i = 0; i < n; i++)
		wake_up_process(tasks[i]);

	/* 16 chains of 16 objects unzipped into 1024 buckets, and zipped back. */
	for (c = 0; c < RHT_CYCLES; c++) {
		rht_resize_steps(test, 16);
		rht_resize_steps(test, 1024);
	}
	rht_resize_steps(test, 256);
	WRITE_ONCE(rht_stop_readers, true);
	while (n)
		kthread_stop(tasks[--n]);

	kunit_info(test, "%d lookups, %lu doublings, %lu halvings, %lu unzip passes\n",
		   atomic_read(&rht_lookups), rht_rht.nr_grow, rht_rht.nr_shrink,
		   rht_rht.nr_unzip_passes);
	KUNIT_EXPECT_EQ(test, atomic_read(&rht_misses), 0);
	KUNIT_EXPECT_GT(test, atomic_read(&rht_lookups), 0);
	for (i = 0; i < RHT_NKEYS; i++)
		KUNIT_EXPECT_TRUE(test, rht_tfind(&rht_rht, i));
	rhashtable_destroy(&rht_rht);
	synchronize_rcu();
	for (i = 0; i < RHT_NKEYS; i++)
		kfree(objs[i]);
	for (i = 0; i < 32; i++)
		kfree(extra[i]);
	kfree(objs);
	kfree(extra);
}

/* ---- walks ---- */

#define RHT_WALK_KEYS	200

static void rht_walk_never_skips(struct kunit *test)
{
	static const unsigned int sizes[] = { 64, 16, 128, 32, 16, 64 };
	struct rhashtable_params p = rht_tparams;
	struct rht_tobj *objs[RHT_WALK_KEYS], *extra[40], *o;
	unsigned int seen[RHT_WALK_KEYS] = { 0 }, stops = 0, got = 0, i;
	struct rhashtable_iter iter;
	struct rhashtable ht;

	p.automatic_shrinking = false;
	p.max_size = 1024;
	KUNIT_ASSERT_EQ(test, rhashtable_init(&ht, &p), 0);
	for (i = 0; i < RHT_WALK_KEYS; i++) {
		objs[i] = rht_tobj_new(test, i);
		rhashtable_insert_fast(&ht, &objs[i]->node, p);
	}
	for (i = 0; i < 40; i++)
		extra[i] = rht_tobj_new(test, 5000 + i);
	rhashtable_wait_resize(&ht);

	rhashtable_walk_enter(&ht, &iter);
	rhashtable_walk_start(&iter);
	while ((o = rhashtable_walk_next(&iter))) {
		if (o->key < RHT_WALK_KEYS)
			seen[o->key]++;
		if (++got % 8)
			continue;
		/* Stop, change the table, go on. */
		rhashtable_walk_stop(&iter);
		rhashtable_resize(&ht, sizes[stops % ARRAY_SIZE(sizes)]);
		if (stops < 40)
			rhashtable_insert_fast(&ht, &extra[stops]->node, p);
		/* Keys >= 150 come and go; the others stay. */
		i = 150 + stops % 50;
		if (stops % 2)
			rhashtable_remove_fast(&ht, &objs[i]->node, p);
		else
			rhashtable_lookup_insert_fast(&ht, &objs[i]->node, p);
		stops++;
		rhashtable_walk_start(&iter);
	}
	rhashtable_walk_stop(&iter);
	rhashtable_walk_exit(&iter);

	kunit_info(test, "%u objects returned, %u stops\n", got, stops);
	for (i = 0; i < 150; i++)
		KUNIT_EXPECT_GT_MSG(test, seen[i], 0U, "key %u skipped", i);
	KUNIT_EXPECT_GT(test, stops, 10U);
	rhashtable_destroy(&ht);
	synchronize_rcu();
	for (i = 0; i < RHT_WALK_KEYS; i++)
		kfree(objs[i]);
	for (i = 0; i < 40; i++)
		kfree(extra[i]);
}

static struct kunit_case rhashtable_test_cases[] = {
	KUNIT_CASE(rht_insert_lookup_remove),
	KUNIT_CASE(rht_grow_above_75),
	KUNIT_CASE(rht_shrink_below_30),
	KUNIT_CASE(rht_lookup_during_resize),
	KUNIT_CASE(rht_walk_never_skips),
	{}
};

static struct kunit_suite rhashtable_test_suite = {
	.name = "rhashtable",
	.test_cases = rhashtable_test_cases,
};

kunit_test_suites(&rhashtable_test_suite);
