/*
 * A known limit, kept as a case so that it stays visible: a reader that
 * walks an RCU list with the plain list_for_each_entry() is NOT caught by
 * sparse, because struct list_head's fields are plain pointers (see the
 * comment at the top of <linux/rculist.h>).  Only the lockdep condition of
 * the _rcu iterators checks such walks, at run time.  If the list types
 * ever get __rcu fields, this case must start to fail.
 */
#include <linux/rcupdate.h>
#include <linux/rculist.h>

struct item {
	int val;
	struct list_head node;
};

static LIST_HEAD(items);

static int sum(void)
{
	struct item *it;
	int s = 0;

	rcu_read_lock();
	list_for_each_entry(it, &items, node)
		s += it->val;
	rcu_read_unlock();
	return s;
}

/*
 * check-name: limit-rculist-plain-walk
 */
