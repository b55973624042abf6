// SPDX-License-Identifier: GPL-2.0
/*
 * Preemptible RCU's inlined read side (tests/codegen/check-preempt.sh).
 *
 * Compiled against a CONFIG_PREEMPT_RCU configuration, each reader_*()
 * function must be a plain fast path (tests/codegen/fastpath.py): the
 * task's nesting count goes up and down, the outermost rcu_read_unlock()
 * tests the task's special word and calls rcu_read_unlock_special(), and
 * nothing else: no atomic, no fence, no interrupt or preemption
 * disabling, no backward branch.
 *
 * CODEGEN_BREAK=<n> plants one forbidden construct in every reader, for
 * the check's self-test: each must then be flagged.
 */
#include <linux/atomic.h>
#include <linux/irqflags.h>
#include <linux/preempt.h>
#include <linux/rcupdate.h>

#ifndef CODEGEN_BREAK
#define CODEGEN_BREAK 0
#endif

struct foo {
	int a;
	int b;
};

struct foo __rcu *gp;
int counter;

int reader_lock(int *p);
int reader_deref(void);
int reader_nested(void);
int reader_two(int *p);

/* Inside each reader: nothing, or the construct under self-test. */
static __always_inline void planted(int *p)
{
#if CODEGEN_BREAK == 1		/* preempt: __preempt_count */
	preempt_disable();
	WRITE_ONCE(counter, 1);
	preempt_enable();
#elif CODEGEN_BREAK == 2	/* atomic: lock prefix */
	atomic_inc((atomic_t *)p);
#elif CODEGEN_BREAK == 3	/* atomic: xchg */
	xchg(&counter, *p);
#elif CODEGEN_BREAK == 4	/* atomic: barrier through a locked add */
	smp_mb();
#elif CODEGEN_BREAK == 5	/* barrier: mfence */
	mb();
#elif CODEGEN_BREAK == 6	/* irq: pushf/cli/popf */
	unsigned long flags;

	local_irq_save(flags);
	WRITE_ONCE(counter, 1);
	local_irq_restore(flags);
#elif CODEGEN_BREAK == 7	/* loop: backward branch */
	for (int i = 0; i < READ_ONCE(counter); i++)
		WRITE_ONCE(*p, i);
#elif CODEGEN_BREAK == 8	/* call: an out-of-line function */
	rcu_read_unlock_special(NULL);
	synchronize_rcu();
#endif
}

int reader_lock(int *p)
{
	int v;

	rcu_read_lock();
	planted(p);
	v = READ_ONCE(*p);
	rcu_read_unlock();
	return v;
}

int reader_deref(void)
{
	struct foo *f;
	int v = 0;

	rcu_read_lock();
	f = rcu_dereference(gp);
	planted(&counter);
	if (f)
		v = f->a + f->b;
	rcu_read_unlock();
	return v;
}

int reader_nested(void)
{
	struct foo *f;
	int v = 0;

	rcu_read_lock();
	rcu_read_lock();
	f = rcu_dereference(gp);
	rcu_read_unlock();
	planted(&counter);
	if (f)
		v = f->a;
	rcu_read_unlock();
	return v;
}

int reader_two(int *p)
{
	int v;

	rcu_read_lock();
	v = READ_ONCE(*p);
	rcu_read_unlock();
	rcu_read_lock();
	planted(p);
	v += READ_ONCE(*p);
	rcu_read_unlock();
	return v;
}
