/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_ERR_H
#define _LINUX_ERR_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/errno.h>

/*
 * Error pointers: a pointer-returning function can return -errno encoded in
 * the pointer.  The top MAX_ERRNO addresses of the address space are never
 * valid objects, so a pointer in that range is an error code.
 */
#define MAX_ERRNO	4095

#define IS_ERR_VALUE(x) unlikely((unsigned long)(void *)(x) >= (unsigned long)-MAX_ERRNO)

/**
 * ERR_PTR() - encode an error code in a pointer
 * @error: a negative errno, -MAX_ERRNO..-1
 *
 * Return: a pointer that IS_ERR() recognises and PTR_ERR() decodes.
 */
static inline void * __must_check ERR_PTR(long error)
{
	return (void *)error;
}

/**
 * PTR_ERR() - decode the error code held in an error pointer
 * @ptr: a pointer for which IS_ERR() is true
 *
 * Return: the negative errno.
 */
static inline long __must_check PTR_ERR(const void *ptr)
{
	return (long)ptr;
}

/**
 * IS_ERR() - does @ptr hold an error code?
 * @ptr: the pointer to check
 *
 * Return: true if @ptr was made by ERR_PTR().
 */
static inline bool __must_check IS_ERR(const void *ptr)
{
	return IS_ERR_VALUE((unsigned long)ptr);
}

/**
 * IS_ERR_OR_NULL() - is @ptr NULL or an error pointer?
 * @ptr: the pointer to check
 *
 * Return: true if @ptr is NULL or made by ERR_PTR().
 */
static inline bool __must_check IS_ERR_OR_NULL(const void *ptr)
{
	return unlikely(!ptr) || IS_ERR_VALUE((unsigned long)ptr);
}

/**
 * ERR_CAST() - pass an error pointer on as another pointer type
 * @ptr: the error pointer
 *
 * Return: @ptr, as a void pointer.
 */
static inline void * __must_check ERR_CAST(const void *ptr)
{
	return (void *)ptr;
}

/**
 * PTR_ERR_OR_ZERO() - the error code in @ptr, or 0 if it is a real pointer
 * @ptr: the pointer to check
 *
 * Return: the negative errno in @ptr, or 0.
 */
static inline int __must_check PTR_ERR_OR_ZERO(const void *ptr)
{
	if (IS_ERR(ptr))
		return PTR_ERR(ptr);
	return 0;
}

#endif /* _LINUX_ERR_H */
