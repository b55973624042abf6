/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_RHASHTABLE_H
#define _LINUX_RHASHTABLE_H

/*
 * Resizable RCU hash table (lib/rhashtable.c): relativistic resizing as
 * described by Triplett, McKenney and Walpole, "Resizable, Scalable,
 * Concurrent Hash Tables via Relativistic Programming" (USENIX ATC 2011).
 *
 * Readers (rhashtable_lookup() under rcu_read_lock(), or
 * rhashtable_lookup_fast()) never block, never retry and never miss an
 * object that is in the table for the whole lookup, even while the bucket
 * array doubles or halves.  Inserts and removals take one bucket lock and
 * may run from any context but NMI.  A table grows above 75% load and,
 * with automatic_shrinking, shrinks below 30%; the resize runs in a
 * kthread ("rhashtable"), never in the caller.
 *
 * A removed object may still be seen by readers until a grace period has
 * passed: free it with kfree_rcu() or call_rcu(), or allocate it from a
 * SLAB_TYPESAFE_BY_RCU cache and re-check its key after taking a
 * reference.
 *
 * A walk (rhashtable_walk_enter() ... rhashtable_walk_exit()) returns
 * every object present for the whole walk at least once: never skips one,
 * but may return one twice when the table was resized, or objects were
 * removed, while the walk was stopped.
 */
#include <linux/rhashtable-types.h>
#include <linux/rcupdate.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/jhash.h>

/**
 * struct bucket_table - one bucket array
 * @size: number of buckets, a power of two
 * @gen: which of the table's bucket arrays this is (rhashtable.gen)
 * @rcu: frees the array after a grace period
 * @buckets: chain heads
 */
struct bucket_table {
	unsigned int size;
	unsigned long gen;
	struct rcu_head rcu;
	struct rhash_head __rcu *buckets[];
};

/**
 * rht_key_get_hash() - the hash of @key in @ht (every bucket array's)
 * @ht: the table
 * @key: the key
 *
 * Return: the 32-bit hash; bucket arrays use its low bits.
 */
static inline u32 rht_key_get_hash(const struct rhashtable *ht, const void *key)
{
	if (ht->p.hashfn)
		return ht->p.hashfn(key, ht->p.key_len, ht->hash_rnd);
	return jhash(key, ht->p.key_len, ht->hash_rnd);
}

/**
 * rht_key_hashfn() - the bucket of @key in bucket array @tbl
 * @ht: the table
 * @tbl: one of its bucket arrays
 * @key: the key
 * @params: the table's parameters
 *
 * Return: the bucket index.
 */
static inline unsigned int rht_key_hashfn(const struct rhashtable *ht,
					  const struct bucket_table *tbl, const void *key,
					  const struct rhashtable_params params)
{
	return rht_key_get_hash(ht, key) & (tbl->size - 1);
}

int rhashtable_init(struct rhashtable *ht, const struct rhashtable_params *params);
void rhashtable_destroy(struct rhashtable *ht);
void rhashtable_free_and_destroy(struct rhashtable *ht,
				 void (*free_fn)(void *ptr, void *arg), void *arg);

void *rhashtable_lookup_slow(struct rhashtable *ht, const void *key);
int rhashtable_insert_slow(struct rhashtable *ht, struct rhash_head *obj, bool unique);
int rhashtable_remove_slow(struct rhashtable *ht, struct rhash_head *obj);

/**
 * rhashtable_lookup() - find the object with @key
 * @ht: the table
 * @key: the key (params.key_len bytes)
 * @params: the table's parameters (Linux API; the table's own are used)
 *
 * Call under rcu_read_lock(); the object stays valid until
 * rcu_read_unlock() only if its owner frees it after a grace period.
 *
 * Return: the object, or NULL.
 */
static inline void *rhashtable_lookup(struct rhashtable *ht, const void *key,
				      const struct rhashtable_params params)
{
	return rhashtable_lookup_slow(ht, key);
}

/**
 * rhashtable_lookup_fast() - rhashtable_lookup() in its own RCU reader
 * @ht: the table
 * @key: the key
 * @params: the table's parameters
 *
 * Return: the object, or NULL.  The caller must make sure by other means
 * that the object is not freed (a reference, or its own lock).
 */
static inline void *rhashtable_lookup_fast(struct rhashtable *ht, const void *key,
					   const struct rhashtable_params params)
{
	void *obj;

	rcu_read_lock();
	obj = rhashtable_lookup_slow(ht, key);
	rcu_read_unlock();
	return obj;
}

/**
 * rhashtable_insert_fast() - add an object
 * @ht: the table
 * @obj: the object's node
 * @params: the table's parameters
 *
 * Duplicate keys are allowed (a lookup finds one of them).  May grow the
 * table later, in the resize kthread.
 *
 * Return: 0, or -E2BIG when the table holds 2^31 objects.
 */
static inline int rhashtable_insert_fast(struct rhashtable *ht, struct rhash_head *obj,
					 const struct rhashtable_params params)
{
	return rhashtable_insert_slow(ht, obj, false);
}

/**
 * rhashtable_lookup_insert_fast() - add an object unless its key is present
 * @ht: the table
 * @obj: the object's node
 * @params: the table's parameters
 *
 * Return: 0, or -EEXIST if an object with the same key is in the table.
 */
static inline int rhashtable_lookup_insert_fast(struct rhashtable *ht,
						struct rhash_head *obj,
						const struct rhashtable_params params)
{
	return rhashtable_insert_slow(ht, obj, true);
}

/**
 * rhashtable_remove_fast() - remove an object
 * @ht: the table
 * @obj: the object's node
 * @params: the table's parameters
 *
 * Readers may still see the object until a grace period has passed.
 *
 * Return: 0, or -ENOENT if @obj is not in the table.
 */
static inline int rhashtable_remove_fast(struct rhashtable *ht, struct rhash_head *obj,
					 const struct rhashtable_params params)
{
	return rhashtable_remove_slow(ht, obj);
}

/** rhashtable_nelems() - number of objects in the table */
static inline unsigned int rhashtable_nelems(struct rhashtable *ht)
{
	return atomic_read(&ht->nelems);
}

unsigned int rhashtable_size(struct rhashtable *ht);
void rhashtable_wait_resize(struct rhashtable *ht);
int rhashtable_resize(struct rhashtable *ht, unsigned int size);

void rhashtable_walk_enter(struct rhashtable *ht, struct rhashtable_iter *iter);
void rhashtable_walk_exit(struct rhashtable_iter *iter);
void rhashtable_walk_start(struct rhashtable_iter *iter);
void *rhashtable_walk_next(struct rhashtable_iter *iter);
void rhashtable_walk_stop(struct rhashtable_iter *iter);

#endif /* _LINUX_RHASHTABLE_H */
