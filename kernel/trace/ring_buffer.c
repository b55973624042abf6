// SPDX-License-Identifier: GPL-2.0
/*
 * Per-CPU trace rings: lock-free reservation for one CPU's writers
 * (tasks, interrupts and NMIs nesting on it), overwrite of the oldest
 * entries, and snapshots for readers on any CPU.  The protocol is in
 * include/linux/ring_buffer.h.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/ring_buffer.h>
#include <linux/gfp.h>
#include <linux/log2.h>
#include <linux/string.h>
#include <asm/barrier.h>

/**
 * trace_ring_init() - allocate @r with @entries slots
 * @r: the ring, zeroed
 * @entries: rounded up to a power of two, at least 2
 *
 * Return: 0 or -ENOMEM.
 */
int trace_ring_init(struct trace_ring *r, unsigned int entries)
{
	unsigned long n = roundup_pow_of_two(max(entries, 2u));

	r->slots = alloc_pages_exact(n * sizeof(struct trace_entry), GFP_KERNEL);
	if (!r->slots)
		return -ENOMEM;
	memset(r->slots, 0, n * sizeof(struct trace_entry));
	r->mask = n - 1;
	atomic64_set(&r->head, 0);
	r->start = 0;
	return 0;
}

/* trace_ring_free() - free @r's slots; no writer or reader may use it. */
void trace_ring_free(struct trace_ring *r)
{
	if (r->slots)
		free_pages_exact(r->slots, (r->mask + 1) * sizeof(struct trace_entry));
	r->slots = NULL;
}

/**
 * trace_ring_reserve() - claim the next slot of this CPU's ring
 * @r: the ring of the CPU the caller runs on (preemption disabled)
 * @idx: set to the slot's index, for trace_ring_commit()
 *
 * One atomic increment: an interrupt or NMI that traces in between gets
 * the next slot.  The slot's previous entry is gone from now on.
 *
 * Return: the slot, to fill in.
 */
struct trace_entry *trace_ring_reserve(struct trace_ring *r, u64 *idx)
{
	u64 i = (u64)atomic64_inc_return(&r->head) - 1;
	struct trace_entry *e = &r->slots[i & r->mask];

	WRITE_ONCE(e->seq, 0);
	/* Readers that see the new contents see ->seq cleared first. */
	smp_wmb();
	*idx = i;
	return e;
}

/* trace_ring_commit() - publish a slot filled since trace_ring_reserve() */
void trace_ring_commit(struct trace_entry *e, u64 idx)
{
	smp_store_release(&e->seq, idx + 1);
}

/*
 * trace_ring_reset() - forget every entry so far; writers go on.  Entries
 * reserved before and committed after it are forgotten too.
 */
void trace_ring_reset(struct trace_ring *r)
{
	WRITE_ONCE(r->start, (u64)atomic64_read(&r->head));
}

/**
 * trace_ring_snapshot() - copy the committed entries of @r, oldest first
 * @r: any CPU's ring
 * @out: room for @max entries
 * @max: the most to copy: the newest @max
 *
 * An entry being written or overwritten while it is copied is left out.
 *
 * Return: the number of entries copied.
 */
unsigned int trace_ring_snapshot(const struct trace_ring *r,
				 struct trace_entry *out, unsigned int max)
{
	u64 first = READ_ONCE(r->start);	/* first: ->start never passes ->head */
	u64 head = (u64)atomic64_read(&r->head);
	unsigned int n = 0;

	if (!r->slots)
		return 0;
	if (head - first > r->mask + 1)
		first = head - (r->mask + 1);
	if (head - first > max)
		first = head - max;
	for (u64 i = first; i < head && n < max; i++) {
		const struct trace_entry *e = &r->slots[i & r->mask];

		if (smp_load_acquire(&e->seq) != i + 1)
			continue;
		memcpy(&out[n], e, sizeof(*e));
		/* The copy is complete before ->seq is looked at again. */
		smp_rmb();
		if (READ_ONCE(e->seq) != i + 1)
			continue;
		out[n].seq = i + 1;
		n++;
	}
	return n;
}
