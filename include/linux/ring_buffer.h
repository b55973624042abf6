/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_RING_BUFFER_H
#define _LINUX_RING_BUFFER_H

#include <linux/types.h>
#include <linux/atomic.h>

/*
 * A per-CPU ring of fixed-size trace entries (kernel/trace/ring_buffer.c).
 *
 * Only its own CPU writes a ring, but a writer can be interrupted by an
 * interrupt or an NMI that writes too.  A writer reserves the next index
 * with one atomic increment of ->head (so nesting writers get distinct
 * slots), marks the slot busy (->seq = 0), fills it and commits it by
 * storing ->seq = index + 1 with release.  The oldest entries are
 * overwritten once the ring is full; nothing ever waits.
 *
 * Readers, on any CPU, take snapshots: an entry is copied only if its
 * ->seq before and after the copy names the index the reader expected, so
 * an entry being rewritten meanwhile is dropped, never torn.
 */

#define TRACE_ENTRY_ARGS	10

/**
 * struct trace_entry - one recorded event
 * @seq: reservation index + 1 once committed; 0 while being written
 * @ts: ktime_get_ns() at the event
 * @type: the event's id
 * @flags: TRACE_FLAG_* of the context the event was recorded in
 * @preempt: preemption depth (preempt_count()'s preempt bits)
 * @pid: the current task's pid
 * @comm: the current task's name
 * @args: the event's fields; strings are pointers to static strings
 */
struct trace_entry {
	u64 seq;
	u64 ts;
	u16 type;
	u8 flags;
	u8 preempt;
	s32 pid;
	char comm[16];
	u64 args[TRACE_ENTRY_ARGS];
};

#define TRACE_FLAG_IRQS_OFF	0x01
#define TRACE_FLAG_NEED_RESCHED	0x02
#define TRACE_FLAG_HARDIRQ	0x04
#define TRACE_FLAG_SOFTIRQ	0x08
#define TRACE_FLAG_NMI		0x10

/**
 * struct trace_ring - one CPU's ring
 * @head: next index to reserve (count of entries ever reserved)
 * @start: first index a reader looks at (trace_ring_reset() moves it)
 * @mask: number of slots - 1 (a power of two)
 * @slots: the entries
 */
struct trace_ring {
	atomic64_t head;
	u64 start;
	u64 mask;
	struct trace_entry *slots;
};

int trace_ring_init(struct trace_ring *r, unsigned int entries);
void trace_ring_free(struct trace_ring *r);
struct trace_entry *trace_ring_reserve(struct trace_ring *r, u64 *idx);
void trace_ring_commit(struct trace_entry *e, u64 idx);
void trace_ring_reset(struct trace_ring *r);
unsigned int trace_ring_snapshot(const struct trace_ring *r,
				 struct trace_entry *out, unsigned int max);

/** trace_ring_written() - entries reserved since the last reset */
static inline u64 trace_ring_written(const struct trace_ring *r)
{
	return (u64)atomic64_read(&r->head) - READ_ONCE(r->start);
}

/** trace_ring_size() - the number of slots */
static inline unsigned int trace_ring_size(const struct trace_ring *r)
{
	return r->slots ? r->mask + 1 : 0;
}

#endif /* _LINUX_RING_BUFFER_H */
