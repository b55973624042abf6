/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_RHASHTABLE_TYPES_H
#define _LINUX_RHASHTABLE_TYPES_H

/*
 * The types of the resizable RCU hash table (lib/rhashtable.c), for
 * headers that embed a table or a node without needing the functions;
 * see <linux/rhashtable.h>.
 */
#include <linux/types.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/atomic.h>

/**
 * struct rhash_head - a table node, embedded in each object
 * @next: the next node of the chain, or NULL
 */
struct rhash_head {
	struct rhash_head __rcu *next;
};

typedef u32 (*rht_hashfn_t)(const void *data, u32 len, u32 seed);
typedef u32 (*rht_obj_hashfn_t)(const void *data, u32 len, u32 seed);

struct rhashtable_compare_arg {
	struct rhashtable *ht;
	const void *key;
};

typedef int (*rht_obj_cmpfn_t)(struct rhashtable_compare_arg *arg, const void *obj);

/**
 * struct rhashtable_params - how a table finds keys in its objects
 * @nelem_hint: expected number of objects: sizes the first bucket array
 * @key_len: length of the key in bytes
 * @key_offset: offset of the key in the object
 * @head_offset: offset of the struct rhash_head in the object
 * @max_size: largest bucket array (a power of two; 0: 2^20 buckets)
 * @min_size: smallest bucket array (a power of two; 0: 16)
 * @automatic_shrinking: halve the bucket array below 30% load
 * @hashfn: hash of a key (default jhash())
 * @obj_hashfn: hash of an object's key, if it is not key_len bytes at
 *	key_offset
 * @obj_cmpfn: 0 if the object matches the key (default memcmp())
 */
struct rhashtable_params {
	u16 nelem_hint;
	u16 key_len;
	u16 key_offset;
	u16 head_offset;
	unsigned int max_size;
	u16 min_size;
	bool automatic_shrinking;
	rht_hashfn_t hashfn;
	rht_obj_hashfn_t obj_hashfn;
	rht_obj_cmpfn_t obj_cmpfn;
};

struct bucket_table;

/**
 * struct rhashtable - a resizable RCU hash table
 * @tbl: the bucket array readers use
 * @old_tbl: during a resize, the array published before @tbl, until no
 *	reader can be in it any more
 * @future_tbl: during a resize, the array being built, not yet published
 * @gen: bucket arrays published so far (struct bucket_table.gen)
 * @nelems: objects in the table
 * @hash_rnd: hash seed; one for all bucket arrays, so that a bucket of one
 *	size is the union of buckets of the next
 * @p: the parameters
 * @nlocks: number of bucket locks, at most @p.min_size
 * @locks: bucket i of any array is protected by @locks[i % @nlocks]
 * @state: per lock: which bucket arrays hold that lock's chains
 * @mutex: serializes resizes (and destruction)
 * @pending: queued for the resize worker
 * @dead: being destroyed
 * @work_list: link in the resize worker's queue
 * @nr_grow: bucket-array doublings so far
 * @nr_shrink: halvings so far
 * @nr_unzip_passes: unzip passes (one grace period each) so far
 */
struct rhashtable {
	struct bucket_table __rcu *tbl;
	struct bucket_table *old_tbl;
	struct bucket_table *future_tbl;
	unsigned long gen;
	atomic_t nelems;
	u32 hash_rnd;
	struct rhashtable_params p;
	unsigned int nlocks;
	spinlock_t *locks;
	u8 *state;
	struct mutex mutex;
	bool pending;
	bool dead;
	struct list_head work_list;
	unsigned long nr_grow;
	unsigned long nr_shrink;
	unsigned long nr_unzip_passes;
};

/**
 * struct rhashtable_iter - a walk over a table (rhashtable_walk_enter())
 * @ht: the table
 * @tbl: the bucket array of the current rhashtable_walk_start() section
 * @gen: generation of the bucket array @last was returned from
 * @slot: current bucket, as a cursor (see rhashtable_walk_next())
 * @last: last object returned from @slot, or NULL
 * @started: between rhashtable_walk_start() and rhashtable_walk_stop()
 * @end: every bucket has been walked
 */
struct rhashtable_iter {
	struct rhashtable *ht;
	struct bucket_table *tbl;
	unsigned long gen;
	u32 slot;
	struct rhash_head *last;
	bool started;
	bool end;
};

#endif /* _LINUX_RHASHTABLE_TYPES_H */
