// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "cgroup": one case per rule of kernel/cgroup/.
 */
#include <kunit/test.h>
#include <kunit/prove_helpers.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/smp.h>
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/rcupdate.h>
#include <linux/cgroup.h>

/* Callbacks queue callbacks (css_set -> css -> cgroup -> parent): wait for all. */
static void cgtest_drain(void)
{
	for (int i = 0; i < 5; i++)
		rcu_barrier();
}

static struct cgroup *cgtest_mkdir(struct kunit *test, struct cgroup *parent, const char *name)
{
	struct cgroup *cgrp = cgroup_mkdir(parent, name);

	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(cgrp), "mkdir %s: %ld", name, PTR_ERR(cgrp));
	return cgrp;
}

static int cgtest_sleeper(void *arg)
{
	while (!kthread_should_stop())
		msleep(5);
	return 0;
}

static int cgtest_spinner(void *arg)
{
	while (!kthread_should_stop()) {
		udelay(50);
		cond_resched();
	}
	return 0;
}

static struct task_struct *cgtest_start(struct kunit *test, int (*fn)(void *))
{
	struct task_struct *t = kthread_run(fn, NULL, "cgtest");

	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	get_task_struct(t);
	return t;
}

static void cgtest_stop(struct task_struct *t)
{
	kthread_stop(t);
	put_task_struct(t);
}

/* css_tryget_online() fails once rmdir began; css_tryget() once the count is zero. */
static void cgroup_tryget_dying(struct kunit *test)
{
	struct cgroup *cgrp = cgtest_mkdir(test, &cgrp_dfl_root, "kt_tryget");
	struct cgroup_subsys_state *css = cgrp->subsys[pids_cgrp_id];
	long freed = atomic_long_read(&cgroup_css_freed);

	css_get(css);
	KUNIT_EXPECT_TRUE(test, css_tryget_online(css));
	css_put(css);
	KUNIT_ASSERT_EQ(test, cgroup_rmdir(cgrp), 0);
	KUNIT_EXPECT_TRUE(test, css_is_dying(css));
	KUNIT_EXPECT_FALSE(test, css_tryget_online(css));
	KUNIT_EXPECT_FALSE(test, css_tryget_online(&cgrp->self));
	KUNIT_EXPECT_TRUE(test, css_tryget(css));	/* still referenced */
	css_put(css);

	rcu_read_lock();
	css_put(css);				/* the last reference */
	KUNIT_EXPECT_TRUE(test, READ_ONCE(css->flags) & CSS_RELEASED);
	KUNIT_EXPECT_FALSE(test, css_tryget(css));
	KUNIT_EXPECT_FALSE(test, css_tryget_online(css));
	KUNIT_EXPECT_EQ(test, css->magic, CSS_MAGIC);	/* not freed inside the reader */
	rcu_read_unlock();
	cgtest_drain();
	/* pids, cpuacct and the cgroup itself */
	KUNIT_EXPECT_GE(test, atomic_long_read(&cgroup_css_freed) - freed, 3);
}

/* rmdir refuses a cgroup with children or live tasks, and the root. */
static void cgroup_rmdir_busy(struct kunit *test)
{
	struct cgroup *p = cgtest_mkdir(test, &cgrp_dfl_root, "kt_busy");
	struct cgroup *c = cgtest_mkdir(test, p, "child");
	struct task_struct *t;

	KUNIT_EXPECT_EQ(test, cgroup_rmdir(&cgrp_dfl_root), -EPERM);
	KUNIT_EXPECT_EQ(test, cgroup_rmdir(p), -EBUSY);
	t = cgtest_start(test, cgtest_sleeper);
	KUNIT_ASSERT_EQ(test, cgroup_attach_task(c, t), 0);
	KUNIT_EXPECT_EQ(test, c->nr_tasks, 1);
	KUNIT_EXPECT_EQ(test, cgroup_rmdir(c), -EBUSY);
	cgtest_stop(t);
	KUNIT_EXPECT_EQ(test, c->nr_tasks, 0);
	KUNIT_EXPECT_EQ(test, cgroup_rmdir(c), 0);
	KUNIT_EXPECT_EQ(test, cgroup_rmdir(c), -ENOENT);
	KUNIT_EXPECT_EQ(test, cgroup_rmdir(p), 0);
	KUNIT_EXPECT_TRUE(test, IS_ERR(cgroup_mkdir(p, "late")));
	cgtest_drain();
}

/*
 * pids.max is enforced when a task is created and when one moves in;
 * a move within a subtree charges only below the common ancestor.
 */
static void cgroup_pids_limit(struct kunit *test)
{
	struct cgroup *home = task_get_cgroup(current);
	struct cgroup *pl = cgtest_mkdir(test, &cgrp_dfl_root, "kt_pids");
	struct cgroup *sub = cgtest_mkdir(test, pl, "sub");
	struct task_struct *t, *other;
	s64 root_before;

	KUNIT_ASSERT_NOT_NULL(test, home);
	other = cgtest_start(test, cgtest_sleeper);
	KUNIT_ASSERT_EQ(test, pids_set_max(pl, 1), 0);
	KUNIT_ASSERT_EQ(test, cgroup_attach_task(pl, current), 0);
	KUNIT_EXPECT_EQ(test, pids_current(pl), 1);

	t = kthread_create(cgtest_sleeper, NULL, "cgtest_full");
	KUNIT_EXPECT_PTR_EQ(test, t, ERR_PTR(-EAGAIN));
	if (!IS_ERR(t))
		kthread_stop(t);
	KUNIT_EXPECT_EQ(test, pids_current(pl), 1);

	/* Into a full cgroup: refused; within the subtree: allowed. */
	KUNIT_EXPECT_EQ(test, cgroup_attach_task(pl, other), -EAGAIN);
	KUNIT_EXPECT_EQ(test, cgroup_attach_task(sub, other), -EAGAIN);
	KUNIT_EXPECT_EQ(test, cgroup_attach_task(sub, current), 0);
	KUNIT_EXPECT_EQ(test, pids_current(pl), 1);
	KUNIT_EXPECT_EQ(test, pids_current(sub), 1);
	t = kthread_create(cgtest_sleeper, NULL, "cgtest_full");
	KUNIT_EXPECT_PTR_EQ(test, t, ERR_PTR(-EAGAIN));
	if (!IS_ERR(t))
		kthread_stop(t);

	/* Room for one more: a new task lands in its creator's cgroup. */
	KUNIT_ASSERT_EQ(test, pids_set_max(pl, 2), 0);
	root_before = pids_current(&cgrp_dfl_root);
	t = cgtest_start(test, cgtest_sleeper);
	KUNIT_EXPECT_EQ(test, pids_current(sub), 2);
	KUNIT_EXPECT_EQ(test, pids_current(pl), 2);
	KUNIT_EXPECT_EQ(test, pids_current(&cgrp_dfl_root), root_before + 1);
	rcu_read_lock();
	KUNIT_EXPECT_PTR_EQ(test, task_dfl_cgroup(t), sub);
	KUNIT_EXPECT_PTR_EQ(test, task_css_set(t), task_css_set(current));
	rcu_read_unlock();
	cgtest_stop(t);
	KUNIT_EXPECT_EQ(test, pids_current(pl), 1);

	KUNIT_EXPECT_EQ(test, cgroup_attach_task(home, current), 0);
	KUNIT_EXPECT_EQ(test, pids_current(pl), 0);
	cgtest_stop(other);
	KUNIT_EXPECT_EQ(test, cgroup_rmdir(sub), 0);
	KUNIT_EXPECT_EQ(test, cgroup_rmdir(pl), 0);
	cgroup_put(home);
	cgtest_drain();
}

struct cgtest_reader {
	struct task_struct *task;	/* whose css_set to hold */
	int holding;
	int release;
	int done;
	bool intact;
};

/* Hold the task's css_set in a reader until told, then check it was not freed. */
static int cgtest_reader_fn(void *arg)
{
	struct cgtest_reader *r = arg;
	struct css_set *cset;

	rcu_read_lock();
	cset = task_css_set(r->task);
	WRITE_ONCE(r->holding, 1);
	while (!READ_ONCE(r->release))
		cpu_relax();
	r->intact = cset->magic == CSET_MAGIC && cset->dfl_cgrp->magic == CGROUP_MAGIC;
	rcu_read_unlock();
	WRITE_ONCE(r->done, 1);
	while (!kthread_should_stop())
		msleep(1);
	return 0;
}

/*
 * Tasks in the same cgroup share one css_set; a css_set whose last task
 * left is freed, but not while a reader may still hold it.
 */
static void cgroup_css_set_shared(struct kunit *test)
{
	struct cgroup *s = cgtest_mkdir(test, &cgrp_dfl_root, "kt_share");
	struct cgroup *s2 = cgtest_mkdir(test, &cgrp_dfl_root, "kt_share2");
	struct task_struct *a = cgtest_start(test, cgtest_sleeper);
	struct task_struct *b = cgtest_start(test, cgtest_sleeper);
	struct cgtest_reader r = { .task = b };
	struct css_set *ca, *cb, *croot;
	struct task_struct *reader = NULL;
	long freed;

	rcu_read_lock();
	croot = task_css_set(a);
	rcu_read_unlock();
	KUNIT_EXPECT_PTR_EQ(test, croot, &init_css_set);
	KUNIT_ASSERT_EQ(test, cgroup_attach_task(s, a), 0);
	KUNIT_ASSERT_EQ(test, cgroup_attach_task(s, b), 0);
	rcu_read_lock();
	ca = task_css_set(a);
	cb = task_css_set(b);
	KUNIT_EXPECT_PTR_EQ(test, ca, cb);
	KUNIT_EXPECT_PTR_EQ(test, ca->dfl_cgrp, s);
	KUNIT_EXPECT_PTR_EQ(test, task_css(a, pids_cgrp_id), s->subsys[pids_cgrp_id]);
	KUNIT_EXPECT_EQ(test, atomic_read(&ca->refcount), 2);
	KUNIT_EXPECT_EQ(test, ca->nr_tasks, 2);
	rcu_read_unlock();

	/* a leaves: the css_set stays for b; a gets another one. */
	KUNIT_ASSERT_EQ(test, cgroup_attach_task(s2, a), 0);
	rcu_read_lock();
	KUNIT_EXPECT_PTR_NE(test, task_css_set(a), cb);
	KUNIT_EXPECT_EQ(test, atomic_read(&cb->refcount), 1);
	KUNIT_EXPECT_EQ(test, cb->magic, CSET_MAGIC);
	rcu_read_unlock();

	/* b leaves while a reader on another CPU holds its css_set. */
	if (num_online_cpus() > 1) {
		reader = prove_run_on(cgtest_reader_fn, &r,
				      torture_other_cpu(raw_smp_processor_id()), "cgtest_rd");
		KUNIT_ASSERT_FALSE(test, IS_ERR(reader));
		get_task_struct(reader);
		KUNIT_EXPECT_TRUE(test, prove_wait_flag(&r.holding, 30000));
	}
	freed = atomic_long_read(&cgroup_csets_freed);
	KUNIT_ASSERT_EQ(test, cgroup_attach_task(&cgrp_dfl_root, b), 0);
	if (reader) {
		msleep(100);	/* a grace period would end here if nothing held it */
		KUNIT_EXPECT_EQ(test, atomic_long_read(&cgroup_csets_freed), freed);
		WRITE_ONCE(r.release, 1);
		KUNIT_EXPECT_TRUE(test, prove_wait_flag(&r.done, 30000));
		KUNIT_EXPECT_TRUE_MSG(test, r.intact, "css_set freed under a reader");
		cgtest_stop(reader);
	}
	cgtest_drain();
	KUNIT_EXPECT_GE(test, atomic_long_read(&cgroup_csets_freed) - freed, 1);

	KUNIT_ASSERT_EQ(test, cgroup_attach_task(&cgrp_dfl_root, a), 0);
	cgtest_stop(a);
	cgtest_stop(b);
	KUNIT_EXPECT_EQ(test, cgroup_rmdir(s), 0);
	KUNIT_EXPECT_EQ(test, cgroup_rmdir(s2), 0);
	cgtest_drain();
}

static bool cgtest_wait_usage(struct cgroup *cgrp, u64 above)
{
	unsigned long end = jiffies + msecs_to_jiffies(30000);

	while (cpuacct_usage(cgrp) <= above) {
		if (time_after(jiffies, end))
			return false;
		msleep(10);
	}
	return true;
}

/* Run time goes to the cgroup the task is in; attach moves it, and pids.current. */
static void cgroup_attach_moves_accounting(struct kunit *test)
{
	struct cgroup *a = cgtest_mkdir(test, &cgrp_dfl_root, "kt_acct_a");
	struct cgroup *b = cgtest_mkdir(test, &cgrp_dfl_root, "kt_acct_b");
	struct cgroup *bb = cgtest_mkdir(test, b, "inner");
	struct task_struct *t = cgtest_start(test, cgtest_spinner);
	u64 ua, ub;

	KUNIT_EXPECT_EQ(test, cpuacct_usage(a), 0);
	KUNIT_ASSERT_EQ(test, cgroup_attach_task(a, t), 0);
	KUNIT_EXPECT_EQ(test, pids_current(a), 1);
	KUNIT_EXPECT_TRUE(test, cgtest_wait_usage(a, 0));

	KUNIT_ASSERT_EQ(test, cgroup_attach_task(bb, t), 0);
	KUNIT_EXPECT_EQ(test, pids_current(a), 0);
	KUNIT_EXPECT_EQ(test, pids_current(b), 1);
	KUNIT_EXPECT_EQ(test, pids_current(bb), 1);
	synchronize_rcu();	/* charges still under way to a are done */
	ua = cpuacct_usage(a);
	KUNIT_EXPECT_TRUE(test, cgtest_wait_usage(bb, 0));
	/* The parent sums its children. */
	KUNIT_EXPECT_GE(test, cpuacct_usage(b), cpuacct_usage(bb));
	ub = cpuacct_usage(bb);
	KUNIT_EXPECT_TRUE(test, cgtest_wait_usage(bb, ub));
	/* At most a charge that was under way at the move. */
	KUNIT_EXPECT_EQ(test, cpuacct_usage(a), ua);

	cgtest_stop(t);
	KUNIT_EXPECT_EQ(test, cgroup_rmdir(a), 0);
	KUNIT_EXPECT_EQ(test, cgroup_rmdir(bb), 0);
	KUNIT_EXPECT_EQ(test, cgroup_rmdir(b), 0);
	cgtest_drain();
}

static int cgtest_quick(void *arg)
{
	return 0;
}

/* Exit uncharges pids up the hierarchy, whether the task was moved in or created there. */
static void cgroup_exit_uncharges(struct kunit *test)
{
	struct cgroup *home = task_get_cgroup(current);
	struct cgroup *e = cgtest_mkdir(test, &cgrp_dfl_root, "kt_exit");
	struct cgroup *ee = cgtest_mkdir(test, e, "inner");
	s64 root_before = pids_current(&cgrp_dfl_root);
	struct task_struct *t = cgtest_start(test, cgtest_sleeper);
	struct task_struct *q;

	KUNIT_ASSERT_EQ(test, cgroup_attach_task(ee, t), 0);
	KUNIT_EXPECT_EQ(test, pids_current(e), 1);
	cgtest_stop(t);
	KUNIT_EXPECT_EQ(test, pids_current(ee), 0);
	KUNIT_EXPECT_EQ(test, pids_current(e), 0);
	KUNIT_EXPECT_EQ(test, pids_current(&cgrp_dfl_root), root_before);

	/* A task created in the cgroup that exits on its own. */
	KUNIT_ASSERT_EQ(test, cgroup_attach_task(ee, current), 0);
	q = kthread_create(cgtest_quick, NULL, "cgtest_quick");
	KUNIT_ASSERT_FALSE(test, IS_ERR(q));
	get_task_struct(q);
	KUNIT_EXPECT_EQ(test, pids_current(e), 2);
	wake_up_process(q);
	kthread_stop(q);
	put_task_struct(q);
	KUNIT_EXPECT_EQ(test, pids_current(e), 1);
	KUNIT_EXPECT_EQ(test, cgroup_attach_task(home, current), 0);
	KUNIT_EXPECT_EQ(test, pids_current(e), 0);
	KUNIT_EXPECT_EQ(test, cgroup_rmdir(ee), 0);
	KUNIT_EXPECT_EQ(test, cgroup_rmdir(e), 0);
	cgroup_put(home);
	cgtest_drain();
}

/* A removed parent stays allocated while a removed child is still referenced. */
static void cgroup_parent_outlives_child(struct kunit *test)
{
	struct cgroup *p = cgtest_mkdir(test, &cgrp_dfl_root, "kt_parent");
	struct cgroup *c = cgtest_mkdir(test, p, "child");
	long freed;

	cgroup_get(c);
	KUNIT_ASSERT_EQ(test, cgroup_rmdir(c), 0);
	KUNIT_ASSERT_EQ(test, cgroup_rmdir(p), 0);
	cgtest_drain();
	rcu_read_lock();
	KUNIT_EXPECT_PTR_EQ(test, cgroup_parent(c), p);
	KUNIT_EXPECT_EQ(test, p->magic, CGROUP_MAGIC);
	KUNIT_EXPECT_EQ(test, p->self.magic, CSS_MAGIC);
	KUNIT_EXPECT_PTR_EQ(test, cgroup_parent(p), &cgrp_dfl_root);
	rcu_read_unlock();
	freed = atomic_long_read(&cgroup_css_freed);
	cgroup_put(c);
	cgtest_drain();
	KUNIT_EXPECT_EQ(test, atomic_long_read(&cgroup_css_freed) - freed, 2);
}

/* Paths, names and look-ups. */
static void cgroup_paths(struct kunit *test)
{
	struct cgroup *a = cgtest_mkdir(test, &cgrp_dfl_root, "kt_path");
	struct cgroup *b = cgtest_mkdir(test, a, "b.c-d_e");
	struct cgroup *found;
	char buf[64];

	KUNIT_EXPECT_PTR_EQ(test, cgroup_mkdir(a, "b.c-d_e"), ERR_PTR(-EEXIST));
	KUNIT_EXPECT_PTR_EQ(test, cgroup_mkdir(a, ".."), ERR_PTR(-EINVAL));
	KUNIT_EXPECT_PTR_EQ(test, cgroup_mkdir(a, "x/y"), ERR_PTR(-EINVAL));
	KUNIT_EXPECT_PTR_EQ(test, cgroup_mkdir(a, ""), ERR_PTR(-EINVAL));
	KUNIT_EXPECT_EQ(test, cgroup_path(b, buf, sizeof(buf)), 0);
	KUNIT_EXPECT_STREQ(test, buf, "/kt_path/b.c-d_e");
	KUNIT_EXPECT_EQ(test, cgroup_path(&cgrp_dfl_root, buf, sizeof(buf)), 0);
	KUNIT_EXPECT_STREQ(test, buf, "/");
	KUNIT_EXPECT_EQ(test, cgroup_path(b, buf, 8), -ENAMETOOLONG);
	found = cgroup_lookup("kt_path//b.c-d_e/");
	KUNIT_EXPECT_PTR_EQ(test, found, b);
	if (!IS_ERR(found))
		cgroup_put(found);
	KUNIT_EXPECT_PTR_EQ(test, cgroup_lookup("/kt_path/nope"), ERR_PTR(-ENOENT));
	found = cgroup_lookup("/");
	KUNIT_EXPECT_PTR_EQ(test, found, &cgrp_dfl_root);
	cgroup_put(found);
	KUNIT_EXPECT_EQ(test, cgroup_rmdir(b), 0);
	KUNIT_EXPECT_EQ(test, cgroup_rmdir(a), 0);
	cgtest_drain();
}

/*
 * PROVE_RCU: task_css_set() is legal under rcu_read_lock(), css_set_lock
 * or cgroup_mutex, and splats with none of them.  Once per boot: the
 * splat is reported once per site.
 */
static void cgroup_task_css_lockdep(struct kunit *test)
{
	static bool ran;
	unsigned long flags;
	struct css_set *cset;

	if (!IS_ENABLED(CONFIG_PROVE_RCU))
		kunit_skip(test, "needs CONFIG_PROVE_RCU");
	if (ran)
		kunit_skip(test, "splats once per site: already reported in this boot");
	ran = true;

	kunit_printk_capture_start();
	rcu_read_lock();
	cset = task_css_set(current);
	rcu_read_unlock();
	spin_lock_irqsave(&css_set_lock, flags);
	KUNIT_EXPECT_PTR_EQ(test, task_css_set(current), cset);
	spin_unlock_irqrestore(&css_set_lock, flags);
	mutex_lock(&cgroup_mutex);
	KUNIT_EXPECT_PTR_EQ(test, task_css_set(current), cset);
	mutex_unlock(&cgroup_mutex);
	kunit_printk_capture_stop();
	KUNIT_EXPECT_FALSE_MSG(test, kunit_log_contains("suspicious"),
			       "task_css_set() splatted under RCU, css_set_lock or cgroup_mutex");

	kunit_expect_splat_begin(test);
	kunit_printk_capture_start();
	cset = task_css_set(current);		/* no reader, no lock */
	kunit_printk_capture_stop();
	kunit_expect_splat_end(test);
	KUNIT_EXPECT_TRUE_MSG(test, kunit_log_contains("suspicious rcu_dereference_check() usage"),
			      "task_css_set() outside a reader did not splat");
}

static struct kunit_case cgroup_test_cases[] = {
	KUNIT_CASE(cgroup_tryget_dying),
	KUNIT_CASE(cgroup_rmdir_busy),
	KUNIT_CASE(cgroup_pids_limit),
	KUNIT_CASE(cgroup_css_set_shared),
	KUNIT_CASE(cgroup_attach_moves_accounting),
	KUNIT_CASE(cgroup_exit_uncharges),
	KUNIT_CASE(cgroup_parent_outlives_child),
	KUNIT_CASE(cgroup_paths),
	KUNIT_CASE(cgroup_task_css_lockdep),
	{}
};

static struct kunit_suite cgroup_test_suite = {
	.name = "cgroup",
	.test_cases = cgroup_test_cases,
};

kunit_test_suites(&cgroup_test_suite);
