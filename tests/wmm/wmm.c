// SPDX-License-Identifier: GPL-2.0
/*
 * The weak-memory model and the scheduler of simulated threads.
 *
 * Threads are coroutines on one host thread: each runs until its next
 * modelled access, where it hands control back to the scheduler, which
 * picks the next thread with the seeded PRNG.  So a run is a function of
 * its seed alone, and each seed runs in a forked child so that the kernel
 * code's static state starts afresh.
 *
 * Memory: every location keeps its recent stores in modification order
 * (the order they executed in).  A load returns one of them: not older
 * than the newest store that happens-before it (vector clocks), nor older
 * than what the same thread already read or wrote there (coherence).
 * Release/acquire works through fences as in C11: a store carries the
 * clock of its thread's last full fence (or its own clock if it is a
 * release store), a relaxed load collects that clock, and the thread's
 * next full fence adopts what it collected.  Full fences are totally
 * ordered: each adopts and publishes one global clock.  Spinlocks are an
 * acquire and a release on the lock, nothing more.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "wmm.h"

#define WMM_HIST	8	/* stores kept per location */
#define WMM_LOCS	256	/* locations a run may touch */
#define WMM_HASH	1024	/* their hash table, a power of two */
#define WMM_STACK	(64 * 1024)
#define WMM_STEPS	200000	/* a run longer than this is stuck */
#define WMM_TRACE	2048	/* events kept for the report */
#define WMM_OBJS	8
#define WMM_RCU_GPS	256
#define WMM_POISON	0x6b6b6b6bL

struct store {
	unsigned long val;
	int tid;		/* -1: before everything (initial, plain) */
	unsigned int epoch;	/* the storing thread's clock at the store */
	struct wmm_vc rel;	/* what a fence or acquire after reading it adopts */
};

struct loc {
	const volatile void *addr;
	unsigned long size;
	unsigned int n;		/* stores ever appended; st[i % WMM_HIST] */
	struct store st[WMM_HIST];
	unsigned int seen[WMM_MAX_THREADS];	/* 1 + newest index read/written */
	char name[40];
};

struct thread {
	void *sp;
	char *stack;
	int (*fn)(void *);
	void *arg;
	const char *name;
	int cpu;
	int daemon;
	int done;
	int weight;		/* how likely the scheduler picks it */
	struct wmm_vc clock;	/* what this thread happens-after */
	struct wmm_vc rel;	/* clock at its last full fence */
	struct wmm_vc pending;	/* collected by relaxed loads, for the next fence */
	struct wmm_vc last_rel;	/* the last load's store's, for wmm_consume() */
	unsigned long fences;
};

enum ev_kind { EV_LOAD, EV_STORE, EV_RMW, EV_FENCE, EV_LOCK, EV_UNLOCK,
	       EV_READ, EV_WRITE, EV_FREE, EV_QS, EV_MIGRATE, EV_NOTE };

struct event {
	unsigned char kind, tid, mo;
	short cpu;
	struct loc *loc;
	const void *addr;
	unsigned long val;
	unsigned int idx, newest;
	const char *note;
};

struct obj {
	void *obj;
	const char *name;
	int wtid;		/* last writer, -1 none */
	unsigned int wepoch;
	unsigned int rd[WMM_MAX_THREADS];	/* epoch of each thread's last read */
	int freed;
};

/* Locations in order of first use (few pages to fault in), and a hash. */
static struct loc locs[WMM_LOCS];
static int nlocs;
static short loc_hash[WMM_HASH];	/* index in locs[] + 1, 0 if free */
static struct thread threads[WMM_MAX_THREADS];
static int nthreads;
static struct thread *cur;
static void *main_sp;
static struct wmm_vc fence_clock;
static uint64_t rng;
static unsigned long steps;
static int failed;
static char fail_msg[512];
static struct event trace[WMM_TRACE];
static unsigned long ntrace;
static struct obj objs[WMM_OBJS];
static int nobjs;
static unsigned long rcu_snap[WMM_RCU_GPS][WMM_MAX_THREADS];
static unsigned long rcu_gps;
static int verbose;
static int always_trace;
static char notes[64][96];
static int nnotes;

static char pcpu_area[WMM_NR_CPUS * WMM_PCPU_STRIDE] __attribute__((aligned(64)));
static unsigned long pcpu_used;

/* The test: sets up the domain and spawns its threads (srcu_wmm.c). */
void wmm_test_setup(void);
const char *wmm_test_name(void);

/* ---- Helpers ---- */

unsigned int wmm_random(unsigned int n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return n ? (unsigned int)((rng >> 11) % n) : 0;
}

static void vc_join(struct wmm_vc *a, const struct wmm_vc *b)
{
	for (int i = 0; i < WMM_MAX_THREADS; i++)
		if (b->c[i] > a->c[i])
			a->c[i] = b->c[i];
}

static int tid(struct thread *t)
{
	return (int)(t - threads);
}

static struct event *ev(enum ev_kind kind)
{
	struct event *e = &trace[ntrace++ % WMM_TRACE];

	memset(e, 0, sizeof(*e));
	e->kind = kind;
	e->tid = cur ? tid(cur) : 0xff;
	e->cpu = cur ? cur->cpu : -1;
	return e;
}

static unsigned long mem_get(const volatile void *addr, unsigned long size)
{
	unsigned long v = 0;

	memcpy(&v, (const void *)addr, size);
	return v;
}

static void mem_put(volatile void *addr, unsigned long size, unsigned long v)
{
	memcpy((void *)addr, &v, size);
}

/* ---- Scheduling ---- */

/* Save callee-saved registers on this stack, switch to @to's stack. */
void wmm_switch(void **from, void *to);
__asm__(".text\n"
	".globl wmm_switch\n"
	"wmm_switch:\n"
	"	pushq %rbp\n	pushq %rbx\n	pushq %r12\n"
	"	pushq %r13\n	pushq %r14\n	pushq %r15\n"
	"	movq %rsp, (%rdi)\n"
	"	movq %rsi, %rsp\n"
	"	popq %r15\n	popq %r14\n	popq %r13\n"
	"	popq %r12\n	popq %rbx\n	popq %rbp\n"
	"	ret\n");

/* Give the scheduler the choice of what runs next. */
void wmm_yield(void)
{
	if (cur)
		wmm_switch(&cur->sp, main_sp);
}

static void fence_as(struct thread *t)
{
	struct thread *saved = cur;

	cur = t;
	t->clock.c[tid(t)]++;
	vc_join(&t->clock, &t->pending);
	vc_join(&t->clock, &fence_clock);
	fence_clock = t->clock;
	t->rel = t->clock;
	t->fences++;
	cur = saved;
}

static void thread_start(void)
{
	cur->fn(cur->arg);
	fence_as(cur);		/* exiting is a context switch */
	cur->done = 1;
	for (;;)
		wmm_yield();
}

int wmm_spawn(int (*fn)(void *), void *arg, const char *name, int cpu, int daemon)
{
	static char stacks[WMM_MAX_THREADS][WMM_STACK] __attribute__((aligned(16)));
	struct thread *t = &threads[nthreads];
	void **sp;

	if (nthreads == WMM_MAX_THREADS) {
		fprintf(stderr, "wmm: too many threads\n");
		exit(2);
	}
	t->stack = stacks[nthreads];
	t->fn = fn;
	t->arg = arg;
	t->name = name;
	t->cpu = cpu;
	t->daemon = daemon;
	/* Some threads run faster than others, differently in each seed. */
	t->weight = 1 + wmm_random(4);
	/* What wmm_switch() pops: six registers, then thread_start(). */
	sp = (void **)(t->stack + WMM_STACK);
	*--sp = NULL;
	*--sp = (void *)thread_start;
	for (int i = 0; i < 6; i++)
		*--sp = NULL;
	t->sp = sp;
	/* A new thread happens after its creator. */
	if (cur)
		t->clock = cur->clock;
	t->clock.c[nthreads] = 1;
	t->rel = t->clock;
	return nthreads++;
}

int wmm_cpu(void)
{
	return cur ? cur->cpu : 0;
}

/* A task moving to another CPU: the context switch is a full fence. */
void wmm_migrate(int cpu)
{
	struct event *e;

	wmm_yield();
	fence_as(cur);
	cur->cpu = cpu;
	e = ev(EV_MIGRATE);
	e->val = cpu;
}

/* Threads that owe the newest RCU grace period a full fence. */
static int rcu_owes(struct thread *t)
{
	return rcu_gps && !t->done && t->fences <= rcu_snap[(rcu_gps - 1) % WMM_RCU_GPS][tid(t)];
}

static void schedule(void)
{
	unsigned int burst = 2 << wmm_random(3);
	struct thread *t = NULL;
	int live = 0;

	for (;;) {
		int weights = 0;

		if (failed)
			return;
		live = 0;
		for (int i = 0; i < nthreads; i++) {
			weights += threads[i].done ? 0 : threads[i].weight;
			live += !threads[i].done && !threads[i].daemon;
		}
		if (!live)
			return;
		if (++steps > WMM_STEPS) {
			snprintf(fail_msg, sizeof(fail_msg),
				 "no progress after %d steps (a grace period that never ends?)",
				 WMM_STEPS);
			failed = 1;
			return;
		}
		/* The same thread goes on for a while, longer in some seeds. */
		if (!t || t->done || !wmm_random(burst)) {
			int k = wmm_random(weights);

			for (int i = 0; i < nthreads; i++) {
				if (threads[i].done)
					continue;
				t = &threads[i];
				k -= t->weight;
				if (k < 0)
					break;
			}
		}
		/* An RCU grace period is waiting: the CPU may pass a quiescent state. */
		if (rcu_owes(t) && !wmm_random(3)) {
			fence_as(t);
			cur = t;
			ev(EV_QS);
		}
		cur = t;
		wmm_switch(&main_sp, t->sp);
		cur = NULL;
	}
}

/* ---- The memory model ---- */

static struct loc *loc_get(const volatile void *addr, unsigned long size)
{
	unsigned long h = ((uintptr_t)addr * 0x9e3779b97f4a7c15UL) >> 54;
	struct loc *l;
	unsigned long v;

	for (;; h = (h + 1) % WMM_HASH) {
		if (!loc_hash[h]) {
			if (nlocs == WMM_LOCS) {
				fprintf(stderr, "wmm: too many locations\n");
				exit(2);
			}
			loc_hash[h] = ++nlocs;
		}
		l = &locs[loc_hash[h] - 1];
		if (l->addr == addr || !l->addr)
			break;
	}
	v = mem_get(addr, size);
	if (l->addr != addr || l->size != size) {
		/* First access: the value already there happened before all. */
		char name[sizeof(l->name)] = "";

		if (l->addr == addr)
			memcpy(name, l->name, sizeof(name));
		memset(l, 0, sizeof(*l));
		memcpy(l->name, name, sizeof(name));
		l->addr = addr;
		l->size = size;
		l->st[0].val = v;
		l->st[0].tid = -1;
		l->n = 1;
	} else if (l->st[(l->n - 1) % WMM_HIST].val != v) {
		/*
		 * A plain store changed it (the kernel code accesses it under
		 * a lock or from one thread only): count it as seen by all.
		 */
		struct store *s = &l->st[l->n++ % WMM_HIST];

		memset(s, 0, sizeof(*s));
		s->val = v;
		s->tid = -1;
	}
	return l;
}

static int store_hb(struct store *s, struct thread *t)
{
	return s->tid < 0 || s->epoch <= t->clock.c[s->tid];
}

static void append(struct loc *l, unsigned long v, const struct wmm_vc *rel)
{
	struct store *s = &l->st[l->n % WMM_HIST];

	cur->clock.c[tid(cur)]++;
	s->val = v;
	s->tid = tid(cur);
	s->epoch = cur->clock.c[tid(cur)];
	s->rel = *rel;
	l->seen[tid(cur)] = ++l->n;
	mem_put((volatile void *)l->addr, l->size, v);
}

void wmm_load(const volatile void *addr, unsigned long size, void *out,
	      enum wmm_order mo)
{
	struct loc *l;
	unsigned int lo, hi, i, k;
	struct store *s;
	struct event *e;

	if (!cur) {		/* the test's setup, before the threads */
		memcpy(out, (const void *)addr, size);
		return;
	}
	wmm_yield();
	l = loc_get(addr, size);
	hi = l->n - 1;
	lo = l->n > WMM_HIST ? l->n - WMM_HIST : 0;
	/* Not older than a store that happens-before this load... */
	for (i = hi; i > lo; i--)
		if (store_hb(&l->st[i % WMM_HIST], cur))
			break;
	lo = i;
	/* ...nor than what this thread saw here last. */
	if (l->seen[tid(cur)] && l->seen[tid(cur)] - 1 > lo)
		lo = l->seen[tid(cur)] - 1;
	/* Biased to the stale end: a quarter oldest, a quarter newest. */
	switch (wmm_random(4)) {
	case 0:
		k = lo;
		break;
	case 1:
		k = hi;
		break;
	default:
		k = lo + wmm_random(hi - lo + 1);
		break;
	}
	s = &l->st[k % WMM_HIST];
	l->seen[tid(cur)] = k + 1;
	cur->clock.c[tid(cur)]++;
	if (mo == WMM_ACQUIRE)
		vc_join(&cur->clock, &s->rel);
	else
		vc_join(&cur->pending, &s->rel);
	cur->last_rel = s->rel;
	memcpy(out, &s->val, size);
	e = ev(EV_LOAD);
	e->loc = l;
	e->mo = mo;
	e->val = s->val;
	e->idx = k;
	e->newest = hi;
}

void wmm_store(volatile void *addr, unsigned long size, const void *in,
	       enum wmm_order mo)
{
	unsigned long v = 0;
	struct loc *l;
	struct event *e;

	if (!cur) {
		memcpy((void *)addr, in, size);
		return;
	}
	wmm_yield();
	memcpy(&v, in, size);
	l = loc_get(addr, size);
	append(l, v, mo == WMM_RELEASE ? &cur->clock : &cur->rel);
	if (mo == WMM_RELEASE) {
		/* The store's own clock includes itself: publish that. */
		l->st[(l->n - 1) % WMM_HIST].rel = cur->clock;
	}
	e = ev(EV_STORE);
	e->loc = l;
	e->mo = mo;
	e->val = v;
}

/* this_cpu_inc(): reads the newest value, and extends its release chain. */
void wmm_rmw_add(volatile void *addr, unsigned long size, long delta)
{
	struct loc *l;
	struct store *s;
	struct wmm_vc rel;
	struct event *e;

	if (!cur) {
		mem_put(addr, size, mem_get(addr, size) + delta);
		return;
	}
	wmm_yield();
	l = loc_get(addr, size);
	s = &l->st[(l->n - 1) % WMM_HIST];
	vc_join(&cur->pending, &s->rel);
	rel = cur->rel;
	vc_join(&rel, &s->rel);
	append(l, s->val + delta, &rel);
	e = ev(EV_RMW);
	e->loc = l;
	e->val = mem_get(addr, size);
}

void wmm_fence(void)
{
	if (!cur)
		return;
	wmm_yield();
	fence_as(cur);
	ev(EV_FENCE);
}

/* srcu_dereference(): the pointer just loaded orders what it points to. */
void wmm_consume(void)
{
	if (cur)
		vc_join(&cur->clock, &cur->last_rel);
}

static void sync_take(struct wmm_sync *s)
{
	struct event *e;

	s->owner = tid(cur) + 1;
	vc_join(&cur->clock, &s->vc);
	e = ev(EV_LOCK);
	e->addr = s;
}

void wmm_sync_lock(struct wmm_sync *s)
{
	if (!cur)
		return;
	wmm_yield();
	while (s->owner)
		wmm_yield();
	sync_take(s);
}

int wmm_sync_trylock(struct wmm_sync *s)
{
	if (!cur)
		return 1;
	wmm_yield();
	if (s->owner)
		return 0;
	sync_take(s);
	return 1;
}

void wmm_sync_unlock(struct wmm_sync *s)
{
	struct event *e;

	if (!cur)
		return;
	wmm_yield();
	if (s->owner != tid(cur) + 1)
		wmm_fail("unlock of a lock %s does not hold", cur->name);
	cur->clock.c[tid(cur)]++;
	s->vc = cur->clock;
	s->owner = 0;
	e = ev(EV_UNLOCK);
	e->addr = s;
}

/* ---- RCU grace periods ---- */

unsigned long wmm_rcu_gp_start(void)
{
	unsigned long *snap = rcu_snap[rcu_gps % WMM_RCU_GPS];

	for (int i = 0; i < nthreads; i++)
		snap[i] = threads[i].fences;
	return rcu_gps++;
}

/* Done once every other live thread has passed a full fence since the start. */
int wmm_rcu_gp_done(unsigned long cookie)
{
	unsigned long *snap = rcu_snap[cookie % WMM_RCU_GPS];

	if (rcu_gps - cookie > WMM_RCU_GPS)
		wmm_fail("RCU grace-period cookie too old");
	for (int i = 0; i < nthreads; i++)
		if (&threads[i] != cur && !threads[i].done && threads[i].fences <= snap[i])
			return 0;
	wmm_fence();
	return 1;
}

/* ---- The objects under test ---- */

static struct obj *obj_find(void *obj)
{
	for (int i = 0; i < nobjs; i++)
		if (objs[i].obj == obj)
			return &objs[i];
	wmm_fail("access to an unregistered object %p", obj);
	return NULL;
}

void wmm_obj_init(void *obj, const char *name)
{
	struct obj *o = &objs[nobjs++];

	o->obj = obj;
	o->name = name;
	o->wtid = -1;
}

void wmm_obj_write(void *obj, long *field, long v)
{
	struct obj *o = obj_find(obj);
	struct event *e;

	wmm_yield();
	cur->clock.c[tid(cur)]++;
	o->wtid = tid(cur);
	o->wepoch = cur->clock.c[tid(cur)];
	*field = v;
	e = ev(EV_WRITE);
	e->note = o->name;
	e->val = v;
}

long wmm_obj_read(void *obj, long *field)
{
	struct obj *o = obj_find(obj);
	struct event *e;
	long v;

	wmm_yield();
	cur->clock.c[tid(cur)]++;
	v = *field;
	e = ev(EV_READ);
	e->note = o->name;
	e->val = v;
	if (o->freed)
		wmm_fail("use after free: %s reads %s, freed already", cur->name, o->name);
	if (o->wtid >= 0 && o->wepoch > cur->clock.c[o->wtid])
		wmm_fail("data race: %s reads %s, not ordered after its initialisation",
			 cur->name, o->name);
	o->rd[tid(cur)] = cur->clock.c[tid(cur)];
	return v;
}

void wmm_obj_free(void *obj, long *fields, int n)
{
	struct obj *o = obj_find(obj);
	struct event *e;

	wmm_yield();
	cur->clock.c[tid(cur)]++;
	e = ev(EV_FREE);
	e->note = o->name;
	for (int i = 0; i < nthreads; i++)
		if (o->rd[i] > cur->clock.c[i])
			wmm_fail("data race: %s frees %s, but %s's read of it is not ordered before",
				 cur->name, o->name, threads[i].name);
	o->freed = 1;
	for (int i = 0; i < n; i++)
		fields[i] = WMM_POISON;
}

/* ---- Per-CPU memory, names, reports ---- */

void *wmm_alloc_percpu(unsigned long size, unsigned long align)
{
	unsigned long off = (pcpu_used + align - 1) & ~(align - 1);

	if (off + size > WMM_PCPU_STRIDE)
		return NULL;
	pcpu_used = off + size;		/* never freed: zero already */
	return pcpu_area + off;
}

void wmm_name(const volatile void *addr, const char *fmt, ...)
{
	struct loc *l = loc_get(addr, sizeof(long));
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(l->name, sizeof(l->name), fmt, ap);
	va_end(ap);
}

void wmm_fail(const char *fmt, ...)
{
	va_list ap;

	if (!cur) {
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
		printf("\nwmm: failure outside the simulated threads\n");
		exit(2);
	}
	if (!failed) {
		va_start(ap, fmt);
		vsnprintf(fail_msg, sizeof(fail_msg), fmt, ap);
		va_end(ap);
		ev(EV_NOTE)->note = "FAIL";
	}
	failed = 1;
	for (;;)
		wmm_yield();
}

/* A line for the trace, from the test (which reader section, ...). */
void wmm_note(const char *fmt, ...)
{
	va_list ap;
	struct event *e;

	if (nnotes == 64)
		return;
	va_start(ap, fmt);
	vsnprintf(notes[nnotes], sizeof(notes[0]), fmt, ap);
	va_end(ap);
	e = ev(EV_NOTE);
	e->note = notes[nnotes++];
}

/* printk() from the kernel code. */
int printk(const char *fmt, ...)
{
	va_list ap;
	int n;

	if (fmt[0] == '\001' && fmt[1])
		fmt += 2;
	va_start(ap, fmt);
	n = vprintf(fmt, ap);
	va_end(ap);
	return n;
}

static void print_event(struct event *e)
{
	static const char *const mo[] = { "", "_acquire", "_release" };
	const char *who = e->tid == 0xff ? "-" : threads[e->tid].name;
	char where[64];

	if (e->loc)
		snprintf(where, sizeof(where), "%s", e->loc->name[0] ? e->loc->name : "?");
	if (e->loc && !e->loc->name[0])
		snprintf(where, sizeof(where), "%p", (const void *)e->loc->addr);
	printf("  %-8s cpu%d ", who, e->cpu);
	switch (e->kind) {
	case EV_LOAD:
		printf("load%s %s = %#lx", mo[e->mo], where, e->val);
		if (e->idx != e->newest)
			printf("   (stale: %u newer store%s)", e->newest - e->idx,
			       e->newest - e->idx > 1 ? "s" : "");
		break;
	case EV_STORE:
		printf("store%s %s = %#lx", mo[e->mo], where, e->val);
		break;
	case EV_RMW:
		printf("inc %s -> %#lx", where, e->val);
		break;
	case EV_FENCE:
		printf("smp_mb()");
		break;
	case EV_QS:
		printf("full fence (quiescent state for an RCU grace period)");
		break;
	case EV_MIGRATE:
		printf("migrates to cpu%lu (full fence)", e->val);
		break;
	case EV_LOCK:
		printf("lock %p", e->addr);
		break;
	case EV_UNLOCK:
		printf("unlock %p", e->addr);
		break;
	case EV_READ:
		printf("read %s = %#lx", e->note, e->val);
		break;
	case EV_WRITE:
		printf("write %s = %#lx", e->note, e->val);
		break;
	case EV_FREE:
		printf("free %s", e->note);
		break;
	case EV_NOTE:
		printf("-- %s", e->note);
		break;
	}
	printf("\n");
}

/* Print the trace: everything, or only the test's notes and the model's
 * memory events of locations the test named (@full == 0). */
static void print_trace(int full)
{
	unsigned long first = ntrace > WMM_TRACE ? ntrace - WMM_TRACE : 0;

	for (unsigned long i = first; i < ntrace; i++) {
		struct event *e = &trace[i % WMM_TRACE];

		if (!full && e->kind != EV_NOTE && e->kind != EV_READ &&
		    e->kind != EV_WRITE && e->kind != EV_FREE && e->kind != EV_MIGRATE &&
		    e->kind != EV_FENCE && e->kind != EV_QS &&
		    !(e->loc && e->loc->name[0]))
			continue;
		print_event(e);
	}
}

/* One seed, in a forked child: 0 passed, 1 failed. */
static int run_one(unsigned long seed, int report)
{
	rng = seed * 0x2545f4914f6cdd1dUL + 0x9e3779b97f4a7c15UL;
	for (int i = 0; i < 4; i++)
		wmm_random(1);
	wmm_test_setup();
	schedule();
	if (!failed) {
		if (always_trace) {
			printf("trace of seed %lu (passed):\n", seed);
			print_trace(verbose);
		}
		return 0;
	}
	if (report) {
		printf("wmm: %s: seed %lu fails: %s\n", wmm_test_name(), seed, fail_msg);
		printf("trace (%s; -v for every access):\n",
		       verbose ? "every modelled access" : "named locations");
		print_trace(verbose);
		printf("end of trace: seed %lu: %s\n", seed, fail_msg);
	}
	return 1;
}

static void usage(void)
{
	fprintf(stderr, "usage: srcu_wmm [-n SEEDS] [-f FIRST] [-s SEED] [-v] [-t]\n"
		"  -n SEEDS  run seeds FIRST..FIRST+SEEDS-1 (default 1..2000)\n"
		"  -s SEED   run one seed and print its trace if it fails\n"
		"  -v        trace every modelled access, not only named ones\n"
		"  -t        print the trace of passing seeds too\n");
	exit(2);
}

int main(int argc, char **argv)
{
	unsigned long first = 1, n = 2000, bad = 0, first_bad = 0;
	struct timeval t0, t1;
	int opt;

	while ((opt = getopt(argc, argv, "n:f:s:vt")) != -1) {
		switch (opt) {
		case 'n':
			n = strtoul(optarg, NULL, 0);
			break;
		case 'f':
			first = strtoul(optarg, NULL, 0);
			break;
		case 's':
			first = strtoul(optarg, NULL, 0);
			n = 1;
			break;
		case 'v':
			verbose = 1;
			break;
		case 't':
			always_trace = 1;
			break;
		default:
			usage();
		}
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	gettimeofday(&t0, NULL);
	for (unsigned long seed = first; seed < first + n; seed++) {
		int status;
		pid_t pid = fork();

		if (pid < 0) {
			perror("fork");
			return 2;
		}
		if (!pid) {
			int r = run_one(seed, !bad);

			fflush(stdout);
			_exit(r);
		}
		if (waitpid(pid, &status, 0) < 0) {
			perror("waitpid");
			return 2;
		}
		if (!WIFEXITED(status) || WEXITSTATUS(status)) {
			if (!WIFEXITED(status))
				printf("wmm: %s: seed %lu crashed (status %#x)\n",
				       wmm_test_name(), seed, status);
			if (!bad++)
				first_bad = seed;
		}
	}
	gettimeofday(&t1, NULL);
	printf("%s: wmm: %s: %lu seeds (%lu..%lu), %lu failed",
	       bad ? "FAIL" : "PASS", wmm_test_name(), n, first, first + n - 1, bad);
	if (bad)
		printf(" (first: seed %lu)", first_bad);
	printf(", %.1f s\n", (t1.tv_sec - t0.tv_sec) + (t1.tv_usec - t0.tv_usec) / 1e6);
	return bad ? 1 : 0;
}
