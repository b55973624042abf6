/* hlist_first_rcu()/hlist_next_rcu() used as plain pointers. */
#include <linux/rcupdate.h>
#include <linux/rculist.h>

static int count(struct hlist_head *h)
{
	struct hlist_node *n;
	int c = 0;

	for (n = hlist_first_rcu(h); n; n = hlist_next_rcu(n))
		c++;
	return c;
}

/*
 * check-name: hlist-first-plain
 * check-exit-value: 1
 *
 * check-error-start
hlist-first-plain.c:10:16: error: incorrect type in assignment (different address spaces)
hlist-first-plain.c:10:16:    expected struct hlist_node *n
hlist-first-plain.c:10:16:    got struct hlist_node [noderef] __rcu *
hlist-first-plain.c:10:43: error: incorrect type in assignment (different address spaces)
hlist-first-plain.c:10:43:    expected struct hlist_node *n
hlist-first-plain.c:10:43:    got struct hlist_node [noderef] __rcu *
 * check-error-end
 */
