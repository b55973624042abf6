/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_HASHTABLE_H
#define _LINUX_HASHTABLE_H

/*
 * Fixed-size hash tables of hlist buckets, with the bucket chosen by
 * hash_min() of an integer key.  The _rcu forms let readers look up
 * entries under rcu_read_lock() while updaters, holding the table's lock,
 * add and delete them; see <linux/rculist.h> for the rules and for how
 * sparse checks the bucket pointers.
 */
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/hash.h>
#include <linux/log2.h>
#include <linux/list.h>
#include <linux/rculist.h>

/* DEFINE_HASHTABLE() - define a table of 2^@bits empty buckets */
#define DEFINE_HASHTABLE(name, bits)					\
	struct hlist_head name[1 << (bits)] =				\
		{ [0 ... ((1 << (bits)) - 1)] = HLIST_HEAD_INIT }

/* DECLARE_HASHTABLE() - declare a table (e.g. a member); hash_init() it */
#define DECLARE_HASHTABLE(name, bits)					\
	struct hlist_head name[1 << (bits)]

#define HASH_SIZE(name)		(ARRAY_SIZE(name))
#define HASH_BITS(name)		ilog2(HASH_SIZE(name))

/* hash_min() - the bucket of @val among 2^@bits: hash_32() if it fits */
#define hash_min(val, bits)						\
	(sizeof(val) <= 4 ? hash_32(val, bits) : hash_long(val, bits))

static inline void __hash_init(struct hlist_head *ht, unsigned int sz)
{
	unsigned int i;

	for (i = 0; i < sz; i++)
		INIT_HLIST_HEAD(&ht[i]);
}

/**
 * hash_init() - empty every bucket of a table
 * @hashtable: the table (an array, not a pointer)
 *
 * Not against concurrent readers: for a table that is not published yet.
 */
#define hash_init(hashtable)	__hash_init(hashtable, HASH_SIZE(hashtable))

/**
 * hash_add() - add an entry to a table that has no lockless readers
 * @hashtable: the table
 * @node: the entry's struct hlist_node
 * @key: the key of the entry
 */
#define hash_add(hashtable, node, key)					\
	hlist_add_head(node, &hashtable[hash_min(key, HASH_BITS(hashtable))])

/**
 * hash_add_rcu() - add an entry, visible to RCU readers
 * @hashtable: the table
 * @node: the entry's struct hlist_node; the entry fully initialised
 * @key: the key of the entry
 *
 * The caller holds the table's update lock.
 */
#define hash_add_rcu(hashtable, node, key)				\
	hlist_add_head_rcu(node, &hashtable[hash_min(key, HASH_BITS(hashtable))])

/**
 * hash_hashed() - is the entry in a table?
 * @node: the entry's struct hlist_node
 *
 * Return: false after INIT_HLIST_NODE() or hash_del(), true after
 * hash_add*() (and after hash_del_rcu(), whose node stays "hashed").
 */
static inline bool hash_hashed(struct hlist_node *node)
{
	return !hlist_unhashed(node);
}

static inline bool __hash_empty(struct hlist_head *ht, unsigned int sz)
{
	unsigned int i;

	for (i = 0; i < sz; i++)
		if (!hlist_empty(&ht[i]))
			return false;
	return true;
}

/**
 * hash_empty() - does the table hold no entries?
 * @hashtable: the table
 *
 * Return: true if every bucket is empty.
 */
#define hash_empty(hashtable)	__hash_empty(hashtable, HASH_SIZE(hashtable))

/**
 * hash_del() - remove an entry from a table that has no lockless readers
 * @node: the entry's struct hlist_node; unhashed afterwards
 */
static inline void hash_del(struct hlist_node *node)
{
	hlist_del_init(node);
}

/**
 * hash_del_rcu() - remove an entry that RCU readers may be looking at
 * @node: the entry's struct hlist_node
 *
 * The caller holds the table's update lock and frees the entry only
 * after a grace period.
 */
static inline void hash_del_rcu(struct hlist_node *node)
{
	hlist_del_init_rcu(node);
}

/**
 * hash_for_each() - iterate over every entry (update side)
 * @name: the table
 * @bkt: an int for the bucket index
 * @obj: the entry cursor
 * @member: the name of the hlist_node in the entries
 */
#define hash_for_each(name, bkt, obj, member)				\
	for ((bkt) = 0; (bkt) < HASH_SIZE(name); (bkt)++)		\
		hlist_for_each_entry(obj, &name[bkt], member)

/**
 * hash_for_each_rcu() - iterate over every entry in an RCU reader
 * @name: the table
 * @bkt: an int for the bucket index
 * @obj: the entry cursor
 * @member: the name of the hlist_node in the entries
 */
#define hash_for_each_rcu(name, bkt, obj, member)			\
	for ((bkt) = 0; (bkt) < HASH_SIZE(name); (bkt)++)		\
		hlist_for_each_entry_rcu(obj, &name[bkt], member)

/**
 * hash_for_each_safe() - iterate over every entry, @obj may be removed
 * @name: the table
 * @bkt: an int for the bucket index
 * @tmp: a struct hlist_node * for temporary storage
 * @obj: the entry cursor
 * @member: the name of the hlist_node in the entries
 */
#define hash_for_each_safe(name, bkt, tmp, obj, member)			\
	for ((bkt) = 0; (bkt) < HASH_SIZE(name); (bkt)++)		\
		hlist_for_each_entry_safe(obj, tmp, &name[bkt], member)

/**
 * hash_for_each_possible() - iterate over the entries that may have @key
 * @name: the table
 * @obj: the entry cursor
 * @member: the name of the hlist_node in the entries
 * @key: the key; entries of other keys share the bucket, compare it
 */
#define hash_for_each_possible(name, obj, member, key)			\
	hlist_for_each_entry(obj, &name[hash_min(key, HASH_BITS(name))], member)

/**
 * hash_for_each_possible_rcu() - as hash_for_each_possible(), in a reader
 * @name: the table
 * @obj: the entry cursor
 * @member: the name of the hlist_node in the entries
 * @key: the key; entries of other keys share the bucket, compare it
 * @cond: optional lockdep condition, as for hlist_for_each_entry_rcu()
 */
#define hash_for_each_possible_rcu(name, obj, member, key, cond...)	\
	hlist_for_each_entry_rcu(obj, &name[hash_min(key, HASH_BITS(name))], \
				 member, ## cond)

#endif /* _LINUX_HASHTABLE_H */
