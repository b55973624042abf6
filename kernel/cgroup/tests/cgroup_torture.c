// SPDX-License-Identifier: GPL-2.0
/*
 * cgrouptorture: readers on every CPU look at tasks' cgroups without
 * locks while writers on every CPU move those tasks and create and
 * remove cgroups.
 *
 * Readers, each bound to a CPU, are also the tasks the writers move:
 * under rcu_read_lock() a reader loads a task's css_set (its own or
 * another reader's), waits a little, checks the magic of the css_set,
 * of each css and of every cgroup up to the root, and checks the
 * hierarchy's levels.  Every few reads it pins the task's cgroup with
 * css_tryget(), leaves the reader, sleeps, and walks the parents again:
 * a parent must outlive a child that is still referenced.  Readers also
 * create short-lived kthreads, which land in the reader's cgroup and are
 * refused at its pids.max.  Writers, one per CPU, each own a small tree
 * of cgroups under /cgtorture: they create and remove cgroups in it,
 * move readers into it (and to the root) and change pids.max.
 *
 * Freed memory is poisoned (CONFIG_DEBUG_KMALLOC) and freeing clears
 * each object's magic, so a reader that sees a freed object notices; a
 * write to freed memory shows as a "BUG: poison overwritten" report,
 * which the end of the run counts too.  The last line is
 * "cgroup-torture: End of test: SUCCESS" or "... FAILURE".
 */
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/smp.h>
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/rcupdate.h>
#include <linux/moduleparam.h>
#include <linux/shell.h>
#include <linux/torture.h>
#include <linux/cgroup.h>

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "cgrouptorture."

torture_param(int, duration, 15, "Seconds to run");
torture_param(int, nreaders, -1, "Reader kthreads (-1: one per online CPU)");
torture_param(int, nwriters, -1, "Writer kthreads (-1: one per online CPU)");

#define CT_TAG		"cgroup-torture"
#define CT_POOL		6	/* cgroups per writer, its top one included */
#define CT_MAX_DEPTH	64

static struct torture_tool ct_tool;

struct ct_reader {
	struct task_struct *task;
	struct task_struct *held;	/* our reference, dropped at the end */
	struct torture_random_state trs;
	unsigned long reads, holds, forks, fork_refused;
};

struct ct_node {
	struct cgroup *cgrp;	/* with a reference of the writer's */
	int parent;		/* index in the pool, -1 for the writer's top */
};

struct ct_writer {
	struct task_struct *task;
	struct torture_random_state trs;
	int id;
	struct ct_node pool[CT_POOL];
	unsigned long mkdirs, rmdirs, busy, moves, move_refused, limits;
};

static struct ct_reader *ct_readers;
static struct ct_writer *ct_writers;
static int ct_nreaders, ct_nwriters;
static struct cgroup *ct_top;
static atomic_t ct_errors;
static atomic_t ct_children;
static unsigned int ct_name_seq;

static __printf(1, 2) void ct_error(const char *fmt, ...)
{
	va_list ap;
	char msg[128];

	if (atomic_inc_return(&ct_errors) > 10)
		return;
	va_start(ap, fmt);
	vscnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	pr_alert("%s: ERROR: %s\n", CT_TAG, msg);
}

/* Check a cgroup and its ancestors up to the root.  Under rcu_read_lock(). */
static bool ct_check_hierarchy(struct cgroup *cgrp)
{
	int depth = 0;

	for (;;) {
		struct cgroup *parent;

		if (READ_ONCE(cgrp->magic) != CGROUP_MAGIC ||
		    READ_ONCE(cgrp->self.magic) != CSS_MAGIC) {
			ct_error("freed cgroup %p at depth %d: magic %08x css magic %08x",
				 cgrp, depth, cgrp->magic, cgrp->self.magic);
			return false;
		}
		parent = cgroup_parent(cgrp);
		if (!parent)
			break;
		if (READ_ONCE(parent->level) + 1 != READ_ONCE(cgrp->level)) {
			ct_error("cgroup %p level %d under parent level %d",
				 cgrp, cgrp->level, parent->level);
			return false;
		}
		if (++depth > CT_MAX_DEPTH) {
			ct_error("cgroup %p: no root within %d levels", cgrp, CT_MAX_DEPTH);
			return false;
		}
		cgrp = parent;
	}
	if (cgrp != &cgrp_dfl_root) {
		ct_error("walk from a task's cgroup ended at %p, not the root", cgrp);
		return false;
	}
	return true;
}

static void ct_read_one(struct ct_reader *r, struct task_struct *t)
{
	struct css_set *cset;
	struct cgroup *cgrp;
	int i;

	rcu_read_lock();
	cset = task_css_set(t);
	if (!cset) {
		rcu_read_unlock();
		ct_error("task %d in no css_set", t->pid);
		return;
	}
	/* Give a writer time to free what a broken kernel would free now. */
	udelay(torture_random_below(&r->trs, 20));
	if (READ_ONCE(cset->magic) != CSET_MAGIC) {
		ct_error("freed css_set %p: magic %08x", cset, cset->magic);
		goto out;
	}
	cgrp = READ_ONCE(cset->dfl_cgrp);
	for (i = 0; i < CGROUP_SUBSYS_COUNT; i++) {
		struct cgroup_subsys_state *css = READ_ONCE(cset->subsys[i]);

		if (READ_ONCE(css->magic) != CSS_MAGIC || READ_ONCE(css->cgroup) != cgrp) {
			ct_error("css_set %p: bad css %d %p: magic %08x", cset, i, css, css->magic);
			goto out;
		}
	}
	if (ct_check_hierarchy(cgrp) && READ_ONCE(cset->magic) != CSET_MAGIC)
		ct_error("css_set %p freed during the walk", cset);
out:
	rcu_read_unlock();
}

/* Pin the task's cgroup, let go of RCU, sleep, then walk its parents. */
static void ct_hold_one(struct ct_reader *r, struct task_struct *t)
{
	struct cgroup *cgrp;
	bool ok;

	rcu_read_lock();
	cgrp = task_dfl_cgroup(t);
	ok = css_tryget(&cgrp->self);
	rcu_read_unlock();
	if (!ok)
		return;		/* the css_set was on its way out */
	msleep(1 + torture_random_below(&r->trs, 4));
	rcu_read_lock();
	ct_check_hierarchy(cgrp);
	rcu_read_unlock();
	cgroup_put(cgrp);
	r->holds++;
}

static int ct_child_fn(void *arg)
{
	udelay((unsigned long)arg);
	atomic_dec(&ct_children);
	return 0;
}

static void ct_fork_one(struct ct_reader *r)
{
	struct task_struct *t;

	atomic_inc(&ct_children);
	t = kthread_run(ct_child_fn, (void *)(unsigned long)torture_random_below(&r->trs, 200),
			"cgtort_child");
	if (IS_ERR(t)) {
		atomic_dec(&ct_children);
		if (PTR_ERR(t) == -EAGAIN)
			r->fork_refused++;
		else
			ct_error("kthread_run: %ld", PTR_ERR(t));
		return;
	}
	r->forks++;
}

static int ct_reader_fn(void *arg)
{
	struct ct_reader *r = arg;

	while (!kthread_should_stop()) {
		u32 rnd = torture_random(&r->trs);
		struct task_struct *t = current;

		if (rnd & 1)
			t = ct_readers[(rnd >> 1) % ct_nreaders].task;
		if (t)
			ct_read_one(r, t);
		r->reads++;
		if (!(rnd % 64) && t)
			ct_hold_one(r, t);
		if ((rnd >> 8) % 128 == 0)
			ct_fork_one(r);
		cond_resched();
	}
	return 0;
}

static int ct_pool_count_children(struct ct_writer *w, int i)
{
	int n = 0;

	for (int j = 0; j < CT_POOL; j++)
		n += w->pool[j].cgrp && w->pool[j].parent == i;
	return n;
}

static int ct_pool_pick(struct ct_writer *w)
{
	int live[CT_POOL], n = 0;

	for (int j = 0; j < CT_POOL; j++)
		if (w->pool[j].cgrp)
			live[n++] = j;
	return live[torture_random_below(&w->trs, n)];	/* the top is always there */
}

static void ct_writer_op(struct ct_writer *w)
{
	u32 op = torture_random_below(&w->trs, 10);
	struct task_struct *t;
	struct cgroup *cgrp;
	char name[16];
	int i, ret;

	switch (op) {
	case 0: case 1: case 2:			/* mkdir */
		for (i = 1; i < CT_POOL && w->pool[i].cgrp; i++)
			;
		if (i == CT_POOL)
			break;
		w->pool[i].parent = ct_pool_pick(w);
		snprintf(name, sizeof(name), "c%u", READ_ONCE(ct_name_seq));
		WRITE_ONCE(ct_name_seq, ct_name_seq + 1);	/* racy: -EEXIST is fine */
		cgrp = cgroup_mkdir(w->pool[w->pool[i].parent].cgrp, name);
		if (IS_ERR(cgrp)) {
			if (PTR_ERR(cgrp) != -EEXIST)
				ct_error("mkdir %s: %ld", name, PTR_ERR(cgrp));
			break;
		}
		cgroup_get(cgrp);
		w->pool[i].cgrp = cgrp;
		w->mkdirs++;
		break;
	case 3: case 4:				/* rmdir a leaf */
		i = ct_pool_pick(w);
		if (!i || ct_pool_count_children(w, i))
			break;
		ret = cgroup_rmdir(w->pool[i].cgrp);
		if (ret == -EBUSY) {
			w->busy++;
			break;
		}
		if (ret)
			ct_error("rmdir: %d", ret);
		cgroup_put(w->pool[i].cgrp);
		w->pool[i].cgrp = NULL;
		w->rmdirs++;
		break;
	case 5: case 6: case 7: case 8:		/* move a reader */
		t = ct_readers[torture_random_below(&w->trs, ct_nreaders)].task;
		cgrp = op == 8 ? &cgrp_dfl_root : w->pool[ct_pool_pick(w)].cgrp;
		if (!t)
			break;
		ret = cgroup_attach_task(cgrp, t);
		if (ret == -EAGAIN)
			w->move_refused++;
		else if (ret)
			ct_error("attach: %d", ret);
		else
			w->moves++;
		break;
	case 9:					/* pids.max */
		i = ct_pool_pick(w);
		ret = torture_random_below(&w->trs, 6);
		pids_set_max(w->pool[i].cgrp, ret > 3 ? PIDS_MAX : ret + 1);
		w->limits++;
		break;
	}
}

static int ct_writer_fn(void *arg)
{
	struct ct_writer *w = arg;

	while (!kthread_should_stop()) {
		ct_writer_op(w);
		if (!torture_random_below(&w->trs, 8))
			msleep(1);
		cond_resched();
	}
	return 0;
}

static void ct_print_stats(const char *when)
{
	unsigned long reads = 0, holds = 0, forks = 0, refused = 0;
	unsigned long mkdirs = 0, rmdirs = 0, busy = 0, moves = 0, mrefused = 0;

	for (int i = 0; i < ct_nreaders; i++) {
		reads += ct_readers[i].reads;
		holds += ct_readers[i].holds;
		forks += ct_readers[i].forks;
		refused += ct_readers[i].fork_refused;
	}
	for (int i = 0; i < ct_nwriters; i++) {
		mkdirs += ct_writers[i].mkdirs;
		rmdirs += ct_writers[i].rmdirs;
		busy += ct_writers[i].busy;
		moves += ct_writers[i].moves;
		mrefused += ct_writers[i].move_refused;
	}
	pr_alert("%s: %s: reads %lu holds %lu forks %lu (refused %lu) mkdir %lu rmdir %lu (busy %lu) moves %lu (refused %lu) css_sets freed %ld css freed %ld errors %d\n",
		 CT_TAG, when, reads, holds, forks, refused, mkdirs, rmdirs, busy, moves, mrefused,
		 atomic_long_read(&cgroup_csets_freed), atomic_long_read(&cgroup_css_freed),
		 atomic_read(&ct_errors));
}

static int ct_check(const char *cmd)
{
	if (duration < 1 || duration > 3600)
		return torture_report_bad(&ct_tool, cmd, "duration must be 1..3600");
	if (nreaders == 0 || nreaders < -1 || nreaders > 1024)
		return torture_report_bad(&ct_tool, cmd, "nreaders must be -1 or 1..1024");
	if (nwriters == 0 || nwriters < -1 || nwriters > 1024)
		return torture_report_bad(&ct_tool, cmd, "nwriters must be -1 or 1..1024");
	return 0;
}

static void ct_cleanup(void)
{
	if (!ct_readers || !ct_writers)
		return;
	for (int i = 0; i < ct_nwriters; i++)
		torture_stop_kthread(&ct_tool, &ct_writers[i].task);
	/* Every reader back to the root, so that every cgroup can go. */
	for (int i = 0; i < ct_nreaders; i++) {
		if (ct_readers[i].task && cgroup_attach_task(&cgrp_dfl_root, ct_readers[i].task))
			ct_error("cannot move reader %d back to the root", i);
	}
	for (int i = 0; i < ct_nreaders; i++)
		ct_readers[i].held = ct_readers[i].task;
	/* Other readers may still look at a stopped one: drop the references after. */
	for (int i = 0; i < ct_nreaders; i++)
		torture_stop_kthread(&ct_tool, &ct_readers[i].task);
	for (int i = 0; i < ct_nreaders; i++) {
		if (ct_readers[i].held)
			put_task_struct(ct_readers[i].held);
	}
	while (atomic_read(&ct_children))
		msleep(10);
	/* Children first: a pool's parents come before their children. */
	for (int i = 0; i < ct_nwriters; i++) {
		struct ct_writer *w = &ct_writers[i];

		for (int left = CT_POOL; left; ) {
			left = 0;
			for (int j = CT_POOL - 1; j >= 0; j--) {
				if (!w->pool[j].cgrp)
					continue;
				if (ct_pool_count_children(w, j)) {
					left++;
					continue;
				}
				if (cgroup_rmdir(w->pool[j].cgrp))
					ct_error("cleanup: rmdir of a writer's cgroup failed");
				cgroup_put(w->pool[j].cgrp);
				w->pool[j].cgrp = NULL;
			}
		}
	}
	if (ct_top) {
		if (pids_current(ct_top))
			ct_error("pids.current of /cgtorture is %ld after the run", pids_current(ct_top));
		if (cgroup_rmdir(ct_top))
			ct_error("cleanup: rmdir /cgtorture failed");
		cgroup_put(ct_top);
		ct_top = NULL;
	}
}

static int ct_run(const char *cmd)
{
	int debug_reports = atomic_read(&kmalloc_debug_reports);
	unsigned long end;
	bool failed;
	int ret = torture_init_begin(&ct_tool);

	if (ret)
		return ret;
	ct_nreaders = nreaders < 0 ? num_online_cpus() : nreaders;
	ct_nwriters = nwriters < 0 ? num_online_cpus() : nwriters;
	atomic_set(&ct_errors, 0);
	pr_alert("%s: duration=%d nreaders=%d nwriters=%d\n", CT_TAG, duration,
		 ct_nreaders, ct_nwriters);
	ct_readers = kcalloc(ct_nreaders, sizeof(*ct_readers), GFP_KERNEL);
	ct_writers = kcalloc(ct_nwriters, sizeof(*ct_writers), GFP_KERNEL);
	ret = -ENOMEM;
	if (!ct_readers || !ct_writers)
		goto out;
	ct_top = cgroup_mkdir(&cgrp_dfl_root, "cgtorture");
	if (IS_ERR(ct_top)) {
		ct_top = NULL;
		ret = -EBUSY;
		goto out;
	}
	cgroup_get(ct_top);
	for (int i = 0; i < ct_nwriters; i++) {
		struct ct_writer *w = &ct_writers[i];
		char name[16];

		w->id = i;
		torture_random_init(&w->trs, 1000 + i);
		snprintf(name, sizeof(name), "w%d", i);
		w->pool[0].cgrp = cgroup_mkdir(ct_top, name);
		if (IS_ERR(w->pool[0].cgrp)) {
			w->pool[0].cgrp = NULL;
			goto out;
		}
		cgroup_get(w->pool[0].cgrp);
		w->pool[0].parent = -1;
	}
	for (int i = 0; i < ct_nreaders; i++) {
		torture_random_init(&ct_readers[i].trs, i);
		if (torture_create_kthread_on(ct_reader_fn, &ct_readers[i], torture_nth_cpu(i),
					      &ct_readers[i].task, "cgtort_r/%d", i))
			goto out;
		get_task_struct(ct_readers[i].task);
	}
	for (int i = 0; i < ct_nwriters; i++) {
		if (torture_create_kthread_on(ct_writer_fn, &ct_writers[i], torture_nth_cpu(i),
					      &ct_writers[i].task, "cgtort_w/%d", i))
			goto out;
	}
	ret = 0;
	end = jiffies + duration * HZ;
	while (time_before(jiffies, end) && !atomic_read(&ct_errors)) {
		msleep(100);
	}
out:
	ct_cleanup();
	rcu_barrier();
	if (atomic_read(&kmalloc_debug_reports) != debug_reports)
		ct_error("%d slab debug reports (use after free?) during the run",
			 atomic_read(&kmalloc_debug_reports) - debug_reports);
	if (ct_readers && ct_writers)
		ct_print_stats("end");
	kfree(ct_readers);
	kfree(ct_writers);
	ct_readers = NULL;
	ct_writers = NULL;
	failed = ret || atomic_read(&ct_errors);
	pr_alert("%s: End of test: %s\n", CT_TAG, failed ? "FAILURE" : "SUCCESS");
	torture_cleanup_end(&ct_tool);
	if (ret)
		return ret;
	return failed ? -EIO : 0;
}

static struct torture_tool ct_tool = {
	.name		= "cgrouptorture",
	.tag		= CT_TAG,
	.busy_msg	= "a cgrouptorture run is already in progress",
	.check		= ct_check,
	.run		= ct_run,
	TORTURE_TOOL_STATE(ct_tool),
};

static int cmd_cgrouptorture(int argc, char **argv)
{
	return torture_shell_run(&ct_tool, argc, argv);
}
DEFINE_SHELL_CMD(cgrouptorture, "[duration=15] [nreaders=N] [nwriters=N]",
		 "torture control groups: lock-free readers of task_css() and the hierarchy against moves, mkdir and rmdir",
		 cmd_cgrouptorture);
