/* Following or comparing list_next_rcu() with plain accesses. */
#include <linux/rcupdate.h>
#include <linux/rculist.h>

static bool second_is_head(struct list_head *head)
{
	return list_next_rcu(head)->next == head;
}

static bool is_empty(struct list_head *head)
{
	if (list_next_rcu(head) == head)
		return true;
	return false;
}

/*
 * check-name: rculist-next-deref
 * check-exit-value: 1
 *
 * check-error-start
rculist-next-deref.c:12:33: error: incompatible types in comparison expression (different address spaces):
rculist-next-deref.c:12:33:    struct list_head [noderef] __rcu *
rculist-next-deref.c:12:33:    struct list_head *
rculist-next-deref.c:7:16: error: dereference of noderef expression
 * check-error-end
 */
