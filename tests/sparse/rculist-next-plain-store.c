/* A plain store through list_next_rcu(): publish with rcu_assign_pointer(). */
#include <linux/rcupdate.h>
#include <linux/rculist.h>

static void link_after(struct list_head *new, struct list_head *prev)
{
	new->next = prev->next;
	new->prev = prev;
	list_next_rcu(prev) = new;
	new->next->prev = new;
}

/*
 * check-name: rculist-next-plain-store
 * check-exit-value: 1
 *
 * check-error-start
rculist-next-plain-store.c:9:29: error: incorrect type in assignment (different address spaces)
rculist-next-plain-store.c:9:29:    expected struct list_head [noderef] __rcu *
rculist-next-plain-store.c:9:29:    got struct list_head *new
 * check-error-end
 */
