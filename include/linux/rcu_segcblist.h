/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_RCU_SEGCBLIST_H
#define _LINUX_RCU_SEGCBLIST_H

#include <linux/types.h>
#include <linux/limits.h>

/*
 * A CPU's RCU callbacks: one singly linked list cut into four segments by
 * tail pointers, each segment tagged with the grace-period number its
 * callbacks wait for:
 *
 *   DONE        grace period over: ready to invoke
 *   WAIT        waiting for the grace period gp_seq[WAIT]
 *   NEXT_READY  waiting for the later grace period gp_seq[NEXT_READY]
 *   NEXT        just queued, no grace period assigned yet
 *
 * Callbacks move left as grace periods end (advance) and get a number
 * when it is known which grace period will cover them (accelerate).
 * Order is kept: callbacks run in the order they were queued.
 * Pure data structure, no locking: the owner disables interrupts.
 */
#define RCU_DONE_TAIL		0
#define RCU_WAIT_TAIL		1
#define RCU_NEXT_READY_TAIL	2
#define RCU_NEXT_TAIL		3
#define RCU_CBLIST_NSEGS	4

struct rcu_segcblist {
	struct rcu_head *head;
	struct rcu_head **tails[RCU_CBLIST_NSEGS];
	unsigned long gp_seq[RCU_CBLIST_NSEGS];
	long len;
	long seglen[RCU_CBLIST_NSEGS];
};

/* A plain list of callbacks taken out of a segcblist. */
struct rcu_cblist {
	struct rcu_head *head;
	struct rcu_head **tail;
	long len;
};

void rcu_segcblist_init(struct rcu_segcblist *l);
void rcu_segcblist_enqueue(struct rcu_segcblist *l, struct rcu_head *rhp);
bool rcu_segcblist_accelerate(struct rcu_segcblist *l, unsigned long seq);
void rcu_segcblist_advance(struct rcu_segcblist *l, unsigned long seq);
long rcu_segcblist_extract_done(struct rcu_segcblist *l, long limit,
				struct rcu_cblist *out);
bool rcu_segcblist_ready_cbs(const struct rcu_segcblist *l);
bool rcu_segcblist_pend_cbs(const struct rcu_segcblist *l);
bool rcu_segcblist_nextgp(const struct rcu_segcblist *l, unsigned long *seq);
bool rcu_segcblist_contains(const struct rcu_segcblist *l, const struct rcu_head *rhp);
void rcu_segcblist_merge(struct rcu_segcblist *dst, struct rcu_segcblist *src);

/* Callbacks queued, and taken out by rcu_segcblist_extract_done() but not yet invoked. */
static inline long rcu_segcblist_n_cbs(const struct rcu_segcblist *l)
{
	return READ_ONCE(l->len);
}

/* Add @v to the count: negative once extracted callbacks are invoked. */
static inline void rcu_segcblist_add_len(struct rcu_segcblist *l, long v)
{
	WRITE_ONCE(l->len, l->len + v);
}

static inline bool rcu_segcblist_empty(const struct rcu_segcblist *l)
{
	return !READ_ONCE(l->head);
}

static inline void rcu_cblist_init(struct rcu_cblist *l)
{
	l->head = NULL;
	l->tail = &l->head;
	l->len = 0;
}

static inline struct rcu_head *rcu_cblist_dequeue(struct rcu_cblist *l)
{
	struct rcu_head *rhp = l->head;

	if (rhp) {
		l->head = rhp->next;
		if (!l->head)
			l->tail = &l->head;
		l->len--;
	}
	return rhp;
}

#endif /* _LINUX_RCU_SEGCBLIST_H */
