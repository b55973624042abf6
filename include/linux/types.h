/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_TYPES_H
#define _LINUX_TYPES_H

#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdarg.h>
#include <linux/compiler.h>

typedef int8_t s8;
typedef uint8_t u8;
typedef int16_t s16;
typedef uint16_t u16;
typedef int32_t s32;
typedef uint32_t u32;
typedef int64_t s64;
typedef uint64_t u64;

#ifndef __ssize_t_defined
typedef long ssize_t;
#define __ssize_t_defined
#endif
typedef unsigned long uintptr;
typedef unsigned long ulong;
typedef unsigned int uint;
typedef u64 phys_addr_t;
typedef unsigned int gfp_t;
typedef int pid_t;
typedef unsigned int uid_t;
typedef unsigned int gid_t;

typedef struct {
	int counter;
} atomic_t;

typedef struct {
	long counter;
} atomic_long_t;

typedef struct {
	s64 counter;
} atomic64_t;

struct list_head {
	struct list_head *next, *prev;
};

struct hlist_head {
	struct hlist_node *first;
};

struct hlist_node {
	struct hlist_node *next, **pprev;
};

/**
 * struct callback_head - a deferred-call record, embedded in the object it frees
 * @next: link in the callback list; owned by RCU while queued
 * @func: function to call after a grace period
 */
struct callback_head {
	struct callback_head *next;
	void (*func)(struct callback_head *head);
} __aligned(sizeof(void *));
#define rcu_head callback_head

typedef void (*rcu_callback_t)(struct rcu_head *head);

#endif /* _LINUX_TYPES_H */
