// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for catching RCU misuse, and for the annotated users.
 *
 * Suite "prove_rcu": every PROVE_RCU splat is triggered on purpose,
 * inside kunit_expect_splat_begin()/_end(), with printk captured; the
 * test asserts the text ("WARNING: suspicious RCU usage", the reason,
 * file:line) and that the kernel went on.  A splat is printed once per
 * call site, so each assertion has its own call site, and a second run
 * of the suite in the same boot skips the cases that rely on a first
 * report ("already reported").
 *
 * Suite "prove_rcu_lockdep": held-lock tracking answers for the current
 * task only, on SMP and across nesting.
 *
 * Suite "prove_rcu_head": debug objects for rcu_head (double call_rcu(),
 * kfree() of a queued head, on-stack heads).
 *
 * Suite "notifier": notifier chains: order, NOTIFY_STOP, errno encoding,
 * the kernel's chains, and concurrent register/unregister against
 * callers with poisoned freed blocks.
 *
 * Suite "cred": credentials, and readers on every CPU looking at a task
 * that commits new credentials in a loop.
 */
#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/types.h>
#include <linux/errno.h>
#include <linux/err.h>
#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/debugobjects.h>
#include <linux/smp.h>
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/spinlock.h>
#include <linux/rcupdate.h>
#include <linux/notifier.h>
#include <linux/cred.h>
#include <asm/arch.h>
#include "../rcu.h"

/* ---- helpers ---- */

static int prove_other_cpu(void)
{
	unsigned int self = raw_smp_processor_id();
	unsigned int cpu;

	for_each_online_cpu(cpu)
		if (cpu != self)
			return cpu;
	return -1;
}

static struct task_struct *prove_run_on(int (*fn)(void *), void *data,
					int cpu, const char *name)
{
	struct task_struct *t;

	t = kthread_create(fn, data, "%s/%d", name, cpu < 0 ? 0 : cpu);
	if (IS_ERR(t))
		return t;
	if (cpu >= 0)
		kthread_bind(t, cpu);
	wake_up_process(t);
	return t;
}

/* Sleep until *@flag is set, at most @ms milliseconds.  Return: it is set. */
static bool prove_wait_flag(int *flag, unsigned int ms)
{
	unsigned long end = jiffies + msecs_to_jiffies(ms);

	while (!READ_ONCE(*flag)) {
		if (time_after(jiffies, end))
			return false;
		msleep(1);
	}
	return true;
}

struct prove_obj {
	int val;
	struct rcu_head rh;
};

#ifdef CONFIG_PROVE_RCU

/*
 * A splat case may run once per boot: its call sites have then reported.
 * Use at the top of such a case.
 */
#define PROVE_ONCE_PER_BOOT(test)					\
do {									\
	static bool __prove_ran;					\
	if (__prove_ran)						\
		kunit_skip(test, "splats once per call site: already reported in this boot"); \
	__prove_ran = true;						\
} while (0)

static unsigned long prove_count0;

/* Open a window for a deliberate splat, capturing printk. */
static void prove_splat_begin(struct kunit *test)
{
	kunit_expect_splat_begin(test);
	kunit_printk_capture_start();
	prove_count0 = READ_ONCE(rcu_suspicious_count);
}

/* Close it.  Return: how many suspicious-RCU splats were printed. */
static unsigned long prove_splat_end(struct kunit *test)
{
	unsigned long n = READ_ONCE(rcu_suspicious_count) - prove_count0;

	kunit_printk_capture_stop();
	kunit_expect_splat_end(test);
	return n;
}

/* Capture output that must contain no splat. */
static void prove_quiet_begin(void)
{
	kunit_printk_capture_start();
	prove_count0 = READ_ONCE(rcu_suspicious_count);
}

static void prove_quiet_end(struct kunit *test, const char *what)
{
	kunit_printk_capture_stop();
	KUNIT_EXPECT_EQ_MSG(test, READ_ONCE(rcu_suspicious_count) - prove_count0, 0UL,
			    "%s splatted", what);
	KUNIT_EXPECT_FALSE_MSG(test, kunit_log_contains("WARNING:"),
			       "%s printed a WARNING", what);
}

#define PROVE_EXPECT_LOG(test, s)					\
	KUNIT_EXPECT_TRUE_MSG(test, kunit_log_contains(s), "no \"%s\" in the splat", s)

static struct prove_obj prove_obj_a = { .val = 42 };
static struct prove_obj __rcu *prove_gp = RCU_INITIALIZER(&prove_obj_a);
static DEFINE_SPINLOCK(prove_lock);
static DEFINE_MUTEX(prove_mutex);

/* ---- suite prove_rcu ---- */

static void prove_rcu_dereference_outside_reader(struct kunit *test)
{
	struct prove_obj *p;

	PROVE_ONCE_PER_BOOT(test);
	prove_quiet_begin();
	rcu_read_lock();
	p = rcu_dereference(prove_gp);
	KUNIT_EXPECT_EQ(test, p->val, 42);
	rcu_read_unlock();
	prove_quiet_end(test, "rcu_dereference() inside rcu_read_lock()");

	prove_splat_begin(test);
	p = rcu_dereference(prove_gp);		/* no reader: misuse */
	KUNIT_EXPECT_EQ(test, prove_splat_end(test), 1UL);
	PROVE_EXPECT_LOG(test, "WARNING: suspicious RCU usage");
	PROVE_EXPECT_LOG(test, "rcu/tests/prove_rcu_test.c:");
	PROVE_EXPECT_LOG(test, "suspicious rcu_dereference_check() usage");
	PROVE_EXPECT_LOG(test, "context: task");
	KUNIT_EXPECT_EQ(test, p->val, 42);	/* and the kernel goes on */
}

static void prove_rcu_dereference_bh_sched_outside_reader(struct kunit *test)
{
	struct prove_obj *p;
	unsigned long flags;

	PROVE_ONCE_PER_BOOT(test);
	prove_quiet_begin();
	rcu_read_lock_bh();
	p = rcu_dereference_bh(prove_gp);
	rcu_read_unlock_bh();
	rcu_read_lock_sched();
	p = rcu_dereference_sched(prove_gp);
	rcu_read_unlock_sched();
	/* Interrupts off are a bh and a sched reader by definition. */
	local_irq_save(flags);
	p = rcu_dereference_bh(prove_gp);
	p = rcu_dereference_sched(prove_gp);
	local_irq_restore(flags);
	prove_quiet_end(test, "rcu_dereference_bh/_sched() inside their readers");

	prove_splat_begin(test);
	p = rcu_dereference_bh(prove_gp);
	KUNIT_EXPECT_EQ(test, prove_splat_end(test), 1UL);
	PROVE_EXPECT_LOG(test, "suspicious rcu_dereference_bh_check() usage");

	/*
	 * A plain rcu_read_lock() does not make a sched reader, except in a
	 * PREEMPT kernel without preemptible RCU, whose readers disable
	 * preemption (and so are sched readers).
	 */
	if (IS_ENABLED(CONFIG_PREEMPT) && !IS_ENABLED(CONFIG_PREEMPT_RCU))
		return;
	prove_splat_begin(test);
	rcu_read_lock();
	p = rcu_dereference_sched(prove_gp);
	rcu_read_unlock();
	KUNIT_EXPECT_EQ(test, prove_splat_end(test), 1UL);
	PROVE_EXPECT_LOG(test, "suspicious rcu_dereference_sched_check() usage");
	KUNIT_EXPECT_EQ(test, p->val, 42);
}

static void prove_rcu_dereference_check_false(struct kunit *test)
{
	struct prove_obj *p;
	unsigned long flags;

	PROVE_ONCE_PER_BOOT(test);
	prove_quiet_begin();
	spin_lock_irqsave(&prove_lock, flags);
	p = rcu_dereference_check(prove_gp, lockdep_is_held(&prove_lock));
	spin_unlock_irqrestore(&prove_lock, flags);
	mutex_lock(&prove_mutex);
	p = rcu_dereference_check(prove_gp, lockdep_is_held(&prove_mutex));
	mutex_unlock(&prove_mutex);
	prove_quiet_end(test, "rcu_dereference_check() with its lock held");

	prove_splat_begin(test);
	p = rcu_dereference_check(prove_gp, lockdep_is_held(&prove_lock));
	KUNIT_EXPECT_EQ(test, prove_splat_end(test), 1UL);
	PROVE_EXPECT_LOG(test, "WARNING: suspicious RCU usage");
	PROVE_EXPECT_LOG(test, "suspicious rcu_dereference_check() usage");

	prove_splat_begin(test);
	p = rcu_dereference_check(prove_gp, 0);
	KUNIT_EXPECT_EQ(test, prove_splat_end(test), 1UL);
	PROVE_EXPECT_LOG(test, "suspicious rcu_dereference_check() usage");
	KUNIT_EXPECT_EQ(test, p->val, 42);
}

static void prove_rcu_dereference_protected_false(struct kunit *test)
{
	struct prove_obj *p;
	unsigned long flags;

	PROVE_ONCE_PER_BOOT(test);
	prove_quiet_begin();
	spin_lock_irqsave(&prove_lock, flags);
	p = rcu_dereference_protected(prove_gp, lockdep_is_held(&prove_lock));
	spin_unlock_irqrestore(&prove_lock, flags);
	prove_quiet_end(test, "rcu_dereference_protected() with its lock held");

	/* A reader is no excuse on the update side. */
	prove_splat_begin(test);
	rcu_read_lock();
	p = rcu_dereference_protected(prove_gp, lockdep_is_held(&prove_lock));
	rcu_read_unlock();
	KUNIT_EXPECT_EQ(test, prove_splat_end(test), 1UL);
	PROVE_EXPECT_LOG(test, "WARNING: suspicious RCU usage");
	PROVE_EXPECT_LOG(test, "suspicious rcu_dereference_protected() usage");
	KUNIT_EXPECT_EQ(test, p->val, 42);
}

/* Another task holds the lock: lockdep_is_held() is still false for us. */
struct prove_holder {
	struct mutex *m;
	int held;
	int release;
	int held_there;
};

static int prove_holder_fn(void *arg)
{
	struct prove_holder *h = arg;

	mutex_lock(h->m);
	WRITE_ONCE(h->held_there, lockdep_is_held(h->m));
	WRITE_ONCE(h->held, 1);
	while (!READ_ONCE(h->release))
		msleep(1);
	mutex_unlock(h->m);
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

static void prove_rcu_protected_lock_held_elsewhere(struct kunit *test)
{
	struct prove_holder h = { .m = &prove_mutex };
	struct task_struct *t;
	struct prove_obj *p;

	PROVE_ONCE_PER_BOOT(test);
	t = prove_run_on(prove_holder_fn, &h, prove_other_cpu(), "prove_hold");
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	KUNIT_ASSERT_TRUE(test, prove_wait_flag(&h.held, 5000));
	prove_splat_begin(test);
	p = rcu_dereference_protected(prove_gp, lockdep_is_held(&prove_mutex));
	KUNIT_EXPECT_EQ(test, prove_splat_end(test), 1UL);
	PROVE_EXPECT_LOG(test, "suspicious rcu_dereference_protected() usage");
	WRITE_ONCE(h.release, 1);
	kthread_stop(t);
	KUNIT_EXPECT_TRUE(test, h.held_there);
	KUNIT_EXPECT_EQ(test, p->val, 42);
}

static void prove_rcu_synchronize_in_reader(struct kunit *test)
{
	unsigned long g0 = rcu_gp_completed();

	PROVE_ONCE_PER_BOOT(test);
	prove_splat_begin(test);
	rcu_read_lock();
	synchronize_rcu();
	rcu_read_unlock();
	KUNIT_EXPECT_GE(test, prove_splat_end(test), 1UL);
	PROVE_EXPECT_LOG(test, "WARNING: suspicious RCU usage");
	PROVE_EXPECT_LOG(test, "Illegal synchronize_rcu() in RCU read-side critical section");
	/* The kernel goes on: grace periods still complete, quietly. */
	prove_quiet_begin();
	synchronize_rcu();
	prove_quiet_end(test, "synchronize_rcu() outside a reader");
	KUNIT_EXPECT_NE(test, rcu_gp_completed(), g0);
}

static void prove_rcu_synchronize_expedited_in_reader(struct kunit *test)
{
	PROVE_ONCE_PER_BOOT(test);
	prove_splat_begin(test);
	rcu_read_lock();
	synchronize_rcu_expedited();
	rcu_read_unlock();
	KUNIT_EXPECT_GE(test, prove_splat_end(test), 1UL);
	PROVE_EXPECT_LOG(test, "Illegal synchronize_rcu_expedited() in RCU read-side critical section");
	prove_quiet_begin();
	synchronize_rcu_expedited();
	prove_quiet_end(test, "synchronize_rcu_expedited() outside a reader");
}

static void prove_rcu_cond_synchronize_in_reader(struct kunit *test)
{
	unsigned long cookie;

	PROVE_ONCE_PER_BOOT(test);
	cookie = get_state_synchronize_rcu();
	prove_splat_begin(test);
	rcu_read_lock();
	cond_synchronize_rcu(cookie);
	rcu_read_unlock();
	KUNIT_EXPECT_GE(test, prove_splat_end(test), 1UL);
	PROVE_EXPECT_LOG(test, "Illegal cond_synchronize_rcu() in RCU read-side critical section");
	cond_synchronize_rcu(get_state_synchronize_rcu());
}

/*
 * Sleeping in a reader.  Only meaningful (and only safe to do on
 * purpose) in a non-preemptible build, where rcu_read_lock() is a
 * compiler barrier and the context switch merely ends the reader early.
 */
static void prove_need_nonpreempt(struct kunit *test)
{
	if (IS_ENABLED(CONFIG_PREEMPT))
		kunit_skip(test, "sleeping in a reader is tested in non-preemptible builds");
}

static void prove_rcu_mutex_lock_in_reader(struct kunit *test)
{
	prove_need_nonpreempt(test);
	PROVE_ONCE_PER_BOOT(test);
	prove_splat_begin(test);
	rcu_read_lock();
	mutex_lock(&prove_mutex);
	mutex_unlock(&prove_mutex);
	rcu_read_unlock();
	KUNIT_EXPECT_GE(test, prove_splat_end(test), 1UL);
	PROVE_EXPECT_LOG(test, "WARNING: suspicious RCU usage");
	PROVE_EXPECT_LOG(test, "Illegal context switch in RCU read-side critical section");
	PROVE_EXPECT_LOG(test, "mutex.c:");
	PROVE_EXPECT_LOG(test, "rcu_read_lock x1");
}

static void prove_rcu_mutex_trylock_in_reader(struct kunit *test)
{
	int ok;

	prove_quiet_begin();
	rcu_read_lock();
	ok = mutex_trylock(&prove_mutex);
	if (ok)
		mutex_unlock(&prove_mutex);
	rcu_read_unlock();
	prove_quiet_end(test, "mutex_trylock() in a reader");
	KUNIT_EXPECT_TRUE(test, ok);
}

static void prove_rcu_msleep_in_reader(struct kunit *test)
{
	prove_need_nonpreempt(test);
	PROVE_ONCE_PER_BOOT(test);
	prove_splat_begin(test);
	rcu_read_lock();
	msleep(1);
	rcu_read_unlock();
	KUNIT_EXPECT_GE(test, prove_splat_end(test), 1UL);
	PROVE_EXPECT_LOG(test, "Illegal context switch in RCU read-side critical section");
	PROVE_EXPECT_LOG(test, "timer.c:");
}

static void prove_rcu_schedule_in_reader(struct kunit *test)
{
	prove_need_nonpreempt(test);
	PROVE_ONCE_PER_BOOT(test);
	prove_splat_begin(test);
	rcu_read_lock();
	schedule();
	rcu_read_unlock();
	KUNIT_EXPECT_EQ(test, prove_splat_end(test), 1UL);
	PROVE_EXPECT_LOG(test, "Illegal context switch in RCU read-side critical section");
	PROVE_EXPECT_LOG(test, "core.c:");
	PROVE_EXPECT_LOG(test, "prove_rcu_schedule_in_reader");
}

/* call_rcu() from NMI: reported and refused. */
static struct rcu_head prove_nmi_head;
static atomic_t prove_nmi_cb_runs;
static int prove_nmi_armed, prove_nmi_done;

static void prove_nmi_cb(struct rcu_head *rh)
{
	atomic_inc(&prove_nmi_cb_runs);
}

static int prove_nmi_handler(struct pt_regs *regs)
{
	if (!READ_ONCE(prove_nmi_armed) || cmpxchg(&prove_nmi_armed, 1, 0) != 1)
		return 0;
	call_rcu(&prove_nmi_head, prove_nmi_cb);
	WRITE_ONCE(prove_nmi_done, 1);
	return 1;
}

static void prove_rcu_call_rcu_from_nmi(struct kunit *test)
{
	unsigned long end;
	int cpu;

	PROVE_ONCE_PER_BOOT(test);
	KUNIT_ASSERT_EQ(test, register_nmi_handler(prove_nmi_handler), 0);
	atomic_set(&prove_nmi_cb_runs, 0);
	WRITE_ONCE(prove_nmi_done, 0);
	prove_splat_begin(test);
	WRITE_ONCE(prove_nmi_armed, 1);
	smp_mb();
	preempt_disable();
	cpu = smp_processor_id();
	smp_send_nmi(cpu);
	preempt_enable();
	end = jiffies + msecs_to_jiffies(5000);
	while (!READ_ONCE(prove_nmi_done) && time_before(jiffies, end))
		msleep(1);
	WRITE_ONCE(prove_nmi_armed, 0);
	KUNIT_EXPECT_EQ(test, prove_splat_end(test), 1UL);
	unregister_nmi_handler(prove_nmi_handler);
	KUNIT_ASSERT_TRUE_MSG(test, READ_ONCE(prove_nmi_done), "no NMI arrived on CPU %d", cpu);
	PROVE_EXPECT_LOG(test, "WARNING: suspicious RCU usage");
	PROVE_EXPECT_LOG(test, "Illegal call_rcu() from NMI context");
	PROVE_EXPECT_LOG(test, "context: NMI");
	/* Refused, not queued: the callback never runs, callbacks still flow. */
	rcu_barrier();
	KUNIT_EXPECT_EQ(test, atomic_read(&prove_nmi_cb_runs), 0);
}

static void prove_rcu_unbalanced_unlock(struct kunit *test)
{
	if (IS_ENABLED(CONFIG_PREEMPT))
		kunit_skip(test, "an unbalanced unlock would corrupt the preemption count");
	PROVE_ONCE_PER_BOOT(test);
	prove_splat_begin(test);
	rcu_read_unlock();
	KUNIT_EXPECT_EQ(test, prove_splat_end(test), 1UL);
	PROVE_EXPECT_LOG(test, "WARNING: suspicious RCU usage");
	PROVE_EXPECT_LOG(test, "rcu_read_unlock() without matching rcu_read_lock()");
	/* The depth did not go negative: a reader still counts. */
	KUNIT_EXPECT_FALSE(test, rcu_read_lock_held());
	rcu_read_lock();
	KUNIT_EXPECT_TRUE(test, rcu_read_lock_held());
	rcu_read_unlock();
	KUNIT_EXPECT_FALSE(test, rcu_read_lock_held());
}

static void prove_rcu_lockdep_warn_and_assert(struct kunit *test)
{
	unsigned long n;

	PROVE_ONCE_PER_BOOT(test);
	prove_quiet_begin();
	RCU_LOCKDEP_WARN(0, "prove_rcu_test: must stay quiet");
	rcu_read_lock();
	rcu_lockdep_assert(rcu_read_lock_held(), "prove_rcu_test: assert in reader");
	rcu_read_unlock();
	prove_quiet_end(test, "RCU_LOCKDEP_WARN(0)/rcu_lockdep_assert(true)");

	prove_splat_begin(test);
	RCU_LOCKDEP_WARN(1, "prove_rcu_test: RCU_LOCKDEP_WARN fired");
	KUNIT_EXPECT_EQ(test, prove_splat_end(test), 1UL);
	PROVE_EXPECT_LOG(test, "WARNING: suspicious RCU usage");
	PROVE_EXPECT_LOG(test, "prove_rcu_test: RCU_LOCKDEP_WARN fired!");

	prove_splat_begin(test);
	rcu_lockdep_assert(rcu_read_lock_held(), "prove_rcu_test: caller must hold rcu_read_lock()");
	KUNIT_EXPECT_EQ(test, prove_splat_end(test), 1UL);
	PROVE_EXPECT_LOG(test, "prove_rcu_test: caller must hold rcu_read_lock()");

	/* Once per call site: a loop re-executes one site. */
	prove_splat_begin(test);
	for (int i = 0; i < 3; i++)
		RCU_LOCKDEP_WARN(1, "prove_rcu_test: once per site");
	n = prove_splat_end(test);
	KUNIT_EXPECT_EQ(test, n, 1UL);
}

static void prove_rcu_splat_contents(struct kunit *test)
{
	unsigned long flags;

	PROVE_ONCE_PER_BOOT(test);
	prove_splat_begin(test);
	spin_lock_irqsave(&prove_lock, flags);
	rcu_read_lock();
	RCU_LOCKDEP_WARN(1, "prove_rcu_test: splat with locks held");
	rcu_read_unlock();
	spin_unlock_irqrestore(&prove_lock, flags);
	KUNIT_EXPECT_EQ(test, prove_splat_end(test), 1UL);
	PROVE_EXPECT_LOG(test, "WARNING: suspicious RCU usage");
	PROVE_EXPECT_LOG(test, "rcu/tests/prove_rcu_test.c:");
	PROVE_EXPECT_LOG(test, "2 locks held by");
	PROVE_EXPECT_LOG(test, "prove_lock");
	PROVE_EXPECT_LOG(test, "rcu_read_lock x1");
	PROVE_EXPECT_LOG(test, "stack backtrace:");
	PROVE_EXPECT_LOG(test, "Call Trace:");
	PROVE_EXPECT_LOG(test, "prove_rcu_splat_contents+0x");
}

static struct kunit_case prove_rcu_test_cases[] = {
	KUNIT_CASE(prove_rcu_dereference_outside_reader),
	KUNIT_CASE(prove_rcu_dereference_bh_sched_outside_reader),
	KUNIT_CASE(prove_rcu_dereference_check_false),
	KUNIT_CASE(prove_rcu_dereference_protected_false),
	KUNIT_CASE(prove_rcu_protected_lock_held_elsewhere),
	KUNIT_CASE(prove_rcu_synchronize_in_reader),
	KUNIT_CASE(prove_rcu_synchronize_expedited_in_reader),
	KUNIT_CASE(prove_rcu_cond_synchronize_in_reader),
	KUNIT_CASE(prove_rcu_schedule_in_reader),
	KUNIT_CASE(prove_rcu_mutex_lock_in_reader),
	KUNIT_CASE(prove_rcu_mutex_trylock_in_reader),
	KUNIT_CASE(prove_rcu_msleep_in_reader),
	KUNIT_CASE(prove_rcu_call_rcu_from_nmi),
	KUNIT_CASE(prove_rcu_unbalanced_unlock),
	KUNIT_CASE(prove_rcu_lockdep_warn_and_assert),
	KUNIT_CASE(prove_rcu_splat_contents),
	{}
};

static struct kunit_suite prove_rcu_test_suite = {
	.name = "prove_rcu",
	.test_cases = prove_rcu_test_cases,
};

/* ---- suite prove_rcu_lockdep: held-lock tracking ---- */

static void prove_lockdep_own_locks(struct kunit *test)
{
	static DEFINE_SPINLOCK(la);
	static DEFINE_SPINLOCK(lb);
	unsigned long flags;

	KUNIT_EXPECT_FALSE(test, lockdep_is_held(&la));
	spin_lock_irqsave(&la, flags);
	KUNIT_EXPECT_TRUE(test, lockdep_is_held(&la));
	KUNIT_EXPECT_FALSE(test, lockdep_is_held(&lb));
	spin_lock(&lb);
	KUNIT_EXPECT_TRUE(test, lockdep_is_held(&la));
	KUNIT_EXPECT_TRUE(test, lockdep_is_held(&lb));
	spin_unlock(&la);		/* out of order */
	KUNIT_EXPECT_FALSE(test, lockdep_is_held(&la));
	KUNIT_EXPECT_TRUE(test, lockdep_is_held(&lb));
	spin_unlock(&lb);
	local_irq_restore(flags);
	KUNIT_EXPECT_FALSE(test, lockdep_is_held(&lb));

	mutex_lock(&prove_mutex);
	KUNIT_EXPECT_TRUE(test, lockdep_is_held(&prove_mutex));
	msleep(2);			/* held across a context switch */
	KUNIT_EXPECT_TRUE(test, lockdep_is_held(&prove_mutex));
	mutex_unlock(&prove_mutex);
	KUNIT_EXPECT_FALSE(test, lockdep_is_held(&prove_mutex));
}

/* A kthread on another CPU holds a spinlock (or sits in a reader). */
struct prove_spin_holder {
	spinlock_t *lock;
	int kind;		/* 0 spinlock, 1 rcu, 2 rcu_bh, 3 rcu_sched */
	int in;
	int release;
	int held_there;
};

static int prove_spin_holder_fn(void *arg)
{
	struct prove_spin_holder *h = arg;
	unsigned long flags = 0;

	switch (h->kind) {
	case 0:
		spin_lock_irqsave(h->lock, flags);
		WRITE_ONCE(h->held_there, lockdep_is_held(h->lock));
		break;
	case 1:
		rcu_read_lock();
		WRITE_ONCE(h->held_there, rcu_read_lock_held());
		break;
	case 2:
		rcu_read_lock_bh();
		WRITE_ONCE(h->held_there, rcu_read_lock_bh_held());
		break;
	default:
		rcu_read_lock_sched();
		WRITE_ONCE(h->held_there, rcu_read_lock_sched_held());
		break;
	}
	WRITE_ONCE(h->in, 1);
	while (!READ_ONCE(h->release))
		cpu_relax();
	switch (h->kind) {
	case 0:
		spin_unlock_irqrestore(h->lock, flags);
		break;
	case 1:
		rcu_read_unlock();
		break;
	case 2:
		rcu_read_unlock_bh();
		break;
	default:
		rcu_read_unlock_sched();
		break;
	}
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

static void prove_lockdep_other_cpu(struct kunit *test)
{
	static DEFINE_SPINLOCK(lc);
	int cpu = prove_other_cpu();

	if (cpu < 0)
		kunit_skip(test, "needs 2 CPUs (prove_rcu_protected_lock_held_elsewhere covers UP)");
	for (int kind = 0; kind < 4; kind++) {
		struct prove_spin_holder h = { .lock = &lc, .kind = kind };
		struct task_struct *t;
		unsigned long end;

		t = prove_run_on(prove_spin_holder_fn, &h, cpu, "prove_spin");
		KUNIT_ASSERT_FALSE(test, IS_ERR(t));
		end = jiffies + msecs_to_jiffies(5000);
		while (!READ_ONCE(h.in) && time_before(jiffies, end))
			msleep(1);
		KUNIT_EXPECT_TRUE_MSG(test, READ_ONCE(h.in), "kind %d: holder never started", kind);
		/* Held over there, truthfully... */
		KUNIT_EXPECT_TRUE_MSG(test, h.held_there, "kind %d", kind);
		/* ...and not by us. */
		KUNIT_EXPECT_FALSE(test, lockdep_is_held(&lc));
		KUNIT_EXPECT_FALSE_MSG(test, rcu_read_lock_held(), "kind %d", kind);
		KUNIT_EXPECT_FALSE_MSG(test, rcu_read_lock_bh_held(), "kind %d", kind);
		KUNIT_EXPECT_FALSE_MSG(test, rcu_read_lock_sched_held(), "kind %d", kind);
		WRITE_ONCE(h.release, 1);
		kthread_stop(t);
	}
}

static void prove_lockdep_reader_nesting(struct kunit *test)
{
	KUNIT_EXPECT_FALSE(test, rcu_read_lock_held());
	KUNIT_EXPECT_FALSE(test, rcu_read_lock_bh_held());
	KUNIT_EXPECT_FALSE(test, rcu_read_lock_sched_held());
	KUNIT_EXPECT_FALSE(test, rcu_read_lock_any_held());

	rcu_read_lock();
	KUNIT_EXPECT_TRUE(test, rcu_read_lock_held());
	KUNIT_EXPECT_FALSE(test, rcu_read_lock_bh_held());
	rcu_read_lock();
	rcu_read_unlock();
	KUNIT_EXPECT_TRUE(test, rcu_read_lock_held());	/* outer still open */
	rcu_read_lock_bh();
	KUNIT_EXPECT_TRUE(test, rcu_read_lock_bh_held());
	rcu_read_lock_sched();
	KUNIT_EXPECT_TRUE(test, rcu_read_lock_sched_held());
	KUNIT_EXPECT_TRUE(test, rcu_read_lock_any_held());
	rcu_read_unlock_sched();
	rcu_read_unlock_bh();
	KUNIT_EXPECT_FALSE(test, rcu_read_lock_bh_held());
	KUNIT_EXPECT_TRUE(test, rcu_read_lock_held());
	rcu_read_unlock();
	KUNIT_EXPECT_FALSE(test, rcu_read_lock_held());
	KUNIT_EXPECT_FALSE(test, rcu_read_lock_any_held());

	/* Interrupts off, preemption off: sched (and bh) readers by definition. */
	preempt_disable();
	KUNIT_EXPECT_TRUE(test, rcu_read_lock_sched_held());
	preempt_enable();
	local_irq_disable();
	KUNIT_EXPECT_TRUE(test, rcu_read_lock_bh_held());
	KUNIT_EXPECT_TRUE(test, rcu_read_lock_sched_held());
	local_irq_enable();
}

static struct kunit_case prove_lockdep_test_cases[] = {
	KUNIT_CASE(prove_lockdep_own_locks),
	KUNIT_CASE(prove_lockdep_other_cpu),
	KUNIT_CASE(prove_lockdep_reader_nesting),
	{}
};

static struct kunit_suite prove_lockdep_test_suite = {
	.name = "prove_rcu_lockdep",
	.test_cases = prove_lockdep_test_cases,
};
#endif /* CONFIG_PROVE_RCU */

/* ---- suite prove_rcu_head: debug objects ---- */

#ifdef CONFIG_DEBUG_OBJECTS_RCU_HEAD
static atomic_t prove_head_cb_runs;
static struct rcu_head prove_static_head;

static void prove_head_free_cb(struct rcu_head *rh)
{
	struct prove_obj *p = container_of(rh, struct prove_obj, rh);

	atomic_inc(&prove_head_cb_runs);
	kfree(p);
}

static unsigned long prove_head_reports0;

static void prove_head_splat_begin(struct kunit *test)
{
	kunit_expect_splat_begin(test);
	kunit_printk_capture_start();
	prove_head_reports0 = READ_ONCE(rcu_head_debug_reports);
}

static unsigned long prove_head_splat_end(struct kunit *test)
{
	kunit_printk_capture_stop();
	kunit_expect_splat_end(test);
	return READ_ONCE(rcu_head_debug_reports) - prove_head_reports0;
}

static void prove_head_double_call_rcu(struct kunit *test)
{
	struct prove_obj *p = kzalloc(sizeof(*p), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, p);
	atomic_set(&prove_head_cb_runs, 0);
	prove_head_splat_begin(test);
	call_rcu(&p->rh, prove_head_free_cb);
	call_rcu(&p->rh, prove_head_free_cb);	/* no grace period between */
	KUNIT_EXPECT_EQ(test, prove_head_splat_end(test), 1UL);
	KUNIT_EXPECT_TRUE(test, kunit_log_contains("ODEBUG: activate active"));
	KUNIT_EXPECT_TRUE(test, kunit_log_contains("object type: rcu_head"));
	KUNIT_EXPECT_TRUE(test, kunit_log_contains("prove_head_free_cb"));
	/* The lists are intact: rcu_barrier() completes, the callback ran once. */
	rcu_barrier();
	KUNIT_EXPECT_EQ(test, atomic_read(&prove_head_cb_runs), 1);
	rcu_barrier();
	KUNIT_EXPECT_EQ(test, atomic_read(&prove_head_cb_runs), 1);
}

static void prove_head_kfree_queued(struct kunit *test)
{
	struct prove_obj *p = kzalloc(sizeof(*p), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, p);
	atomic_set(&prove_head_cb_runs, 0);
	call_rcu(&p->rh, prove_head_free_cb);
	/*
	 * What kfree(p) would check before freeing: it reports the queued
	 * head.  The object is not really freed here (the callback does it
	 * after the grace period), so nothing is corrupted.
	 */
	prove_head_splat_begin(test);
	debug_check_no_obj_freed(p, sizeof(*p));
	KUNIT_EXPECT_EQ(test, prove_head_splat_end(test), 1UL);
	KUNIT_EXPECT_TRUE(test, kunit_log_contains("ODEBUG: free active"));
	rcu_barrier();
	KUNIT_EXPECT_EQ(test, atomic_read(&prove_head_cb_runs), 1);

	/* Once invoked, the head is no longer tracked: a kfree() is quiet. */
	p = kzalloc(sizeof(*p), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, p);
	prove_head_reports0 = READ_ONCE(rcu_head_debug_reports);
	debug_check_no_obj_freed(p, sizeof(*p));
	kfree(p);
	KUNIT_EXPECT_EQ(test, READ_ONCE(rcu_head_debug_reports), prove_head_reports0);
}

struct prove_stack_wait {
	struct rcu_head rh;
	struct completion done;
};

static void prove_stack_cb(struct rcu_head *rh)
{
	complete(&container_of(rh, struct prove_stack_wait, rh)->done);
}

static void prove_head_on_stack_annotated(struct kunit *test)
{
	struct prove_stack_wait w;
	struct prove_obj *p;
	unsigned long r0 = READ_ONCE(rcu_head_debug_reports);

	kunit_printk_capture_start();
	init_rcu_head_on_stack(&w.rh);
	init_completion(&w.done);
	call_rcu(&w.rh, prove_stack_cb);
	wait_for_completion(&w.done);
	destroy_rcu_head_on_stack(&w.rh);

	/* init_rcu_head()/destroy_rcu_head() for heap and static heads. */
	p = kzalloc(sizeof(*p), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, p);
	init_rcu_head(&p->rh);
	atomic_set(&prove_head_cb_runs, 0);
	call_rcu(&p->rh, prove_head_free_cb);
	rcu_barrier();
	KUNIT_EXPECT_EQ(test, atomic_read(&prove_head_cb_runs), 1);
	init_rcu_head(&prove_static_head);
	destroy_rcu_head(&prove_static_head);
	kunit_printk_capture_stop();
	KUNIT_EXPECT_EQ(test, READ_ONCE(rcu_head_debug_reports), r0);
	KUNIT_EXPECT_FALSE(test, kunit_log_contains("ODEBUG"));
}

static void prove_head_on_stack_unannotated(struct kunit *test)
{
	struct prove_stack_wait w;

	init_completion(&w.done);
	prove_head_splat_begin(test);
	call_rcu(&w.rh, prove_stack_cb);	/* no init_rcu_head_on_stack() */
	KUNIT_EXPECT_EQ(test, prove_head_splat_end(test), 1UL);
	KUNIT_EXPECT_TRUE(test, kunit_log_contains("object is on stack, but not annotated"));
	/* It was queued all the same: wait before the frame goes away. */
	wait_for_completion(&w.done);
}

static struct kunit_case prove_head_test_cases[] = {
	KUNIT_CASE(prove_head_double_call_rcu),
	KUNIT_CASE(prove_head_kfree_queued),
	KUNIT_CASE(prove_head_on_stack_annotated),
	KUNIT_CASE(prove_head_on_stack_unannotated),
	{}
};

static struct kunit_suite prove_head_test_suite = {
	.name = "prove_rcu_head",
	.test_cases = prove_head_test_cases,
};
#endif /* CONFIG_DEBUG_OBJECTS_RCU_HEAD */

/* ---- suite notifier ---- */

#define NB_MAGIC	0x4e425f4fU

struct prove_nb {
	struct notifier_block nb;
	unsigned int magic;
	int id;
	int ret;
	atomic_t calls;
	int *order;
	int *norder;
};

static int prove_nb_call(struct notifier_block *nb, unsigned long action, void *data)
{
	struct prove_nb *p = container_of(nb, struct prove_nb, nb);

	if (p->order)
		p->order[(*p->norder)++] = p->id;
	atomic_inc(&p->calls);
	return p->ret;
}

static void prove_nb_init(struct prove_nb *p, int id, int prio, int ret,
			  int *order, int *norder)
{
	memset(p, 0, sizeof(*p));
	p->nb.notifier_call = prove_nb_call;
	p->nb.priority = prio;
	p->magic = NB_MAGIC;
	p->id = id;
	p->ret = ret;
	p->order = order;
	p->norder = norder;
}

static void notifier_priority_order(struct kunit *test)
{
	RAW_NOTIFIER_HEAD(chain);
	struct prove_nb b[5];
	int order[8], n = 0, ret;
	/* id: priority.  Equal priorities keep registration order. */
	static const int prio[5] = { 0, 10, -5, 10, 0 };
	static const int want[5] = { 1, 3, 0, 4, 2 };

	for (int i = 0; i < 5; i++) {
		prove_nb_init(&b[i], i, prio[i], NOTIFY_OK, order, &n);
		KUNIT_ASSERT_EQ(test, raw_notifier_chain_register(&chain, &b[i].nb), 0);
	}
	ret = raw_notifier_call_chain(&chain, 1, NULL);
	KUNIT_EXPECT_EQ(test, ret, NOTIFY_OK);
	KUNIT_ASSERT_EQ(test, n, 5);
	for (int i = 0; i < 5; i++)
		KUNIT_EXPECT_EQ_MSG(test, order[i], want[i], "position %d", i);

	KUNIT_EXPECT_EQ(test, raw_notifier_chain_unregister(&chain, &b[3].nb), 0);
	KUNIT_EXPECT_EQ(test, raw_notifier_chain_unregister(&chain, &b[3].nb), -ENOENT);
	n = 0;
	raw_notifier_call_chain(&chain, 1, NULL);
	KUNIT_EXPECT_EQ(test, n, 4);
	KUNIT_EXPECT_EQ(test, order[0], 1);
	KUNIT_EXPECT_EQ(test, order[1], 0);
	KUNIT_EXPECT_EQ(test, order[2], 4);
	KUNIT_EXPECT_EQ(test, order[3], 2);
}

static void notifier_stop_and_errno(struct kunit *test)
{
	ATOMIC_NOTIFIER_HEAD(chain);
	struct prove_nb a, b, c;
	int order[4], n = 0;

	KUNIT_EXPECT_EQ(test, atomic_notifier_call_chain(&chain, 0, NULL), NOTIFY_DONE);
	KUNIT_EXPECT_TRUE(test, atomic_notifier_call_chain_is_empty(&chain));
	prove_nb_init(&a, 0, 3, NOTIFY_DONE, order, &n);
	prove_nb_init(&b, 1, 2, NOTIFY_STOP, order, &n);
	prove_nb_init(&c, 2, 1, NOTIFY_OK, order, &n);
	atomic_notifier_chain_register(&chain, &c.nb);
	atomic_notifier_chain_register(&chain, &a.nb);
	atomic_notifier_chain_register(&chain, &b.nb);
	KUNIT_EXPECT_EQ(test, atomic_notifier_call_chain(&chain, 0, NULL), NOTIFY_STOP);
	KUNIT_EXPECT_EQ(test, n, 2);
	KUNIT_EXPECT_EQ(test, atomic_read(&c.calls), 0);

	b.ret = NOTIFY_BAD;
	n = 0;
	KUNIT_EXPECT_EQ(test, atomic_notifier_call_chain(&chain, 0, NULL), NOTIFY_BAD);
	KUNIT_EXPECT_EQ(test, n, 2);

	b.ret = notifier_from_errno(-EINVAL);
	n = 0;
	KUNIT_EXPECT_EQ(test, notifier_to_errno(atomic_notifier_call_chain(&chain, 0, NULL)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, n, 2);
	KUNIT_EXPECT_EQ(test, notifier_from_errno(0), NOTIFY_OK);
	KUNIT_EXPECT_EQ(test, notifier_to_errno(NOTIFY_OK), 0);
	KUNIT_EXPECT_EQ(test, notifier_to_errno(NOTIFY_STOP), 0);
	KUNIT_EXPECT_EQ(test, notifier_to_errno(notifier_from_errno(-ENOMEM)), -ENOMEM);

	atomic_notifier_chain_unregister(&chain, &a.nb);
	atomic_notifier_chain_unregister(&chain, &b.nb);
	atomic_notifier_chain_unregister(&chain, &c.nb);
	KUNIT_EXPECT_TRUE(test, atomic_notifier_call_chain_is_empty(&chain));
}

static int prove_sleepy_call(struct notifier_block *nb, unsigned long action, void *data)
{
	msleep(1);			/* blocking chains may sleep */
	(*(int *)data)++;
	return NOTIFY_OK;
}

static void notifier_blocking_may_sleep(struct kunit *test)
{
	BLOCKING_NOTIFIER_HEAD(chain);
	struct notifier_block nb1 = { .notifier_call = prove_sleepy_call };
	struct notifier_block nb2 = { .notifier_call = prove_sleepy_call };
	int calls = 0;

	KUNIT_EXPECT_EQ(test, blocking_notifier_chain_register(&chain, &nb1), 0);
	KUNIT_EXPECT_EQ(test, blocking_notifier_chain_register(&chain, &nb2), 0);
	kunit_printk_capture_start();
	KUNIT_EXPECT_EQ(test, blocking_notifier_call_chain(&chain, 0, &calls), NOTIFY_OK);
	kunit_printk_capture_stop();
	KUNIT_EXPECT_EQ(test, calls, 2);
	KUNIT_EXPECT_FALSE(test, kunit_log_contains("WARNING:"));
	KUNIT_EXPECT_EQ(test, blocking_notifier_chain_unregister(&chain, &nb1), 0);
	KUNIT_EXPECT_EQ(test, blocking_notifier_chain_unregister(&chain, &nb2), 0);
	KUNIT_EXPECT_EQ(test, blocking_notifier_call_chain(&chain, 0, &calls), NOTIFY_DONE);
}

static int prove_die_call(struct notifier_block *nb, unsigned long action, void *data)
{
	struct die_args *args = data;

	if (action == DIE_OOPS && args->trapnr == 99 && !strcmp(args->str, "prove"))
		return NOTIFY_STOP;
	return NOTIFY_DONE;
}

static int prove_cpu_call(struct notifier_block *nb, unsigned long action, void *data)
{
	return NOTIFY_OK;
}

static void notifier_kernel_chains(struct kunit *test)
{
	struct notifier_block die_nb = { .notifier_call = prove_die_call };
	struct notifier_block cpu_nb = { .notifier_call = prove_cpu_call };
	struct notifier_block reboot_nb = { .notifier_call = prove_cpu_call };

	/* One CPU_ONLINE per AP brought up at boot. */
	KUNIT_EXPECT_EQ(test, cpu_online_notifications(), num_online_cpus() - 1);

	KUNIT_EXPECT_EQ(test, register_die_notifier(&die_nb), 0);
	KUNIT_EXPECT_EQ(test, notify_die(DIE_OOPS, "prove", NULL, 0, 99), NOTIFY_STOP);
	KUNIT_EXPECT_EQ(test, unregister_die_notifier(&die_nb), 0);
	KUNIT_EXPECT_EQ(test, notify_die(DIE_OOPS, "prove", NULL, 0, 99), NOTIFY_DONE);

	KUNIT_EXPECT_EQ(test, register_cpu_notifier(&cpu_nb), 0);
	unregister_cpu_notifier(&cpu_nb);
	KUNIT_EXPECT_EQ(test, register_reboot_notifier(&reboot_nb), 0);
	KUNIT_EXPECT_EQ(test, unregister_reboot_notifier(&reboot_nb), 0);
}

/*
 * atomic_notifier_chain_unregister() waits for callers: while a callback
 * runs (inside the caller's rcu_read_lock()) on another CPU, unregister
 * of its block must not return.
 */
static ATOMIC_NOTIFIER_HEAD(prove_wait_chain);

struct prove_unreg {
	struct notifier_block nb;
	int in_callback;
	int release;
	int unregistered;
	int called;
};

static int prove_slow_call(struct notifier_block *nb, unsigned long action, void *data)
{
	struct prove_unreg *u = container_of(nb, struct prove_unreg, nb);
	unsigned long end = jiffies + msecs_to_jiffies(10000);

	WRITE_ONCE(u->in_callback, 1);
	while (!READ_ONCE(u->release) && time_before(jiffies, end))
		cpu_relax();		/* no sleeping: an atomic chain */
	return NOTIFY_OK;
}

static int prove_slow_caller_fn(void *arg)
{
	struct prove_unreg *u = arg;

	atomic_notifier_call_chain(&prove_wait_chain, 0, NULL);
	WRITE_ONCE(u->called, 1);
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

static int prove_unregister_fn(void *arg)
{
	struct prove_unreg *u = arg;

	atomic_notifier_chain_unregister(&prove_wait_chain, &u->nb);
	WRITE_ONCE(u->unregistered, 1);
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

static void notifier_unregister_waits_for_callers(struct kunit *test)
{
	struct prove_unreg u = { .nb.notifier_call = prove_slow_call };
	struct task_struct *caller, *unreg;
	int cpu = prove_other_cpu();
	bool early;

	if (cpu < 0)
		kunit_skip(test, "needs 2 CPUs: a callback on one, unregister on another");
	KUNIT_ASSERT_EQ(test, atomic_notifier_chain_register(&prove_wait_chain, &u.nb), 0);
	caller = prove_run_on(prove_slow_caller_fn, &u, cpu, "nb_slow");
	KUNIT_ASSERT_FALSE(test, IS_ERR(caller));
	KUNIT_ASSERT_TRUE(test, prove_wait_flag(&u.in_callback, 5000));
	unreg = prove_run_on(prove_unregister_fn, &u, raw_smp_processor_id(), "nb_unreg");
	KUNIT_ASSERT_FALSE(test, IS_ERR(unreg));
	msleep(100);
	early = READ_ONCE(u.unregistered);
	WRITE_ONCE(u.release, 1);
	KUNIT_EXPECT_TRUE(test, prove_wait_flag(&u.unregistered, 10000));
	KUNIT_EXPECT_TRUE(test, prove_wait_flag(&u.called, 10000));
	kthread_stop(unreg);
	kthread_stop(caller);
	KUNIT_EXPECT_FALSE_MSG(test, early,
			       "unregister returned while the callback was still running");
	KUNIT_EXPECT_TRUE(test, atomic_notifier_call_chain_is_empty(&prove_wait_chain));
}

/*
 * Concurrent register/unregister against callers.  A permanent block is
 * on the chain throughout: every call must reach it (no missed calls).
 * Writers register kmalloc()ed blocks, check that their own next call
 * reaches the new block, unregister and kfree() them at once (unregister
 * waited for readers).  Freed blocks are poisoned (DEBUG_KMALLOC): a
 * callback on one sees a bad magic.
 */
static ATOMIC_NOTIFIER_HEAD(prove_stress_chain);
static atomic_t prove_bad_magic;

struct prove_stress {
	int stop;
	atomic_t chain_calls;
	atomic_t writer_misses;
	atomic_t registrations;
	int started;
	atomic_t running;
};

static int prove_stress_nb_call(struct notifier_block *nb, unsigned long action, void *data)
{
	struct prove_nb *p = container_of(nb, struct prove_nb, nb);

	if (READ_ONCE(p->magic) != NB_MAGIC)
		atomic_inc(&prove_bad_magic);
	atomic_inc(&p->calls);
	return NOTIFY_OK;
}

static struct prove_nb prove_permanent_nb;

static int prove_stress_caller(void *arg)
{
	struct prove_stress *s = arg;

	atomic_inc(&s->running);
	while (!READ_ONCE(s->stop)) {
		atomic_notifier_call_chain(&prove_stress_chain, 0, NULL);
		atomic_inc(&s->chain_calls);
		cond_resched();
	}
	atomic_dec(&s->running);
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

static int prove_stress_writer(void *arg)
{
	struct prove_stress *s = arg;

	atomic_inc(&s->running);
	while (!READ_ONCE(s->stop)) {
		struct prove_nb *p = kmalloc(sizeof(*p), GFP_KERNEL);

		if (!p)
			break;
		prove_nb_init(p, 0, (int)(jiffies % 7) - 3, NOTIFY_OK, NULL, NULL);
		p->nb.notifier_call = prove_stress_nb_call;
		atomic_notifier_chain_register(&prove_stress_chain, &p->nb);
		atomic_inc(&s->registrations);
		atomic_notifier_call_chain(&prove_stress_chain, 0, NULL);
		atomic_inc(&s->chain_calls);
		if (atomic_read(&p->calls) < 1)
			atomic_inc(&s->writer_misses);
		atomic_notifier_chain_unregister(&prove_stress_chain, &p->nb);
		p->magic = 0;
		kfree(p);
		cond_resched();	/* Tiny RCU's synchronize_rcu() never sleeps */
	}
	atomic_dec(&s->running);
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

static void notifier_concurrent_register(struct kunit *test)
{
	struct prove_stress s = {};
	struct task_struct **tasks;
	unsigned int ncpus = num_online_cpus(), n = 0, cpu, i = 0;

	tasks = kunit_kzalloc(test, sizeof(*tasks) * (ncpus + 1), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, tasks);

	prove_nb_init(&prove_permanent_nb, 0, 0, NOTIFY_OK, NULL, NULL);
	prove_permanent_nb.nb.notifier_call = prove_stress_nb_call;
	atomic_set(&prove_bad_magic, 0);
	KUNIT_ASSERT_EQ(test, atomic_notifier_chain_register(&prove_stress_chain,
							     &prove_permanent_nb.nb), 0);
	for_each_online_cpu(cpu) {
		/* Half the CPUs (at least one) write, the others call. */
		bool writer = ncpus == 1 || (i++ & 1);
		struct task_struct *t;

		t = prove_run_on(writer ? prove_stress_writer : prove_stress_caller, &s,
				 cpu, writer ? "nb_writer" : "nb_caller");
		KUNIT_ASSERT_FALSE(test, IS_ERR(t));
		tasks[n++] = t;
		if (ncpus == 1) {
			t = prove_run_on(prove_stress_caller, &s, cpu, "nb_caller");
			KUNIT_ASSERT_FALSE(test, IS_ERR(t));
			tasks[n++] = t;
		}
	}
	msleep(1500);
	WRITE_ONCE(s.stop, 1);
	while (n)
		kthread_stop(tasks[--n]);
	atomic_notifier_chain_unregister(&prove_stress_chain, &prove_permanent_nb.nb);

	KUNIT_EXPECT_TRUE(test, atomic_notifier_call_chain_is_empty(&prove_stress_chain));
	KUNIT_EXPECT_GT(test, atomic_read(&s.registrations), 0);
	KUNIT_EXPECT_GT(test, atomic_read(&s.chain_calls), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&prove_permanent_nb.calls),
			atomic_read(&s.chain_calls));
	KUNIT_EXPECT_EQ(test, atomic_read(&s.writer_misses), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&prove_bad_magic), 0);
	printk(KERN_INFO KUNIT_SUBTEST_INDENT
	       "# notifier_concurrent_register: %d calls, %d register/unregister cycles\n",
	       atomic_read(&s.chain_calls), atomic_read(&s.registrations));
}

static struct kunit_case notifier_test_cases[] = {
	KUNIT_CASE(notifier_priority_order),
	KUNIT_CASE(notifier_stop_and_errno),
	KUNIT_CASE(notifier_blocking_may_sleep),
	KUNIT_CASE(notifier_kernel_chains),
	KUNIT_CASE(notifier_unregister_waits_for_callers),
	KUNIT_CASE_SLOW(notifier_concurrent_register),
	{}
};

static struct kunit_suite notifier_test_suite = {
	.name = "notifier",
	.test_cases = notifier_test_cases,
};

/* ---- suite cred ---- */

struct prove_cred_task {
	int done;
	int ok;
	unsigned long commits;
	int stop;
};

/* Exercise the API in a kthread of its own, not in the test's task. */
static int prove_cred_api_fn(void *arg)
{
	struct prove_cred_task *c = arg;
	const struct cred *old, *saved;
	struct cred *new, *other;
	bool ok = true;

	old = get_cred(current_cred());
	new = prepare_creds();
	if (!new)
		goto out;
	new->uid = new->euid = 1234;
	new->gid = new->egid = 99;
	commit_creds(new);
	ok &= current_uid() == 1234 && current_gid() == 99;
	ok &= task_uid(current) == 1234 && task_euid(current) == 1234;
	ok &= old->uid != 1234;			/* the old set is untouched */

	/* override_creds(): only the subjective credentials change. */
	other = prepare_creds();
	if (!other)
		goto out;
	other->euid = 4321;
	saved = override_creds(other);
	ok &= current_euid() == 4321 && task_euid(current) == 1234;
	revert_creds(saved);
	put_cred(other);
	ok &= current_euid() == 1234;

	/* abort_creds(): a prepared set is simply dropped. */
	new = prepare_creds();
	if (new) {
		new->uid = 7;
		abort_creds(new);
	}
	ok &= current_uid() == 1234;
	put_cred(old);
	c->ok = ok ? 1 : 2;
out:
	WRITE_ONCE(c->done, 1);
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

static void cred_api(struct kunit *test)
{
	struct prove_cred_task c = {};
	struct task_struct *t = prove_run_on(prove_cred_api_fn, &c, -1, "prove_cred");
	const struct cred *tc;

	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	get_task_struct(t);
	KUNIT_ASSERT_TRUE(test, prove_wait_flag(&c.done, 10000));
	KUNIT_EXPECT_EQ(test, c.ok, 1);
	tc = get_task_cred(t);
	KUNIT_EXPECT_EQ(test, tc->uid, 1234U);
	KUNIT_EXPECT_EQ(test, tc->gid, 99U);
	KUNIT_EXPECT_EQ(test, tc->magic, CRED_MAGIC);
	put_cred(tc);
	kthread_stop(t);
	put_task_struct(t);
	/* The test's own task was not touched. */
	KUNIT_EXPECT_EQ(test, current_cred()->magic, CRED_MAGIC);
}

/* A new task inherits its creator's credentials. */
static int prove_cred_child_fn(void *arg)
{
	struct prove_cred_task *c = arg;

	c->ok = current_uid() == task_uid(current) ? 1 : 2;
	c->commits = current_uid();
	WRITE_ONCE(c->done, 1);
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

static void cred_inherited(struct kunit *test)
{
	struct prove_cred_task c = {};
	struct task_struct *t = prove_run_on(prove_cred_child_fn, &c, -1, "prove_child");

	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	KUNIT_ASSERT_TRUE(test, prove_wait_flag(&c.done, 10000));
	KUNIT_EXPECT_EQ(test, c.ok, 1);
	KUNIT_EXPECT_EQ(test, c.commits, (unsigned long)current_uid());
	kthread_stop(t);
}

/* The committer: new credentials in a loop, uid == euid == gid == egid == i. */
static int prove_cred_committer(void *arg)
{
	struct prove_cred_task *c = arg;
	unsigned int i = 1000;

	while (!READ_ONCE(c->stop)) {
		struct cred *new = prepare_creds();

		if (!new)
			break;
		i++;
		new->uid = i;
		new->gid = i;
		new->euid = i;
		new->egid = i;
		commit_creds(new);
		WRITE_ONCE(c->commits, c->commits + 1);
		if (!(i % 16))
			cond_resched();
	}
	WRITE_ONCE(c->done, 1);
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

struct prove_cred_reader {
	struct task_struct *target;
	int *stop;
	atomic_t *bad;
	atomic_long_t *reads;
	int ended;
};

static struct {
	unsigned int magic, uid, euid, gid, egid;
	int usage;
} prove_cred_first_bad;

/*
 * A set seen under rcu_read_lock() may already have been replaced and
 * put (usage 0, waiting for its grace period) but must not be freed or
 * torn.  A set we hold a reference to must have usage > 0.
 */
static bool prove_cred_sane(const struct cred *cr, bool referenced)
{
	unsigned int magic = READ_ONCE(cr->magic);
	kuid_t uid = READ_ONCE(cr->uid), euid = READ_ONCE(cr->euid);
	kgid_t gid = READ_ONCE(cr->gid), egid = READ_ONCE(cr->egid);
	int usage = atomic_read(&cr->usage);

	if (magic == CRED_MAGIC && uid == euid && gid == egid && uid == gid &&
	    (!referenced || usage > 0))
		return true;
	if (!prove_cred_first_bad.magic) {
		prove_cred_first_bad.uid = uid;
		prove_cred_first_bad.euid = euid;
		prove_cred_first_bad.gid = gid;
		prove_cred_first_bad.egid = egid;
		prove_cred_first_bad.usage = usage;
		WRITE_ONCE(prove_cred_first_bad.magic, magic ? magic : 1);
	}
	return false;
}

#define PROVE_CRED_READERS	32

static int prove_cred_reader_fn(void *arg)
{
	struct prove_cred_reader *r = arg;
	unsigned long n = 0;

	while (!READ_ONCE(*r->stop)) {
		const struct cred *cr;

		/* A plain reader. */
		rcu_read_lock();
		cr = __task_cred(r->target);
		if (!prove_cred_sane(cr, false))
			atomic_inc(r->bad);
		rcu_read_unlock();

		/* A reference taken under RCU, used outside it. */
		cr = get_task_cred(r->target);
		if (!prove_cred_sane(cr, true))
			atomic_inc(r->bad);
		put_cred(cr);
		if (!(++n % 64))
			cond_resched();
	}
	atomic_long_add(n, r->reads);
	WRITE_ONCE(r->ended, 1);
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

static void cred_readers_vs_commits(struct kunit *test)
{
	struct prove_cred_task c = {};
	struct prove_cred_reader *r;
	struct task_struct *target, **readers;
	atomic_t bad = ATOMIC_INIT(0);
	atomic_long_t reads = ATOMIC_INIT(0);
	long freed0 = atomic_long_read(&cred_freed_count);
	unsigned int cpu, n = 0, target_cpu = raw_smp_processor_id();
	int stop = 0;

	r = kunit_kzalloc(test, sizeof(*r) * NR_CPUS, GFP_KERNEL);
	readers = kunit_kzalloc(test, sizeof(*readers) * NR_CPUS, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, r);
	KUNIT_ASSERT_NOT_NULL(test, readers);
	if (num_online_cpus() > 1)
		target_cpu = prove_other_cpu();
	target = prove_run_on(prove_cred_committer, &c, target_cpu, "cred_commit");
	KUNIT_ASSERT_FALSE(test, IS_ERR(target));
	get_task_struct(target);
	for_each_online_cpu(cpu) {
		if (cpu == target_cpu && num_online_cpus() > 1)
			continue;
		/*
		 * At most PROVE_CRED_READERS readers, spread over the CPUs:
		 * 254 readers taking references on one set of credentials
		 * (an atomic_inc_not_zero() loop inside a reader) starve one
		 * another on a 2-core TCG host, hold grace periods up for
		 * minutes and keep this thread from ever stopping them.
		 */
		if (num_online_cpus() > PROVE_CRED_READERS &&
		    cpu % DIV_ROUND_UP(num_online_cpus(), PROVE_CRED_READERS))
			continue;
		r[n].target = target;
		r[n].stop = &stop;
		r[n].bad = &bad;
		r[n].reads = &reads;
		readers[n] = prove_run_on(prove_cred_reader_fn, &r[n], cpu, "cred_read");
		KUNIT_ASSERT_FALSE(test, IS_ERR(readers[n]));
		n++;
	}
	msleep(1500);
	WRITE_ONCE(stop, 1);
	for (unsigned int i = 0; i < n; i++)
		kthread_stop(readers[i]);
	WRITE_ONCE(c.stop, 1);
	kthread_stop(target);
	put_task_struct(target);
	rcu_barrier();		/* let the old sets be freed */

	printk(KERN_INFO KUNIT_SUBTEST_INDENT
	       "# cred_readers_vs_commits: %lu commits, %ld reads on %u readers, %ld sets freed\n",
	       c.commits, atomic_long_read(&reads), n,
	       atomic_long_read(&cred_freed_count) - freed0);
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&bad), 0,
			    "first bad set: magic %#x uid %u euid %u gid %u egid %u usage %d",
			    prove_cred_first_bad.magic, prove_cred_first_bad.uid,
			    prove_cred_first_bad.euid, prove_cred_first_bad.gid,
			    prove_cred_first_bad.egid, prove_cred_first_bad.usage);
	KUNIT_EXPECT_GT(test, c.commits, 10UL);
	KUNIT_EXPECT_GT(test, atomic_long_read(&reads), 10L);
	KUNIT_EXPECT_GE(test, atomic_long_read(&cred_freed_count) - freed0, (long)c.commits - 2);
}

static struct kunit_case cred_test_cases[] = {
	KUNIT_CASE(cred_api),
	KUNIT_CASE(cred_inherited),
	KUNIT_CASE_SLOW(cred_readers_vs_commits),
	{}
};

static struct kunit_suite cred_test_suite = {
	.name = "cred",
	.test_cases = cred_test_cases,
};

kunit_test_suites(
#ifdef CONFIG_PROVE_RCU
	&prove_rcu_test_suite, &prove_lockdep_test_suite,
#endif
#ifdef CONFIG_DEBUG_OBJECTS_RCU_HEAD
	&prove_head_test_suite,
#endif
	&notifier_test_suite, &cred_test_suite);
