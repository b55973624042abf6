/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_SLAB_H
#define _LINUX_SLAB_H

#include <linux/types.h>
#include <linux/gfp.h>
#include <linux/atomic.h>

/*
 * Object allocator: kmalloc() and kmem caches (kernel/mm/slab.c).
 *
 * kmalloc() serves sizes up to KMALLOC_MAX_CACHE_SIZE from power-of-two
 * size classes (plus 96 and 192), larger sizes straight from the page
 * allocator.  A kmalloc() of a power-of-two size is aligned to that size
 * (up to PAGE_SIZE); every object is at least ARCH_KMALLOC_MINALIGN
 * aligned.  Nothing here sleeps: every function may be called from any
 * CPU, with interrupts disabled and from hardirq or softirq context, but
 * not from NMI (there allocations fail and frees leak, with a WARNING).
 *
 * With CONFIG_DEBUG_KMALLOC, free objects are filled with POISON_FREE and
 * checked when they are handed out again, new objects are filled with
 * POISON_INUSE (unless __GFP_ZERO), the slack after a kmalloc() object's
 * requested size is a red zone checked at kfree(), and every report
 * ("BUG: double free", "BUG: kfree of invalid pointer",
 * "BUG: poison overwritten", "BUG: redzone overwritten") increments
 * kmalloc_debug_reports.  Double and invalid frees are detected (and
 * ignored, without corrupting the allocator) in every configuration.
 */

typedef unsigned int slab_flags_t;

#define SLAB_POISON		((slab_flags_t)0x00000800u)	/* always poison (debug) */
#define SLAB_HWCACHE_ALIGN	((slab_flags_t)0x00002000u)	/* align objects to cache lines */
#define SLAB_PANIC		((slab_flags_t)0x00040000u)	/* panic if creation fails */
#define SLAB_TYPESAFE_BY_RCU	((slab_flags_t)0x00080000u)	/* see kmem_cache_create_typesafe() */
#define SLAB_ACCOUNT		((slab_flags_t)0x04000000u)	/* accepted, no effect */
#define SLAB_RECLAIM_ACCOUNT	((slab_flags_t)0x00020000u)	/* accepted, no effect */
#define SLAB_NO_DEBUG		((slab_flags_t)0x10000000u)	/* never poison this cache */

#ifndef POISON_INUSE
#define POISON_INUSE		0x5a	/* fresh object, not yet written */
#define POISON_FREE		0x6b	/* freed object */
#define PAGE_POISON		0xaa	/* freed page (CONFIG_PAGE_POISONING) */
#define POISON_END		0xa5	/* unused here, Linux compatibility */
#endif
#define SLUB_RED_ACTIVE		0xcc	/* slack after a kmalloc()'s requested size */

#define ARCH_KMALLOC_MINALIGN	8
#define ARCH_SLAB_MINALIGN	8
#define KMALLOC_MIN_SIZE	8
#define KMALLOC_SHIFT_HIGH	12
#define KMALLOC_MAX_CACHE_SIZE	(1UL << KMALLOC_SHIFT_HIGH)
#define KMALLOC_MAX_SIZE	(4096UL << MAX_PAGE_ORDER)

/* kmalloc(0) returns ZERO_SIZE_PTR: not NULL, but must not be dereferenced. */
#define ZERO_SIZE_PTR		((void *)16)
#define ZERO_OR_NULL_PTR(x)	((unsigned long)(x) <= (unsigned long)ZERO_SIZE_PTR)

#ifndef __malloc
#define __malloc		__attribute__((__malloc__))
#endif
#ifndef __alloc_size
#define __alloc_size(...)	__attribute__((__alloc_size__(__VA_ARGS__)))
#endif

struct kmem_cache;

/*
 * The kmalloc() size classes, smallest first: kmalloc_index() maps a size
 * to the class that serves it, kernel/mm/slab.c creates one cache each.
 */
#define KMALLOC_SIZES	8, 16, 32, 64, 96, 128, 192, 256, 512, 1024, 2048, 4096

/**
 * kmalloc_index() - the size class of a kmalloc() of @size bytes
 * @size: 1 to KMALLOC_MAX_CACHE_SIZE
 *
 * A chain of comparisons, so that the compiler folds it to a constant for
 * a constant @size: kmalloc(sizeof(*p), ...) then goes straight to its
 * cache.
 *
 * Return: the index in KMALLOC_SIZES of the smallest class of at least
 * @size bytes.
 */
static __always_inline unsigned int kmalloc_index(size_t size)
{
	if (size <= 8)
		return 0;
	if (size <= 16)
		return 1;
	if (size <= 32)
		return 2;
	if (size <= 64)
		return 3;
	if (size <= 96)
		return 4;
	if (size <= 128)
		return 5;
	if (size <= 192)
		return 6;
	if (size <= 256)
		return 7;
	if (size <= 512)
		return 8;
	if (size <= 1024)
		return 9;
	if (size <= 2048)
		return 10;
	return 11;
}

void *__kmalloc(size_t size, gfp_t flags) __malloc __alloc_size(1);
void *__kmalloc_class(unsigned int index, size_t size, gfp_t flags) __malloc __alloc_size(2);

/**
 * kmalloc() - allocate memory
 * @size: bytes; 0 returns ZERO_SIZE_PTR
 * @flags: GFP_* flags: GFP_KERNEL, GFP_ATOMIC, GFP_NOWAIT, __GFP_ZERO,
 *	__GFP_NOWARN...
 *
 * Never sleeps; usable from any context but NMI.  Sizes up to
 * KMALLOC_MAX_CACHE_SIZE come from slab size classes, larger ones from the
 * page allocator (up to KMALLOC_MAX_SIZE).  Power-of-two sizes are
 * aligned to their size, up to PAGE_SIZE.  A constant size picks its
 * class at compile time.
 *
 * Return: the memory, or NULL.
 */
static __always_inline __malloc __alloc_size(1) void *kmalloc(size_t size, gfp_t flags)
{
	if (__builtin_constant_p(size) && size && size <= KMALLOC_MAX_CACHE_SIZE)
		return __kmalloc_class(kmalloc_index(size), size, flags);
	return __kmalloc(size, flags);
}

void *krealloc(const void *p, size_t new_size, gfp_t flags) __alloc_size(2);
void kfree(const void *obj);
void kfree_bulk(size_t nr, void **p);
size_t ksize(const void *obj);

/**
 * kzalloc() - allocate zeroed memory
 * @size: bytes
 * @flags: GFP_* flags
 *
 * Return: zeroed memory, ZERO_SIZE_PTR for @size 0, or NULL.
 */
static inline __malloc void *kzalloc(size_t size, gfp_t flags)
{
	return kmalloc(size, flags | __GFP_ZERO);
}

/**
 * kmalloc_array() - allocate an array, checking @n * @size for overflow
 * @n: number of elements
 * @size: element size
 * @flags: GFP_* flags
 *
 * Return: the memory, or NULL if the product overflows or on failure.
 */
static inline __malloc void *kmalloc_array(size_t n, size_t size, gfp_t flags)
{
	size_t bytes;

	if (unlikely(__builtin_mul_overflow(n, size, &bytes)))
		return NULL;
	return kmalloc(bytes, flags);
}

/** kcalloc() - kmalloc_array() returning zeroed memory */
static inline __malloc void *kcalloc(size_t n, size_t size, gfp_t flags)
{
	return kmalloc_array(n, size, flags | __GFP_ZERO);
}

/** krealloc_array() - krealloc() to @new_n elements of @size, overflow checked */
static inline void *krealloc_array(void *p, size_t new_n, size_t size, gfp_t flags)
{
	size_t bytes;

	if (unlikely(__builtin_mul_overflow(new_n, size, &bytes)))
		return NULL;
	return krealloc(p, bytes, flags);
}

/* No vmalloc in rcuos: the kv* variants are physically contiguous. */
#define kvmalloc(size, flags)		kmalloc((size), (flags))
#define kvzalloc(size, flags)		kzalloc((size), (flags))
#define kvmalloc_array(n, size, flags)	kmalloc_array((n), (size), (flags))
#define kvcalloc(n, size, flags)	kcalloc((n), (size), (flags))
#define kvfree(p)			kfree(p)

struct kmem_cache *kmem_cache_create(const char *name, unsigned int size,
				     unsigned int align, slab_flags_t flags,
				     void (*ctor)(void *));
struct kmem_cache *kmem_cache_create_typesafe(const char *name, unsigned int size,
					      unsigned int align, unsigned int keep,
					      slab_flags_t flags, void (*ctor)(void *));
void kmem_cache_destroy(struct kmem_cache *s);
void *kmem_cache_alloc(struct kmem_cache *s, gfp_t flags) __malloc;
void kmem_cache_free(struct kmem_cache *s, void *obj);
int kmem_cache_shrink(struct kmem_cache *s);
unsigned int kmem_cache_size(struct kmem_cache *s);

/** kmem_cache_zalloc() - kmem_cache_alloc() returning a zeroed object */
static inline __malloc void *kmem_cache_zalloc(struct kmem_cache *s, gfp_t flags)
{
	return kmem_cache_alloc(s, flags | __GFP_ZERO);
}

/* A cache named after, sized and aligned for struct @__struct. */
#define KMEM_CACHE(__struct, __flags)					\
	kmem_cache_create(#__struct, sizeof(struct __struct),		\
			  __alignof__(struct __struct), (__flags), NULL)

bool kmem_valid_obj(void *object);
void kmem_dump_obj(void *object);
void mem_dump_obj(void *object);

/* Number of allocator bug reports printed so far (tests check it). */
extern atomic_t kmalloc_debug_reports;

#endif /* _LINUX_SLAB_H */
