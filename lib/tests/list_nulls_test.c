// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "list_nulls": <linux/list_nulls.h> and <linux/rculist_nulls.h>
 * on one CPU: the nulls markers, adding at the head and the tail,
 * deleting (the _init form marks the node unhashed; the plain and _rcu
 * forms leave ->next for readers), and the walks ending at the nulls of
 * the list they walked.  slab_typesafe tests the lookup pattern.
 */
#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/list_nulls.h>
#include <linux/rculist_nulls.h>

struct ln_item {
	int val;
	struct hlist_nulls_node node;
};

/* The values on @h in order, into @out; returns how many, *@end the nulls. */
static int ln_collect(struct hlist_nulls_head *h, int *out, unsigned long *end)
{
	struct hlist_nulls_node *pos;
	struct ln_item *it;
	int n = 0;

	rcu_read_lock();
	hlist_nulls_for_each_entry_rcu(it, pos, h, node)
		out[n++] = it->val;
	*end = get_nulls_value(pos);
	rcu_read_unlock();
	return n;
}

static void ln_markers(struct kunit *test)
{
	struct hlist_nulls_head h;
	struct ln_item it = { .val = 1 };

	INIT_HLIST_NULLS_HEAD(&h, 12345);
	KUNIT_EXPECT_TRUE(test, hlist_nulls_empty(&h));
	KUNIT_EXPECT_TRUE(test, is_a_nulls(h.first));
	KUNIT_EXPECT_EQ(test, get_nulls_value(h.first), 12345UL);
	KUNIT_EXPECT_NULL(test, hlist_nulls_entry_safe(h.first, struct ln_item, node));
	KUNIT_EXPECT_FALSE(test, is_a_nulls(&it.node));
	hlist_nulls_add_head(&it.node, &h);
	KUNIT_EXPECT_FALSE(test, hlist_nulls_empty(&h));
	KUNIT_EXPECT_PTR_EQ(test, hlist_nulls_entry_safe(h.first, struct ln_item, node), &it);
	KUNIT_EXPECT_EQ(test, get_nulls_value(it.node.next), 12345UL);
}

static void ln_add_del(struct kunit *test)
{
	struct ln_item items[4] = { { .val = 0 }, { .val = 1 }, { .val = 2 }, { .val = 3 } };
	struct hlist_nulls_head h;
	struct hlist_nulls_node *pos;
	struct ln_item *it;
	unsigned long end;
	int vals[4], n, sum = 0;

	INIT_HLIST_NULLS_HEAD(&h, 7);
	hlist_nulls_add_head_rcu(&items[1].node, &h);
	hlist_nulls_add_head_rcu(&items[0].node, &h);
	hlist_nulls_add_tail_rcu(&items[2].node, &h);
	hlist_nulls_add_tail_rcu(&items[3].node, &h);
	n = ln_collect(&h, vals, &end);
	KUNIT_ASSERT_EQ(test, n, 4);
	KUNIT_EXPECT_EQ(test, end, 7UL);
	for (n = 0; n < 4; n++)
		KUNIT_EXPECT_EQ(test, vals[n], n);

	/* Deleted nodes keep ->next: a reader on one goes on to the end. */
	hlist_nulls_del_rcu(&items[1].node);
	KUNIT_EXPECT_PTR_EQ(test, items[1].node.next, &items[2].node);
	hlist_nulls_del_init_rcu(&items[3].node);
	KUNIT_EXPECT_TRUE(test, hlist_nulls_unhashed(&items[3].node));
	KUNIT_EXPECT_TRUE(test, is_a_nulls(items[3].node.next));
	hlist_nulls_del_init_rcu(&items[3].node);	/* twice is fine */
	n = ln_collect(&h, vals, &end);
	KUNIT_ASSERT_EQ(test, n, 2);
	KUNIT_EXPECT_EQ(test, vals[0], 0);
	KUNIT_EXPECT_EQ(test, vals[1], 2);
	KUNIT_EXPECT_EQ(test, end, 7UL);

	hlist_nulls_for_each_entry(it, pos, &h, node)
		sum += it->val;
	KUNIT_EXPECT_EQ(test, sum, 2);
	KUNIT_EXPECT_EQ(test, get_nulls_value(pos), 7UL);
	hlist_nulls_for_each_entry_safe(it, pos, &h, node)
		hlist_nulls_del(&it->node);
	KUNIT_EXPECT_TRUE(test, hlist_nulls_empty(&h));
	KUNIT_EXPECT_EQ(test, get_nulls_value(h.first), 7UL);
}

/* A node moved to another list carries a walk to that list's nulls. */
static void ln_walk_ends_elsewhere(struct kunit *test)
{
	struct ln_item a = { .val = 1 }, b = { .val = 2 };
	struct hlist_nulls_head h0, h1;
	struct hlist_nulls_node *pos;
	struct ln_item *it;
	int seen = 0;

	INIT_HLIST_NULLS_HEAD(&h0, 0);
	INIT_HLIST_NULLS_HEAD(&h1, 1);
	hlist_nulls_add_head_rcu(&b.node, &h0);
	hlist_nulls_add_head_rcu(&a.node, &h0);
	rcu_read_lock();
	hlist_nulls_for_each_entry_rcu(it, pos, &h0, node) {
		seen++;
		if (it == &a) {
			hlist_nulls_del_rcu(&a.node);
			hlist_nulls_add_head_rcu(&a.node, &h1);
		}
	}
	rcu_read_unlock();
	KUNIT_EXPECT_EQ(test, seen, 1);		/* b was missed ... */
	KUNIT_EXPECT_EQ(test, get_nulls_value(pos), 1UL);	/* ... and it shows */
	seen = 0;
	pos = h0.first;
	hlist_nulls_for_each_entry_from(it, pos, node)
		seen++;
	KUNIT_EXPECT_EQ(test, seen, 1);
}

static struct kunit_case list_nulls_test_cases[] = {
	KUNIT_CASE(ln_markers),
	KUNIT_CASE(ln_add_del),
	KUNIT_CASE(ln_walk_ends_elsewhere),
	{}
};

static struct kunit_suite list_nulls_test_suite = {
	.name = "list_nulls",
	.test_cases = list_nulls_test_cases,
};

kunit_test_suites(&list_nulls_test_suite);
