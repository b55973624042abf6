// SPDX-License-Identifier: GPL-2.0
/* Unit tests for grace-period sequence numbers (rcu/rcu.h), across wrap. */
#include "ktest.h"

#include <linux/kernel.h>
#include "../../rcu/rcu.h"

static void gp_start(unsigned long *s)
{
	*s += 1;
}

static void gp_end(unsigned long *s)
{
	*s = gp_seq_endval(*s);
}

static void test_initial(struct ktest *t)
{
	/* 300 grace periods before the counter wraps to zero. */
	KEXPECT_EQ(t, (long)GP_SEQ_INITIAL >> GP_SEQ_CTR_SHIFT, -300L);
	KEXPECT_EQ(t, gp_seq_state(GP_SEQ_INITIAL), 0UL);
}

/* 600 grace periods from the initial value: snapshots behave across wrap. */
static void test_snapshots_across_wrap(struct ktest *t)
{
	unsigned long s = GP_SEQ_INITIAL;
	bool crossed = false;

	for (int i = 0; i < 600; i++) {
		unsigned long before = s, snap_idle, snap_busy, old = s;

		snap_idle = gp_seq_snap_val(s);		/* taken while idle */
		KEXPECT_FALSE(t, gp_seq_done_val(s, snap_idle));
		gp_start(&s);
		KEXPECT_EQ(t, gp_seq_state(s), 1UL);
		KEXPECT_TRUE(t, gp_seq_new_gp(old, s));
		KEXPECT_FALSE(t, gp_seq_completed_gp(old, s));
		snap_busy = gp_seq_snap_val(s);		/* taken mid-GP */
		gp_end(&s);
		KEXPECT_EQ(t, gp_seq_state(s), 0UL);
		KEXPECT_TRUE(t, gp_seq_completed_gp(old, s));
		KEXPECT_FALSE(t, gp_seq_new_gp(old + 1, s));
		/* The GP that started after the idle snapshot satisfies it... */
		KEXPECT_TRUE(t, gp_seq_done_val(s, snap_idle));
		/* ...but a GP in progress at the snapshot does not. */
		KEXPECT_FALSE(t, gp_seq_done_val(s, snap_busy));
		gp_start(&s);
		gp_end(&s);
		KEXPECT_TRUE(t, gp_seq_done_val(s, snap_busy));
		KEXPECT_EQ(t, s - before, 8UL);
		if (s < before)
			crossed = true;
	}
	KEXPECT_TRUE(t, crossed);
}

static void test_cmp_macros(struct ktest *t)
{
	KEXPECT_TRUE(t, ULONG_CMP_GE(0UL, ULONG_MAX));
	KEXPECT_TRUE(t, ULONG_CMP_LT(ULONG_MAX, 0UL));
	KEXPECT_TRUE(t, ULONG_CMP_GE(5UL, 5UL));
	KEXPECT_FALSE(t, ULONG_CMP_LT(5UL, 5UL));
	KEXPECT_TRUE(t, ULONG_CMP_LT(ULONG_MAX - 10, 10UL));
}

static const struct ktest_case cases[] = {
	KTEST_CASE(test_initial),
	KTEST_CASE(test_snapshots_across_wrap),
	KTEST_CASE(test_cmp_macros),
	{}
};

KTEST_MAIN("rcu_seq", cases)
