/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_GFP_H
#define _LINUX_GFP_H

#include <linux/types.h>

/*
 * Allocation flags, as in Linux.
 *
 * rcuos has no reclaim, no swap and no I/O below the allocator, so no
 * allocation ever sleeps: the page allocator and kmalloc() are safe from
 * any context except NMI (where they fail with a WARNING), whatever the
 * flags.  The flags still matter:
 *
 *   __GFP_HIGH    may dip into the emergency reserve (GFP_ATOMIC sets it)
 *   __GFP_ZERO    return zeroed memory
 *   __GFP_NOWARN  do not print a message when the allocation fails
 *   __GFP_NOFAIL  the caller cannot handle failure: panic instead
 *   __GFP_COMP    (pages, order > 0) a compound page: compound_head() of
 *                 any page in it finds the first one
 *
 * The reclaim/IO/FS bits exist so that GFP_KERNEL, GFP_NOIO, ... keep their
 * Linux values' meaning (gfpflags_allow_blocking() etc.); they change
 * nothing here.
 */
#define __GFP_HIGH		((gfp_t)0x0001u)
#define __GFP_KSWAPD_RECLAIM	((gfp_t)0x0002u)
#define __GFP_DIRECT_RECLAIM	((gfp_t)0x0004u)
#define __GFP_IO		((gfp_t)0x0008u)
#define __GFP_FS		((gfp_t)0x0010u)
#define __GFP_ZERO		((gfp_t)0x0020u)
#define __GFP_NOWARN		((gfp_t)0x0040u)
#define __GFP_COMP		((gfp_t)0x0080u)
#define __GFP_NOFAIL		((gfp_t)0x0100u)
#define __GFP_NORETRY		((gfp_t)0x0200u)
#define __GFP_RETRY_MAYFAIL	((gfp_t)0x0400u)
#define __GFP_ACCOUNT		((gfp_t)0x0800u)
#define __GFP_NOLOCKDEP		((gfp_t)0x1000u)

#define __GFP_RECLAIM		(__GFP_DIRECT_RECLAIM | __GFP_KSWAPD_RECLAIM)

/* Any context, may use the emergency reserve. */
#define GFP_ATOMIC		(__GFP_HIGH | __GFP_KSWAPD_RECLAIM)
/* Process context; in Linux it may sleep, here it never does. */
#define GFP_KERNEL		(__GFP_RECLAIM | __GFP_IO | __GFP_FS)
#define GFP_KERNEL_ACCOUNT	(GFP_KERNEL | __GFP_ACCOUNT)
/* Any context, no reserve: fails rather than dig into it. */
#define GFP_NOWAIT		(__GFP_KSWAPD_RECLAIM)
#define GFP_NOIO		(__GFP_RECLAIM)
#define GFP_NOFS		(__GFP_RECLAIM | __GFP_IO)
#define GFP_USER		(__GFP_RECLAIM | __GFP_IO | __GFP_FS)

/**
 * gfpflags_allow_blocking() - could an allocation with @gfp sleep in Linux?
 * @gfp: allocation flags
 *
 * Return: true for GFP_KERNEL-like flags.  rcuos never blocks in the
 * allocator; this exists so that code written for Linux keeps its checks.
 */
static inline bool gfpflags_allow_blocking(const gfp_t gfp)
{
	return !!(gfp & __GFP_DIRECT_RECLAIM);
}

/* The largest buddy order: blocks of up to 2^10 pages (4 MiB). */
#define MAX_PAGE_ORDER		10
#define NR_PAGE_ORDERS		(MAX_PAGE_ORDER + 1)

struct page;

struct page *alloc_pages(gfp_t gfp, unsigned int order);
void __free_pages(struct page *page, unsigned int order);
unsigned long __get_free_pages(gfp_t gfp, unsigned int order);
unsigned long get_zeroed_page(gfp_t gfp);
void free_pages(unsigned long addr, unsigned int order);
void *alloc_pages_exact(size_t size, gfp_t gfp);
void free_pages_exact(void *virt, size_t size);

#define alloc_page(gfp)		alloc_pages((gfp), 0)
#define __get_free_page(gfp)	__get_free_pages((gfp), 0)
#define __free_page(page)	__free_pages((page), 0)
#define free_page(addr)		free_pages((addr), 0)

#endif /* _LINUX_GFP_H */
