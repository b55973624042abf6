/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_MM_H
#define _LINUX_MM_H

#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/gfp.h>
#include <asm/page.h>

/*
 * Physical page descriptors.
 *
 * Every page frame from pfn 0 to max_pfn has a struct page in mem_map[],
 * including holes and reserved memory (flagged PG_reserved), so that
 * pfn_to_page() is an array index.  The page allocator owns the
 * descriptors; other code may only use the accessors below.
 */

struct kmem_cache;

/**
 * struct page - descriptor of one physical page frame
 * @flags: PG_* bits
 * @lru: free-list link while PG_buddy or PG_pcp, slab-list link while PG_slab
 * @rcu_head: a SLAB_TYPESAFE_BY_RCU slab waiting for a grace period
 *	before it goes back to the page allocator (off every slab list)
 * @first_page: for a PG_tail page, the head page of its compound page
 * @slab_cache: for a slab head page, the cache it belongs to
 * @freelist: slab: index of the first free object
 * @inuse: slab: number of allocated objects
 * @objects: slab: number of objects in the slab
 * @order: PG_buddy: order of the free block; PG_head: order of the
 *	compound page
 * @slab_home: slab: the CPU whose lists hold it
 */
struct page {
	unsigned long flags;
	union {
		struct list_head lru;
		struct rcu_head rcu_head;
	};
	struct page *first_page;
	struct kmem_cache *slab_cache;
	u16 freelist;
	u16 inuse;
	u16 objects;
	u8 order;
	u16 slab_home;
};

enum pageflags {
	PG_reserved,		/* not RAM, or taken before page_alloc_init() */
	PG_buddy,		/* head of a free block in the buddy allocator */
	PG_head,		/* first page of a compound (multi-page) block */
	PG_tail,		/* other pages of a compound block */
	PG_slab,		/* head page of a slab */
	PG_large_kmalloc,	/* head page of a kmalloc() larger than a slab class */
	PG_poisoned,		/* free and filled with PAGE_POISON (PAGE_POISONING) */
	PG_pcp,			/* free single page on a CPU's list of free pages */
	PG_unscrubbed,		/* free since boot, never allocated: holds what the
				 * boot loader left there */
};

#define __PAGE_FLAG(name, bit)						\
static inline bool Page##name(const struct page *page)			\
{									\
	return page->flags & (1UL << (bit));				\
}									\
static inline void __SetPage##name(struct page *page)			\
{									\
	page->flags |= 1UL << (bit);					\
}									\
static inline void __ClearPage##name(struct page *page)		\
{									\
	page->flags &= ~(1UL << (bit));					\
}

__PAGE_FLAG(Reserved, PG_reserved)
__PAGE_FLAG(Buddy, PG_buddy)
__PAGE_FLAG(Head, PG_head)
__PAGE_FLAG(Tail, PG_tail)
__PAGE_FLAG(Slab, PG_slab)
__PAGE_FLAG(LargeKmalloc, PG_large_kmalloc)
__PAGE_FLAG(Poisoned, PG_poisoned)
__PAGE_FLAG(Pcp, PG_pcp)
__PAGE_FLAG(Unscrubbed, PG_unscrubbed)
#undef __PAGE_FLAG

extern struct page *mem_map;
extern unsigned long max_pfn;

#define page_to_pfn(page)	((unsigned long)((page) - mem_map))
#define pfn_to_page(pfn)	(mem_map + (pfn))
#define pfn_valid(pfn)		((unsigned long)(pfn) < max_pfn)
#define virt_to_pfn(v)		((unsigned long)(__pa(v) >> PAGE_SHIFT))
#define virt_to_page(v)		pfn_to_page(virt_to_pfn(v))
#define page_to_phys(page)	((phys_addr_t)page_to_pfn(page) << PAGE_SHIFT)
#define page_address(page)	__va(page_to_phys(page))
#define page_to_virt(page)	page_address(page)

/**
 * virt_addr_valid() - is @v an address in the direct map of RAM?
 * @v: a kernel virtual address
 *
 * Return: true if @v lies in the PAGE_OFFSET mapping and below max_pfn, so
 * that virt_to_page() is meaningful for it.
 */
static inline bool virt_addr_valid(const void *v)
{
	unsigned long a = (unsigned long)v;

	return a >= PAGE_OFFSET && pfn_valid((a - PAGE_OFFSET) >> PAGE_SHIFT);
}

/**
 * compound_head() - the head page of the compound page @page belongs to
 * @page: any page
 *
 * Return: @page itself unless it is a tail page.
 */
static inline struct page *compound_head(struct page *page)
{
	return PageTail(page) ? page->first_page : page;
}

/**
 * compound_order() - order of a compound page
 * @page: its head page
 *
 * Return: the order, 0 for a page that is not a compound head.
 */
static inline unsigned int compound_order(const struct page *page)
{
	return PageHead(page) ? page->order : 0;
}

#define PAGE_ALIGN(addr)	ALIGN((addr), PAGE_SIZE)
#define PAGE_ALIGNED(addr)	IS_ALIGNED((unsigned long)(addr), PAGE_SIZE)

/**
 * get_order() - the smallest page order that holds @size bytes
 * @size: a size in bytes, > 0
 *
 * Return: n such that PAGE_SIZE << n >= @size.
 */
static inline unsigned int get_order(unsigned long size)
{
	if (size <= PAGE_SIZE)
		return 0;
	return 64 - __builtin_clzl((size - 1) >> PAGE_SHIFT);
}

/**
 * page_alloc_init() - hand all free RAM to the page allocator
 *
 * Called once by the boot CPU after paging is up and boot_info is filled
 * (memory map, kernel extent, early_alloc_end), before the other CPUs
 * start and before the first alloc_pages() or kmalloc().  early_alloc()
 * must not be used afterwards.  kmalloc() needs no further set-up.
 */
void page_alloc_init(void);

void split_page(struct page *page, unsigned int order);

unsigned long totalram_pages(void);
unsigned long nr_free_pages(void);

/** mm_print_stats() - print RAM, free pages and slab usage (shell "mem") */
void mm_print_stats(void);

#endif /* _LINUX_MM_H */
