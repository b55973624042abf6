// SPDX-License-Identifier: GPL-2.0
/*
 * Interleaving tests for the resizable RCU hash table (lib/rhashtable.c).
 *
 * lib/rhashtable.c is included as is, with its kernel services replaced by
 * a model: each kernel thread (the resize kthread, the test's walker,
 * readers, an updater) is a host thread, but only one runs at a time.  A
 * seeded random scheduler passes control at every rcu_dereference(),
 * rcu_assign_pointer(), lock release and RCU read-side section boundary,
 * so one seed is one reproducible interleaving, with a reader stopped
 * between any two of its loads while resizes, unzip passes, inserts and
 * removals run.  RCU itself is modelled exactly: synchronize_rcu() and
 * call_rcu() wait for every reader that was inside a read-side section.
 * Freed bucket arrays go back to the host allocator, so AddressSanitizer
 * reports any read of one after its grace period.
 *
 * Each case runs many seeds and names the first seed that fails; the same
 * seed replays the same interleaving (RHT_SEED=n runs only that one,
 * RHT_SEEDS=n runs seeds 1 to n).
 */
#include <pthread.h>
#include <semaphore.h>

#include "ktest.h"

#include <linux/kernel.h>
#include <linux/types.h>
#include <linux/list.h>
#include <linux/atomic.h>
#include <linux/string.h>

/* Headers lib/rhashtable.c includes that need the kernel proper: modelled. */
#define _LINUX_MUTEX_H
#define _LINUX_SPINLOCK_H
#define _LINUX_RCUPDATE_H
#define _LINUX_KTHREAD_H
#define _LINUX_KTIME_H
#define _LINUX_SCHED_H
#define _LINUX_SLAB_H
#define _LINUX_WAIT_H
#define _LINUX_INIT_H

/* ---- the scheduler ---- */

#define MT_MAX		6
#define MT_STEP_LIMIT	5000000UL

struct mt_thread {
	pthread_t th;
	sem_t run;
	bool live;
	int (*fn)(void *arg);
	void *arg;
	int rcu_nest;		/* read-side nesting */
	unsigned long rcu_exits;	/* outermost rcu_read_unlock()s */
};

static struct mt_thread mt[MT_MAX];
static int mt_n, mt_cur;
static bool mt_stopping;
static u64 mt_rng;
static unsigned int mt_switch_pct;
static unsigned long mt_steps, mt_max_steps;
static u64 mt_seed;
static struct ktest *mt_test;
/* The table's own seed mixes in its address, which ASLR changes. */
static u32 mt_hash_seed;

static u32 mt_rand(void)
{
	mt_rng ^= mt_rng << 13;
	mt_rng ^= mt_rng >> 7;
	mt_rng ^= mt_rng << 17;
	return (u32)(mt_rng >> 16);
}

/* Hand the CPU to @next and wait until it is handed back. */
static void mt_switch(int next)
{
	int self = mt_cur;

	if (next == self)
		return;
	mt_cur = next;
	sem_post(&mt[next].run);
	sem_wait(&mt[self].run);
}

static int mt_pick(bool other)
{
	int next, tries;

	for (tries = 0; tries < 64; tries++) {
		next = mt_rand() % mt_n;
		if (mt[next].live && (!other || next != mt_cur))
			return next;
	}
	for (next = 0; next < mt_n; next++)
		if (mt[next].live && (!other || next != mt_cur))
			return next;
	return mt_cur;
}

static void mt_run_callbacks(void);

/* A run that does not end: a cycle in a chain, a wait that never ends. */
static void mt_step(void)
{
	if (++mt_steps <= MT_STEP_LIMIT)
		return;
	printf("    # seed %llu: no end after %lu scheduling points\n",
	       (unsigned long long)mt_seed, mt_steps);
	fflush(stdout);
	abort();
}

/* A point where another thread may run: sometimes it does. */
static void mt_point(void)
{
	mt_step();
	mt_run_callbacks();
	if (mt_rand() % 100 < mt_switch_pct)
		mt_switch(mt_pick(false));
}

static void mt_exit_self(void)
{
	int next;

	mt[mt_cur].live = false;
	next = mt_pick(true);
	mt_cur = next;
	sem_post(&mt[next].run);
	pthread_exit(NULL);
}

/* Waiting for something another thread does: let one run. */
static void mt_wait(void)
{
	mt_step();
	if (mt_stopping && mt_cur != 0)
		mt_exit_self();
	mt_run_callbacks();
	mt_switch(mt_pick(true));
}

static void *mt_start(void *p)
{
	struct mt_thread *t = p;

	sem_wait(&t->run);
	t->fn(t->arg);
	mt_exit_self();
	return NULL;
}

static int mt_spawn(int (*fn)(void *arg), void *arg)
{
	int id = mt_n++;
	struct mt_thread *t = &mt[id];

	if (id >= MT_MAX)
		abort();
	memset(t, 0, sizeof(*t));
	t->fn = fn;
	t->arg = arg;
	t->live = true;
	sem_init(&t->run, 0, 0);
	if (pthread_create(&t->th, NULL, mt_start, t))
		abort();
	return id;
}

/* ---- RCU ---- */

struct mt_cb {
	struct rcu_head *head;
	rcu_callback_t fn;
	unsigned long exits[MT_MAX];	/* ~0UL: not a reader when queued */
	struct mt_cb *next;
};

static struct mt_cb *mt_cbs;

static void mt_snapshot(unsigned long *exits)
{
	for (int i = 0; i < MT_MAX; i++)
		exits[i] = (i < mt_n && mt[i].rcu_nest) ? mt[i].rcu_exits : ~0UL;
}

/* Every reader that was in a section at the snapshot has left it. */
static bool mt_gp_done(const unsigned long *exits)
{
	for (int i = 0; i < mt_n; i++)
		if (exits[i] != ~0UL && mt[i].rcu_exits == exits[i])
			return false;
	return true;
}

static void mt_run_callbacks(void)
{
	struct mt_cb **pp = &mt_cbs, *cb;

	while ((cb = *pp)) {
		if (mt_gp_done(cb->exits)) {
			*pp = cb->next;
			cb->fn(cb->head);
			free(cb);
		} else {
			pp = &cb->next;
		}
	}
}

static void call_rcu(struct rcu_head *head, rcu_callback_t fn)
{
	struct mt_cb *cb = calloc(1, sizeof(*cb));

	cb->head = head;
	cb->fn = fn;
	mt_snapshot(cb->exits);
	cb->next = mt_cbs;
	mt_cbs = cb;
}

static void synchronize_rcu(void)
{
	unsigned long exits[MT_MAX];

	if (mt[mt_cur].rcu_nest)
		ktest_fail(mt_test, __FILE__, __LINE__, "synchronize_rcu() in a reader");
	mt_snapshot(exits);
	while (!mt_gp_done(exits))
		mt_wait();
}

static void rcu_read_lock(void)
{
	mt[mt_cur].rcu_nest++;
	mt_point();
}

static void rcu_read_unlock(void)
{
	mt_point();
	if (!--mt[mt_cur].rcu_nest)
		mt[mt_cur].rcu_exits++;
}

#define rcu_dereference(p)		({ mt_point(); READ_ONCE(p); })
#define rcu_dereference_protected(p, c)	({ mt_step(); (p); })
#define rcu_access_pointer(p)		READ_ONCE(p)
#define rcu_assign_pointer(p, v)	do { mt_point(); WRITE_ONCE(p, v); } while (0)
#define RCU_INIT_POINTER(p, v)		WRITE_ONCE(p, v)

/* ---- locks, wait queues, threads, memory ---- */

typedef struct { int owner; } spinlock_t;
struct mutex { int owner; };

#define DEFINE_SPINLOCK(x)		spinlock_t x
#define spin_lock_init(l)		((l)->owner = 0)
#define mutex_init(m)			((m)->owner = 0)
#define lockdep_is_held(m)		((m)->owner == mt_cur + 1)

static void mt_lock(int *owner)
{
	while (*owner)
		mt_wait();
	*owner = mt_cur + 1;
}

static void mt_unlock(int *owner)
{
	*owner = 0;
	mt_point();
}

#define spin_lock(l)			mt_lock(&(l)->owner)
#define spin_unlock(l)			mt_unlock(&(l)->owner)
#define spin_lock_irqsave(l, f)		do { (f) = 0; mt_lock(&(l)->owner); } while (0)
#define spin_unlock_irqrestore(l, f)	do { (void)(f); mt_unlock(&(l)->owner); } while (0)
#define mutex_lock(m)			mt_lock(&(m)->owner)
#define mutex_unlock(m)			mt_unlock(&(m)->owner)

#define DECLARE_WAIT_QUEUE_HEAD(x)	int x __maybe_unused
#define wake_up(wq)			((void)(wq))
#define wake_up_all(wq)			((void)(wq))
#define wait_event(wq, cond)		do { while (!(cond)) mt_wait(); } while (0)
#define wait_event_idle(wq, cond)	wait_event(wq, cond)

struct task_struct { int id; };
static struct task_struct mt_tasks[MT_MAX];

#define kthread_run(fn, arg, name)	(&mt_tasks[mt_spawn(fn, arg)])
#define early_initcall(fn)

#define GFP_KERNEL			0u
#define __GFP_NOWARN			0u
#define KMALLOC_MAX_SIZE		(4096UL << 10)
#define kzalloc(size, gfp)		calloc(1, size)
#define kcalloc(n, size, gfp)		calloc(n, size)
#define kfree(p)			free(p)

static inline u64 ktime_get_ns(void)
{
	return mt_rand();
}

#undef pr_fmt
#include "../../lib/rhashtable.c"

/* ---- the cases ---- */

static int mt_warnings;

void __warn(const char *file, int line, const char *cond)
{
	printf("    # WARNING: %s at %s:%d\n", cond, file, line);
	mt_warnings++;
}

/* Start a run: this thread is thread 0, the resize kthread thread 1. */
static void mt_begin(u64 seed, unsigned int switch_pct)
{
	mt_n = 0;
	mt_stopping = false;
	mt_seed = seed;
	mt_steps = 0;
	mt_rng = seed * 0x9e3779b97f4a7c15ULL + 1;
	mt_switch_pct = switch_pct;
	memset(&mt[0], 0, sizeof(mt[0]));
	mt[0].live = true;
	sem_init(&mt[0].run, 0, 0);
	mt_n = 1;
	mt_cur = 0;
	mt_hash_seed = mt_rand();
	rht_current = NULL;
	INIT_LIST_HEAD(&rht_work);
	rht_worker_init();
}

/* End a run: every other thread leaves at its next wait. */
static void mt_end(void)
{
	mt_stopping = true;
	for (;;) {
		int i, live = 0;

		for (i = 1; i < mt_n; i++)
			live += mt[i].live;
		if (!live)
			break;
		mt_wait();
	}
	for (int i = 1; i < mt_n; i++)
		pthread_join(mt[i].th, NULL);
	mt_stopping = false;
	while (mt_cbs) {
		mt_step();
		mt_run_callbacks();
	}
	for (int i = 0; i < mt_n; i++)
		sem_destroy(&mt[i].run);
	mt_max_steps = max(mt_max_steps, mt_steps);
}

struct tobj {
	u32 key;
	struct rhash_head node;
};

static u32 mt_hash(const void *data, u32 len, u32 seed)
{
	return jhash(data, len, mt_hash_seed);
}

static const struct rhashtable_params tparams = {
	.hashfn = mt_hash,
	.key_len = sizeof(u32),
	.key_offset = offsetof(struct tobj, key),
	.head_offset = offsetof(struct tobj, node),
	.min_size = 16,
};

/*
 * Run @once for seeds 1 to @def_count (or as RHT_SEED / RHT_SEEDS say);
 * stop at the first that fails or warns.
 */
static void run_seeds(struct ktest *t, bool (*once)(struct ktest *t, u64 seed),
		      u64 def_count)
{
	const char *s = getenv("RHT_SEED"), *n = getenv("RHT_SEEDS");
	u64 first = s ? strtoull(s, NULL, 0) : 1;
	u64 count = s ? 1 : n ? strtoull(n, NULL, 0) : def_count;

	mt_test = t;
	mt_max_steps = 0;
	for (u64 seed = first; seed < first + count; seed++) {
		if (!once(t, seed) || mt_warnings) {
			KEXPECT_EQ(t, mt_warnings, 0);
			return;
		}
	}
	printf("    # %llu seeds, at most %lu scheduling points in one\n",
	       (unsigned long long)count, mt_max_steps);
}

#define WALK_KEYS	200
#define WALK_EXTRA	40

/*
 * The walk of the KUnit case rht_walk_never_skips: stop every few
 * objects, resize the table and add and remove other keys, go on; every
 * key that stays must come out.  The resize kthread grows the table
 * meanwhile, on its own schedule.
 */
static bool walk_once(struct ktest *t, u64 seed)
{
	static const unsigned int sizes[] = { 64, 16, 128, 32, 16, 64 };
	struct tobj *objs = calloc(WALK_KEYS + WALK_EXTRA, sizeof(*objs)), *o;
	unsigned int seen[WALK_KEYS] = { 0 }, stops = 0, got = 0, i;
	struct rhashtable_params p = tparams;
	struct rhashtable_iter iter;
	struct rhashtable ht;
	bool ok = true;

	mt_begin(seed, 1 + seed % 30);
	p.max_size = 1024;
	KEXPECT_EQ(t, rhashtable_init(&ht, &p), 0);
	for (i = 0; i < WALK_KEYS + WALK_EXTRA; i++)
		objs[i].key = i < WALK_KEYS ? i : 5000 + i;
	for (i = 0; i < WALK_KEYS; i++)
		rhashtable_insert_fast(&ht, &objs[i].node, p);
	rhashtable_wait_resize(&ht);

	rhashtable_walk_enter(&ht, &iter);
	rhashtable_walk_start(&iter);
	while ((o = rhashtable_walk_next(&iter))) {
		if (o->key < WALK_KEYS)
			seen[o->key]++;
		if (++got % 8)
			continue;
		rhashtable_walk_stop(&iter);
		rhashtable_resize(&ht, sizes[stops % ARRAY_SIZE(sizes)]);
		if (stops < WALK_EXTRA)
			rhashtable_insert_fast(&ht, &objs[WALK_KEYS + stops].node, p);
		i = 150 + stops % 50;
		if (stops % 2)
			rhashtable_remove_fast(&ht, &objs[i].node, p);
		else
			rhashtable_lookup_insert_fast(&ht, &objs[i].node, p);
		stops++;
		rhashtable_walk_start(&iter);
	}
	rhashtable_walk_stop(&iter);
	rhashtable_walk_exit(&iter);
	for (i = 0; i < 150; i++) {
		if (!seen[i]) {
			bool there = rhashtable_lookup_fast(&ht, &i, p);

			ktest_fail(t, __FILE__, __LINE__,
				   "seed %llu: key %u skipped by the walk (%s the table), %u stops",
				   (unsigned long long)seed, i, there ? "still in" : "lost from",
				   stops);
			ok = false;
			break;
		}
	}
	rhashtable_destroy(&ht);
	mt_end();
	free(objs);
	return ok;
}

static void test_walk_never_skips(struct ktest *t)
{
	run_seeds(t, walk_once, 200);
}

/*
 * Lookups never miss: readers look up keys that stay in the table while
 * an updater adds and removes others and resizes, and the resize kthread
 * grows and shrinks the table by its load.
 */
#define LOOK_KEYS	96
#define LOOK_ROUNDS	40

struct look {
	struct rhashtable ht;
	struct tobj *objs;
	bool done;
	unsigned long lookups, misses;
	u32 missed_key;
};

static int look_reader(void *arg)
{
	struct look *l = arg;

	while (!READ_ONCE(l->done)) {
		for (u32 k = 0; k < LOOK_KEYS; k += 2) {
			struct tobj *o;

			rcu_read_lock();
			o = rhashtable_lookup(&l->ht, &k, tparams);
			if (!o || o->key != k) {
				l->misses++;
				l->missed_key = k;
			}
			rcu_read_unlock();
			l->lookups++;
		}
		mt_wait();
	}
	return 0;
}

static bool look_once(struct ktest *t, u64 seed)
{
	static const unsigned int sizes[] = { 16, 256, 32, 64, 16, 128 };
	struct rhashtable_params p = tparams;
	struct look l;
	unsigned int r, k;
	int readers[2];

	mt_begin(seed, 1 + seed % 20);
	p.automatic_shrinking = true;
	p.max_size = 256;
	memset(&l, 0, sizeof(l));
	l.objs = calloc(LOOK_KEYS, sizeof(*l.objs));
	KEXPECT_EQ(t, rhashtable_init(&l.ht, &p), 0);
	for (k = 0; k < LOOK_KEYS; k++) {
		l.objs[k].key = k;
		if (!(k % 2))
			rhashtable_insert_fast(&l.ht, &l.objs[k].node, p);
	}
	readers[0] = mt_spawn(look_reader, &l);
	readers[1] = mt_spawn(look_reader, &l);
	for (r = 0; r < LOOK_ROUNDS; r++) {
		/* The odd keys come in (growing the table) and go again. */
		for (k = 1; k < LOOK_KEYS; k += 2)
			rhashtable_insert_fast(&l.ht, &l.objs[k].node, p);
		if (r % 4 == 0)
			rhashtable_resize(&l.ht, sizes[(r / 4) % ARRAY_SIZE(sizes)]);
		for (k = 1; k < LOOK_KEYS; k += 2)
			rhashtable_remove_fast(&l.ht, &l.objs[k].node, p);
		/* Readers may stand on them: a grace period before they go in again. */
		synchronize_rcu();
	}
	WRITE_ONCE(l.done, true);
	while (mt[readers[0]].live || mt[readers[1]].live)
		mt_wait();
	rhashtable_destroy(&l.ht);
	mt_end();
	free(l.objs);
	if (l.misses)
		ktest_fail(t, __FILE__, __LINE__, "seed %llu: %lu of %lu lookups missed (key %u)",
			   (unsigned long long)seed, l.misses, l.lookups, l.missed_key);
	KEXPECT_GT(t, l.lookups, 0UL);
	return !l.misses;
}

static void test_lookups_never_miss(struct ktest *t)
{
	run_seeds(t, look_once, 100);
}

static const struct ktest_case cases[] = {
	KTEST_CASE(test_walk_never_skips),
	KTEST_CASE(test_lookups_never_miss),
	{}
};

KTEST_MAIN("rhashtable", cases)
