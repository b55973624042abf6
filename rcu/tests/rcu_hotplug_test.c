// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suites for CPU hotplug (kernel/cpu.c) and RCU across it
 * (rcu/tree_hotplug.c).  Each case puts back every CPU it took offline.
 *
 * Suite "cpu_hotplug":
 *  - states: teardown callbacks run in the reverse order of startup, each
 *    section where it belongs; bad requests fail with the right errno.
 *  - moves: a kthread bound to the outgoing CPU keeps running elsewhere,
 *    a timer queued there fires elsewhere, no cross-CPU call reaches it.
 *  - softirq_moves: a softirq left pending on a dead CPU runs once,
 *    elsewhere, before the CPU is back.
 *  - never_started (needs a CPU left out at boot, maxcpus=): add_cpu()
 *    starts it, it works, goes offline and online again.
 *
 * Suite "rcu_hotplug":
 *  - leaf_empties_mid_gp: the last online CPU of a leaf goes offline while
 *    the grace period waits for it: the grace period still waits for a
 *    reader elsewhere, and ends promptly once that reader is done.
 *  - barrier_10k: a CPU with 10,000 callbacks queued goes offline; then
 *    rcu_barrier() has waited for every one, invoked in queueing order.
 *  - barrier_offline_during: a CPU with callbacks goes offline while
 *    rcu_barrier() is between visits, before its own: the barrier still
 *    waits for those callbacks.
 *  - expedited: expedited grace periods run back to back while a CPU
 *    goes offline and online: none waits for the offline CPU.
 *  - exp_offline_before_ipi: a CPU the expedited grace period marked
 *    goes offline before the IPIs (a test hook): it gets none, the grace
 *    period ends.
 *  - online_again: GPs, callbacks and expedited GPs on a CPU that came
 *    back, also one whose whole leaf had been offline.
 *  - dyntick: an offline CPU's dyntick counter is even and still, and the
 *    cycle leaves it odd and larger.
 *  - kfree_rcu: objects in the kfree_rcu() batch an outgoing CPU was
 *    still filling are freed, and kvfree_rcu_barrier() waits for them.
 *  - preempt_empty_leaf (PREEMPT_RCU): a task preempted in a reader on a
 *    leaf whose CPUs all went offline holds up new grace periods.
 *  - stall_ignores_offline: a CPU that goes offline during a stalled
 *    grace period is not in the stall warning; the stalling one is.
 */
#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/errno.h>
#include <linux/err.h>
#include <linux/atomic.h>
#include <linux/smp.h>
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/timer.h>
#include <linux/slab.h>
#include <linux/moduleparam.h>
#include <linux/rcupdate.h>
#include <linux/interrupt.h>
#include <linux/completion.h>
#include "../tree.h"
#include "../kvfree_rcu.h"
#include "rcu_test_util.h"

/* ---- helpers ---- */

static struct cpumask hp_was_online;

static void hp_save(void)
{
	hp_was_online = *cpu_online_mask;
}

/* Bring back every CPU that was online when the case started. */
static void hp_restore(struct kunit *test)
{
	unsigned int cpu;

	for_each_possible_cpu(cpu)
		if (cpumask_test_cpu(cpu, &hp_was_online) && !cpu_online(cpu))
			KUNIT_EXPECT_EQ(test, add_cpu(cpu), 0);
}

/* The highest online CPU other than 0 and @not, or -1. */
static int hp_pick_cpu(int not)
{
	for (int cpu = nr_cpu_ids - 1; cpu > 0; cpu--)
		if (cpu != not && cpu_online(cpu))
			return cpu;
	return -1;
}

static struct task_struct *hp_kthread_on(struct kunit *test, int (*fn)(void *), void *arg,
					 int cpu, const char *name)
{
	struct task_struct *t = kthread_create(fn, arg, "%s", name);

	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	if (cpu >= 0)
		kthread_bind(t, cpu);
	wake_up_process(t);
	return t;
}

/*
 * A leaf that does not cover CPU 0 and whose CPUs are all online: the
 * cases that empty a leaf use it.  NULL if the tree has none.
 */
static struct rcu_node *hp_pick_leaf(void)
{
	struct rcu_node *rnp;

	rcu_for_each_leaf_node(rnp) {
		bool all = rnp->grplo > 0;

		for (int cpu = rnp->grplo; all && cpu <= rnp->grphi; cpu++)
			all = cpu_online(cpu);
		if (all)
			return rnp;
	}
	return NULL;
}

static unsigned long hp_offline_reports(void)
{
	unsigned long a, b, c;

	rcu_hotplug_get_stats(&a, &b, &c);
	return a + b;
}

static unsigned long hp_cbs_migrated(void)
{
	unsigned long a, b, c;

	rcu_hotplug_get_stats(&a, &b, &c);
	return c;
}

/* Wait up to @ms for the grace period of @cookie. */
static bool hp_wait_gp(unsigned long cookie, unsigned int ms)
{
	while (!poll_state_synchronize_rcu(cookie) && ms--)
		msleep(1);
	return poll_state_synchronize_rcu(cookie);
}

/* A kthread that stays in a reader until told to leave. */
struct hp_reader {
	bool in;
	bool leave;
	bool done;
	bool preempt_off;	/* spin with preemption disabled too */
	bool irqs_off;		/* ... and interrupts: no tick, no self-detection */
};

static int hp_reader_fn(void *arg)
{
	struct hp_reader *r = arg;
	unsigned long flags = 0;

	rcu_read_lock();
	if (r->preempt_off)
		preempt_disable();
	if (r->irqs_off)
		local_irq_save(flags);
	WRITE_ONCE(r->in, true);
	while (!READ_ONCE(r->leave))
		cpu_relax();
	if (r->irqs_off)
		local_irq_restore(flags);
	if (r->preempt_off)
		preempt_enable();
	rcu_read_unlock();
	WRITE_ONCE(r->done, true);
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

/* ---- suite cpu_hotplug ---- */

static int hp_log[16];
static atomic_t hp_nlog;
static int hp_log_online[16];

static void hp_record(unsigned int cpu, int what)
{
	int i = atomic_inc_return(&hp_nlog) - 1;

	if (i < (int)ARRAY_SIZE(hp_log)) {
		hp_log[i] = what;
		hp_log_online[i] = cpu_online(cpu);
	}
}

static int hp_a_up(unsigned int cpu) { hp_record(cpu, 1); return 0; }
static int hp_a_down(unsigned int cpu) { hp_record(cpu, 2); return 0; }
static int hp_b_up(unsigned int cpu) { hp_record(cpu, 3); return 0; }
static int hp_b_down(unsigned int cpu) { hp_record(cpu, 4); return 0; }
static int hp_p_up(unsigned int cpu) { hp_record(cpu, 5); return 0; }
static int hp_p_down(unsigned int cpu) { hp_record(cpu, 6); return 0; }

static void cpuhp_test_states(struct kunit *test)
{
	static const int want_down[] = { 4, 2, 6 }, want_up[] = { 5, 1, 3 };
	static const int online_down[] = { 1, 1, 0 }, online_up[] = { 0, 1, 1 };
	int cpu = hp_pick_cpu(-1), a, b, p;

	if (cpu < 0)
		kunit_skip(test, "needs 2 CPUs");
	hp_save();
	KUNIT_EXPECT_EQ(test, remove_cpu(0), -EBUSY);
	KUNIT_EXPECT_EQ(test, remove_cpu(nr_cpu_ids), -EINVAL);
	KUNIT_EXPECT_EQ(test, add_cpu(cpu), -EINVAL);	/* online already */

	a = cpuhp_setup_state_nocalls(CPUHP_AP_ONLINE_DYN, "test:a", hp_a_up, hp_a_down);
	b = cpuhp_setup_state_nocalls(CPUHP_AP_ONLINE_DYN, "test:b", hp_b_up, hp_b_down);
	p = cpuhp_setup_state(CPUHP_BP_PREPARE_DYN, "test:prep", NULL, hp_p_down);
	KUNIT_ASSERT_GE(test, a, (int)CPUHP_AP_ONLINE_DYN);
	KUNIT_ASSERT_GT(test, b, a);
	KUNIT_ASSERT_GE(test, p, (int)CPUHP_BP_PREPARE_DYN);
	/* Startup for a PREPARE state registered now: not run (NULL). */
	cpuhp_remove_state_nocalls(p);
	p = cpuhp_setup_state_nocalls(CPUHP_BP_PREPARE_DYN, "test:prep", hp_p_up, hp_p_down);
	KUNIT_ASSERT_GE(test, p, (int)CPUHP_BP_PREPARE_DYN);

	atomic_set(&hp_nlog, 0);
	KUNIT_EXPECT_EQ(test, remove_cpu(cpu), 0);
	KUNIT_EXPECT_FALSE(test, cpu_online(cpu));
	KUNIT_EXPECT_FALSE(test, cpu_active(cpu));
	KUNIT_EXPECT_EQ(test, (int)cpuhp_get_state(cpu), (int)CPUHP_OFFLINE);
	KUNIT_EXPECT_EQ(test, remove_cpu(cpu), -EINVAL);	/* offline already */
	KUNIT_ASSERT_EQ(test, atomic_read(&hp_nlog), 3);
	for (int i = 0; i < 3; i++) {
		KUNIT_EXPECT_EQ(test, hp_log[i], want_down[i]);
		KUNIT_EXPECT_EQ(test, hp_log_online[i], online_down[i]);
	}

	atomic_set(&hp_nlog, 0);
	KUNIT_EXPECT_EQ(test, add_cpu(cpu), 0);
	KUNIT_EXPECT_TRUE(test, cpu_online(cpu));
	KUNIT_EXPECT_TRUE(test, cpu_active(cpu));
	KUNIT_EXPECT_EQ(test, (int)cpuhp_get_state(cpu), (int)CPUHP_ONLINE);
	KUNIT_ASSERT_EQ(test, atomic_read(&hp_nlog), 3);
	for (int i = 0; i < 3; i++) {
		KUNIT_EXPECT_EQ(test, hp_log[i], want_up[i]);
		KUNIT_EXPECT_EQ(test, hp_log_online[i], online_up[i]);
	}
	cpuhp_remove_state_nocalls(a);
	cpuhp_remove_state_nocalls(b);
	cpuhp_remove_state_nocalls(p);
	hp_restore(test);
}

struct hp_spinner {
	int last_cpu;
	unsigned long loops;
};

static int hp_spinner_fn(void *arg)
{
	struct hp_spinner *s = arg;

	while (!kthread_should_stop()) {
		WRITE_ONCE(s->last_cpu, raw_smp_processor_id());
		WRITE_ONCE(s->loops, s->loops + 1);
		msleep(1);
	}
	return 0;
}

static int hp_timer_cpu = -1;

static void hp_timer_fn(struct timer_list *t)
{
	WRITE_ONCE(hp_timer_cpu, raw_smp_processor_id());
}

static DEFINE_PER_CPU(int, hp_calls);

static void hp_call_fn(void *arg)
{
	this_cpu_inc(hp_calls);
}

static void cpuhp_test_moves(struct kunit *test)
{
	int cpu = hp_pick_cpu(-1);
	struct hp_spinner s = { .last_cpu = -1 };
	struct task_struct *t;
	struct timer_list timer;
	unsigned long loops;

	if (cpu < 0)
		kunit_skip(test, "needs 2 CPUs");
	hp_save();
	t = hp_kthread_on(test, hp_spinner_fn, &s, cpu, "hp_spinner");
	msleep(20);
	KUNIT_EXPECT_EQ(test, READ_ONCE(s.last_cpu), cpu);

	hp_timer_cpu = -1;
	timer_setup(&timer, hp_timer_fn, 0);
	timer.expires = jiffies + msecs_to_jiffies(100);
	add_timer_on(&timer, cpu);

	KUNIT_ASSERT_EQ(test, remove_cpu(cpu), 0);
	loops = READ_ONCE(s.loops);
	msleep(50);
	KUNIT_EXPECT_GT(test, READ_ONCE(s.loops), loops);
	KUNIT_EXPECT_NE(test, READ_ONCE(s.last_cpu), cpu);

	/* The timer fires, elsewhere. */
	msleep(150);
	KUNIT_EXPECT_NE(test, READ_ONCE(hp_timer_cpu), -1);
	KUNIT_EXPECT_NE(test, READ_ONCE(hp_timer_cpu), cpu);
	del_timer_sync(&timer);

	/* No call reaches the offline CPU. */
	per_cpu(hp_calls, cpu) = 0;
	KUNIT_EXPECT_EQ(test, smp_call_function_single(cpu, hp_call_fn, NULL, true), -ENXIO);
	on_each_cpu(hp_call_fn, NULL, true);
	KUNIT_EXPECT_EQ(test, per_cpu(hp_calls, cpu), 0);

	KUNIT_EXPECT_EQ(test, add_cpu(cpu), 0);
	KUNIT_EXPECT_EQ(test, smp_call_function_single(cpu, hp_call_fn, NULL, true), 0);
	KUNIT_EXPECT_EQ(test, per_cpu(hp_calls, cpu), 1);
	kthread_stop(t);
	hp_restore(test);
}

/* The caller runs on the CPU it takes offline: it moves, and goes on. */
static void cpuhp_test_self(struct kunit *test)
{
	int cpu = hp_pick_cpu(-1);
	struct cpumask one;

	if (cpu < 0)
		kunit_skip(test, "needs 2 CPUs");
	hp_save();
	cpumask_clear(&one);
	cpumask_set_cpu(cpu, &one);
	KUNIT_ASSERT_EQ(test, set_cpus_allowed_ptr(current, &one), 0);
	KUNIT_EXPECT_EQ(test, (int)raw_smp_processor_id(), cpu);
	KUNIT_EXPECT_EQ(test, remove_cpu(cpu), 0);
	KUNIT_EXPECT_NE(test, (int)raw_smp_processor_id(), cpu);
	KUNIT_EXPECT_EQ(test, add_cpu(cpu), 0);
	set_cpus_allowed_ptr(current, cpu_possible_mask);
	hp_restore(test);
}

/*
 * A softirq left pending on a CPU that died.  It is raised on the dead
 * CPU by a PREPARE teardown that runs before the softirq one, as if the
 * CPU had raised it in its last steps with interrupts off.  Borrows
 * IRQ_POLL_SOFTIRQ, which nothing in rcuos uses.
 */
#define HP_SOFTIRQ	IRQ_POLL_SOFTIRQ

static int hp_sirq_target = -1;
static int hp_sirq_ran_on = -1;
static atomic_t hp_sirq_runs;
static struct completion hp_sirq_done;

static void hp_sirq_action(void)
{
	WRITE_ONCE(hp_sirq_ran_on, raw_smp_processor_id());
	atomic_inc(&hp_sirq_runs);
	complete(&hp_sirq_done);
}

static int hp_sirq_raise_dead(unsigned int cpu)
{
	if ((int)cpu == READ_ONCE(hp_sirq_target))
		per_cpu(__softirq_pending, cpu) |= BIT(HP_SOFTIRQ);
	return 0;
}

static void cpuhp_test_softirq_moves(struct kunit *test)
{
	int cpu = hp_pick_cpu(raw_smp_processor_id());
	int st;

	if (cpu < 0)
		kunit_skip(test, "needs 2 CPUs");
	hp_save();
	init_completion(&hp_sirq_done);
	atomic_set(&hp_sirq_runs, 0);
	hp_sirq_ran_on = -1;
	hp_sirq_target = cpu;
	open_softirq(HP_SOFTIRQ, hp_sirq_action);
	st = cpuhp_setup_state_nocalls(CPUHP_BP_PREPARE_DYN, "test:softirq", NULL,
				       hp_sirq_raise_dead);
	KUNIT_ASSERT_GT(test, st, 0);

	KUNIT_EXPECT_EQ(test, remove_cpu(cpu), 0);
	hp_sirq_target = -1;
	KUNIT_EXPECT_FALSE(test, per_cpu(__softirq_pending, cpu) & BIT(HP_SOFTIRQ));
	/* Before the CPU is back: it ran elsewhere, once. */
	KUNIT_EXPECT_TRUE(test, wait_for_completion_timeout(&hp_sirq_done, 10 * HZ));
	KUNIT_EXPECT_NE(test, READ_ONCE(hp_sirq_ran_on), cpu);
	KUNIT_EXPECT_NE(test, READ_ONCE(hp_sirq_ran_on), -1);
	KUNIT_EXPECT_EQ(test, add_cpu(cpu), 0);
	msleep(20);
	KUNIT_EXPECT_EQ(test, atomic_read(&hp_sirq_runs), 1);

	cpuhp_remove_state_nocalls(st);
	open_softirq(HP_SOFTIRQ, NULL);
	hp_restore(test);
}

static void hp_check_cpu_works(struct kunit *test, int cpu);

/*
 * A CPU that never ran (left out by maxcpus=, or it did not answer at
 * boot) is started by add_cpu() and then goes offline and online like
 * the others.  It has never gone offline, which no other offline CPU can
 * say.
 */
static void cpuhp_test_never_started(struct kunit *test)
{
	int cpu = -1;

	for (int c = nr_cpu_ids - 1; c > 0 && cpu < 0; c--)
		if (!cpu_online(c) && cpuhp_offline_count(c) == 0 &&
		    cpuhp_get_state(c) == CPUHP_OFFLINE)
			cpu = c;
	if (cpu < 0)
		kunit_skip(test, "needs a CPU not started at boot (maxcpus=)");
	KUNIT_ASSERT_EQ(test, add_cpu(cpu), 0);
	KUNIT_EXPECT_TRUE(test, cpu_online(cpu));
	KUNIT_EXPECT_TRUE(test, cpu_active(cpu));
	KUNIT_EXPECT_EQ(test, cpuhp_get_state(cpu), CPUHP_ONLINE);
	KUNIT_EXPECT_EQ(test, smp_call_function_single(cpu, hp_call_fn, NULL, true), 0);
	hp_check_cpu_works(test, cpu);
	KUNIT_EXPECT_EQ(test, remove_cpu(cpu), 0);
	KUNIT_EXPECT_EQ(test, add_cpu(cpu), 0);
	hp_check_cpu_works(test, cpu);
	/* As it was. */
	KUNIT_EXPECT_EQ(test, remove_cpu(cpu), 0);
}

static struct kunit_case cpuhp_test_cases[] = {
	KUNIT_CASE(cpuhp_test_states),
	KUNIT_CASE(cpuhp_test_moves),
	KUNIT_CASE(cpuhp_test_self),
	KUNIT_CASE(cpuhp_test_softirq_moves),
	KUNIT_CASE(cpuhp_test_never_started),
	{}
};

static struct kunit_suite cpuhp_test_suite = {
	.name = "cpu_hotplug",
	.test_cases = cpuhp_test_cases,
};

/* ---- suite rcu_hotplug ---- */

/* Let the grace-period kthread force quiescent states now. */
static void hp_kick_fqs(void)
{
	struct rcu_node *root = rcu_get_root();

	spin_lock_irq(&root->lock);
	WRITE_ONCE(rcu_state.gp_flags, rcu_state.gp_flags | RCU_GP_FLAG_FQS);
	spin_unlock_irq(&root->lock);
	rcu_gp_kthread_wake();
}

/*
 * One try of rcu_hotplug_leaf_empties_mid_gp(): CPU @last, the last online
 * CPU of @leaf, leaves while the grace period waits for it, a reader on
 * @other holding the grace period.  Return: @last was reported as it
 * went (not by itself just before: its tick may still run).
 */
static bool hp_leaf_try(struct kunit *test, struct rcu_node *leaf, int last, int other,
			const char *first_fqs)
{
	struct hp_reader rr = { .preempt_off = true };
	unsigned long cookie, reports, bit = 1UL << (last - leaf->grplo);
	struct task_struct *tr;
	bool ok, reported = false;

	rcu_barrier();		/* nothing queued keeps a tick going */
	tr = hp_kthread_on(test, hp_reader_fn, &rr, other, "hp_reader");
	ok = rcu_test_wait_flag(&rr.in, 5000);
	KUNIT_EXPECT_TRUE(test, ok);
	if (!ok)
		goto out;
	KUNIT_EXPECT_EQ(test, param_set_kv("rcutree.jiffies_till_first_fqs", "100000"), 0);
	cookie = start_poll_synchronize_rcu();
	for (int i = 0; i < 5000 && !(READ_ONCE(leaf->qsmask) & bit); i++)
		msleep(1);
	ok = READ_ONCE(leaf->qsmask) & bit;
	KUNIT_EXPECT_TRUE_MSG(test, ok, "the grace period never waited for CPU %d", last);
	if (!ok)
		goto out;

	reports = hp_offline_reports();
	KUNIT_EXPECT_EQ(test, remove_cpu(last), 0);
	KUNIT_EXPECT_EQ(test, READ_ONCE(leaf->qsmaskinitnext), 0UL);
	/* Not left waiting for: the forced-QS scan is held off. */
	KUNIT_EXPECT_EQ(test, READ_ONCE(leaf->qsmask), 0UL);
	reported = hp_offline_reports() > reports;

	/* Not early: the other reader still runs. */
	msleep(30);
	KUNIT_EXPECT_FALSE(test, poll_state_synchronize_rcu(cookie));
	WRITE_ONCE(rr.leave, true);
	/* Not hung (idle CPUs elsewhere need the scan). */
	param_set_kv("rcutree.jiffies_till_first_fqs", first_fqs);
	hp_kick_fqs();
	KUNIT_EXPECT_TRUE(test, hp_wait_gp(cookie, 5000));
out:
	param_set_kv("rcutree.jiffies_till_first_fqs", first_fqs);
	WRITE_ONCE(rr.leave, true);
	KUNIT_EXPECT_TRUE(test, rcu_test_wait_flag(&rr.done, 5000));
	kthread_stop(tr);
	return reported;
}

/*
 * The last online CPU of a leaf leaves while the grace period waits for
 * it.  It is idle and the forced-QS scan is held off, so only its going
 * offline reports it, unless its tick happened to let it report itself
 * first: tried a few times, it must be reported as it goes at least once.
 * A reader on another CPU must still hold the grace period up.
 */
static void rcu_hotplug_leaf_empties_mid_gp(struct kunit *test)
{
	struct rcu_node *leaf = hp_pick_leaf();
	struct task_struct *gp = rcu_state.gp_kthread;
	char first_fqs[24];
	struct cpumask cpu0;
	int last, other, tries = 0;
	bool reported = false;

	if (!leaf || num_online_cpus() < 3)
		kunit_skip(test, "needs a leaf without CPU 0 and 3 CPUs");
	hp_save();
	last = leaf->grphi;
	for (int cpu = leaf->grplo; cpu < last; cpu++)
		KUNIT_ASSERT_EQ(test, remove_cpu(cpu), 0);
	other = hp_pick_cpu(last);
	KUNIT_ASSERT_GT(test, other, 0);
	KUNIT_ASSERT_GT(test, param_get_by_name("rcutree.jiffies_till_first_fqs",
						first_fqs, sizeof(first_fqs)), 0);
	/*
	 * The reader hogs its CPU: this task and the grace-period kthread
	 * stay on CPU 0 meanwhile.
	 */
	cpumask_clear(&cpu0);
	cpumask_set_cpu(0, &cpu0);
	KUNIT_ASSERT_EQ(test, set_cpus_allowed_ptr(current, &cpu0), 0);
	KUNIT_ASSERT_EQ(test, set_cpus_allowed_ptr(gp, &cpu0), 0);
	while (!reported && tries++ < 8) {
		if (!cpu_online(last))
			KUNIT_EXPECT_EQ(test, add_cpu(last), 0);
		reported = hp_leaf_try(test, leaf, last, other, first_fqs);
	}
	kunit_info(test, "CPU %d reported as it went on try %d of %d\n", last,
		   reported ? tries : 0, tries);
	KUNIT_EXPECT_TRUE(test, reported);
	set_cpus_allowed_ptr(gp, cpu_possible_mask);
	set_cpus_allowed_ptr(current, cpu_possible_mask);
	hp_restore(test);
	/* And with the leaf back, grace periods still end. */
	KUNIT_EXPECT_TRUE(test, hp_wait_gp(start_poll_synchronize_rcu(), 5000));
}

#define HP_NCBS		10000

struct hp_cb {
	struct rcu_head rh;
	int idx;
};

static atomic_t hp_cbs_invoked;
static atomic_t hp_cbs_misordered;
static int hp_cbs_last;

static void hp_cb_fn(struct rcu_head *rh)
{
	struct hp_cb *c = container_of(rh, struct hp_cb, rh);

	/* One CPU's callbacks run in order, wherever they end up. */
	if (c->idx != READ_ONCE(hp_cbs_last) + 1)
		atomic_inc(&hp_cbs_misordered);
	WRITE_ONCE(hp_cbs_last, c->idx);
	atomic_inc(&hp_cbs_invoked);
}

struct hp_queuer {
	struct hp_cb *cbs;
	bool done;
};

static int hp_queuer_fn(void *arg)
{
	struct hp_queuer *q = arg;

	for (int i = 0; i < HP_NCBS; i++) {
		q->cbs[i].idx = i;
		call_rcu(&q->cbs[i].rh, hp_cb_fn);
	}
	WRITE_ONCE(q->done, true);
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

/*
 * A reader on @other holds every grace period while a kthread on @cpu
 * queues HP_NCBS callbacks; returns that kthread, done queueing and not
 * yet stopped, and the reader in *@tr.
 */
static struct task_struct *hp_queue_held(struct kunit *test, struct hp_reader *rr,
					 struct hp_queuer *q, struct task_struct **tr,
					 int cpu, int other)
{
	struct task_struct *t;

	q->cbs = kcalloc(HP_NCBS, sizeof(*q->cbs), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, q->cbs);
	atomic_set(&hp_cbs_invoked, 0);
	atomic_set(&hp_cbs_misordered, 0);
	hp_cbs_last = -1;
	rcu_barrier();

	*tr = hp_kthread_on(test, hp_reader_fn, rr, other, "hp_reader");
	while (!READ_ONCE(rr->in))
		msleep(1);
	t = hp_kthread_on(test, hp_queuer_fn, q, cpu, "hp_queuer");
	while (!READ_ONCE(q->done))
		msleep(1);
	return t;
}

/*
 * A reader on another CPU keeps every grace period from ending while the
 * callbacks are queued and their CPU goes offline, so all of them are
 * still waiting when it goes.
 */
static void rcu_hotplug_barrier_10k(struct kunit *test)
{
	struct hp_reader rr = { .preempt_off = true };
	struct task_struct *t, *tr, *gp = rcu_state.gp_kthread;
	struct hp_queuer q = { };
	unsigned long migrated;
	struct cpumask cpu0;
	int cpu, other;

	if (num_online_cpus() < 3)
		kunit_skip(test, "needs 3 CPUs");
	hp_save();
	cpumask_clear(&cpu0);
	cpumask_set_cpu(0, &cpu0);
	KUNIT_ASSERT_EQ(test, set_cpus_allowed_ptr(current, &cpu0), 0);
	KUNIT_ASSERT_EQ(test, set_cpus_allowed_ptr(gp, &cpu0), 0);
	cpu = hp_pick_cpu(0);
	other = hp_pick_cpu(cpu);
	t = hp_queue_held(test, &rr, &q, &tr, cpu, other);
	/*
	 * A task is freed by call_rcu() from wherever its last reference
	 * goes: keep that one here, so that only the test's callbacks are on
	 * the outgoing CPU.
	 */
	get_task_struct(t);
	kthread_stop(t);
	migrated = hp_cbs_migrated();
	KUNIT_EXPECT_EQ(test, remove_cpu(cpu), 0);
	KUNIT_EXPECT_EQ(test, hp_cbs_migrated() - migrated, (unsigned long)HP_NCBS);
	put_task_struct(t);
	KUNIT_EXPECT_EQ(test, atomic_read(&hp_cbs_invoked), 0);
	KUNIT_EXPECT_EQ(test, rcu_segcblist_n_cbs(&per_cpu_ptr(&rcu_data, cpu)->cblist), 0);
	WRITE_ONCE(rr.leave, true);
	rcu_barrier();
	KUNIT_EXPECT_EQ(test, atomic_read(&hp_cbs_invoked), HP_NCBS);
	KUNIT_EXPECT_EQ(test, atomic_read(&hp_cbs_misordered), 0);

	while (!READ_ONCE(rr.done))
		msleep(1);
	kthread_stop(tr);
	set_cpus_allowed_ptr(gp, cpu_possible_mask);
	set_cpus_allowed_ptr(current, cpu_possible_mask);
	hp_restore(test);
	kfree(q.cbs);
}

/*
 * rcu_barrier() is between two CPUs' visits when a CPU it has not visited
 * goes offline, its callbacks moving to a CPU it has: it must still wait
 * for them.  The hook stops the barrier after the visit of every CPU
 * below the outgoing one; a reader holds the grace period meanwhile.
 */
struct hp_barrier {
	struct task_struct *task;
	unsigned int stop_after;
	struct completion reached;
	struct completion go;
	struct completion done;
	int invoked;		/* callbacks run when rcu_barrier() returned */
};

static struct hp_barrier *hp_barrier;

static void hp_barrier_hook(unsigned int cpu)
{
	struct hp_barrier *b = READ_ONCE(hp_barrier);

	if (!b || current != b->task || cpu != b->stop_after)
		return;
	complete(&b->reached);
	wait_for_completion(&b->go);
}

static int hp_barrier_fn(void *arg)
{
	struct hp_barrier *b = arg;

	rcu_barrier();
	WRITE_ONCE(b->invoked, atomic_read(&hp_cbs_invoked));
	complete(&b->done);
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

static void rcu_hotplug_barrier_offline_during(struct kunit *test)
{
	struct hp_reader rr = { .preempt_off = true };
	struct task_struct *t, *tr;
	struct hp_queuer q = { };
	struct hp_barrier b = { };
	struct cpumask cpu0;
	int cpu, other;
	bool early;

	if (num_online_cpus() < 3)
		kunit_skip(test, "needs 3 CPUs");
	hp_save();
	/* remove_cpu() runs on CPU 0, which the barrier visits first. */
	cpumask_clear(&cpu0);
	cpumask_set_cpu(0, &cpu0);
	KUNIT_ASSERT_EQ(test, set_cpus_allowed_ptr(current, &cpu0), 0);
	cpu = hp_pick_cpu(0);
	other = hp_pick_cpu(cpu);
	t = hp_queue_held(test, &rr, &q, &tr, cpu, other);
	kthread_stop(t);

	init_completion(&b.reached);
	init_completion(&b.go);
	init_completion(&b.done);
	b.invoked = -1;
	b.stop_after = cpu - 1;
	b.task = kthread_create(hp_barrier_fn, &b, "hp_barrier");
	KUNIT_ASSERT_FALSE(test, IS_ERR(b.task));
	kthread_bind(b.task, 0);
	WRITE_ONCE(hp_barrier, &b);
	WRITE_ONCE(rcu_barrier_test_fn, hp_barrier_hook);
	wake_up_process(b.task);
	KUNIT_EXPECT_TRUE(test, wait_for_completion_timeout(&b.reached, 30 * HZ));
	KUNIT_EXPECT_EQ(test, remove_cpu(cpu), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&hp_cbs_invoked), 0);
	complete(&b.go);
	/* It cannot return while the reader holds the grace period. */
	early = wait_for_completion_timeout(&b.done, HZ / 5);
	WRITE_ONCE(rr.leave, true);
	KUNIT_EXPECT_TRUE(test, early || wait_for_completion_timeout(&b.done, 30 * HZ));
	KUNIT_EXPECT_EQ(test, READ_ONCE(b.invoked), HP_NCBS);
	KUNIT_EXPECT_EQ(test, atomic_read(&hp_cbs_misordered), 0);

	WRITE_ONCE(rcu_barrier_test_fn, NULL);
	WRITE_ONCE(hp_barrier, NULL);
	kthread_stop(b.task);
	while (!READ_ONCE(rr.done))
		msleep(1);
	kthread_stop(tr);
	rcu_barrier();
	set_cpus_allowed_ptr(current, cpu_possible_mask);
	hp_restore(test);
	kfree(q.cbs);
}

/*
 * Offline/online cycles under back-to-back expedited grace periods: each
 * time the CPU wakes in its idle task to go offline there is a window in
 * which it is marked but can only answer as it goes.
 */
#define HP_EXP_CYCLES	100

struct hp_exp {
	bool stop;
	unsigned long gps;
	u64 max_ns;
};

static int hp_exp_fn(void *arg)
{
	struct hp_exp *e = arg;

	while (!READ_ONCE(e->stop)) {
		u64 t0 = ktime_get_ns(), d;

		synchronize_rcu_expedited();
		d = ktime_get_ns() - t0;
		if (d > e->max_ns)
			WRITE_ONCE(e->max_ns, d);
		WRITE_ONCE(e->gps, e->gps + 1);
		/* With one CPU left it returns at once: let others run. */
		cond_resched();
	}
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

/*
 * While @cpu goes offline, an expedited grace period that marked it sends
 * its IPIs only once the CPU answered or is offline: one marked after its
 * last context switch, on the idle task's way out, gets no IPI then, and
 * nothing but rcutree_report_dead() answers for it.  Still a race (the
 * grace period must mark it in that window), hence the cycles.
 */
static int hp_exp_dying_cpu = -1;

static void hp_exp_dying_hook(struct rcu_node *rnp)
{
	int cpu = READ_ONCE(hp_exp_dying_cpu);

	if (cpu < rnp->grplo || cpu > rnp->grphi)
		return;
	for (int i = 0; i < 1000 && cpu_online(cpu) &&
	     READ_ONCE(per_cpu(rcu_exp_qs_pending, cpu)); i++)
		udelay(10);
}

static void rcu_hotplug_expedited(struct kunit *test)
{
	int cpu = hp_pick_cpu(raw_smp_processor_id());
	struct hp_exp e = { };
	struct task_struct *t;
	unsigned long gps;

	if (cpu < 0 || num_online_cpus() < 3)
		kunit_skip(test, "needs 3 CPUs");
	hp_save();
	t = hp_kthread_on(test, hp_exp_fn, &e, -1, "hp_exp");
	WRITE_ONCE(rcu_exp_test_fn, hp_exp_dying_hook);
	for (int i = 0; i < HP_EXP_CYCLES; i++) {
		gps = READ_ONCE(e.gps);
		WRITE_ONCE(hp_exp_dying_cpu, cpu);
		KUNIT_EXPECT_EQ(test, remove_cpu(cpu), 0);
		WRITE_ONCE(hp_exp_dying_cpu, -1);
		/* Expedited GPs go on without the offline CPU. */
		for (int ms = 0; ms < 2000 && READ_ONCE(e.gps) < gps + 3; ms++)
			msleep(1);
		KUNIT_EXPECT_GE_MSG(test, READ_ONCE(e.gps), gps + 3,
				    "cycle %d: expedited grace periods hung", i);
		if (READ_ONCE(e.gps) < gps + 3)
			break;
		/* At once: the CPU may not have halted yet. */
		KUNIT_EXPECT_EQ(test, add_cpu(cpu), 0);
	}
	WRITE_ONCE(rcu_exp_test_fn, NULL);
	WRITE_ONCE(e.stop, true);
	kthread_stop(t);
	kunit_info(test, "%lu expedited GPs, longest %llu us\n", e.gps,
		   (unsigned long long)(e.max_ns / 1000));
	KUNIT_EXPECT_LT(test, e.max_ns, 2000ULL * NSEC_PER_MSEC);
	hp_restore(test);
}

/*
 * A CPU the expedited grace period marked goes offline before the IPIs
 * are sent (the test hook runs there, in its leaf's share of the work):
 * it gets none, and the grace period ends.
 */
struct hp_exp_off {
	struct task_struct *waiter;
	int cpu;
	bool marked;		/* it owed the grace period a QS at the hook */
	int offline_ret;
	bool spin_stop;
	bool done;
};

static struct hp_exp_off *hp_exp_off;

static void hp_exp_off_hook(struct rcu_node *rnp)
{
	struct hp_exp_off *e = READ_ONCE(hp_exp_off);

	if (!e || READ_ONCE(rcu_state.exp_task) != e->waiter ||
	    e->cpu < rnp->grplo || e->cpu > rnp->grphi)
		return;
	WRITE_ONCE(hp_exp_off, NULL);
	e->marked = READ_ONCE(per_cpu(rcu_exp_qs_pending, e->cpu));
	e->offline_ret = remove_cpu(e->cpu);
}

/* Busy outside any reader, so the expedited grace period marks its CPU. */
static int hp_exp_spin_fn(void *arg)
{
	struct hp_exp_off *e = arg;

	while (!READ_ONCE(e->spin_stop)) {
		cpu_relax();
		/* Without preemption its CPU could never go offline. */
		if (!IS_ENABLED(CONFIG_PREEMPT))
			cond_resched();
	}
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

static int hp_exp_off_waiter_fn(void *arg)
{
	struct hp_exp_off *e = arg;

	synchronize_rcu_expedited();
	WRITE_ONCE(e->done, true);
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

static void rcu_hotplug_exp_offline_before_ipi(struct kunit *test)
{
	int cpu = hp_pick_cpu(0);
	struct hp_exp_off e = { .offline_ret = -1 };
	struct task_struct *spin;
	unsigned long ipis, gps, ipis_to_it;
	int pending;

	if (cpu < 0 || num_online_cpus() < 3)
		kunit_skip(test, "needs 3 CPUs");
	hp_save();
	e.cpu = cpu;
	spin = hp_kthread_on(test, hp_exp_spin_fn, &e, cpu, "hp_exp_spin");
	msleep(20);
	e.waiter = kthread_create(hp_exp_off_waiter_fn, &e, "hp_exp_waiter");
	KUNIT_ASSERT_FALSE(test, IS_ERR(e.waiter));
	kthread_bind(e.waiter, 0);
	ipis = READ_ONCE(per_cpu(rcu_data, cpu).n_exp_ipis);
	gps = READ_ONCE(rcu_state.n_exp_gps);
	WRITE_ONCE(hp_exp_off, &e);
	WRITE_ONCE(rcu_exp_test_fn, hp_exp_off_hook);
	wake_up_process(e.waiter);
	KUNIT_EXPECT_TRUE(test, rcu_test_wait_flag(&e.done, 30000));
	WRITE_ONCE(rcu_exp_test_fn, NULL);
	WRITE_ONCE(hp_exp_off, NULL);

	kunit_info(test, "CPU %d %s the grace period a QS when it went offline\n", cpu,
		   e.marked ? "owed" : "no longer owed");
	if (IS_ENABLED(CONFIG_PREEMPT))
		KUNIT_EXPECT_TRUE(test, e.marked);
	KUNIT_EXPECT_EQ(test, e.offline_ret, 0);
	KUNIT_EXPECT_FALSE(test, cpu_online(cpu));
	KUNIT_EXPECT_GT(test, READ_ONCE(rcu_state.n_exp_gps), gps);
	ipis_to_it = READ_ONCE(per_cpu(rcu_data, cpu).n_exp_ipis) - ipis;
	KUNIT_EXPECT_EQ(test, ipis_to_it, 0UL);
	pending = READ_ONCE(per_cpu(rcu_exp_qs_pending, cpu));
	KUNIT_EXPECT_EQ(test, pending, 0);

	WRITE_ONCE(e.spin_stop, true);
	kthread_stop(spin);
	if (e.done)
		kthread_stop(e.waiter);
	hp_restore(test);
}

struct hp_user {
	bool done;
	bool cb_done;
	int cpu;
	struct rcu_head rh;
};

static void hp_user_cb(struct rcu_head *rh)
{
	WRITE_ONCE(container_of(rh, struct hp_user, rh)->cb_done, true);
}

static int hp_user_fn(void *arg)
{
	struct hp_user *u = arg;

	WRITE_ONCE(u->cpu, raw_smp_processor_id());
	call_rcu(&u->rh, hp_user_cb);
	synchronize_rcu();
	synchronize_rcu_expedited();
	WRITE_ONCE(u->done, true);
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

/* RCU works on @cpu, which just came back. */
static void hp_check_cpu_works(struct kunit *test, int cpu)
{
	struct hp_user u = { .cpu = -1 };
	struct task_struct *t = hp_kthread_on(test, hp_user_fn, &u, cpu, "hp_user");

	KUNIT_EXPECT_TRUE(test, rcu_test_wait_flag(&u.done, 5000));
	KUNIT_EXPECT_EQ(test, READ_ONCE(u.cpu), cpu);
	rcu_barrier();
	KUNIT_EXPECT_TRUE(test, READ_ONCE(u.cb_done));
	kthread_stop(t);
}

static void rcu_hotplug_online_again(struct kunit *test)
{
	struct rcu_node *leaf = hp_pick_leaf();
	int cpu = hp_pick_cpu(raw_smp_processor_id());

	if (cpu < 0)
		kunit_skip(test, "needs 3 CPUs");
	hp_save();
	KUNIT_ASSERT_EQ(test, remove_cpu(cpu), 0);
	synchronize_rcu();
	KUNIT_ASSERT_EQ(test, add_cpu(cpu), 0);
	hp_check_cpu_works(test, cpu);

	/* A whole leaf offline for a few grace periods, then one CPU back. */
	if (leaf && leaf->grplo != (int)raw_smp_processor_id()) {
		for (int c = leaf->grplo; c <= leaf->grphi; c++)
			if (c != (int)raw_smp_processor_id())
				KUNIT_ASSERT_EQ(test, remove_cpu(c), 0);
		if (!READ_ONCE(leaf->qsmaskinitnext)) {
			for (int i = 0; i < 3; i++)
				synchronize_rcu();
			KUNIT_EXPECT_EQ(test, READ_ONCE(leaf->gp_seq), rcu_get_gp_seq());
			KUNIT_ASSERT_EQ(test, add_cpu(leaf->grphi), 0);
			hp_check_cpu_works(test, leaf->grphi);
		}
	}
	hp_restore(test);
}

static void rcu_hotplug_dyntick(struct kunit *test)
{
	int cpu = hp_pick_cpu(raw_smp_processor_id());
	long before, off1, off2, after;

	if (cpu < 0)
		kunit_skip(test, "needs 2 CPUs");
	hp_save();
	before = rcu_watching_snap(cpu);
	KUNIT_ASSERT_EQ(test, remove_cpu(cpu), 0);
	off1 = rcu_watching_snap(cpu);
	msleep(20);
	off2 = rcu_watching_snap(cpu);
	KUNIT_ASSERT_EQ(test, add_cpu(cpu), 0);
	after = rcu_watching_snap(cpu);
	kunit_info(test, "CPU %d counter %ld, offline %ld, %ld, back %ld\n", cpu,
		   before, off1, off2, after);
	KUNIT_EXPECT_TRUE(test, rcu_watching_in_eqs(off1));
	KUNIT_EXPECT_EQ(test, off1, off2);
	KUNIT_EXPECT_GT(test, off1, before);
	KUNIT_EXPECT_GT(test, after, off1);
	hp_restore(test);
}

#define HP_KFREE_TRIES	3

struct hp_kobj {
	struct rcu_head rh;
	char pad[40];
};

struct hp_kfreer {
	int cpu;
	unsigned long n;
	struct hp_kobj *last;	/* the last one kfree_rcu()'d on @cpu */
	bool done;
};

/*
 * kfree_rcu() on @cpu until the kthread finds itself moved away: the
 * array's monitor timer hands a batch to RCU some milliseconds after its
 * first object, so only a batch still being filled when the CPU went
 * down is sure to be left for the CPU's own teardown to hand over.
 */
static int hp_kfreer_fn(void *arg)
{
	struct hp_kfreer *k = arg;

	for (;;) {
		struct hp_kobj *o = kmalloc(sizeof(*o), GFP_KERNEL);
		bool here;

		if (!o)
			break;
		preempt_disable();
		here = smp_processor_id() == k->cpu;
		if (here) {
			kfree_rcu(o, rh);
			WRITE_ONCE(k->last, o);
			WRITE_ONCE(k->n, k->n + 1);
		}
		preempt_enable();
		if (!here) {
			kfree(o);
			break;
		}
		udelay(20);
		cond_resched();
	}
	WRITE_ONCE(k->done, true);
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

static void rcu_hotplug_kfree_rcu(struct kunit *test)
{
	int cpu = hp_pick_cpu(raw_smp_processor_id());
	struct task_struct *t;

	if (cpu < 0)
		kunit_skip(test, "needs 3 CPUs");
	hp_save();
	/* Each try loses only if the timer fires just as the CPU leaves. */
	for (int i = 0; i < HP_KFREE_TRIES; i++) {
		struct hp_kfreer k = { .cpu = cpu };

		t = hp_kthread_on(test, hp_kfreer_fn, &k, cpu, "hp_kfreer");
		for (int ms = 0; ms < 5000 && READ_ONCE(k.n) < 100; ms++)
			msleep(1);
		KUNIT_ASSERT_EQ(test, remove_cpu(cpu), 0);
		KUNIT_EXPECT_TRUE(test, rcu_test_wait_flag(&k.done, 5000));
		kthread_stop(t);
		KUNIT_ASSERT_NOT_NULL(test, k.last);
		kvfree_rcu_barrier();
		KUNIT_EXPECT_TRUE_MSG(test, rcu_test_obj_is_free(k.last, "slab kmalloc-64 "),
				      "try %d: CPU %d's last kfree_rcu() object never freed",
				      i, cpu);
		KUNIT_ASSERT_EQ(test, add_cpu(cpu), 0);
	}
	hp_restore(test);
}

/*
 * A stall warning names the CPUs the grace period still waits for: a CPU
 * that went offline during it is not one of them.  A reader spinning with
 * interrupts off stalls the grace period (another CPU must detect it);
 * meanwhile a CPU the grace period started with goes offline.
 */
static bool hp_stall_listed(int cpu)
{
	char buf[16];

	snprintf(buf, sizeof(buf), "\t%d-...:", cpu);
	return kunit_log_contains(buf);
}

static void rcu_hotplug_stall_ignores_offline(struct kunit *test)
{
	struct hp_reader rr = { .preempt_off = true, .irqs_off = true };
	struct task_struct *tr, *gp = rcu_state.gp_kthread;
	unsigned long cookie, before;
	char saved[16];
	struct cpumask cpu0;
	bool in_gp = false, warned = false;
	int cpu, other;

	if (num_online_cpus() < 3)
		kunit_skip(test, "needs 3 CPUs");
	hp_save();
	cpumask_clear(&cpu0);
	cpumask_set_cpu(0, &cpu0);
	KUNIT_ASSERT_EQ(test, set_cpus_allowed_ptr(current, &cpu0), 0);
	KUNIT_ASSERT_EQ(test, set_cpus_allowed_ptr(gp, &cpu0), 0);
	cpu = hp_pick_cpu(0);
	other = hp_pick_cpu(cpu);
	if (param_get_by_name("rcupdate.rcu_cpu_stall_timeout", saved, sizeof(saved)) < 0)
		snprintf(saved, sizeof(saved), "%d", CONFIG_RCU_CPU_STALL_TIMEOUT);
	param_set_kv("rcupdate.rcu_cpu_stall_timeout", "3");
	/* Every grace period from now on was started under the short timeout. */
	synchronize_rcu();

	kunit_expect_splat_begin(test);
	kunit_printk_capture_start();
	before = READ_ONCE(rcu_state.nr_stall_warnings) -
		 READ_ONCE(rcu_state.nr_self_stall_warnings);
	tr = hp_kthread_on(test, hp_reader_fn, &rr, other, "hp_reader");
	while (!READ_ONCE(rr.in))
		msleep(1);
	cookie = start_poll_synchronize_rcu();
	/* Started, with @cpu among the CPUs it waits for. */
	for (int ms = 0; ms < 5000 && !in_gp; ms++) {
		in_gp = gp_seq_state(READ_ONCE(rcu_state.gp_seq)) &&
			READ_ONCE(rcu_state.gp_state) == RCU_GP_WAIT_FQS;
		msleep(1);
	}
	KUNIT_EXPECT_TRUE(test, in_gp);
	KUNIT_EXPECT_EQ(test, remove_cpu(cpu), 0);
	/* Detected by another CPU: the reader's takes no ticks. */
	for (int ms = 0; ms < 40000 && !warned; ms += 10) {
		warned = READ_ONCE(rcu_state.nr_stall_warnings) -
			 READ_ONCE(rcu_state.nr_self_stall_warnings) != before;
		msleep(10);
	}
	/* The warning is counted before it is printed: let it finish. */
	msleep(500);
	WRITE_ONCE(rr.leave, true);
	KUNIT_EXPECT_TRUE(test, hp_wait_gp(cookie, 10000));
	kunit_printk_capture_stop();
	kunit_expect_splat_end(test);
	param_set_kv("rcupdate.rcu_cpu_stall_timeout", saved);

	KUNIT_EXPECT_TRUE_MSG(test, warned, "no stall warning in 40 s");
	KUNIT_EXPECT_TRUE_MSG(test, hp_stall_listed(other), "CPU %d, in the reader, not listed",
			      other);
	KUNIT_EXPECT_FALSE_MSG(test, hp_stall_listed(cpu), "offline CPU %d listed", cpu);
	while (!READ_ONCE(rr.done))
		msleep(1);
	kthread_stop(tr);
	set_cpus_allowed_ptr(gp, cpu_possible_mask);
	set_cpus_allowed_ptr(current, cpu_possible_mask);
	hp_restore(test);
}

#ifdef CONFIG_PREEMPT_RCU
static int hp_preempter_fn(void *arg)
{
	WRITE_ONCE(*(bool *)arg, true);
	return 0;
}

/* The same, but it stays: a task's exit queues an RCU callback. */
static int hp_preempter_stay_fn(void *arg)
{
	WRITE_ONCE(*(bool *)arg, true);
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

/* A context switch on every online CPU: a FIFO kthread that exits at once. */
static void hp_preempt_all(struct kunit *test)
{
	unsigned int cpu;

	for_each_online_cpu(cpu) {
		struct task_struct *tp;
		bool ran = false;

		tp = kthread_create(hp_preempter_fn, &ran, "hp_preempter");
		KUNIT_ASSERT_FALSE(test, IS_ERR(tp));
		kthread_bind(tp, cpu);
		sched_set_fifo(tp);
		wake_up_process(tp);
		KUNIT_ASSERT_TRUE(test, rcu_test_wait_flag(&ran, 1000));
	}
}

#define HP_EMPTY_LEAF_TRIES	5

/*
 * A task preempted in a reader stays queued on its leaf when the leaf's
 * CPUs all go offline: the next grace period must wait for it.  Only a
 * grace period that starts once the leaf is empty tells: one that was
 * running when the reader was preempted, or that started while a CPU of
 * the leaf was still online, waits for the reader anyway.  A try in
 * which a grace period ran meanwhile (an RCU callback queued elsewhere)
 * is done again.
 */
static void rcu_hotplug_preempt_empty_leaf(struct kunit *test)
{
	struct rcu_node *leaf = hp_pick_leaf();
	bool told = false;
	int last, tries;

	if (!leaf || num_online_cpus() < 3)
		kunit_skip(test, "needs a leaf without CPU 0 and 3 CPUs");
	hp_save();
	last = leaf->grphi;
	for (tries = 1; tries <= HP_EMPTY_LEAF_TRIES && !told; tries++) {
		struct hp_reader r = { };
		struct task_struct *tr, *tp;
		bool preempted = false;
		unsigned long seq, cookie;

		rcu_barrier();
		synchronize_rcu();
		tr = hp_kthread_on(test, hp_reader_fn, &r, last, "hp_reader");
		KUNIT_ASSERT_TRUE(test, rcu_test_wait_flag(&r.in, 1000));
		tp = kthread_create(hp_preempter_stay_fn, &preempted, "hp_preempter");
		KUNIT_ASSERT_FALSE(test, IS_ERR(tp));
		kthread_bind(tp, last);
		sched_set_fifo(tp);
		seq = rcu_get_gp_seq();
		wake_up_process(tp);
		KUNIT_ASSERT_TRUE(test, rcu_test_wait_flag(&preempted, 1000));
		KUNIT_ASSERT_GT(test, READ_ONCE(leaf->n_blkd), 0);

		for (int cpu = leaf->grplo; cpu <= leaf->grphi; cpu++)
			KUNIT_ASSERT_EQ(test, remove_cpu(cpu), 0);
		KUNIT_EXPECT_EQ(test, READ_ONCE(leaf->qsmaskinitnext), 0UL);
		KUNIT_EXPECT_GT(test, READ_ONCE(leaf->n_blkd), 0);
		told = !gp_seq_state(seq) && rcu_get_gp_seq() == seq;

		cookie = start_poll_synchronize_rcu();
		/*
		 * The reader moved on when its CPU went, and spins on another
		 * one, which would hold the grace period up by itself: preempt
		 * every CPU now and then (the reader is not queued again), so
		 * that only the leaf's queue may hold it.
		 */
		for (int i = 0; told && i < 50 && !poll_state_synchronize_rcu(cookie); i++) {
			hp_preempt_all(test);
			msleep(20);
		}
		KUNIT_EXPECT_FALSE(test, poll_state_synchronize_rcu(cookie));
		WRITE_ONCE(r.leave, true);
		KUNIT_EXPECT_TRUE(test, hp_wait_gp(cookie, 2000));
		KUNIT_EXPECT_TRUE(test, rcu_test_wait_flag(&r.done, 1000));
		kthread_stop(tp);
		kthread_stop(tr);
		hp_restore(test);
	}
	if (!told)
		kunit_skip(test, "a grace period ran while the leaf went offline, %d tries",
			   HP_EMPTY_LEAF_TRIES);
	kunit_info(test, "the leaf went offline between grace periods on try %d\n", tries - 1);
}
#else
static void rcu_hotplug_preempt_empty_leaf(struct kunit *test)
{
	kunit_skip(test, "needs CONFIG_PREEMPT_RCU");
}
#endif

static struct kunit_case rcu_hotplug_test_cases[] = {
	KUNIT_CASE(rcu_hotplug_leaf_empties_mid_gp),
	KUNIT_CASE(rcu_hotplug_barrier_10k),
	KUNIT_CASE(rcu_hotplug_barrier_offline_during),
	KUNIT_CASE(rcu_hotplug_expedited),
	KUNIT_CASE(rcu_hotplug_exp_offline_before_ipi),
	KUNIT_CASE(rcu_hotplug_online_again),
	KUNIT_CASE(rcu_hotplug_dyntick),
	KUNIT_CASE(rcu_hotplug_kfree_rcu),
	KUNIT_CASE(rcu_hotplug_preempt_empty_leaf),
	KUNIT_CASE(rcu_hotplug_stall_ignores_offline),
	{}
};

static struct kunit_suite rcu_hotplug_test_suite = {
	.name = "rcu_hotplug",
	.test_cases = rcu_hotplug_test_cases,
};

kunit_test_suites(&cpuhp_test_suite, &rcu_hotplug_test_suite);
