// SPDX-License-Identifier: GPL-2.0
/*
 * In-place heapsort: O(n log n) comparisons in the worst case, no recursion
 * and no extra memory, so it is safe on any stack and in any context.
 * Not stable.
 */
#include <linux/sort.h>
#include <linux/kernel.h>

static void swap_words_64(void *a, void *b, int size)
{
	u64 *x = a, *y = b, t;

	for (; size > 0; size -= 8) {
		t = *x;
		*x++ = *y;
		*y++ = t;
	}
}

static void swap_words_32(void *a, void *b, int size)
{
	u32 *x = a, *y = b, t;

	for (; size > 0; size -= 4) {
		t = *x;
		*x++ = *y;
		*y++ = t;
	}
}

static void swap_bytes(void *a, void *b, int size)
{
	u8 *x = a, *y = b, t;

	for (; size > 0; size--) {
		t = *x;
		*x++ = *y;
		*y++ = t;
	}
}

/* The fastest default swap that the element size and alignment allow. */
static swap_func_t default_swap(const void *base, size_t size)
{
	unsigned long align = (unsigned long)base | size;

	if (!(align & 7))
		return swap_words_64;
	if (!(align & 3))
		return swap_words_32;
	return swap_bytes;
}

struct sort_ctx {
	char *base;
	size_t size;
	cmp_func_t cmp;
	cmp_r_func_t cmp_r;
	swap_func_t swap_fn;
	const void *priv;
};

static int do_cmp(const struct sort_ctx *ctx, size_t i, size_t j)
{
	const void *a = ctx->base + i * ctx->size;
	const void *b = ctx->base + j * ctx->size;

	return ctx->cmp ? ctx->cmp(a, b) : ctx->cmp_r(a, b, ctx->priv);
}

static void do_swap(const struct sort_ctx *ctx, size_t i, size_t j)
{
	ctx->swap_fn(ctx->base + i * ctx->size, ctx->base + j * ctx->size,
		  (int)ctx->size);
}

/* Restore the max-heap property below @root in a heap of @n elements. */
static void sift_down(const struct sort_ctx *ctx, size_t root, size_t n)
{
	size_t child;

	while ((child = 2 * root + 1) < n) {
		if (child + 1 < n && do_cmp(ctx, child, child + 1) < 0)
			child++;
		if (do_cmp(ctx, root, child) >= 0)
			return;
		do_swap(ctx, root, child);
		root = child;
	}
}

static void heapsort(struct sort_ctx *ctx, size_t num)
{
	size_t i;

	if (num < 2 || !ctx->size)
		return;
	if (!ctx->swap_fn)
		ctx->swap_fn = default_swap(ctx->base, ctx->size);

	for (i = num / 2; i-- > 0; )
		sift_down(ctx, i, num);
	for (i = num - 1; i > 0; i--) {
		do_swap(ctx, 0, i);
		sift_down(ctx, 0, i);
	}
}

/**
 * sort_r() - sort an array, with a context pointer for the comparison
 * @base: the array
 * @num: number of elements
 * @size: size of one element in bytes
 * @cmp_func: comparison; gets @priv as its third argument
 * @swap_func: exchange two elements, or NULL for a built-in byte/word swap
 * @priv: passed to @cmp_func
 *
 * Sorts into ascending order by @cmp_func.  Not stable.
 */
void sort_r(void *base, size_t num, size_t size, cmp_r_func_t cmp_func,
	    swap_func_t swap_func, const void *priv)
{
	struct sort_ctx ctx = {
		.base = base, .size = size, .cmp_r = cmp_func,
		.swap_fn = swap_func, .priv = priv,
	};

	heapsort(&ctx, num);
}

/**
 * sort() - sort an array
 * @base: the array
 * @num: number of elements
 * @size: size of one element in bytes
 * @cmp_func: comparison: <0, 0, >0 as the first argument sorts before,
 *            with or after the second
 * @swap_func: exchange two elements, or NULL for a built-in byte/word swap
 *
 * Sorts into ascending order by @cmp_func.  Not stable.  Heapsort: at most
 * about 2 n log2(n) comparisons, no allocation, no recursion.
 */
void sort(void *base, size_t num, size_t size, cmp_func_t cmp_func,
	  swap_func_t swap_func)
{
	struct sort_ctx ctx = {
		.base = base, .size = size, .cmp = cmp_func, .swap_fn = swap_func,
	};

	heapsort(&ctx, num);
}
