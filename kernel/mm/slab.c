// SPDX-License-Identifier: GPL-2.0
/*
 * Slab allocator: kmem caches and kmalloc().
 *
 * A slab is a naturally aligned compound block of 2^order pages.  Its
 * objects are laid out from the start of the block at a fixed stride, so a
 * power-of-two sized object is aligned to its size; after them comes an
 * array of per-object metadata (struct slab_meta) holding the free-list
 * link and the object's state, and in debug builds the requested size and
 * the last allocation and free call sites.  Keeping the free-list link out
 * of the object means a write to a freed object can never corrupt the
 * allocator, and every object has a state tag that catches double and
 * invalid frees.
 *
 * A cache's slabs are split by home: every slab belongs to the CPU that
 * created it (struct kmem_cache_node, page->slab_home), and each home
 * has its own spinlock (taken with interrupts disabled) over its slab
 * lists: "partial" holds slabs with free objects (empty ones at the
 * tail), "full" the others.  A CPU refills from its own home's slabs,
 * and an object always goes back to its slab's home, so objects
 * allocated and freed on one CPU (the common case, callbacks included)
 * never take a lock that another CPU wants: no lock is shared by all
 * CPUs on any path.  A few empty slabs per home are kept, more go back
 * to the page allocator.  The head page's struct page records the
 * cache, the home, the free-list head and the number of objects not on
 * it.
 *
 * In front of the slabs, every CPU has a small stack of free objects per
 * cache (struct kmem_cache_cpu), refilled from and flushed to the slabs
 * in batches, so that most allocations and frees touch only this CPU's
 * data.  Only its own CPU touches it, with interrupts disabled: no lock
 * and no atomic instruction on the fast paths.  Draining the stacks
 * (kmem_cache_shrink/destroy) runs on each online CPU by IPI; a CPU
 * that goes offline has its stacks drained once it is dead.  Lock
 * order: one kmem_cache_node.lock at a time, then the page allocator's.
 *
 * An object's state tag says whether a user holds it (OBJ_ALLOC) or not
 * (OBJ_FREE: on a CPU stack or a slab free list); freeing an object that
 * is not allocated is reported and ignored.  With CONFIG_DEBUG_KMALLOC,
 * kfree() flips the tag with a compare-and-exchange, so that of two
 * frees of one object racing on two CPUs exactly one wins; without it a
 * plain load and store do, which catches every double free but such a
 * race.
 *
 * kmalloc() uses caches of 8 to 4096 bytes; larger requests get a
 * compound page block flagged PG_large_kmalloc.
 *
 * SLAB_TYPESAFE_BY_RCU: an empty slab beyond the one kept goes back to the
 * page allocator only after a grace period (call_rcu() on its head page),
 * so a reader under rcu_read_lock() may look at a freed object, which
 * stays an object of the cache.  In debug builds such an object's bytes
 * after its first s->keep (the fields lockless readers check, see
 * kmem_cache_create_typesafe()) are poisoned like any other's.
 */

#define pr_fmt(fmt) "slab: " fmt

#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/list.h>
#include <linux/atomic.h>
#include <linux/smp.h>
#include <linux/cpumask.h>
#include <linux/cpuhotplug.h>
#include <linux/init.h>
#include <linux/debugobjects.h>
#include <linux/rcupdate.h>

#include "internal.h"

#ifdef CONFIG_DEBUG_KMALLOC
#define SLAB_DEBUG	1
#else
#define SLAB_DEBUG	0
#endif

#define OBJ_FREE	0xf7
#define OBJ_ALLOC	0xa1
#define FREELIST_END	0xffff
#define SLAB_MAX_ORDER	3
#define SLAB_MIN_OBJECTS 8
#define CACHE_NAME_LEN	32

/**
 * struct slab_meta - out-of-line metadata of one slab object
 * @next: index of the next free object while free, else FREELIST_END
 * @state: OBJ_FREE or OBJ_ALLOC
 * @req_size: debug: bytes asked of kmalloc(); beyond it is a red zone
 * @alloc_ip: debug: caller of the last allocation
 * @free_ip: debug: caller of the last free
 */
struct slab_meta {
	u16 next;
	u8 state;
	u8 pad;
#ifdef CONFIG_DEBUG_KMALLOC
	u32 req_size;
	unsigned long alloc_ip;
	unsigned long free_ip;
#endif
};

/*
 * A CPU stack holds up to CPU_CACHE_BYTES of objects, at least
 * CPU_CACHE_MIN (or a slab's worth) and at most CPU_CACHE_MAX of them.
 * A kfree_rcu() array of small objects (kfree_bulk()) then fits whole,
 * even beside a fresh refill, and its objects serve the next allocations
 * on the CPU without a trip through the slab lists and their lock.
 */
#define CPU_CACHE_BYTES	(32 * 1024)
#define CPU_CACHE_MIN	8U
#define CPU_CACHE_MAX	1024U
#define CPU_CACHE_ALIGN	64U	/* each CPU's stack on its own cache lines */

/*
 * Empty slabs a home keeps rather than giving them back: a cache's
 * CACHE_EMPTY_BYTES shared among its homes, but at least NODE_EMPTY_BYTES
 * and one slab each.  A CPU that frees a grace period's worth of objects
 * (a kfree_rcu() batch is freed at once) and then allocates as many
 * again reuses them without the page allocator, whose single zone lock
 * all CPUs would otherwise queue on; on many CPUs, where a grace
 * period's worth per CPU is smaller, the total stays bounded.
 */
#define NODE_EMPTY_BYTES	(64 * 1024)
#define CACHE_EMPTY_BYTES	(2 * 1024 * 1024)

/**
 * struct kmem_cache_node - the slabs of a cache whose home is one CPU
 * @lock: protects the lists, these slabs' free lists and the counters
 * @partial: slabs with at least one free object
 * @full: slabs with none
 * @nr_slabs: slabs held
 * @nr_empty: slabs with no object in use
 * @nr_refills: CPU stacks refilled from these slabs
 * @nr_flushes: CPU stacks flushed back to them
 */
struct kmem_cache_node {
	spinlock_t lock;
	struct list_head partial;
	struct list_head full;
	unsigned long nr_slabs;
	unsigned long nr_empty;
	unsigned long nr_refills;
	unsigned long nr_flushes;
};

/**
 * struct kmem_cache_cpu - one CPU's stack of free objects of a cache, and
 *	the slabs whose home it is
 * @node: the slabs; any CPU may take @node.lock
 * @avail: number of objects in @objs
 * @inuse: objects allocated on this CPU minus those freed on it: with
 *	kmem_cache.inuse, the cache's count, kept without a shared atomic
 * @objs: free objects, most recently freed last; kmem_cache.cpu_limit
 *	entries
 */
struct kmem_cache_cpu {
	struct kmem_cache_node node;
	unsigned int avail;
	long inuse;
	void *objs[];
};

/**
 * struct kmem_cache - a cache of equally sized objects
 * @name: for reports and statistics
 * @object_size: size asked for at creation
 * @size: stride between objects (object_size rounded up to @align)
 * @align: object alignment
 * @order: page order of each slab
 * @slab_mask: ~(bytes of a slab - 1): slabs are buddy blocks, naturally
 *	aligned, so an object's address masked gives its slab's start
 * @objects: objects per slab
 * @meta_offset: offset of the slab_meta array in a slab
 * @flags: SLAB_* creation flags
 * @poison: poison free objects (debug, no ctor, something past @keep)
 * @keep: bytes at the start of an object that are never poisoned
 * @kmalloc: one of the kmalloc() size classes (red zones apply)
 * @ctor: called on every object when its slab is created
 * @inuse: objects held by users, but for the CPU stacks' counts
 * @size_recip: ceil(2^32 / @size): offset to index without a division
 * @cpu_slab: per-CPU object stacks and homes, @nr_cpus of them,
 *	@cpu_stride apart
 * @nr_cpus: entries in @cpu_slab (nr_cpu_ids at creation)
 * @cpu_stride: bytes from one CPU's stack to the next (whole cache lines)
 * @cpu_limit: objects a CPU stack holds at most
 * @batch: objects moved at once between a CPU stack and the slabs
 * @node_empty_max: empty slabs each home keeps
 * @list: link in slab_caches
 */
struct kmem_cache {
	char name[CACHE_NAME_LEN];
	unsigned int object_size;
	unsigned int size;
	unsigned int align;
	unsigned int order;
	unsigned long slab_mask;
	unsigned int objects;
	unsigned int meta_offset;
	slab_flags_t flags;
	bool poison;
	bool kmalloc;
	unsigned int keep;
	void (*ctor)(void *obj);
	atomic_long_t inuse;
	u32 size_recip;
	void *cpu_slab;
	unsigned int nr_cpus;
	unsigned int cpu_stride;
	unsigned int cpu_limit;
	unsigned int batch;
	unsigned int node_empty_max;
	atomic_long_t rcu_pending;	/* typesafe slabs waiting for a grace period */
	atomic_long_t rcu_freed;	/* ... and given back after one */
	struct list_head list;
};

atomic_t kmalloc_debug_reports = ATOMIC_INIT(0);

static const unsigned int kmalloc_sizes[] = { KMALLOC_SIZES };
#define NR_KMALLOC_CACHES	ARRAY_SIZE(kmalloc_sizes)

static struct kmem_cache kmalloc_caches[NR_KMALLOC_CACHES];
static LIST_HEAD(slab_caches);
static DEFINE_SPINLOCK(slab_caches_lock);
static bool slab_ready;

static atomic_long_t large_kmalloc_allocs = ATOMIC_INIT(0);
static atomic_long_t large_kmalloc_pages = ATOMIC_INIT(0);

/* End of every allocator "BUG:" report: count it, show the stack. */
void mm_report_end(void)
{
	atomic_inc(&kmalloc_debug_reports);
	dump_stack();
}

static inline void *slab_base(struct page *page)
{
	return page_address(page);
}

static inline struct slab_meta *slab_meta(struct kmem_cache *s, struct page *page,
					  unsigned int idx)
{
	return (struct slab_meta *)((char *)slab_base(page) + s->meta_offset) + idx;
}

static inline void *slab_obj(struct kmem_cache *s, struct page *page, unsigned int idx)
{
	return (char *)slab_base(page) + (unsigned long)idx * s->size;
}

/*
 * The start of the slab of @s that holds @obj, from the address alone
 * (slab_base() of its head page, without the struct page arithmetic).
 */
static inline unsigned long obj_slab_start(struct kmem_cache *s, const void *obj)
{
	return (unsigned long)obj & s->slab_mask;
}

/* The slab_meta of object @idx in the slab of @s that holds @obj. */
static inline struct slab_meta *obj_meta(struct kmem_cache *s, const void *obj,
					 unsigned int idx)
{
	return (struct slab_meta *)(obj_slab_start(s, obj) + s->meta_offset) + idx;
}

static void meta_set_alloc(struct slab_meta *m, unsigned int req, unsigned long ip)
{
#ifdef CONFIG_DEBUG_KMALLOC
	m->req_size = req;
	m->alloc_ip = ip;
#endif
}

static unsigned int meta_req_size(struct kmem_cache *s, struct slab_meta *m)
{
#ifdef CONFIG_DEBUG_KMALLOC
	return m->req_size;
#else
	return s->object_size;
#endif
}

static unsigned long meta_alloc_ip(struct slab_meta *m)
{
#ifdef CONFIG_DEBUG_KMALLOC
	return m->alloc_ip;
#else
	return 0;
#endif
}

static unsigned long meta_free_ip(struct slab_meta *m)
{
#ifdef CONFIG_DEBUG_KMALLOC
	return m->free_ip;
#else
	return 0;
#endif
}

/* Choose slab order and object count for @s; false if nothing fits. */
static bool calculate_layout(struct kmem_cache *s)
{
	unsigned int order, n = 0;

	for (order = 0; order <= SLAB_MAX_ORDER; order++) {
		unsigned long bytes = PAGE_SIZE << order;

		n = bytes / (s->size + sizeof(struct slab_meta));
		while (n && ALIGN((unsigned long)n * s->size, 8UL) +
			    n * sizeof(struct slab_meta) > bytes)
			n--;
		if (n >= SLAB_MIN_OBJECTS)
			break;
	}
	if (order > SLAB_MAX_ORDER)
		order = SLAB_MAX_ORDER;
	if (!n)
		return false;
	s->order = order;
	s->slab_mask = ~((PAGE_SIZE << order) - 1);
	s->objects = min(n, (unsigned int)FREELIST_END - 1);
	s->meta_offset = ALIGN(s->objects * s->size, 8U);
	return true;
}

static inline struct kmem_cache_cpu *cpu_cache(struct kmem_cache *s, unsigned int cpu)
{
	return (struct kmem_cache_cpu *)((char *)s->cpu_slab + cpu * s->cpu_stride);
}

/* Per-CPU stacks: more objects for small sizes, fewer for large ones. */
static bool alloc_cpu_caches(struct kmem_cache *s)
{
	unsigned int cpu;

	BUILD_BUG_ON(NR_CPUS > U16_MAX + 1);	/* page->slab_home */
	/* Not bounded by a slab's objects: a refill takes from several. */
	s->cpu_limit = clamp(CPU_CACHE_BYTES / s->size, min(CPU_CACHE_MIN, s->objects),
			     CPU_CACHE_MAX);
	s->batch = max(s->cpu_limit / 2, 1U);
	s->cpu_stride = ALIGN(sizeof(struct kmem_cache_cpu) + s->cpu_limit * sizeof(void *),
			      CPU_CACHE_ALIGN);
	s->nr_cpus = nr_cpu_ids ? nr_cpu_ids : 1;
	s->node_empty_max = max(max_t(unsigned long, NODE_EMPTY_BYTES,
				      CACHE_EMPTY_BYTES / s->nr_cpus) >> (PAGE_SHIFT + s->order),
				1UL);
	s->cpu_slab = alloc_pages_exact(s->nr_cpus * s->cpu_stride, GFP_KERNEL | __GFP_ZERO);
	if (!s->cpu_slab)
		return false;
	for (cpu = 0; cpu < s->nr_cpus; cpu++) {
		struct kmem_cache_node *n = &cpu_cache(s, cpu)->node;

		spin_lock_init(&n->lock);
		INIT_LIST_HEAD(&n->partial);
		INIT_LIST_HEAD(&n->full);
	}
	return true;
}

/* Objects of @s in use: exact when nothing allocates or frees meanwhile. */
static long cache_inuse(struct kmem_cache *s)
{
	long n = atomic_long_read(&s->inuse);
	unsigned int cpu;

	for (cpu = 0; cpu < s->nr_cpus; cpu++)
		n += READ_ONCE(cpu_cache(s, cpu)->inuse);
	return n;
}

static void free_cpu_caches(struct kmem_cache *s)
{
	free_pages_exact(s->cpu_slab, s->nr_cpus * s->cpu_stride);
	s->cpu_slab = NULL;
}

static bool init_cache(struct kmem_cache *s, const char *name, unsigned int size,
		       unsigned int align, slab_flags_t flags, unsigned int keep,
		       void (*ctor)(void *))
{
	strscpy(s->name, name, sizeof(s->name));
	if (align < ARCH_SLAB_MINALIGN)
		align = ARCH_SLAB_MINALIGN;
	if ((flags & SLAB_HWCACHE_ALIGN) && size > 32 && align < 64)
		align = 64;
	if (align & (align - 1))
		return false;
	s->object_size = size;
	s->align = align;
	s->size = ALIGN(size, align);
	s->size_recip = s->size ? (u32)(((1ULL << 32) + s->size - 1) / s->size) : 0;
	s->flags = flags;
	s->ctor = ctor;
	s->keep = min(keep, s->size);
	s->poison = SLAB_DEBUG && !ctor && !(flags & SLAB_NO_DEBUG) && s->keep < s->size;
	atomic_long_set(&s->inuse, 0);
	if (!size || !calculate_layout(s))
		return false;
	return alloc_cpu_caches(s);
}

static void add_cache(struct kmem_cache *s)
{
	unsigned long flags;

	spin_lock_irqsave(&slab_caches_lock, flags);
	list_add_tail(&s->list, &slab_caches);
	spin_unlock_irqrestore(&slab_caches_lock, flags);
}

/* Called at the end of page_alloc_init(), on one CPU. */
void kmalloc_caches_init(void)
{
	unsigned int i;

	if (kmalloc_sizes[NR_KMALLOC_CACHES - 1] != KMALLOC_MAX_CACHE_SIZE)
		panic("slab: the largest kmalloc class is not KMALLOC_MAX_CACHE_SIZE");
	for (i = 0; i < NR_KMALLOC_CACHES; i++) {
		struct kmem_cache *s = &kmalloc_caches[i];
		char name[CACHE_NAME_LEN];

		/* kmalloc_index() must agree with the table, at both ends of a class. */
		if (kmalloc_index(kmalloc_sizes[i]) != i ||
		    (i && kmalloc_index(kmalloc_sizes[i - 1] + 1) != i))
			panic("slab: kmalloc_index() disagrees with class %u", i);

		snprintf(name, sizeof(name), "kmalloc-%u", kmalloc_sizes[i]);
		if (!init_cache(s, name, kmalloc_sizes[i], 0, 0, 0, NULL))
			panic("slab: cannot set up %s", name);
		s->kmalloc = true;
		add_cache(s);
	}
	slab_ready = true;
}

/*
 * A fresh slab for @s, every object free (and poisoned or constructed);
 * its home is set when it is added to one.
 */
static struct page *new_slab(struct kmem_cache *s, gfp_t gfp, unsigned long ip)
{
	unsigned int i, n = s->objects;
	struct slab_meta *meta;
	struct page *page;
	void *base;

	gfp &= ~__GFP_ZERO;
	page = __alloc_pages_ip(gfp | __GFP_COMP, s->order, ip);
	if (!page)
		return NULL;
	base = slab_base(page);
	meta = (struct slab_meta *)((char *)base + s->meta_offset);
	/* Assignments, not a memset() call per object. */
	for (i = 0; i + 1 < n; i++)
		meta[i] = (struct slab_meta) { .next = i + 1, .state = OBJ_FREE };
	meta[n - 1] = (struct slab_meta) { .next = FREELIST_END, .state = OBJ_FREE };
	if (s->poison)
		memset(base, POISON_FREE, (unsigned long)s->objects * s->size);
	if (s->ctor)
		for (i = 0; i < s->objects; i++)
			s->ctor(slab_obj(s, page, i));
	page->slab_cache = s;
	page->freelist = 0;
	page->inuse = 0;
	page->objects = s->objects;
	__SetPageSlab(page);
	return page;
}

static void discard_slab(struct kmem_cache *s, struct page *page)
{
	__ClearPageSlab(page);
	page->slab_cache = NULL;
	__free_pages_ip(page, s->order, _THIS_IP_);
}

static void report_poison(struct kmem_cache *s, void *obj, const u8 *bad,
			  struct slab_meta *m, unsigned long ip)
{
	printk(KERN_ERR "BUG: poison overwritten in %s object 0x%lx: byte at offset %lu is 0x%02x, expected 0x%02x\n",
	       s->name, (unsigned long)obj, (unsigned long)(bad - (const u8 *)obj),
	       *bad, POISON_FREE);
	printk(KERN_ERR "  (use after free) last allocated by %pS, freed by %pS; now allocated by %pS\n",
	       (void *)meta_alloc_ip(m), (void *)meta_free_ip(m), (void *)ip);
	mm_report_end();
}

/* Object @obj of @s: its slab's head page and its index there. */
static inline struct page *obj_slab(const void *obj)
{
	return compound_head(virt_to_page(obj));
}

/*
 * @off / s->size.  Exact while @off * s->size < 2^32: offsets stay within
 * a slab (32 KiB at most) and objects within 16 KiB.
 */
static inline unsigned int offset_index(struct kmem_cache *s, unsigned long off)
{
	return (unsigned int)(((u64)off * s->size_recip) >> 32);
}

static inline unsigned int obj_index(struct kmem_cache *s, const void *obj)
{
	return offset_index(s, (unsigned long)obj - obj_slab_start(s, obj));
}

/* The home of slabs whose CPU has no stack of its own. */
static inline unsigned int cpu_home(struct kmem_cache *s, unsigned int cpu)
{
	return likely(cpu < s->nr_cpus) ? cpu : 0;
}

static inline struct kmem_cache_node *cache_node(struct kmem_cache *s, unsigned int home)
{
	return &cpu_cache(s, home)->node;
}

/* Take up to @n free objects off the slabs of home @nd.  nd->lock held. */
static unsigned int slabs_take(struct kmem_cache *s, struct kmem_cache_node *nd,
			       void **objs, unsigned int n)
{
	unsigned int got = 0;

	/* A slab on the partial list has a free object; take all it has. */
	while (got < n && !list_empty(&nd->partial)) {
		struct page *page = list_first_entry(&nd->partial, struct page, lru);
		char *base = slab_base(page);
		struct slab_meta *meta = (struct slab_meta *)(base + s->meta_offset);
		unsigned int idx = page->freelist, taken = 0;

		if (!page->inuse)
			nd->nr_empty--;
		do {
			struct slab_meta *m = &meta[idx];

			objs[got++] = base + (unsigned long)idx * s->size;
			taken++;
			idx = m->next;
			m->next = FREELIST_END;
		} while (got < n && idx != FREELIST_END);
		page->freelist = idx;
		page->inuse += taken;
		if (page->inuse == page->objects)
			list_move(&page->lru, &nd->full);
	}
	return got;
}

/*
 * Put @n free objects back on their slabs, each under its home's lock
 * (taken here, one at a time; interrupts disabled).  Slabs that become
 * empty are kept (node_empty_max per home) or moved to @discard, which
 * the caller frees after dropping the locks.
 */
static void slabs_put(struct kmem_cache *s, void **objs, unsigned int n,
		      struct list_head *discard)
{
	struct kmem_cache_node *nd = NULL;
	struct slab_meta *meta = NULL;
	struct page *page = NULL;
	unsigned long start = 0;
	unsigned int i;

	for (i = 0; i < n; i++) {
		unsigned long off = (unsigned long)objs[i] - start;
		unsigned int idx;
		struct slab_meta *m;

		/* Objects freed in a row often share a slab, and so a home. */
		if (off & s->slab_mask) {
			struct kmem_cache_node *home;

			start = obj_slab_start(s, objs[i]);
			off = (unsigned long)objs[i] - start;
			meta = (struct slab_meta *)(start + s->meta_offset);
			page = obj_slab(objs[i]);
			home = cache_node(s, page->slab_home);
			if (home != nd) {
				if (nd)
					spin_unlock(&nd->lock);
				nd = home;
				spin_lock(&nd->lock);
			}
		}
		idx = offset_index(s, off);
		m = &meta[idx];
		m->next = page->freelist;
		page->freelist = idx;
		if (page->inuse == page->objects)
			list_move(&page->lru, &nd->partial);
		if (--page->inuse)
			continue;
		if (nd->nr_empty >= s->node_empty_max) {
			list_move(&page->lru, discard);
			nd->nr_slabs--;
		} else {
			nd->nr_empty++;
			list_move_tail(&page->lru, &nd->partial);
		}
	}
	if (nd)
		spin_unlock(&nd->lock);
}

static void discard_slab_rcu(struct rcu_head *head)
{
	struct page *page = container_of(head, struct page, rcu_head);
	struct kmem_cache *s = page->slab_cache;

	discard_slab(s, page);
	atomic_long_inc(&s->rcu_freed);
	atomic_long_dec(&s->rcu_pending);
}

/* Give empty slabs back; a typesafe cache's only after a grace period. */
static void __discard_slabs(struct kmem_cache *s, struct list_head *discard)
{
	struct page *page, *next;

	list_for_each_entry_safe(page, next, discard, lru) {
		list_del(&page->lru);
		if (s->flags & SLAB_TYPESAFE_BY_RCU) {
			atomic_long_inc(&s->rcu_pending);
			call_rcu(&page->rcu_head, discard_slab_rcu);
		} else {
			discard_slab(s, page);
		}
	}
}

/* Nothing to give back is the common case: no call for it. */
static __always_inline void discard_slabs(struct kmem_cache *s, struct list_head *discard)
{
	if (unlikely(!list_empty(discard)))
		__discard_slabs(s, discard);
}

/* This CPU's object stack of @s; interrupts disabled. */
static inline struct kmem_cache_cpu *this_cpu_cache(struct kmem_cache *s)
{
	unsigned int cpu = raw_smp_processor_id();

	return likely(cpu < s->nr_cpus) ? cpu_cache(s, cpu) : NULL;
}

/* A free object when this CPU's stack is empty, or it has no stack. */
static noinline void *get_free_object_slow(struct kmem_cache *s)
{
	struct kmem_cache_cpu *c;
	unsigned long flags;
	void *obj = NULL;

	local_irq_save(flags);
	c = this_cpu_cache(s);
	if (unlikely(!c)) {
		struct kmem_cache_node *nd = cache_node(s, 0);

		spin_lock(&nd->lock);
		if (slabs_take(s, nd, &obj, 1))
			atomic_long_inc(&s->inuse);
		spin_unlock(&nd->lock);
	} else {
		if (!c->avail) {
			spin_lock(&c->node.lock);
			c->avail = slabs_take(s, &c->node, c->objs, s->batch);
			c->node.nr_refills++;
			spin_unlock(&c->node.lock);
		}
		if (c->avail) {
			obj = c->objs[--c->avail];
			c->inuse++;
		}
	}
	local_irq_restore(flags);
	return obj;
}

/*
 * Get a free object off this CPU's stack; NULL if it is empty (then
 * get_free_object_slow()).
 */
static __always_inline void *get_free_object(struct kmem_cache *s)
{
	struct kmem_cache_cpu *c;
	unsigned long flags;
	void *obj = NULL;

	local_irq_save(flags);
	c = this_cpu_cache(s);
	if (likely(c && c->avail)) {
		obj = c->objs[--c->avail];
		c->inuse++;
	}
	local_irq_restore(flags);
	return obj;
}

/* put_free_object() with this CPU's stack full, or no stack. */
static noinline void put_free_object_slow(struct kmem_cache *s, void *obj)
{
	struct kmem_cache_cpu *c;
	unsigned long flags;
	LIST_HEAD(discard);

	local_irq_save(flags);
	c = this_cpu_cache(s);
	if (unlikely(!c)) {
		slabs_put(s, &obj, 1, &discard);
		atomic_long_dec(&s->inuse);
	} else {
		c->inuse--;
		if (c->avail >= s->cpu_limit) {
			/*
			 * Flush the most recently freed: the stack stays in
			 * place, with no copy of what is kept.
			 */
			c->avail -= s->batch;
			slabs_put(s, c->objs + c->avail, s->batch, &discard);
			c->node.nr_flushes++;
		}
		c->objs[c->avail++] = obj;
	}
	local_irq_restore(flags);
	discard_slabs(s, &discard);
}

/* Give back a free object to this CPU's stack, flushing a batch if full. */
static __always_inline void put_free_object(struct kmem_cache *s, void *obj)
{
	struct kmem_cache_cpu *c;
	unsigned long flags;

	local_irq_save(flags);
	c = this_cpu_cache(s);
	if (likely(c && c->avail < s->cpu_limit)) {
		c->inuse--;
		c->objs[c->avail++] = obj;
		local_irq_restore(flags);
		return;
	}
	local_irq_restore(flags);
	put_free_object_slow(s, obj);
}

/*
 * Give back @n free objects of @s at once: what this CPU's stack has no
 * room for goes straight to the slabs.
 */
static void put_free_objects(struct kmem_cache *s, void **objs, unsigned int n)
{
	struct kmem_cache_cpu *c;
	unsigned int room, spill;
	unsigned long flags;
	LIST_HEAD(discard);

	local_irq_save(flags);
	c = this_cpu_cache(s);
	if (unlikely(!c)) {
		slabs_put(s, objs, n, &discard);
		atomic_long_sub(n, &s->inuse);
	} else {
		c->inuse -= n;
		room = s->cpu_limit - c->avail;
		spill = n > room ? n - room : 0;
		if (spill) {
			slabs_put(s, objs, spill, &discard);
			c->node.nr_flushes++;
		}
		memcpy(c->objs + c->avail, objs + spill, (n - spill) * sizeof(void *));
		c->avail += n - spill;
	}
	local_irq_restore(flags);
	discard_slabs(s, &discard);
}

/*
 * Flush @cpu's stack of @s back to the slabs; the slabs that become empty
 * go to @discard.  Interrupts disabled, on @cpu itself or with @cpu
 * offline.
 */
static void drain_cpu_cache(struct kmem_cache *s, unsigned int cpu,
			    struct list_head *discard)
{
	struct kmem_cache_cpu *c = cpu_cache(s, cpu);

	slabs_put(s, c->objs, c->avail, discard);
	c->avail = 0;
}

struct drain_arg {
	struct kmem_cache *s;
	spinlock_t lock;		/* protects @discard */
	struct list_head discard;
};

/* IPI (or the caller, interrupts off): drain this CPU's stack. */
static void drain_this_cpu(void *info)
{
	struct drain_arg *a = info;
	unsigned int cpu = raw_smp_processor_id();
	LIST_HEAD(discard);

	if (cpu >= a->s->nr_cpus)
		return;
	drain_cpu_cache(a->s, cpu, &discard);
	spin_lock(&a->lock);
	list_splice(&discard, &a->discard);
	spin_unlock(&a->lock);
}

/*
 * Flush every online CPU's stack of @s back to the slabs, each CPU its
 * own, by IPI (spinning, never sleeping: callers may be in an RCU
 * reader).  Offline CPUs' stacks were drained when they died.
 */
static void drain_cpu_caches(struct kmem_cache *s)
{
	struct drain_arg a = { .s = s };

	spin_lock_init(&a.lock);
	INIT_LIST_HEAD(&a.discard);
	on_each_cpu(drain_this_cpu, &a, true);
	discard_slabs(s, &a.discard);
}

/*
 * CPU hotplug, after @cpu died (on a surviving CPU): give the objects of
 * its stacks back.  Its dying steps may have freed objects after it
 * stopped taking IPIs, so this is the last word on its stacks.
 */
static int slab_dead_cpu(unsigned int cpu)
{
	unsigned long flags;
	struct kmem_cache *s;
	LIST_HEAD(discard);

	spin_lock_irqsave(&slab_caches_lock, flags);
	list_for_each_entry(s, &slab_caches, list) {
		if (cpu >= s->nr_cpus)
			continue;
		drain_cpu_cache(s, cpu, &discard);
		discard_slabs(s, &discard);
	}
	spin_unlock_irqrestore(&slab_caches_lock, flags);
	return 0;
}

/*
 * Nothing free for this CPU: a new slab, homed here.  One object for the
 * caller and, if this CPU's stack is still empty, a batch for it.
 */
static void *alloc_new_slab(struct kmem_cache *s, gfp_t gfp, unsigned long ip)
{
	struct kmem_cache_node *nd;
	struct kmem_cache_cpu *c;
	unsigned int home;
	unsigned long flags;
	struct page *page;
	void *obj;

	page = new_slab(s, gfp, ip);
	if (!page)
		return NULL;
	local_irq_save(flags);
	home = cpu_home(s, raw_smp_processor_id());
	c = this_cpu_cache(s);
	nd = cache_node(s, home);
	page->slab_home = home;
	spin_lock(&nd->lock);
	list_add_tail(&page->lru, &nd->partial);
	nd->nr_slabs++;
	nd->nr_empty++;
	slabs_take(s, nd, &obj, 1);
	if (c && !c->avail) {
		c->avail = slabs_take(s, nd, c->objs, s->batch);
		nd->nr_refills++;
	}
	spin_unlock(&nd->lock);
	local_irq_restore(flags);
	atomic_long_inc(&s->inuse);
	return obj;
}

/* Zeroing, poison checks and red zones of a new allocation. */
static noinline void *slab_alloc_fill(struct kmem_cache *s, void *obj, struct slab_meta *m,
				      gfp_t gfp, size_t req, unsigned long ip)
{
	u8 *bad;

	if (s->poison) {
		bad = memchr_inv((char *)obj + s->keep, POISON_FREE, s->size - s->keep);
		if (unlikely(bad))
			report_poison(s, obj, bad, m, ip);
	}
	if (gfp & __GFP_ZERO) {
		memset(obj, 0, s->object_size);
		req = s->object_size;
		meta_set_alloc(m, req, ip);
	} else if (s->poison && req > s->keep) {
		/* Readers of a typesafe object may still check what is kept. */
		memset((char *)obj + s->keep, POISON_INUSE, req - s->keep);
	}
	if (s->poison && req < s->size)
		memset((char *)obj + req, SLUB_RED_ACTIVE, s->size - req);
	return obj;
}

/* The object is ours now: checking and filling it needs no lock. */
static __always_inline void *slab_alloc_finish(struct kmem_cache *s, void *obj, gfp_t gfp,
					       size_t req, unsigned long ip)
{
	struct slab_meta *m = obj_meta(s, obj, obj_index(s, obj));

	meta_set_alloc(m, req, ip);
	WRITE_ONCE(m->state, OBJ_ALLOC);
	if (unlikely(s->poison || (gfp & __GFP_ZERO)))
		return slab_alloc_fill(s, obj, m, gfp, req, ip);
	return obj;
}

/* No free object on this CPU's stack: the slabs, or a new slab. */
static noinline void *slab_alloc_slow(struct kmem_cache *s, gfp_t gfp, size_t req,
				      unsigned long ip)
{
	void *obj = get_free_object_slow(s);

	if (!obj) {
		obj = alloc_new_slab(s, gfp, ip);
		if (!obj)
			return NULL;
	}
	return slab_alloc_finish(s, obj, gfp, req, ip);
}

/*
 * The fast path takes an object off this CPU's stack; everything else is
 * out of line, so that it needs no registers saved.
 */
static __always_inline void *slab_alloc(struct kmem_cache *s, gfp_t gfp, size_t req,
					unsigned long ip)
{
	void *obj;

	/* Cache locks may be held by the code the NMI interrupted. */
	if (WARN_ON_ONCE(in_nmi()))
		return NULL;
	obj = get_free_object(s);
	if (unlikely(!obj))
		return slab_alloc_slow(s, gfp, req, ip);
	return slab_alloc_finish(s, obj, gfp, req, ip);
}

/*
 * Check @obj against its slab; return its index, or -1 after printing
 * nothing (the caller reports).
 */
static int slab_obj_index(struct kmem_cache *s, struct page *page, const void *obj)
{
	unsigned long off = (unsigned long)obj - obj_slab_start(s, obj);
	unsigned int idx = offset_index(s, off);

	if (idx >= page->objects || (unsigned long)idx * s->size != off)
		return -1;
	return idx;
}

static noinline __cold void report_bad_free(const char *what, const void *obj, struct kmem_cache *s,
			    struct slab_meta *m, unsigned long ip)
{
	if (s) {
		printk(KERN_ERR "BUG: %s 0x%lx in %s (object size %u), caller %pS\n",
		       what, (unsigned long)obj, s->name, s->object_size, (void *)ip);
		if (m && SLAB_DEBUG)
			printk(KERN_ERR "  last allocated by %pS, last freed by %pS\n",
			       (void *)meta_alloc_ip(m), (void *)meta_free_ip(m));
	} else {
		printk(KERN_ERR "BUG: %s 0x%lx, caller %pS\n", what,
		       (unsigned long)obj, (void *)ip);
	}
	mm_report_end();
}

static noinline __cold void report_redzone(struct kmem_cache *s, const void *obj, const u8 *bad,
			   struct slab_meta *m, unsigned long ip)
{
	printk(KERN_ERR "BUG: redzone overwritten in %s object 0x%lx: %u bytes requested, byte at offset %lu is 0x%02x, caller %pS\n",
	       s->name, (unsigned long)obj, meta_req_size(s, m),
	       (unsigned long)(bad - (const u8 *)obj), *bad, (void *)ip);
	printk(KERN_ERR "  allocated by %pS\n", (void *)meta_alloc_ip(m));
	mm_report_end();
}

/*
 * Flip @m's state from @state (OBJ_ALLOC) to OBJ_FREE; false if it was not
 * allocated.  Debug builds make two racing frees of one object see each
 * other; otherwise the state is this CPU's to change once it reads
 * OBJ_ALLOC (the caller owns the object).
 */
static inline bool slab_state_free(struct slab_meta *m, u8 state)
{
	if (SLAB_DEBUG)
		return __atomic_compare_exchange_n(&m->state, &state, OBJ_FREE, false,
						   __ATOMIC_SEQ_CST, __ATOMIC_RELAXED);
	if (READ_ONCE(m->state) != state)
		return false;
	WRITE_ONCE(m->state, OBJ_FREE);
	return true;
}

/*
 * The checks and state change of freeing @obj, up to its going back to the
 * free objects.  Return: false if it must not go back (reported).
 */
static __always_inline bool slab_free_prepare(struct kmem_cache *s, struct page *page,
					      void *obj, unsigned long ip)
{
	struct slab_meta *m;
	unsigned int req;
	u8 state = OBJ_ALLOC;
	int idx;

	idx = slab_obj_index(s, page, obj);
	if (unlikely(idx < 0)) {
		report_bad_free("kfree of invalid pointer", obj, s, NULL, ip);
		return false;
	}
	m = obj_meta(s, obj, idx);

	/* Debug objects in the object stop being tracked (active: reported). */
	if (!SLAB_DEBUG || READ_ONCE(m->state) == OBJ_ALLOC)
		debug_check_no_obj_freed(obj, s->object_size);
	if (SLAB_DEBUG && READ_ONCE(m->state) == OBJ_ALLOC) {
		req = meta_req_size(s, m);
		if (s->poison && req < s->size) {
			const u8 *bad = memchr_inv((char *)obj + req, SLUB_RED_ACTIVE,
						   s->size - req);

			if (unlikely(bad))
				report_redzone(s, obj, bad, m, ip);
		}
	}

	if (unlikely(!slab_state_free(m, state))) {
		report_bad_free("double free of", obj, s, m, ip);
		return false;
	}
#ifdef CONFIG_DEBUG_KMALLOC
	m->free_ip = ip;
#endif
	if (s->poison)
		memset((char *)obj + s->keep, POISON_FREE, s->size - s->keep);
	return true;
}

static __always_inline void slab_free(struct kmem_cache *s, struct page *page, void *obj,
				      unsigned long ip)
{
	if (WARN_ON_ONCE(in_nmi()))
		return;		/* leaked: see slab_alloc() */
	if (!slab_free_prepare(s, page, obj, ip))
		return;
	put_free_object(s, obj);
}

static void *kmalloc_large(size_t size, gfp_t gfp, unsigned long ip)
{
	unsigned int order = get_order(size);
	struct page *page;
	void *p;

	page = __alloc_pages_ip(gfp | __GFP_COMP, order, ip);
	if (!page)
		return NULL;
	__SetPageLargeKmalloc(page);
	atomic_long_inc(&large_kmalloc_allocs);
	atomic_long_add(1L << order, &large_kmalloc_pages);
	p = page_address(page);
	if (SLAB_DEBUG && !(gfp & __GFP_ZERO))
		memset(p, POISON_INUSE, PAGE_SIZE << order);
	return p;
}

static void *kmalloc_not_ready(unsigned long ip)
{
	pr_err("kmalloc before page_alloc_init(), caller %pS\n", (void *)ip);
	return NULL;
}

static void *__kmalloc_ip(size_t size, gfp_t gfp, unsigned long ip)
{
	if (unlikely(!size))
		return ZERO_SIZE_PTR;
	if (unlikely(!slab_ready))
		return kmalloc_not_ready(ip);
	if (size > KMALLOC_MAX_CACHE_SIZE) {
		if (unlikely(size > KMALLOC_MAX_SIZE)) {
			if (!(gfp & __GFP_NOWARN))
				pr_warn("kmalloc: %lu bytes is too large, caller %pS\n",
					(unsigned long)size, (void *)ip);
			return NULL;
		}
		return kmalloc_large(size, gfp, ip);
	}
	return slab_alloc(&kmalloc_caches[kmalloc_index(size)], gfp, size, ip);
}

/* kmalloc() of a size not known at compile time (see slab.h). */
void *__kmalloc(size_t size, gfp_t flags)
{
	return __kmalloc_ip(size, flags, _RET_IP_);
}

/*
 * kmalloc() of a constant @size (1 to KMALLOC_MAX_CACHE_SIZE) whose class
 * @index the compiler already knows.
 */
void *__kmalloc_class(unsigned int index, size_t size, gfp_t flags)
{
	if (unlikely(!slab_ready))
		return kmalloc_not_ready(_RET_IP_);
	return slab_alloc(&kmalloc_caches[index], flags, size, _RET_IP_);
}

/* What kind of pointer is @obj?  Sets *@pagep to its head page. */
enum obj_kind { OBJ_INVALID, OBJ_SLAB, OBJ_LARGE };

static __always_inline enum obj_kind classify(const void *obj, struct page **pagep)
{
	struct page *page;

	if (!virt_addr_valid(obj))
		return OBJ_INVALID;
	page = compound_head(virt_to_page(obj));
	*pagep = page;
	if (PageSlab(page) && page->slab_cache)
		return OBJ_SLAB;
	if (PageLargeKmalloc(page) && obj == page_address(page))
		return OBJ_LARGE;
	return OBJ_INVALID;
}

static void kfree_large(struct page *page, const void *obj, unsigned long ip)
{
	unsigned int order = compound_order(page);
	unsigned long old;

	/* Atomic, so that of two racing kfree()s only one frees the pages. */
	old = __atomic_fetch_and(&page->flags, ~(1UL << PG_large_kmalloc),
				 __ATOMIC_SEQ_CST);
	if (unlikely(!(old & (1UL << PG_large_kmalloc)))) {
		report_bad_free("double free of large kmalloc", obj, NULL, NULL, ip);
		return;
	}
	atomic_long_dec(&large_kmalloc_allocs);
	atomic_long_sub(1L << order, &large_kmalloc_pages);
	__free_pages_ip(page, order, ip);
}

/* kfree() of what is not a slab object: a large kmalloc(), or a bug. */
static noinline void kfree_not_slab(const void *obj, struct page *page, enum obj_kind kind,
				    unsigned long ip)
{
	if (kind == OBJ_LARGE) {
		kfree_large(page, obj, ip);
		return;
	}
	/* A large kmalloc() already given back, or garbage. */
	if (page && PAGE_ALIGNED(obj) && page_is_free(page))
		report_bad_free("double free of freed pages at", obj, NULL, NULL, ip);
	else
		report_bad_free("kfree of invalid pointer", obj, NULL, NULL, ip);
}

static __always_inline void __kfree_ip(const void *obj, unsigned long ip)
{
	struct page *page = NULL;
	enum obj_kind kind;

	if (unlikely(ZERO_OR_NULL_PTR(obj)))
		return;
	kind = classify(obj, &page);
	if (likely(kind == OBJ_SLAB))
		slab_free(page->slab_cache, page, (void *)obj, ip);
	else
		kfree_not_slab(obj, page, kind, ip);
}

/**
 * kfree() - free memory from kmalloc() (or kmem_cache_alloc())
 * @obj: the object; NULL and ZERO_SIZE_PTR are ignored
 *
 * Freeing an object twice, or a pointer that kmalloc() never returned,
 * prints a "BUG:" report with the caller and a backtrace, and is
 * otherwise ignored.
 */
void kfree(const void *obj)
{
	__kfree_ip(obj, _RET_IP_);
}

/* The cache of @obj if it is a slab object, else NULL. */
static inline struct kmem_cache *bulk_obj_cache(const void *obj)
{
	struct page *page;

	if (!virt_addr_valid(obj))
		return NULL;
	page = compound_head(virt_to_page(obj));
	return PageSlab(page) ? page->slab_cache : NULL;
}

/**
 * kfree_bulk() - free many objects from kmalloc() or kmem_cache_alloc()
 * @nr: entries in @p
 * @p: the objects; NULL and ZERO_SIZE_PTR entries are skipped
 *
 * As kfree() on each object, with the same checks and reports, but the
 * objects of one cache go back together: the array is reordered so that
 * they are next to each other, and each such group takes this CPU's
 * object stack, and the cache lock if the stack overflows, once.  The
 * contents of @p are undefined on return.  Never sleeps.
 */
void kfree_bulk(size_t nr, void **p)
{
	unsigned long ip = _RET_IP_;
	size_t i = 0, j, k, ok;
	struct kmem_cache *s;

	if (WARN_ON_ONCE(in_nmi()))
		return;
	while (i < nr) {
		if (ZERO_OR_NULL_PTR(p[i])) {
			i++;
			continue;
		}
		s = bulk_obj_cache(p[i]);
		if (!s) {
			/* Large kmalloc or an invalid pointer: kfree() sorts it out. */
			__kfree_ip(p[i++], ip);
			continue;
		}
		/* Move the other objects of @s up to p[i + 1 ...]. */
		for (j = i + 1, k = i + 1; k < nr; k++) {
			if (ZERO_OR_NULL_PTR(p[k]) || bulk_obj_cache(p[k]) != s)
				continue;
			swap(p[j], p[k]);
			j++;
		}
		/* Check each one, keep those that may go back. */
		for (ok = i, k = i; k < j; k++)
			if (slab_free_prepare(s, obj_slab(p[k]), p[k], ip))
				p[ok++] = p[k];
		if (ok > i)
			put_free_objects(s, p + i, ok - i);
		i = j;
	}
}

/*
 * Usable size of @obj, 0 (after a report) if it is not an allocated
 * object.  With @claim, under debug, the whole size becomes the object's
 * (no red zone check any more): ksize() callers may use all of it.
 */
static size_t __ksize(const void *obj, bool claim, size_t *req, unsigned long ip)
{
	struct kmem_cache *s;
	struct slab_meta *m;
	struct page *page = NULL;
	int idx;

	switch (classify(obj, &page)) {
	case OBJ_SLAB:
		s = page->slab_cache;
		idx = slab_obj_index(s, page, obj);
		if (idx < 0)
			break;
		m = slab_meta(s, page, idx);
		if (READ_ONCE(m->state) != OBJ_ALLOC) {
			report_bad_free("ksize/krealloc of freed object", obj, s, m, ip);
			return 0;
		}
		*req = meta_req_size(s, m);
		if (claim)
			meta_set_alloc(m, s->object_size, meta_alloc_ip(m));
		return s->object_size;
	case OBJ_LARGE:
		*req = PAGE_SIZE << compound_order(page);
		return *req;
	case OBJ_INVALID:
		break;
	}
	report_bad_free("ksize/krealloc of invalid pointer", obj, NULL, NULL, ip);
	return 0;
}

/**
 * ksize() - usable size of an allocated object
 * @obj: an object from kmalloc() or kmem_cache_alloc()
 *
 * Return: the bytes that may be used at @obj (at least the size asked
 * for), 0 for NULL or ZERO_SIZE_PTR.
 */
size_t ksize(const void *obj)
{
	size_t req;

	if (ZERO_OR_NULL_PTR(obj))
		return 0;
	return __ksize(obj, true, &req, _RET_IP_);
}

/**
 * krealloc() - resize an allocation, keeping its contents
 * @p: object from kmalloc(), or NULL/ZERO_SIZE_PTR (then: kmalloc())
 * @new_size: new size; 0 frees @p and returns ZERO_SIZE_PTR
 * @flags: GFP_* flags for a new allocation
 *
 * Stays in place when @new_size fits the current object; otherwise
 * allocates, copies and frees @p.  On failure @p is left untouched.
 *
 * Return: the (possibly moved) object, or NULL.
 */
void *krealloc(const void *p, size_t new_size, gfp_t flags)
{
	unsigned long ip = _RET_IP_;
	size_t ks, req = 0;
	void *n;

	if (ZERO_OR_NULL_PTR(p))
		return __kmalloc_ip(new_size, flags, ip);
	if (!new_size) {
		__kfree_ip(p, ip);
		return ZERO_SIZE_PTR;
	}
	ks = __ksize(p, false, &req, ip);
	if (!ks)
		return NULL;
	if (new_size <= ks) {
#ifdef CONFIG_DEBUG_KMALLOC
		struct page *page = compound_head(virt_to_page(p));

		if (PageSlab(page)) {
			struct kmem_cache *s = page->slab_cache;
			struct slab_meta *m = slab_meta(s, page, slab_obj_index(s, page, p));

			if (s->poison && new_size < req)
				memset((char *)p + new_size, SLUB_RED_ACTIVE, req - new_size);
			if (s->poison && new_size > req && (flags & __GFP_ZERO))
				memset((char *)p + req, 0, new_size - req);
			if (s->poison)
				m->req_size = new_size;
		}
#endif
		return (void *)p;
	}
	n = __kmalloc_ip(new_size, flags, ip);
	if (!n)
		return NULL;
	memcpy(n, p, min(req, ks));
	__kfree_ip(p, ip);
	return n;
}

static struct kmem_cache *__kmem_cache_create(const char *name, unsigned int size,
					      unsigned int align, slab_flags_t flags,
					      unsigned int keep, void (*ctor)(void *));

/**
 * kmem_cache_create() - create a cache of objects of one size
 * @name: name for statistics and reports (copied)
 * @size: object size, at most 16 KiB
 * @align: minimum alignment (a power of two), 0 for the default of 8
 * @flags: SLAB_HWCACHE_ALIGN, SLAB_PANIC, SLAB_TYPESAFE_BY_RCU, ...
 * @ctor: constructor called on each object when its slab is created;
 *	objects must be freed in their constructed state
 *
 * With SLAB_TYPESAFE_BY_RCU the memory of a freed object stays an object
 * of this cache (readers under rcu_read_lock() may still look at it): its
 * slab goes back to the page allocator only after a grace period, and it
 * is never poisoned (kmem_cache_create_typesafe() poisons all but the
 * fields the readers check).
 *
 * Return: the cache, or NULL (panics instead with SLAB_PANIC).
 */
struct kmem_cache *kmem_cache_create(const char *name, unsigned int size,
				     unsigned int align, slab_flags_t flags,
				     void (*ctor)(void *))
{
	return __kmem_cache_create(name, size, align, flags,
				   flags & SLAB_TYPESAFE_BY_RCU ? size : 0, ctor);
}

/**
 * kmem_cache_create_typesafe() - create a SLAB_TYPESAFE_BY_RCU cache whose
 *	freed objects are poisoned after their first @keep bytes
 * @name: as for kmem_cache_create()
 * @size: object size
 * @align: alignment, 0 for the default
 * @keep: bytes at the start of the object that lockless readers check
 *	after the object may have been freed: the key, the reference count
 *	(zero when freed), a lock set up by @ctor.  Put them first.
 * @flags: more SLAB_* flags (SLAB_TYPESAFE_BY_RCU is implied)
 * @ctor: as for kmem_cache_create(); with one nothing is poisoned
 *
 * Freeing leaves the first @keep bytes as they are and, in debug builds
 * (CONFIG_DEBUG_KMALLOC), fills the rest with POISON_FREE, checked at the
 * next allocation; allocation does not touch the first @keep bytes either
 * (unless __GFP_ZERO), so a reader that takes a reference on a freed object
 * sees a zero count, and one on a reused object sees the new key.
 *
 * Return: the cache, or NULL (panics instead with SLAB_PANIC).
 */
struct kmem_cache *kmem_cache_create_typesafe(const char *name, unsigned int size,
					      unsigned int align, unsigned int keep,
					      slab_flags_t flags, void (*ctor)(void *))
{
	return __kmem_cache_create(name, size, align, flags | SLAB_TYPESAFE_BY_RCU,
				   keep, ctor);
}

static struct kmem_cache *__kmem_cache_create(const char *name, unsigned int size,
					      unsigned int align, slab_flags_t flags,
					      unsigned int keep, void (*ctor)(void *))
{
	struct kmem_cache *s;

	s = kzalloc(sizeof(*s), GFP_KERNEL);
	if (s && !init_cache(s, name, size, align, flags, keep, ctor)) {
		kfree(s);
		s = NULL;
	}
	if (!s) {
		if (flags & SLAB_PANIC)
			panic("kmem_cache_create: cannot create cache %s", name);
		pr_err("kmem_cache_create: cannot create cache %s (size %u align %u)\n",
		       name, size, align);
		return NULL;
	}
	add_cache(s);
	return s;
}

/* Drain the CPU stacks and give every empty slab back; returns how many. */
static unsigned long shrink_cache(struct kmem_cache *s)
{
	struct page *page, *next;
	unsigned long flags, n = 0;
	unsigned int home;
	LIST_HEAD(empties);

	drain_cpu_caches(s);
	for (home = 0; home < s->nr_cpus; home++) {
		struct kmem_cache_node *nd = cache_node(s, home);

		spin_lock_irqsave(&nd->lock, flags);
		list_for_each_entry_safe(page, next, &nd->partial, lru) {
			if (page->inuse)
				continue;
			list_move(&page->lru, &empties);
			nd->nr_slabs--;
			nd->nr_empty--;
			n++;
		}
		spin_unlock_irqrestore(&nd->lock, flags);
	}

	discard_slabs(s, &empties);
	return n;
}

/**
 * kmem_cache_shrink() - give the free memory of @s back to the page allocator
 * @s: the cache
 *
 * Flushes every CPU's free objects back to the slabs, then frees the
 * empty slabs.
 *
 * Return: 0.
 */
int kmem_cache_shrink(struct kmem_cache *s)
{
	if (s)
		shrink_cache(s);
	return 0;
}

/**
 * kmem_cache_destroy() - destroy a cache
 * @s: the cache, or NULL
 *
 * All its objects must have been freed.  For a SLAB_TYPESAFE_BY_RCU cache
 * this waits (rcu_barrier()) for the slabs still waiting for a grace
 * period.  If objects are still allocated this prints a "BUG:" report and
 * leaks the cache.
 */
void kmem_cache_destroy(struct kmem_cache *s)
{
	unsigned long flags;
	long inuse;

	if (!s)
		return;
	if (WARN_ON(s->kmalloc))
		return;
	inuse = cache_inuse(s);
	if (inuse) {
		printk(KERN_ERR "BUG: kmem_cache_destroy %s: %ld objects still allocated, caller %pS\n",
		       s->name, inuse, (void *)_RET_IP_);
		mm_report_end();
		return;
	}
	spin_lock_irqsave(&slab_caches_lock, flags);
	list_del(&s->list);
	spin_unlock_irqrestore(&slab_caches_lock, flags);
	shrink_cache(s);
	if (s->flags & SLAB_TYPESAFE_BY_RCU)
		rcu_barrier();
	free_cpu_caches(s);
	kfree(s);
}

/**
 * kmem_cache_alloc() - allocate an object from a cache
 * @s: the cache
 * @flags: GFP_* flags (__GFP_ZERO zeroes the object)
 *
 * Return: the object, or NULL.
 */
void *kmem_cache_alloc(struct kmem_cache *s, gfp_t flags)
{
	return slab_alloc(s, flags, s->object_size, _RET_IP_);
}

/**
 * kmem_cache_free() - free an object to its cache
 * @s: the cache it was allocated from
 * @obj: the object; NULL is ignored
 *
 * An object of another cache, a non-object pointer or a double free print
 * a "BUG:" report and are otherwise ignored.
 */
void kmem_cache_free(struct kmem_cache *s, void *obj)
{
	struct page *page = NULL;

	if (!obj)
		return;
	if (classify(obj, &page) != OBJ_SLAB || page->slab_cache != s) {
		report_bad_free("kmem_cache_free of invalid pointer", obj, s, NULL, _RET_IP_);
		return;
	}
	slab_free(s, page, obj, _RET_IP_);
}

/** kmem_cache_size() - the object size of @s */
unsigned int kmem_cache_size(struct kmem_cache *s)
{
	return s->object_size;
}

/**
 * kmem_valid_obj() - does @object point into a slab?
 * @object: any pointer
 *
 * Return: true if @object is inside a slab page (allocated or not).
 */
bool kmem_valid_obj(void *object)
{
	struct page *page;

	if (!virt_addr_valid(object))
		return false;
	page = compound_head(virt_to_page(object));
	return PageSlab(page) && page->slab_cache;
}

/**
 * kmem_dump_obj() - print what is known about slab object @object
 * @object: a pointer for which kmem_valid_obj() is true
 */
void kmem_dump_obj(void *object)
{
	struct page *page = compound_head(virt_to_page(object));
	struct kmem_cache *s = page->slab_cache;
	unsigned long off = (unsigned long)object - (unsigned long)slab_base(page);
	unsigned int idx = off / s->size;
	struct slab_meta *m;

	if (idx >= page->objects) {
		printk(KERN_INFO " slab %s: 0x%lx is past the objects\n", s->name,
		       (unsigned long)object);
		return;
	}
	m = slab_meta(s, page, idx);
	printk(KERN_INFO " slab %s start 0x%lx pointer offset %lu size %u, %s\n",
	       s->name, (unsigned long)slab_obj(s, page, idx), off % s->size,
	       s->object_size, READ_ONCE(m->state) == OBJ_ALLOC ? "allocated" : "free");
	if (SLAB_DEBUG)
		printk(KERN_INFO "  last allocated by %pS, last freed by %pS\n",
		       (void *)meta_alloc_ip(m), (void *)meta_free_ip(m));
}

/**
 * mem_dump_obj() - print what is known about the memory at @object
 * @object: any pointer
 */
void mem_dump_obj(void *object)
{
	struct page *page;

	if (kmem_valid_obj(object)) {
		kmem_dump_obj(object);
		return;
	}
	if (!object) {
		printk(KERN_INFO " NULL pointer.\n");
		return;
	}
	if (!virt_addr_valid(object)) {
		printk(KERN_INFO " non-paged memory at 0x%lx\n", (unsigned long)object);
		return;
	}
	page = compound_head(virt_to_page(object));
	if (PageLargeKmalloc(page))
		printk(KERN_INFO " large kmalloc of %lu bytes at 0x%lx, offset %lu\n",
		       PAGE_SIZE << compound_order(page),
		       (unsigned long)page_address(page),
		       (unsigned long)object - (unsigned long)page_address(page));
	else
		printk(KERN_INFO " non-slab memory at 0x%lx (page flags 0x%lx)\n",
		       (unsigned long)object, page->flags);
}

/* Per-cache statistics, for mm_print_stats(). */
void slab_print_stats(void)
{
	unsigned long flags;
	struct kmem_cache *s;

	printk("Slab caches:                 objsize  stride  in-use   total  slabs order  refills  flushes\n");
	spin_lock_irqsave(&slab_caches_lock, flags);
	list_for_each_entry(s, &slab_caches, list) {
		unsigned long slabs = 0, refills = 0, flushes = 0;
		unsigned int home;
		long inuse;

		for (home = 0; home < s->nr_cpus; home++) {
			struct kmem_cache_node *nd = cache_node(s, home);

			slabs += READ_ONCE(nd->nr_slabs);
			refills += READ_ONCE(nd->nr_refills);
			flushes += READ_ONCE(nd->nr_flushes);
		}
		inuse = cache_inuse(s);
		printk("  %-26s %7u %7u %7ld %7lu %6lu %5u %8lu %8lu\n", s->name, s->object_size,
		       s->size, inuse, slabs * s->objects, slabs, s->order, refills, flushes);
	}
	spin_unlock_irqrestore(&slab_caches_lock, flags);
	printk("Large kmalloc: %ld allocations, %ld pages\n",
	       atomic_long_read(&large_kmalloc_allocs),
	       atomic_long_read(&large_kmalloc_pages));
	if (SLAB_DEBUG)
		printk("Debug: poisoning on, %d bug reports\n",
		       atomic_read(&kmalloc_debug_reports));
}

/* For the tests: slabs @s holds now, all homes together. */
unsigned long slab_nr_slabs(struct kmem_cache *s)
{
	unsigned long n = 0;
	unsigned int home;

	for (home = 0; home < s->nr_cpus; home++)
		n += READ_ONCE(cache_node(s, home)->nr_slabs);
	return n;
}

/* For the tests: typesafe slabs waiting for a grace period, and freed after one. */
void slab_rcu_counts(struct kmem_cache *s, long *pending, long *freed)
{
	*pending = atomic_long_read(&s->rcu_pending);
	*freed = atomic_long_read(&s->rcu_freed);
}

static int __init slab_cpuhp_init(void)
{
	int ret = cpuhp_setup_state_nocalls(CPUHP_BP_PREPARE_DYN, "mm/slab:dead", NULL,
					    slab_dead_cpu);

	if (ret < 0)
		pr_warn("no CPU hotplug step: an offline CPU's free objects stay on it\n");
	return 0;
}
early_initcall(slab_cpuhp_init);
