// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "rculist": the RCU list, hlist and hash-table operations of
 * <linux/rculist.h> and <linux/hashtable.h>.
 *
 *  - the operations themselves, on one CPU: order after add/add_tail/
 *    del/replace/splice, hlist add_head/before/behind/replace/del,
 *    list_first_or_null_rcu() and list_next_or_null_rcu() at the ends;
 *  - readers on every CPU walk a list (and look keys up in a hash table)
 *    while a writer adds, deletes, replaces and splices, freeing with
 *    kfree_rcu() or synchronize_rcu() + kfree().  Freed memory is
 *    poisoned (CONFIG_DEBUG_KMALLOC, and by hand after synchronize_rcu())
 *    and fresh memory is not zeroed, so a reader that saw a freed or a
 *    not-yet-initialised element would find a wrong magic or checksum;
 *  - the lockdep condition of list_for_each_entry_rcu(): a walk under the
 *    update lock that names it is silent, a walk with neither reader nor
 *    lock splats "WARNING: suspicious RCU usage".
 */
#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/types.h>
#include <linux/err.h>
#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/smp.h>
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/random.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/rcupdate.h>
#include <linux/rculist.h>
#include <linux/hashtable.h>

#define RL_MAGIC	0x52434c4953544f4bUL	/* "RCLISTOK" */
#define RL_SALT		0x9e3779b97f4a7c15UL
#define RL_DURATION_NS	(1000 * NSEC_PER_MSEC)	/* at least this long ... */
#define RL_MIN_UPDATES	64			/* ... and this many updates ... */
#define RL_MAX_NS	(5000 * NSEC_PER_MSEC)	/* ... unless it takes longer */
#define RL_MAX_ELEMS	48
#define RL_LINGER_US	2	/* a reader's pause on an element */
#define RL_BURST_NS	(2 * NSEC_PER_MSEC)	/* a reader's walking time between sleeps */
#define RL_HASH_BITS	4
#define RL_NKEYS	32

struct rl_elem {
	unsigned long magic;
	unsigned long key;
	unsigned long check;		/* rl_check(key, gen) */
	unsigned long gen;
	struct list_head node;
	struct hlist_node hnode;
	struct rcu_head rh;
};

static unsigned long rl_check(unsigned long key, unsigned long gen)
{
	return (key * RL_SALT) ^ ~gen;
}

/* Memory is not zeroed: a reader of a half-built element sees garbage. */
static struct rl_elem *rl_alloc(unsigned long key, unsigned long gen)
{
	struct rl_elem *e = kmalloc(sizeof(*e), GFP_KERNEL);

	if (!e)
		return NULL;
	e->key = key;
	e->gen = gen;
	e->check = rl_check(key, gen);
	INIT_HLIST_NODE(&e->hnode);
	e->magic = RL_MAGIC;
	return e;
}

static bool rl_valid(const struct rl_elem *e)
{
	unsigned long key = READ_ONCE(e->key), gen = READ_ONCE(e->gen);

	return READ_ONCE(e->magic) == RL_MAGIC &&
	       READ_ONCE(e->check) == rl_check(key, gen);
}

/* Free after a grace period, by either path. */
static void rl_free_deferred(struct rl_elem *e, bool use_kfree_rcu)
{
	if (use_kfree_rcu) {
		kfree_rcu(e, rh);
	} else {
		synchronize_rcu();
		memset(e, 0x6b, sizeof(*e));	/* even without DEBUG_KMALLOC */
		kfree(e);
	}
}

/*
 * Readers walk in bursts of RL_BURST_NS, then sleep for a tick: on 64
 * CPUs under TCG, readers that never sleep would leave the writer and
 * the grace-period kthread almost no host time.  With four or more CPUs
 * some reader is nearly always in a walk.
 */
static void rl_reader_pace(u64 *burst_end, unsigned int i)
{
	if (!(i % 16))
		cond_resched();
	if (ktime_get_ns() >= *burst_end) {
		schedule_timeout_interruptible(1);
		*burst_end = ktime_get_ns() + RL_BURST_NS;
	}
}

/* Set before the readers are stopped: they stop walking all at once. */
static bool rl_readers_done;

/* A reader's loop condition; after rl_readers_done, wait idle for the stop. */
static bool rl_reader_continue(void)
{
	if (!READ_ONCE(rl_readers_done))
		return !kthread_should_stop();
	while (!kthread_should_stop())
		schedule_timeout_interruptible(HZ);
	return false;
}

/*
 * Start @fn on every online CPU; return how many started.  All are
 * created and bound before the first runs, so that creating the last
 * does not compete with the first ones' walks.
 */
static unsigned int rl_start_readers(struct task_struct **tasks,
				     int (*fn)(void *), const char *name)
{
	unsigned int cpu, n = 0, i;

	WRITE_ONCE(rl_readers_done, false);
	for_each_online_cpu(cpu) {
		struct task_struct *t = kthread_create(fn, NULL, "%s/%u", name, cpu);

		if (IS_ERR(t))
			break;
		kthread_bind(t, cpu);
		tasks[n++] = t;
	}
	for (i = 0; i < n; i++)
		wake_up_process(tasks[i]);
	return n;
}

static void rl_stop_readers(struct task_struct **tasks, unsigned int n)
{
	WRITE_ONCE(rl_readers_done, true);
	while (n)
		kthread_stop(tasks[--n]);
}

/* Update for RL_DURATION_NS and RL_MIN_UPDATES, but not past RL_MAX_NS. */
static bool rl_keep_going(u64 start, unsigned long updates)
{
	u64 now = ktime_get_ns();

	if (now - start >= RL_MAX_NS)
		return false;
	return now - start < RL_DURATION_NS || updates < RL_MIN_UPDATES;
}

/*
 * The writer removed or replaced elements under the readers' feet: many
 * times, unless grace periods were so slow (64 CPUs under TCG on a busy
 * host) that RL_MAX_NS stopped it early; then at least once.
 */
static void rl_expect_updates(struct kunit *test, unsigned long updates,
			      unsigned long removals)
{
	if (updates >= RL_MIN_UPDATES)
		KUNIT_EXPECT_GT(test, removals, 10UL);
	else
		KUNIT_EXPECT_GT(test, removals, 0UL);
}

/* ---- the operations, on one CPU ---- */

static LIST_HEAD(rl_small);

/* The keys of rl_small in list order, as one number in base 16. */
static unsigned long rl_small_keys(void)
{
	struct rl_elem *e;
	unsigned long v = 0;

	rcu_read_lock();
	list_for_each_entry_rcu(e, &rl_small, node)
		v = v * 16 + e->key;
	rcu_read_unlock();
	return v;
}

static void rculist_list_ops(struct kunit *test)
{
	struct rl_elem *e[8], *pos;
	LIST_HEAD(priv);
	int i;

	for (i = 0; i < 8; i++) {
		e[i] = rl_alloc(i + 1, 0);
		KUNIT_ASSERT_NOT_NULL(test, e[i]);
	}
	INIT_LIST_HEAD(&rl_small);

	rcu_read_lock();
	KUNIT_EXPECT_NULL(test, list_first_or_null_rcu(&rl_small, struct rl_elem, node));
	i = 0;
	list_for_each_entry_rcu(pos, &rl_small, node)
		i++;
	rcu_read_unlock();
	KUNIT_EXPECT_EQ(test, i, 0);

	list_add_rcu(&e[1]->node, &rl_small);		/* 2 */
	list_add_rcu(&e[0]->node, &rl_small);		/* 1 2 */
	list_add_tail_rcu(&e[2]->node, &rl_small);	/* 1 2 3 */
	KUNIT_EXPECT_EQ(test, rl_small_keys(), 0x123UL);

	rcu_read_lock();
	pos = list_first_or_null_rcu(&rl_small, struct rl_elem, node);
	KUNIT_EXPECT_PTR_EQ(test, pos, e[0]);
	pos = list_next_or_null_rcu(&rl_small, &e[0]->node, struct rl_elem, node);
	KUNIT_EXPECT_PTR_EQ(test, pos, e[1]);
	pos = list_next_or_null_rcu(&rl_small, &e[2]->node, struct rl_elem, node);
	KUNIT_EXPECT_NULL(test, pos);
	/* list_entry_rcu() and list_for_each_entry_from_rcu() */
	pos = list_entry_rcu(e[0]->node.next, struct rl_elem, node);
	KUNIT_EXPECT_PTR_EQ(test, pos, e[1]);
	i = 0;
	list_for_each_entry_from_rcu(pos, &rl_small, node)
		i++;
	KUNIT_EXPECT_EQ(test, i, 2);
	pos = e[0];
	i = 0;
	list_for_each_entry_continue_rcu(pos, &rl_small, node)
		i++;
	KUNIT_EXPECT_EQ(test, i, 2);
	rcu_read_unlock();

	/* A deleted entry still leads on, for a reader standing on it. */
	list_del_rcu(&e[1]->node);			/* 1 3 */
	KUNIT_EXPECT_PTR_EQ(test, e[1]->node.next, &e[2]->node);
	KUNIT_EXPECT_PTR_EQ(test, e[1]->node.prev, LIST_POISON2);
	KUNIT_EXPECT_EQ(test, rl_small_keys(), 0x13UL);

	list_replace_rcu(&e[2]->node, &e[3]->node);	/* 1 4 */
	KUNIT_EXPECT_EQ(test, rl_small_keys(), 0x14UL);
	KUNIT_EXPECT_PTR_EQ(test, e[2]->node.next, &rl_small);
	KUNIT_EXPECT_PTR_EQ(test, rl_small.prev, &e[3]->node);

	/* Splices: the sync function runs once, only for a non-empty list. */
	list_splice_init_rcu(&priv, &rl_small, synchronize_rcu);
	KUNIT_EXPECT_EQ(test, rl_small_keys(), 0x14UL);
	list_add_tail(&e[4]->node, &priv);
	list_add_tail(&e[5]->node, &priv);
	list_splice_init_rcu(&priv, &rl_small, synchronize_rcu);	/* 5 6 1 4 */
	KUNIT_EXPECT_TRUE(test, list_empty(&priv));
	KUNIT_EXPECT_EQ(test, rl_small_keys(), 0x5614UL);
	list_add_tail(&e[6]->node, &priv);
	list_add_tail(&e[7]->node, &priv);
	list_splice_tail_init_rcu(&priv, &rl_small, synchronize_rcu);	/* 5 6 1 4 7 8 */
	KUNIT_EXPECT_TRUE(test, list_empty(&priv));
	KUNIT_EXPECT_EQ(test, rl_small_keys(), 0x561478UL);
	KUNIT_EXPECT_EQ(test, list_count_nodes(&rl_small), 6UL);
	KUNIT_EXPECT_PTR_EQ(test, rl_small.prev, &e[7]->node);
	KUNIT_EXPECT_PTR_EQ(test, e[4]->node.prev, &rl_small);

	while (!list_empty(&rl_small)) {
		pos = list_first_entry(&rl_small, struct rl_elem, node);
		list_del_rcu(&pos->node);
	}
	synchronize_rcu();
	for (i = 0; i < 8; i++)
		kfree(e[i]);
}

static HLIST_HEAD(rl_hsmall);

static unsigned long rl_hsmall_keys(void)
{
	struct rl_elem *e;
	unsigned long v = 0;

	rcu_read_lock();
	hlist_for_each_entry_rcu(e, &rl_hsmall, hnode)
		v = v * 16 + e->key;
	rcu_read_unlock();
	return v;
}

static void rculist_hlist_ops(struct kunit *test)
{
	struct rl_elem *e[6], *pos;
	int i;

	for (i = 0; i < 6; i++) {
		e[i] = rl_alloc(i + 1, 0);
		KUNIT_ASSERT_NOT_NULL(test, e[i]);
	}
	INIT_HLIST_HEAD(&rl_hsmall);
	KUNIT_EXPECT_EQ(test, rl_hsmall_keys(), 0UL);

	hlist_add_head_rcu(&e[1]->hnode, &rl_hsmall);		/* 2 */
	hlist_add_head_rcu(&e[0]->hnode, &rl_hsmall);		/* 1 2 */
	hlist_add_behind_rcu(&e[3]->hnode, &e[1]->hnode);	/* 1 2 4 */
	hlist_add_before_rcu(&e[2]->hnode, &e[3]->hnode);	/* 1 2 3 4 */
	hlist_add_before_rcu(&e[4]->hnode, &e[0]->hnode);	/* 5 1 2 3 4 */
	KUNIT_EXPECT_EQ(test, rl_hsmall_keys(), 0x51234UL);
	KUNIT_EXPECT_PTR_EQ(test, e[4]->hnode.pprev, &rl_hsmall.first);

	rcu_read_lock();
	pos = e[1];
	i = 0;
	hlist_for_each_entry_continue_rcu(pos, hnode)
		i++;
	KUNIT_EXPECT_EQ(test, i, 2);
	pos = e[1];
	i = 0;
	hlist_for_each_entry_from_rcu(pos, hnode)
		i++;
	KUNIT_EXPECT_EQ(test, i, 3);
	rcu_read_unlock();

	hlist_del_rcu(&e[2]->hnode);				/* 5 1 2 4 */
	KUNIT_EXPECT_PTR_EQ(test, e[2]->hnode.next, &e[3]->hnode);
	KUNIT_EXPECT_FALSE(test, hlist_unhashed(&e[2]->hnode));
	KUNIT_EXPECT_EQ(test, rl_hsmall_keys(), 0x5124UL);

	hlist_replace_rcu(&e[4]->hnode, &e[5]->hnode);		/* 6 1 2 4 */
	KUNIT_EXPECT_EQ(test, rl_hsmall_keys(), 0x6124UL);
	KUNIT_EXPECT_PTR_EQ(test, e[0]->hnode.pprev, &e[5]->hnode.next);
	hlist_replace_rcu(&e[3]->hnode, &e[2]->hnode);		/* 6 1 2 3 */
	KUNIT_EXPECT_EQ(test, rl_hsmall_keys(), 0x6123UL);

	hlist_del_init_rcu(&e[0]->hnode);			/* 6 2 3 */
	KUNIT_EXPECT_TRUE(test, hlist_unhashed(&e[0]->hnode));
	KUNIT_EXPECT_PTR_EQ(test, e[0]->hnode.next, &e[1]->hnode);
	hlist_del_init_rcu(&e[0]->hnode);			/* no-op */
	KUNIT_EXPECT_EQ(test, rl_hsmall_keys(), 0x623UL);
	KUNIT_EXPECT_PTR_EQ(test, e[1]->hnode.pprev, &e[5]->hnode.next);

	hlist_del_rcu(&e[5]->hnode);
	hlist_del_rcu(&e[1]->hnode);
	hlist_del_rcu(&e[2]->hnode);
	KUNIT_EXPECT_TRUE(test, hlist_empty(&rl_hsmall));
	synchronize_rcu();
	for (i = 0; i < 6; i++)
		kfree(e[i]);
}

static DEFINE_HASHTABLE(rl_small_table, 3);

static void rculist_hash_ops(struct kunit *test)
{
	struct rl_elem *e[16], *pos;
	int i, bkt, n;

	KUNIT_EXPECT_TRUE(test, hash_empty(rl_small_table));
	KUNIT_EXPECT_EQ(test, HASH_SIZE(rl_small_table), 8UL);
	KUNIT_EXPECT_EQ(test, HASH_BITS(rl_small_table), 3);
	for (i = 0; i < 16; i++) {
		e[i] = rl_alloc(i * 7, 0);
		KUNIT_ASSERT_NOT_NULL(test, e[i]);
		hash_add_rcu(rl_small_table, &e[i]->hnode, e[i]->key);
		KUNIT_EXPECT_TRUE(test, hash_hashed(&e[i]->hnode));
	}
	rcu_read_lock();
	for (i = 0; i < 16; i++) {
		n = 0;
		hash_for_each_possible_rcu(rl_small_table, pos, hnode, i * 7UL)
			if (pos->key == i * 7UL)
				n++;
		KUNIT_EXPECT_EQ_MSG(test, n, 1, "key %d", i * 7);
	}
	n = 0;
	hash_for_each_rcu(rl_small_table, bkt, pos, hnode)
		n++;
	KUNIT_EXPECT_EQ(test, n, 16);
	rcu_read_unlock();

	for (i = 0; i < 16; i += 2)
		hash_del_rcu(&e[i]->hnode);
	KUNIT_EXPECT_FALSE(test, hash_hashed(&e[0]->hnode));
	rcu_read_lock();
	n = 0;
	hash_for_each_rcu(rl_small_table, bkt, pos, hnode)
		n++;
	KUNIT_EXPECT_EQ(test, n, 8);
	n = 0;
	hash_for_each_possible_rcu(rl_small_table, pos, hnode, 0UL)
		if (pos->key == 0)
			n++;
	KUNIT_EXPECT_EQ(test, n, 0);
	rcu_read_unlock();
	for (i = 1; i < 16; i += 2)
		hash_del_rcu(&e[i]->hnode);
	KUNIT_EXPECT_TRUE(test, hash_empty(rl_small_table));
	synchronize_rcu();
	for (i = 0; i < 16; i++)
		kfree(e[i]);
}

/* ---- readers on every CPU against a writer: list ---- */

static LIST_HEAD(rl_list);
static DEFINE_MUTEX(rl_list_lock);
static atomic_long_t rl_bad, rl_reads, rl_seen;

static int rl_list_reader(void *arg)
{
	u64 burst_end = ktime_get_ns() + RL_BURST_NS;
	unsigned int i = 0;

	while (rl_reader_continue()) {
		struct rl_elem *e;
		long n = 0;

		rcu_read_lock();
		list_for_each_entry_rcu(e, &rl_list, node) {
			if (!rl_valid(e))
				atomic_long_inc(&rl_bad);
			/*
			 * Linger on some elements, so that a free without a
			 * grace period would land while we look.
			 */
			if (!((n + i) % 4)) {
				udelay(RL_LINGER_US);
				if (!rl_valid(e))
					atomic_long_inc(&rl_bad);
			}
			if (++n > 100 * RL_MAX_ELEMS) {	/* a loop: corrupt */
				atomic_long_inc(&rl_bad);
				break;
			}
		}
		rcu_read_unlock();
		atomic_long_add(n, &rl_seen);
		atomic_long_inc(&rl_reads);
		rl_reader_pace(&burst_end, ++i);
	}
	return 0;
}

/* The @idx-th entry, found the way an updater does: under the lock. */
static struct rl_elem *rl_list_nth(unsigned int idx)
{
	struct rl_elem *e;

	list_for_each_entry_rcu(e, &rl_list, node, lockdep_is_held(&rl_list_lock))
		if (!idx--)
			return e;
	return NULL;
}

static void rculist_list_stress(struct kunit *test)
{
	unsigned int ncpus = num_online_cpus(), n, nr = 0, idx;
	unsigned long gen = 0, ops[5] = { };
	struct task_struct **readers;
	struct rl_elem *e, *old, *tmp;
	struct rnd_state rnd;
	u64 start, elapsed;

	readers = kunit_kcalloc(test, ncpus, sizeof(*readers), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, readers);
	prandom_seed_state(&rnd, 42);
	atomic_long_set(&rl_bad, 0);
	atomic_long_set(&rl_reads, 0);
	atomic_long_set(&rl_seen, 0);
	INIT_LIST_HEAD(&rl_list);

	n = rl_start_readers(readers, rl_list_reader, "rculist_rd");
	KUNIT_EXPECT_EQ(test, n, ncpus);

	start = ktime_get_ns();
	while (rl_keep_going(start, gen)) {
		u32 op = prandom_u32_below_state(&rnd, 8);
		/* mostly kfree_rcu(): synchronize_rcu() is slow under TCG */
		bool use_kfree_rcu = prandom_u32_below_state(&rnd, 8);

		gen++;
		mutex_lock(&rl_list_lock);
		if (nr < 4 || (op < 3 && nr < RL_MAX_ELEMS)) {
			/* add at the head or the tail */
			e = rl_alloc(prandom_u32_state(&rnd), gen);
			if (!e) {
				mutex_unlock(&rl_list_lock);
				break;
			}
			if (op & 1)
				list_add_rcu(&e->node, &rl_list);
			else
				list_add_tail_rcu(&e->node, &rl_list);
			nr++;
			ops[0]++;
			mutex_unlock(&rl_list_lock);
		} else if (op < 5) {
			/* delete one */
			idx = prandom_u32_below_state(&rnd, nr);
			old = rl_list_nth(idx);
			list_del_rcu(&old->node);
			nr--;
			ops[1]++;
			mutex_unlock(&rl_list_lock);
			rl_free_deferred(old, use_kfree_rcu);
		} else if (op < 7) {
			/* replace one by a new version */
			idx = prandom_u32_below_state(&rnd, nr);
			old = rl_list_nth(idx);
			e = rl_alloc(old->key + 1, gen);
			if (!e) {
				mutex_unlock(&rl_list_lock);
				break;
			}
			list_replace_rcu(&old->node, &e->node);
			ops[2]++;
			mutex_unlock(&rl_list_lock);
			rl_free_deferred(old, use_kfree_rcu);
		} else if (nr + 4 <= RL_MAX_ELEMS) {
			/* build four on a private list, splice them in */
			LIST_HEAD(priv);
			int i;

			for (i = 0; i < 4; i++) {
				e = rl_alloc(prandom_u32_state(&rnd), gen);
				if (!e)
					break;
				list_add_tail(&e->node, &priv);
				nr++;
			}
			if (gen & 1)
				list_splice_init_rcu(&priv, &rl_list, synchronize_rcu);
			else
				list_splice_tail_init_rcu(&priv, &rl_list, synchronize_rcu);
			ops[3]++;
			mutex_unlock(&rl_list_lock);
		} else {
			ops[4]++;
			mutex_unlock(&rl_list_lock);
		}
		if (!(gen % 16))
			msleep(1);
		else
			cond_resched();
	}

	elapsed = ktime_get_ns() - start;
	rl_stop_readers(readers, n);
	mutex_lock(&rl_list_lock);
	list_for_each_entry_safe(e, tmp, &rl_list, node) {
		list_del_rcu(&e->node);
		kfree_rcu(e, rh);
	}
	mutex_unlock(&rl_list_lock);

	KUNIT_EXPECT_EQ_MSG(test, atomic_long_read(&rl_bad), 0,
			    "readers saw %ld freed, half-initialised or looping elements",
			    atomic_long_read(&rl_bad));
	KUNIT_EXPECT_GT(test, atomic_long_read(&rl_reads), 0);
	rl_expect_updates(test, gen, ops[1] + ops[2]);
	kunit_info(test, "%lu adds, %lu dels, %lu replaces, %lu splices in %lu ms; %ld walks saw %ld elements on %u CPUs\n",
		   ops[0], ops[1], ops[2], ops[3], (unsigned long)(elapsed / NSEC_PER_MSEC),
		   atomic_long_read(&rl_reads), atomic_long_read(&rl_seen), n);
}

/* ---- readers on every CPU against a writer: hash table ---- */

static DEFINE_HASHTABLE(rl_table, RL_HASH_BITS);
static DEFINE_SPINLOCK(rl_table_lock);
static atomic_long_t rl_dups, rl_found;

static int rl_hash_reader(void *arg)
{
	u64 burst_end = ktime_get_ns() + RL_BURST_NS;
	struct rnd_state rnd;
	unsigned int i = 0;

	prandom_seed_state(&rnd, raw_smp_processor_id() + 1);
	while (rl_reader_continue()) {
		unsigned long key = prandom_u32_below_state(&rnd, RL_NKEYS);
		struct rl_elem *e;
		int found = 0;
		long n = 0;

		rcu_read_lock();
		hash_for_each_possible_rcu(rl_table, e, hnode, key) {
			if (!rl_valid(e) ||
			    hash_min(e->key, RL_HASH_BITS) != hash_min(key, RL_HASH_BITS))
				atomic_long_inc(&rl_bad);
			else if (e->key == key)
				found++;
			if (!((n + i) % 4)) {
				udelay(RL_LINGER_US);
				if (!rl_valid(e))
					atomic_long_inc(&rl_bad);
			}
			if (++n > 100 * RL_NKEYS) {
				atomic_long_inc(&rl_bad);
				break;
			}
		}
		rcu_read_unlock();
		if (found > 1)
			atomic_long_inc(&rl_dups);
		if (found)
			atomic_long_inc(&rl_found);
		atomic_long_inc(&rl_reads);
		rl_reader_pace(&burst_end, ++i);
	}
	return 0;
}

static struct rl_elem *rl_table_find(unsigned long key)
{
	struct rl_elem *e;

	hash_for_each_possible_rcu(rl_table, e, hnode, key,
				   lockdep_is_held(&rl_table_lock))
		if (e->key == key)
			return e;
	return NULL;
}

static void rculist_hash_stress(struct kunit *test)
{
	unsigned int ncpus = num_online_cpus(), n, bkt;
	unsigned long gen = 0, ops[3] = { };
	struct task_struct **readers;
	struct rl_elem *e, *old;
	struct hlist_node *tmp;
	struct rnd_state rnd;
	u64 start, elapsed;

	readers = kunit_kcalloc(test, ncpus, sizeof(*readers), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, readers);
	prandom_seed_state(&rnd, 4242);
	atomic_long_set(&rl_bad, 0);
	atomic_long_set(&rl_reads, 0);
	atomic_long_set(&rl_dups, 0);
	atomic_long_set(&rl_found, 0);
	hash_init(rl_table);

	n = rl_start_readers(readers, rl_hash_reader, "rculist_hrd");
	KUNIT_EXPECT_EQ(test, n, ncpus);

	start = ktime_get_ns();
	while (rl_keep_going(start, gen)) {
		unsigned long key = prandom_u32_below_state(&rnd, RL_NKEYS);
		bool use_kfree_rcu = prandom_u32_below_state(&rnd, 8);

		gen++;
		e = rl_alloc(key, gen);		/* outside the spinlock */
		if (!e)
			break;
		spin_lock(&rl_table_lock);
		old = rl_table_find(key);
		if (!old) {
			hash_add_rcu(rl_table, &e->hnode, key);
			ops[0]++;
			e = NULL;
		} else if (gen & 2) {
			hash_del_rcu(&old->hnode);
			ops[1]++;
		} else {
			hlist_replace_rcu(&old->hnode, &e->hnode);
			ops[2]++;
			e = NULL;
		}
		spin_unlock(&rl_table_lock);
		kfree(e);			/* unused */
		if (old)
			rl_free_deferred(old, use_kfree_rcu);
		if (!(gen % 16))
			msleep(1);
		else
			cond_resched();
	}

	elapsed = ktime_get_ns() - start;
	rl_stop_readers(readers, n);
	spin_lock(&rl_table_lock);
	hash_for_each_safe(rl_table, bkt, tmp, e, hnode) {
		hash_del_rcu(&e->hnode);
		kfree_rcu(e, rh);
	}
	spin_unlock(&rl_table_lock);
	KUNIT_EXPECT_TRUE(test, hash_empty(rl_table));

	KUNIT_EXPECT_EQ_MSG(test, atomic_long_read(&rl_bad), 0,
			    "readers saw %ld freed, half-initialised or misplaced elements",
			    atomic_long_read(&rl_bad));
	KUNIT_EXPECT_EQ_MSG(test, atomic_long_read(&rl_dups), 0,
			    "a lookup found a key twice %ld times", atomic_long_read(&rl_dups));
	KUNIT_EXPECT_GT(test, atomic_long_read(&rl_found), 0);
	rl_expect_updates(test, gen, ops[1] + ops[2]);
	kunit_info(test, "%lu adds, %lu dels, %lu replaces in %lu ms; %ld lookups (%ld hits) on %u CPUs\n",
		   ops[0], ops[1], ops[2], (unsigned long)(elapsed / NSEC_PER_MSEC),
		   atomic_long_read(&rl_reads), atomic_long_read(&rl_found), n);
}

/* ---- the lockdep condition of the iterators ---- */

static LIST_HEAD(rl_cond_list);
static HLIST_HEAD(rl_cond_hlist);
static DEFINE_SPINLOCK(rl_cond_lock);

static noinline int rl_walk_locked(void)
{
	struct rl_elem *e;
	int n = 0;

	list_for_each_entry_rcu(e, &rl_cond_list, node, lockdep_is_held(&rl_cond_lock))
		n++;
	hlist_for_each_entry_rcu(e, &rl_cond_hlist, hnode, lockdep_is_held(&rl_cond_lock))
		n++;
	return n;
}

/* The misuse: no reader, no lock.  Splats once per call site. */
static noinline int rl_walk_unprotected(void)
{
	struct rl_elem *e;
	int n = 0;

	list_for_each_entry_rcu(e, &rl_cond_list, node)
		n++;
	return n;
}

static noinline int rl_hwalk_unprotected(void)
{
	struct rl_elem *e;
	int n = 0;

	hlist_for_each_entry_rcu(e, &rl_cond_hlist, hnode)
		n++;
	return n;
}

static bool rl_splatted_before;

static void rculist_lockdep_cond(struct kunit *test)
{
	struct rl_elem *e = rl_alloc(1, 0), *h = rl_alloc(2, 0);
	int n;

	KUNIT_ASSERT_NOT_NULL(test, e);
	KUNIT_ASSERT_NOT_NULL(test, h);
	list_add_rcu(&e->node, &rl_cond_list);
	hlist_add_head_rcu(&h->hnode, &rl_cond_hlist);

	/* Under the lock the condition names: legal, silent. */
	kunit_printk_capture_start();
	spin_lock(&rl_cond_lock);
	n = rl_walk_locked();
	spin_unlock(&rl_cond_lock);
	/* In a reader: legal, silent. */
	rcu_read_lock();
	n += rl_walk_unprotected() + rl_hwalk_unprotected();
	rcu_read_unlock();
	kunit_printk_capture_stop();
	KUNIT_EXPECT_EQ(test, n, 4);
	KUNIT_EXPECT_FALSE(test, kunit_log_contains("suspicious RCU usage"));

	if (!IS_ENABLED(CONFIG_PROVE_RCU)) {
		list_del_rcu(&e->node);
		hlist_del_rcu(&h->hnode);
		synchronize_rcu();
		kfree(e);
		kfree(h);
		kunit_skip(test, "CONFIG_PROVE_RCU is off: no splat to test");
	}

	/* Neither reader nor lock: the splat, once per call site. */
	kunit_expect_splat_begin(test);
	kunit_printk_capture_start();
	n = rl_walk_unprotected();
	kunit_printk_capture_stop();
	kunit_expect_splat_end(test);
	KUNIT_EXPECT_EQ(test, n, 1);
	if (rl_splatted_before) {
		KUNIT_EXPECT_FALSE(test, kunit_log_contains("suspicious RCU usage"));
	} else {
		KUNIT_EXPECT_TRUE(test, kunit_log_contains("WARNING: suspicious RCU usage"));
		KUNIT_EXPECT_TRUE(test, kunit_log_contains("rculist_test.c:"));
		KUNIT_EXPECT_TRUE(test, kunit_log_contains(
			"RCU list traversed outside a reader and without its lock"));
	}

	kunit_expect_splat_begin(test);
	kunit_printk_capture_start();
	n = rl_hwalk_unprotected();
	kunit_printk_capture_stop();
	kunit_expect_splat_end(test);
	KUNIT_EXPECT_EQ(test, n, 1);
	if (!rl_splatted_before)
		KUNIT_EXPECT_TRUE(test, kunit_log_contains("WARNING: suspicious RCU usage"));
	rl_splatted_before = true;

	/* The kernel went on: the same walk in a reader is still fine. */
	rcu_read_lock();
	n = rl_walk_unprotected();
	rcu_read_unlock();
	KUNIT_EXPECT_EQ(test, n, 1);

	list_del_rcu(&e->node);
	hlist_del_rcu(&h->hnode);
	kfree_rcu(e, rh);
	kfree_rcu(h, rh);
	rcu_barrier();
}

static struct kunit_case rculist_test_cases[] = {
	KUNIT_CASE(rculist_list_ops),
	KUNIT_CASE(rculist_hlist_ops),
	KUNIT_CASE(rculist_hash_ops),
	KUNIT_CASE(rculist_lockdep_cond),
	KUNIT_CASE_SLOW(rculist_list_stress),
	KUNIT_CASE_SLOW(rculist_hash_stress),
	{}
};

static struct kunit_suite rculist_test_suite = {
	.name = "rculist",
	.test_cases = rculist_test_cases,
};
kunit_test_suite(rculist_test_suite);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("KUnit tests of the RCU list, hlist and hash-table operations");
