// SPDX-License-Identifier: GPL-2.0
/*
 * rcubench: the Linux side of rcuos's "make bench" (tests/bench/bench.sh).
 *
 * Three measurements that rcuos makes with "test rcu_batch", "rcuqoi flood"
 * and "rcuqoi idle", made here the same way on Linux and printed in the
 * same lines, so that one parser reads both kernels:
 *
 *   batch  2000 kthreads call synchronize_rcu() at once; how many grace
 *          periods served them:
 *          "# rcu_batch: 2000 synchronize_rcu() callers, N grace periods (...)"
 *   flood  a kthread per CPU call_rcu()s small kmalloc'd objects for
 *          flood_secs seconds; a SCHED_FIFO monitor samples the backlog
 *          (callbacks queued and not yet invoked) and free memory every
 *          10 ms: "# flood: ..." and "# peak backlog ...", then the
 *          samples: "# backlog: ms:callbacks ..."; a reader
 *          kthread runs back-to-back reader sections for 2 s before the
 *          flood and during it: "# reader sections before|during the
 *          flood: N; ns p50 ..., p99 ..., p99.9 ..., p99.99 ..., max ..."
 *   idle   every CPU but 0 idles while a kthread on CPU 0 waits for a
 *          grace period every 100 ms for idle_secs seconds, with the
 *          grace-period kthread confined to CPU 0; the idle CPUs' local
 *          timer interrupts ("ticks"), all their interrupts and IPIs
 *          ("wake-ups") and IPIs over the window:
 *          "# N idle CPUs: T ticks, W wake-ups, I IPIs in total"
 *
 * Everything runs from module_init (insmod returns when done).  Written
 * for rcuos's benchmark; not derived from any Linux test module.
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/slab.h>
#include <linux/rcupdate.h>
#include <linux/ktime.h>
#include <linux/cpumask.h>
#include <linux/percpu.h>
#include <linux/mm.h>
#include <linux/vmstat.h>
#include <linux/kernel_stat.h>
#include <linux/string.h>
#include <linux/bitops.h>
#include "lat_hist.h"
#include <asm/hardirq.h>

static char *tests = "batch,flood,idle";
module_param(tests, charp, 0444);
MODULE_PARM_DESC(tests, "Comma-separated: batch, flood, idle");
static int batch_threads = 2000;
module_param(batch_threads, int, 0444);
MODULE_PARM_DESC(batch_threads, "synchronize_rcu() callers for the batch test");
static int flood_secs = 10;
module_param(flood_secs, int, 0444);
MODULE_PARM_DESC(flood_secs, "Seconds of call_rcu() flood");
static int idle_secs = 10;
module_param(idle_secs, int, 0444);
MODULE_PARM_DESC(idle_secs, "Seconds of the idle test");
static int idle_period_ms = 100;
module_param(idle_period_ms, int, 0444);
MODULE_PARM_DESC(idle_period_ms, "A grace period every this many ms in the idle test");

/* Exported by kernel/rcu/tree.c, declared in its private kernel/rcu/rcu.h. */
unsigned long rcu_get_gp_seq(void);

/* Completed normal grace periods (the counter of rcu_get_gp_seq()). */
static unsigned long bench_gp_completed(void)
{
	return rcu_get_gp_seq() >> 2;	/* the low two bits are the GP state */
}

/* ---- batch ---- */

struct batch_ctx {
	struct completion go, all_done;
	atomic_t arrived, done;
	int nthreads;
	u64 last_arrival_ns;
};

static int batch_fn(void *arg)
{
	struct batch_ctx *c = arg;

	wait_for_completion(&c->go);
	if (atomic_inc_return(&c->arrived) == c->nthreads)
		WRITE_ONCE(c->last_arrival_ns, ktime_get_ns());
	synchronize_rcu();
	if (atomic_inc_return(&c->done) == c->nthreads)
		complete(&c->all_done);
	/* Sleep until kthread_stop(): 2000 pollers would load the machine. */
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (kthread_should_stop())
			break;
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	return 0;
}

static void bench_batch(void)
{
	struct task_struct **tasks;
	struct batch_ctx *c;
	unsigned long g0, g1;
	u64 t0, us;
	int n = 0;

	c = kzalloc(sizeof(*c), GFP_KERNEL);
	tasks = kcalloc(batch_threads, sizeof(*tasks), GFP_KERNEL);
	if (!c || !tasks)
		goto out;
	init_completion(&c->go);
	init_completion(&c->all_done);
	c->nthreads = batch_threads;
	for (n = 0; n < batch_threads; n++) {
		struct task_struct *t = kthread_run(batch_fn, c, "rcu_batch/%d", n);

		if (IS_ERR(t))
			break;
		tasks[n] = t;
	}
	if (n < batch_threads) {
		pr_info("# rcu_batch: could only create %d of %d kthreads\n", n, batch_threads);
		c->nthreads = n;
	}
	msleep(10);
	g0 = bench_gp_completed();
	t0 = ktime_get_ns();
	complete_all(&c->go);
	wait_for_completion(&c->all_done);
	g1 = bench_gp_completed();
	us = (ktime_get_ns() - t0) / NSEC_PER_USEC;
	pr_info("# rcu_batch: %d synchronize_rcu() callers, %lu grace periods (all called within %llu us, all returned within %llu us)\n",
		c->nthreads, g1 - g0,
		(unsigned long long)(READ_ONCE(c->last_arrival_ns) - t0) / NSEC_PER_USEC,
		(unsigned long long)us);
out:
	while (n > 0)
		kthread_stop(tasks[--n]);
	kfree(tasks);
	kfree(c);
}

/* ---- flood ---- */

struct flood_obj {
	struct rcu_head rh;
	unsigned long pad[2];
};

static DEFINE_PER_CPU(unsigned long, flood_queued);
static DEFINE_PER_CPU(unsigned long, flood_invoked);
static DEFINE_PER_CPU(unsigned long, flood_enomem);
static bool flood_go, flood_stop;

static void flood_cb(struct rcu_head *rh)
{
	kfree(container_of(rh, struct flood_obj, rh));
	this_cpu_inc(flood_invoked);
}

static int flood_fn(void *arg)
{
	while (!READ_ONCE(flood_go))
		schedule_timeout_uninterruptible(1);
	while (!READ_ONCE(flood_stop)) {
		struct flood_obj *p = kmalloc(sizeof(*p), GFP_KERNEL);

		if (!p) {
			this_cpu_inc(flood_enomem);
			msleep(1);
			continue;
		}
		call_rcu(&p->rh, flood_cb);
		this_cpu_inc(flood_queued);
		cond_resched();
	}
	while (!kthread_should_stop())
		schedule_timeout_uninterruptible(1);
	return 0;
}

static unsigned long flood_sum(unsigned long __percpu *v)
{
	unsigned long n = 0;
	int cpu;

	for_each_online_cpu(cpu)
		n += READ_ONCE(*per_cpu_ptr(v, cpu));
	return n;
}

/*
 * Reader-section lengths, in rcuos's histogram (include/linux/lat_hist.h,
 * copied next to this file by build.sh), so that both kernels'
 * percentiles are computed by the same code.
 */
static struct lat_hist rd_hist[2];
static int rd_phase;
static bool rd_stop;
static int rd_sink;
static int rd_target;
static int __rcu *rd_ptr;

/* Reader sections back to back, as rcuos's qoi_flood_reader(). */
static int flood_reader(void *unused)
{
	unsigned long i = 0;

	while (!READ_ONCE(rd_stop)) {
		int phase = READ_ONCE(rd_phase), sum = 0, k;
		struct lat_hist *h = &rd_hist[phase];
		u64 t0 = ktime_get_ns(), dt;

		rcu_read_lock();
		for (k = 0; k < 16; k++) {
			int *p = rcu_dereference(rd_ptr);

			if (p)
				sum += READ_ONCE(*p);
		}
		rcu_read_unlock();
		dt = ktime_get_ns() - t0;
		lat_hist_add(h, dt);
		WRITE_ONCE(rd_sink, sum);
		if (!(++i & 255))
			cond_resched();
	}
	while (!kthread_should_stop())
		schedule_timeout_uninterruptible(1);
	return 0;
}

/* The backlog every 10 ms and when (ms into the flood), as rcuos keeps it. */
#define FLOOD_MAX_SAMPLES	8192
#define FLOOD_SERIES_PER_LINE	8
static unsigned long flood_backlog[FLOOD_MAX_SAMPLES];
static unsigned int flood_t_ms[FLOOD_MAX_SAMPLES];
static unsigned int flood_nsamples;

/* "# backlog: ms:callbacks ..." lines, the format of rcuos's rcuqoi flood. */
static void flood_print_series(void)
{
	char line[FLOOD_SERIES_PER_LINE * 24];
	unsigned int i, len = 0;

	pr_info("# backlog series: %u samples\n", flood_nsamples);
	for (i = 0; i < flood_nsamples; i++) {
		len += scnprintf(line + len, sizeof(line) - len, " %u:%lu",
				 flood_t_ms[i], flood_backlog[i]);
		if ((i + 1) % FLOOD_SERIES_PER_LINE == 0 || i + 1 == flood_nsamples) {
			pr_info("# backlog:%s\n", line);
			len = 0;
		}
	}
}

static void bench_flood(void)
{
	static struct task_struct *ts[NR_CPUS];
	struct task_struct *rd;
	unsigned long free0, free_min, peak[2] = {}, nsamples[2] = {}, cpu_peak = 0;
	unsigned long q0, i0, queued, enomem;
	u64 t0, t_end;
	int cpu, ph;

	synchronize_rcu();
	rcu_barrier();
	msleep(200);
	WRITE_ONCE(flood_go, false);
	WRITE_ONCE(flood_stop, false);
	flood_nsamples = 0;

	/* Reader latency before the flood, then during it. */
	memset(rd_hist, 0, sizeof(rd_hist));
	WRITE_ONCE(rd_phase, 0);
	WRITE_ONCE(rd_stop, false);
	RCU_INIT_POINTER(rd_ptr, &rd_target);
	rd = kthread_run(flood_reader, NULL, "rcu_flood_reader");
	if (IS_ERR(rd))
		rd = NULL;
	msleep(2000);
	WRITE_ONCE(rd_phase, 1);

	for_each_online_cpu(cpu) {
		ts[cpu] = kthread_create_on_cpu(flood_fn, NULL, cpu, "rcu_flood/%u");
		if (IS_ERR(ts[cpu])) {
			ts[cpu] = NULL;
			continue;
		}
		wake_up_process(ts[cpu]);
	}
	free0 = free_min = global_zone_page_state(NR_FREE_PAGES);
	q0 = flood_sum(&flood_queued);
	i0 = flood_sum(&flood_invoked);
	sched_set_fifo_low(current);
	t0 = ktime_get_ns();
	WRITE_ONCE(flood_go, true);
	for (;;) {
		unsigned long backlog = 0, f;
		bool second_half;
		u64 el;

		msleep(10);
		el = ktime_get_ns() - t0;
		if (el >= (u64)flood_secs * NSEC_PER_SEC)
			break;
		second_half = el >= (u64)flood_secs * NSEC_PER_SEC / 2;
		for_each_online_cpu(cpu) {
			unsigned long n = READ_ONCE(per_cpu(flood_queued, cpu)) -
					  READ_ONCE(per_cpu(flood_invoked, cpu));

			backlog += n;
			cpu_peak = max(cpu_peak, n);
		}
		/* Before the flood both counters matched: subtract nothing. */
		peak[second_half] = max(peak[second_half], backlog);
		nsamples[second_half]++;
		if (flood_nsamples < FLOOD_MAX_SAMPLES) {
			flood_t_ms[flood_nsamples] = div_u64(el, NSEC_PER_MSEC);
			flood_backlog[flood_nsamples++] = backlog;
		}
		f = global_zone_page_state(NR_FREE_PAGES);
		free_min = min(free_min, f);
	}
	t_end = ktime_get_ns();
	WRITE_ONCE(flood_stop, true);
	sched_set_normal(current, 0);
	for_each_online_cpu(cpu)
		if (ts[cpu])
			kthread_stop(ts[cpu]);
	WRITE_ONCE(rd_stop, true);
	if (rd)
		kthread_stop(rd);
	rcu_barrier();
	queued = flood_sum(&flood_queued) - q0;
	enomem = flood_sum(&flood_enomem);
	pr_info("# flood: %u CPUs, %llu ms: %lu callbacks queued, %lu invoked, %lu per second\n",
		num_online_cpus(), (unsigned long long)(t_end - t0) / NSEC_PER_MSEC, queued,
		flood_sum(&flood_invoked) - i0,
		(unsigned long)div64_u64((u64)queued * 1000,
					 max_t(u64, (t_end - t0) / NSEC_PER_MSEC, 1)));
	pr_info("# peak backlog %lu (first half %lu, second half %lu, %lu+%lu samples; one CPU %lu); peak memory %lu KiB (%lu pages)\n",
		max(peak[0], peak[1]), peak[0], peak[1], nsamples[0], nsamples[1], cpu_peak,
		(free0 - free_min) * (PAGE_SIZE / 1024), free0 - free_min);
	pr_info("# flood: allocation failures %lu\n", enomem);
	flood_print_series();
	for (ph = 0; ph < 2; ph++) {
		char pct[128];

		lat_hist_snprint(pct, sizeof(pct), &rd_hist[ph]);
		pr_info("# reader sections %s the flood: %lu; %s\n",
			ph ? "during" : "before", rd_hist[ph].n, pct);
	}
}

/* ---- idle ---- */

struct idle_counts {
	u64 ticks, ipis, irqs;
};

static struct idle_counts idle_snap0[NR_CPUS], idle_snap1[NR_CPUS];

static void idle_snapshot(struct idle_counts *s)
{
	int cpu;

	for_each_online_cpu(cpu) {
		irq_cpustat_t *st = &per_cpu(irq_stat, cpu);

		s[cpu].ticks = READ_ONCE(st->apic_timer_irqs);
		s[cpu].ipis = READ_ONCE(st->irq_resched_count) + READ_ONCE(st->irq_call_count) +
			      READ_ONCE(st->irq_tlb_count);
		s[cpu].irqs = kstat_cpu_irqs_sum(cpu) + READ_ONCE(st->apic_irq_work_irqs);
	}
}

struct idle_arg {
	struct completion done;
	unsigned long gps, gp_count;
};

static int idle_fn(void *data)
{
	struct idle_arg *a = data;
	int n = idle_secs * 1000 / idle_period_ms;
	unsigned long g0;

	synchronize_rcu();
	rcu_barrier();
	msleep(1000);
	idle_snapshot(idle_snap0);
	g0 = bench_gp_completed();
	for (int i = 0; i < n; i++) {
		synchronize_rcu();
		a->gps++;
		msleep(idle_period_ms);
	}
	idle_snapshot(idle_snap1);
	a->gp_count = bench_gp_completed() - g0;
	complete(&a->done);
	while (!kthread_should_stop())
		schedule_timeout_uninterruptible(1);
	return 0;
}

/* The grace-period kthread (rcu_sched, or rcu_preempt in PREEMPT_RCU kernels). */
static struct task_struct *find_gp_kthread(void)
{
	struct task_struct *p, *found = NULL;

	rcu_read_lock();
	for_each_process(p) {
		if ((p->flags & PF_KTHREAD) &&
		    (!strcmp(p->comm, "rcu_sched") || !strcmp(p->comm, "rcu_preempt"))) {
			get_task_struct(p);
			found = p;
			break;
		}
	}
	rcu_read_unlock();
	return found;
}

static void bench_idle(void)
{
	struct task_struct *t, *gp = find_gp_kthread();
	u64 ticks = 0, wakeups = 0, ipis = 0;
	struct idle_arg a = {};
	int cpu, nidle = 0;

	init_completion(&a.done);
	if (gp)
		set_cpus_allowed_ptr(gp, cpumask_of(0));
	/* This task sleeps throughout; keep it off the idle CPUs as well. */
	set_cpus_allowed_ptr(current, cpumask_of(0));
	t = kthread_create_on_cpu(idle_fn, &a, 0, "rcu_idle/%u");
	if (IS_ERR(t))
		goto out;
	wake_up_process(t);
	wait_for_completion(&a.done);
	kthread_stop(t);
	pr_info("# %lu grace periods waited for on CPU 0 in %d s (%lu completed); GP kthread %s, on CPU %d\n",
		a.gps, idle_secs, a.gp_count, gp ? "confined to CPU 0" : "not found",
		gp ? task_cpu(gp) : -1);
	pr_info("# cpu   ticks  wakeups   ipis   irqs  (deltas over the window)\n");
	for_each_online_cpu(cpu) {
		struct idle_counts *s0 = &idle_snap0[cpu], *s1 = &idle_snap1[cpu];
		u64 dt = s1->ticks - s0->ticks, di = s1->ipis - s0->ipis;
		u64 dq = s1->irqs - s0->irqs;

		pr_info("# %3d %7llu %8llu %6llu %6llu%s\n", cpu, dt, dt + di + dq, di, dq,
			cpu ? "" : "  (busy: the test's kthread)");
		if (!cpu)
			continue;
		nidle++;
		ticks += dt;
		wakeups += dt + di + dq;
		ipis += di;
	}
	pr_info("# %d idle CPUs: %llu ticks, %llu wake-ups, %llu IPIs in total\n",
		nidle, ticks, wakeups, ipis);
out:
	set_cpus_allowed_ptr(current, cpu_possible_mask);
	if (gp) {
		set_cpus_allowed_ptr(gp, cpu_possible_mask);
		put_task_struct(gp);
	}
}

static int __init rcubench_init(void)
{
	char *s, *buf = kstrdup(tests, GFP_KERNEL), *p = buf;

	if (!buf)
		return -ENOMEM;
	while ((s = strsep(&p, ",")) != NULL) {
		pr_info("# rcubench: %s\n", s);
		if (!strcmp(s, "batch"))
			bench_batch();
		else if (!strcmp(s, "flood"))
			bench_flood();
		else if (!strcmp(s, "idle"))
			bench_idle();
		else
			pr_info("# rcubench: unknown test '%s'\n", s);
	}
	pr_info("# rcubench: done\n");
	kfree(buf);
	return 0;
}

static void __exit rcubench_exit(void)
{
}

module_init(rcubench_init);
module_exit(rcubench_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("rcuos make bench: batching, callback flood and idle wake-ups on Linux");
