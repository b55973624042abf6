// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the dyntick-idle counters of rcu/tree_nohz.c: the 64-bit
 * "watching" counter (odd while RCU watches, even in an extended
 * quiescent state) and the half-interrupt nesting count, including values
 * near overflow.
 *
 * rcu/tree_nohz.c is included as is.  The scheduler, SMP, RCU-API and
 * tree.h headers are kept out by defining their include guards, and the
 * few things the file uses from them are stubbed here: one CPU's per-CPU
 * data, current/is_idle_task() and preempt_count().  The real
 * <linux/atomic.h> (GCC __atomic builtins) is used, so the counter wraps
 * exactly as in the kernel.
 */
#include "ktest.h"

#include <linux/kernel.h>
#include <linux/atomic.h>
#include <linux/limits.h>

/* Headers tree_nohz.c includes that need the kernel proper: keep out. */
#define _LINUX_SMP_H
#define _LINUX_SCHED_H
#define _LINUX_RCUPDATE_H
#define _RCU_TREE_H

/* One CPU: per-CPU data is a plain variable. */
#define DEFINE_PER_CPU(type, name)	type name
#define this_cpu_ptr(p)			(p)
#define per_cpu_ptr(p, cpu)		((void)(cpu), (p))

/* The context rcu_irq_from_idle() looks at. */
static bool test_in_idle_task;
static unsigned long test_preempt_count;
#define current				NULL
#define is_idle_task(t)			((void)(t), test_in_idle_task)
#define preempt_count()			test_preempt_count
#define HARDIRQ_OFFSET			(1UL << 16)
#define HARDIRQ_MASK			(0xfUL << 16)
#define SOFTIRQ_MASK			(0xffUL << 8)
#define NMI_MASK			(0xfUL << 20)

bool rcu_is_watching(void);
void rcu_idle_enter(void);
void rcu_idle_exit(void);
void rcu_irq_enter(void);
void rcu_irq_exit(void);
void rcu_nmi_enter(void);
void rcu_nmi_exit(void);
long rcu_watching_snap(int cpu);
bool rcu_watching_in_eqs(long snap);
bool rcu_watching_changed(int cpu, long snap);
bool rcu_irq_from_idle(void);

#include "../../rcu/tree_nohz.c"

static void reset(long long watching, long long nesting, bool idle)
{
	atomic64_set(&rcu_watch.watching, watching);
	rcu_watch.irq_nesting = nesting;
	rcu_watch.idle = idle;
	test_in_idle_task = idle;
	test_preempt_count = 0;
}

/* The boot state: RCU watches (odd), no interrupt nesting. */
static void test_initial_state(struct ktest *t)
{
	KEXPECT_EQ(t, rcu_watching_snap(0), 1L);
	KEXPECT_TRUE(t, rcu_is_watching());
	KEXPECT_FALSE(t, rcu_watching_in_eqs(rcu_watching_snap(0)));
	KEXPECT_EQ(t, rcu_watch.irq_nesting, 0LL);
}

/* Idle entry makes the counter even, exit odd again: +1 each. */
static void test_idle_enter_exit(struct ktest *t)
{
	long snap;

	reset(1, 0, false);
	snap = rcu_watching_snap(0);
	KEXPECT_FALSE(t, rcu_watching_changed(0, snap));
	rcu_idle_enter();
	KEXPECT_EQ(t, rcu_watching_snap(0), 2L);
	KEXPECT_FALSE(t, rcu_is_watching());
	KEXPECT_TRUE(t, rcu_watching_in_eqs(rcu_watching_snap(0)));
	KEXPECT_TRUE(t, rcu_watching_changed(0, snap));
	rcu_idle_exit();
	KEXPECT_EQ(t, rcu_watching_snap(0), 3L);
	KEXPECT_TRUE(t, rcu_is_watching());
	/* Went through idle and came back: still a change since snap. */
	KEXPECT_TRUE(t, rcu_watching_changed(0, snap));
	KEXPECT_FALSE(t, rcu_watching_changed(0, rcu_watching_snap(0)));
	KEXPECT_EQ(t, rcu_watch.n_idle_entries, 1UL);
}

/* An interrupt from idle: outermost entry +1 (odd nesting), counter odd. */
static void test_irq_from_idle(struct ktest *t)
{
	reset(1, 0, false);
	rcu_idle_enter();
	test_in_idle_task = true;
	test_preempt_count = HARDIRQ_OFFSET;
	rcu_irq_enter();
	KEXPECT_EQ(t, rcu_watch.irq_nesting, 1LL);
	KEXPECT_TRUE(t, rcu_is_watching());
	KEXPECT_EQ(t, rcu_watching_snap(0), 3L);
	KEXPECT_TRUE(t, rcu_irq_from_idle());
	/* A nested interrupt and an NMI: +2 each, the counter does not move. */
	rcu_irq_enter();
	KEXPECT_EQ(t, rcu_watch.irq_nesting, 3LL);
	rcu_nmi_enter();
	KEXPECT_EQ(t, rcu_watch.irq_nesting, 5LL);
	KEXPECT_EQ(t, rcu_watching_snap(0), 3L);
	rcu_nmi_exit();
	rcu_irq_exit();
	KEXPECT_EQ(t, rcu_watch.irq_nesting, 1LL);
	KEXPECT_TRUE(t, rcu_is_watching());
	/* The outermost exit returns the CPU to idle. */
	rcu_irq_exit();
	KEXPECT_EQ(t, rcu_watch.irq_nesting, 0LL);
	KEXPECT_FALSE(t, rcu_is_watching());
	KEXPECT_EQ(t, rcu_watching_snap(0), 4L);
	rcu_idle_exit();
	KEXPECT_EQ(t, rcu_watching_snap(0), 5L);
}

/* An interrupt of a busy CPU: +2, the counter stays odd and unchanged. */
static void test_irq_not_from_idle(struct ktest *t)
{
	reset(7, 0, false);
	test_preempt_count = HARDIRQ_OFFSET;
	rcu_irq_enter();
	KEXPECT_EQ(t, rcu_watch.irq_nesting, 2LL);
	KEXPECT_EQ(t, rcu_watching_snap(0), 7L);
	KEXPECT_FALSE(t, rcu_irq_from_idle());
	rcu_irq_exit();
	KEXPECT_EQ(t, rcu_watch.irq_nesting, 0LL);
	KEXPECT_EQ(t, rcu_watching_snap(0), 7L);
	KEXPECT_TRUE(t, rcu_is_watching());
}

/*
 * The idle task, interrupted between rcu_idle_exit() and halting (RCU
 * watches, nesting 2, one hardirq level): a quiescent state as well.
 * Not so from a softirq or a nested interrupt.
 */
static void test_irq_from_idle_task_awake(struct ktest *t)
{
	reset(9, 0, true);
	test_preempt_count = HARDIRQ_OFFSET;
	rcu_irq_enter();
	KEXPECT_EQ(t, rcu_watch.irq_nesting, 2LL);
	KEXPECT_TRUE(t, rcu_irq_from_idle());
	test_preempt_count = HARDIRQ_OFFSET | (1UL << 8);
	KEXPECT_FALSE(t, rcu_irq_from_idle());
	test_preempt_count = 2 * HARDIRQ_OFFSET;
	KEXPECT_FALSE(t, rcu_irq_from_idle());
	test_in_idle_task = false;
	test_preempt_count = HARDIRQ_OFFSET;
	KEXPECT_FALSE(t, rcu_irq_from_idle());
	rcu_irq_exit();
}

/* An NMI straight from idle: leaves and re-enters the EQS itself. */
static void test_nmi_from_idle(struct ktest *t)
{
	reset(1, 0, false);
	rcu_idle_enter();
	rcu_nmi_enter();
	KEXPECT_EQ(t, rcu_watch.irq_nesting, 1LL);
	KEXPECT_TRUE(t, rcu_is_watching());
	rcu_nmi_exit();
	KEXPECT_EQ(t, rcu_watch.irq_nesting, 0LL);
	KEXPECT_FALSE(t, rcu_is_watching());
	KEXPECT_EQ(t, rcu_watching_snap(0), 4L);
}

/*
 * An NMI landing in the middle of rcu_eqs_irq_enter() from idle, after the
 * counter became odd but before the nesting was updated: it sees RCU
 * watching, nests by 2 and leaves the counter alone; the interrupted
 * entry then finishes with nesting 1.
 */
static void test_nmi_inside_irq_entry(struct ktest *t)
{
	reset(1, 0, false);
	rcu_idle_enter();
	atomic64_inc(&rcu_watch.watching);	/* the irq entry's first step */
	rcu_nmi_enter();
	KEXPECT_EQ(t, rcu_watch.irq_nesting, 2LL);
	rcu_nmi_exit();
	KEXPECT_EQ(t, rcu_watch.irq_nesting, 0LL);
	KEXPECT_EQ(t, rcu_watching_snap(0), 3L);
	rcu_watch.irq_nesting = 1;		/* the irq entry's second step */
	rcu_irq_exit();
	KEXPECT_EQ(t, rcu_watch.irq_nesting, 0LL);
	KEXPECT_EQ(t, rcu_watching_snap(0), 4L);
	KEXPECT_FALSE(t, rcu_is_watching());
}

/*
 * The watching counter across the signed 64-bit boundary and across zero:
 * the parity (hence "in EQS") and change detection still hold.  The
 * counter is an atomic64_t updated with __atomic builtins, which wrap.
 */
static void test_watching_wrap(struct ktest *t)
{
	long snap;

	/* S64_MAX is odd: watching.  Idle entry wraps to LLONG_MIN: even. */
	reset(S64_MAX, 0, false);
	snap = rcu_watching_snap(0);
	KEXPECT_TRUE(t, rcu_is_watching());
	rcu_idle_enter();
	KEXPECT_EQ(t, rcu_watching_snap(0), (long)(-S64_MAX - 1));
	KEXPECT_TRUE(t, rcu_watching_in_eqs(rcu_watching_snap(0)));
	KEXPECT_FALSE(t, rcu_is_watching());
	KEXPECT_TRUE(t, rcu_watching_changed(0, snap));
	rcu_idle_exit();
	KEXPECT_EQ(t, rcu_watching_snap(0), (long)(-S64_MAX - 1) + 1);
	KEXPECT_TRUE(t, rcu_is_watching());
	KEXPECT_TRUE(t, rcu_watching_changed(0, snap));

	/* -1 (all ones) is odd; the next idle entry gives 0, even. */
	reset(-1, 0, false);
	snap = rcu_watching_snap(0);
	rcu_idle_enter();
	KEXPECT_EQ(t, rcu_watching_snap(0), 0L);
	KEXPECT_TRUE(t, rcu_watching_in_eqs(0));
	/* An interrupt from idle right at the wrap. */
	rcu_irq_enter();
	KEXPECT_EQ(t, rcu_watching_snap(0), 1L);
	KEXPECT_TRUE(t, rcu_is_watching());
	rcu_irq_exit();
	KEXPECT_EQ(t, rcu_watching_snap(0), 2L);
	rcu_idle_exit();
	KEXPECT_TRUE(t, rcu_watching_changed(0, snap));
	KEXPECT_FALSE(t, rcu_watching_changed(0, rcu_watching_snap(0)));
}

/*
 * A full 2^32 idle cycles later the counter differs from an old snapshot
 * (a 32-bit counter would have come back to it: a missed QS).
 */
static void test_watching_no_32bit_alias(struct ktest *t)
{
	long snap;

	reset(0xfffffffdLL, 0, false);		/* odd: watching */
	snap = rcu_watching_snap(0);
	atomic64_set(&rcu_watch.watching, snap + (1LL << 32));
	KEXPECT_TRUE(t, rcu_is_watching());
	KEXPECT_TRUE(t, rcu_watching_changed(0, snap));
	KEXPECT_NE(t, (unsigned int)rcu_watching_snap(0) == (unsigned int)snap, 0);
}

/*
 * Deep nesting: at least 54 bits of depth.  Each level adds 2, so depth
 * 2^54 is nesting 2^55 (+1 if the outermost entry left idle), and the
 * largest representable depth keeps going without overflow (UBSan would
 * abort on signed overflow of the long long nesting count).
 */
static void test_nesting_54_bits(struct ktest *t)
{
	long long deep = (1LL << 55) + 1;	/* from idle, 2^54 levels deep */

	reset(3, deep, true);
	rcu_irq_enter();
	KEXPECT_EQ(t, rcu_watch.irq_nesting, deep + 2);
	rcu_nmi_enter();
	KEXPECT_EQ(t, rcu_watch.irq_nesting, deep + 4);
	rcu_nmi_exit();
	rcu_irq_exit();
	KEXPECT_EQ(t, rcu_watch.irq_nesting, deep);
	KEXPECT_EQ(t, rcu_watching_snap(0), 3L);
	KEXPECT_TRUE(t, rcu_watch.irq_nesting & 1);	/* still owes idle */
	KEXPECT_GE(t, (unsigned long long)(rcu_watch.irq_nesting / 2), 1ULL << 54);
}

/* The top of the range: S64_MAX is the deepest odd (from idle) nesting. */
static void test_nesting_near_overflow(struct ktest *t)
{
	reset(3, S64_MAX - 2, true);
	rcu_irq_enter();
	KEXPECT_EQ(t, rcu_watch.irq_nesting, S64_MAX);
	rcu_irq_exit();
	KEXPECT_EQ(t, rcu_watch.irq_nesting, S64_MAX - 2);
	KEXPECT_EQ(t, rcu_watching_snap(0), 3L);

	reset(3, S64_MAX - 3, false);		/* even: not from idle */
	rcu_nmi_enter();
	KEXPECT_EQ(t, rcu_watch.irq_nesting, S64_MAX - 1);
	rcu_nmi_exit();
	KEXPECT_EQ(t, rcu_watch.irq_nesting, S64_MAX - 3);

	/* Unwinding all the way down from 5 keeps the parity rule. */
	reset(3, 5, true);
	rcu_irq_exit();
	rcu_irq_exit();
	KEXPECT_EQ(t, rcu_watch.irq_nesting, 1LL);
	KEXPECT_TRUE(t, rcu_is_watching());
	rcu_irq_exit();
	KEXPECT_EQ(t, rcu_watch.irq_nesting, 0LL);
	KEXPECT_EQ(t, rcu_watching_snap(0), 4L);
}

/* Many cycles of idle and interrupts: the counter moves by 2 per cycle. */
static void test_many_cycles(struct ktest *t)
{
	long start;

	reset(S64_MAX - 1000, 0, false);	/* odd */
	start = rcu_watching_snap(0);
	for (int i = 0; i < 1000; i++) {
		rcu_idle_enter();
		rcu_irq_enter();
		rcu_irq_exit();
		rcu_idle_exit();
	}
	/* 4 increments per cycle, computed without signed overflow. */
	KEXPECT_EQ(t, (unsigned long)rcu_watching_snap(0) - (unsigned long)start,
		   4000UL);
	KEXPECT_TRUE(t, rcu_is_watching());
	KEXPECT_EQ(t, rcu_watch.irq_nesting, 0LL);
}

static const struct ktest_case cases[] = {
	KTEST_CASE(test_initial_state),
	KTEST_CASE(test_idle_enter_exit),
	KTEST_CASE(test_irq_from_idle),
	KTEST_CASE(test_irq_not_from_idle),
	KTEST_CASE(test_irq_from_idle_task_awake),
	KTEST_CASE(test_nmi_from_idle),
	KTEST_CASE(test_nmi_inside_irq_entry),
	KTEST_CASE(test_watching_wrap),
	KTEST_CASE(test_watching_no_32bit_alias),
	KTEST_CASE(test_nesting_54_bits),
	KTEST_CASE(test_nesting_near_overflow),
	KTEST_CASE(test_many_cycles),
	{}
};

KTEST_MAIN("rcu_nohz", cases)
