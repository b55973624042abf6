/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_RCULIST_NULLS_H
#define _LINUX_RCULIST_NULLS_H

/*
 * RCU forms of the nulls hash lists (<linux/list_nulls.h>), for objects
 * from a SLAB_TYPESAFE_BY_RCU cache.  Such an object may be freed and
 * reused, even for another key in another bucket, while a reader is on
 * it; its memory stays an object of the same type.  A lookup therefore:
 *
 *	begin:
 *	rcu_read_lock();
 *	hlist_nulls_for_each_entry_rcu(obj, pos, &table[slot], node) {
 *		if (obj->key != key)
 *			continue;
 *		if (!refcount_inc_not_zero(&obj->ref))	// being freed
 *			goto retry;
 *		if (obj->key != key) {			// reused meanwhile
 *			put_ref(obj);
 *			goto retry;
 *		}
 *		goto found;
 *	}
 *	// The walk may have been carried to another bucket by a reused
 *	// object: then it ended at that bucket's nulls.
 *	if (get_nulls_value(pos) != slot)
 *		goto retry;
 *
 * with retry being rcu_read_unlock(); goto begin.  The writer sets the key
 * before the reference count on reuse, and inserts with
 * hlist_nulls_add_head_rcu() only once the object is initialised.  The
 * allocator keeps the key and the count intact across free and reuse:
 * see kmem_cache_create_typesafe().
 */
#include <linux/list_nulls.h>
#include <linux/rcupdate.h>

/* The list's first pointer, as an RCU-protected pointer (for sparse). */
#define hlist_nulls_first_rcu(head)					\
	(*((struct hlist_nulls_node __rcu __force **)&(head)->first))

/* A node's next pointer, likewise. */
#define hlist_nulls_next_rcu(node)					\
	(*((struct hlist_nulls_node __rcu __force **)&(node)->next))

/**
 * hlist_nulls_del_init_rcu() - remove @n if hashed, mark it unhashed
 * @n: the node; ->next stays for readers
 */
static inline void hlist_nulls_del_init_rcu(struct hlist_nulls_node *n)
{
	if (!hlist_nulls_unhashed(n)) {
		__hlist_nulls_del(n);
		WRITE_ONCE(n->pprev, NULL);
	}
}

/**
 * hlist_nulls_del_rcu() - remove @n; readers on it may still go on
 * @n: the node
 */
static inline void hlist_nulls_del_rcu(struct hlist_nulls_node *n)
{
	__hlist_nulls_del(n);
	WRITE_ONCE(n->pprev, LIST_POISON2);
}

/**
 * hlist_nulls_add_head_rcu() - publish @n at the front of @h
 * @n: the node; its object fully initialised before the call
 * @h: the list
 */
static inline void hlist_nulls_add_head_rcu(struct hlist_nulls_node *n,
					    struct hlist_nulls_head *h)
{
	struct hlist_nulls_node *first = h->first;

	n->next = first;
	WRITE_ONCE(n->pprev, &h->first);
	rcu_assign_pointer(hlist_nulls_first_rcu(h), n);
	if (!is_a_nulls(first))
		WRITE_ONCE(first->pprev, &n->next);
}

/**
 * hlist_nulls_add_tail_rcu() - publish @n at the end of @h
 * @n: the node, initialised
 * @h: the list
 */
static inline void hlist_nulls_add_tail_rcu(struct hlist_nulls_node *n,
					    struct hlist_nulls_head *h)
{
	struct hlist_nulls_node *i, *last = NULL;

	for (i = h->first; !is_a_nulls(i); i = i->next)
		last = i;
	if (last) {
		n->next = last->next;
		n->pprev = &last->next;
		rcu_assign_pointer(hlist_nulls_next_rcu(last), n);
	} else {
		hlist_nulls_add_head_rcu(n, h);
	}
}

/**
 * hlist_nulls_for_each_entry_rcu() - walk a list under rcu_read_lock()
 * @tpos: the entry, of the containing type
 * @pos: a struct hlist_nulls_node * cursor: after the loop, the nulls the
 *	walk ended at (check get_nulls_value())
 * @head: the list
 * @member: the struct hlist_nulls_node in the entry
 */
#define hlist_nulls_for_each_entry_rcu(tpos, pos, head, member)		\
	for (({ barrier(); }),						\
	     pos = rcu_dereference_raw(hlist_nulls_first_rcu(head));	\
	     (!is_a_nulls(pos)) &&					\
		({ tpos = hlist_nulls_entry(pos, typeof(*tpos), member); 1; }); \
	     pos = rcu_dereference_raw(hlist_nulls_next_rcu(pos)))

/**
 * hlist_nulls_for_each_entry_safe() - walk a list, the entry may be deleted
 * @tpos: the entry
 * @pos: the cursor
 * @head: the list
 * @member: the struct hlist_nulls_node in the entry
 */
#define hlist_nulls_for_each_entry_safe(tpos, pos, head, member)	\
	for (({ barrier(); }),						\
	     pos = rcu_dereference_raw(hlist_nulls_first_rcu(head));	\
	     (!is_a_nulls(pos)) &&					\
		({ tpos = hlist_nulls_entry(pos, typeof(*tpos), member);	\
		   pos = rcu_dereference_raw(hlist_nulls_next_rcu(pos)); 1; }); )

#endif /* _LINUX_RCULIST_NULLS_H */
