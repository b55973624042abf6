/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Private interfaces between the page allocator, the slab allocator and
 * their tests.  Nothing outside kernel/mm/ includes this.
 */
#ifndef _MM_INTERNAL_H
#define _MM_INTERNAL_H

#include <linux/types.h>
#include <linux/mm.h>
#include <linux/list.h>
#include <asm/arch.h>		/* dump_stack() */

/* page_alloc.c */
struct page *__alloc_pages_ip(gfp_t gfp, unsigned int order, unsigned long ip);
void __free_pages_ip(struct page *page, unsigned int order, unsigned long ip);
bool page_is_buddy_free(struct page *page, unsigned int order);
bool page_is_free(struct page *page);
void drain_all_pages(void);
unsigned int page_pcp_count(unsigned int cpu);
unsigned int page_pcp_high(void);
unsigned long page_unscrubbed_count(void);
void page_mark_unscrubbed(struct page *page);

/* slab.c */
void kmalloc_caches_init(void);
void slab_print_stats(void);
void mm_report_end(void);
void slab_rcu_counts(struct kmem_cache *s, long *pending, long *freed);
unsigned long slab_nr_slabs(struct kmem_cache *s);

#endif /* _MM_INTERNAL_H */
