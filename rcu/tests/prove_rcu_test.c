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
 */
#include <kunit/test.h>
#include <kunit/prove_helpers.h>
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
#include <asm/arch.h>
#include "../rcu.h"

/* ---- helpers ---- */

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
	t = prove_run_on(prove_holder_fn, &h, torture_other_cpu(raw_smp_processor_id()), "prove_hold");
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
 * Sleeping in a reader, reported in every build.  Safe to do on purpose:
 * in a non-preemptible build the context switch merely ends the reader
 * early; in a preemptible one the task is queued as a preempted reader
 * and holds grace periods up until its rcu_read_unlock(), a millisecond
 * later.
 */
static void prove_rcu_mutex_lock_in_reader(struct kunit *test)
{
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
	PROVE_ONCE_PER_BOOT(test);
	prove_splat_begin(test);
	rcu_read_unlock();
	KUNIT_EXPECT_EQ(test, prove_splat_end(test), 1UL);
	PROVE_EXPECT_LOG(test, "WARNING: suspicious RCU usage");
	PROVE_EXPECT_LOG(test, "rcu_read_unlock() without matching rcu_read_lock()");
	/*
	 * Neither count went negative (with preemptible RCU, the nesting
	 * count grace periods go by): a reader still counts.
	 */
	KUNIT_EXPECT_EQ(test, rcu_preempt_depth(), 0);
	KUNIT_EXPECT_FALSE(test, rcu_read_lock_held());
	rcu_read_lock();
	KUNIT_EXPECT_TRUE(test, rcu_read_lock_held());
	KUNIT_EXPECT_EQ(test, rcu_preempt_depth(), IS_ENABLED(CONFIG_PREEMPT_RCU) ? 1 : 0);
	rcu_read_unlock();
	KUNIT_EXPECT_FALSE(test, rcu_read_lock_held());
	KUNIT_EXPECT_EQ(test, rcu_preempt_depth(), 0);
}

/* ---- preemptible readers ---- */

#ifdef CONFIG_PREEMPT_RCU
/*
 * rcu_read_lock_held() and rcu_read_lock_any_held() follow the nesting
 * count that grace periods go by, not only lockdep's: a reader entered
 * with the bare counting (what __rcu_read_lock() does) is a reader.
 */
static void prove_rcu_held_from_nesting(struct kunit *test)
{
	int held, any;

	KUNIT_EXPECT_FALSE(test, rcu_read_lock_held());
	rcu_preempt_read_enter();
	held = rcu_read_lock_held();
	any = rcu_read_lock_any_held();
	rcu_preempt_read_exit();
	KUNIT_EXPECT_TRUE(test, held);
	KUNIT_EXPECT_TRUE(test, any);
	KUNIT_EXPECT_FALSE(test, rcu_read_lock_held());
	KUNIT_EXPECT_FALSE(test, rcu_read_lock_any_held());
}

/*
 * A preempted reader is not a sleeping one: a higher-priority kthread
 * woken on our CPU inside our reader takes the CPU at once (an
 * involuntary context switch), which must not splat.
 */
struct prove_preempter {
	int ran;
};

static int prove_preempter_fn(void *arg)
{
	struct prove_preempter *p = arg;

	WRITE_ONCE(p->ran, 1);
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

static void prove_rcu_preempted_reader_quiet(struct kunit *test)
{
	struct sched_param sp = { .sched_priority = MAX_RT_PRIO / 2 };
	struct prove_preempter p = {};
	struct task_struct *t;
	unsigned long nivcsw, end;
	int ran_inside, blocked;

	/* Tasks are not migrated: we stay on this CPU. */
	t = kthread_create_on_cpu(prove_preempter_fn, &p, raw_smp_processor_id(),
				  "prove_preempt");
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	KUNIT_ASSERT_EQ(test, sched_setscheduler_nocheck(t, SCHED_FIFO, &sp), 0);
	prove_quiet_begin();
	nivcsw = current->nivcsw;
	rcu_read_lock();
	wake_up_process(t);		/* preempts us, here or at the next tick */
	end = jiffies + msecs_to_jiffies(1000);
	while (!READ_ONCE(p.ran) && time_before(jiffies, end))
		cpu_relax();
	ran_inside = READ_ONCE(p.ran);
	blocked = READ_ONCE(current->rcu_read_unlock_special.b.blocked);
	rcu_read_unlock();
	prove_quiet_end(test, "a reader preempted by a higher-priority task");
	kthread_stop(t);
	KUNIT_EXPECT_TRUE_MSG(test, ran_inside, "the FIFO kthread did not preempt the reader");
	KUNIT_EXPECT_GT(test, current->nivcsw, nivcsw);
	KUNIT_EXPECT_TRUE_MSG(test, blocked, "the preempted reader was not queued");
	KUNIT_EXPECT_FALSE(test, READ_ONCE(current->rcu_read_unlock_special.b.blocked));
}

/*
 * A kthread that returns inside a reader, after being preempted there
 * (so it is queued on its leaf and holds grace periods up): exit_rcu()
 * must complain, then end the reader for it, so that grace periods
 * still complete.
 */
struct prove_exiter {
	int nesting;
	int queued;
	int returning;
};

static int prove_exit_in_reader_fn(void *arg)
{
	struct prove_exiter *e = arg;

	for (int i = 0; i < e->nesting; i++)
		rcu_read_lock();
	/* Be preempted: an involuntary switch, which queues the reader. */
	set_need_resched();
	preempt_schedule();
	WRITE_ONCE(e->queued, READ_ONCE(current->rcu_read_unlock_special.b.blocked));
	WRITE_ONCE(e->returning, 1);
	return 0;	/* still inside the reader */
}

static bool prove_gp_completes(unsigned long cookie, unsigned int ms)
{
	unsigned long end = jiffies + msecs_to_jiffies(ms);

	while (!poll_state_synchronize_rcu(cookie)) {
		if (time_after(jiffies, end))
			return false;
		msleep(10);
	}
	return true;
}

static void prove_rcu_exit_in_reader(struct kunit *test)
{
	struct prove_exiter e = { .nesting = 2 };
	struct task_struct *t;
	unsigned long cookie;
	bool done;

	t = kthread_create(prove_exit_in_reader_fn, &e, "prove_exit");
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	get_task_struct(t);	/* it exits on its own */
	prove_splat_begin(test);
	wake_up_process(t);
	/* kthread_stop() before it runs would keep it from running at all. */
	prove_wait_flag(&e.returning, 5000);
	kthread_stop(t);	/* returns once it has exited */
	cookie = start_poll_synchronize_rcu();
	done = prove_gp_completes(cookie, 10000);
	prove_splat_end(test);
	put_task_struct(t);
	KUNIT_EXPECT_TRUE_MSG(test, READ_ONCE(e.returning), "the kthread never ran");
	KUNIT_EXPECT_TRUE_MSG(test, READ_ONCE(e.queued), "the reader was not queued when preempted");
	PROVE_EXPECT_LOG(test, "exited inside an RCU read-side critical section");
	PROVE_EXPECT_LOG(test, "WARNING:");
	KUNIT_ASSERT_TRUE_MSG(test, done, "no grace period completed after the task exited in its reader");
	/* And the blocking forms too (they would hang had the above failed). */
	prove_quiet_begin();
	synchronize_rcu();
	synchronize_rcu_expedited();
	prove_quiet_end(test, "grace periods after a task exited in its reader");
}
#else
static void prove_need_preempt_rcu(struct kunit *test)
{
	kunit_skip(test, "readers are preemptible only with CONFIG_PREEMPT_RCU");
}

static void prove_rcu_held_from_nesting(struct kunit *test)
{
	prove_need_preempt_rcu(test);
}

static void prove_rcu_preempted_reader_quiet(struct kunit *test)
{
	prove_need_preempt_rcu(test);
}

static void prove_rcu_exit_in_reader(struct kunit *test)
{
	prove_need_preempt_rcu(test);
}
#endif

/*
 * With preemptible RCU, disabling preemption, softirqs or interrupts
 * makes an RCU reader (RCU-sched, RCU-bh), and rcu_read_lock_any_held()
 * says so; without it, only a preemptible kernel's preempt_disable()
 * counts (the count is kept in every build).
 */
static void prove_rcu_any_held_disabled_regions(struct kunit *test)
{
	bool pr = IS_ENABLED(CONFIG_PREEMPT_RCU);
	int preempt, bh, irq;
	unsigned long flags;

	KUNIT_EXPECT_FALSE(test, rcu_read_lock_any_held());
	preempt_disable();
	preempt = rcu_read_lock_any_held();
	preempt_enable();
	local_bh_disable();
	bh = rcu_read_lock_any_held();
	local_bh_enable();
	local_irq_save(flags);
	irq = rcu_read_lock_any_held();
	local_irq_restore(flags);
	KUNIT_EXPECT_EQ(test, preempt, (int)IS_ENABLED(CONFIG_PREEMPT));
	KUNIT_EXPECT_EQ(test, bh, (int)pr);
	KUNIT_EXPECT_EQ(test, irq, (int)pr);
	KUNIT_EXPECT_FALSE(test, rcu_read_lock_any_held());
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
	KUNIT_CASE(prove_rcu_held_from_nesting),
	KUNIT_CASE(prove_rcu_any_held_disabled_regions),
	KUNIT_CASE(prove_rcu_preempted_reader_quiet),
	KUNIT_CASE(prove_rcu_exit_in_reader),
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
	int cpu = torture_other_cpu(raw_smp_processor_id());

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

#if defined(CONFIG_PROVE_RCU) || defined(CONFIG_DEBUG_OBJECTS_RCU_HEAD)
kunit_test_suites(
#ifdef CONFIG_PROVE_RCU
	&prove_rcu_test_suite, &prove_lockdep_test_suite,
#endif
#ifdef CONFIG_DEBUG_OBJECTS_RCU_HEAD
	&prove_head_test_suite,
#endif
	);
#endif
