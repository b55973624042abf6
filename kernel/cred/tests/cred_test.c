// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for credentials, and readers on every CPU looking at a task
 * that commits new credentials in a loop.
 */
#include <kunit/test.h>
#include <kunit/prove_helpers.h>
#include <linux/kernel.h>
#include <linux/types.h>
#include <linux/err.h>
#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/smp.h>
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/delay.h>
#include <linux/slab.h>
#include <linux/rcupdate.h>
#include <linux/cred.h>

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
		target_cpu = torture_other_cpu(raw_smp_processor_id());
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

kunit_test_suites(&cred_test_suite);
