// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the page allocator and kmalloc: every order and size
 * class, alignment, zeroing, krealloc, kmem caches, allocation from
 * hardirq context, an SMP stress on every CPU, kfree_bulk(), the
 * double-free and invalid-free reports and (CONFIG_DEBUG_KMALLOC) the
 * use-after-free and red-zone reports.
 */

#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/gfp.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/atomic.h>
#include <linux/smp.h>
#include <linux/cpumask.h>
#include <linux/cpu.h>
#include <linux/preempt.h>
#include <linux/kthread.h>
#include <linux/completion.h>
#include <linux/jiffies.h>
#include <linux/random.h>
#include <linux/sched.h>
#include <linux/torture.h>

#include "../internal.h"

/*
 * Background activity on other CPUs (timers, RCU callbacks) may allocate
 * while a case counts free pages; such cases retry a few times and pass
 * if one attempt sees the count come back exactly.
 */
#define FREE_COUNT_TRIES	5

static bool page_orders_once(struct kunit *test)
{
	unsigned long before = nr_free_pages();
	unsigned int order;

	for (order = 0; order <= MAX_PAGE_ORDER; order++) {
		unsigned long addr = __get_free_pages(GFP_KERNEL, order);
		unsigned long bytes = PAGE_SIZE << order;

		KUNIT_ASSERT_NE_MSG(test, addr, 0UL, "order %u", order);
		KUNIT_EXPECT_TRUE_MSG(test, IS_ALIGNED(__pa(addr), bytes),
				      "order %u block at 0x%lx not naturally aligned",
				      order, (unsigned long)__pa(addr));
		/* The whole block is mapped and ours. */
		memset((void *)addr, 0xa5, bytes);
		KUNIT_EXPECT_EQ(test, ((u8 *)addr)[bytes - 1], 0xa5);
		free_pages(addr, order);
	}
	return nr_free_pages() == before;
}

/* Every order can be allocated, is aligned, and the free count returns. */
static void mm_test_page_orders(struct kunit *test)
{
	bool ok = false;
	int i;

	for (i = 0; i < FREE_COUNT_TRIES && !ok; i++)
		ok = page_orders_once(test);
	KUNIT_EXPECT_TRUE_MSG(test, ok, "free page count did not return to its start value");

	KUNIT_EXPECT_NULL(test, alloc_pages(GFP_KERNEL | __GFP_NOWARN, MAX_PAGE_ORDER + 1));
	free_pages(0, 0);	/* no-op */
}

static bool page_coalesce_once(struct kunit *test)
{
	unsigned long before = nr_free_pages();
	unsigned int nr = 1U << MAX_PAGE_ORDER, i;
	struct page *page;

	page = alloc_pages(GFP_KERNEL, MAX_PAGE_ORDER);
	KUNIT_ASSERT_NOT_NULL(test, page);
	KUNIT_EXPECT_FALSE(test, page_is_buddy_free(page, 0));
	split_page(page, MAX_PAGE_ORDER);
	/* Free the pages one by one, in a scrambled order (37 is odd). */
	for (i = 0; i < nr; i++)
		__free_pages(page + (i * 37) % nr, 0);
	/* Single pages wait on the CPUs' lists until given back. */
	drain_all_pages();
	return page_is_buddy_free(page, MAX_PAGE_ORDER) && nr_free_pages() == before;
}

/* 1024 single pages freed in any order merge back into one order-10 block. */
static void mm_test_page_coalesce(struct kunit *test)
{
	bool ok = false;
	int i;

	for (i = 0; i < FREE_COUNT_TRIES && !ok; i++)
		ok = page_coalesce_once(test);
	KUNIT_EXPECT_TRUE_MSG(test, ok, "freed pages did not coalesce into an order-%d block",
			      MAX_PAGE_ORDER);
}

/*
 * A single page freed goes on this CPU's list and is the next one it
 * allocates; a CPU keeps at most page_pcp_high() of them, and
 * drain_all_pages() gives every CPU's back.
 */
static void mm_test_page_pcp(struct kunit *test)
{
	unsigned int high = page_pcp_high(), n, i, cpu;
	struct page *page, *again, **pages;
	bool over = false;

	if (!high)
		kunit_skip(test, "no per-CPU lists of free pages (little RAM per CPU)");
	preempt_disable();
	page = alloc_pages(GFP_KERNEL, 0);
	if (page) {
		__free_pages(page, 0);
		KUNIT_EXPECT_TRUE(test, PagePcp(page));
		again = alloc_pages(GFP_KERNEL, 0);
		KUNIT_EXPECT_PTR_EQ(test, again, page);
		KUNIT_EXPECT_FALSE(test, again && PagePcp(again));
		if (again)
			__free_pages(again, 0);
	}
	preempt_enable();
	KUNIT_ASSERT_NOT_NULL(test, page);

	n = 4 * high;
	pages = kcalloc(n, sizeof(*pages), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, pages);
	for (i = 0; i < n; i++)
		pages[i] = alloc_pages(GFP_KERNEL, 0);
	preempt_disable();
	cpu = smp_processor_id();
	for (i = 0; i < n; i++) {
		if (pages[i])
			__free_pages(pages[i], 0);
		if (page_pcp_count(cpu) > high)
			over = true;
	}
	preempt_enable();
	KUNIT_EXPECT_FALSE_MSG(test, over, "CPU %u kept more than %u free pages", cpu, high);
	kfree(pages);
	drain_all_pages();
	for_each_online_cpu(cpu)
		KUNIT_EXPECT_EQ_MSG(test, page_pcp_count(cpu), 0U,
				    "CPU %u kept free pages after drain_all_pages()", cpu);
}

struct pcp_free_arg {
	struct page **pages;
	unsigned int n;
};

/* IPI: free the pages here, onto this CPU's list. */
static void pcp_free_here(void *info)
{
	struct pcp_free_arg *a = info;

	for (unsigned int i = 0; i < a->n; i++)
		if (a->pages[i])
			__free_pages(a->pages[i], 0);
}

/* A CPU going offline gives the pages of its list back. */
static void mm_test_page_pcp_cpu_dead(struct kunit *test)
{
	unsigned int high = page_pcp_high(), n;
	struct pcp_free_arg a;
	unsigned long before;
	int cpu = -1;

	if (!high)
		kunit_skip(test, "no per-CPU lists of free pages (little RAM per CPU)");
	for (int c = nr_cpu_ids - 1; c > 0 && cpu < 0; c--)
		if (cpu_online(c) && c != raw_smp_processor_id())
			cpu = c;
	if (cpu < 0)
		kunit_skip(test, "needs 2 CPUs");
	n = high / 2;
	a.pages = kcalloc(n, sizeof(*a.pages), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, a.pages);
	a.n = n;
	before = nr_free_pages();
	for (unsigned int i = 0; i < n; i++)
		a.pages[i] = alloc_pages(GFP_KERNEL, 0);
	KUNIT_ASSERT_EQ(test, smp_call_function_single(cpu, pcp_free_here, &a, true), 0);
	KUNIT_EXPECT_GE(test, page_pcp_count(cpu), n);
	KUNIT_ASSERT_EQ(test, remove_cpu(cpu), 0);
	KUNIT_EXPECT_EQ_MSG(test, page_pcp_count(cpu), 0U,
			    "offline CPU %d kept free pages on its list", cpu);
	KUNIT_EXPECT_EQ(test, add_cpu(cpu), 0);
	/* Background allocations may move the count: only a loss is a bug. */
	KUNIT_EXPECT_GE(test, nr_free_pages() + 64, before);
	kfree(a.pages);
}

/*
 * A single page freed twice is reported and not freed again.  Interrupts
 * stay disabled between the two frees, so that nothing can allocate the
 * page in between and the second free cannot hit someone else's page.
 */
static void mm_test_page_double_free(struct kunit *test)
{
	struct page *page, *a, *b;
	unsigned long flags;
	int before;

	page = alloc_pages(GFP_KERNEL, 0);
	KUNIT_ASSERT_NOT_NULL(test, page);
	before = atomic_read(&kmalloc_debug_reports);
	kunit_expect_splat_begin(test);
	kunit_printk_capture_start();
	local_irq_save(flags);
	__free_pages(page, 0);
	__free_pages(page, 0);
	local_irq_restore(flags);
	kunit_printk_capture_stop();
	kunit_expect_splat_end(test);
	KUNIT_EXPECT_EQ(test, atomic_read(&kmalloc_debug_reports), before + 1);
	KUNIT_EXPECT_TRUE(test, kunit_log_contains("BUG: double free of pages"));

	/* Intact: two allocations give two pages. */
	a = alloc_pages(GFP_KERNEL, 0);
	b = alloc_pages(GFP_KERNEL, 0);
	KUNIT_EXPECT_NOT_NULL(test, a);
	KUNIT_EXPECT_NOT_NULL(test, b);
	KUNIT_EXPECT_PTR_NE(test, a, b);
	if (a)
		__free_pages(a, 0);
	if (b)
		__free_pages(b, 0);
}

static void mm_test_page_zero_exact(struct kunit *test)
{
	unsigned long before, addr;
	void *p;
	int i;

	addr = __get_free_page(GFP_KERNEL);
	KUNIT_ASSERT_NE(test, addr, 0UL);
	memset((void *)addr, 0xff, PAGE_SIZE);
	free_page(addr);
	addr = get_zeroed_page(GFP_KERNEL);
	KUNIT_ASSERT_NE(test, addr, 0UL);
	KUNIT_EXPECT_NULL(test, memchr_inv((void *)addr, 0, PAGE_SIZE));
	free_page(addr);

	for (i = 0; i < FREE_COUNT_TRIES; i++) {
		before = nr_free_pages();
		p = alloc_pages_exact(5 * PAGE_SIZE + 1, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, p);
		KUNIT_EXPECT_TRUE(test, PAGE_ALIGNED(p));
		memset(p, 1, 5 * PAGE_SIZE + 1);
		/* 6 pages used, the other 2 of the order-3 block given back. */
		if (nr_free_pages() == before - 6) {
			free_pages_exact(p, 5 * PAGE_SIZE + 1);
			break;
		}
		free_pages_exact(p, 5 * PAGE_SIZE + 1);
	}
	KUNIT_EXPECT_LT_MSG(test, i, FREE_COUNT_TRIES,
			    "alloc_pages_exact() did not use exactly 6 pages");
}

/*
 * A page no one has had since boot comes cleared, and unmarked.  Such a
 * page is made here: one of ours, written over and marked as if fresh
 * from boot, then freed and allocated again on this CPU with interrupts
 * off, which gives it back from this CPU's list of free pages (with
 * PAGE_POISONING it holds the poison in between).
 */
static void mm_test_page_scrub_boot(struct kunit *test)
{
	unsigned long flags, before;
	struct page *p, *q;

	if (!page_pcp_high())
		kunit_skip(test, "no per-CPU lists of free pages");
	p = alloc_page(GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, p);
	memset(page_address(p), 0x5a, PAGE_SIZE);
	before = page_unscrubbed_count();
	local_irq_save(flags);
	page_mark_unscrubbed(p);
	__free_page(p);
	q = alloc_page(GFP_ATOMIC);
	local_irq_restore(flags);
	KUNIT_ASSERT_NOT_NULL(test, q);
	if (q != p) {
		__free_page(q);
		kunit_skip(test, "the page did not come back from this CPU's list");
	}
	KUNIT_EXPECT_FALSE(test, PageUnscrubbed(q));
	KUNIT_EXPECT_NULL_MSG(test, memchr_inv(page_address(q), 0, PAGE_SIZE),
			      "a page never allocated since boot was not cleared");
	KUNIT_EXPECT_LE(test, page_unscrubbed_count(), before);
	__free_page(q);
}

static const size_t test_sizes[] = {
	1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 95, 96, 97, 127, 128,
	129, 191, 192, 193, 255, 256, 257, 511, 512, 513, 1023, 1024, 1025,
	2047, 2048, 2049, 4095, 4096, 4097, 8192, 12345, 65536, 1 << 20,
};

#define OBJS_PER_SIZE	24

/* kmalloc of every class: alignment, ksize, no overlap between objects. */
static void mm_test_kmalloc_sizes(struct kunit *test)
{
	unsigned int i, j;

	for (i = 0; i < ARRAY_SIZE(test_sizes); i++) {
		size_t size = test_sizes[i];
		u8 *obj[OBJS_PER_SIZE];

		for (j = 0; j < OBJS_PER_SIZE; j++) {
			obj[j] = kmalloc(size, GFP_KERNEL);
			KUNIT_ASSERT_NOT_NULL_MSG(test, obj[j], "kmalloc(%lu)",
						  (unsigned long)size);
			KUNIT_EXPECT_TRUE_MSG(test, IS_ALIGNED((unsigned long)obj[j],
							       ARCH_KMALLOC_MINALIGN),
					      "kmalloc(%lu) = %p", (unsigned long)size, obj[j]);
			if (!(size & (size - 1)))
				KUNIT_EXPECT_TRUE_MSG(test,
					IS_ALIGNED((unsigned long)obj[j], min(size, PAGE_SIZE)),
					"kmalloc(%lu) = %p not size-aligned",
					(unsigned long)size, obj[j]);
			KUNIT_EXPECT_GE(test, ksize(obj[j]), size);
			memset(obj[j], j + 1, size);
		}
		for (j = 0; j < OBJS_PER_SIZE; j++) {
			KUNIT_EXPECT_NULL_MSG(test, memchr_inv(obj[j], j + 1, size),
					      "kmalloc(%lu) objects overlap", (unsigned long)size);
			kfree(obj[j]);
		}
	}

	KUNIT_EXPECT_PTR_EQ(test, kmalloc(0, GFP_KERNEL), ZERO_SIZE_PTR);
	kfree(NULL);
	kfree(ZERO_SIZE_PTR);
	KUNIT_EXPECT_NULL(test, kmalloc(KMALLOC_MAX_SIZE + 1, GFP_KERNEL | __GFP_NOWARN));
	KUNIT_EXPECT_NULL(test, kmalloc_array(SIZE_MAX / 2, 4, GFP_KERNEL));
	KUNIT_EXPECT_NULL(test, kcalloc(SIZE_MAX / 8, 16, GFP_KERNEL));
}

/*
 * Every size up to KMALLOC_MAX_CACHE_SIZE is served by the smallest class
 * that holds it, whether the size is known at compile time (kmalloc_index()
 * folded into the call) or not: the two paths must agree.
 */
static void mm_test_kmalloc_classes(struct kunit *test)
{
	static const unsigned int classes[] = { KMALLOC_SIZES };
	unsigned int c = 0;
	size_t size;
	void *p;

	for (size = 1; size <= KMALLOC_MAX_CACHE_SIZE; size++) {
		while (classes[c] < size)
			c++;
		/* A size the compiler cannot see through. */
		p = kmalloc(READ_ONCE(size), GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, p);
		KUNIT_EXPECT_EQ_MSG(test, ksize(p), (size_t)classes[c],
				    "kmalloc(%lu) served by the wrong class", (unsigned long)size);
		kfree(p);
	}
	p = kmalloc(32, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_EXPECT_EQ(test, ksize(p), (size_t)32);
	kfree(p);
	p = kmalloc(33, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_EXPECT_EQ(test, ksize(p), (size_t)64);
	kfree(p);
	p = kmalloc(193, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_EXPECT_EQ(test, ksize(p), (size_t)256);
	kfree(p);
	p = kmalloc(KMALLOC_MAX_CACHE_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_EXPECT_EQ(test, ksize(p), (size_t)KMALLOC_MAX_CACHE_SIZE);
	kfree(p);
}

/* kzalloc(), kcalloc() and __GFP_ZERO return zeroes, even over dirty memory. */
static void mm_test_kzalloc(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(test_sizes); i++) {
		size_t size = test_sizes[i];
		u8 *p = kmalloc(size, GFP_KERNEL);

		KUNIT_ASSERT_NOT_NULL(test, p);
		memset(p, 0xff, size);
		kfree(p);
		p = kzalloc(size, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, p);
		KUNIT_EXPECT_NULL_MSG(test, memchr_inv(p, 0, size), "kzalloc(%lu) not zeroed",
				      (unsigned long)size);
		kfree(p);
		p = kcalloc(size, 3, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, p);
		KUNIT_EXPECT_NULL(test, memchr_inv(p, 0, size * 3));
		kfree(p);
	}
}

/* krealloc() keeps the contents when growing, shrinking and moving. */
static void mm_test_krealloc(struct kunit *test)
{
	static const size_t steps[] = { 10, 24, 100, 700, 3000, 5000, 100000, 64, 4000, 8 };
	size_t cur = 0, i, j;
	u8 *p = NULL, *n;

	for (i = 0; i < ARRAY_SIZE(steps); i++) {
		n = krealloc(p, steps[i], GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, n);
		for (j = 0; j < min(cur, steps[i]); j++)
			if (n[j] != (u8)(j * 7 + 3))
				break;
		KUNIT_EXPECT_EQ_MSG(test, j, min(cur, steps[i]),
				    "krealloc %lu -> %lu lost contents",
				    (unsigned long)cur, (unsigned long)steps[i]);
		for (j = 0; j < steps[i]; j++)
			n[j] = j * 7 + 3;
		p = n;
		cur = steps[i];
	}
	KUNIT_EXPECT_PTR_EQ(test, krealloc(p, 0, GFP_KERNEL), ZERO_SIZE_PTR);
	p = krealloc(NULL, 50, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, p);
	kfree(p);
}

static void test_ctor(void *obj)
{
	memset(obj, 0x3c, 200);
}

/* kmem caches: alignment, constructor, reuse, destroy. */
static void mm_test_kmem_cache(struct kunit *test)
{
	struct kmem_cache *c;
	void *objs[100];
	int i;

	c = kmem_cache_create("mm_test_ctor", 200, 128, 0, test_ctor);
	KUNIT_ASSERT_NOT_NULL(test, c);
	KUNIT_EXPECT_EQ(test, kmem_cache_size(c), 200U);
	for (i = 0; i < ARRAY_SIZE(objs); i++) {
		objs[i] = kmem_cache_alloc(c, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, objs[i]);
		KUNIT_EXPECT_TRUE(test, IS_ALIGNED((unsigned long)objs[i], 128));
		KUNIT_EXPECT_NULL(test, memchr_inv(objs[i], 0x3c, 200));
		KUNIT_EXPECT_TRUE(test, kmem_valid_obj(objs[i]));
	}
	for (i = 0; i < ARRAY_SIZE(objs); i++)
		kmem_cache_free(c, objs[i]);
	kmem_cache_destroy(c);

	c = kmem_cache_create("mm_test_hwalign", 40, 0, SLAB_HWCACHE_ALIGN, NULL);
	KUNIT_ASSERT_NOT_NULL(test, c);
	for (i = 0; i < ARRAY_SIZE(objs); i++) {
		objs[i] = kmem_cache_zalloc(c, GFP_ATOMIC);
		KUNIT_ASSERT_NOT_NULL(test, objs[i]);
		KUNIT_EXPECT_TRUE(test, IS_ALIGNED((unsigned long)objs[i], 64));
		KUNIT_EXPECT_NULL(test, memchr_inv(objs[i], 0, 40));
		memset(objs[i], 0xee, 40);
	}
	/* kfree() of a cache object works too, as in Linux. */
	for (i = 0; i < ARRAY_SIZE(objs); i++)
		kfree(objs[i]);
	kmem_cache_shrink(c);
	kmem_cache_destroy(c);
	kmem_cache_destroy(NULL);
}

/* ---- allocation from hardirq context ---- */

#define IRQ_OBJS	16

struct irq_alloc_data {
	void *task_obj;			/* allocated in task context, freed in irq */
	void *irq_obj[IRQ_OBJS];	/* allocated in irq, freed in task context */
	bool in_hardirq;
	bool irqs_off;
	int cpu;
	int errors;
};

static void irq_alloc_fn(void *info)
{
	struct irq_alloc_data *d = info;
	int i;

	d->in_hardirq = in_hardirq();
	d->irqs_off = irqs_disabled();
	d->cpu = smp_processor_id();
	if (memchr_inv(d->task_obj, 0x77, 300))
		d->errors++;
	kfree(d->task_obj);
	for (i = 0; i < IRQ_OBJS; i++) {
		size_t size = 16UL << (i % 10);		/* 16 .. 8192 */
		void *tmp = kmalloc(size, GFP_ATOMIC);

		d->irq_obj[i] = kzalloc(size, GFP_ATOMIC);
		if (!tmp || !d->irq_obj[i] || memchr_inv(d->irq_obj[i], 0, size)) {
			d->errors++;
			kfree(tmp);
			continue;
		}
		memset(tmp, i, size);
		memset(d->irq_obj[i], i, size);
		kfree(tmp);
	}
}

/* GFP_ATOMIC allocations and frees in hardirq context on every other CPU. */
static void mm_test_hardirq_alloc(struct kunit *test)
{
	struct irq_alloc_data *d;
	unsigned int cpu, self, ran = 0;
	int i;

	d = kunit_kzalloc(test, sizeof(*d), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, d);
	self = raw_smp_processor_id();
	for_each_online_cpu(cpu) {
		if (cpu == self && num_online_cpus() > 1)
			continue;
		memset(d, 0, sizeof(*d));
		d->task_obj = kmalloc(300, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, d->task_obj);
		memset(d->task_obj, 0x77, 300);
		KUNIT_ASSERT_EQ(test, smp_call_function_single(cpu, irq_alloc_fn, d, true), 0);
		KUNIT_EXPECT_EQ(test, d->cpu, (int)cpu);
		KUNIT_EXPECT_TRUE(test, d->irqs_off);
		if (cpu != self)
			KUNIT_EXPECT_TRUE_MSG(test, d->in_hardirq, "CPU %u: not in hardirq", cpu);
		KUNIT_EXPECT_EQ_MSG(test, d->errors, 0, "CPU %u", cpu);
		for (i = 0; i < IRQ_OBJS; i++) {
			if (d->irq_obj[i])
				KUNIT_EXPECT_NULL(test, memchr_inv(d->irq_obj[i], i,
								  16UL << (i % 10)));
			kfree(d->irq_obj[i]);
		}
		ran++;
	}
	KUNIT_EXPECT_GT(test, ran, 0U);
}

/* ---- SMP stress ---- */

#define STRESS_SECONDS	2
#define STRESS_SLOTS	32
#define SHARED_SLOTS	64
#define STRESS_MAGIC	0x5a17ea5e

/* Every object starts with a header describing how to check the rest. */
struct stress_hdr {
	u32 magic;
	u32 seed;
	u32 size;
	u32 pages;	/* 0: kmalloc'ed; else __get_free_pages() order + 1 */
};

struct stress_ctl {
	struct completion done;
	atomic_t running;
	atomic_t errors;
	atomic_long_t ops;
	atomic_long_t irq_ops;
	unsigned long end;
	void *shared[SHARED_SLOTS];	/* passed between CPUs with xchg() */
};

static u8 pattern_byte(u32 seed, size_t i)
{
	return (u8)(seed + i * 131 + (i >> 8));
}

static void *stress_alloc(struct rnd_state *rnd, gfp_t gfp)
{
	u32 r = prandom_u32_state(rnd);
	struct stress_hdr *h;
	unsigned int order = 0;
	size_t size, i;
	u8 *p;

	if ((r & 63) == 0) {
		order = (r >> 6) & 3;
		size = PAGE_SIZE << order;
		p = (u8 *)__get_free_pages(gfp, order);
	} else {
		if ((r & 15) == 1)
			size = sizeof(*h) + (r >> 8) % 32768;
		else
			size = sizeof(*h) + (r >> 8) % 4096;
		p = kmalloc(size, gfp);
	}
	if (!p)
		return NULL;
	h = (struct stress_hdr *)p;
	h->magic = STRESS_MAGIC;
	h->seed = prandom_u32_state(rnd);
	h->size = size;
	h->pages = (r & 63) == 0 ? order + 1 : 0;
	for (i = sizeof(*h); i < size; i++)
		p[i] = pattern_byte(h->seed, i);
	return p;
}

/* Verify and free an object made by stress_alloc(); false if corrupted. */
static bool stress_free(void *obj)
{
	struct stress_hdr *h = obj;
	u8 *p = obj;
	bool ok = h->magic == STRESS_MAGIC;
	size_t i;

	for (i = sizeof(*h); ok && i < h->size; i++)
		if (p[i] != pattern_byte(h->seed, i))
			ok = false;
	if (!ok) {
		pr_err("mm_test: stress object %p corrupted at offset %lu\n", obj,
		       (unsigned long)i);
		return false;
	}
	h->magic = 0;
	if (h->pages)
		free_pages((unsigned long)obj, h->pages - 1);
	else
		kfree(obj);
	return true;
}

struct stress_irq {
	struct stress_ctl *ctl;
	struct rnd_state rnd;
};

static void stress_irq_fn(void *info)
{
	struct stress_irq *si = info;
	void *obj[4];
	int i;

	for (i = 0; i < 4; i++)
		obj[i] = stress_alloc(&si->rnd, GFP_ATOMIC | __GFP_NOWARN);
	for (i = 0; i < 4; i++)
		if (obj[i] && !stress_free(obj[i]))
			atomic_inc(&si->ctl->errors);
	/* Free here an object that a task on some CPU parked. */
	obj[0] = xchg(&si->ctl->shared[prandom_u32_state(&si->rnd) % SHARED_SLOTS], NULL);
	if (obj[0] && !stress_free(obj[0]))
		atomic_inc(&si->ctl->errors);
	atomic_long_inc(&si->ctl->irq_ops);
}

static int stress_thread(void *arg)
{
	struct stress_ctl *ctl = arg;
	void *slot[STRESS_SLOTS] = { NULL };
	unsigned int self = raw_smp_processor_id();
	struct stress_irq si = { .ctl = ctl };
	struct rnd_state rnd;
	unsigned long n = 0;
	int i;

	prandom_seed_state(&rnd, 0x6d6d0000ULL + self);
	prandom_seed_state(&si.rnd, 0x1e0000ULL + self);
	while (time_before(jiffies, READ_ONCE(ctl->end))) {
		u32 r = prandom_u32_state(&rnd);
		void **s = &slot[r % STRESS_SLOTS];

		if (*s) {
			if (!stress_free(*s))
				atomic_inc(&ctl->errors);
			*s = NULL;
		} else {
			*s = stress_alloc(&rnd, (r & 0x100) ? GFP_KERNEL : GFP_ATOMIC);
			if (!*s)
				atomic_inc(&ctl->errors);
		}
		/* Swap an object with one another CPU left behind. */
		if ((r & 0x1e00) == 0 && *s)
			*s = xchg(&ctl->shared[(r >> 16) % SHARED_SLOTS], *s);
		/* Now and then, allocate in hardirq context on another CPU. */
		if ((r & 0xff0000) == 0) {
			int cpu = torture_pick_cpu(prandom_u32_state(&rnd), self);

			smp_call_function_single(cpu < 0 ? self : cpu, stress_irq_fn, &si, true);
		}
		if ((++n & 15) == 0)
			cond_resched();
	}
	for (i = 0; i < STRESS_SLOTS; i++)
		if (slot[i] && !stress_free(slot[i]))
			atomic_inc(&ctl->errors);
	atomic_long_add(n, &ctl->ops);
	if (atomic_dec_and_test(&ctl->running))
		complete(&ctl->done);
	return 0;
}

/* Threads on every CPU allocate, fill, check and free for a while. */
static void mm_test_smp_stress(struct kunit *test)
{
	struct stress_ctl *ctl;
	unsigned int cpu, started = 0;
	int i;

	ctl = kunit_kzalloc(test, sizeof(*ctl), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctl);
	init_completion(&ctl->done);
	atomic_set(&ctl->running, 1);	/* held by us until all are started */
	ctl->end = jiffies + STRESS_SECONDS * HZ;

	for_each_online_cpu(cpu) {
		struct task_struct *t;

		t = kthread_create_on_cpu(stress_thread, ctl, cpu, "mm_stress/%u");
		KUNIT_EXPECT_FALSE(test, IS_ERR(t));
		if (IS_ERR(t))
			continue;
		atomic_inc(&ctl->running);
		wake_up_process(t);
		started++;
	}
	if (atomic_dec_and_test(&ctl->running))
		complete(&ctl->done);
	wait_for_completion(&ctl->done);

	for (i = 0; i < SHARED_SLOTS; i++)
		if (ctl->shared[i] && !stress_free(ctl->shared[i]))
			atomic_inc(&ctl->errors);

	kunit_info(test, "%u threads, %ld operations, %ld in hardirq\n", started,
		   atomic_long_read(&ctl->ops), atomic_long_read(&ctl->irq_ops));
	KUNIT_EXPECT_EQ(test, started, num_online_cpus());
	KUNIT_EXPECT_EQ(test, atomic_read(&ctl->errors), 0);
	KUNIT_EXPECT_GT(test, atomic_long_read(&ctl->ops), 0L);
}

/* ---- debug reports ---- */

/*
 * Double and invalid frees are caught in every configuration (each object
 * has a state tag); the deliberate double free uses a private cache, so
 * that no other CPU can be handed the object between the two frees.
 */
static void mm_test_double_free(struct kunit *test)
{
	struct kmem_cache *c;
	void *p, *a, *b;
	int before;

	c = kmem_cache_create("mm_test_dfree", 64, 0, 0, NULL);
	KUNIT_ASSERT_NOT_NULL(test, c);
	p = kmem_cache_alloc(c, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, p);
	kfree(p);

	before = atomic_read(&kmalloc_debug_reports);
	kunit_expect_splat_begin(test);
	kunit_printk_capture_start();
	kfree(p);
	kunit_printk_capture_stop();
	kunit_expect_splat_end(test);
	KUNIT_EXPECT_EQ(test, atomic_read(&kmalloc_debug_reports), before + 1);
	KUNIT_EXPECT_TRUE(test, kunit_log_contains("BUG: double free"));

	/* The allocator is intact: two allocations give two objects. */
	a = kmem_cache_alloc(c, GFP_KERNEL);
	b = kmem_cache_alloc(c, GFP_KERNEL);
	KUNIT_EXPECT_NOT_NULL(test, a);
	KUNIT_EXPECT_NOT_NULL(test, b);
	KUNIT_EXPECT_PTR_NE(test, a, b);
	kmem_cache_free(c, a);
	kmem_cache_free(c, b);
	kmem_cache_destroy(c);
}

static void mm_test_invalid_free(struct kunit *test)
{
	u8 *p = kmalloc(100, GFP_KERNEL);
	int before, on_stack;

	KUNIT_ASSERT_NOT_NULL(test, p);
	before = atomic_read(&kmalloc_debug_reports);
	kunit_expect_splat_begin(test);
	kunit_printk_capture_start();
	kfree(p + 8);
	kfree(&on_stack);
	kunit_printk_capture_stop();
	kunit_expect_splat_end(test);
	KUNIT_EXPECT_EQ(test, atomic_read(&kmalloc_debug_reports), before + 2);
	KUNIT_EXPECT_TRUE(test, kunit_log_contains("BUG: kfree of invalid pointer"));
	/* The object is still allocated and frees normally. */
	p[99] = 1;
	kfree(p);
	KUNIT_EXPECT_EQ(test, atomic_read(&kmalloc_debug_reports), before + 2);
}

#define BULK_NR	48

/* ---- per-CPU object stacks and home CPUs ---- */

#define HOME_NR		2400	/* each half overflows a stack of 64-byte objects */

struct home_free {
	struct kmem_cache *c;
	void **objs;
	unsigned int from, to;
};

/* IPI: free objects allocated on another CPU (they go back to its home). */
static void home_free_fn(void *info)
{
	struct home_free *h = info;
	unsigned int i;

	for (i = h->from; i < h->to; i++)
		kmem_cache_free(h->c, h->objs[i]);
}

/*
 * Objects allocated on this CPU and freed here and on another CPU, with
 * enough of them to overflow a CPU stack: each is counted in use until
 * it is freed, and once all are freed, kmem_cache_shrink() (which drains
 * every CPU's stack) leaves no slab behind: no object was lost on a
 * stack or on the wrong slab lists.  Done twice, so the second round
 * allocates from stacks and slabs the first one filled.
 */
static void mm_test_cache_stacks(struct kunit *test)
{
	int cpu = torture_other_cpu(raw_smp_processor_id());
	struct kmem_cache *c;
	struct home_free h;
	unsigned int i, round;
	void **objs;

	objs = kcalloc(HOME_NR, sizeof(*objs), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, objs);
	c = kmem_cache_create("mm_test_stacks", 64, 0, 0, NULL);
	KUNIT_ASSERT_NOT_NULL(test, c);
	for (round = 0; round < 2; round++) {
		for (i = 0; i < HOME_NR; i++) {
			objs[i] = kmem_cache_alloc(c, GFP_KERNEL);
			KUNIT_ASSERT_NOT_NULL(test, objs[i]);
		}
		KUNIT_EXPECT_GT(test, slab_nr_slabs(c), 0UL);
		h.c = c;
		h.objs = objs;
		h.from = 0;
		h.to = cpu >= 0 ? HOME_NR / 2 : 0;
		if (cpu >= 0)
			KUNIT_EXPECT_EQ(test, smp_call_function_single(cpu, home_free_fn, &h, true), 0);
		for (i = h.to; i < HOME_NR; i++)
			kmem_cache_free(c, objs[i]);
		kmem_cache_shrink(c);
		KUNIT_EXPECT_EQ_MSG(test, slab_nr_slabs(c), 0UL,
				    "round %u: slabs left after every object was freed", round);
	}
	kmem_cache_destroy(c);
	kfree(objs);
}

/*
 * kfree_bulk() of objects of two private caches, kmalloc() sizes and a
 * large kmalloc(), interleaved with NULL and ZERO_SIZE_PTR: every object
 * is freed (each cache's in-use count drops to zero, a second free is
 * reported), nothing is reported on the way.
 */
static void mm_test_kfree_bulk(struct kunit *test)
{
	struct kmem_cache *a, *b;
	void **p, *first_a = NULL;
	unsigned int i;
	int before;

	a = kmem_cache_create("mm_test_bulk_a", 64, 0, 0, NULL);
	b = kmem_cache_create("mm_test_bulk_b", 200, 0, 0, NULL);
	p = kmalloc_array(BULK_NR, sizeof(*p), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_NOT_NULL(test, b);
	KUNIT_ASSERT_NOT_NULL(test, p);
	for (i = 0; i < BULK_NR; i++) {
		switch (i % 6) {
		case 0:
			p[i] = kmem_cache_alloc(a, GFP_KERNEL);
			if (!first_a)
				first_a = p[i];
			break;
		case 1:
			p[i] = kmem_cache_alloc(b, GFP_KERNEL);
			break;
		case 2:
			p[i] = i % 4 ? NULL : ZERO_SIZE_PTR;
			break;
		case 3:
			p[i] = kmalloc(8 + i * 40, GFP_KERNEL);
			break;
		case 4:
			p[i] = kmem_cache_alloc(i % 3 ? a : b, GFP_KERNEL);
			break;
		default:
			p[i] = i == 5 ? kmalloc(3 * PAGE_SIZE, GFP_KERNEL) :
					kmem_cache_alloc(a, GFP_KERNEL);
			break;
		}
		if (i % 6 != 2)
			KUNIT_ASSERT_NOT_NULL(test, p[i]);
	}
	before = atomic_read(&kmalloc_debug_reports);
	kfree_bulk(BULK_NR, p);
	kfree_bulk(0, p);
	KUNIT_EXPECT_EQ(test, atomic_read(&kmalloc_debug_reports), before);

	/* Freed: a second free is a double free. */
	kunit_expect_splat_begin(test);
	kunit_printk_capture_start();
	kmem_cache_free(a, first_a);
	kunit_printk_capture_stop();
	kunit_expect_splat_end(test);
	KUNIT_EXPECT_EQ(test, atomic_read(&kmalloc_debug_reports), before + 1);
	KUNIT_EXPECT_TRUE(test, kunit_log_contains("BUG: double free"));

	/* Nothing left allocated: destroying reports nothing. */
	kmem_cache_destroy(a);
	kmem_cache_destroy(b);
	KUNIT_EXPECT_EQ(test, atomic_read(&kmalloc_debug_reports), before + 1);
	kfree(p);
}

/*
 * kfree_bulk() keeps kfree()'s checks: an object twice in the array and a
 * pointer into the middle of an object are reported, once each, and the
 * other objects are freed.
 */
static void mm_test_kfree_bulk_bad(struct kunit *test)
{
	struct kmem_cache *c;
	void *p[8], *x;
	unsigned int i;
	int before;

	c = kmem_cache_create("mm_test_bulk_bad", 96, 0, 0, NULL);
	KUNIT_ASSERT_NOT_NULL(test, c);
	for (i = 0; i < 6; i++) {
		p[i] = kmem_cache_alloc(c, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, p[i]);
	}
	x = kmem_cache_alloc(c, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, x);
	p[6] = p[2];			/* freed twice */
	p[7] = (char *)x + 8;		/* not an object */

	before = atomic_read(&kmalloc_debug_reports);
	kunit_expect_splat_begin(test);
	kunit_printk_capture_start();
	kfree_bulk(8, p);
	kunit_printk_capture_stop();
	kunit_expect_splat_end(test);
	KUNIT_EXPECT_EQ(test, atomic_read(&kmalloc_debug_reports), before + 2);
	KUNIT_EXPECT_TRUE(test, kunit_log_contains("BUG: double free"));
	KUNIT_EXPECT_TRUE(test, kunit_log_contains("BUG: kfree of invalid pointer"));

	/* The allocator is intact: seven allocations give seven objects. */
	for (i = 0; i < 7; i++) {
		p[i] = kmem_cache_alloc(c, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, p[i]);
	}
	for (i = 0; i < 7; i++) {
		unsigned int j;

		for (j = 0; j < i; j++)
			KUNIT_EXPECT_PTR_NE(test, p[i], p[j]);
	}
	p[7] = NULL;
	kfree_bulk(8, p);
	kmem_cache_free(c, x);
	kmem_cache_destroy(c);
	KUNIT_EXPECT_EQ(test, atomic_read(&kmalloc_debug_reports), before + 2);
}

#ifdef CONFIG_DEBUG_KMALLOC
static void mm_test_use_after_free(struct kunit *test)
{
	struct kmem_cache *c;
	volatile u8 *p;
	u8 *q;
	int before;

	c = kmem_cache_create("mm_test_uaf", 128, 0, 0, NULL);
	KUNIT_ASSERT_NOT_NULL(test, c);
	p = kmem_cache_alloc(c, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, (void *)p);
	KUNIT_EXPECT_EQ(test, p[5], POISON_INUSE);

	before = atomic_read(&kmalloc_debug_reports);
	kunit_expect_splat_begin(test);
	kunit_printk_capture_start();
	/* Stay on this CPU: its free-object stack hands @p out again. */
	preempt_disable();
	kmem_cache_free(c, (void *)p);
	KUNIT_EXPECT_EQ(test, p[5], POISON_FREE);
	p[5] = 0x11;		/* the bug */
	q = kmem_cache_alloc(c, GFP_KERNEL);
	preempt_enable();
	kunit_printk_capture_stop();
	kunit_expect_splat_end(test);
	KUNIT_EXPECT_PTR_EQ(test, (void *)q, (void *)p);
	KUNIT_EXPECT_EQ(test, atomic_read(&kmalloc_debug_reports), before + 1);
	KUNIT_EXPECT_TRUE(test, kunit_log_contains("BUG: poison overwritten"));
	kmem_cache_free(c, q);
	kmem_cache_destroy(c);
}

#ifdef CONFIG_PAGE_POISONING
/*
 * A page written after its free is reported when the page allocator hands
 * it out again, whichever page of the block was written.  The buddy lists
 * are LIFO, so the block comes back within a few allocations of its order
 * (the blocks of lower order than the one it merged into); they are kept
 * until then so that none repeats.
 */
static void mm_test_page_use_after_free(struct kunit *test)
{
	const unsigned int max_tries = 4096;
	struct page *page, *q = NULL;
	struct page **held;
	volatile u8 *p;
	unsigned int n = 0;
	int before;

	held = kmalloc_array(max_tries, sizeof(*held), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, held);
	page = alloc_pages(GFP_KERNEL, 1);
	KUNIT_ASSERT_NOT_NULL(test, page);
	p = page_address(page + 1);

	before = atomic_read(&kmalloc_debug_reports);
	kunit_expect_splat_begin(test);
	kunit_printk_capture_start();
	__free_pages(page, 1);
	KUNIT_EXPECT_EQ(test, p[100], PAGE_POISON);
	KUNIT_EXPECT_EQ(test, p[PAGE_SIZE - 1], PAGE_POISON);
	p[100] = 0x11;		/* the bug */
	while (n < max_tries) {
		q = alloc_pages(GFP_KERNEL, 1);
		if (!q || q == page)
			break;
		held[n++] = q;
	}
	kunit_printk_capture_stop();
	kunit_expect_splat_end(test);
	KUNIT_EXPECT_PTR_EQ(test, q, page);
	KUNIT_EXPECT_EQ(test, atomic_read(&kmalloc_debug_reports), before + 1);
	KUNIT_EXPECT_TRUE(test, kunit_log_contains("BUG: page poison overwritten"));
	KUNIT_EXPECT_TRUE(test, kunit_log_contains("offset 0x64 is 0x11"));
	if (q)
		__free_pages(q, 1);
	while (n)
		__free_pages(held[--n], 1);
	kfree(held);
}
#endif

static void mm_test_redzone(struct kunit *test)
{
	u8 *p = kmalloc(60, GFP_KERNEL);
	int before;

	KUNIT_ASSERT_NOT_NULL(test, p);
	/* Hide the allocation size from gcc: the overflow is deliberate. */
	__asm__("" : "+r"(p));
	KUNIT_EXPECT_EQ(test, p[60], SLUB_RED_ACTIVE);
	before = atomic_read(&kmalloc_debug_reports);
	kunit_expect_splat_begin(test);
	kunit_printk_capture_start();
	p[62] = 0;		/* the bug: past the 60 bytes asked for */
	kfree(p);
	kunit_printk_capture_stop();
	kunit_expect_splat_end(test);
	KUNIT_EXPECT_EQ(test, atomic_read(&kmalloc_debug_reports), before + 1);
	KUNIT_EXPECT_TRUE(test, kunit_log_contains("BUG: redzone overwritten"));
}

/* kfree_bulk() poisons what it frees and checks the red zones, as kfree(). */
static void mm_test_kfree_bulk_debug(struct kunit *test)
{
	struct kmem_cache *c;
	volatile u8 *obj;
	void *p[3];
	u8 *r, first, last;
	int before;

	c = kmem_cache_create("mm_test_bulk_dbg", 128, 0, 0, NULL);
	KUNIT_ASSERT_NOT_NULL(test, c);
	p[0] = kmem_cache_alloc(c, GFP_KERNEL);
	p[1] = kmem_cache_alloc(c, GFP_KERNEL);
	r = kmalloc(60, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, p[0]);
	KUNIT_ASSERT_NOT_NULL(test, p[1]);
	KUNIT_ASSERT_NOT_NULL(test, r);
	__asm__("" : "+r"(r));
	obj = p[1];
	p[2] = r;

	before = atomic_read(&kmalloc_debug_reports);
	kunit_expect_splat_begin(test);
	kunit_printk_capture_start();
	r[62] = 0;		/* the bug: past the 60 bytes asked for */
	/* The cache's objects stay on this CPU's stack, untouched. */
	preempt_disable();
	kfree_bulk(3, p);
	first = obj[0];
	last = obj[127];
	preempt_enable();
	kunit_printk_capture_stop();
	kunit_expect_splat_end(test);
	KUNIT_EXPECT_EQ(test, first, POISON_FREE);
	KUNIT_EXPECT_EQ(test, last, POISON_FREE);
	KUNIT_EXPECT_EQ(test, atomic_read(&kmalloc_debug_reports), before + 1);
	KUNIT_EXPECT_TRUE(test, kunit_log_contains("BUG: redzone overwritten"));
	kmem_cache_destroy(c);
	KUNIT_EXPECT_EQ(test, atomic_read(&kmalloc_debug_reports), before + 1);
}
#else
static void mm_test_debug_off(struct kunit *test)
{
	kunit_skip(test, "CONFIG_DEBUG_KMALLOC is off");
}
#endif

static struct kunit_case mm_test_cases[] = {
	KUNIT_CASE(mm_test_page_orders),
	KUNIT_CASE(mm_test_page_coalesce),
	KUNIT_CASE(mm_test_page_pcp),
	KUNIT_CASE(mm_test_page_pcp_cpu_dead),
	KUNIT_CASE(mm_test_page_double_free),
	KUNIT_CASE(mm_test_page_zero_exact),
	KUNIT_CASE(mm_test_page_scrub_boot),
	KUNIT_CASE(mm_test_kmalloc_sizes),
	KUNIT_CASE(mm_test_kmalloc_classes),
	KUNIT_CASE(mm_test_kzalloc),
	KUNIT_CASE(mm_test_krealloc),
	KUNIT_CASE(mm_test_kmem_cache),
	KUNIT_CASE(mm_test_hardirq_alloc),
	KUNIT_CASE_SLOW(mm_test_smp_stress),
	KUNIT_CASE(mm_test_double_free),
	KUNIT_CASE(mm_test_invalid_free),
	KUNIT_CASE(mm_test_kfree_bulk),
	KUNIT_CASE(mm_test_cache_stacks),
	KUNIT_CASE(mm_test_kfree_bulk_bad),
#ifdef CONFIG_DEBUG_KMALLOC
	KUNIT_CASE(mm_test_use_after_free),
#ifdef CONFIG_PAGE_POISONING
	KUNIT_CASE(mm_test_page_use_after_free),
#endif
	KUNIT_CASE(mm_test_redzone),
	KUNIT_CASE(mm_test_kfree_bulk_debug),
#else
	KUNIT_CASE(mm_test_debug_off),
#endif
	{}
};

static struct kunit_suite mm_test_suite = {
	.name = "mm",
	.test_cases = mm_test_cases,
};
kunit_test_suite(mm_test_suite);
