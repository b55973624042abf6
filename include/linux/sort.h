/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_SORT_H
#define _LINUX_SORT_H

#include <linux/types.h>

/*
 * Comparison: <0, 0 or >0 as @a sorts before, with or after @b.
 * Swap: exchange the @size-byte elements at @a and @b.
 */
typedef int (*cmp_func_t)(const void *a, const void *b);
typedef int (*cmp_r_func_t)(const void *a, const void *b, const void *priv);
typedef void (*swap_func_t)(void *a, void *b, int size);

void sort(void *base, size_t num, size_t size, cmp_func_t cmp_func,
	  swap_func_t swap_func);
void sort_r(void *base, size_t num, size_t size, cmp_r_func_t cmp_func,
	    swap_func_t swap_func, const void *priv);

#endif /* _LINUX_SORT_H */
