// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "trace": the trace rings and RCU's events.  Events are
 * recorded in order and on the CPU that recorded them, a full ring keeps
 * the newest entries, the event and CPU filters hold both when recording
 * and when reading, and each event prints Linux's format.
 *
 * The cases record through the real tracepoints' recording functions with
 * static names of their own, and pick their entries out of whatever RCU
 * records meanwhile by those names' addresses.
 */
#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/tracepoint.h>
#include <linux/ring_buffer.h>
#include <linux/cpumask.h>
#include <linux/irqflags.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/shell.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <trace/events/rcu.h>

static const char kname[] = "rcu_preempt";	/* our entries' rcuname */
static struct cpumask test_cpus;

static int trace_test_init(struct kunit *test)
{
	trace_stop();
	trace_clear();
	return 0;
}

static void trace_test_exit(struct kunit *test)
{
	/* Rings for every possible CPU would stay allocated otherwise. */
	trace_release();
}

static void trace_test_cb(struct rcu_head *rhp)
{
}

static bool ours(const struct trace_record *r)
{
	return r->e->args[0] == (unsigned long)kname;
}

/* Every event through its recording function: fields and formats. */
static void trace_test_format(struct kunit *test)
{
	static const struct {
		unsigned int type;
		const char *body;
	} want[] = {
		{ TRACE_rcu_grace_period, "rcu_preempt 2345 start" },
		{ TRACE_rcu_grace_period_init, "rcu_preempt 2345 1 0 15 f" },
		{ TRACE_rcu_quiescent_state_report, "rcu_preempt 2345 4>3 1 0 15 1" },
		{ TRACE_rcu_fqs, "rcu_preempt 2345 3 dti" },
		{ TRACE_rcu_callback, "rcu_preempt rhp=ffff888000001000 func=trace_test_cb 7" },
		{ TRACE_rcu_batch_start, "rcu_preempt CBs=12 bl=10" },
		{ TRACE_rcu_invoke_callback, "rcu_preempt rhp=ffff888000001000 func=trace_test_cb" },
		{ TRACE_rcu_batch_end, "rcu_preempt CBs-invoked=10 idle=C.I." },
		{ TRACE_rcu_invoke_kfree_bulk_callback,
		  "rcu_preempt bulk=0xffff888000002000 nr_records=507" },
		{ TRACE_rcu_exp_grace_period, "rcu_preempt 0x1c start" },
		{ TRACE_rcu_stall_warning, "rcu_preempt StallDetected" },
		{ TRACE_rcu_preempt_task, "rcu_preempt 2345 42" },
		{ TRACE_rcu_unlock_preempted_task, "rcu_preempt 2346 43" },
		{ TRACE_rcu_dyntick, "rcu_preempt 1 0 0x234" },
		{ TRACE_srcu_grace_period, "srcu=ffff888000003000 8 flip" },
		{ TRACE_srcu_invoke_callback,
		  "srcu=ffff888000003000 rhp=ffff888000001000 func=trace_test_cb" },
	};
	struct rcu_head *rhp = (struct rcu_head *)0xffff888000001000UL;
	struct srcu_struct *ssp = (struct srcu_struct *)0xffff888000003000UL;
	struct trace_filter f = { .cpus = &test_cpus };
	struct trace_snapshot s;
	unsigned int cpu, i, n = 0;
	unsigned long flags;
	char line[256], prefix[64];

	BUILD_BUG_ON(ARRAY_SIZE(want) != TRACE_NR_EVENTS);
	cpumask_clear(&test_cpus);
	local_irq_save(flags);
	cpu = smp_processor_id();
	local_irq_restore(flags);
	cpumask_set_cpu(cpu, &test_cpus);
	KUNIT_ASSERT_EQ(test, trace_start(&f), 0);

	local_irq_save(flags);
	KUNIT_ASSERT_EQ(test, smp_processor_id(), cpu);
	__trace_rcu_grace_period(kname, 2345, "start");
	__trace_rcu_grace_period_init(kname, 2345, 1, 0, 15, 0xf);
	__trace_rcu_quiescent_state_report(kname, 2345, 4, 3, 1, 0, 15, 1);
	__trace_rcu_fqs(kname, 2345, 3, "dti");
	__trace_rcu_callback(kname, rhp, trace_test_cb, 7);
	__trace_rcu_batch_start(kname, 12, 10);
	__trace_rcu_invoke_callback(kname, rhp, trace_test_cb);
	__trace_rcu_batch_end(kname, 10, true, false, true, false);
	__trace_rcu_invoke_kfree_bulk_callback(kname, 507,
					       (void **)0xffff888000002000UL);
	__trace_rcu_exp_grace_period(kname, 0x1c, "start");
	__trace_rcu_stall_warning(kname, "StallDetected");
	__trace_rcu_preempt_task(kname, 42, 2345);
	__trace_rcu_unlock_preempted_task(kname, 2346, 43);
	/* rcu_dyntick's first field is its polarity: ours is kname too. */
	__trace_rcu_dyntick(kname, 1, 0, 0x1234);
	/* The SRCU events name the domain by address: found by position. */
	__trace_srcu_grace_period(ssp, 8, "flip");
	__trace_srcu_invoke_callback(ssp, rhp, trace_test_cb);
	local_irq_restore(flags);
	trace_stop();

	KUNIT_ASSERT_EQ(test, trace_snapshot_take(&s, &f), 0);
	for (i = 0; i < s.n && !ours(&s.recs[i]); i++)
		;
	scnprintf(prefix, sizeof(prefix), "%16.16s-%-7d [%03u] d", current->comm,
		  current->pid, cpu);
	for (; i < s.n && n < ARRAY_SIZE(want); i++) {
		const struct trace_entry *e = s.recs[i].e;
		const char *body;

		if (e->type != want[n].type)
			continue;	/* an NMI's event in between */
		trace_format_line(line, sizeof(line), s.recs[i].cpu, e);
		KUNIT_EXPECT_TRUE_MSG(test, !strncmp(line, prefix, strlen(prefix)),
				      "line '%s' does not start with '%s'", line, prefix);
		body = strstr(line, ": ");
		body = body ? strstr(body + 2, ": ") : NULL;
		KUNIT_ASSERT_NOT_NULL(test, body);
		KUNIT_EXPECT_TRUE_MSG(test, !strncmp(body + 2, want[n].body,
						     strlen(want[n].body)) &&
				      body[2 + strlen(want[n].body)] == '\n',
				      "%s: got '%s', want '%s'",
				      trace_event_type(e->type)->name, body + 2,
				      want[n].body);
		n++;
	}
	KUNIT_EXPECT_EQ(test, n, (unsigned int)ARRAY_SIZE(want));
	trace_snapshot_free(&s);
}

/* The line's own fields: idle task, flags, timestamp, CPU. */
static void trace_test_line(struct kunit *test)
{
	struct trace_entry e = {
		.ts = 12345678901ULL,
		.type = TRACE_rcu_grace_period,
		.flags = TRACE_FLAG_IRQS_OFF | TRACE_FLAG_HARDIRQ,
		.preempt = 1,
		.pid = 0,
		.comm = "swapper/3",
		.args = { (unsigned long)kname, 2345, (unsigned long)"end" },
	};
	char line[256];

	trace_format_line(line, sizeof(line), 3, &e);
	KUNIT_EXPECT_STREQ(test, line,
			   "          <idle>-0       [003] d.h1    12.345678: rcu_grace_period: rcu_preempt 2345 end\n");
	e.flags = TRACE_FLAG_NEED_RESCHED | TRACE_FLAG_SOFTIRQ;
	e.preempt = 0;
	e.pid = 17;
	strscpy(e.comm, "rcu_gp", sizeof(e.comm));
	e.ts = 5000;
	trace_format_line(line, sizeof(line), 12, &e);
	KUNIT_EXPECT_STREQ(test, line,
			   "          rcu_gp-17      [012] .Ns.     0.000005: rcu_grace_period: rcu_preempt 2345 end\n");
	e.flags = TRACE_FLAG_NMI | TRACE_FLAG_HARDIRQ | TRACE_FLAG_IRQS_OFF;
	trace_format_line(line, sizeof(line), 0, &e);
	KUNIT_EXPECT_TRUE(test, strstr(line, "[000] d.z.") != NULL);
}

/*
 * A real call_rcu(): queued, then a grace period starts and ends, then
 * the callback is invoked in a batch -- in that order in the snapshot.
 */
static struct rcu_head order_head;
static bool order_done;

static void order_cb(struct rcu_head *rhp)
{
	WRITE_ONCE(order_done, true);
}

static void trace_test_order(struct kunit *test)
{
	struct trace_filter f = {
		.events = BIT(TRACE_rcu_grace_period) | BIT(TRACE_rcu_callback) |
			  BIT(TRACE_rcu_invoke_callback) | BIT(TRACE_rcu_batch_start) |
			  BIT(TRACE_rcu_batch_end),
	};
	struct trace_snapshot s;
	long queued = -1, started = -1, ended = -1, batch = -1, invoked = -1, bend = -1;
	unsigned long gp = 0;

	if (IS_ENABLED(CONFIG_TINY_RCU))
		kunit_skip(test, "Tiny RCU has no grace-period or callback events");
	KUNIT_ASSERT_EQ(test, trace_start(&f), 0);
	WRITE_ONCE(order_done, false);
	call_rcu(&order_head, order_cb);
	rcu_barrier();
	trace_stop();
	KUNIT_ASSERT_TRUE(test, READ_ONCE(order_done));

	KUNIT_ASSERT_EQ(test, trace_snapshot_take(&s, &f), 0);
	for (unsigned int i = 0; i < s.n; i++) {
		const struct trace_entry *e = s.recs[i].e;
		const char *ev = (const char *)(unsigned long)e->args[2];

		switch (e->type) {
		case TRACE_rcu_callback:
			if (e->args[1] == (unsigned long)&order_head && queued < 0)
				queued = i;
			break;
		case TRACE_rcu_grace_period:
			if (queued >= 0 && started < 0 && !strcmp(ev, "start")) {
				started = i;
				gp = e->args[1];
			} else if (started >= 0 && ended < 0 && !strcmp(ev, "end") &&
				   e->args[1] > gp) {
				ended = i;
			}
			break;
		case TRACE_rcu_batch_start:
			if (ended >= 0 && invoked < 0 && s.recs[i].cpu == s.recs[queued].cpu)
				batch = i;
			break;
		case TRACE_rcu_invoke_callback:
			if (e->args[1] == (unsigned long)&order_head)
				invoked = i;
			break;
		case TRACE_rcu_batch_end:
			if (invoked >= 0 && bend < 0 && s.recs[i].cpu == s.recs[invoked].cpu)
				bend = i;
			break;
		}
	}
	kunit_info(test, "queued %ld, gp start %ld, end %ld, batch %ld, invoked %ld, batch end %ld",
		   queued, started, ended, batch, invoked, bend);
	KUNIT_EXPECT_GE(test, queued, 0L);
	KUNIT_EXPECT_GT(test, started, queued);
	KUNIT_EXPECT_GT(test, ended, started);
	KUNIT_EXPECT_GT(test, batch, ended);
	KUNIT_EXPECT_GT(test, invoked, batch);
	KUNIT_EXPECT_GT(test, bend, invoked);
	/* A callback is invoked on the CPU that queued it. */
	if (queued >= 0 && invoked >= 0)
		KUNIT_EXPECT_EQ(test, s.recs[invoked].cpu, s.recs[queued].cpu);
	trace_snapshot_free(&s);
}

/* Each CPU records in its own ring: a record's CPU is the one that made it. */
static void percpu_emit(void *unused)
{
	__trace_rcu_fqs(kname, 0, smp_processor_id(), "kunit");
}

static void trace_test_per_cpu(struct kunit *test)
{
	struct trace_filter f = { .events = BIT(TRACE_rcu_fqs) };
	unsigned int *seen, cpu, n = 0;
	struct trace_snapshot s;

	seen = kunit_kcalloc(test, nr_cpu_ids, sizeof(*seen), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, seen);
	KUNIT_ASSERT_EQ(test, trace_start(&f), 0);
	for_each_online_cpu(cpu) {
		smp_call_function_single(cpu, percpu_emit, NULL, true);
		smp_call_function_single(cpu, percpu_emit, NULL, true);
		n++;
	}
	trace_stop();
	KUNIT_ASSERT_EQ(test, trace_snapshot_take(&s, &f), 0);
	for (unsigned int i = 0; i < s.n; i++) {
		if (!ours(&s.recs[i]))
			continue;
		KUNIT_EXPECT_EQ(test, s.recs[i].cpu, (unsigned int)s.recs[i].e->args[2]);
		seen[s.recs[i].cpu]++;
	}
	trace_snapshot_free(&s);
	for_each_online_cpu(cpu)
		KUNIT_EXPECT_EQ_MSG(test, seen[cpu], 2u, "CPU %u", cpu);

	/* Reading one CPU's ring gives that CPU's entries only. */
	cpu = cpumask_first(cpu_online_mask);
	cpumask_clear(&test_cpus);
	cpumask_set_cpu(cpu, &test_cpus);
	f.cpus = &test_cpus;
	KUNIT_ASSERT_EQ(test, trace_snapshot_take(&s, &f), 0);
	n = 0;
	for (unsigned int i = 0; i < s.n; i++) {
		KUNIT_EXPECT_EQ(test, s.recs[i].cpu, cpu);
		n += ours(&s.recs[i]);
	}
	KUNIT_EXPECT_EQ(test, n, 2u);
	trace_snapshot_free(&s);
}

/*
 * Half again as many entries as a ring holds, on one CPU with interrupts
 * off: the ring keeps the newest, consecutive, oldest first.
 */
static unsigned int overwrite_n;

static void overwrite_emit(void *unused)
{
	for (unsigned int i = 0; i < overwrite_n; i++)
		__trace_rcu_batch_start(kname, i, 0);
}

static void trace_test_overwrite(struct kunit *test)
{
	struct trace_filter f = { .events = BIT(TRACE_rcu_batch_start), .cpus = &test_cpus };
	unsigned int cpu = cpumask_first(cpu_online_mask), size, n = 0, foreign = 0;
	struct trace_snapshot s;
	long prev = -1, first = -1;

	cpumask_clear(&test_cpus);
	cpumask_set_cpu(cpu, &test_cpus);
	KUNIT_ASSERT_EQ(test, trace_start(&f), 0);
	size = trace_ring_entries();
	KUNIT_ASSERT_GT(test, size, 1u);
	overwrite_n = size + size / 2;
	smp_call_function_single(cpu, overwrite_emit, NULL, true);
	trace_stop();

	KUNIT_ASSERT_EQ(test, trace_snapshot_take(&s, &f), 0);
	KUNIT_EXPECT_LE(test, s.n, size);
	KUNIT_EXPECT_GE(test, s.written, (u64)overwrite_n);
	for (unsigned int i = 0; i < s.n; i++) {
		long v;

		if (!ours(&s.recs[i])) {
			foreign++;
			continue;
		}
		v = (long)s.recs[i].e->args[1];
		if (first < 0)
			first = v;
		if (prev >= 0 && v != prev + 1) {
			KUNIT_FAIL(test, "entry %ld follows %ld", v, prev);
			break;
		}
		prev = v;
		n++;
	}
	kunit_info(test, "ring of %u: kept %u of %u, %ld to %ld", size, n,
		   overwrite_n, first, prev);
	KUNIT_EXPECT_EQ(test, prev, (long)overwrite_n - 1);
	KUNIT_EXPECT_EQ(test, first, (long)(overwrite_n - n));
	/* A full ring: every slot is read, RCU's own events took a few. */
	KUNIT_EXPECT_EQ(test, n + foreign, size);
	KUNIT_EXPECT_GE(test, n, size / 2);
	trace_snapshot_free(&s);

	/* Cleared: nothing left, nothing counted. */
	trace_clear();
	KUNIT_ASSERT_EQ(test, trace_snapshot_take(&s, &f), 0);
	KUNIT_EXPECT_EQ(test, s.n, 0u);
	KUNIT_EXPECT_EQ(test, s.written, 0ULL);
	trace_snapshot_free(&s);
}

/* Filters: what is recorded, what is read, and the shell's arguments. */
static void filter_emit(void *unused)
{
	__trace_rcu_stall_warning(kname, "kunit");
	if (trace_event_on(TRACE_rcu_exp_grace_period))
		__trace_rcu_exp_grace_period(kname, smp_processor_id(), "kunit");
	trace_rcu_exp_grace_period(kname, smp_processor_id(), "kunit");
	trace_rcu_stall_warning(kname, "kunit");
}

static void trace_test_filters(struct kunit *test)
{
	struct trace_filter f = { .events = BIT(TRACE_rcu_stall_warning), .cpus = &test_cpus };
	struct trace_filter all = { };
	unsigned int cpu0 = cpumask_first(cpu_online_mask), cpu, n = 0, other = 0;
	struct trace_snapshot s;
	char line[64];

	cpumask_clear(&test_cpus);
	cpumask_set_cpu(cpu0, &test_cpus);
	KUNIT_ASSERT_EQ(test, trace_start(&f), 0);
	KUNIT_EXPECT_TRUE(test, trace_event_on(TRACE_rcu_stall_warning));
	KUNIT_EXPECT_FALSE(test, trace_event_on(TRACE_rcu_exp_grace_period));
	for_each_online_cpu(cpu)
		smp_call_function_single(cpu, filter_emit, NULL, true);
	trace_stop();
	KUNIT_EXPECT_FALSE(test, trace_event_on(TRACE_rcu_stall_warning));

	KUNIT_ASSERT_EQ(test, trace_snapshot_take(&s, &all), 0);
	for (unsigned int i = 0; i < s.n; i++) {
		if (!ours(&s.recs[i]))
			continue;
		if (s.recs[i].cpu == cpu0 && s.recs[i].e->type == TRACE_rcu_stall_warning)
			n++;
		else
			other++;
	}
	trace_snapshot_free(&s);
	/* Both __trace_ calls record (the mask is the tracepoints' business). */
	KUNIT_EXPECT_EQ(test, n, 2u);
	KUNIT_EXPECT_EQ(test, other, 0u);

	/* Reading with an event filter. */
	f.events = BIT(TRACE_rcu_exp_grace_period);
	KUNIT_ASSERT_EQ(test, trace_snapshot_take(&s, &f), 0);
	KUNIT_EXPECT_EQ(test, s.n, 0u);
	trace_snapshot_free(&s);

	/* Event names, and the shell refusing bad ones. */
	KUNIT_EXPECT_EQ(test, trace_event_by_name("rcu_grace_period"), TRACE_rcu_grace_period);
	KUNIT_EXPECT_EQ(test, trace_event_by_name("srcu_grace_period"), TRACE_srcu_grace_period);
	KUNIT_EXPECT_LT(test, trace_event_by_name("rcu_nosuch"), 0);
	strscpy(line, "trace on events=rcu_nosuch", sizeof(line));
	KUNIT_EXPECT_NE(test, shell_run_line(line), 0);
	strscpy(line, "trace on cpus=x", sizeof(line));
	KUNIT_EXPECT_NE(test, shell_run_line(line), 0);
	strscpy(line, "trace sideways", sizeof(line));
	KUNIT_EXPECT_NE(test, shell_run_line(line), 0);
	KUNIT_EXPECT_FALSE(test, trace_event_on(TRACE_rcu_grace_period));
	strscpy(line, "trace on events=rcu_grace_period,rcu_fqs cpus=0", sizeof(line));
	KUNIT_EXPECT_EQ(test, shell_run_line(line), 0);
	KUNIT_EXPECT_TRUE(test, trace_event_on(TRACE_rcu_grace_period));
	KUNIT_EXPECT_TRUE(test, trace_event_on(TRACE_rcu_fqs));
	KUNIT_EXPECT_FALSE(test, trace_event_on(TRACE_rcu_callback));
	strscpy(line, "trace off", sizeof(line));
	KUNIT_EXPECT_EQ(test, shell_run_line(line), 0);
	KUNIT_EXPECT_FALSE(test, trace_event_on(TRACE_rcu_grace_period));
}

static struct kunit_case trace_test_cases[] = {
	KUNIT_CASE(trace_test_format),
	KUNIT_CASE(trace_test_line),
	KUNIT_CASE(trace_test_order),
	KUNIT_CASE(trace_test_per_cpu),
	KUNIT_CASE(trace_test_overwrite),
	KUNIT_CASE(trace_test_filters),
	{}
};

static struct kunit_suite trace_test_suite = {
	.name = "trace",
	.init = trace_test_init,
	.exit = trace_test_exit,
	.test_cases = trace_test_cases,
};
kunit_test_suite(trace_test_suite);
