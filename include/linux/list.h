/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_LIST_H
#define _LINUX_LIST_H

#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/compiler.h>

/*
 * Circular doubly-linked lists with a head node (struct list_head), and
 * hash-bucket lists with a single-pointer head (struct hlist_head).  The
 * structures themselves are in <linux/types.h>.
 *
 * None of this is safe against concurrent modification: callers hold the
 * lock that protects the list.  Pointer stores that a lockless reader could
 * see use WRITE_ONCE() so that <linux/rculist.h> can build on these helpers.
 */

/*
 * Deleted entries get these non-canonical addresses in next/prev, so a use
 * after list_del() faults at once (a #GP, not a silent corruption).
 */
#define POISON_POINTER_DELTA	0xdead000000000000UL
#define LIST_POISON1		((void *)(POISON_POINTER_DELTA + 0x100))
#define LIST_POISON2		((void *)(POISON_POINTER_DELTA + 0x122))

#define LIST_HEAD_INIT(name) { &(name), &(name) }

/* LIST_HEAD() - define and initialise an empty list head. */
#define LIST_HEAD(name) \
	struct list_head name = LIST_HEAD_INIT(name)

/**
 * INIT_LIST_HEAD() - initialise a list head (or an entry) as empty
 * @list: the list head
 */
static inline void INIT_LIST_HEAD(struct list_head *list)
{
	WRITE_ONCE(list->next, list);
	WRITE_ONCE(list->prev, list);
}

/* Insert @new between the adjacent entries @prev and @next. */
static inline void __list_add(struct list_head *new, struct list_head *prev,
			      struct list_head *next)
{
	next->prev = new;
	new->next = next;
	new->prev = prev;
	WRITE_ONCE(prev->next, new);
}

/**
 * list_add() - add an entry after the head (stack order)
 * @new: the entry to add
 * @head: the list head
 */
static inline void list_add(struct list_head *new, struct list_head *head)
{
	__list_add(new, head, head->next);
}

/**
 * list_add_tail() - add an entry before the head (queue order)
 * @new: the entry to add
 * @head: the list head
 */
static inline void list_add_tail(struct list_head *new, struct list_head *head)
{
	__list_add(new, head->prev, head);
}

/* Unlink whatever is between @prev and @next. */
static inline void __list_del(struct list_head *prev, struct list_head *next)
{
	next->prev = prev;
	WRITE_ONCE(prev->next, next);
}

static inline void __list_del_entry(struct list_head *entry)
{
	__list_del(entry->prev, entry->next);
}

/**
 * list_del() - remove an entry from its list
 * @entry: the entry; its pointers are poisoned afterwards
 *
 * list_empty() on @entry is not valid afterwards; use list_del_init() for
 * an entry that is tested or re-added later.
 */
static inline void list_del(struct list_head *entry)
{
	__list_del_entry(entry);
	entry->next = LIST_POISON1;
	entry->prev = LIST_POISON2;
}

/**
 * list_del_init() - remove an entry and reinitialise it as empty
 * @entry: the entry
 */
static inline void list_del_init(struct list_head *entry)
{
	__list_del_entry(entry);
	INIT_LIST_HEAD(entry);
}

/**
 * list_replace() - put @new in the place of @old
 * @old: the entry to replace; its pointers are left as they were
 * @new: the entry to insert
 *
 * If @old was an empty head, @new becomes an empty head too.
 */
static inline void list_replace(struct list_head *old, struct list_head *new)
{
	new->next = old->next;
	new->next->prev = new;
	new->prev = old->prev;
	new->prev->next = new;
}

/**
 * list_replace_init() - put @new in the place of @old and reinitialise @old
 * @old: the entry to replace
 * @new: the entry to insert
 */
static inline void list_replace_init(struct list_head *old, struct list_head *new)
{
	list_replace(old, new);
	INIT_LIST_HEAD(old);
}

/**
 * list_move() - remove an entry and add it after @head
 * @list: the entry to move
 * @head: the list head it goes after
 */
static inline void list_move(struct list_head *list, struct list_head *head)
{
	__list_del_entry(list);
	list_add(list, head);
}

/**
 * list_move_tail() - remove an entry and add it before @head
 * @list: the entry to move
 * @head: the list head it goes before
 */
static inline void list_move_tail(struct list_head *list, struct list_head *head)
{
	__list_del_entry(list);
	list_add_tail(list, head);
}

/**
 * list_is_first() - is @list the first entry of the list @head?
 * @list: the entry
 * @head: the list head
 *
 * Return: true if @list is the first entry.
 */
static inline bool list_is_first(const struct list_head *list,
				 const struct list_head *head)
{
	return list->prev == head;
}

/**
 * list_is_last() - is @list the last entry of the list @head?
 * @list: the entry
 * @head: the list head
 *
 * Return: true if @list is the last entry.
 */
static inline bool list_is_last(const struct list_head *list,
				const struct list_head *head)
{
	return list->next == head;
}

/**
 * list_is_head() - is @list the head @head itself?
 * @list: the entry
 * @head: the list head
 *
 * Return: true if @list is @head.
 */
static inline bool list_is_head(const struct list_head *list,
				const struct list_head *head)
{
	return list == head;
}

/**
 * list_empty() - is the list empty?
 * @head: the list head
 *
 * Return: true if the list has no entries.
 */
static inline bool list_empty(const struct list_head *head)
{
	return READ_ONCE(head->next) == head;
}

/**
 * list_is_singular() - does the list hold exactly one entry?
 * @head: the list head
 *
 * Return: true if the list has exactly one entry.
 */
static inline bool list_is_singular(const struct list_head *head)
{
	return !list_empty(head) && head->next == head->prev;
}

/**
 * list_rotate_left() - move the first entry to the end of the list
 * @head: the list head
 */
static inline void list_rotate_left(struct list_head *head)
{
	if (!list_empty(head))
		list_move_tail(head->next, head);
}

/* Link all entries of @list between @prev and @next.  @list must not be empty. */
static inline void __list_splice(const struct list_head *list,
				 struct list_head *prev, struct list_head *next)
{
	struct list_head *first = list->next;
	struct list_head *last = list->prev;

	first->prev = prev;
	last->next = next;
	next->prev = last;
	WRITE_ONCE(prev->next, first);
}

/**
 * list_splice() - join two lists, @list's entries go first
 * @list: the list whose entries are added; its head is left stale
 * @head: the list they are added to, after its head
 */
static inline void list_splice(const struct list_head *list, struct list_head *head)
{
	if (!list_empty(list))
		__list_splice(list, head, head->next);
}

/**
 * list_splice_tail() - join two lists, @list's entries go last
 * @list: the list whose entries are added; its head is left stale
 * @head: the list they are added to, before its head
 */
static inline void list_splice_tail(struct list_head *list, struct list_head *head)
{
	if (!list_empty(list))
		__list_splice(list, head->prev, head);
}

/**
 * list_splice_init() - join two lists at the front and empty @list
 * @list: the list whose entries are added; reinitialised as empty
 * @head: the list they are added to, after its head
 */
static inline void list_splice_init(struct list_head *list, struct list_head *head)
{
	if (!list_empty(list)) {
		__list_splice(list, head, head->next);
		INIT_LIST_HEAD(list);
	}
}

/**
 * list_splice_tail_init() - join two lists at the back and empty @list
 * @list: the list whose entries are added; reinitialised as empty
 * @head: the list they are added to, before its head
 */
static inline void list_splice_tail_init(struct list_head *list, struct list_head *head)
{
	if (!list_empty(list)) {
		__list_splice(list, head->prev, head);
		INIT_LIST_HEAD(list);
	}
}

/**
 * list_count_nodes() - count the entries of a list
 * @head: the list head
 *
 * Return: the number of entries, O(n).
 */
static inline size_t list_count_nodes(const struct list_head *head)
{
	const struct list_head *pos;
	size_t count = 0;

	for (pos = head->next; pos != head; pos = pos->next)
		count++;
	return count;
}

/* list_entry() - the structure that embeds the list_head @ptr. */
#define list_entry(ptr, type, member) \
	container_of(ptr, type, member)

/* list_first_entry() - the first entry; the list must not be empty. */
#define list_first_entry(ptr, type, member) \
	list_entry((ptr)->next, type, member)

/* list_last_entry() - the last entry; the list must not be empty. */
#define list_last_entry(ptr, type, member) \
	list_entry((ptr)->prev, type, member)

/* list_first_entry_or_null() - the first entry, or NULL if the list is empty. */
#define list_first_entry_or_null(ptr, type, member) ({			\
	struct list_head *__head = (ptr);				\
	struct list_head *__pos = READ_ONCE(__head->next);		\
	__pos != __head ? list_entry(__pos, type, member) : NULL;	\
})

/* list_next_entry() - the entry after @pos (may be the head's container). */
#define list_next_entry(pos, member) \
	list_entry((pos)->member.next, typeof(*(pos)), member)

/* list_prev_entry() - the entry before @pos. */
#define list_prev_entry(pos, member) \
	list_entry((pos)->member.prev, typeof(*(pos)), member)

/* list_entry_is_head() - has the iteration with @pos reached @head? */
#define list_entry_is_head(pos, head, member) \
	(&(pos)->member == (head))

/* list_for_each() - iterate over the list_heads of a list. */
#define list_for_each(pos, head) \
	for (pos = (head)->next; !list_is_head(pos, (head)); pos = pos->next)

/* list_for_each_prev() - iterate over the list_heads backwards. */
#define list_for_each_prev(pos, head) \
	for (pos = (head)->prev; !list_is_head(pos, (head)); pos = pos->prev)

/* list_for_each_safe() - as list_for_each(), @pos may be removed. */
#define list_for_each_safe(pos, n, head)				\
	for (pos = (head)->next, n = pos->next;				\
	     !list_is_head(pos, (head));				\
	     pos = n, n = pos->next)

/* list_for_each_entry() - iterate over the entries of a list. */
#define list_for_each_entry(pos, head, member)				\
	for (pos = list_first_entry(head, typeof(*pos), member);	\
	     !list_entry_is_head(pos, head, member);			\
	     pos = list_next_entry(pos, member))

/* list_for_each_entry_reverse() - iterate over the entries backwards. */
#define list_for_each_entry_reverse(pos, head, member)			\
	for (pos = list_last_entry(head, typeof(*pos), member);		\
	     !list_entry_is_head(pos, head, member);			\
	     pos = list_prev_entry(pos, member))

/* list_for_each_entry_continue() - go on after the current @pos. */
#define list_for_each_entry_continue(pos, head, member)			\
	for (pos = list_next_entry(pos, member);			\
	     !list_entry_is_head(pos, head, member);			\
	     pos = list_next_entry(pos, member))

/* list_for_each_entry_from() - go on from the current @pos, included. */
#define list_for_each_entry_from(pos, head, member)			\
	for (; !list_entry_is_head(pos, head, member);			\
	     pos = list_next_entry(pos, member))

/* list_for_each_entry_safe() - as list_for_each_entry(), @pos may be removed. */
#define list_for_each_entry_safe(pos, n, head, member)			\
	for (pos = list_first_entry(head, typeof(*pos), member),	\
		n = list_next_entry(pos, member);			\
	     !list_entry_is_head(pos, head, member);			\
	     pos = n, n = list_next_entry(n, member))

/* list_for_each_entry_safe_reverse() - backwards, @pos may be removed. */
#define list_for_each_entry_safe_reverse(pos, n, head, member)		\
	for (pos = list_last_entry(head, typeof(*pos), member),		\
		n = list_prev_entry(pos, member);			\
	     !list_entry_is_head(pos, head, member);			\
	     pos = n, n = list_prev_entry(n, member))

/*
 * Hash lists: a one-pointer head, so a hash table of them is half the size.
 * The last node's next is NULL; pprev points at the previous next pointer
 * (or at the head's first), so a node can be removed without the head.
 */
#define HLIST_HEAD_INIT { .first = NULL }
#define HLIST_HEAD(name) struct hlist_head name = { .first = NULL }
#define INIT_HLIST_HEAD(ptr) ((ptr)->first = NULL)

/**
 * INIT_HLIST_NODE() - initialise a node as not on any list
 * @h: the node
 */
static inline void INIT_HLIST_NODE(struct hlist_node *h)
{
	h->next = NULL;
	h->pprev = NULL;
}

/**
 * hlist_unhashed() - is the node on no list?
 * @h: the node
 *
 * True after INIT_HLIST_NODE() and hlist_del_init(), not after hlist_del().
 *
 * Return: true if @h is not on a list.
 */
static inline bool hlist_unhashed(const struct hlist_node *h)
{
	return !h->pprev;
}

/**
 * hlist_empty() - is the hash list empty?
 * @h: the list head
 *
 * Return: true if the hash list has no nodes.
 */
static inline bool hlist_empty(const struct hlist_head *h)
{
	return !READ_ONCE(h->first);
}

static inline void __hlist_del(struct hlist_node *n)
{
	struct hlist_node *next = n->next;
	struct hlist_node **pprev = n->pprev;

	WRITE_ONCE(*pprev, next);
	if (next)
		WRITE_ONCE(next->pprev, pprev);
}

/**
 * hlist_del() - remove a node from its hash list
 * @n: the node; its pointers are poisoned afterwards
 */
static inline void hlist_del(struct hlist_node *n)
{
	__hlist_del(n);
	n->next = LIST_POISON1;
	n->pprev = LIST_POISON2;
}

/**
 * hlist_del_init() - remove a node if hashed and reinitialise it
 * @n: the node; may already be unhashed
 */
static inline void hlist_del_init(struct hlist_node *n)
{
	if (!hlist_unhashed(n)) {
		__hlist_del(n);
		INIT_HLIST_NODE(n);
	}
}

/**
 * hlist_add_head() - add a node at the front of a hash list
 * @n: the node
 * @h: the list head
 */
static inline void hlist_add_head(struct hlist_node *n, struct hlist_head *h)
{
	struct hlist_node *first = h->first;

	WRITE_ONCE(n->next, first);
	if (first)
		WRITE_ONCE(first->pprev, &n->next);
	WRITE_ONCE(h->first, n);
	WRITE_ONCE(n->pprev, &h->first);
}

/**
 * hlist_add_before() - add a node before another one
 * @n: the node to add
 * @next: the node on a list that @n goes before
 */
static inline void hlist_add_before(struct hlist_node *n, struct hlist_node *next)
{
	WRITE_ONCE(n->pprev, next->pprev);
	WRITE_ONCE(n->next, next);
	WRITE_ONCE(next->pprev, &n->next);
	WRITE_ONCE(*(n->pprev), n);
}

/**
 * hlist_add_behind() - add a node after another one
 * @n: the node to add
 * @prev: the node on a list that @n goes after
 */
static inline void hlist_add_behind(struct hlist_node *n, struct hlist_node *prev)
{
	WRITE_ONCE(n->next, prev->next);
	WRITE_ONCE(prev->next, n);
	WRITE_ONCE(n->pprev, &prev->next);
	if (n->next)
		WRITE_ONCE(n->next->pprev, &n->next);
}

/**
 * hlist_move_list() - move all nodes from one hash list head to another
 * @old: the head that loses its nodes and becomes empty
 * @new: the head that gets them; its previous content is dropped
 */
static inline void hlist_move_list(struct hlist_head *old, struct hlist_head *new)
{
	new->first = old->first;
	if (new->first)
		new->first->pprev = &new->first;
	old->first = NULL;
}

/**
 * hlist_count_nodes() - count the nodes of a hash list
 * @head: the list head
 *
 * Return: the number of nodes, O(n).
 */
static inline size_t hlist_count_nodes(const struct hlist_head *head)
{
	const struct hlist_node *pos;
	size_t count = 0;

	for (pos = head->first; pos; pos = pos->next)
		count++;
	return count;
}

#define hlist_entry(ptr, type, member) container_of(ptr, type, member)

/* hlist_entry_safe() - the containing entry, or NULL for a NULL @ptr. */
#define hlist_entry_safe(ptr, type, member) ({				\
	typeof(ptr) ____ptr = (ptr);					\
	____ptr ? hlist_entry(____ptr, type, member) : NULL;		\
})

#define hlist_for_each(pos, head) \
	for (pos = (head)->first; pos; pos = pos->next)

#define hlist_for_each_safe(pos, n, head)				\
	for (pos = (head)->first; pos && ({ n = pos->next; 1; });	\
	     pos = n)

/* hlist_for_each_entry() - iterate over the entries of a hash list. */
#define hlist_for_each_entry(pos, head, member)				\
	for (pos = hlist_entry_safe((head)->first, typeof(*(pos)), member); \
	     pos;							\
	     pos = hlist_entry_safe((pos)->member.next, typeof(*(pos)), member))

/* hlist_for_each_entry_continue() - go on after the current @pos. */
#define hlist_for_each_entry_continue(pos, member)			\
	for (pos = hlist_entry_safe((pos)->member.next, typeof(*(pos)), member); \
	     pos;							\
	     pos = hlist_entry_safe((pos)->member.next, typeof(*(pos)), member))

/* hlist_for_each_entry_safe() - as hlist_for_each_entry(), @pos may be removed. */
#define hlist_for_each_entry_safe(pos, n, head, member)			\
	for (pos = hlist_entry_safe((head)->first, typeof(*pos), member); \
	     pos && ({ n = pos->member.next; 1; });			\
	     pos = hlist_entry_safe(n, typeof(*pos), member))

#endif /* _LINUX_LIST_H */
