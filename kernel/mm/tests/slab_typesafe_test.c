// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "slab_typesafe": SLAB_TYPESAFE_BY_RCU caches and the
 * lockless lookup pattern they exist for (<linux/rculist_nulls.h>).
 *
 *  - an empty slab of such a cache goes back to the page allocator only
 *    after a grace period: inside a reader its pages are still the
 *    cache's;
 *  - a freed object keeps its first "keep" bytes (key, count, list node)
 *    and, in debug builds, has the rest poisoned;
 *  - the lookup's re-check of the key after taking a reference catches an
 *    object freed and reused for another key between the key compare and
 *    the reference; the nulls check at the end of the walk catches one
 *    reused in another bucket while the walk stood on it.  The reuse is
 *    made to happen at that exact point, by a hook in the test's lookup;
 *    the same lookup without the check returns the wrong answer, which
 *    shows what the check is for.
 */
#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/atomic.h>
#include <linux/mm.h>
#include <linux/preempt.h>
#include <linux/rculist_nulls.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "../internal.h"

struct ts_obj {
	/* What lockless readers check: kept across free and reuse. */
	u32 key;
	atomic_t ref;
	struct hlist_nulls_node node;
	/* The rest is poisoned when freed (debug builds). */
	u8 payload[40];
};

#define TS_KEEP		offsetof(struct ts_obj, payload)
#define TS_NBUCKETS	4

static struct kmem_cache *ts_cache;
static struct hlist_nulls_head ts_table[TS_NBUCKETS];

static int ts_init(struct kunit *test)
{
	unsigned int i;

	ts_cache = kmem_cache_create_typesafe("ts_obj", sizeof(struct ts_obj), 0, TS_KEEP,
					      0, NULL);
	if (!ts_cache)
		return -ENOMEM;
	for (i = 0; i < TS_NBUCKETS; i++)
		INIT_HLIST_NULLS_HEAD(&ts_table[i], i);
	return 0;
}

static void ts_exit(struct kunit *test)
{
	kmem_cache_destroy(ts_cache);
	ts_cache = NULL;
}

static unsigned int ts_slot(u32 key)
{
	return key % TS_NBUCKETS;
}

/* Set the key before the count: a reader that gets a reference sees it. */
static struct ts_obj *ts_new(struct kunit *test, u32 key)
{
	struct ts_obj *o = kmem_cache_alloc(ts_cache, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, o);
	WRITE_ONCE(o->key, key);
	smp_wmb();
	atomic_set(&o->ref, 1);
	hlist_nulls_add_head_rcu(&o->node, &ts_table[ts_slot(key)]);
	return o;
}

/* Drop a reference; the last one unhashes and frees (no grace period). */
static void ts_put(struct ts_obj *o)
{
	if (atomic_dec_and_test(&o->ref)) {
		hlist_nulls_del_rcu(&o->node);
		kmem_cache_free(ts_cache, o);
	}
}

enum ts_hook_point { TS_HOOK_MATCHED, TS_HOOK_VISIT };

/* Called once by the lookup at @point, on object @o, inside the reader. */
struct ts_hook {
	enum ts_hook_point point;
	void (*fn)(struct ts_hook *h, struct ts_obj *o);
	bool done;
	u32 new_key;
	struct ts_obj *reused;
	struct kunit *test;
};

struct ts_lookup_opts {
	bool recheck_key;
	bool check_nulls;
};

/* rculist_nulls.rst's lookup, with @hook run at its point the first time. */
static struct ts_obj *ts_lookup(u32 key, struct ts_hook *hook,
				const struct ts_lookup_opts *opts, unsigned int *retries)
{
	unsigned int slot = ts_slot(key);
	struct hlist_nulls_node *pos;
	struct ts_obj *o;

	*retries = 0;
begin:
	rcu_read_lock();
	hlist_nulls_for_each_entry_rcu(o, pos, &ts_table[slot], node) {
		if (hook && !hook->done && hook->point == TS_HOOK_VISIT &&
		    READ_ONCE(o->key) != key) {
			hook->done = true;
			hook->fn(hook, o);
		}
		if (READ_ONCE(o->key) != key)
			continue;
		if (hook && !hook->done && hook->point == TS_HOOK_MATCHED) {
			hook->done = true;
			hook->fn(hook, o);
		}
		if (!atomic_inc_not_zero(&o->ref))
			goto retry;
		if (opts->recheck_key && READ_ONCE(o->key) != key) {
			rcu_read_unlock();
			ts_put(o);
			(*retries)++;
			goto begin;
		}
		rcu_read_unlock();
		return o;
	}
	if (opts->check_nulls && get_nulls_value(pos) != slot)
		goto retry;
	rcu_read_unlock();
	return NULL;
retry:
	rcu_read_unlock();
	(*retries)++;
	goto begin;
}

/* Free @o and get the same memory back at once for hook->new_key. */
static void ts_reuse(struct ts_hook *h, struct ts_obj *o)
{
	struct ts_obj *n;

	preempt_disable();	/* this CPU's free-object stack: LIFO */
	ts_put(o);
	n = kmem_cache_alloc(ts_cache, GFP_ATOMIC);
	preempt_enable();
	h->reused = n;
	if (!n)
		return;
	WRITE_ONCE(n->key, h->new_key);
	smp_wmb();
	atomic_set(&n->ref, 1);
	hlist_nulls_add_head_rcu(&n->node, &ts_table[ts_slot(h->new_key)]);
}

static void ts_empty_table(void)
{
	struct hlist_nulls_node *pos;
	struct ts_obj *o;
	unsigned int i;

	for (i = 0; i < TS_NBUCKETS; i++)
		hlist_nulls_for_each_entry_safe(o, pos, &ts_table[i], node)
			ts_put(o);
}

/* Reused between the key compare and the reference: the re-check sees it. */
static void ts_reuse_after_match(struct kunit *test, bool recheck)
{
	struct ts_lookup_opts opts = { .recheck_key = recheck, .check_nulls = true };
	struct ts_hook hook = { .point = TS_HOOK_MATCHED, .fn = ts_reuse, .new_key = 6 };
	struct ts_obj *o, *victim, *found;
	unsigned int retries;

	victim = ts_new(test, 1);
	o = ts_new(test, 5);
	found = ts_lookup(1, &hook, &opts, &retries);
	KUNIT_EXPECT_TRUE(test, hook.done);
	KUNIT_ASSERT_PTR_EQ(test, hook.reused, victim);	/* same memory, key 6 */
	if (recheck) {
		KUNIT_EXPECT_NULL(test, found);		/* key 1 is gone */
		KUNIT_EXPECT_EQ(test, retries, 1U);
	} else {
		/* Without the re-check the lookup of key 1 returns key 6's object. */
		KUNIT_EXPECT_PTR_EQ(test, found, victim);
		KUNIT_EXPECT_EQ(test, found->key, 6U);
	}
	if (found)
		ts_put(found);
	KUNIT_EXPECT_EQ(test, atomic_read(&victim->ref), 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&o->ref), 1);
	ts_empty_table();
}

static void ts_recheck_key(struct kunit *test)
{
	ts_reuse_after_match(test, true);
}

static void ts_no_recheck_is_wrong(struct kunit *test)
{
	ts_reuse_after_match(test, false);
}

/* Reused in another bucket while the walk stands on it: the nulls tell. */
static void ts_moved_to_other_bucket(struct kunit *test, bool check_nulls)
{
	struct ts_lookup_opts opts = { .recheck_key = true, .check_nulls = check_nulls };
	struct ts_hook hook = { .point = TS_HOOK_VISIT, .fn = ts_reuse, .new_key = 1 };
	struct ts_obj *target, *moved, *found;
	unsigned int retries;

	/* Bucket 0: moved (key 4), then target (key 8). */
	target = ts_new(test, 8);
	moved = ts_new(test, 4);
	found = ts_lookup(8, &hook, &opts, &retries);
	KUNIT_EXPECT_TRUE(test, hook.done);
	KUNIT_ASSERT_PTR_EQ(test, hook.reused, moved);	/* now key 1, bucket 1 */
	if (check_nulls) {
		KUNIT_EXPECT_PTR_EQ(test, found, target);
		KUNIT_EXPECT_EQ(test, retries, 1U);
	} else {
		/* The walk ended in bucket 1: key 8 missed though present. */
		KUNIT_EXPECT_NULL(test, found);
	}
	if (found)
		ts_put(found);
	ts_empty_table();
}

static void ts_nulls_restart(struct kunit *test)
{
	ts_moved_to_other_bucket(test, true);
}

static void ts_no_nulls_check_misses(struct kunit *test)
{
	ts_moved_to_other_bucket(test, false);
}

/* Empty slabs wait for a grace period before going back. */
static void ts_pages_after_gp(struct kunit *test)
{
	unsigned int n = 4 * PAGE_SIZE / sizeof(struct ts_obj), i;
	long pending0, freed0, pending, freed;
	struct ts_obj **objs;
	struct page *page;

	objs = kcalloc(n, sizeof(*objs), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, objs);
	rcu_barrier();
	slab_rcu_counts(ts_cache, &pending0, &freed0);
	for (i = 0; i < n; i++) {
		objs[i] = kmem_cache_alloc(ts_cache, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, objs[i]);
		objs[i]->key = i;
		atomic_set(&objs[i]->ref, 0);
	}

	rcu_read_lock();
	for (i = 0; i < n; i++)
		kmem_cache_free(ts_cache, objs[i]);
	kmem_cache_shrink(ts_cache);
	slab_rcu_counts(ts_cache, &pending, &freed);
	KUNIT_EXPECT_GT(test, pending, pending0);
	KUNIT_EXPECT_EQ(test, freed, freed0);
	/* Every freed object is still an object of the cache, key intact. */
	for (i = 0; i < n; i++) {
		page = compound_head(virt_to_page(objs[i]));
		KUNIT_EXPECT_TRUE(test, PageSlab(page) && page->slab_cache == ts_cache);
		KUNIT_EXPECT_EQ(test, READ_ONCE(objs[i]->key), i);
		KUNIT_EXPECT_EQ(test, atomic_read(&objs[i]->ref), 0);
	}
	rcu_read_unlock();

	rcu_barrier();
	slab_rcu_counts(ts_cache, &pending, &freed);
	KUNIT_EXPECT_EQ(test, pending, pending0);
	KUNIT_EXPECT_GT(test, freed, freed0);
	kfree(objs);
}

/* Debug builds poison the payload of a freed object, not its kept fields. */
static void ts_poison_keeps_fields(struct kunit *test)
{
	struct ts_obj *o, *n;

	if (!IS_ENABLED(CONFIG_DEBUG_KMALLOC))
		kunit_skip(test, "CONFIG_DEBUG_KMALLOC is off: nothing is poisoned");
	preempt_disable();
	o = kmem_cache_alloc(ts_cache, GFP_ATOMIC);
	if (!o) {
		preempt_enable();
		KUNIT_ASSERT_NOT_NULL(test, o);
	}
	o->key = 42;
	atomic_set(&o->ref, 0);
	o->node.next = (struct hlist_nulls_node *)NULLS_MARKER(3);
	o->node.pprev = NULL;
	memset(o->payload, 0x11, sizeof(o->payload));
	rcu_read_lock();
	kmem_cache_free(ts_cache, o);
	/* A reader still on the object finds key, count and next pointer. */
	KUNIT_EXPECT_EQ(test, READ_ONCE(o->key), 42U);
	KUNIT_EXPECT_EQ(test, atomic_read(&o->ref), 0);
	KUNIT_EXPECT_TRUE(test, is_a_nulls(READ_ONCE(o->node.next)) &&
			  get_nulls_value(o->node.next) == 3);
	KUNIT_EXPECT_EQ(test, o->payload[0], (u8)POISON_FREE);
	KUNIT_EXPECT_EQ(test, o->payload[sizeof(o->payload) - 1], (u8)POISON_FREE);
	/* Reuse: allocation leaves the kept fields alone too. */
	n = kmem_cache_alloc(ts_cache, GFP_ATOMIC);
	preempt_enable();
	KUNIT_EXPECT_PTR_EQ(test, n, o);
	KUNIT_EXPECT_EQ(test, READ_ONCE(o->key), 42U);
	KUNIT_EXPECT_EQ(test, atomic_read(&o->ref), 0);
	rcu_read_unlock();
	if (n)
		kmem_cache_free(ts_cache, n);
}

static struct kunit_case slab_typesafe_test_cases[] = {
	KUNIT_CASE(ts_pages_after_gp),
	KUNIT_CASE(ts_poison_keeps_fields),
	KUNIT_CASE(ts_recheck_key),
	KUNIT_CASE(ts_no_recheck_is_wrong),
	KUNIT_CASE(ts_nulls_restart),
	KUNIT_CASE(ts_no_nulls_check_misses),
	{}
};

static struct kunit_suite slab_typesafe_test_suite = {
	.name = "slab_typesafe",
	.init = ts_init,
	.exit = ts_exit,
	.test_cases = slab_typesafe_test_cases,
};

kunit_test_suites(&slab_typesafe_test_suite);
