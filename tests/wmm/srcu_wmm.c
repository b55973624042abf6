// SPDX-License-Identifier: GPL-2.0
/*
 * Tree SRCU under the weak-memory model: rcu/srcutree.c and
 * include/linux/srcutree.h as built for the kernel, with the shadow
 * headers of tests/wmm/include/ underneath (tests/wmm/README.md).
 *
 * Readers look up the current object under srcu_read_lock() (or
 * srcu_read_lock_fast()) and read it, possibly moving to another CPU in
 * the middle; an updater publishes new objects and frees the old ones
 * after synchronize_srcu() or from a call_srcu() callback; the real
 * grace-period kthread runs the grace periods.  A reader that reads a
 * freed object, or whose read is not ordered before the free (a data
 * race), fails the seed.
 */
#include <linux/kernel.h>
#include <linux/smp.h>
#include <linux/srcu.h>

#include "wmm.h"

#define NOBJS		4
#define MAX_READERS	4

struct obj {
	long a, b;
	struct rcu_head rh;
};

static struct obj objs[NOBJS];
static const char *const obj_names[NOBJS] = { "obj0", "obj1", "obj2", "obj3" };
static struct obj __rcu *gp;
static struct srcu_struct ss;

/* A reader thread's habits, random in each seed. */
struct reader_cfg {
	const char *name;
	int sections;		/* critical sections, one after the other */
	int pause;		/* at most this many steps idle between them */
	int hold;		/* at most this many steps idle inside one */
	int migrate;		/* out of 4: how often it moves CPU inside one */
};

/* This seed's scenario. */
static struct {
	int readers;		/* reader threads */
	struct reader_cfg reader[MAX_READERS];
	bool fast;		/* srcu_read_lock_fast() readers */
	int updates;		/* objects published after obj0 */
	bool call[NOBJS];	/* free update i's old object by call_srcu() */
	bool exp[NOBJS];	/* else after synchronize_srcu_expedited() */
} sc;

static int cbs_queued, cbs_done;	/* the test's own bookkeeping */

/* What srcutree.c needs from the rest of the kernel. */
bool rcu_scheduler_active = true;
int wmm_initcall_srcu_init(void);

bool rcu_head_debug_queue(struct rcu_head *head)
{
	return true;
}

void __warn(const char *file, int line, const char *cond)
{
	wmm_fail("WARN_ON(%s) at %s:%d", cond, file, line);
}

void panic(const char *fmt, ...)
{
	wmm_fail("panic: %s", fmt);
	__builtin_unreachable();
}

static const char *obj_name(struct obj *p)
{
	return obj_names[p - objs];
}

static void free_obj(struct obj *p)
{
	wmm_obj_free(p, &p->a, 2);
}

static void free_cb(struct rcu_head *rhp)
{
	free_obj(container_of(rhp, struct obj, rh));
	cbs_done++;
}

/* Let the other threads run for a while: the reader sleeps, or works. */
static void dawdle(int most)
{
	for (int i = wmm_random(most + 1); i > 0; i--)
		wmm_yield();
}

static int other_cpu(void)
{
	return (wmm_cpu() + 1 + wmm_random(WMM_NR_CPUS - 1)) % WMM_NR_CPUS;
}

static int reader(void *arg)
{
	struct reader_cfg *r = arg;

	for (int i = 0; i < r->sections; i++) {
		struct srcu_ctr __percpu *scp = NULL;
		struct obj *p;
		int idx = 0;

		dawdle(r->pause);
		if (sc.fast)
			scp = srcu_read_lock_fast(&ss);
		else
			idx = srcu_read_lock(&ss);
		p = srcu_dereference(gp, &ss);
		wmm_note("%s: in its reader (index %d), sees %s", r->name,
			 sc.fast ? (int)(scp - &ss.sda->srcu_ctrs[0]) : idx, obj_name(p));
		wmm_obj_read(p, &p->a);
		dawdle(r->hold);
		if (wmm_random(4) < r->migrate)
			wmm_migrate(other_cpu());
		wmm_obj_read(p, &p->b);
		if (sc.fast)
			srcu_read_unlock_fast(&ss, scp);
		else
			srcu_read_unlock(&ss, idx);
		wmm_note("%s: out of its reader", r->name);
		dawdle(r->pause);
		if (wmm_random(2))
			wmm_migrate(other_cpu());
	}
	return 0;
}

static int updater(void *arg)
{
	for (int k = 1; k <= sc.updates; k++) {
		struct obj *old = &objs[k - 1];

		wmm_obj_write(&objs[k], &objs[k].a, k);
		wmm_obj_write(&objs[k], &objs[k].b, k);
		rcu_assign_pointer(gp, &objs[k]);
		if (sc.call[k]) {
			wmm_note("updater: published %s, call_srcu() to free %s",
				 obj_name(&objs[k]), obj_name(old));
			cbs_queued++;
			call_srcu(&ss, &old->rh, free_cb);
		} else {
			wmm_note("updater: published %s, synchronize_srcu%s()",
				 obj_name(&objs[k]), sc.exp[k] ? "_expedited" : "");
			if (sc.exp[k])
				synchronize_srcu_expedited(&ss);
			else
				synchronize_srcu(&ss);
			wmm_note("updater: grace period over, frees %s", obj_name(old));
			free_obj(old);
		}
	}
	while (cbs_done < cbs_queued)
		wmm_yield();
	return 0;
}

const char *wmm_test_name(void)
{
	return "srcu";
}

/* Runs before the threads: plain accesses, ordered before all of theirs. */
void wmm_test_setup(void)
{
	static const char *const names[MAX_READERS] = {
		"reader0", "reader1", "reader2", "reader3"
	};
	int cpu;

	sc.readers = 2 + wmm_random(MAX_READERS - 1);
	for (int i = 0; i < sc.readers; i++) {
		struct reader_cfg *r = &sc.reader[i];
		bool quick = wmm_random(2);

		r->name = names[i];
		r->sections = 1 + wmm_random(quick ? 6 : 2);
		r->pause = quick ? 10 : 40;
		r->hold = quick ? 3 : 480;
		r->migrate = quick ? 4 : wmm_random(5);
	}
	sc.fast = !wmm_random(4);
	sc.updates = 2 + wmm_random(NOBJS - 2);
	for (int k = 1; k <= sc.updates; k++) {
		sc.call[k] = !wmm_random(3);
		sc.exp[k] = !wmm_random(2);
	}

	if (init_srcu_struct(&ss))
		wmm_fail("init_srcu_struct() failed");
	for (int i = 0; i < NOBJS; i++)
		wmm_obj_init(&objs[i], obj_names[i]);
	objs[0].a = objs[0].b = 0;
	gp = &objs[0];

	wmm_name(&gp, "gp");
	wmm_name(&ss.srcu_ctrp, "srcu_ctrp");
	wmm_name(&ss.srcu_gp_seq, "srcu_gp_seq");
	wmm_name(&ss.srcu_gp_seq_needed, "srcu_gp_seq_needed");
	wmm_name(&ss.srcu_fast, "srcu_fast");
	for_each_possible_cpu(cpu) {
		for (int i = 0; i < 2; i++) {
			struct srcu_ctr *c = &per_cpu_ptr(ss.sda, cpu)->srcu_ctrs[i];

			wmm_name(&c->srcu_locks, "cpu%d.srcu_ctrs[%d].srcu_locks", cpu, i);
			wmm_name(&c->srcu_unlocks, "cpu%d.srcu_ctrs[%d].srcu_unlocks", cpu, i);
		}
	}

	if (wmm_initcall_srcu_init())
		wmm_fail("srcu_init() failed");
	for (int i = 0; i < sc.readers; i++)
		wmm_spawn(reader, &sc.reader[i], names[i], wmm_random(WMM_NR_CPUS), 0);
	wmm_spawn(updater, NULL, "updater", wmm_random(WMM_NR_CPUS), 0);
	wmm_note("scenario: %d%s readers, %d updates", sc.readers,
		 sc.fast ? " fast" : "", sc.updates);
}
