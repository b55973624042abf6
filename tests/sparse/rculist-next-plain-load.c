/* list_next_rcu() loaded into a plain pointer without rcu_dereference(). */
#include <linux/rcupdate.h>
#include <linux/rculist.h>

static struct list_head *peek(struct list_head *head)
{
	struct list_head *next = list_next_rcu(head);

	return next;
}

/*
 * check-name: rculist-next-plain-load
 * check-exit-value: 1
 *
 * check-error-start
rculist-next-plain-load.c:7:34: error: incorrect type in initializer (different address spaces)
rculist-next-plain-load.c:7:34:    expected struct list_head *next
rculist-next-plain-load.c:7:34:    got struct list_head [noderef] __rcu *
 * check-error-end
 */
