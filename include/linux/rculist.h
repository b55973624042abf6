/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_RCULIST_H
#define _LINUX_RCULIST_H

/*
 * RCU-protected lists: struct list_head and struct hlist_head/hlist_node
 * lists that readers traverse locklessly under rcu_read_lock() while
 * updaters, serialised by their own lock, add, remove and replace entries.
 *
 * Rules: an updater publishes with the _rcu add/replace functions (a
 * release store of the one pointer that makes the entry reachable, after
 * the entry's own pointers are set); removes with list_del_rcu() or
 * hlist_del_rcu(), which leave the entry's forward pointer intact so a
 * reader standing on it can go on; and frees only after a grace period
 * (kfree_rcu(), call_rcu() or synchronize_rcu()).  A reader never follows
 * ->prev or ->pprev.
 *
 * How sparse checks the next pointers
 * -----------------------------------
 * The lists are the ordinary struct list_head and struct hlist_node of
 * <linux/types.h>, whose fields are plain pointers, and the RCU view of a
 * next pointer is an accessor that re-types the field as __rcu:
 * list_next_rcu(), hlist_first_rcu(), hlist_next_rcu(), hlist_pprev_rcu().
 * Every load and store of a next pointer in this header goes through one
 * of them and then through rcu_dereference*() or rcu_assign_pointer().
 *
 * The alternative was a separate head/node type whose next is declared
 * "__rcu *".  It would let sparse flag a reader that walks an RCU list
 * with the plain list_for_each_entry() (container_of() of an __rcu
 * pointer is an address-space error), but it was rejected because:
 *  - an entry moves between RCU and plain use: it is built on a private
 *    list, spliced in with list_splice_init_rcu(), deleted with
 *    list_del_rcu() and then reused with list_add() or list_empty() under
 *    the lock; a second type would need a second copy of all of
 *    <linux/list.h> and casts at every transition, and the casts (with
 *    __force) would hide exactly the mistakes the type was to find;
 *  - the update side of an RCU list, which is most of its code, runs under
 *    the updaters' lock and legitimately uses plain accesses; with an
 *    __rcu field each of them would need rcu_dereference_protected();
 *  - the API must stay Linux's, so that a test written against Linux's
 *    <linux/rculist.h> (struct list_head everywhere) compiles here.
 *
 * What sparse does catch with the accessors (tests/sparse/ shows each):
 *  - rcu_dereference(head->next), rcu_assign_pointer(node->next, p) and
 *    the other RCU accessors applied to a plain next pointer: the field
 *    is not __rcu, so the accessor's address-space check fails; code that
 *    wants RCU semantics must name list_next_rcu()/hlist_first_rcu()/...;
 *  - a plain use of what those accessors return: loading it into a plain
 *    pointer, comparing it with one, dereferencing it or casting it
 *    without __force are all address-space errors, so the value can
 *    only reach a reader through rcu_dereference*() (dependency-ordered
 *    READ_ONCE()) and an updater's store only through rcu_assign_pointer()
 *    (release) or RCU_INIT_POINTER();
 *  - the traversal macros below load through those views, so dropping
 *    the rcu_dereference_raw() from one of them is itself an error
 *    (container_of() of an __rcu pointer).
 * What it cannot catch: a reader that uses the plain list_for_each_entry()
 * on an RCU list.  The run-time net for the _rcu iterators is the lockdep
 * condition: with CONFIG_PROVE_RCU, list_for_each_entry_rcu() and hlist_for_each_entry_rcu() splat
 * "WARNING: suspicious RCU usage" when the task is in no RCU reader and
 * the optional condition (e.g. lockdep_is_held(&lock)) is false.
 */
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/rcupdate.h>

/* ---- the __rcu views of next pointers ---- */

/**
 * list_next_rcu() - @list's ->next as an __rcu lvalue
 * @list: a list head or entry
 */
#define list_next_rcu(list)	(*((struct list_head __rcu **)(&(list)->next)))

/**
 * hlist_first_rcu() - @head's ->first as an __rcu lvalue
 * @head: a hash list head
 */
#define hlist_first_rcu(head)	(*((struct hlist_node __rcu **)(&(head)->first)))

/**
 * hlist_next_rcu() - @node's ->next as an __rcu lvalue
 * @node: a hash list node
 */
#define hlist_next_rcu(node)	(*((struct hlist_node __rcu **)(&(node)->next)))

/**
 * hlist_pprev_rcu() - the pointer that points at @node, as an __rcu lvalue
 * @node: a hash list node on a list
 */
#define hlist_pprev_rcu(node)	(*((struct hlist_node __rcu **)((node)->pprev)))

/*
 * The lockdep condition of the _rcu iterators.  __rculist_cond(cond...)
 * is @cond, or 0 when the caller gave none.
 */
#define __rculist_cond_pick(dummy, c, ...)	(c)
#define __rculist_cond(cond...)	__rculist_cond_pick(dummy, ##cond, 0, 0)

#ifdef CONFIG_PROVE_RCU
#define __list_check_rcu(cond...) ({					\
	RCU_LOCKDEP_WARN(!__rculist_cond(cond) && !rcu_read_lock_any_held(), \
			 "RCU list traversed outside a reader and without its lock"); \
})
#else
#define __list_check_rcu(cond...)	((void)0)
#endif

/* ---- struct list_head ---- */

/**
 * INIT_LIST_HEAD_RCU() - initialise a list head that readers may see
 * @list: the list head
 *
 * As INIT_LIST_HEAD(), with each pointer written once, for a head that a
 * concurrent reader can already reach.
 */
static inline void INIT_LIST_HEAD_RCU(struct list_head *list)
{
	WRITE_ONCE(list->next, list);
	WRITE_ONCE(list->prev, list);
}

/* Insert @new between @prev and @next; the store into @prev publishes it. */
static inline void __list_add_rcu(struct list_head *new,
				  struct list_head *prev,
				  struct list_head *next)
{
	new->next = next;
	new->prev = prev;
	rcu_assign_pointer(list_next_rcu(prev), new);
	next->prev = new;
}

/**
 * list_add_rcu() - add an entry after the head, visible to RCU readers
 * @new: the entry; fully initialised before the call
 * @head: the list head
 *
 * Updaters must hold the list's lock.  A concurrent reader sees the
 * whole list with or without @new, never a half-initialised @new.
 */
static inline void list_add_rcu(struct list_head *new, struct list_head *head)
{
	__list_add_rcu(new, head, head->next);
}

/**
 * list_add_tail_rcu() - add an entry before the head, visible to RCU readers
 * @new: the entry; fully initialised before the call
 * @head: the list head
 *
 * As list_add_rcu(), at the tail.
 */
static inline void list_add_tail_rcu(struct list_head *new,
				     struct list_head *head)
{
	__list_add_rcu(new, head->prev, head);
}

/**
 * list_del_rcu() - remove an entry that RCU readers may be standing on
 * @entry: the entry
 *
 * @entry->next is left as it was, so a reader on @entry can go on to the
 * rest of the list; ->prev is poisoned.  Free @entry only after a grace
 * period, and do not list_empty() it: it is not reinitialised.
 */
static inline void list_del_rcu(struct list_head *entry)
{
	__list_del_entry(entry);
	entry->prev = LIST_POISON2;
}

/**
 * list_replace_rcu() - put @new in the place of @old for RCU readers
 * @old: the entry to replace
 * @new: the replacement; fully initialised before the call
 *
 * A reader sees either @old or @new at that place, never neither.  Free
 * @old after a grace period.
 */
static inline void list_replace_rcu(struct list_head *old,
				    struct list_head *new)
{
	new->next = old->next;
	new->prev = old->prev;
	rcu_assign_pointer(list_next_rcu(new->prev), new);
	new->next->prev = new;
	old->prev = LIST_POISON2;
}

/*
 * Move the entries of @list between @prev and @next.  @list's readers
 * must be gone (@sync), because @list's last entry is about to point
 * into the other list, where such a reader would never find @list's head.
 */
static inline void __list_splice_init_rcu(struct list_head *list,
					  struct list_head *prev,
					  struct list_head *next,
					  void (*sync)(void))
{
	struct list_head *first = list->next;
	struct list_head *last = list->prev;

	/* @list's readers see it empty from now on ... */
	INIT_LIST_HEAD_RCU(list);
	/* ... and those who saw its entries finish before they are moved. */
	sync();
	/* Readers of the destination cannot see the moved entries yet. */
	last->next = next;
	rcu_assign_pointer(list_next_rcu(prev), first);
	first->prev = prev;
	next->prev = last;
}

/**
 * list_splice_init_rcu() - move a list to the front of an RCU list
 * @list: the list whose entries move; empty afterwards
 * @head: the RCU list they join, after its head
 * @sync: a function that waits for @list's readers, typically
 *	  synchronize_rcu(); called only if @list is not empty
 *
 * Readers of @head may run concurrently; readers of @list see it empty
 * (or as it was, until @sync returns).  The caller holds @head's update
 * lock, and @sync may sleep.
 */
static inline void list_splice_init_rcu(struct list_head *list,
					struct list_head *head,
					void (*sync)(void))
{
	if (!list_empty(list))
		__list_splice_init_rcu(list, head, head->next, sync);
}

/**
 * list_splice_tail_init_rcu() - move a list to the back of an RCU list
 * @list: the list whose entries move; empty afterwards
 * @head: the RCU list they join, before its head
 * @sync: as for list_splice_init_rcu()
 */
static inline void list_splice_tail_init_rcu(struct list_head *list,
					     struct list_head *head,
					     void (*sync)(void))
{
	if (!list_empty(list))
		__list_splice_init_rcu(list, head->prev, head, sync);
}

/**
 * list_entry_rcu() - the structure that embeds a list_head, read once
 * @ptr: the list_head pointer to load (e.g. head->next)
 * @type: the type of the structure
 * @member: the name of the list_head in @type
 *
 * The caller is in a reader (or holds the update lock).
 */
#define list_entry_rcu(ptr, type, member)				\
	container_of(READ_ONCE(ptr), type, member)

/* The entry after @pos, loaded through the __rcu view of its next. */
#define __list_next_entry_rcu(pos, member)				\
	list_entry(rcu_dereference_raw(list_next_rcu(&(pos)->member)),	\
		   __typeof__(*(pos)), member)

/**
 * list_first_or_null_rcu() - the first entry of an RCU list, or NULL
 * @ptr: the list head
 * @type: the type of the entries
 * @member: the name of the list_head in @type
 *
 * The head's next pointer is loaded once, so an entry added or removed
 * concurrently cannot make the empty test and the result disagree.
 */
#define list_first_or_null_rcu(ptr, type, member) ({			\
	struct list_head *__lfr_head = (ptr);				\
	struct list_head *__lfr_next =					\
		rcu_dereference_raw(list_next_rcu(__lfr_head));		\
	likely(__lfr_next != __lfr_head) ?				\
		list_entry(__lfr_next, type, member) : NULL;		\
})

/**
 * list_next_or_null_rcu() - the entry after @ptr, or NULL at the end
 * @head: the list head
 * @ptr: the list_head of the current entry
 * @type: the type of the entries
 * @member: the name of the list_head in @type
 */
#define list_next_or_null_rcu(head, ptr, type, member) ({		\
	struct list_head *__lnr_head = (head);				\
	struct list_head *__lnr_next =					\
		rcu_dereference_raw(list_next_rcu(ptr));		\
	likely(__lnr_next != __lnr_head) ?				\
		list_entry(__lnr_next, type, member) : NULL;		\
})

/**
 * list_for_each_entry_rcu() - iterate over an RCU list
 * @pos: the entry cursor, of the entries' type
 * @head: the list head
 * @member: the name of the list_head in the entries
 * @cond: optional lockdep condition under which the walk is legal
 *	  outside a reader, e.g. lockdep_is_held(&lock)
 *
 * Inside rcu_read_lock() (or any reader) the walk may race with the
 * _rcu updaters.  With CONFIG_PROVE_RCU, walking neither in a reader nor
 * with @cond true splats "WARNING: suspicious RCU usage", once per site.
 */
#define list_for_each_entry_rcu(pos, head, member, cond...)		\
	for (__list_check_rcu(cond),					\
	     pos = list_entry(rcu_dereference_raw(list_next_rcu(head)),	\
			      __typeof__(*(pos)), member);		\
	     &(pos)->member != (head);					\
	     pos = __list_next_entry_rcu(pos, member))

/**
 * list_for_each_entry_continue_rcu() - go on after the current @pos
 * @pos: the entry cursor, on an entry of the list
 * @head: the list head
 * @member: the name of the list_head in the entries
 */
#define list_for_each_entry_continue_rcu(pos, head, member)		\
	for (pos = __list_next_entry_rcu(pos, member);			\
	     &(pos)->member != (head);					\
	     pos = __list_next_entry_rcu(pos, member))

/**
 * list_for_each_entry_from_rcu() - go on from the current @pos, included
 * @pos: the entry cursor, on an entry of the list (or its head's container)
 * @head: the list head
 * @member: the name of the list_head in the entries
 *
 * For resuming a walk where an earlier one in the same reader stopped.
 */
#define list_for_each_entry_from_rcu(pos, head, member)			\
	for (; &(pos)->member != (head);				\
	     pos = __list_next_entry_rcu(pos, member))

/* ---- hlist ---- */

/**
 * hlist_del_rcu() - remove a node that RCU readers may be standing on
 * @n: the node
 *
 * ->next is left for the readers, ->pprev poisoned; hlist_unhashed() is
 * false afterwards.  Free @n after a grace period.
 */
static inline void hlist_del_rcu(struct hlist_node *n)
{
	__hlist_del(n);
	WRITE_ONCE(n->pprev, LIST_POISON2);
}

/**
 * hlist_del_init_rcu() - remove a node if hashed and mark it unhashed
 * @n: the node; may already be unhashed
 *
 * As hlist_del_rcu(), but hlist_unhashed() is true afterwards.  ->next is
 * still left for readers, so @n must not be re-added before a grace period.
 */
static inline void hlist_del_init_rcu(struct hlist_node *n)
{
	if (!hlist_unhashed(n)) {
		__hlist_del(n);
		WRITE_ONCE(n->pprev, NULL);
	}
}

/**
 * hlist_replace_rcu() - put @new in the place of @old for RCU readers
 * @old: the node to replace
 * @new: the replacement; fully initialised before the call
 */
static inline void hlist_replace_rcu(struct hlist_node *old,
				     struct hlist_node *new)
{
	struct hlist_node *next = old->next;

	new->next = next;
	WRITE_ONCE(new->pprev, old->pprev);
	rcu_assign_pointer(hlist_pprev_rcu(new), new);
	if (next)
		WRITE_ONCE(next->pprev, &new->next);
	WRITE_ONCE(old->pprev, LIST_POISON2);
}

/**
 * hlist_add_head_rcu() - add a node at the front, visible to RCU readers
 * @n: the node; fully initialised before the call
 * @h: the hash list head
 */
static inline void hlist_add_head_rcu(struct hlist_node *n,
				      struct hlist_head *h)
{
	struct hlist_node *first = h->first;

	n->next = first;
	WRITE_ONCE(n->pprev, &h->first);
	rcu_assign_pointer(hlist_first_rcu(h), n);
	if (first)
		WRITE_ONCE(first->pprev, &n->next);
}

/**
 * hlist_add_before_rcu() - add a node before another, for RCU readers
 * @n: the node to add; fully initialised before the call
 * @next: the node on a list that @n goes before
 */
static inline void hlist_add_before_rcu(struct hlist_node *n,
					struct hlist_node *next)
{
	WRITE_ONCE(n->pprev, next->pprev);
	n->next = next;
	rcu_assign_pointer(hlist_pprev_rcu(n), n);
	WRITE_ONCE(next->pprev, &n->next);
}

/**
 * hlist_add_behind_rcu() - add a node after another, for RCU readers
 * @n: the node to add; fully initialised before the call
 * @prev: the node on a list that @n goes after
 */
static inline void hlist_add_behind_rcu(struct hlist_node *n,
					struct hlist_node *prev)
{
	n->next = prev->next;
	WRITE_ONCE(n->pprev, &prev->next);
	rcu_assign_pointer(hlist_next_rcu(prev), n);
	if (n->next)
		WRITE_ONCE(n->next->pprev, &n->next);
}

/* The node after @pos's, loaded through the __rcu view. */
#define __hlist_next_entry_rcu(pos, member)				\
	hlist_entry_safe(rcu_dereference_raw(hlist_next_rcu(&(pos)->member)), \
			 __typeof__(*(pos)), member)

/**
 * hlist_for_each_entry_rcu() - iterate over an RCU hash list
 * @pos: the entry cursor, of the entries' type
 * @head: the hash list head
 * @member: the name of the hlist_node in the entries
 * @cond: optional lockdep condition, as for list_for_each_entry_rcu()
 */
#define hlist_for_each_entry_rcu(pos, head, member, cond...)		\
	for (__list_check_rcu(cond),					\
	     pos = hlist_entry_safe(rcu_dereference_raw(hlist_first_rcu(head)), \
				    __typeof__(*(pos)), member);	\
	     pos;							\
	     pos = __hlist_next_entry_rcu(pos, member))

/**
 * hlist_for_each_entry_continue_rcu() - go on after the current @pos
 * @pos: the entry cursor, on a node of the list
 * @member: the name of the hlist_node in the entries
 */
#define hlist_for_each_entry_continue_rcu(pos, member)			\
	for (pos = __hlist_next_entry_rcu(pos, member);			\
	     pos;							\
	     pos = __hlist_next_entry_rcu(pos, member))

/**
 * hlist_for_each_entry_from_rcu() - go on from the current @pos, included
 * @pos: the entry cursor, on a node of the list (or NULL)
 * @member: the name of the hlist_node in the entries
 */
#define hlist_for_each_entry_from_rcu(pos, member)			\
	for (; pos; pos = __hlist_next_entry_rcu(pos, member))

#endif /* _LINUX_RCULIST_H */
