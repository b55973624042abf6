/*
 * An RCU list's next pointer read with rcu_dereference() directly: the
 * field of struct list_head is plain, so the RCU view must be named
 * with list_next_rcu().
 */
#include <linux/rcupdate.h>
#include <linux/rculist.h>

struct item {
	int val;
	struct list_head node;
};

static LIST_HEAD(items);

static int first_val(void)
{
	struct list_head *first;
	int val = -1;

	rcu_read_lock();
	first = rcu_dereference(items.next);
	if (first != &items)
		val = list_entry(first, struct item, node)->val;
	rcu_read_unlock();
	return val;
}

/*
 * check-name: rculist-next-nonrcu
 * check-exit-value: 1
 *
 * check-error-start
rculist-next-nonrcu.c:22:17: error: incompatible types in comparison expression (different address spaces):
rculist-next-nonrcu.c:22:17:    struct list_head [noderef] __rcu *
rculist-next-nonrcu.c:22:17:    struct list_head *
 * check-error-end
 */
