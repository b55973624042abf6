/* Correct use of every RCU pointer accessor: sparse must be silent. */
#include <linux/rcupdate.h>
#include <linux/spinlock.h>
#include <linux/slab.h>

struct foo {
	int a;
	struct rcu_head rh;
};

static DEFINE_SPINLOCK(foo_lock);
static struct foo __rcu *gp;
static struct foo __rcu *gp2 = RCU_INITIALIZER(NULL);

static int reader(void)
{
	struct foo *p;
	int a = 0;

	rcu_read_lock();
	p = rcu_dereference(gp);
	if (p)
		a = p->a;
	p = rcu_dereference_check(gp2, lockdep_is_held(&foo_lock));
	if (p)
		a += p->a;
	rcu_read_unlock();

	rcu_read_lock_bh();
	p = rcu_dereference_bh(gp);
	if (p)
		a += p->a;
	rcu_read_unlock_bh();

	rcu_read_lock_sched();
	p = rcu_dereference_sched(gp);
	if (p)
		a += p->a;
	rcu_read_unlock_sched();
	return a;
}

static bool is_current(struct foo *q)
{
	return rcu_access_pointer(gp) == q;
}

static void update(struct foo *new)
{
	struct foo *old;

	spin_lock(&foo_lock);
	old = rcu_dereference_protected(gp, lockdep_is_held(&foo_lock));
	rcu_assign_pointer(gp, new);
	old = rcu_replace_pointer(gp2, old, lockdep_is_held(&foo_lock));
	spin_unlock(&foo_lock);
	if (old)
		kfree_rcu(old, rh);
	RCU_INIT_POINTER(gp2, NULL);
	rcu_assign_pointer(gp2, NULL);
}

/*
 * check-name: ok-rcu-accessors
 */
