/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_LIST_NULLS_H
#define _LINUX_LIST_NULLS_H

/*
 * Hash lists whose end is not NULL but a "nulls" value: an odd pointer
 * that encodes a number, usually the bucket's index.  A lockless reader
 * whose object was freed and reused in another bucket while it walked
 * (SLAB_TYPESAFE_BY_RCU) ends its walk in the other bucket's nulls, sees
 * that the number is not its bucket's, and starts again: see
 * <linux/rculist_nulls.h> and Linux's Documentation/RCU/rculist_nulls.rst.
 *
 * Nodes are at least 2-byte aligned, so bit 0 tells a nulls from a node.
 */
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/kernel.h>
#include <linux/list.h>

struct hlist_nulls_node {
	struct hlist_nulls_node *next, **pprev;
};

struct hlist_nulls_head {
	struct hlist_nulls_node *first;
};

/* NULLS_MARKER() - the end-of-list value carrying @value */
#define NULLS_MARKER(value)	(1UL | (((long)(value)) << 1))

/* INIT_HLIST_NULLS_HEAD() - an empty list whose end carries @nulls */
#define INIT_HLIST_NULLS_HEAD(ptr, nulls)				\
	((ptr)->first = (struct hlist_nulls_node *)NULLS_MARKER(nulls))

#define hlist_nulls_entry(ptr, type, member)	container_of(ptr, type, member)

/* hlist_nulls_entry_safe() - the entry of @ptr, or NULL for a nulls */
#define hlist_nulls_entry_safe(ptr, type, member) ({			\
	typeof(ptr) ____ptr = (ptr);					\
	!is_a_nulls(____ptr) ? hlist_nulls_entry(____ptr, type, member) : NULL; })

/** is_a_nulls() - is @ptr a list's end rather than a node? */
static inline bool is_a_nulls(const struct hlist_nulls_node *ptr)
{
	return (unsigned long)ptr & 1;
}

/** get_nulls_value() - the number a list's end carries */
static inline unsigned long get_nulls_value(const struct hlist_nulls_node *ptr)
{
	return (unsigned long)ptr >> 1;
}

/** hlist_nulls_unhashed() - is @h on no list (after the _init deletions)? */
static inline bool hlist_nulls_unhashed(const struct hlist_nulls_node *h)
{
	return !h->pprev;
}

/** hlist_nulls_unhashed_lockless() - hlist_nulls_unhashed() without a lock */
static inline bool hlist_nulls_unhashed_lockless(const struct hlist_nulls_node *h)
{
	return !READ_ONCE(h->pprev);
}

/** hlist_nulls_empty() - does @h hold no node? */
static inline bool hlist_nulls_empty(const struct hlist_nulls_head *h)
{
	return is_a_nulls(READ_ONCE(h->first));
}

/** hlist_nulls_add_head() - add @n at the front of @h */
static inline void hlist_nulls_add_head(struct hlist_nulls_node *n,
					struct hlist_nulls_head *h)
{
	struct hlist_nulls_node *first = h->first;

	n->next = first;
	WRITE_ONCE(n->pprev, &h->first);
	h->first = n;
	if (!is_a_nulls(first))
		WRITE_ONCE(first->pprev, &n->next);
}

static inline void __hlist_nulls_del(struct hlist_nulls_node *n)
{
	struct hlist_nulls_node *next = n->next;
	struct hlist_nulls_node **pprev = n->pprev;

	WRITE_ONCE(*pprev, next);
	if (!is_a_nulls(next))
		WRITE_ONCE(next->pprev, pprev);
}

/** hlist_nulls_del() - remove @n; ->next is left for lockless readers */
static inline void hlist_nulls_del(struct hlist_nulls_node *n)
{
	__hlist_nulls_del(n);
	WRITE_ONCE(n->pprev, LIST_POISON2);
}

/**
 * hlist_nulls_for_each_entry() - walk a list (under its lock)
 * @tpos: the entry, of the containing type
 * @pos: a struct hlist_nulls_node * cursor; the list's end after the loop
 * @head: the list
 * @member: the struct hlist_nulls_node in the entry
 */
#define hlist_nulls_for_each_entry(tpos, pos, head, member)		\
	for (pos = (head)->first;					\
	     (!is_a_nulls(pos)) &&					\
		({ tpos = hlist_nulls_entry(pos, typeof(*tpos), member); 1; }); \
	     pos = pos->next)

/**
 * hlist_nulls_for_each_entry_from() - go on walking from @pos
 * @tpos: the entry
 * @pos: the node to start at
 * @member: the struct hlist_nulls_node in the entry
 */
#define hlist_nulls_for_each_entry_from(tpos, pos, member)		\
	for (; (!is_a_nulls(pos)) &&					\
		({ tpos = hlist_nulls_entry(pos, typeof(*tpos), member); 1; }); \
	     pos = pos->next)

#endif /* _LINUX_LIST_NULLS_H */
