// SPDX-License-Identifier: GPL-2.0
/* Unit tests for <linux/list.h>: list_head and hlist. */
#include "ktest.h"

#include <linux/list.h>
#include <linux/kernel.h>

struct item {
	int val;
	struct list_head node;
	struct hlist_node hnode;
};

static struct item items[8];

static void init_items(void)
{
	int i;

	for (i = 0; i < (int)ARRAY_SIZE(items); i++) {
		items[i].val = i;
		INIT_LIST_HEAD(&items[i].node);
		INIT_HLIST_NODE(&items[i].hnode);
	}
}

/* Render the list as a string of digits, checking prev links on the way. */
static const char *list_str(struct ktest *t, struct list_head *head)
{
	static char buf[64];
	struct list_head *pos;
	int n = 0;

	for (pos = head->next; pos != head && n < 60; pos = pos->next) {
		KEXPECT_PTR_EQ(t, pos->next->prev, pos);
		buf[n++] = '0' + list_entry(pos, struct item, node)->val;
	}
	KEXPECT_PTR_EQ(t, head->next->prev, head);
	buf[n] = '\0';
	return buf;
}

static void test_init_empty(struct ktest *t)
{
	LIST_HEAD(head);
	struct list_head h2;

	KEXPECT_TRUE(t, list_empty(&head));
	KEXPECT_PTR_EQ(t, head.next, &head);
	KEXPECT_PTR_EQ(t, head.prev, &head);
	INIT_LIST_HEAD(&h2);
	KEXPECT_TRUE(t, list_empty(&h2));
	KEXPECT_FALSE(t, list_is_singular(&h2));
	KEXPECT_NULL(t, list_first_entry_or_null(&h2, struct item, node));
	KEXPECT_EQ(t, list_count_nodes(&h2), 0);
}

static void test_add(struct ktest *t)
{
	LIST_HEAD(head);

	init_items();
	list_add(&items[1].node, &head);
	KEXPECT_TRUE(t, list_is_singular(&head));
	list_add(&items[2].node, &head);
	list_add_tail(&items[3].node, &head);
	KEXPECT_STREQ(t, list_str(t, &head), "213");
	KEXPECT_FALSE(t, list_empty(&head));
	KEXPECT_FALSE(t, list_is_singular(&head));
	KEXPECT_EQ(t, list_first_entry(&head, struct item, node)->val, 2);
	KEXPECT_EQ(t, list_last_entry(&head, struct item, node)->val, 3);
	KEXPECT_EQ(t, list_first_entry_or_null(&head, struct item, node)->val, 2);
	KEXPECT_EQ(t, list_next_entry(&items[2], node)->val, 1);
	KEXPECT_EQ(t, list_prev_entry(&items[3], node)->val, 1);
	KEXPECT_TRUE(t, list_is_first(&items[2].node, &head));
	KEXPECT_TRUE(t, list_is_last(&items[3].node, &head));
	KEXPECT_FALSE(t, list_is_last(&items[1].node, &head));
	KEXPECT_EQ(t, list_count_nodes(&head), 3);
}

static void test_del(struct ktest *t)
{
	LIST_HEAD(head);
	int i;

	init_items();
	for (i = 0; i < 5; i++)
		list_add_tail(&items[i].node, &head);
	list_del(&items[2].node);
	KEXPECT_STREQ(t, list_str(t, &head), "0134");
	KEXPECT_PTR_EQ(t, items[2].node.next, LIST_POISON1);
	KEXPECT_PTR_EQ(t, items[2].node.prev, LIST_POISON2);
	/* The poison is non-canonical: any dereference faults. */
	KEXPECT_EQ(t, (unsigned long)LIST_POISON1 >> 48, 0xdead);

	list_del_init(&items[0].node);
	KEXPECT_TRUE(t, list_empty(&items[0].node));
	KEXPECT_STREQ(t, list_str(t, &head), "134");
	list_del(&items[4].node);
	list_del(&items[1].node);
	KEXPECT_TRUE(t, list_is_singular(&head));
	list_del(&items[3].node);
	KEXPECT_TRUE(t, list_empty(&head));
}

static void test_replace_move(struct ktest *t)
{
	LIST_HEAD(a);
	LIST_HEAD(b);
	int i;

	init_items();
	for (i = 0; i < 4; i++)
		list_add_tail(&items[i].node, &a);
	list_replace(&items[1].node, &items[5].node);
	KEXPECT_STREQ(t, list_str(t, &a), "0523");
	list_replace_init(&items[5].node, &items[6].node);
	KEXPECT_STREQ(t, list_str(t, &a), "0623");
	KEXPECT_TRUE(t, list_empty(&items[5].node));

	list_move(&items[3].node, &a);
	KEXPECT_STREQ(t, list_str(t, &a), "3062");
	list_move_tail(&items[3].node, &a);
	KEXPECT_STREQ(t, list_str(t, &a), "0623");
	list_move(&items[0].node, &b);
	list_move_tail(&items[2].node, &b);
	KEXPECT_STREQ(t, list_str(t, &a), "63");
	KEXPECT_STREQ(t, list_str(t, &b), "02");
	list_rotate_left(&a);
	KEXPECT_STREQ(t, list_str(t, &a), "36");
}

static void test_splice(struct ktest *t)
{
	LIST_HEAD(a);
	LIST_HEAD(b);
	LIST_HEAD(empty);

	init_items();
	list_add_tail(&items[0].node, &a);
	list_add_tail(&items[1].node, &a);
	list_add_tail(&items[2].node, &b);
	list_add_tail(&items[3].node, &b);

	list_splice_init(&b, &a);
	KEXPECT_STREQ(t, list_str(t, &a), "2301");
	KEXPECT_TRUE(t, list_empty(&b));

	list_splice_init(&empty, &a);		/* no-op */
	KEXPECT_STREQ(t, list_str(t, &a), "2301");

	list_add_tail(&items[4].node, &b);
	list_add_tail(&items[5].node, &b);
	list_splice_tail_init(&b, &a);
	KEXPECT_STREQ(t, list_str(t, &a), "230145");
	KEXPECT_TRUE(t, list_empty(&b));

	list_add_tail(&items[6].node, &b);
	list_splice(&b, &a);
	KEXPECT_STREQ(t, list_str(t, &a), "6230145");
	INIT_LIST_HEAD(&b);			/* b's head is stale after list_splice */
	list_del(&items[6].node);
	list_add_tail(&items[6].node, &b);
	list_splice_tail(&b, &a);
	KEXPECT_STREQ(t, list_str(t, &a), "2301456");
	KEXPECT_EQ(t, list_count_nodes(&a), 7);
}

static void test_iterate(struct ktest *t)
{
	LIST_HEAD(head);
	struct item *pos, *n;
	struct list_head *p, *q;
	char buf[16];
	int i, len;

	init_items();
	for (i = 0; i < 6; i++)
		list_add_tail(&items[i].node, &head);

	len = 0;
	list_for_each(p, &head)
		buf[len++] = '0' + list_entry(p, struct item, node)->val;
	buf[len] = '\0';
	KEXPECT_STREQ(t, buf, "012345");

	len = 0;
	list_for_each_prev(p, &head)
		buf[len++] = '0' + list_entry(p, struct item, node)->val;
	buf[len] = '\0';
	KEXPECT_STREQ(t, buf, "543210");

	len = 0;
	list_for_each_entry(pos, &head, node)
		buf[len++] = '0' + pos->val;
	buf[len] = '\0';
	KEXPECT_STREQ(t, buf, "012345");
	KEXPECT_TRUE(t, list_entry_is_head(pos, &head, node));

	len = 0;
	list_for_each_entry_reverse(pos, &head, node)
		buf[len++] = '0' + pos->val;
	buf[len] = '\0';
	KEXPECT_STREQ(t, buf, "543210");

	/* continue / from, starting at item 2 */
	pos = &items[2];
	len = 0;
	list_for_each_entry_continue(pos, &head, node)
		buf[len++] = '0' + pos->val;
	buf[len] = '\0';
	KEXPECT_STREQ(t, buf, "345");
	pos = &items[2];
	len = 0;
	list_for_each_entry_from(pos, &head, node)
		buf[len++] = '0' + pos->val;
	buf[len] = '\0';
	KEXPECT_STREQ(t, buf, "2345");

	/* Deleting while iterating needs the _safe variants. */
	list_for_each_entry_safe(pos, n, &head, node) {
		if (pos->val % 2)
			list_del(&pos->node);
	}
	KEXPECT_STREQ(t, list_str(t, &head), "024");
	list_for_each_safe(p, q, &head) {
		if (list_entry(p, struct item, node)->val == 2)
			list_del_init(p);
	}
	KEXPECT_STREQ(t, list_str(t, &head), "04");
	list_for_each_entry_safe_reverse(pos, n, &head, node)
		list_del(&pos->node);
	KEXPECT_TRUE(t, list_empty(&head));

	/* Empty list: no iterations. */
	len = 0;
	list_for_each_entry(pos, &head, node)
		len++;
	list_for_each_entry_safe(pos, n, &head, node)
		len++;
	KEXPECT_EQ(t, len, 0);
}

/* Render a hlist as digits, checking pprev links on the way. */
static const char *hlist_str(struct ktest *t, struct hlist_head *head)
{
	static char buf[64];
	struct hlist_node *pos, **pprev = &head->first;
	int n = 0;

	for (pos = head->first; pos && n < 60; pos = pos->next) {
		KEXPECT_PTR_EQ(t, pos->pprev, pprev);
		pprev = &pos->next;
		buf[n++] = '0' + hlist_entry(pos, struct item, hnode)->val;
	}
	buf[n] = '\0';
	return buf;
}

static void test_hlist(struct ktest *t)
{
	HLIST_HEAD(head);
	struct hlist_head h2, h3 = HLIST_HEAD_INIT;
	struct item *pos;
	struct hlist_node *tmp;
	int len;
	char buf[16];

	init_items();
	KEXPECT_TRUE(t, hlist_empty(&head));
	KEXPECT_TRUE(t, hlist_unhashed(&items[0].hnode));
	INIT_HLIST_HEAD(&h2);
	KEXPECT_TRUE(t, hlist_empty(&h2));
	KEXPECT_TRUE(t, hlist_empty(&h3));

	hlist_add_head(&items[1].hnode, &head);
	hlist_add_head(&items[2].hnode, &head);
	hlist_add_head(&items[3].hnode, &head);
	KEXPECT_STREQ(t, hlist_str(t, &head), "321");
	KEXPECT_FALSE(t, hlist_unhashed(&items[1].hnode));
	KEXPECT_EQ(t, hlist_count_nodes(&head), 3);

	hlist_add_before(&items[4].hnode, &items[3].hnode);	/* new first */
	hlist_add_before(&items[5].hnode, &items[1].hnode);
	hlist_add_behind(&items[6].hnode, &items[1].hnode);	/* new last */
	hlist_add_behind(&items[7].hnode, &items[4].hnode);
	KEXPECT_STREQ(t, hlist_str(t, &head), "4732516");

	hlist_del(&items[4].hnode);				/* the first */
	KEXPECT_PTR_EQ(t, items[4].hnode.next, LIST_POISON1);
	KEXPECT_PTR_EQ(t, items[4].hnode.pprev, LIST_POISON2);
	hlist_del_init(&items[6].hnode);			/* the last */
	KEXPECT_TRUE(t, hlist_unhashed(&items[6].hnode));
	hlist_del_init(&items[6].hnode);			/* again: no-op */
	hlist_del(&items[2].hnode);				/* a middle one */
	KEXPECT_STREQ(t, hlist_str(t, &head), "7351");

	len = 0;
	hlist_for_each_entry(pos, &head, hnode)
		buf[len++] = '0' + pos->val;
	buf[len] = '\0';
	KEXPECT_STREQ(t, buf, "7351");

	pos = &items[3];
	len = 0;
	hlist_for_each_entry_continue(pos, hnode)
		buf[len++] = '0' + pos->val;
	buf[len] = '\0';
	KEXPECT_STREQ(t, buf, "51");

	hlist_move_list(&head, &h2);
	KEXPECT_TRUE(t, hlist_empty(&head));
	KEXPECT_STREQ(t, hlist_str(t, &h2), "7351");

	hlist_for_each_entry_safe(pos, tmp, &h2, hnode) {
		if (pos->val != 5)
			hlist_del_init(&pos->hnode);
	}
	KEXPECT_STREQ(t, hlist_str(t, &h2), "5");
	hlist_for_each_entry_safe(pos, tmp, &h2, hnode)
		hlist_del(&pos->hnode);
	KEXPECT_TRUE(t, hlist_empty(&h2));

	len = 0;
	hlist_for_each_entry(pos, &h2, hnode)
		len++;
	KEXPECT_EQ(t, len, 0);
}

static void test_hash_table(struct ktest *t)
{
	/* A small hash table: 16 buckets, 200 entries, then removal. */
	static struct item many[200];
	struct hlist_head table[16];
	struct hlist_node *p;
	struct item *pos;
	int i, count = 0, sum = 0;

	for (i = 0; i < 16; i++)
		INIT_HLIST_HEAD(&table[i]);
	for (i = 0; i < 200; i++) {
		many[i].val = i;
		hlist_add_head(&many[i].hnode, &table[i % 16]);
	}
	for (i = 0; i < 16; i++)
		hlist_for_each(p, &table[i]) {
			count++;
			sum += hlist_entry(p, struct item, hnode)->val;
		}
	KEXPECT_EQ(t, count, 200);
	KEXPECT_EQ(t, sum, 199 * 200 / 2);
	for (i = 0; i < 200; i += 2)
		hlist_del(&many[i].hnode);
	count = 0;
	for (i = 0; i < 16; i++)
		hlist_for_each_entry(pos, &table[i], hnode) {
			KEXPECT_EQ(t, pos->val % 2, 1);
			KEXPECT_EQ(t, pos->val % 16, i);
			count++;
		}
	KEXPECT_EQ(t, count, 100);
}

static const struct ktest_case cases[] = {
	KTEST_CASE(test_init_empty),
	KTEST_CASE(test_add),
	KTEST_CASE(test_del),
	KTEST_CASE(test_replace_move),
	KTEST_CASE(test_splice),
	KTEST_CASE(test_iterate),
	KTEST_CASE(test_hlist),
	KTEST_CASE(test_hash_table),
	{}
};

KTEST_MAIN("list", cases)
