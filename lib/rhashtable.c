// SPDX-License-Identifier: GPL-2.0
/*
 * Resizable RCU hash table with relativistic resizing, after Triplett,
 * McKenney and Walpole, "Resizable, Scalable, Concurrent Hash Tables via
 * Relativistic Programming", USENIX ATC 2011.
 *
 * Every bucket array of a table hashes with the same seed, so bucket k of
 * an array of S buckets holds exactly the objects of buckets k and k + S
 * of the array of 2S buckets.  Readers follow one chain from one bucket
 * head and compare keys, so a chain may also hold objects of another
 * bucket ("foreign" nodes) without harm; what must never happen is that
 * an object of the bucket is not reachable from its head.
 *
 * Grow (S -> 2S): the new buckets k and k + S both point into the old
 * chain k, at its first node of their own; the chains are "zipped" (each
 * runs through the other's nodes).  The new array is published once every
 * bucket is set, then, after a grace period (no reader is left in the old
 * array), the chains are "unzipped": in each pass, each pair of buckets
 * gets one pointer moved past a run of foreign nodes, chosen so that no
 * reader of the other bucket can stand on the node changed; a grace period
 * separates two passes, so a reader sees at most one change per pair.
 *
 * Shrink (2S -> S): the tail of old chain k is linked to the head of old
 * chain k + S, the new bucket k points at the joined chain, and only then
 * is the new array published.  Old readers see foreign nodes, new readers
 * the complete chain.
 *
 * Updaters take one bucket lock: bucket k of any array uses lock
 * k % nlocks, and nlocks is at most the smallest array size, so the old
 * and new buckets that share nodes during a resize share the lock.  Each
 * lock's stripe has a state (below) that tells its updaters which arrays
 * hold their chains; the resizer changes it under that lock.  A removal
 * replaces every pointer to the object, in every array that may lead to
 * it, by the object's successor.
 *
 * Resizes run in one kthread for all tables, "rhashtable", queued by
 * inserts and removals that cross the load limits.
 */

#define pr_fmt(fmt) "rhashtable: " fmt

#include <linux/kernel.h>
#include <linux/rhashtable.h>
#include <linux/jhash.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/log2.h>
#include <linux/init.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/wait.h>

#define RHT_MIN_SIZE_DEFAULT	16U
#define RHT_MAX_LOCKS		64U
#define RHT_MAX_SIZE_LIMIT	((unsigned int)((KMALLOC_MAX_SIZE - sizeof(struct bucket_table)) / \
						sizeof(void *)))

/* A stripe's state: which bucket arrays hold its chains. */
enum {
	RHT_NORMAL,	/* ht->tbl only; chains disjoint */
	RHT_BUILT,	/* ht->old_tbl (complete) and ht->future_tbl (built) */
	RHT_ZIPPED,	/* ht->tbl only; bucket pairs k, k + size/2 may share nodes */
};

static DEFINE_SPINLOCK(rht_work_lock);
static LIST_HEAD(rht_work);
static DECLARE_WAIT_QUEUE_HEAD(rht_work_wq);
static DECLARE_WAIT_QUEUE_HEAD(rht_done_wq);
static struct rhashtable *rht_current;

static inline void *rht_obj(const struct rhashtable *ht, const struct rhash_head *he)
{
	return (char *)he - ht->p.head_offset;
}

static inline u32 rht_key_hash(const struct rhashtable *ht, const void *key)
{
	return rht_key_get_hash(ht, key);
}

static inline u32 rht_head_hash(const struct rhashtable *ht, const struct rhash_head *he)
{
	const char *obj = rht_obj(ht, he);

	if (ht->p.obj_hashfn)
		return ht->p.obj_hashfn(obj, ht->p.key_len, ht->hash_rnd);
	return rht_key_hash(ht, obj + ht->p.key_offset);
}

static inline bool rht_match(struct rhashtable *ht, const void *key,
			     const struct rhash_head *he)
{
	const char *obj = rht_obj(ht, he);

	if (ht->p.obj_cmpfn) {
		struct rhashtable_compare_arg arg = { .ht = ht, .key = key };

		return !ht->p.obj_cmpfn(&arg, obj);
	}
	return !memcmp(obj + ht->p.key_offset, key, ht->p.key_len);
}

static inline unsigned int rht_lock_idx(const struct rhashtable *ht, u32 hash)
{
	return hash & (ht->nlocks - 1);
}

/* Updater's view of a chain pointer: the stripe lock is held. */
static inline struct rhash_head *rht_deref(struct rhash_head __rcu *const *p)
{
	return rcu_dereference_protected(*p, 1);
}

static inline bool rht_in_bucket(const struct rhashtable *ht, const struct rhash_head *he,
				 unsigned int size, unsigned int k)
{
	return (rht_head_hash(ht, he) & (size - 1)) == k;
}

static struct bucket_table *bucket_table_alloc(unsigned int size, gfp_t gfp)
{
	struct bucket_table *tbl;

	tbl = kzalloc(sizeof(*tbl) + size * sizeof(tbl->buckets[0]), gfp);
	if (tbl)
		tbl->size = size;
	return tbl;
}

static void bucket_table_free_rcu(struct rcu_head *head)
{
	kfree(container_of(head, struct bucket_table, rcu));
}

/**
 * rhashtable_lookup_slow() - rhashtable_lookup(), out of line
 * @ht: the table
 * @key: the key
 *
 * Caller holds rcu_read_lock().
 *
 * Return: the object, or NULL.
 */
void *rhashtable_lookup_slow(struct rhashtable *ht, const void *key)
{
	struct bucket_table *tbl = rcu_dereference(ht->tbl);
	u32 hash = rht_key_hash(ht, key);
	struct rhash_head *he;

	for (he = rcu_dereference(tbl->buckets[hash & (tbl->size - 1)]); he;
	     he = rcu_dereference(he->next))
		if (rht_match(ht, key, he))
			return rht_obj(ht, he);
	return NULL;
}

/* ---- the resize worker ---- */

static void rht_schedule(struct rhashtable *ht)
{
	unsigned long flags;
	bool queued = false;

	spin_lock_irqsave(&rht_work_lock, flags);
	if (!ht->pending && !ht->dead) {
		ht->pending = true;
		list_add_tail(&ht->work_list, &rht_work);
		queued = true;
	}
	spin_unlock_irqrestore(&rht_work_lock, flags);
	if (queued)
		wake_up(&rht_work_wq);
}

static bool rht_wants_grow(struct rhashtable *ht, unsigned int size)
{
	return atomic_read(&ht->nelems) > size / 4 * 3 && size < ht->p.max_size;
}

static bool rht_wants_shrink(struct rhashtable *ht, unsigned int size)
{
	return ht->p.automatic_shrinking && size > ht->p.min_size &&
	       atomic_read(&ht->nelems) * 10 < size * 3;
}

/* ---- inserts and removals ---- */

/* Under the stripe lock: the object with @key in the complete chain @he. */
static struct rhash_head *rht_find_locked(struct rhashtable *ht, struct rhash_head *he,
					  const void *key)
{
	for (; he; he = rht_deref(&he->next))
		if (rht_match(ht, key, he))
			return he;
	return NULL;
}

/**
 * rhashtable_insert_slow() - add an object (rhashtable_insert_fast())
 * @ht: the table
 * @obj: the object's node
 * @unique: fail with -EEXIST if the key is present
 *
 * Return: 0, -EEXIST or -E2BIG.
 */
int rhashtable_insert_slow(struct rhashtable *ht, struct rhash_head *obj, bool unique)
{
	u32 hash = rht_head_hash(ht, obj);
	unsigned int l = rht_lock_idx(ht, hash), size;
	struct rhash_head __rcu **slot;
	struct bucket_table *tbl, *fut;
	unsigned long flags;
	int ret = 0;

	spin_lock_irqsave(&ht->locks[l], flags);
	if (unlikely(atomic_read(&ht->nelems) >= INT_MAX)) {
		ret = -E2BIG;
		goto out;
	}
	if (ht->state[l] == RHT_BUILT) {
		struct rhash_head __rcu **fslot;

		/* The old chain is complete; the new bucket joins it. */
		tbl = ht->old_tbl;
		fut = ht->future_tbl;
		slot = &tbl->buckets[hash & (tbl->size - 1)];
		fslot = &fut->buckets[hash & (fut->size - 1)];
		if (unique && rht_find_locked(ht, rht_deref(slot),
					      (char *)rht_obj(ht, obj) + ht->p.key_offset)) {
			ret = -EEXIST;
			goto out;
		}
		if (fut->size > tbl->size) {
			RCU_INIT_POINTER(obj->next, rht_deref(slot));
		} else {
			/* Shrink: the new chain holds both halves already. */
			RCU_INIT_POINTER(obj->next, rht_deref(fslot));
		}
		rcu_assign_pointer(*slot, obj);
		rcu_assign_pointer(*fslot, obj);
		size = tbl->size;
	} else {
		tbl = rcu_dereference_protected(ht->tbl, 1);
		slot = &tbl->buckets[hash & (tbl->size - 1)];
		if (unique && rht_find_locked(ht, rht_deref(slot),
					      (char *)rht_obj(ht, obj) + ht->p.key_offset)) {
			ret = -EEXIST;
			goto out;
		}
		RCU_INIT_POINTER(obj->next, rht_deref(slot));
		rcu_assign_pointer(*slot, obj);
		size = tbl->size;
	}
	atomic_inc(&ht->nelems);
out:
	spin_unlock_irqrestore(&ht->locks[l], flags);
	if (!ret && rht_wants_grow(ht, size))
		rht_schedule(ht);
	return ret;
}

/*
 * Replace every pointer to @obj in the chain from @slot by @obj's
 * successor.  Under the stripe lock.
 */
static bool rht_unlink(struct rhash_head __rcu **slot, struct rhash_head *obj)
{
	struct rhash_head *he;
	bool found = false;

	while ((he = rht_deref(slot))) {
		if (he == obj) {
			rcu_assign_pointer(*slot, rht_deref(&obj->next));
			found = true;
			continue;
		}
		slot = &he->next;
	}
	return found;
}

/*
 * Unlink @obj from the buckets of @tbl that may lead to it: its own, and
 * with @pair its bucket's partner of the half-size array, which shares
 * nodes with it while zipped or joined.
 */
static bool rht_unlink_tbl(struct bucket_table *tbl, u32 hash, struct rhash_head *obj,
			   bool pair)
{
	unsigned int k = hash & (tbl->size - 1);
	bool found = rht_unlink(&tbl->buckets[k], obj);

	if (pair)
		found |= rht_unlink(&tbl->buckets[k ^ (tbl->size / 2)], obj);
	return found;
}

/**
 * rhashtable_remove_slow() - remove an object (rhashtable_remove_fast())
 * @ht: the table
 * @obj: the object's node
 *
 * Return: 0, or -ENOENT.
 */
int rhashtable_remove_slow(struct rhashtable *ht, struct rhash_head *obj)
{
	u32 hash = rht_head_hash(ht, obj);
	unsigned int l = rht_lock_idx(ht, hash), size;
	struct bucket_table *tbl;
	unsigned long flags;
	bool found;

	spin_lock_irqsave(&ht->locks[l], flags);
	switch (ht->state[l]) {
	case RHT_BUILT: {
		struct bucket_table *old = ht->old_tbl, *fut = ht->future_tbl;

		found = rht_unlink_tbl(old, hash, obj, old->size > fut->size);
		found |= rht_unlink_tbl(fut, hash, obj, fut->size > old->size);
		size = fut->size;
		break;
	}
	case RHT_ZIPPED:
		tbl = rcu_dereference_protected(ht->tbl, 1);
		found = rht_unlink_tbl(tbl, hash, obj, true);
		size = tbl->size;
		break;
	default:
		tbl = rcu_dereference_protected(ht->tbl, 1);
		found = rht_unlink_tbl(tbl, hash, obj, false);
		size = tbl->size;
		break;
	}
	if (found)
		atomic_dec(&ht->nelems);
	spin_unlock_irqrestore(&ht->locks[l], flags);
	if (found && rht_wants_shrink(ht, size))
		rht_schedule(ht);
	return found ? 0 : -ENOENT;
}

/* ---- resizing ---- */

/* Grow: new buckets @k and @k + S start at their first node in old chain @k. */
static void rht_build_grow(struct rhashtable *ht, struct bucket_table *old,
			   struct bucket_table *fut, unsigned int k)
{
	struct rhash_head *he, *first[2] = { NULL, NULL };

	for (he = rht_deref(&old->buckets[k]); he && !(first[0] && first[1]);
	     he = rht_deref(&he->next)) {
		int hi = !rht_in_bucket(ht, he, fut->size, k);

		if (!first[hi])
			first[hi] = he;
	}
	RCU_INIT_POINTER(fut->buckets[k], first[0]);
	RCU_INIT_POINTER(fut->buckets[k + old->size], first[1]);
}

/* Shrink: join old chains @k and @k + S; new bucket @k is the joined chain. */
static void rht_build_shrink(struct rhashtable *ht, struct bucket_table *old,
			     struct bucket_table *fut, unsigned int k)
{
	struct rhash_head __rcu **slot = &old->buckets[k];
	struct rhash_head *he, *upper = rht_deref(&old->buckets[k + fut->size]);

	while ((he = rht_deref(slot)))
		slot = &he->next;
	rcu_assign_pointer(*slot, upper);
	RCU_INIT_POINTER(fut->buckets[k], rht_deref(&old->buckets[k]));
}

/* Set every stripe's buckets of @fut, each under its lock. */
static void rht_build_stripes(struct rhashtable *ht, struct bucket_table *old,
			      struct bucket_table *fut)
{
	unsigned int l, k, n = min(old->size, fut->size);
	unsigned long flags;

	for (l = 0; l < ht->nlocks; l++) {
		spin_lock_irqsave(&ht->locks[l], flags);
		for (k = l; k < n; k += ht->nlocks) {
			if (fut->size > old->size)
				rht_build_grow(ht, old, fut, k);
			else
				rht_build_shrink(ht, old, fut, k);
		}
		ht->state[l] = RHT_BUILT;
		spin_unlock_irqrestore(&ht->locks[l], flags);
	}
}

static void rht_set_state(struct rhashtable *ht, u8 state)
{
	unsigned long flags;
	unsigned int l;

	for (l = 0; l < ht->nlocks; l++) {
		spin_lock_irqsave(&ht->locks[l], flags);
		ht->state[l] = state;
		spin_unlock_irqrestore(&ht->locks[l], flags);
	}
}

/*
 * The first pointer in bucket @k's chain that leads to a foreign node:
 * the bucket head or a node of @k.  NULL if the chain has none.  *@nodep
 * is the node holding it (NULL for the head).
 */
static struct rhash_head __rcu **rht_first_boundary(struct rhashtable *ht,
						    struct bucket_table *tbl, unsigned int k,
						    struct rhash_head **nodep)
{
	struct rhash_head __rcu **slot = &tbl->buckets[k];
	struct rhash_head *he;

	*nodep = NULL;
	while ((he = rht_deref(slot))) {
		if (!rht_in_bucket(ht, he, tbl->size, k))
			return slot;
		*nodep = he;
		slot = &he->next;
	}
	return NULL;
}

static bool rht_chain_has(struct bucket_table *tbl, unsigned int k, struct rhash_head *node)
{
	struct rhash_head *he;

	for (he = rht_deref(&tbl->buckets[k]); he; he = rht_deref(&he->next))
		if (he == node)
			return true;
	return false;
}

/* Point @slot of bucket @k past the run of foreign nodes it leads to. */
static void rht_skip_run(struct rhashtable *ht, struct bucket_table *tbl, unsigned int k,
			 struct rhash_head __rcu **slot)
{
	struct rhash_head *he = rht_deref(slot);

	while (he && !rht_in_bucket(ht, he, tbl->size, k))
		he = rht_deref(&he->next);
	rcu_assign_pointer(*slot, he);
}

/*
 * One unzip step for the bucket pair @k, @k + size/2: move one pointer
 * past a foreign run, where no reader of the other bucket can be.  A
 * head, or a node the other bucket's chain does not reach, is such a
 * place.  Return: true if a pointer was moved, *@left whether foreign
 * nodes remain.
 */
static bool rht_unzip_step(struct rhashtable *ht, struct bucket_table *tbl, unsigned int k,
			   bool *left)
{
	unsigned int pair[2] = { k, k + tbl->size / 2 };
	struct rhash_head __rcu **slot;
	struct rhash_head *node;
	int i;

	*left = false;
	for (i = 0; i < 2; i++) {
		slot = rht_first_boundary(ht, tbl, pair[i], &node);
		if (!slot)
			continue;
		*left = true;
		if (node && rht_chain_has(tbl, pair[!i], node))
			continue;
		rht_skip_run(ht, tbl, pair[i], slot);
		return true;
	}
	return false;
}

/* Unzip every pair of @tbl, a grace period between two passes. */
static void rht_unzip(struct rhashtable *ht, struct bucket_table *tbl)
{
	unsigned int l, k, half = tbl->size / 2, passes = 0;
	unsigned long flags;
	bool moved, left, any_left;

	do {
		moved = false;
		any_left = false;
		for (l = 0; l < ht->nlocks; l++) {
			spin_lock_irqsave(&ht->locks[l], flags);
			for (k = l; k < half; k += ht->nlocks) {
				moved |= rht_unzip_step(ht, tbl, k, &left);
				any_left |= left;
			}
			spin_unlock_irqrestore(&ht->locks[l], flags);
		}
		if (!moved)
			break;
		ht->nr_unzip_passes++;
		/* A reader sees at most one moved pointer per pair. */
		synchronize_rcu();
	} while (++passes < 100000);
	WARN_ON_ONCE(any_left);
}

/* Double or halve the bucket array; ht->mutex held. */
static int rht_resize_one(struct rhashtable *ht, unsigned int new_size)
{
	struct bucket_table *old = rcu_dereference_protected(ht->tbl,
							   lockdep_is_held(&ht->mutex));
	struct bucket_table *fut;
	bool grow = new_size > old->size;

	fut = bucket_table_alloc(new_size, GFP_KERNEL | __GFP_NOWARN);
	if (!fut)
		return -ENOMEM;
	fut->gen = ++ht->gen;
	ht->old_tbl = old;
	ht->future_tbl = fut;

	/* Publish only complete chains: every stripe is built first. */
	rht_build_stripes(ht, old, fut);
	rcu_assign_pointer(ht->tbl, fut);

	/* No reader is left in the old array after this. */
	synchronize_rcu();
	rht_set_state(ht, grow ? RHT_ZIPPED : RHT_NORMAL);
	ht->old_tbl = NULL;
	ht->future_tbl = NULL;
	kfree(old);

	if (grow) {
		rht_unzip(ht, fut);
		rht_set_state(ht, RHT_NORMAL);
		ht->nr_grow++;
	} else {
		ht->nr_shrink++;
	}
	return 0;
}

static unsigned int rht_cur_size(struct rhashtable *ht)
{
	return rcu_dereference_protected(ht->tbl, lockdep_is_held(&ht->mutex))->size;
}

/* What the worker does for a queued table; ht->mutex held. */
static void rht_auto_resize(struct rhashtable *ht)
{
	unsigned int size;

	for (;;) {
		size = rht_cur_size(ht);
		if (rht_wants_grow(ht, size)) {
			if (rht_resize_one(ht, size * 2))
				break;
		} else if (rht_wants_shrink(ht, size)) {
			if (rht_resize_one(ht, size / 2))
				break;
		} else {
			break;
		}
	}
}

/**
 * rhashtable_resize() - resize a table now, in the caller
 * @ht: the table
 * @size: the bucket-array size wanted, a power of two between the
 *	table's min_size and max_size
 *
 * Doubles or halves the array until it has @size buckets; lookups go on
 * meanwhile and never miss.  Sleeps (grace periods).  For tests; tables
 * otherwise resize by themselves.
 *
 * Return: 0, -EINVAL for a bad @size, -ENOMEM.
 */
int rhashtable_resize(struct rhashtable *ht, unsigned int size)
{
	unsigned int cur;
	int ret = 0;

	if (!is_power_of_2(size) || size < ht->p.min_size || size > ht->p.max_size)
		return -EINVAL;
	mutex_lock(&ht->mutex);
	while (!ret && (cur = rht_cur_size(ht)) != size)
		ret = rht_resize_one(ht, cur < size ? cur * 2 : cur / 2);
	mutex_unlock(&ht->mutex);
	return ret;
}

/** rhashtable_size() - the number of buckets readers use now */
unsigned int rhashtable_size(struct rhashtable *ht)
{
	unsigned int size;

	rcu_read_lock();
	size = rcu_dereference(ht->tbl)->size;
	rcu_read_unlock();
	return size;
}

/**
 * rhashtable_wait_resize() - wait until no automatic resize of @ht is
 *	queued or running
 * @ht: the table
 *
 * For tests: after it, the table's size reflects its load.  Sleeps.
 */
void rhashtable_wait_resize(struct rhashtable *ht)
{
	wait_event(rht_done_wq, !READ_ONCE(ht->pending) && READ_ONCE(rht_current) != ht);
}

static int rht_worker(void *unused)
{
	struct rhashtable *ht;
	unsigned long flags;

	for (;;) {
		wait_event_idle(rht_work_wq, !list_empty(&rht_work));
		spin_lock_irqsave(&rht_work_lock, flags);
		ht = list_first_entry_or_null(&rht_work, struct rhashtable, work_list);
		if (ht) {
			list_del_init(&ht->work_list);
			WRITE_ONCE(rht_current, ht);
			WRITE_ONCE(ht->pending, false);
		}
		spin_unlock_irqrestore(&rht_work_lock, flags);
		if (!ht)
			continue;
		mutex_lock(&ht->mutex);
		rht_auto_resize(ht);
		mutex_unlock(&ht->mutex);
		spin_lock_irqsave(&rht_work_lock, flags);
		WRITE_ONCE(rht_current, NULL);
		spin_unlock_irqrestore(&rht_work_lock, flags);
		wake_up_all(&rht_done_wq);
	}
	return 0;
}

static int __init rht_worker_init(void)
{
	struct task_struct *t = kthread_run(rht_worker, NULL, "rhashtable");

	if (IS_ERR(t)) {
		pr_err("cannot start the resize kthread\n");
		return PTR_ERR(t);
	}
	return 0;
}
early_initcall(rht_worker_init);

/* ---- set-up and tear-down ---- */

/**
 * rhashtable_init() - set up a table
 * @ht: the table
 * @params: key location and size, hash, limits (copied)
 *
 * Return: 0, -EINVAL for bad parameters, -ENOMEM.
 */
int rhashtable_init(struct rhashtable *ht, const struct rhashtable_params *params)
{
	struct bucket_table *tbl;
	unsigned int size, l;

	if (!params->key_len && !(params->obj_hashfn && params->obj_cmpfn))
		return -EINVAL;
	if ((params->min_size && !is_power_of_2(params->min_size)) ||
	    (params->max_size && !is_power_of_2(params->max_size)))
		return -EINVAL;
	memset(ht, 0, sizeof(*ht));
	ht->p = *params;
	if (!ht->p.min_size)
		ht->p.min_size = RHT_MIN_SIZE_DEFAULT;
	if (!ht->p.max_size)
		ht->p.max_size = 1U << 20;
	ht->p.max_size = min(ht->p.max_size, rounddown_pow_of_two(RHT_MAX_SIZE_LIMIT));
	if (ht->p.min_size > ht->p.max_size)
		return -EINVAL;
	size = ht->p.min_size;
	while (size < ht->p.max_size && size / 4 * 3 < ht->p.nelem_hint)
		size *= 2;
	ht->nlocks = min(ht->p.min_size, RHT_MAX_LOCKS);
	ht->locks = kcalloc(ht->nlocks, sizeof(*ht->locks), GFP_KERNEL);
	ht->state = kcalloc(ht->nlocks, sizeof(*ht->state), GFP_KERNEL);
	tbl = bucket_table_alloc(size, GFP_KERNEL);
	if (!ht->locks || !ht->state || !tbl) {
		kfree(ht->locks);
		kfree(ht->state);
		kfree(tbl);
		return -ENOMEM;
	}
	for (l = 0; l < ht->nlocks; l++)
		spin_lock_init(&ht->locks[l]);
	mutex_init(&ht->mutex);
	INIT_LIST_HEAD(&ht->work_list);
	ht->hash_rnd = jhash_2words((u32)ktime_get_ns(), (u32)(unsigned long)ht, 0);
	atomic_set(&ht->nelems, 0);
	RCU_INIT_POINTER(ht->tbl, tbl);
	return 0;
}

/**
 * rhashtable_free_and_destroy() - call @free_fn on every object, then
 *	rhashtable_destroy()
 * @ht: the table; no insert or removal may run any more
 * @free_fn: called with each object and @arg, or NULL
 * @arg: passed to @free_fn
 *
 * Readers may still be in the table: @free_fn must defer freeing past a
 * grace period if they can be.  Sleeps.
 */
void rhashtable_free_and_destroy(struct rhashtable *ht,
				 void (*free_fn)(void *ptr, void *arg), void *arg)
{
	struct bucket_table *tbl;
	struct rhash_head *he, *next;
	unsigned long flags;
	unsigned int k;

	spin_lock_irqsave(&rht_work_lock, flags);
	ht->dead = true;
	if (ht->pending) {
		list_del_init(&ht->work_list);
		ht->pending = false;
	}
	spin_unlock_irqrestore(&rht_work_lock, flags);
	/* A resize under way ends with every chain disjoint. */
	wait_event(rht_done_wq, READ_ONCE(rht_current) != ht);
	mutex_lock(&ht->mutex);
	tbl = rcu_dereference_protected(ht->tbl, lockdep_is_held(&ht->mutex));
	for (k = 0; free_fn && k < tbl->size; k++) {
		for (he = rht_deref(&tbl->buckets[k]); he; he = next) {
			next = rht_deref(&he->next);
			free_fn(rht_obj(ht, he), arg);
		}
	}
	RCU_INIT_POINTER(ht->tbl, NULL);
	mutex_unlock(&ht->mutex);
	call_rcu(&tbl->rcu, bucket_table_free_rcu);
	kfree(ht->locks);
	kfree(ht->state);
}

/**
 * rhashtable_destroy() - tear a table down, leaving its objects alone
 * @ht: the table; no insert, removal or lookup may run any more
 */
void rhashtable_destroy(struct rhashtable *ht)
{
	rhashtable_free_and_destroy(ht, NULL, NULL);
}

/* ---- walks ---- */

/**
 * rhashtable_walk_enter() - prepare a walk over every object of @ht
 * @ht: the table
 * @iter: the walk's state
 *
 * Then, any number of times: rhashtable_walk_start(), rhashtable_walk_next()
 * until it returns NULL or the caller wants to sleep, rhashtable_walk_stop().
 * Finish with rhashtable_walk_exit().  Every object present for the whole
 * walk is returned at least once; an object may be returned twice if the
 * table was resized, or objects were removed, while the walk was stopped.
 */
void rhashtable_walk_enter(struct rhashtable *ht, struct rhashtable_iter *iter)
{
	memset(iter, 0, sizeof(*iter));
	iter->ht = ht;
}

/** rhashtable_walk_exit() - end a walk */
void rhashtable_walk_exit(struct rhashtable_iter *iter)
{
	WARN_ON_ONCE(iter->started);
	iter->ht = NULL;
}

/**
 * rhashtable_walk_start() - (re)enter the walk: rcu_read_lock()
 * @iter: the walk
 */
void rhashtable_walk_start(struct rhashtable_iter *iter)
{
	rcu_read_lock();
	iter->tbl = rcu_dereference(iter->ht->tbl);
	iter->started = true;
	/*
	 * A resize since the last section may have reordered the chain
	 * (a grow then a shrink puts one half of it first): go over the
	 * bucket again instead of on from @last.
	 */
	if (iter->tbl->gen != iter->gen) {
		iter->gen = iter->tbl->gen;
		iter->last = NULL;
	}
}

/* @v with its 32 bits in reverse order. */
static u32 rht_bitrev32(u32 v)
{
	v = ((v >> 1) & 0x55555555) | ((v & 0x55555555) << 1);
	v = ((v >> 2) & 0x33333333) | ((v & 0x33333333) << 2);
	v = ((v >> 4) & 0x0f0f0f0f) | ((v & 0x0f0f0f0f) << 4);
	v = ((v >> 8) & 0x00ff00ff) | ((v & 0x00ff00ff) << 8);
	return (v >> 16) | (v << 16);
}

/**
 * rhashtable_walk_next() - the next object of the walk
 * @iter: the walk, started
 *
 * Buckets are visited in the order of their index with its bits
 * reversed.  In that order the buckets a bucket splits into when the
 * array doubles come right where it stood, and a bucket of a halved array
 * comes no later than either bucket it joins; so a resize between two
 * sections can make the walk see objects again, never jump past one.
 * Within a bucket the walk goes on after the last object it returned if
 * the bucket array is the one it was returned from and the object is
 * still in the chain, else from the bucket's start.
 *
 * Return: an object, or NULL at the end of the table.
 */
void *rhashtable_walk_next(struct rhashtable_iter *iter)
{
	struct rhashtable *ht = iter->ht;
	struct bucket_table *tbl = iter->tbl;
	struct rhash_head *he, *start;
	unsigned int k;

	if (WARN_ON_ONCE(!iter->started))
		return NULL;
	while (!iter->end) {
		k = iter->slot & (tbl->size - 1);
		start = rcu_dereference(tbl->buckets[k]);
		if (iter->last) {
			for (he = start; he && he != iter->last; he = rcu_dereference(he->next))
				;
			if (he)
				start = rcu_dereference(he->next);
		}
		for (he = start; he; he = rcu_dereference(he->next)) {
			if (rht_in_bucket(ht, he, tbl->size, k)) {
				iter->last = he;
				return rht_obj(ht, he);
			}
		}
		/* Next bucket in bit-reversed order; back to 0 at the end. */
		iter->slot = rht_bitrev32(rht_bitrev32(k | ~(tbl->size - 1)) + 1);
		iter->last = NULL;
		iter->end = !iter->slot;
	}
	return NULL;
}

/** rhashtable_walk_stop() - leave the walk: rcu_read_unlock() */
void rhashtable_walk_stop(struct rhashtable_iter *iter)
{
	iter->started = false;
	rcu_read_unlock();
}
