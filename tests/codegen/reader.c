// SPDX-License-Identifier: GPL-2.0
/*
 * Read-side code generation check (tests/codegen/check.sh).
 *
 * Each reader_*() function must compile to exactly the same instructions
 * as its plain_*() twin when the kernel is non-preemptible and
 * PROVE_RCU is off: rcu_read_lock()/rcu_read_unlock() emit nothing, and
 * rcu_dereference() is a single load.  With RCU tracing and the profiler
 * compiled in as well (their headers are included here).
 */
#include <linux/rcupdate.h>
#include <linux/profile.h>
#include <trace/events/rcu.h>

struct foo {
	int a;
	int b;
};

struct foo __rcu *gp;
struct foo *gp_plain;

int reader_lock(int *p);
int plain_lock(int *p);
int reader_deref(void);
int plain_deref(void);
int reader_nested(void);
int plain_nested(void);

int reader_lock(int *p)
{
	int v;

	rcu_read_lock();
	v = READ_ONCE(*p);
	rcu_read_unlock();
	return v;
}

int plain_lock(int *p)
{
	return READ_ONCE(*p);
}

int reader_deref(void)
{
	struct foo *f;
	int v = 0;

	rcu_read_lock();
	f = rcu_dereference(gp);
	if (f)
		v = f->a + f->b;
	rcu_read_unlock();
	return v;
}

int plain_deref(void)
{
	struct foo *f = READ_ONCE(gp_plain);

	return f ? f->a + f->b : 0;
}

int reader_nested(void)
{
	struct foo *f;
	int v = 0;

	rcu_read_lock();
	rcu_read_lock();
	f = rcu_dereference(gp);
	rcu_read_unlock();
	if (f)
		v = f->a;
	rcu_read_unlock();
	return v;
}

int plain_nested(void)
{
	struct foo *f = READ_ONCE(gp_plain);

	return f ? f->a : 0;
}
