// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for notifier chains: order, NOTIFY_STOP, errno encoding,
 * the kernel's chains, unregister waiting for callers (atomic and SRCU
 * chains), sleeping callbacks (blocking and SRCU chains), and concurrent
 * register/unregister against callers with poisoned freed blocks.
 */
#include <kunit/test.h>
#include <kunit/prove_helpers.h>
#include <linux/kernel.h>
#include <linux/types.h>
#include <linux/errno.h>
#include <linux/err.h>
#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/cpu.h>
#include <linux/smp.h>
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/notifier.h>

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
	unsigned long offlines = 0;
	unsigned int cpu;

	/*
	 * One CPU_ONLINE per AP brought up at boot, and one per return of a
	 * CPU that earlier tests took offline: every CPU but the boot CPU
	 * came online once more than it went offline if online now, as
	 * often if not; the boot CPU's first time had no notification.
	 */
	for_each_possible_cpu(cpu)
		offlines += cpuhp_offline_count(cpu);
	KUNIT_EXPECT_EQ(test, (unsigned long)cpu_online_notifications(),
			offlines + num_online_cpus() - 1);

	KUNIT_EXPECT_EQ(test, register_die_notifier(&die_nb), 0);
	KUNIT_EXPECT_EQ(test, notify_die(DIE_OOPS, "prove", NULL, 0, 99), NOTIFY_STOP);
	KUNIT_EXPECT_EQ(test, unregister_die_notifier(&die_nb), 0);
	KUNIT_EXPECT_EQ(test, notify_die(DIE_OOPS, "prove", NULL, 0, 99), NOTIFY_DONE);

	KUNIT_EXPECT_EQ(test, register_cpu_notifier(&cpu_nb), 0);
	unregister_cpu_notifier(&cpu_nb);
	KUNIT_EXPECT_EQ(test, register_reboot_notifier(&reboot_nb), 0);
	KUNIT_EXPECT_EQ(test, unregister_reboot_notifier(&reboot_nb), 0);
}

static ATOMIC_NOTIFIER_HEAD(prove_wait_chain);
SRCU_NOTIFIER_HEAD_STATIC(prove_srcu_wait_chain);

/* One slow callback on prove_wait_chain (atomic) or prove_srcu_wait_chain. */
struct prove_unreg {
	struct notifier_block nb;
	bool srcu;
	int in_callback;
	int release;
	int unregistered;
	int called;
};

/* Hold the call until released: spinning on an atomic chain, asleep on SRCU. */
static int prove_slow_call(struct notifier_block *nb, unsigned long action, void *data)
{
	struct prove_unreg *u = container_of(nb, struct prove_unreg, nb);
	unsigned long end = jiffies + msecs_to_jiffies(10000);

	WRITE_ONCE(u->in_callback, 1);
	while (!READ_ONCE(u->release) && time_before(jiffies, end)) {
		if (u->srcu)
			msleep(1);
		else
			cpu_relax();
	}
	return NOTIFY_OK;
}

static int prove_slow_caller_fn(void *arg)
{
	struct prove_unreg *u = arg;

	if (u->srcu)
		srcu_notifier_call_chain(&prove_srcu_wait_chain, 0, NULL);
	else
		atomic_notifier_call_chain(&prove_wait_chain, 0, NULL);
	WRITE_ONCE(u->called, 1);
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

static int prove_unregister_fn(void *arg)
{
	struct prove_unreg *u = arg;

	if (u->srcu)
		srcu_notifier_chain_unregister(&prove_srcu_wait_chain, &u->nb);
	else
		atomic_notifier_chain_unregister(&prove_wait_chain, &u->nb);
	WRITE_ONCE(u->unregistered, 1);
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

/*
 * atomic_notifier_chain_unregister() waits for callers: while a callback
 * runs (inside the caller's rcu_read_lock()) on another CPU, unregister
 * of its block must not return.
 */
static void notifier_unregister_waits_for_callers(struct kunit *test)
{
	struct prove_unreg u = { .nb.notifier_call = prove_slow_call };
	struct task_struct *caller, *unreg;
	int cpu = torture_other_cpu(raw_smp_processor_id());
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

/* ---- SRCU chains ---- */

SRCU_NOTIFIER_HEAD_STATIC(prove_srcu_chain);

/* The same order as the other kinds, on a chain set up at run time. */
static void notifier_srcu_priority_order(struct kunit *test)
{
	struct srcu_notifier_head *nh = kzalloc(sizeof(*nh), GFP_KERNEL);
	struct prove_nb b[5];
	int order[8], n = 0;
	static const int prio[5] = { 0, 10, -5, 10, 0 };
	static const int want[5] = { 1, 3, 0, 4, 2 };

	KUNIT_ASSERT_NOT_NULL(test, nh);
	srcu_init_notifier_head(nh);
	KUNIT_EXPECT_EQ(test, srcu_notifier_call_chain(nh, 1, NULL), NOTIFY_DONE);
	for (int i = 0; i < 5; i++) {
		prove_nb_init(&b[i], i, prio[i], NOTIFY_OK, order, &n);
		KUNIT_ASSERT_EQ(test, srcu_notifier_chain_register(nh, &b[i].nb), 0);
	}
	KUNIT_EXPECT_EQ(test, srcu_notifier_call_chain(nh, 1, NULL), NOTIFY_OK);
	KUNIT_ASSERT_EQ(test, n, 5);
	for (int i = 0; i < 5; i++)
		KUNIT_EXPECT_EQ_MSG(test, order[i], want[i], "position %d", i);

	/* NOTIFY_STOP ends the walk. */
	b[3].ret = NOTIFY_STOP;
	n = 0;
	KUNIT_EXPECT_EQ(test, srcu_notifier_call_chain(nh, 1, NULL), NOTIFY_STOP);
	KUNIT_EXPECT_EQ(test, n, 2);

	KUNIT_EXPECT_EQ(test, srcu_notifier_chain_unregister(nh, &b[3].nb), 0);
	KUNIT_EXPECT_EQ(test, srcu_notifier_chain_unregister(nh, &b[3].nb), -ENOENT);
	n = 0;
	srcu_notifier_call_chain(nh, 1, NULL);
	KUNIT_EXPECT_EQ(test, n, 4);
	KUNIT_EXPECT_EQ(test, order[0], 1);
	KUNIT_EXPECT_EQ(test, order[1], 0);
	KUNIT_EXPECT_EQ(test, order[2], 4);
	KUNIT_EXPECT_EQ(test, order[3], 2);
	for (int i = 0; i < 5; i++)
		if (i != 3)
			KUNIT_EXPECT_EQ(test, srcu_notifier_chain_unregister(nh, &b[i].nb), 0);
	KUNIT_EXPECT_EQ(test, srcu_notifier_call_chain(nh, 1, NULL), NOTIFY_DONE);
	srcu_cleanup_notifier_head(nh);
	kfree(nh);
}

/* Callbacks of an SRCU chain may sleep; a static chain needs no init. */
static void notifier_srcu_may_sleep(struct kunit *test)
{
	struct notifier_block nb1 = { .notifier_call = prove_sleepy_call };
	struct notifier_block nb2 = { .notifier_call = prove_sleepy_call };
	int calls = 0;

	KUNIT_EXPECT_EQ(test, srcu_notifier_chain_register(&prove_srcu_chain, &nb1), 0);
	KUNIT_EXPECT_EQ(test, srcu_notifier_chain_register(&prove_srcu_chain, &nb2), 0);
	kunit_printk_capture_start();
	KUNIT_EXPECT_EQ(test, srcu_notifier_call_chain(&prove_srcu_chain, 0, &calls), NOTIFY_OK);
	kunit_printk_capture_stop();
	KUNIT_EXPECT_EQ(test, calls, 2);
	KUNIT_EXPECT_FALSE(test, kunit_log_contains("WARNING:"));
	KUNIT_EXPECT_EQ(test, srcu_notifier_chain_unregister(&prove_srcu_chain, &nb1), 0);
	KUNIT_EXPECT_EQ(test, srcu_notifier_chain_unregister(&prove_srcu_chain, &nb2), 0);
	KUNIT_EXPECT_EQ(test, srcu_notifier_call_chain(&prove_srcu_chain, 0, &calls),
			NOTIFY_DONE);
	KUNIT_EXPECT_EQ(test, calls, 2);
}

/*
 * srcu_notifier_chain_unregister() waits for a call that saw the block:
 * while its callback sleeps, unregister must not return, on any number
 * of CPUs.  A call of another SRCU chain sleeping meanwhile does not
 * hold it up.
 */
static void notifier_srcu_unregister_waits(struct kunit *test)
{
	struct prove_unreg u = { .nb.notifier_call = prove_slow_call, .srcu = true };
	struct notifier_block other = { .notifier_call = prove_cpu_call };
	struct task_struct *caller, *unreg;
	bool early;

	KUNIT_ASSERT_EQ(test, srcu_notifier_chain_register(&prove_srcu_wait_chain, &u.nb), 0);
	caller = prove_run_on(prove_slow_caller_fn, &u, -1, "nb_srcu_slow");
	KUNIT_ASSERT_FALSE(test, IS_ERR(caller));
	KUNIT_ASSERT_TRUE(test, prove_wait_flag(&u.in_callback, 5000));

	/* Another chain's unregister is not held up by this call. */
	KUNIT_EXPECT_EQ(test, srcu_notifier_chain_register(&prove_srcu_chain, &other), 0);
	KUNIT_EXPECT_EQ(test, srcu_notifier_chain_unregister(&prove_srcu_chain, &other), 0);
	KUNIT_EXPECT_FALSE(test, READ_ONCE(u.called));

	unreg = prove_run_on(prove_unregister_fn, &u, -1, "nb_srcu_unreg");
	KUNIT_ASSERT_FALSE(test, IS_ERR(unreg));
	msleep(200);
	early = READ_ONCE(u.unregistered);
	/* Unlinked already: a new call does not see the block. */
	KUNIT_EXPECT_EQ(test, srcu_notifier_call_chain(&prove_srcu_wait_chain, 0, NULL),
			NOTIFY_DONE);
	WRITE_ONCE(u.release, 1);
	KUNIT_EXPECT_TRUE(test, prove_wait_flag(&u.unregistered, 10000));
	KUNIT_EXPECT_TRUE(test, prove_wait_flag(&u.called, 10000));
	kthread_stop(unreg);
	kthread_stop(caller);
	KUNIT_EXPECT_FALSE_MSG(test, early,
			       "unregister returned while a call that saw the block was in its callback");
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
	KUNIT_CASE(notifier_srcu_priority_order),
	KUNIT_CASE(notifier_srcu_may_sleep),
	KUNIT_CASE(notifier_srcu_unregister_waits),
	KUNIT_CASE_SLOW(notifier_concurrent_register),
	{}
};

static struct kunit_suite notifier_test_suite = {
	.name = "notifier",
	.test_cases = notifier_test_cases,
};

kunit_test_suites(&notifier_test_suite);
