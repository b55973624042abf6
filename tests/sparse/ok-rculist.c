/* Correct use of the RCU list, hlist and hash-table API: silent. */
#include <linux/rcupdate.h>
#include <linux/rculist.h>
#include <linux/hashtable.h>
#include <linux/spinlock.h>
#include <linux/slab.h>

struct item {
	unsigned long key;
	struct list_head node;
	struct hlist_node hnode;
	struct rcu_head rh;
};

static LIST_HEAD(items);
static HLIST_HEAD(hitems);
static DEFINE_HASHTABLE(table, 4);
static DEFINE_SPINLOCK(items_lock);

static unsigned long sum(void)
{
	struct item *it;
	unsigned long s = 0;
	int bkt;

	rcu_read_lock();
	list_for_each_entry_rcu(it, &items, node)
		s += it->key;
	it = list_first_or_null_rcu(&items, struct item, node);
	if (it) {
		struct item *next = list_next_or_null_rcu(&items, &it->node,
							  struct item, node);

		if (next)
			s += next->key;
		list_for_each_entry_continue_rcu(it, &items, node)
			s++;
	}
	hlist_for_each_entry_rcu(it, &hitems, hnode)
		s += it->key;
	hash_for_each_possible_rcu(table, it, hnode, 42UL)
		s += it->key;
	hash_for_each_rcu(table, bkt, it, hnode)
		s += it->key;
	s += (unsigned long)rcu_dereference(list_next_rcu(&items));
	s += (unsigned long)rcu_dereference(hlist_first_rcu(&hitems));
	rcu_read_unlock();
	return s;
}

static void update(struct item *a, struct item *b)
{
	struct item *it;
	LIST_HEAD(priv);

	spin_lock(&items_lock);
	list_add_rcu(&a->node, &items);
	list_for_each_entry_rcu(it, &items, node, lockdep_is_held(&items_lock))
		it->key++;
	list_replace_rcu(&a->node, &b->node);
	list_del_rcu(&b->node);
	list_add_tail_rcu(&a->node, &items);
	hlist_add_head_rcu(&a->hnode, &hitems);
	hlist_add_behind_rcu(&b->hnode, &a->hnode);
	hlist_del_rcu(&b->hnode);
	hlist_add_before_rcu(&b->hnode, &a->hnode);
	hlist_replace_rcu(&b->hnode, &b->hnode);
	hlist_del_init_rcu(&a->hnode);
	hash_add_rcu(table, &a->hnode, a->key);
	hash_for_each_possible_rcu(table, it, hnode, a->key,
				   lockdep_is_held(&items_lock))
		it->key++;
	hash_del_rcu(&a->hnode);
	rcu_assign_pointer(list_next_rcu(&priv), &priv);
	spin_unlock(&items_lock);
	list_splice_init_rcu(&priv, &items, synchronize_rcu);
	kfree_rcu(b, rh);
}

/*
 * check-name: ok-rculist
 */
