// SPDX-License-Identifier: GPL-2.0
/* Unit tests for RCU's segmented callback lists (rcu/rcu_segcblist.c). */
#include "ktest.h"

#include <linux/kernel.h>
#include <linux/rcu_segcblist.h>
#include "../../rcu/rcu_segcblist.c"

#define N 64
static struct rcu_head heads[N];

static long idx(struct rcu_head *h)
{
	return h - heads;
}

/* Take every ready callback; check they come out as @first, @first+1, ... */
static long drain_in_order(struct ktest *t, struct rcu_segcblist *l, long first)
{
	struct rcu_cblist done;
	struct rcu_head *h;
	long n = rcu_segcblist_extract_done(l, -1, &done);

	KEXPECT_TRUE(t, rcu_segcblist_n_cbs(l) >= n);	/* counted until invoked */
	rcu_segcblist_add_len(l, -n);
	for (long i = 0; i < n; i++) {
		h = rcu_cblist_dequeue(&done);
		KEXPECT_EQ(t, idx(h), first + i);
	}
	KEXPECT_NULL(t, rcu_cblist_dequeue(&done));
	return n;
}

static void test_empty(struct ktest *t)
{
	struct rcu_segcblist l;
	struct rcu_cblist done;
	unsigned long seq;

	rcu_segcblist_init(&l);
	KEXPECT_TRUE(t, rcu_segcblist_empty(&l));
	KEXPECT_FALSE(t, rcu_segcblist_ready_cbs(&l));
	KEXPECT_FALSE(t, rcu_segcblist_pend_cbs(&l));
	KEXPECT_FALSE(t, rcu_segcblist_accelerate(&l, 8));
	KEXPECT_FALSE(t, rcu_segcblist_nextgp(&l, &seq));
	KEXPECT_EQ(t, rcu_segcblist_extract_done(&l, -1, &done), 0);
}

static void test_lifecycle(struct ktest *t)
{
	struct rcu_segcblist l;
	unsigned long seq = 0;

	rcu_segcblist_init(&l);
	for (int i = 0; i < 3; i++)
		rcu_segcblist_enqueue(&l, &heads[i]);
	KEXPECT_EQ(t, rcu_segcblist_n_cbs(&l), 3);
	KEXPECT_TRUE(t, rcu_segcblist_pend_cbs(&l));
	KEXPECT_FALSE(t, rcu_segcblist_ready_cbs(&l));

	/* The first three wait for GP 8, the next two for GP 12. */
	KEXPECT_TRUE(t, rcu_segcblist_accelerate(&l, 8));
	KEXPECT_TRUE(t, rcu_segcblist_nextgp(&l, &seq));
	KEXPECT_EQ(t, seq, 8UL);
	KEXPECT_EQ(t, l.seglen[RCU_WAIT_TAIL], 3);
	for (int i = 3; i < 5; i++)
		rcu_segcblist_enqueue(&l, &heads[i]);
	KEXPECT_TRUE(t, rcu_segcblist_accelerate(&l, 12));
	KEXPECT_EQ(t, l.seglen[RCU_NEXT_READY_TAIL], 2);
	/* A sixth, queued before GP 12 started, can share it. */
	rcu_segcblist_enqueue(&l, &heads[5]);
	KEXPECT_TRUE(t, rcu_segcblist_accelerate(&l, 12));
	KEXPECT_EQ(t, l.seglen[RCU_NEXT_READY_TAIL], 3);
	KEXPECT_EQ(t, l.seglen[RCU_NEXT_TAIL], 0);

	/*
	 * Nothing new: when GP 8 starts and this CPU accelerates again with
	 * the snapshot taken during it (GP 16), no grace period is needed.
	 */
	KEXPECT_FALSE(t, rcu_segcblist_accelerate(&l, 16));
	KEXPECT_EQ(t, l.seglen[RCU_NEXT_READY_TAIL], 3);
	KEXPECT_TRUE(t, rcu_segcblist_nextgp(&l, &seq));
	KEXPECT_EQ(t, seq, 8UL);

	/* Not yet: sequence 5 is GP 8 in progress. */
	rcu_segcblist_advance(&l, 5);
	KEXPECT_FALSE(t, rcu_segcblist_ready_cbs(&l));

	rcu_segcblist_advance(&l, 8);
	KEXPECT_TRUE(t, rcu_segcblist_ready_cbs(&l));
	KEXPECT_EQ(t, l.seglen[RCU_DONE_TAIL], 3);
	KEXPECT_EQ(t, l.seglen[RCU_WAIT_TAIL], 3);	/* shifted down */
	KEXPECT_TRUE(t, rcu_segcblist_nextgp(&l, &seq));
	KEXPECT_EQ(t, seq, 12UL);

	/* Callbacks queued now wait for GP 16: NEXT_READY is free again. */
	rcu_segcblist_enqueue(&l, &heads[6]);
	KEXPECT_TRUE(t, rcu_segcblist_accelerate(&l, 16));
	KEXPECT_EQ(t, l.seglen[RCU_NEXT_READY_TAIL], 1);

	KEXPECT_EQ(t, drain_in_order(t, &l, 0), 3);
	KEXPECT_EQ(t, rcu_segcblist_n_cbs(&l), 4);
	rcu_segcblist_advance(&l, 16);	/* both GPs over at once */
	KEXPECT_EQ(t, drain_in_order(t, &l, 3), 4);
	KEXPECT_TRUE(t, rcu_segcblist_empty(&l));
	KEXPECT_EQ(t, rcu_segcblist_n_cbs(&l), 0);
}

static void test_batch_limit(struct ktest *t)
{
	struct rcu_segcblist l;
	struct rcu_cblist done;
	long got = 0;

	rcu_segcblist_init(&l);
	for (int i = 0; i < N; i++)
		rcu_segcblist_enqueue(&l, &heads[i]);
	rcu_segcblist_accelerate(&l, 4);
	rcu_segcblist_advance(&l, 4);
	while (rcu_segcblist_ready_cbs(&l)) {
		long n = rcu_segcblist_extract_done(&l, 10, &done);
		struct rcu_head *h;

		KEXPECT_LE(t, n, 10);
		rcu_segcblist_add_len(&l, -n);
		while ((h = rcu_cblist_dequeue(&done)))
			KEXPECT_EQ(t, idx(h), got++);
		/* New callbacks may arrive between batches. */
	}
	KEXPECT_EQ(t, got, N);
	KEXPECT_TRUE(t, rcu_segcblist_empty(&l));
	/* The list is reusable: tails were reset. */
	rcu_segcblist_enqueue(&l, &heads[0]);
	KEXPECT_EQ(t, rcu_segcblist_n_cbs(&l), 1);
	KEXPECT_TRUE(t, rcu_segcblist_contains(&l, &heads[0]));
	KEXPECT_FALSE(t, rcu_segcblist_contains(&l, &heads[1]));
}

/* Grace-period numbers that wrap around zero compare correctly. */
static void test_wrap(struct ktest *t)
{
	struct rcu_segcblist l;
	unsigned long s1 = ULONG_MAX - 3, s2 = 0, s3 = 4;	/* consecutive GPs */

	rcu_segcblist_init(&l);
	rcu_segcblist_enqueue(&l, &heads[0]);
	KEXPECT_TRUE(t, rcu_segcblist_accelerate(&l, s1));
	rcu_segcblist_enqueue(&l, &heads[1]);
	KEXPECT_TRUE(t, rcu_segcblist_accelerate(&l, s2));
	rcu_segcblist_enqueue(&l, &heads[2]);
	/* Both waiting segments are taken: s3 has to wait for an advance. */
	KEXPECT_FALSE(t, rcu_segcblist_accelerate(&l, s3));
	rcu_segcblist_advance(&l, ULONG_MAX - 6);	/* GP before s1 in progress */
	KEXPECT_FALSE(t, rcu_segcblist_ready_cbs(&l));
	rcu_segcblist_advance(&l, s1);
	KEXPECT_EQ(t, l.seglen[RCU_DONE_TAIL], 1);
	KEXPECT_TRUE(t, rcu_segcblist_accelerate(&l, s3));
	rcu_segcblist_advance(&l, s2 + 1);	/* GP s2 over, next in progress */
	KEXPECT_EQ(t, l.seglen[RCU_DONE_TAIL], 2);
	rcu_segcblist_advance(&l, s3);
	KEXPECT_EQ(t, drain_in_order(t, &l, 0), 3);
}

/* Queue heads [@lo, @hi) on @l and give them grace period @gp. */
static void queue_for(struct rcu_segcblist *l, int lo, int hi, unsigned long gp)
{
	for (int i = lo; i < hi; i++)
		rcu_segcblist_enqueue(l, &heads[i]);
	if (gp)
		rcu_segcblist_accelerate(l, gp);
}

/*
 * An offline CPU's callbacks join a survivor's: each keeps a grace period
 * no earlier than its own, those of one CPU keep their order, and the
 * ready ones are ready at once.
 */
static void test_merge(struct ktest *t)
{
	struct rcu_segcblist dst, src;
	unsigned long seq;

	rcu_segcblist_init(&dst);
	rcu_segcblist_init(&src);
	/* src: 0-1 ready, 2-3 wait for GP 8, 4-5 for GP 12, 6 not numbered. */
	queue_for(&src, 0, 2, 4);
	rcu_segcblist_advance(&src, 4);
	queue_for(&src, 2, 4, 8);
	queue_for(&src, 4, 6, 12);
	queue_for(&src, 6, 7, 0);
	/* dst: 10-11 wait for GP 8, 12 not numbered. */
	queue_for(&dst, 10, 12, 8);
	queue_for(&dst, 12, 13, 0);

	rcu_segcblist_merge(&dst, &src);
	KEXPECT_TRUE(t, rcu_segcblist_empty(&src));
	KEXPECT_EQ(t, rcu_segcblist_n_cbs(&src), 0);
	KEXPECT_EQ(t, rcu_segcblist_n_cbs(&dst), 10);
	KEXPECT_EQ(t, dst.seglen[RCU_DONE_TAIL], 2);
	KEXPECT_EQ(t, dst.seglen[RCU_WAIT_TAIL], 4);
	KEXPECT_EQ(t, dst.gp_seq[RCU_WAIT_TAIL], 8UL);
	KEXPECT_EQ(t, dst.seglen[RCU_NEXT_READY_TAIL], 2);
	KEXPECT_EQ(t, dst.gp_seq[RCU_NEXT_READY_TAIL], 12UL);
	KEXPECT_EQ(t, dst.seglen[RCU_NEXT_TAIL], 2);
	KEXPECT_TRUE(t, rcu_segcblist_nextgp(&dst, &seq));
	KEXPECT_EQ(t, seq, 8UL);

	/* Ready now: src's 0-1.  After GP 8: dst's 10-11, then src's 2-3. */
	KEXPECT_EQ(t, drain_in_order(t, &dst, 0), 2);
	rcu_segcblist_advance(&dst, 8);
	KEXPECT_EQ(t, dst.seglen[RCU_DONE_TAIL], 4);
	KEXPECT_EQ(t, idx(dst.head), 10);
	KEXPECT_EQ(t, idx(dst.head->next), 11);
	KEXPECT_EQ(t, idx(dst.head->next->next), 2);
	KEXPECT_EQ(t, idx(dst.head->next->next->next), 3);
	rcu_segcblist_add_len(&dst, -rcu_segcblist_extract_done(&dst, -1, &(struct rcu_cblist){ }));
	rcu_segcblist_advance(&dst, 12);
	KEXPECT_EQ(t, drain_in_order(t, &dst, 4), 2);
	/* The unnumbered ones wait for the next acceleration. */
	KEXPECT_TRUE(t, rcu_segcblist_accelerate(&dst, 16));
	rcu_segcblist_advance(&dst, 16);
	KEXPECT_EQ(t, rcu_segcblist_n_cbs(&dst), 2);
	KEXPECT_EQ(t, idx(dst.head), 12);
	KEXPECT_EQ(t, idx(dst.head->next), 6);

	/* No segment free: a later grace period, never an earlier one. */
	rcu_segcblist_init(&dst);
	rcu_segcblist_init(&src);
	queue_for(&dst, 20, 21, 8);
	queue_for(&dst, 21, 22, 12);
	queue_for(&src, 30, 31, 16);
	rcu_segcblist_merge(&dst, &src);
	KEXPECT_EQ(t, dst.seglen[RCU_NEXT_TAIL], 1);
	rcu_segcblist_advance(&dst, 12);
	KEXPECT_EQ(t, drain_in_order(t, &dst, 20), 2);
	KEXPECT_FALSE(t, rcu_segcblist_ready_cbs(&dst));
}

static const struct ktest_case cases[] = {
	KTEST_CASE(test_empty),
	KTEST_CASE(test_lifecycle),
	KTEST_CASE(test_batch_limit),
	KTEST_CASE(test_wrap),
	KTEST_CASE(test_merge),
	{}
};

KTEST_MAIN("rcu_segcblist", cases)
