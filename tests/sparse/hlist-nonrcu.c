/* RCU accessors on an hlist's plain first/next fields. */
#include <linux/rcupdate.h>
#include <linux/rculist.h>

static void add_head(struct hlist_node *n, struct hlist_head *h)
{
	n->next = h->first;
	n->pprev = &h->first;
	rcu_assign_pointer(h->first, n);
}

static struct hlist_node *second(struct hlist_node *n)
{
	return rcu_dereference(n->next);
}

/*
 * check-name: hlist-nonrcu
 * check-exit-value: 1
 *
 * check-error-start
hlist-nonrcu.c:9:9: error: incompatible types in comparison expression (different address spaces):
hlist-nonrcu.c:9:9:    struct hlist_node [noderef] __rcu *
hlist-nonrcu.c:9:9:    struct hlist_node *
hlist-nonrcu.c:9:9: error: incorrect type in assignment (different address spaces)
hlist-nonrcu.c:9:9:    expected struct hlist_node *volatile
hlist-nonrcu.c:9:9:    got struct hlist_node [noderef] __rcu *
hlist-nonrcu.c:14:16: error: incompatible types in comparison expression (different address spaces):
hlist-nonrcu.c:14:16:    struct hlist_node [noderef] __rcu *
hlist-nonrcu.c:14:16:    struct hlist_node *
 * check-error-end
 */
