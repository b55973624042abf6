// SPDX-License-Identifier: GPL-2.0
/*
 * Debug objects: a table of tracked objects, by address, each with its
 * type and state (see <linux/debugobjects.h> for the API).
 *
 * The table hashes an object by the ODEBUG_CHUNK_SIZE-aligned chunk of
 * memory its address falls in, so that debug_check_no_obj_freed() looks
 * at one bucket per chunk of the freed range, never at the whole table.
 * Each bucket has its own lock.
 *
 * Trackers come from a pool: a static array for the first objects, then
 * kmalloc(GFP_ATOMIC), refilled before a bucket lock is taken, so that
 * the allocator is never entered with a debug-objects lock held (the
 * allocator's free path calls back into debug_check_no_obj_freed()).
 * Surplus trackers go back to kfree() in small batches, likewise with no
 * lock held, and never from inside the allocator's free path.  If the
 * pool runs dry, tracking turns itself off rather than report falsely.
 *
 * Reports are "ODEBUG: <operation> <state> ..." WARNING splats, printed
 * and followed by the type's fixup with no bucket lock held.
 */
#include <linux/kernel.h>
#include <linux/debugobjects.h>
#include <linux/errno.h>
#include <linux/hash.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <linux/hardirq.h>
#include <asm/arch.h>

#define ODEBUG_HASH_BITS	12
#define ODEBUG_HASH_SIZE	(1UL << ODEBUG_HASH_BITS)
#define ODEBUG_CHUNK_SHIFT	9
#define ODEBUG_CHUNK_SIZE	(1UL << ODEBUG_CHUNK_SHIFT)

#define ODEBUG_POOL_STATIC	128	/* before (and besides) kmalloc() */
#define ODEBUG_POOL_MIN		64	/* refill below this many free */
#define ODEBUG_POOL_REFILL	32	/* trackers per refill */
#define ODEBUG_POOL_MAX		1024	/* give surplus dynamic ones back */

/* Objects at most reported per bucket and pass of a free check. */
#define ODEBUG_FREE_REPORTS	4

struct debug_obj {
	struct debug_obj *next;
	void *addr;
	const struct debug_obj_descr *descr;
	enum debug_obj_state state;
	bool is_static;		/* from odebug_static_pool[] */
};

struct debug_bucket {
	spinlock_t lock;
	struct debug_obj *first;
};

static struct debug_bucket obj_hash[ODEBUG_HASH_SIZE];

static struct debug_obj odebug_static_pool[ODEBUG_POOL_STATIC];
static struct debug_obj *pool_static_free, *pool_dyn_free;
static unsigned int pool_static_count, pool_dyn_count;
static DEFINE_SPINLOCK(pool_lock);
static bool pool_trimming;

static bool odebug_enabled = true;
static bool odebug_initialized;
unsigned long debug_objects_nr_reports;

static const char * const obj_state_name[ODEBUG_STATE_MAX] = {
	[ODEBUG_STATE_NONE]		= "none",
	[ODEBUG_STATE_INIT]		= "initialized",
	[ODEBUG_STATE_INACTIVE]		= "inactive",
	[ODEBUG_STATE_ACTIVE]		= "active",
	[ODEBUG_STATE_DESTROYED]	= "destroyed",
	[ODEBUG_STATE_NOTAVAILABLE]	= "not available",
};

bool debug_objects_enabled(void)
{
	return READ_ONCE(odebug_enabled);
}

/* On first use: name the bucket locks, fill the pool from the static array. */
static void odebug_init_once(void)
{
	unsigned long flags;

	if (likely(smp_load_acquire(&odebug_initialized)))
		return;
	spin_lock_irqsave(&pool_lock, flags);
	if (!odebug_initialized) {
		for (unsigned long i = 0; i < ODEBUG_HASH_SIZE; i++)
			spin_lock_init(&obj_hash[i].lock);
		for (int i = 0; i < ODEBUG_POOL_STATIC; i++) {
			odebug_static_pool[i].is_static = true;
			odebug_static_pool[i].next = pool_static_free;
			pool_static_free = &odebug_static_pool[i];
		}
		pool_static_count = ODEBUG_POOL_STATIC;
		smp_store_release(&odebug_initialized, true);
	}
	spin_unlock_irqrestore(&pool_lock, flags);
}

/* NMIs must not take the locks: whatever they interrupted may hold them. */
static bool odebug_usable(void)
{
	if (!READ_ONCE(odebug_enabled) || in_nmi())
		return false;
	odebug_init_once();
	return true;
}

/* ---- the pool ---- */

/* Top the pool up from kmalloc().  No debug-objects lock is held. */
static void pool_fill(void)
{
	unsigned long flags;

	if (READ_ONCE(pool_static_count) + READ_ONCE(pool_dyn_count) >= ODEBUG_POOL_MIN)
		return;
	for (int i = 0; i < ODEBUG_POOL_REFILL; i++) {
		struct debug_obj *obj = kzalloc(sizeof(*obj), GFP_ATOMIC | __GFP_NOWARN);

		if (!obj)
			return;
		spin_lock_irqsave(&pool_lock, flags);
		obj->next = pool_dyn_free;
		pool_dyn_free = obj;
		pool_dyn_count++;
		spin_unlock_irqrestore(&pool_lock, flags);
	}
}

/* A tracker; the caller holds a bucket lock.  Static ones first. */
static struct debug_obj *pool_alloc(void)
{
	struct debug_obj *obj;

	spin_lock(&pool_lock);
	obj = pool_static_free;
	if (obj) {
		pool_static_free = obj->next;
		pool_static_count--;
	} else {
		obj = pool_dyn_free;
		if (obj) {
			pool_dyn_free = obj->next;
			pool_dyn_count--;
		}
	}
	spin_unlock(&pool_lock);
	return obj;
}

static void pool_free(struct debug_obj *obj)
{
	unsigned long flags;

	spin_lock_irqsave(&pool_lock, flags);
	if (obj->is_static) {
		obj->next = pool_static_free;
		pool_static_free = obj;
		pool_static_count++;
	} else {
		obj->next = pool_dyn_free;
		pool_dyn_free = obj;
		pool_dyn_count++;
	}
	spin_unlock_irqrestore(&pool_lock, flags);
}

/* Give one batch of dynamic trackers beyond ODEBUG_POOL_MAX back. */
static void pool_trim(void)
{
	struct debug_obj *batch = NULL, *obj;
	unsigned long flags;

	if (likely(READ_ONCE(pool_dyn_count) <= ODEBUG_POOL_MAX))
		return;
	/* One trimmer at a time. */
	if (__atomic_exchange_n(&pool_trimming, true, __ATOMIC_ACQUIRE))
		return;
	spin_lock_irqsave(&pool_lock, flags);
	for (int i = 0; i < ODEBUG_POOL_REFILL && pool_dyn_count > ODEBUG_POOL_MAX; i++) {
		obj = pool_dyn_free;
		pool_dyn_free = obj->next;
		pool_dyn_count--;
		obj->next = batch;
		batch = obj;
	}
	spin_unlock_irqrestore(&pool_lock, flags);
	while ((obj = batch)) {
		batch = obj->next;
		kfree(obj);
	}
	__atomic_store_n(&pool_trimming, false, __ATOMIC_RELEASE);
}

/*
 * Keep the pool between its marks, a bounded amount of work at a time.
 * Called on entry to the operations, with no debug-objects lock held.
 */
static void pool_maintain(void)
{
	pool_fill();
	pool_trim();
}

/* ---- the table ---- */

static struct debug_bucket *get_bucket(unsigned long addr)
{
	return &obj_hash[hash_long(addr >> ODEBUG_CHUNK_SHIFT, ODEBUG_HASH_BITS)];
}

static struct debug_obj *lookup_object(struct debug_bucket *db, void *addr)
{
	for (struct debug_obj *obj = db->first; obj; obj = obj->next)
		if (obj->addr == addr)
			return obj;
	return NULL;
}

static void unlink_object(struct debug_bucket *db, struct debug_obj *obj)
{
	struct debug_obj **pp = &db->first;

	while (*pp != obj)
		pp = &(*pp)->next;
	*pp = obj->next;
}

/* Track @addr in state NONE, the caller sets it.  Bucket locked. */
static struct debug_obj *alloc_object(struct debug_bucket *db, void *addr,
				      const struct debug_obj_descr *descr)
{
	struct debug_obj *obj = pool_alloc();

	if (!obj) {
		if (READ_ONCE(odebug_enabled)) {
			WRITE_ONCE(odebug_enabled, false);
			pr_warn("ODEBUG: out of memory: object tracking disabled\n");
		}
		return NULL;
	}
	obj->addr = addr;
	obj->descr = descr;
	obj->state = ODEBUG_STATE_NONE;
	obj->next = db->first;
	db->first = obj;
	return obj;
}

/*
 * The tracker for @addr as an object of type @descr.  A tracker left
 * behind by an object of another type whose memory was reused without a
 * free check (static memory, say) is taken over unless it is active: an
 * active one is a real object, and is reported under its own type.
 */
static struct debug_obj *lookup_typed(struct debug_bucket *db, void *addr,
				      const struct debug_obj_descr *descr)
{
	struct debug_obj *obj = lookup_object(db, addr);

	if (obj && obj->descr != descr && obj->state != ODEBUG_STATE_ACTIVE) {
		obj->descr = descr;
		obj->state = ODEBUG_STATE_NONE;
	}
	return obj;
}

/* ---- reports ---- */

static void odebug_count_report(const struct debug_obj_descr *descr)
{
	__atomic_fetch_add(&debug_objects_nr_reports, 1, __ATOMIC_RELAXED);
	if (descr->nr_reports)
		__atomic_fetch_add(descr->nr_reports, 1, __ATOMIC_RELAXED);
}

static void odebug_report(const char *op, void *addr,
			  const struct debug_obj_descr *descr,
			  enum debug_obj_state state)
{
	void *hint = descr->debug_hint ? descr->debug_hint(addr) : NULL;

	odebug_count_report(descr);
	printk(KERN_WARNING "------------[ cut here ]------------\n");
	printk(KERN_WARNING "WARNING: CPU: %u ODEBUG: %s %s (active state 0) object: %p object type: %s hint: %pS\n",
	       raw_smp_processor_id(), op, obj_state_name[state], addr,
	       descr->name, hint ? hint : addr);
	dump_stack();
	printk(KERN_WARNING "---[ end trace ]---\n");
}

static void odebug_report_on_stack(void *addr, const struct debug_obj_descr *descr)
{
	odebug_count_report(descr);
	printk(KERN_WARNING "------------[ cut here ]------------\n");
	printk(KERN_WARNING "WARNING: CPU: %u ODEBUG: object is on stack, but not annotated: object: %p object type: %s\n",
	       raw_smp_processor_id(), addr, descr->name);
	dump_stack();
	printk(KERN_WARNING "---[ end trace ]---\n");
}

static bool odebug_fixup(bool (*fixup)(void *addr, enum debug_obj_state state),
			 void *addr, enum debug_obj_state state)
{
	return fixup && fixup(addr, state);
}

static bool on_current_stack(const void *p)
{
	struct task_struct *t = current;
	unsigned long a = (unsigned long)p;

	return t && t->stack && a >= (unsigned long)t->stack &&
	       a < (unsigned long)t->stack + THREAD_SIZE;
}

/* ---- the operations ---- */

/* Start tracking a new object (state INIT), or re-initialize one. */
static void __debug_object_init(void *addr, const struct debug_obj_descr *descr,
				bool on_stack)
{
	struct debug_bucket *db = get_bucket((unsigned long)addr);
	enum debug_obj_state state;
	struct debug_obj *obj;
	unsigned long flags;
	bool bad_stack = false;

	if (!odebug_usable())
		return;
	pool_maintain();
	spin_lock_irqsave(&db->lock, flags);
	obj = lookup_typed(db, addr, descr);
	if (!obj || obj->state == ODEBUG_STATE_NONE) {
		if (!obj)
			obj = alloc_object(db, addr, descr);
		if (!obj) {
			spin_unlock_irqrestore(&db->lock, flags);
			return;
		}
		bad_stack = !on_stack && on_current_stack(addr);
	}
	state = obj->state;
	descr = obj->descr;
	switch (state) {
	case ODEBUG_STATE_NONE:
	case ODEBUG_STATE_INIT:
	case ODEBUG_STATE_INACTIVE:
		obj->state = ODEBUG_STATE_INIT;
		spin_unlock_irqrestore(&db->lock, flags);
		if (bad_stack)
			odebug_report_on_stack(addr, descr);
		return;
	default:	/* active or destroyed */
		spin_unlock_irqrestore(&db->lock, flags);
		odebug_report("init", addr, descr, state);
		odebug_fixup(descr->fixup_init, addr, state);
		return;
	}
}

void debug_object_init(void *addr, const struct debug_obj_descr *descr)
{
	__debug_object_init(addr, descr, false);
}

void debug_object_init_on_stack(void *addr, const struct debug_obj_descr *descr)
{
	__debug_object_init(addr, descr, true);
}

int debug_object_activate(void *addr, const struct debug_obj_descr *descr)
{
	struct debug_bucket *db = get_bucket((unsigned long)addr);
	enum debug_obj_state state;
	struct debug_obj *obj;
	unsigned long flags;
	bool bad_stack;

	if (!odebug_usable())
		return 0;
	pool_maintain();
	spin_lock_irqsave(&db->lock, flags);
	obj = lookup_typed(db, addr, descr);
	if (obj && obj->state != ODEBUG_STATE_NONE) {
		state = obj->state;
		switch (state) {
		case ODEBUG_STATE_INIT:
		case ODEBUG_STATE_INACTIVE:
			obj->state = ODEBUG_STATE_ACTIVE;
			spin_unlock_irqrestore(&db->lock, flags);
			return 0;
		default:	/* active or destroyed */
			descr = obj->descr;
			spin_unlock_irqrestore(&db->lock, flags);
			odebug_report("activate", addr, descr, state);
			if (state == ODEBUG_STATE_ACTIVE)
				odebug_fixup(descr->fixup_activate, addr, state);
			return -EINVAL;
		}
	}

	/* Untracked: legal only for an object that needs no init call. */
	if (!descr->is_static_object || !descr->is_static_object(addr)) {
		spin_unlock_irqrestore(&db->lock, flags);
		odebug_report("activate", addr, descr, ODEBUG_STATE_NOTAVAILABLE);
		odebug_fixup(descr->fixup_activate, addr, ODEBUG_STATE_NOTAVAILABLE);
		return -EINVAL;
	}
	if (!obj)
		obj = alloc_object(db, addr, descr);
	if (obj)
		obj->state = ODEBUG_STATE_ACTIVE;
	/* As debug_object_init() would: the stack needs the _on_stack form. */
	bad_stack = obj && on_current_stack(addr);
	spin_unlock_irqrestore(&db->lock, flags);
	if (bad_stack)
		odebug_report_on_stack(addr, descr);
	return 0;
}

void debug_object_deactivate(void *addr, const struct debug_obj_descr *descr)
{
	struct debug_bucket *db = get_bucket((unsigned long)addr);
	enum debug_obj_state state = ODEBUG_STATE_NOTAVAILABLE;
	struct debug_obj *obj;
	unsigned long flags;

	if (!odebug_usable())
		return;
	spin_lock_irqsave(&db->lock, flags);
	obj = lookup_typed(db, addr, descr);
	if (obj && obj->state != ODEBUG_STATE_NONE) {
		state = obj->state;
		descr = obj->descr;
		if (state != ODEBUG_STATE_DESTROYED) {
			obj->state = ODEBUG_STATE_INACTIVE;
			spin_unlock_irqrestore(&db->lock, flags);
			return;
		}
	}
	spin_unlock_irqrestore(&db->lock, flags);
	if (state == ODEBUG_STATE_NOTAVAILABLE && descr->is_static_object &&
	    descr->is_static_object(addr))
		return;
	odebug_report("deactivate", addr, descr, state);
}

void debug_object_destroy(void *addr, const struct debug_obj_descr *descr)
{
	struct debug_bucket *db = get_bucket((unsigned long)addr);
	enum debug_obj_state state;
	struct debug_obj *obj;
	unsigned long flags;

	if (!odebug_usable())
		return;
	spin_lock_irqsave(&db->lock, flags);
	obj = lookup_typed(db, addr, descr);
	if (!obj || obj->state == ODEBUG_STATE_NONE) {
		spin_unlock_irqrestore(&db->lock, flags);
		return;
	}
	state = obj->state;
	descr = obj->descr;
	switch (state) {
	case ODEBUG_STATE_INIT:
	case ODEBUG_STATE_INACTIVE:
		obj->state = ODEBUG_STATE_DESTROYED;
		spin_unlock_irqrestore(&db->lock, flags);
		return;
	default:	/* active or destroyed */
		spin_unlock_irqrestore(&db->lock, flags);
		odebug_report("destroy", addr, descr, state);
		if (state == ODEBUG_STATE_ACTIVE)
			odebug_fixup(descr->fixup_destroy, addr, state);
		return;
	}
}

/* Stop tracking @addr unless it is active.  Return: its state before. */
static enum debug_obj_state odebug_untrack(void *addr,
					   const struct debug_obj_descr **descrp)
{
	struct debug_bucket *db = get_bucket((unsigned long)addr);
	enum debug_obj_state state;
	struct debug_obj *obj;
	unsigned long flags;

	spin_lock_irqsave(&db->lock, flags);
	obj = lookup_object(db, addr);
	if (!obj) {
		spin_unlock_irqrestore(&db->lock, flags);
		return ODEBUG_STATE_NONE;
	}
	state = obj->state;
	*descrp = obj->descr;
	if (state != ODEBUG_STATE_ACTIVE)
		unlink_object(db, obj);
	spin_unlock_irqrestore(&db->lock, flags);
	if (state != ODEBUG_STATE_ACTIVE)
		pool_free(obj);
	return state;
}

void debug_object_free(void *addr, const struct debug_obj_descr *descr)
{
	if (!odebug_usable())
		return;
	pool_maintain();
	if (odebug_untrack(addr, &descr) != ODEBUG_STATE_ACTIVE)
		return;
	odebug_report("free", addr, descr, ODEBUG_STATE_ACTIVE);
	if (odebug_fixup(descr->fixup_free, addr, ODEBUG_STATE_ACTIVE))
		odebug_untrack(addr, &descr);
}

void debug_object_assert_init(void *addr, const struct debug_obj_descr *descr)
{
	struct debug_bucket *db = get_bucket((unsigned long)addr);
	struct debug_obj *obj;
	unsigned long flags;

	if (!odebug_usable())
		return;
	spin_lock_irqsave(&db->lock, flags);
	obj = lookup_typed(db, addr, descr);
	if (obj && obj->state != ODEBUG_STATE_NONE) {
		spin_unlock_irqrestore(&db->lock, flags);
		return;
	}
	spin_unlock_irqrestore(&db->lock, flags);
	if (descr->is_static_object && descr->is_static_object(addr)) {
		debug_object_init(addr, descr);
		return;
	}
	odebug_report("assert_init", addr, descr, ODEBUG_STATE_NOTAVAILABLE);
	odebug_fixup(descr->fixup_assert_init, addr, ODEBUG_STATE_NOTAVAILABLE);
}

enum debug_obj_state debug_object_get_state(void *addr)
{
	struct debug_bucket *db = get_bucket((unsigned long)addr);
	enum debug_obj_state state = ODEBUG_STATE_NONE;
	struct debug_obj *obj;
	unsigned long flags;

	if (!odebug_usable())
		return ODEBUG_STATE_NONE;
	spin_lock_irqsave(&db->lock, flags);
	obj = lookup_object(db, addr);
	if (obj)
		state = obj->state;
	spin_unlock_irqrestore(&db->lock, flags);
	return state;
}

/* ---- freed memory ---- */

/*
 * One bucket's share of a free check: untrack the objects in
 * [@start, @end) and report the active ones.
 */
static void check_bucket_freed(struct debug_bucket *db, unsigned long start,
			       unsigned long end)
{
	struct {
		void *addr;
		const struct debug_obj_descr *descr;
	} active[ODEBUG_FREE_REPORTS];
	struct debug_obj *freed = NULL, *obj, **pp;
	unsigned int nactive = 0;
	unsigned long flags;

	if (!READ_ONCE(db->first))
		return;
	spin_lock_irqsave(&db->lock, flags);
	pp = &db->first;
	while ((obj = *pp)) {
		unsigned long a = (unsigned long)obj->addr;

		if (a < start || a >= end) {
			pp = &obj->next;
			continue;
		}
		if (obj->state == ODEBUG_STATE_ACTIVE) {
			if (nactive < ODEBUG_FREE_REPORTS) {
				active[nactive].addr = obj->addr;
				active[nactive].descr = obj->descr;
				nactive++;
			}
			pp = &obj->next;
			continue;
		}
		*pp = obj->next;
		obj->next = freed;
		freed = obj;
	}
	spin_unlock_irqrestore(&db->lock, flags);

	while ((obj = freed)) {
		freed = obj->next;
		pool_free(obj);
	}
	for (unsigned int i = 0; i < nactive; i++) {
		const struct debug_obj_descr *descr = active[i].descr;

		odebug_report("free", active[i].addr, descr, ODEBUG_STATE_ACTIVE);
		if (odebug_fixup(descr->fixup_free, active[i].addr, ODEBUG_STATE_ACTIVE))
			odebug_untrack(active[i].addr, &descr);
	}
}

void debug_check_no_obj_freed(const void *address, unsigned long size)
{
	unsigned long start = (unsigned long)address, end = start + size;
	unsigned long chunk, last;

	if (!size || !odebug_usable())
		return;
	chunk = start >> ODEBUG_CHUNK_SHIFT;
	last = (end - 1) >> ODEBUG_CHUNK_SHIFT;
	if (last - chunk >= ODEBUG_HASH_SIZE) {
		/* A huge range: every bucket once is cheaper. */
		for (unsigned long i = 0; i < ODEBUG_HASH_SIZE; i++)
			check_bucket_freed(&obj_hash[i], start, end);
	} else {
		for (; chunk <= last; chunk++)
			check_bucket_freed(get_bucket(chunk << ODEBUG_CHUNK_SHIFT),
					   start, end);
	}
}
