// SPDX-License-Identifier: GPL-2.0
/*
 * Segmented callback lists (see include/linux/rcu_segcblist.h).
 *
 * Segment i holds the callbacks between tails[i - 1] (or the head, for
 * i = 0) and tails[i], so segment i is empty when tails[i] equals the
 * previous tail.  This file is pure code, also built for host tests.
 */
#include <linux/kernel.h>
#include <linux/rcu_segcblist.h>

static bool seg_empty(const struct rcu_segcblist *l, int seg)
{
	return l->tails[seg] == (seg ? l->tails[seg - 1] : &l->head);
}

void rcu_segcblist_init(struct rcu_segcblist *l)
{
	l->head = NULL;
	for (int i = 0; i < RCU_CBLIST_NSEGS; i++) {
		l->tails[i] = &l->head;
		l->gp_seq[i] = 0;
		l->seglen[i] = 0;
	}
	l->len = 0;
}

/* Append a callback to the NEXT segment. */
void rcu_segcblist_enqueue(struct rcu_segcblist *l, struct rcu_head *rhp)
{
	rhp->next = NULL;
	*l->tails[RCU_NEXT_TAIL] = rhp;
	l->tails[RCU_NEXT_TAIL] = &rhp->next;
	l->seglen[RCU_NEXT_TAIL]++;
	WRITE_ONCE(l->len, l->len + 1);
}

/* Callbacks whose grace period is over? */
bool rcu_segcblist_ready_cbs(const struct rcu_segcblist *l)
{
	return !seg_empty(l, RCU_DONE_TAIL);
}

/* Callbacks still waiting for a grace period (any segment past DONE)? */
bool rcu_segcblist_pend_cbs(const struct rcu_segcblist *l)
{
	return l->tails[RCU_DONE_TAIL] != l->tails[RCU_NEXT_TAIL];
}

/*
 * The grace period the oldest waiting callbacks need, if any callbacks
 * have been assigned one.
 */
bool rcu_segcblist_nextgp(const struct rcu_segcblist *l, unsigned long *seq)
{
	for (int i = RCU_WAIT_TAIL; i < RCU_NEXT_TAIL; i++) {
		if (!seg_empty(l, i)) {
			*seq = l->gp_seq[i];
			return true;
		}
	}
	return false;
}

/**
 * rcu_segcblist_advance() - move callbacks whose grace period ended to DONE
 * @l: the list
 * @seq: the grace-period sequence number now reached
 *
 * Every WAIT/NEXT_READY segment tagged with a number @seq has reached
 * joins DONE; the rest shift left so NEXT_READY is free again.
 */
void rcu_segcblist_advance(struct rcu_segcblist *l, unsigned long seq)
{
	int i, j;

	for (i = RCU_WAIT_TAIL; i < RCU_NEXT_TAIL; i++) {
		if (seg_empty(l, i))
			continue;
		if (ULONG_CMP_LT(seq, l->gp_seq[i]))
			break;
		l->tails[RCU_DONE_TAIL] = l->tails[i];
		l->seglen[RCU_DONE_TAIL] += l->seglen[i];
		l->seglen[i] = 0;
	}
	if (i == RCU_WAIT_TAIL)
		return;
	/* Segments before i are now empty: close them up behind DONE. */
	for (j = RCU_WAIT_TAIL; j < i; j++)
		l->tails[j] = l->tails[RCU_DONE_TAIL];
	/* Shift the still-waiting segments down to start at WAIT. */
	for (j = RCU_WAIT_TAIL; i < RCU_NEXT_TAIL; i++, j++) {
		l->tails[j] = l->tails[i];
		l->gp_seq[j] = l->gp_seq[i];
		l->seglen[j] = l->seglen[i];
	}
	for (; j < RCU_NEXT_TAIL; j++) {
		l->tails[j] = l->tails[j - 1];
		l->seglen[j] = 0;
	}
}

/**
 * rcu_segcblist_accelerate() - give unnumbered callbacks a grace period
 * @l: the list
 * @seq: number of a grace period that will cover every callback queued
 *       so far (taken from the global sequence when called)
 *
 * Callbacks in NEXT (and any segment already waiting for @seq) become
 * one segment waiting for @seq, right after the last segment that waits
 * for an earlier grace period.
 *
 * Return: true if some callbacks now wait for @seq, so the caller must
 * make sure that grace period is requested.
 */
bool rcu_segcblist_accelerate(struct rcu_segcblist *l, unsigned long seq)
{
	int i, j;

	if (!rcu_segcblist_pend_cbs(l))
		return false;
	/* Find the last segment that must keep its earlier grace period. */
	for (i = RCU_NEXT_READY_TAIL; i > RCU_DONE_TAIL; i--)
		if (!seg_empty(l, i) && ULONG_CMP_LT(l->gp_seq[i], seq))
			break;
	if (++i >= RCU_NEXT_TAIL)
		return false;	/* no free segment: try after the next advance */
	/*
	 * Nothing after the segments that keep their grace period: every
	 * callback already waits for one no later than @seq, and asking
	 * for @seq would start a grace period nobody needs.
	 */
	if (l->tails[i - 1] == l->tails[RCU_NEXT_TAIL])
		return false;
	/* Merge segments i..NEXT into segment i, waiting for @seq. */
	for (j = i + 1; j <= RCU_NEXT_TAIL; j++) {
		l->seglen[i] += l->seglen[j];
		l->seglen[j] = 0;
	}
	l->tails[i] = l->tails[RCU_NEXT_TAIL];
	l->gp_seq[i] = seq;
	for (j = i + 1; j < RCU_NEXT_TAIL; j++)
		l->tails[j] = l->tails[RCU_NEXT_TAIL];
	return true;
}

/**
 * rcu_segcblist_extract_done() - take up to @limit ready callbacks
 * @l: the list
 * @limit: most callbacks to take (negative: all)
 * @out: receives them, in order
 *
 * They still count in rcu_segcblist_n_cbs() until the caller, having
 * invoked them, subtracts them with rcu_segcblist_add_len(): a list whose
 * count reads zero has no callback left to run, not even one in flight.
 *
 * Return: the number taken.
 */
long rcu_segcblist_extract_done(struct rcu_segcblist *l, long limit,
				struct rcu_cblist *out)
{
	long n = l->seglen[RCU_DONE_TAIL];
	struct rcu_head **last;

	rcu_cblist_init(out);
	if (limit >= 0 && limit < n)
		n = limit;
	if (!n)
		return 0;
	/* The whole segment needs no walk; a part, a walk without tests. */
	if (n == l->seglen[RCU_DONE_TAIL]) {
		last = l->tails[RCU_DONE_TAIL];
	} else {
		last = &l->head;
		for (long i = 0; i < n; i++)
			last = &(*last)->next;
	}
	out->head = l->head;
	out->tail = last;
	out->len = n;
	l->head = *last;
	*last = NULL;
	/* Tails that pointed at the last extracted callback now point at head. */
	for (int i = 0; i < RCU_CBLIST_NSEGS; i++)
		if (l->tails[i] == last)
			l->tails[i] = &l->head;
	l->seglen[RCU_DONE_TAIL] -= n;
	return n;
}

/* Is @rhp queued on @l?  For debugging only: walks the whole list. */
bool rcu_segcblist_contains(const struct rcu_segcblist *l, const struct rcu_head *rhp)
{
	for (const struct rcu_head *p = l->head; p; p = p->next)
		if (p == rhp)
			return true;
	return false;
}

/* Put @src's callbacks at the end of @dst's segment @seg, in order. */
static void splice_into_seg(struct rcu_segcblist *dst, int seg, struct rcu_cblist *src)
{
	struct rcu_head **old = dst->tails[seg];

	if (!src->len)
		return;
	*src->tail = *old;
	*old = src->head;
	/* @seg's tail, and those of the empty segments after it, move on. */
	for (int i = seg; i < RCU_CBLIST_NSEGS; i++)
		if (dst->tails[i] == old)
			dst->tails[i] = src->tail;
	dst->seglen[seg] += src->len;
	WRITE_ONCE(dst->len, dst->len + src->len);
}

/* Take segment @seg of @l out into @out (emptying it). */
static void extract_seg(struct rcu_segcblist *l, int seg, struct rcu_cblist *out)
{
	struct rcu_head **start = seg ? l->tails[seg - 1] : &l->head;

	rcu_cblist_init(out);
	if (seg_empty(l, seg))
		return;
	out->head = *start;
	out->tail = l->tails[seg];
	out->len = l->seglen[seg];
	*start = *l->tails[seg];
	*out->tail = NULL;
	for (int i = seg; i < RCU_CBLIST_NSEGS; i++)
		if (l->tails[i] == out->tail)
			l->tails[i] = start;
	l->seglen[seg] = 0;
	WRITE_ONCE(l->len, l->len - out->len);
}

/* Does a segment after @seg (NEXT excepted) hold callbacks? */
static bool waits_after(const struct rcu_segcblist *l, int seg)
{
	for (int i = seg + 1; i < RCU_NEXT_TAIL; i++)
		if (!seg_empty(l, i))
			return true;
	return false;
}

/**
 * rcu_segcblist_merge() - move all of @src's callbacks to @dst
 * @dst: the list that keeps them
 * @src: emptied
 *
 * For CPU hotplug: an offline CPU's callbacks go to a surviving one.
 * Ready callbacks join @dst's ready ones; each waiting segment of @src
 * joins the first segment of @dst waiting for the same or a later grace
 * period, or takes a free segment with its own grace-period number, or,
 * when neither exists, @dst's NEXT segment (to be accelerated).  So no
 * callback is ever invoked before its grace period ends, none waits for
 * more than one grace period more than it did, and callbacks queued on
 * one CPU keep their order.
 */
void rcu_segcblist_merge(struct rcu_segcblist *dst, struct rcu_segcblist *src)
{
	struct rcu_cblist cbs;
	int seg, i;

	extract_seg(src, RCU_DONE_TAIL, &cbs);
	splice_into_seg(dst, RCU_DONE_TAIL, &cbs);
	for (seg = RCU_WAIT_TAIL; seg < RCU_NEXT_TAIL; seg++) {
		unsigned long gp = src->gp_seq[seg];

		if (seg_empty(src, seg))
			continue;
		extract_seg(src, seg, &cbs);
		for (i = RCU_WAIT_TAIL; i < RCU_NEXT_TAIL; i++) {
			if (!seg_empty(dst, i)) {
				if (ULONG_CMP_GE(dst->gp_seq[i], gp))
					break;
				continue;
			}
			if (!waits_after(dst, i)) {
				dst->gp_seq[i] = gp;
				break;
			}
		}
		/* i == RCU_NEXT_TAIL: no room; NEXT will be accelerated. */
		splice_into_seg(dst, i, &cbs);
	}
	extract_seg(src, RCU_NEXT_TAIL, &cbs);
	splice_into_seg(dst, RCU_NEXT_TAIL, &cbs);
}
