// SPDX-License-Identifier: GPL-2.0
/*
 * The trace buffer: a ring per CPU (kernel/trace/ring_buffer.c), the
 * events' on/off word, snapshots merged across CPUs by time, ftrace's
 * text format, and the shell's `trace` command.
 *
 * Rings are allocated by the first `trace on` (trace.buf_entries per
 * possible CPU, rounded up to a power of two) and kept (tests give them
 * back with trace_release()), so a boot that never traces pays nothing
 * but the tracepoints' tests.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/tracepoint.h>
#include <linux/ring_buffer.h>
#include <linux/bitmap.h>
#include <linux/cpumask.h>
#include <linux/percpu.h>
#include <linux/irqflags.h>
#include <linux/ktime.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/preempt.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/shell.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <asm/arch.h>
#include <trace/events/rcu.h>

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "trace."

static unsigned int buf_entries = 2048;
module_param(buf_entries, uint, 0444);
MODULE_PARM_DESC(buf_entries, "entries in each CPU's trace ring (allocated by the first trace on)");

/* Bit n: event n is recorded.  Zero while tracing is off. */
unsigned long trace_event_mask;

/* Per CPU: only CPUs that exist have an area, whatever NR_CPUS is. */
static DEFINE_PER_CPU(struct trace_ring, rings);
static struct cpumask trace_cpus;	/* the CPUs that record */
static bool rings_ready;
static DEFINE_MUTEX(trace_mutex);	/* start/stop/clear/allocation */

/**
 * trace_event_write() - record an event on this CPU
 * @id: the event
 * @args: its fields
 * @nargs: how many (at most TRACE_ENTRY_ARGS)
 *
 * Any context, NMI included.  Called by the tracepoints once they found
 * the event on.
 */
void trace_event_write(unsigned int id, const u64 *args, unsigned int nargs)
{
	struct task_struct *t = current;
	struct trace_entry *e;
	unsigned long flags;
	unsigned int cpu;
	int pc;
	u64 idx;

	local_irq_save(flags);
	cpu = raw_smp_processor_id();
	if (!READ_ONCE(rings_ready) || !cpumask_test_cpu(cpu, &trace_cpus))
		goto out;
	pc = preempt_count();
	e = trace_ring_reserve(per_cpu_ptr(&rings, cpu), &idx);
	e->ts = ktime_get_ns();
	e->type = id;
	e->flags = (irqs_disabled_flags(flags) ? TRACE_FLAG_IRQS_OFF : 0) |
		   (need_resched() ? TRACE_FLAG_NEED_RESCHED : 0) |
		   ((pc & HARDIRQ_MASK) ? TRACE_FLAG_HARDIRQ : 0) |
		   ((pc & SOFTIRQ_OFFSET) ? TRACE_FLAG_SOFTIRQ : 0) |
		   ((pc & NMI_MASK) ? TRACE_FLAG_NMI : 0);
	e->preempt = min(pc & PREEMPT_MASK, 15);
	e->pid = t ? t->pid : 0;
	if (t)
		memcpy(e->comm, t->comm, sizeof(e->comm));
	else
		e->comm[0] = '\0';
	e->comm[sizeof(e->comm) - 1] = '\0';
	nargs = min(nargs, (unsigned int)TRACE_ENTRY_ARGS);
	memcpy(e->args, args, nargs * sizeof(*args));
	memset(e->args + nargs, 0, (TRACE_ENTRY_ARGS - nargs) * sizeof(*args));
	trace_ring_commit(e, idx);
out:
	local_irq_restore(flags);
}

/* trace_event_type() - event @id's name and format, or NULL */
const struct trace_event_type *trace_event_type(unsigned int id)
{
	return id < TRACE_NR_EVENTS ? &trace_events[id] : NULL;
}

/* trace_event_by_name() - the id of the event called @name, or -ENOENT */
int trace_event_by_name(const char *name)
{
	for (unsigned int i = 0; i < TRACE_NR_EVENTS; i++)
		if (!strcmp(trace_events[i].name, name))
			return i;
	return -ENOENT;
}

static int trace_alloc_rings(void)
{
	unsigned int cpu;

	if (rings_ready)
		return 0;
	for_each_possible_cpu(cpu) {
		if (trace_ring_init(per_cpu_ptr(&rings, cpu), buf_entries)) {
			for_each_possible_cpu(cpu)
				trace_ring_free(per_cpu_ptr(&rings, cpu));
			return -ENOMEM;
		}
	}
	smp_store_release(&rings_ready, true);
	return 0;
}

/**
 * trace_start() - record the events and CPUs of @f from now on
 * @f: events (0: all) and CPUs (NULL: all)
 *
 * Replaces what was recorded before; entries already in the rings stay.
 *
 * Return: 0, or -ENOMEM if the rings could not be allocated.
 */
int trace_start(const struct trace_filter *f)
{
	unsigned long events = f->events ? f->events : BIT(TRACE_NR_EVENTS) - 1;
	int ret;

	mutex_lock(&trace_mutex);
	ret = trace_alloc_rings();
	if (!ret) {
		WRITE_ONCE(trace_event_mask, 0);
		if (f->cpus)
			memcpy(&trace_cpus, f->cpus, sizeof(trace_cpus));
		else
			memcpy(&trace_cpus, cpu_possible_mask, sizeof(trace_cpus));
		/* The CPU mask is in place before any event is on. */
		smp_mb();
		WRITE_ONCE(trace_event_mask, events);
	}
	mutex_unlock(&trace_mutex);
	return ret;
}

/* trace_stop() - record nothing more; the rings keep what they hold */
void trace_stop(void)
{
	mutex_lock(&trace_mutex);
	WRITE_ONCE(trace_event_mask, 0);
	mutex_unlock(&trace_mutex);
}

/* trace_clear() - forget the entries recorded so far */
void trace_clear(void)
{
	unsigned int cpu;

	mutex_lock(&trace_mutex);
	if (rings_ready)
		for_each_possible_cpu(cpu)
			trace_ring_reset(per_cpu_ptr(&rings, cpu));
	mutex_unlock(&trace_mutex);
}

static int trace_record_cmp(const void *a, const void *b)
{
	const struct trace_record *x = a, *y = b;

	if (x->e->ts != y->e->ts)
		return x->e->ts < y->e->ts ? -1 : 1;
	if (x->cpu != y->cpu)
		return x->cpu < y->cpu ? -1 : 1;
	if (x->e->seq != y->e->seq)
		return x->e->seq < y->e->seq ? -1 : 1;
	return 0;
}

/**
 * trace_snapshot_take() - copy the entries of @f's CPUs and events
 * @s: filled in; free with trace_snapshot_free()
 * @f: events (0: all) and CPUs (NULL: all) to keep
 *
 * Tracing goes on meanwhile; an entry overwritten while it is copied is
 * left out, and so are entries written after a CPU's copy was sized.
 * Each CPU's copy is an allocation of its own, of the entries it holds.
 *
 * Return: 0, or -ENOMEM.
 */
int trace_snapshot_take(struct trace_snapshot *s, const struct trace_filter *f)
{
	unsigned long events = f->events ? f->events : ~0UL;
	const struct cpumask *cpus = f->cpus ? f->cpus : cpu_possible_mask;
	unsigned int cpu, *held;
	size_t max = 0;

	memset(s, 0, sizeof(*s));
	if (!smp_load_acquire(&rings_ready))
		return 0;
	held = kcalloc(nr_cpu_ids, sizeof(*held), GFP_KERNEL);
	if (!held)
		return -ENOMEM;
	for_each_cpu(cpu, cpus) {
		held[cpu] = min_t(u64, trace_ring_written(per_cpu_ptr(&rings, cpu)),
				  trace_ring_size(per_cpu_ptr(&rings, cpu)));
		max += held[cpu];
	}
	s->entries = kcalloc(nr_cpu_ids, sizeof(*s->entries), GFP_KERNEL);
	s->recs = kmalloc_array(max ? max : 1, sizeof(*s->recs), GFP_KERNEL);
	if (!s->entries || !s->recs)
		goto nomem;
	for_each_cpu(cpu, cpus) {
		struct trace_entry *e;
		unsigned int got;

		s->written += trace_ring_written(per_cpu_ptr(&rings, cpu));
		if (!held[cpu])
			continue;
		e = kmalloc_array(held[cpu], sizeof(*e), GFP_KERNEL);
		if (!e)
			goto nomem;
		s->entries[cpu] = e;
		got = trace_ring_snapshot(per_cpu_ptr(&rings, cpu), e, held[cpu]);
		for (unsigned int i = 0; i < got; i++) {
			if (e[i].type < TRACE_NR_EVENTS && (events & BIT(e[i].type))) {
				s->recs[s->n].cpu = cpu;
				s->recs[s->n].e = &e[i];
				s->n++;
			}
		}
	}
	kfree(held);
	sort(s->recs, s->n, sizeof(*s->recs), trace_record_cmp, NULL);
	return 0;
nomem:
	kfree(held);
	trace_snapshot_free(s);
	return -ENOMEM;
}

/* trace_snapshot_free() - free what trace_snapshot_take() allocated */
void trace_snapshot_free(struct trace_snapshot *s)
{
	if (s->entries)
		for (unsigned int cpu = 0; cpu < nr_cpu_ids; cpu++)
			kfree(s->entries[cpu]);
	kfree(s->entries);
	kfree(s->recs);
	memset(s, 0, sizeof(*s));
}

/* trace_ring_entries() - entries in each CPU's ring, 0 before trace on */
unsigned int trace_ring_entries(void)
{
	return smp_load_acquire(&rings_ready) ? trace_ring_size(per_cpu_ptr(&rings, 0)) : 0;
}

/**
 * trace_release() - stop tracing and free the rings
 *
 * For tests that allocated them.  The entries are lost; the next
 * trace_start() allocates the rings again.
 */
void trace_release(void)
{
	unsigned int cpu;

	mutex_lock(&trace_mutex);
	WRITE_ONCE(trace_event_mask, 0);
	WRITE_ONCE(rings_ready, false);
	/* Writers record with interrupts off: wait until none is left. */
	synchronize_rcu();
	for_each_possible_cpu(cpu)
		trace_ring_free(per_cpu_ptr(&rings, cpu));
	mutex_unlock(&trace_mutex);
}

/**
 * trace_format_line() - one entry as a line of ftrace's text output
 * @buf: output, NUL-terminated, ending in '\n' if it fits
 * @size: its size
 * @cpu: the CPU whose ring held @e
 * @e: the entry
 *
 * "<comm>-<pid> [<cpu>] <flags> <seconds>.<us>: <event>: <fields>", the
 * flags being irqs-off ('d'), need-resched ('N'), hardirq/softirq ('h',
 * 's', 'H' for both, 'z' for NMI) and the preemption depth.
 *
 * Return: the length written.
 */
int trace_format_line(char *buf, size_t size, unsigned int cpu,
		      const struct trace_entry *e)
{
	const struct trace_event_type *t = trace_event_type(e->type);
	char flags[5];
	int n;

	flags[0] = (e->flags & TRACE_FLAG_IRQS_OFF) ? 'd' : '.';
	flags[1] = (e->flags & TRACE_FLAG_NEED_RESCHED) ? 'N' : '.';
	if (e->flags & TRACE_FLAG_NMI)
		flags[2] = 'z';
	else if ((e->flags & TRACE_FLAG_HARDIRQ) && (e->flags & TRACE_FLAG_SOFTIRQ))
		flags[2] = 'H';
	else if (e->flags & TRACE_FLAG_HARDIRQ)
		flags[2] = 'h';
	else if (e->flags & TRACE_FLAG_SOFTIRQ)
		flags[2] = 's';
	else
		flags[2] = '.';
	flags[3] = e->preempt ? "0123456789abcdef"[e->preempt & 15] : '.';
	flags[4] = '\0';
	n = scnprintf(buf, size, "%16.16s-%-7d [%03u] %s %5llu.%06llu: %s: ",
		      e->pid ? e->comm : "<idle>", e->pid, cpu, flags,
		      (unsigned long long)(e->ts / NSEC_PER_SEC),
		      (unsigned long long)(e->ts % NSEC_PER_SEC) / NSEC_PER_USEC,
		      t ? t->name : "unknown");
	if (t)
		n += t->print(buf + n, size - n, e->args);
	n += scnprintf(buf + n, size - n, "\n");
	return n;
}

/* ---- the shell ---- */

static void trace_puts(const char *s)
{
	console_write(s, strlen(s));
}

static void trace_print_header(const struct trace_snapshot *s)
{
	char line[96];

	trace_puts("# tracer: nop\n#\n");
	scnprintf(line, sizeof(line),
		  "# entries-in-buffer/entries-written: %u/%llu   #P:%u\n#\n",
		  s->n, (unsigned long long)s->written, num_online_cpus());
	trace_puts(line);
	trace_puts("#                                _-----=> irqs-off\n"
		   "#                               / _----=> need-resched\n"
		   "#                              | / _---=> hardirq/softirq\n"
		   "#                              || / _--=> preempt-depth\n"
		   "#                              ||| /     delay\n"
		   "#           TASK-PID     CPU#  ||||    TIMESTAMP  FUNCTION\n"
		   "#              | |         |   ||||        |      |\n");
}

/*
 * The output goes straight to the console, as reading a trace file does,
 * not through printk(): it would push the kernel log out of its ring.
 */
static int trace_show(const struct trace_filter *f)
{
	struct trace_snapshot s;
	char line[256];
	int ret;

	ret = trace_snapshot_take(&s, f);
	if (ret)
		return shell_error("trace: out of memory for the snapshot");
	trace_print_header(&s);
	for (unsigned int i = 0; i < s.n; i++) {
		trace_format_line(line, sizeof(line), s.recs[i].cpu, s.recs[i].e);
		trace_puts(line);
	}
	trace_snapshot_free(&s);
	return 0;
}

static int trace_parse_events(char *list, unsigned long *events)
{
	char *name;

	*events = 0;
	while ((name = strsep(&list, ","))) {
		int id;

		if (!*name)
			continue;
		if (!strcmp(name, "all")) {
			*events |= BIT(TRACE_NR_EVENTS) - 1;
			continue;
		}
		id = trace_event_by_name(name);
		if (id < 0)
			return shell_error("trace: no event '%s' (trace events lists them)",
					   name);
		*events |= BIT(id);
	}
	return 0;
}

static int cmd_trace(int argc, char **argv)
{
	static struct cpumask cpus;
	struct trace_filter f = { };
	const char *op = argc > 1 ? argv[1] : "";

	for (int i = 2; i < argc; i++) {
		char *val = shell_kv(argv[i]);

		if (val && !strcmp(argv[i], "events")) {
			if (trace_parse_events(val, &f.events))
				return -EINVAL;
		} else if (val && !strcmp(argv[i], "cpus")) {
			if (bitmap_parselist(val, cpus.bits, nr_cpu_ids))
				return shell_error("trace: bad CPU list '%s'", val);
			f.cpus = &cpus;
		} else {
			return -EINVAL;
		}
	}
	if (!strcmp(op, "on")) {
		if (trace_start(&f))
			return shell_error("trace: cannot allocate %u entries per CPU",
					   buf_entries);
		return 0;
	}
	if (argc > 2 && strcmp(op, "show"))
		return -EINVAL;
	if (!strcmp(op, "off")) {
		trace_stop();
	} else if (!strcmp(op, "clear")) {
		trace_clear();
	} else if (!strcmp(op, "show")) {
		return trace_show(&f);
	} else if (!strcmp(op, "events")) {
		for (unsigned int i = 0; i < TRACE_NR_EVENTS; i++)
			printk("%s%s\n", trace_events[i].name,
			       READ_ONCE(trace_event_mask) & BIT(i) ? " (on)" : "");
	} else {
		return -EINVAL;
	}
	return 0;
}
DEFINE_SHELL_CMD(trace, "on|off|clear|show|events [events=a,b] [cpus=list]",
		 "RCU event tracing into per-CPU rings, shown in ftrace's format", cmd_trace);
