/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_TRACEPOINT_H
#define _LINUX_TRACEPOINT_H

#include <linux/compiler.h>
#include <linux/types.h>

/*
 * Tracepoints and the trace buffer (kernel/trace/trace.c).
 *
 * A tracepoint is an always-inline test of one bit of trace_event_mask,
 * a word that only `trace on|off` writes: while tracing is off the cost
 * is one load and one branch predicted not taken; the recording call is
 * out of line.  Without CONFIG_RCU_TRACE the tracepoints compile to
 * nothing.  The events are listed in include/trace/events/rcu.h.
 */

struct cpumask;
struct trace_entry;

/**
 * struct trace_event_type - how an event is named and printed
 * @name: the event's name, as in Linux's trace output
 * @print: formats the event's fields (@args) into @buf
 */
struct trace_event_type {
	const char *name;
	int (*print)(char *buf, size_t size, const u64 *args);
};

#ifdef CONFIG_RCU_TRACE
extern unsigned long trace_event_mask;
extern const struct trace_event_type trace_events[];

static __always_inline bool trace_event_on(unsigned int id)
{
	return unlikely(READ_ONCE(trace_event_mask) & (1UL << id));
}

void trace_event_write(unsigned int id, const u64 *args, unsigned int nargs);

/**
 * struct trace_filter - which events and CPUs
 * @events: bit n set: event n
 * @cpus: the CPUs, or NULL for all
 */
struct trace_filter {
	unsigned long events;
	const struct cpumask *cpus;
};

int trace_start(const struct trace_filter *f);
void trace_stop(void);
void trace_clear(void);
void trace_release(void);
unsigned int trace_ring_entries(void);
int trace_event_by_name(const char *name);
const struct trace_event_type *trace_event_type(unsigned int id);

/**
 * struct trace_record - an entry of a snapshot, with its CPU
 * @cpu: the CPU whose ring held it
 * @e: the entry
 */
struct trace_record {
	unsigned int cpu;
	struct trace_entry *e;
};

/**
 * struct trace_snapshot - entries of every selected CPU, by time
 * @recs: @n records, ordered by timestamp (then CPU, then index)
 * @n: number of records
 * @written: entries written into the selected rings since the last clear
 * @entries: each CPU's copies, or NULL
 */
struct trace_snapshot {
	struct trace_record *recs;
	unsigned int n;
	u64 written;
	struct trace_entry **entries;
};

int trace_snapshot_take(struct trace_snapshot *s, const struct trace_filter *f);
void trace_snapshot_free(struct trace_snapshot *s);
int trace_format_line(char *buf, size_t size, unsigned int cpu,
		      const struct trace_entry *e);
#else
static __always_inline bool trace_event_on(unsigned int id)
{
	return false;
}
#endif

#endif /* _LINUX_TRACEPOINT_H */
