// SPDX-License-Identifier: GPL-2.0
/*
 * Buddy page allocator.
 *
 * One zone covers all RAM.  Free memory is kept as naturally aligned blocks
 * of 2^order pages, order 0..MAX_PAGE_ORDER, on one free list per order.
 * Only the first page of a free block is marked (PG_buddy, with its order
 * in page->order).  Allocation takes the smallest block that fits and
 * splits it, putting the unused halves back; freeing merges a block with
 * its buddy (the block whose pfn differs only in bit @order) for as long
 * as the buddy is free and of the same order.
 *
 * A single spinlock, taken with interrupts disabled, protects the free
 * lists, so the allocator works from any CPU and from interrupt context.
 * A small reserve is kept for allocations that may use it (__GFP_HIGH,
 * i.e. GFP_ATOMIC).
 *
 * Single pages, which the slab allocator takes and gives back all the
 * time, go through a list of free pages per CPU (PG_pcp), used with
 * interrupts disabled and no lock: a CPU takes pcp_batch pages from the
 * free lists when its list is empty and gives back its pcp_batch oldest
 * when it reaches pcp_high, so the zone lock is taken once per batch
 * rather than once per page.  Pages on these lists count as free but are
 * not merged with their buddies until given back; drain_all_pages() gives
 * every CPU's back, and a CPU's are given back when it goes offline.  The
 * lists are sized so that all of them together hold at most 1/64 of RAM.
 *
 * A page is cleared the first time it is allocated (PG_unscrubbed until
 * then): no allocation sees what the boot loader left in memory.  Under
 * QEMU's TCG this matters for speed too: QEMU keeps the code it translated
 * from a page until every byte of it is overwritten, and sends every store
 * to a page it holds code of through its self-modifying-code check.  The
 * boot loader ran from memory that is free now, and a slab of small
 * objects, whose tails are never written, would pay that on each store for
 * as long as it lived.
 *
 * With CONFIG_PAGE_POISONING, a freed block is filled with PAGE_POISON and
 * each of its pages marked PG_poisoned; allocation checks the marked pages
 * and reports any byte that changed: a write after free.  Pages freed at
 * boot are not marked and not checked.
 */

#define pr_fmt(fmt) "mm: " fmt

#include <linux/kernel.h>
#include <linux/atomic.h>
#include <linux/mm.h>
#include <linux/gfp.h>
#include <linux/debugobjects.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/list.h>
#include <linux/percpu.h>
#include <linux/smp.h>
#include <linux/cpuhotplug.h>
#include <linux/init.h>
#include <asm/bootinfo.h>
#include <asm/page.h>

#include "internal.h"

/* Nothing below 1 MiB is used: BIOS data, the AP trampoline. */
#define LOW_MEM_END		0x100000UL

struct free_area {
	struct list_head free_list;
	unsigned long nr_free;
};

struct zone {
	spinlock_t lock;
	struct free_area free_area[NR_PAGE_ORDERS];
	unsigned long free_pages;	/* in pages, all orders */
	unsigned long managed_pages;	/* pages given to the allocator */
	unsigned long reserve_pages;	/* kept for __GFP_HIGH */
	unsigned long alloc_fail;	/* failed allocations */
	bool ready;
	bool poison;			/* frees poison from now on */
};

static struct zone zone = {
	.lock = __SPIN_LOCK_UNLOCKED(zone.lock),
};

struct page *mem_map;
unsigned long max_pfn;

/**
 * struct per_cpu_pages - a CPU's free single pages
 * @list: the pages, most recently freed first, linked through ->lru
 * @count: pages on @list
 */
struct per_cpu_pages {
	struct list_head list;
	unsigned int count;
};

static DEFINE_PER_CPU(struct per_cpu_pages, pcp_lists);
static unsigned int pcp_high;	/* 0: no per-CPU lists */
static unsigned int pcp_batch;
#define PCP_HIGH_MAX	128U

/* RAM reported by the memory map, in bytes (usable regions only). */
static u64 ram_bytes;

static inline void set_buddy_order(struct page *page, unsigned int order)
{
	page->order = order;
	__SetPageBuddy(page);
}

/* Put a free block of 2^@order pages at @pfn on its list, merging buddies. */
static void __free_one_page(unsigned long pfn, unsigned int order)
{
	struct page *page;

	while (order < MAX_PAGE_ORDER) {
		unsigned long buddy_pfn = pfn ^ (1UL << order);
		struct page *buddy;

		if (!pfn_valid(buddy_pfn))
			break;
		buddy = pfn_to_page(buddy_pfn);
		if (!PageBuddy(buddy) || buddy->order != order)
			break;
		list_del(&buddy->lru);
		zone.free_area[order].nr_free--;
		__ClearPageBuddy(buddy);
		pfn &= buddy_pfn;
		order++;
	}
	page = pfn_to_page(pfn);
	set_buddy_order(page, order);
	list_add(&page->lru, &zone.free_area[order].free_list);
	zone.free_area[order].nr_free++;
}

/* Take a block of 2^@order pages off the free lists, splitting as needed. */
static struct page *__rmqueue(unsigned int order)
{
	unsigned int o;

	for (o = order; o <= MAX_PAGE_ORDER; o++) {
		struct free_area *area = &zone.free_area[o];
		struct page *page;

		if (list_empty(&area->free_list))
			continue;
		page = list_first_entry(&area->free_list, struct page, lru);
		list_del(&page->lru);
		area->nr_free--;
		__ClearPageBuddy(page);
		page->order = 0;
		/* Give back the upper halves until the block has the right size. */
		while (o > order) {
			struct page *half;

			o--;
			half = page + (1UL << o);
			set_buddy_order(half, o);
			list_add(&half->lru, &zone.free_area[o].free_list);
			zone.free_area[o].nr_free++;
		}
		return page;
	}
	return NULL;
}

/*
 * Is the page at @pfn free: on a CPU's list, or inside a free block?
 * Looks for a PG_buddy head at every alignment that could cover it.
 * Called with zone.lock held, or (the page being freed) without: the
 * heads of free blocks cover only free pages, so an allocated page is
 * never found free.
 */
static bool pfn_is_free(unsigned long pfn)
{
	unsigned int o;

	if (PagePcp(pfn_to_page(pfn)))
		return true;
	for (o = 0; o <= MAX_PAGE_ORDER; o++) {
		struct page *head = pfn_to_page(pfn & ~((1UL << o) - 1));

		if (PageBuddy(head) && head->order >= o)
			return true;
	}
	return false;
}

/**
 * page_is_buddy_free() - is @page the head of a free block of >= @order?
 * @page: a page
 * @order: the minimum order
 *
 * For tests: a racy snapshot, true if @page heads a free block of at least
 * 2^@order pages.
 */
bool page_is_buddy_free(struct page *page, unsigned int order)
{
	unsigned long flags;
	bool ret;

	spin_lock_irqsave(&zone.lock, flags);
	ret = PageBuddy(page) && page->order >= order;
	spin_unlock_irqrestore(&zone.lock, flags);
	return ret;
}

/**
 * page_is_free() - is @page inside a free block right now?
 * @page: a page
 *
 * A snapshot, for debug reports (a double kfree() of a large allocation).
 */
bool page_is_free(struct page *page)
{
	unsigned long flags;
	bool ret;

	spin_lock_irqsave(&zone.lock, flags);
	ret = pfn_is_free(page_to_pfn(page));
	spin_unlock_irqrestore(&zone.lock, flags);
	return ret;
}

static void prep_compound_page(struct page *page, unsigned int order)
{
	unsigned long i;

	__SetPageHead(page);
	page->order = order;
	for (i = 1; i < (1UL << order); i++) {
		__SetPageTail(page + i);
		page[i].first_page = page;
	}
}

#ifdef CONFIG_PAGE_POISONING
/* Fill a block being freed; it is marked once it is known not to be free. */
static void poison_block(struct page *page, unsigned int order)
{
	if (zone.poison)
		memset(page_address(page), PAGE_POISON, PAGE_SIZE << order);
}

/* Called with zone.lock held, @page's block no longer ours. */
static void mark_block_poisoned(struct page *page, unsigned int order)
{
	unsigned long i;

	if (zone.poison)
		for (i = 0; i < (1UL << order); i++)
			__SetPagePoisoned(page + i);
}

/* A block just taken off the free lists: is its poison intact? */
static void check_block_poison(struct page *page, unsigned int order, unsigned long ip)
{
	unsigned long i;
	bool reported = false;

	for (i = 0; i < (1UL << order); i++) {
		const u8 *va, *bad;

		if (!PagePoisoned(page + i))
			continue;
		__ClearPagePoisoned(page + i);
		va = page_address(page + i);
		bad = memchr_inv(va, PAGE_POISON, PAGE_SIZE);
		if (!bad || reported)
			continue;
		reported = true;
		printk(KERN_ERR "BUG: page poison overwritten: pfn 0x%lx offset 0x%lx is 0x%02x, expected 0x%02x (use after free), allocated by %pS\n",
		       page_to_pfn(page + i), (unsigned long)(bad - va), *bad,
		       PAGE_POISON, (void *)ip);
		mm_report_end();
	}
}
#else
static inline void poison_block(struct page *page, unsigned int order) { }
static inline void mark_block_poisoned(struct page *page, unsigned int order) { }
static inline void check_block_poison(struct page *page, unsigned int order,
				      unsigned long ip) { }
#endif

static atomic_long_t nr_unscrubbed;

/* Clear the pages of a new block that no one has had since boot. */
static inline void scrub_boot_pages(struct page *page, unsigned int order)
{
	unsigned long i;

	for (i = 0; i < (1UL << order); i++) {
		if (unlikely(PageUnscrubbed(page + i))) {
			memset(page_address(page + i), 0, PAGE_SIZE);
			__ClearPageUnscrubbed(page + i);
			atomic_long_dec(&nr_unscrubbed);
		}
	}
}

/* Pages free since boot and never allocated (a snapshot). */
unsigned long page_unscrubbed_count(void)
{
	return atomic_long_read(&nr_unscrubbed);
}

/* For the mm tests: @page, allocated, counts as never allocated. */
void page_mark_unscrubbed(struct page *page)
{
	__SetPageUnscrubbed(page);
	atomic_long_inc(&nr_unscrubbed);
}

static void warn_alloc(gfp_t gfp, unsigned int order, unsigned long ip)
{
	if (gfp & __GFP_NOFAIL)
		panic("mm: out of memory: order %u __GFP_NOFAIL allocation from %pS failed",
		      order, (void *)ip);
	if (gfp & __GFP_NOWARN)
		return;
	pr_warn("page allocation failure: order:%u, mode:0x%x, caller %pS, free pages %lu\n",
		order, gfp, (void *)ip, READ_ONCE(zone.free_pages));
}

/* ---- per-CPU lists of free single pages ---- */

/* Set PG_pcp; return whether it was set already. */
static inline bool test_and_set_page_pcp(struct page *page)
{
	return __atomic_fetch_or(&page->flags, 1UL << PG_pcp, __ATOMIC_RELAXED) &
	       (1UL << PG_pcp);
}

static inline void clear_page_pcp(struct page *page)
{
	__atomic_fetch_and(&page->flags, ~(1UL << PG_pcp), __ATOMIC_RELAXED);
}

/* Give at most @n of @pcp's oldest pages back.  zone.lock held. */
static void pcp_give_back_locked(struct per_cpu_pages *pcp, unsigned int n)
{
	while (n-- && pcp->count) {
		struct page *page = list_last_entry(&pcp->list, struct page, lru);

		list_del(&page->lru);
		pcp->count--;
		clear_page_pcp(page);
		__free_one_page(page_to_pfn(page), 0);
		zone.free_pages++;
	}
}

/* The same, taking the zone lock.  Interrupts disabled. */
static void pcp_give_back(struct per_cpu_pages *pcp, unsigned int n)
{
	spin_lock(&zone.lock);
	pcp_give_back_locked(pcp, n);
	spin_unlock(&zone.lock);
}

/* A single page off this CPU's list, refilled if empty; or NULL. */
static struct page *pcp_alloc(void)
{
	struct per_cpu_pages *pcp;
	struct page *page = NULL;
	unsigned long flags;

	local_irq_save(flags);
	pcp = this_cpu_ptr(&pcp_lists);
	if (!pcp->count) {
		spin_lock(&zone.lock);
		/* Never into the reserve: __GFP_HIGH goes to the free lists. */
		while (pcp->count < pcp_batch && zone.free_pages > zone.reserve_pages) {
			page = __rmqueue(0);
			if (!page)
				break;
			zone.free_pages--;
			test_and_set_page_pcp(page);
			list_add_tail(&page->lru, &pcp->list);
			pcp->count++;
		}
		spin_unlock(&zone.lock);
		page = NULL;
	}
	if (pcp->count) {
		page = list_first_entry(&pcp->list, struct page, lru);
		list_del(&page->lru);
		pcp->count--;
		clear_page_pcp(page);
	}
	local_irq_restore(flags);
	return page;
}

/*
 * Put @page, a single page being freed, on this CPU's list.  False if it
 * is free already (a double free): then nothing is done.
 */
static bool pcp_free(struct page *page)
{
	struct per_cpu_pages *pcp;
	unsigned long flags;

	if (pfn_is_free(page_to_pfn(page)))
		return false;
	/* Of two racing frees of the page, one finds the flag set. */
	if (test_and_set_page_pcp(page))
		return false;
	mark_block_poisoned(page, 0);
	local_irq_save(flags);
	pcp = this_cpu_ptr(&pcp_lists);
	list_add(&page->lru, &pcp->list);
	if (++pcp->count >= pcp_high)
		pcp_give_back(pcp, pcp_batch);
	local_irq_restore(flags);
	return true;
}

/* Give all of @pcp's pages back: its CPU's, or a dead CPU's. */
static void pcp_drain(struct per_cpu_pages *pcp)
{
	unsigned long flags;

	local_irq_save(flags);
	pcp_give_back(pcp, UINT_MAX);
	local_irq_restore(flags);
}

static void drain_local_pages(void *unused)
{
	pcp_drain(this_cpu_ptr(&pcp_lists));
}

/* For tests: pages on @cpu's list, and the most it keeps (0: no lists). */
unsigned int page_pcp_count(unsigned int cpu)
{
	return READ_ONCE(per_cpu(pcp_lists, cpu).count);
}

unsigned int page_pcp_high(void)
{
	return pcp_high;
}

/**
 * drain_all_pages() - give every online CPU's free single pages back
 *
 * After it, freed single pages have merged with their buddies.  Waits for
 * an IPI to each CPU: not from interrupt context, nor with interrupts
 * disabled.
 */
void drain_all_pages(void)
{
	on_each_cpu(drain_local_pages, NULL, true);
}

/* CPU hotplug, on a surviving CPU: give a dead CPU's pages back. */
static int page_alloc_dead_cpu(unsigned int cpu)
{
	pcp_drain(per_cpu_ptr(&pcp_lists, cpu));
	return 0;
}

static int __init page_alloc_cpuhp_init(void)
{
	int ret = cpuhp_setup_state_nocalls(CPUHP_BP_PREPARE_DYN, "mm/page_alloc:dead", NULL,
					    page_alloc_dead_cpu);

	if (ret < 0)
		pr_warn("no CPU hotplug step: an offline CPU's free pages stay on its list\n");
	return 0;
}
early_initcall(page_alloc_cpuhp_init);

/* A block off the free lists, leaving @reserve pages.  zone.lock held. */
static struct page *rmqueue_locked(unsigned int order, unsigned long reserve)
{
	struct page *page = NULL;

	if (zone.free_pages >= reserve + (1UL << order)) {
		page = __rmqueue(order);
		if (page)
			zone.free_pages -= 1UL << order;
	}
	return page;
}

struct page *__alloc_pages_ip(gfp_t gfp, unsigned int order, unsigned long ip)
{
	unsigned long flags, reserve;
	struct page *page = NULL;

	/* The zone lock may be held by the code the NMI interrupted. */
	if (WARN_ON_ONCE(in_nmi()))
		return NULL;
	if (unlikely(order > MAX_PAGE_ORDER)) {
		if (!(gfp & __GFP_NOWARN))
			pr_warn("alloc_pages: order %u too large (max %u), caller %pS\n",
				order, MAX_PAGE_ORDER, (void *)ip);
		return NULL;
	}
	if (unlikely(!zone.ready)) {
		pr_err("alloc_pages before page_alloc_init(), caller %pS\n", (void *)ip);
		return NULL;
	}

	if (!order && pcp_high)
		page = pcp_alloc();
	if (!page) {
		reserve = (gfp & __GFP_HIGH) ? 0 : zone.reserve_pages;
		spin_lock_irqsave(&zone.lock, flags);
		page = rmqueue_locked(order, reserve);
		if (!page && pcp_high && this_cpu_ptr(&pcp_lists)->count) {
			/* This CPU's free single pages may complete a block. */
			pcp_give_back_locked(this_cpu_ptr(&pcp_lists), UINT_MAX);
			page = rmqueue_locked(order, reserve);
		}
		if (!page)
			zone.alloc_fail++;
		spin_unlock_irqrestore(&zone.lock, flags);
	}

	if (unlikely(!page)) {
		warn_alloc(gfp, order, ip);
		return NULL;
	}
	check_block_poison(page, order, ip);
	scrub_boot_pages(page, order);
	if ((gfp & __GFP_COMP) && order)
		prep_compound_page(page, order);
	if (gfp & __GFP_ZERO)
		memset(page_address(page), 0, PAGE_SIZE << order);
	return page;
}

/**
 * alloc_pages() - allocate 2^@order physically contiguous pages
 * @gfp: GFP_* flags (__GFP_ZERO, __GFP_NOWARN, __GFP_HIGH, __GFP_COMP)
 * @order: log2 of the number of pages, at most MAX_PAGE_ORDER
 *
 * The block is naturally aligned: its physical address is a multiple of
 * PAGE_SIZE << @order.  Never sleeps.
 *
 * Return: the first page's descriptor, or NULL.
 */
struct page *alloc_pages(gfp_t gfp, unsigned int order)
{
	return __alloc_pages_ip(gfp, order, _RET_IP_);
}

/*
 * Complain about a bad free.  The block is not freed: leaking it is the
 * only safe thing to do with the allocator's state intact.
 */
static void bad_free(struct page *page, unsigned int order, const char *why,
		     unsigned long ip)
{
	printk(KERN_ERR "BUG: %s: pfn 0x%lx order %u (flags 0x%lx) freed by %pS\n",
	       why, page_to_pfn(page), order, page->flags, (void *)ip);
	mm_report_end();
}

void __free_pages_ip(struct page *page, unsigned int order, unsigned long ip)
{
	unsigned long pfn = page_to_pfn(page);
	unsigned long flags, i;
	const char *bad = NULL;

	if (WARN_ON_ONCE(in_nmi()))
		return;		/* leaked: see __alloc_pages_ip() */
	if (unlikely(order > MAX_PAGE_ORDER || !pfn_valid(pfn) ||
		     (pfn & ((1UL << order) - 1)))) {
		bad_free(page, order, "Bad page free (order or alignment)", ip);
		return;
	}
	if (unlikely(PageReserved(page) || PageSlab(page) || PageTail(page))) {
		bad_free(page, order, "Bad page state", ip);
		return;
	}
	if (PageHead(page)) {
		if (unlikely(page->order != order)) {
			bad_free(page, order, "Bad page free (compound order mismatch)", ip);
			return;
		}
		for (i = 1; i < (1UL << order); i++) {
			__ClearPageTail(page + i);
			page[i].first_page = NULL;
		}
		__ClearPageHead(page);
	}
	page->flags &= ~(1UL << PG_large_kmalloc);
	/* Also the free check of a large kmalloc(); no zone lock held. */
	debug_check_no_obj_freed(page_address(page), PAGE_SIZE << order);
	poison_block(page, order);

	if (!order && pcp_high) {
		if (!pcp_free(page))
			bad_free(page, order, "double free of pages", ip);
		return;
	}
	spin_lock_irqsave(&zone.lock, flags);
	if (unlikely(pfn_is_free(pfn) ||
		     (order && pfn_is_free(pfn + (1UL << order) - 1))))
		bad = "double free";
	else {
		mark_block_poisoned(page, order);
		__free_one_page(pfn, order);
		zone.free_pages += 1UL << order;
	}
	spin_unlock_irqrestore(&zone.lock, flags);

	if (unlikely(bad))
		bad_free(page, order, "double free of pages", ip);
}

/**
 * __free_pages() - free pages from alloc_pages()
 * @page: the first page, as alloc_pages() returned it
 * @order: the order passed to alloc_pages()
 *
 * Freeing a block twice, or with the wrong order, prints a "BUG:" report
 * and leaks the block instead of corrupting the free lists.
 */
void __free_pages(struct page *page, unsigned int order)
{
	if (page)
		__free_pages_ip(page, order, _RET_IP_);
}

/**
 * __get_free_pages() - allocate 2^@order pages, return their address
 * @gfp: GFP_* flags
 * @order: log2 of the number of pages
 *
 * Return: the direct-map virtual address of the block, or 0.
 */
unsigned long __get_free_pages(gfp_t gfp, unsigned int order)
{
	struct page *page = __alloc_pages_ip(gfp, order, _RET_IP_);

	return page ? (unsigned long)page_address(page) : 0;
}

/**
 * get_zeroed_page() - allocate one zeroed page
 * @gfp: GFP_* flags
 *
 * Return: its virtual address, or 0.
 */
unsigned long get_zeroed_page(gfp_t gfp)
{
	struct page *page = __alloc_pages_ip(gfp | __GFP_ZERO, 0, _RET_IP_);

	return page ? (unsigned long)page_address(page) : 0;
}

/**
 * free_pages() - free pages from __get_free_pages()
 * @addr: the address __get_free_pages() returned; 0 is ignored
 * @order: the order passed to it
 */
void free_pages(unsigned long addr, unsigned int order)
{
	if (!addr)
		return;
	if (unlikely(!virt_addr_valid((void *)addr) || !PAGE_ALIGNED(addr))) {
		printk(KERN_ERR "BUG: free_pages of invalid address 0x%lx order %u by %pS\n",
		       addr, order, (void *)_RET_IP_);
		mm_report_end();
		return;
	}
	__free_pages_ip(virt_to_page((void *)addr), order, _RET_IP_);
}

/* Free the pfn range [@pfn, @end) as the largest aligned blocks possible. */
static void free_pfn_range(unsigned long pfn, unsigned long end, unsigned long ip)
{
	while (pfn < end) {
		unsigned int order = pfn ? __builtin_ctzl(pfn) : MAX_PAGE_ORDER;

		if (order > MAX_PAGE_ORDER)
			order = MAX_PAGE_ORDER;
		while (pfn + (1UL << order) > end)
			order--;
		__free_pages_ip(pfn_to_page(pfn), order, ip);
		pfn += 1UL << order;
	}
}

/**
 * split_page() - turn a non-compound 2^@order block into 2^@order pages
 * @page: first page of a block from alloc_pages() without __GFP_COMP
 * @order: its order
 *
 * Afterwards every page can be freed on its own with __free_pages(p, 0).
 */
void split_page(struct page *page, unsigned int order)
{
	/* Blocks carry no per-block state besides compound flags. */
	WARN_ON(PageHead(page));
}

/**
 * alloc_pages_exact() - allocate exactly PAGE_ALIGN(@size) contiguous bytes
 * @size: bytes
 * @gfp: GFP_* flags (__GFP_COMP is not allowed)
 *
 * Allocates the next power of two and gives back the pages beyond
 * PAGE_ALIGN(@size) at once.
 *
 * Return: the virtual address, page aligned, or NULL.
 */
void *alloc_pages_exact(size_t size, gfp_t gfp)
{
	unsigned int order = get_order(size);
	unsigned long pfn, nr = PAGE_ALIGN(size) >> PAGE_SHIFT;
	struct page *page;

	if (!size)
		return NULL;
	page = __alloc_pages_ip(gfp & ~__GFP_COMP, order, _RET_IP_);
	if (!page)
		return NULL;
	pfn = page_to_pfn(page);
	free_pfn_range(pfn + nr, pfn + (1UL << order), _RET_IP_);
	return page_address(page);
}

/**
 * free_pages_exact() - free memory from alloc_pages_exact()
 * @virt: the address it returned
 * @size: the size passed to it
 */
void free_pages_exact(void *virt, size_t size)
{
	unsigned long pfn;

	if (!virt)
		return;
	pfn = virt_to_pfn(virt);
	free_pfn_range(pfn, pfn + (PAGE_ALIGN(size) >> PAGE_SHIFT), _RET_IP_);
}

/** totalram_pages() - number of pages managed by the page allocator */
unsigned long totalram_pages(void)
{
	return READ_ONCE(zone.managed_pages);
}

/* Free single pages on the CPUs' lists (a snapshot). */
static unsigned long pcp_pages(void)
{
	unsigned long n = 0;
	unsigned int cpu;

	if (pcp_high)
		for (cpu = 0; cpu < nr_cpu_ids; cpu++)
			n += READ_ONCE(per_cpu(pcp_lists, cpu).count);
	return n;
}

/**
 * nr_free_pages() - number of free pages right now (a snapshot)
 *
 * Those on the CPUs' lists of free single pages included.
 */
unsigned long nr_free_pages(void)
{
	return READ_ONCE(zone.free_pages) + pcp_pages();
}

/*
 * Boot: which physical ranges are free?  Usable regions of the memory
 * map, minus everything below 1 MiB, the kernel image with the early
 * allocations after it, and (once placed) mem_map itself.
 */
struct phys_range {
	u64 start, end;
};

#define NR_RESERVED	3
static struct phys_range reserved[NR_RESERVED] __initdata;

typedef void (*range_fn)(u64 start, u64 end, void *arg);

static void __init for_each_free_piece(u64 start, u64 end, int idx,
				       range_fn fn, void *arg)
{
	const struct phys_range *r;

	if (start >= end)
		return;
	if (idx == NR_RESERVED) {
		fn(start, end, arg);
		return;
	}
	r = &reserved[idx];
	if (r->start >= end || r->end <= start) {
		for_each_free_piece(start, end, idx + 1, fn, arg);
		return;
	}
	for_each_free_piece(start, r->start, idx + 1, fn, arg);
	for_each_free_piece(r->end, end, idx + 1, fn, arg);
}

static void __init for_each_free_range(range_fn fn, void *arg)
{
	int i;

	for (i = 0; i < boot_info.nr_mem && i < BOOT_MEM_MAX; i++) {
		const struct boot_mem_region *m = &boot_info.mem[i];
		u64 start, end;

		if (m->type != BOOT_MEM_USABLE)
			continue;
		start = ALIGN(m->base, (u64)PAGE_SIZE);
		end = ALIGN_DOWN(m->base + m->len, (u64)PAGE_SIZE);
		for_each_free_piece(start, end, 0, fn, arg);
	}
}

struct place_arg {
	u64 size;
	u64 found;
};

static void __init find_space(u64 start, u64 end, void *arg)
{
	struct place_arg *p = arg;

	if (!p->found && end - start >= p->size)
		p->found = start;
}

static void __init free_range(u64 start, u64 end, void *arg)
{
	unsigned long pfn, spfn = start >> PAGE_SHIFT, epfn = end >> PAGE_SHIFT;

	for (pfn = spfn; pfn < epfn; pfn++) {
		__ClearPageReserved(pfn_to_page(pfn));
		__SetPageUnscrubbed(pfn_to_page(pfn));
	}
	atomic_long_add(epfn - spfn, &nr_unscrubbed);
	zone.managed_pages += epfn - spfn;
	free_pfn_range(spfn, epfn, _THIS_IP_);
}

void __init page_alloc_init(void)
{
	u64 map_bytes, top = 0;
	struct place_arg place;
	unsigned long pfn, o;
	int i;

	for (o = 0; o <= MAX_PAGE_ORDER; o++)
		INIT_LIST_HEAD(&zone.free_area[o].free_list);

	for (i = 0; i < boot_info.nr_mem && i < BOOT_MEM_MAX; i++) {
		const struct boot_mem_region *m = &boot_info.mem[i];

		if (m->type != BOOT_MEM_USABLE)
			continue;
		ram_bytes += m->len;
		if (m->base + m->len > top)
			top = m->base + m->len;
	}
	max_pfn = ALIGN_DOWN(top, (u64)PAGE_SIZE) >> PAGE_SHIFT;
	if (!max_pfn)
		panic("mm: no usable RAM in the memory map");

	reserved[0] = (struct phys_range){ 0, LOW_MEM_END };
	reserved[1].start = ALIGN_DOWN(boot_info.kernel_start, (u64)PAGE_SIZE);
	reserved[1].end = ALIGN(max(boot_info.kernel_end, boot_info.early_alloc_end),
				(u64)PAGE_SIZE);
	reserved[2] = (struct phys_range){ 0, 0 };

	/* mem_map goes into the first free range large enough for it. */
	map_bytes = PAGE_ALIGN((u64)max_pfn * sizeof(struct page));
	place.size = map_bytes;
	place.found = 0;
	for_each_free_range(find_space, &place);
	if (!place.found)
		panic("mm: no room for mem_map (%llu bytes)", (unsigned long long)map_bytes);
	reserved[2] = (struct phys_range){ place.found, place.found + map_bytes };
	mem_map = __va(place.found);

	memset(mem_map, 0, max_pfn * sizeof(struct page));
	for (pfn = 0; pfn < max_pfn; pfn++)
		__SetPageReserved(pfn_to_page(pfn));

	zone.ready = true;
	for_each_free_range(free_range, NULL);
	/* Keep about 1/256 of RAM, at most 4 MiB, for GFP_ATOMIC. */
	zone.reserve_pages = min(zone.managed_pages / 256, 1024UL);
	for (i = 0; i < (int)nr_cpu_ids; i++)
		INIT_LIST_HEAD(&per_cpu(pcp_lists, i).list);
	/* All the lists together at most 1/64 of RAM; none if that is tiny. */
	pcp_high = min_t(unsigned long, PCP_HIGH_MAX, zone.managed_pages / (64UL * nr_cpu_ids));
	if (pcp_high < 8)
		pcp_high = 0;
	pcp_batch = max(pcp_high / 4, 1U);
	kmalloc_caches_init();
	zone.poison = IS_ENABLED(CONFIG_PAGE_POISONING);

	pr_info("%llu MiB RAM, %lu pages free (%lu MiB), mem_map %llu KiB at 0x%llx, reserve %lu pages\n",
		(unsigned long long)(ram_bytes >> 20), zone.free_pages,
		zone.free_pages >> (20 - PAGE_SHIFT),
		(unsigned long long)(map_bytes >> 10),
		(unsigned long long)place.found, zone.reserve_pages);
}

/**
 * mm_print_stats() - print memory usage
 *
 * Total RAM, the page allocator's managed and free pages, free blocks per
 * order, and per slab cache its objects in use; the shell's "mem".
 */
void mm_print_stats(void)
{
	unsigned long nr_free[NR_PAGE_ORDERS], flags, free, fail, pcp;
	unsigned int o;

	spin_lock_irqsave(&zone.lock, flags);
	for (o = 0; o <= MAX_PAGE_ORDER; o++)
		nr_free[o] = zone.free_area[o].nr_free;
	free = zone.free_pages;
	fail = zone.alloc_fail;
	spin_unlock_irqrestore(&zone.lock, flags);

	printk("RAM:        %llu KiB (%llu MiB)\n",
	       (unsigned long long)(ram_bytes >> 10),
	       (unsigned long long)(ram_bytes >> 20));
	printk("Managed:    %lu pages (%lu KiB), reserve for atomic %lu pages\n",
	       zone.managed_pages, zone.managed_pages << (PAGE_SHIFT - 10),
	       zone.reserve_pages);
	pcp = pcp_pages();
	free += pcp;
	printk("Free:       %lu pages (%lu KiB), used %lu pages, failed allocations %lu\n",
	       free, free << (PAGE_SHIFT - 10), zone.managed_pages - free, fail);
	printk("Per-CPU:    %lu free single pages on the CPUs' lists (at most %u per CPU, %u at a time)\n",
	       pcp, pcp_high, pcp_batch);
	printk("Free blocks by order:");
	for (o = 0; o <= MAX_PAGE_ORDER; o++)
		printk(KERN_CONT " %u:%lu", o, nr_free[o]);
	printk(KERN_CONT "\n");
	slab_print_stats();
}
