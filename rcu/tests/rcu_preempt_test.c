// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "rcu_preempt": preemptible RCU's blocked tasks.
 *
 * The test thread forces its own preemption inside a reader (need_resched
 * and a preemption point), which queues it on its leaf rcu_node, then
 * checks which grace periods wait for it: the ones that started before
 * it was queued or whose CPU had not reported yet, not one whose CPU had
 * already reported; expedited grace periods too.  An unlock with
 * interrupts, softirqs or preemption disabled must leave the task queued
 * and have its next context switch dequeue it.  Skipped without
 * CONFIG_PREEMPT_RCU.
 */
#include <linux/kernel.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/interrupt.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/torture.h>
#include <kunit/test.h>
#include "../rcu.h"
#include "../tree.h"

#define PREEMPT_TEST_WAIT_MS	5000

#ifdef CONFIG_PREEMPT_RCU
/* Pass a preemption point with need_resched set: an involuntary switch. */
static void force_preemption(void)
{
	set_need_resched();
	preempt_disable();
	preempt_enable();
}

static bool queued(void)
{
	return READ_ONCE(current->rcu_read_unlock_special.b.blocked);
}

/* Busy-wait (legal in a preemptible reader) up to @ms for @cookie. */
static bool spin_for_gp(unsigned long cookie, int ms)
{
	for (int i = 0; i < ms; i++) {
		if (poll_state_synchronize_rcu(cookie))
			return true;
		mdelay(1);
	}
	return poll_state_synchronize_rcu(cookie);
}

/* Sleep (outside readers only) up to @ms for @cookie. */
static bool sleep_for_gp(unsigned long cookie, int ms)
{
	unsigned long end = jiffies + msecs_to_jiffies(ms);

	while (!poll_state_synchronize_rcu(cookie) && time_before(jiffies, end))
		msleep(1);
	return poll_state_synchronize_rcu(cookie);
}
#endif

#define SKIP_UNLESS_PREEMPT_RCU(test)					\
	do {								\
		if (!IS_ENABLED(CONFIG_PREEMPT_RCU))			\
			kunit_skip(test, "needs CONFIG_PREEMPT_RCU");	\
	} while (0)

/* A grace period that starts after the reader was queued waits for it. */
static void rcu_preempt_queued_reader_blocks_gp(struct kunit *test)
{
	SKIP_UNLESS_PREEMPT_RCU(test);
#ifdef CONFIG_PREEMPT_RCU
	unsigned long cookie;

	rcu_read_lock();
	force_preemption();
	KUNIT_EXPECT_TRUE(test, queued());
	cookie = start_poll_synchronize_rcu();
	KUNIT_EXPECT_FALSE_MSG(test, spin_for_gp(cookie, 200),
			       "grace period ended under a queued reader");
	rcu_read_unlock();
	KUNIT_EXPECT_FALSE(test, queued());
	KUNIT_EXPECT_TRUE(test, sleep_for_gp(cookie, PREEMPT_TEST_WAIT_MS));
#endif
}

#ifdef CONFIG_PREEMPT_RCU
/* Has this CPU noticed the current grace period and not yet reported? */
static bool cpu_owes_gp(void)
{
	struct rcu_data *rdp;
	struct rcu_node *rnp;
	bool owes;

	preempt_disable();
	rdp = this_cpu_ptr(&rcu_data);
	rnp = rdp->mynode;
	owes = gp_seq_state(READ_ONCE(rnp->gp_seq)) &&
	       READ_ONCE(rdp->gp_seq) == READ_ONCE(rnp->gp_seq) &&
	       (READ_ONCE(rnp->qsmask) & rdp->grpmask) && READ_ONCE(rdp->cpu_no_qs);
	preempt_enable();
	return owes;
}
#endif

/*
 * A reader running when a grace period starts holds it up: while it runs
 * (ticks and cond_resched() inside it are no quiescent states) and once
 * it is preempted and queued while its CPU still owes the grace period.
 * A wakeup may queue the reader early, after which cond_resched() proves
 * nothing: readers are repeated until enough cond_resched() calls came
 * while the reader ran unqueued on a CPU that owed the grace period.
 */
static void rcu_preempt_running_reader_blocks_gp(struct kunit *test)
{
	SKIP_UNLESS_PREEMPT_RCU(test);
#ifdef CONFIG_PREEMPT_RCU
	struct task_struct *gp = READ_ONCE(rcu_state.gp_kthread);
	struct cpumask gp_saved, m;
	unsigned long cookie;
	bool owed = false;
	int tested = 0;
	int cpu, other;

	/*
	 * The grace-period kthread, woken by start_poll_synchronize_rcu(),
	 * preempts (and so queues) a reader on its own CPU every time: keep
	 * the two apart.
	 */
	cpu = get_cpu();
	put_cpu();
	other = torture_other_cpu(cpu);
	gp_saved = gp->cpus_mask;
	if (other != cpu) {
		cpumask_clear(&m);
		cpumask_set_cpu(cpu, &m);
		KUNIT_ASSERT_EQ(test, set_cpus_allowed_ptr(current, &m), 0);
		cpumask_clear(&m);
		cpumask_set_cpu(other, &m);
		set_cpus_allowed_ptr(gp, &m);
	}
	for (int attempt = 0; attempt < 10 && tested < 20; attempt++) {
		rcu_read_lock();
		cookie = start_poll_synchronize_rcu();
		for (int i = 0; i < 100; i++) {
			mdelay(1);
			if (!queued() && cpu_owes_gp())
				tested++;
			cond_resched();
			if (poll_state_synchronize_rcu(cookie))
				break;
		}
		KUNIT_EXPECT_FALSE_MSG(test, poll_state_synchronize_rcu(cookie),
				       "grace period ended under a running reader");
		rcu_read_unlock();
		KUNIT_EXPECT_TRUE(test, sleep_for_gp(cookie, PREEMPT_TEST_WAIT_MS));
	}
	if (other != cpu) {
		set_cpus_allowed_ptr(gp, &gp_saved);
		set_cpus_allowed_ptr(current, cpu_possible_mask);
	}
	KUNIT_EXPECT_GT_MSG(test, tested, 0,
			    "no cond_resched() ran in an unqueued reader owing a grace period");

	rcu_read_lock();
	cookie = start_poll_synchronize_rcu();
	for (int i = 0; i < 100 && !cpu_owes_gp(); i++)
		mdelay(1);
	preempt_disable();
	if (!queued()) {
		struct rcu_data *rdp = this_cpu_ptr(&rcu_data);

		owed = READ_ONCE(rdp->mynode->qsmask) & rdp->grpmask;
	}
	force_preemption();	/* at preempt_enable() */
	preempt_enable();
	KUNIT_EXPECT_TRUE(test, queued());
	if (owed)
		KUNIT_EXPECT_TRUE(test, rcu_task_blocks_gp(current->rcu_blocked_node, current));
	KUNIT_EXPECT_FALSE_MSG(test, spin_for_gp(cookie, 100),
			       "grace period ended under a reader queued while its CPU owed it");
	rcu_read_unlock();
	KUNIT_EXPECT_TRUE(test, sleep_for_gp(cookie, PREEMPT_TEST_WAIT_MS));
#endif
}

#ifdef CONFIG_PREEMPT_RCU
struct holder {
	int in_reader;
	int stop;
};

/* Hold the grace period up from a reader until told to stop. */
static int holder_fn(void *arg)
{
	struct holder *h = arg;

	rcu_read_lock();
	WRITE_ONCE(h->in_reader, 1);
	while (!READ_ONCE(h->stop))
		mdelay(1);
	rcu_read_unlock();
	while (!kthread_should_stop())
		schedule_timeout_idle(1);
	return 0;
}
#endif

#ifdef CONFIG_PREEMPT_RCU
/* Busy-wait up to @ms for the normal grace period sequence to reach @end. */
static bool spin_for_seq(unsigned long end, int ms)
{
	for (int i = 0; i < ms; i++) {
		if (gp_seq_done_val(READ_ONCE(rcu_state.gp_seq), end))
			return true;
		mdelay(1);
	}
	return gp_seq_done_val(READ_ONCE(rcu_state.gp_seq), end);
}
#endif

/*
 * A task queued after its CPU reported a quiescent state for the current
 * grace period began its reader after that grace period started: it must
 * not hold it up.  Another reader (on another CPU if there is one) keeps
 * the grace period open meanwhile.  A grace period already in progress
 * when the test began may be one this task's CPU reported for long ago,
 * so the test waits for one that started later.
 */
static void rcu_preempt_late_reader_does_not_block(struct kunit *test)
{
	SKIP_UNLESS_PREEMPT_RCU(test);
#ifdef CONFIG_PREEMPT_RCU
	struct holder h = { };
	struct task_struct *ht;
	bool in_reader = false, blocks = true;
	unsigned long cookie, before, end = 0;

	ht = kthread_create(holder_fn, &h, "rcu_pt_hold");
	KUNIT_ASSERT_FALSE(test, IS_ERR(ht));
	if (num_online_cpus() > 1)
		kthread_bind(ht, (smp_processor_id() + 1) % num_online_cpus());
	before = READ_ONCE(rcu_state.gp_seq);
	wake_up_process(ht);
	while (!READ_ONCE(h.in_reader))
		msleep(1);
	cookie = start_poll_synchronize_rcu();
	for (int i = 0; i < PREEMPT_TEST_WAIT_MS && !in_reader; i++) {
		struct rcu_data *rdp;
		struct rcu_node *rnp;
		unsigned long s;

		preempt_disable();
		rdp = this_cpu_ptr(&rcu_data);
		rnp = rdp->mynode;
		s = READ_ONCE(rnp->gp_seq);
		if (gp_seq_state(s) && gp_seq_new_gp(before, s) &&
		    !(READ_ONCE(rnp->qsmask) & rdp->grpmask)) {
			/* This CPU has reported: be queued in the same GP. */
			rcu_read_lock();
			force_preemption();	/* happens at preempt_enable() */
			in_reader = true;
			end = gp_seq_endval(s);
		}
		preempt_enable();
		if (!in_reader)
			msleep(1);
	}
	KUNIT_EXPECT_FALSE(test, poll_state_synchronize_rcu(cookie));
	if (in_reader) {
		KUNIT_EXPECT_TRUE(test, queued());
		if (queued())
			blocks = rcu_task_blocks_gp(current->rcu_blocked_node, current);
		KUNIT_EXPECT_FALSE(test, blocks);
	}
	WRITE_ONCE(h.stop, 1);
	/* That grace period ends while this reader still runs. */
	if (in_reader) {
		KUNIT_EXPECT_TRUE_MSG(test, spin_for_seq(end, PREEMPT_TEST_WAIT_MS),
				      "a reader queued after its CPU reported held the grace period up");
		rcu_read_unlock();
	}
	kthread_stop(ht);
	KUNIT_EXPECT_TRUE(test, in_reader);
#endif
}

#ifdef CONFIG_PREEMPT_RCU
enum { DEFER_IRQ, DEFER_BH, DEFER_PREEMPT };

static void unlock_deferred(struct kunit *test, int how)
{
	switch (how) {
	case DEFER_IRQ:
		local_irq_disable();
		rcu_read_unlock();
		break;
	case DEFER_BH:
		local_bh_disable();
		rcu_read_unlock();
		break;
	default:
		preempt_disable();
		rcu_read_unlock();
		break;
	}
	/* Still queued, with the work deferred. */
	KUNIT_EXPECT_TRUE(test, queued());
	KUNIT_EXPECT_TRUE(test, READ_ONCE(current->rcu_read_unlock_special.b.deferred_qs));
	KUNIT_EXPECT_TRUE(test, need_resched());
	switch (how) {
	case DEFER_IRQ:
		local_irq_enable();
		break;
	case DEFER_BH:
		local_bh_enable();
		break;
	default:
		preempt_enable();
		break;
	}
}
#endif

/* An unlock that cannot do its work leaves it to the next context switch. */
static void rcu_preempt_deferred_unlock(struct kunit *test)
{
	SKIP_UNLESS_PREEMPT_RCU(test);
#ifdef CONFIG_PREEMPT_RCU
	static const char *const names[] = { "irqs off", "bh off", "preempt off" };

	for (int how = DEFER_IRQ; how <= DEFER_PREEMPT; how++) {
		unsigned long cookie;

		rcu_read_lock();
		force_preemption();
		KUNIT_EXPECT_TRUE(test, queued());
		cookie = start_poll_synchronize_rcu();
		unlock_deferred(test, how);
		/* A preemption point (if enabling did not pass one already). */
		preempt_disable();
		preempt_enable();
		KUNIT_EXPECT_FALSE_MSG(test, queued(), "%s: not dequeued", names[how]);
		KUNIT_EXPECT_EQ_MSG(test, READ_ONCE(current->rcu_read_unlock_special.s), 0U,
				    "%s: special bits left", names[how]);
		KUNIT_EXPECT_TRUE_MSG(test, sleep_for_gp(cookie, PREEMPT_TEST_WAIT_MS),
				      "%s: grace period never ended", names[how]);
	}
#endif
}

#ifdef CONFIG_PREEMPT_RCU
static int exp_waiter_fn(void *arg)
{
	int *done = arg;

	synchronize_rcu_expedited();
	WRITE_ONCE(*done, 1);
	while (!kthread_should_stop())
		schedule_timeout_idle(1);
	return 0;
}

/* Run synchronize_rcu_expedited() in a kthread on another CPU if any. */
static struct task_struct *start_exp_waiter(int *done)
{
	struct task_struct *t;

	t = kthread_create(exp_waiter_fn, done, "rcu_pt_exp");
	if (IS_ERR(t))
		return t;
	if (num_online_cpus() > 1)
		kthread_bind(t, (smp_processor_id() + 1) % num_online_cpus());
	wake_up_process(t);
	return t;
}

static void exp_check(struct kunit *test, bool preempt)
{
	struct task_struct *t;
	unsigned long ipis;
	int done = 0, cpu;

	rcu_read_lock();
	if (preempt) {
		force_preemption();
		KUNIT_EXPECT_TRUE(test, queued());
	}
	cpu = raw_smp_processor_id();
	ipis = READ_ONCE(per_cpu(rcu_data, cpu).n_exp_ipis);
	t = start_exp_waiter(&done);
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	/*
	 * Hold the reader until the expedited grace period has IPIed this
	 * CPU (a loaded host can take longer than any fixed delay to get
	 * that far), then long enough for the IPI to be handled.
	 */
	for (int i = 0; i < 10000 && !READ_ONCE(done) &&
	     READ_ONCE(per_cpu(rcu_data, cpu).n_exp_ipis) == ipis; i++)
		mdelay(1);
	mdelay(200);
	KUNIT_EXPECT_FALSE_MSG(test, READ_ONCE(done),
			       "expedited grace period ended under a %s reader",
			       preempt ? "queued" : "running");
	rcu_read_unlock();
	for (int i = 0; i < PREEMPT_TEST_WAIT_MS && !READ_ONCE(done); i++)
		msleep(1);
	KUNIT_EXPECT_TRUE(test, READ_ONCE(done));
	kthread_stop(t);
}
#endif

/* Expedited grace periods wait for queued readers and for running ones. */
static void rcu_preempt_expedited_waits(struct kunit *test)
{
	SKIP_UNLESS_PREEMPT_RCU(test);
#ifdef CONFIG_PREEMPT_RCU
	exp_check(test, true);
	exp_check(test, false);
#endif
}

static struct kunit_case rcu_preempt_test_cases[] = {
	KUNIT_CASE(rcu_preempt_queued_reader_blocks_gp),
	KUNIT_CASE(rcu_preempt_running_reader_blocks_gp),
	KUNIT_CASE(rcu_preempt_late_reader_does_not_block),
	KUNIT_CASE(rcu_preempt_deferred_unlock),
	KUNIT_CASE(rcu_preempt_expedited_waits),
	{}
};

static struct kunit_suite rcu_preempt_test_suite = {
	.name = "rcu_preempt",
	.test_cases = rcu_preempt_test_cases,
};

kunit_test_suites(&rcu_preempt_test_suite);
