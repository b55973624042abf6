// SPDX-License-Identifier: GPL-2.0
/*
 * A sampling profiler and the shell's `profile` command.
 *
 * The samples come from the local APIC timer tick (tick_handle_periodic()
 * calls profile_tick()), so the rate is HZ per CPU, and:
 *  - code that runs with interrupts disabled is not sampled there: its
 *    time is charged to wherever interrupts are enabled again;
 *  - an idle CPU whose tick is stopped (NO_HZ_IDLE) takes no samples: the
 *    percentages are of the ticks each CPU took.
 * Each CPU writes only its own array; profile_stop() waits for every CPU
 * to leave the tick handler before the arrays are read.
 */
#include <linux/kernel.h>
#include <linux/percpu.h>
#include <linux/errno.h>
#include <linux/profile.h>
#include <linux/cpumask.h>
#include <linux/bitmap.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/kallsyms.h>
#include <linux/kstrtox.h>
#include <linux/ktime.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/shell.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <asm/arch.h>

#define PROFILE_MAX_SECONDS	600

struct profile_cpu {
	unsigned long *ips;
	unsigned int n;		/* samples taken */
	unsigned int max;
	unsigned int dropped;	/* past max */
};

bool profile_active;
/* Per CPU: only CPUs that exist have an area, whatever NR_CPUS is. */
static DEFINE_PER_CPU(struct profile_cpu, prof);
static struct cpumask prof_cpus;
static DEFINE_MUTEX(prof_mutex);	/* one profile at a time */
static u64 prof_start_ns, prof_ns;

/* __profile_tick() - record @regs->rip on this CPU (tick, irqs off) */
void __profile_tick(struct pt_regs *regs)
{
	struct profile_cpu *p = this_cpu_ptr(&prof);

	if (!cpumask_test_cpu(raw_smp_processor_id(), &prof_cpus) || !p->ips)
		return;
	if (p->n < p->max)
		p->ips[p->n++] = regs->rip;
	else
		p->dropped++;
}

/* profile_free() - free the samples of the last profile */
void profile_free(void)
{
	unsigned int cpu;

	for_each_possible_cpu(cpu) {
		kfree(per_cpu(prof, cpu).ips);
		memset(per_cpu_ptr(&prof, cpu), 0, sizeof(struct profile_cpu));
	}
}

/**
 * profile_start() - sample @cpus from now on
 * @cpus: the CPUs to sample
 * @seconds: the longest the profile will run (sizes the sample arrays)
 *
 * Return: 0, -EBUSY if a profile runs, -EINVAL, or -ENOMEM.
 */
int profile_start(const struct cpumask *cpus, unsigned int seconds)
{
	unsigned int cpu, max;

	if (!seconds || seconds > PROFILE_MAX_SECONDS)
		return -EINVAL;
	if (!mutex_trylock(&prof_mutex))
		return -EBUSY;
	if (READ_ONCE(profile_active)) {
		mutex_unlock(&prof_mutex);
		return -EBUSY;
	}
	profile_free();
	/* Twice the nominal count: a tick delayed under load catches up. */
	max = 2 * seconds * HZ + 64;
	for_each_cpu(cpu, cpus) {
		per_cpu(prof, cpu).ips = kmalloc_array(max, sizeof(unsigned long), GFP_KERNEL);
		if (!per_cpu(prof, cpu).ips) {
			profile_free();
			mutex_unlock(&prof_mutex);
			return -ENOMEM;
		}
		per_cpu(prof, cpu).max = max;
	}
	memcpy(&prof_cpus, cpus, sizeof(prof_cpus));
	prof_start_ns = ktime_get_ns();
	/* The arrays are in place before any tick looks at them. */
	smp_store_release(&profile_active, true);
	mutex_unlock(&prof_mutex);
	return 0;
}

/* profile_stop() - stop sampling; the samples stay until the next start */
void profile_stop(void)
{
	mutex_lock(&prof_mutex);
	if (READ_ONCE(profile_active)) {
		WRITE_ONCE(profile_active, false);
		prof_ns = ktime_get_ns() - prof_start_ns;
		/* Ticks run with interrupts off: this waits out any in flight. */
		synchronize_rcu();
	}
	mutex_unlock(&prof_mutex);
}

/* profile_samples() - samples taken on @cpu so far */
unsigned int profile_samples(int cpu)
{
	return READ_ONCE(per_cpu(prof, cpu).n);
}

static int ulong_cmp(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a, y = *(const unsigned long *)b;

	return x < y ? -1 : x > y;
}

static int hit_cmp(const void *a, const void *b)
{
	const struct profile_hit *x = a, *y = b;

	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static unsigned long symbol_start(unsigned long ip)
{
	unsigned long size, off;

	return kallsyms_lookup(ip, &size, &off) ? ip - off : ip;
}

/**
 * profile_top() - the functions with the most samples
 * @cpu: a CPU, or -1 for all the profiled CPUs together
 * @hits: filled with up to @max functions, most samples first
 * @max: room in @hits
 * @total: set to the number of samples
 *
 * Only after profile_stop().
 *
 * Return: the number of entries filled in.
 */
unsigned int profile_top(int cpu, struct profile_hit *hits, unsigned int max,
			 unsigned int *total)
{
	unsigned long *all;
	struct profile_hit *h;
	unsigned int n = 0, nh = 0, c;

	*total = 0;
	for_each_possible_cpu(c)
		if (cpu < 0 || (int)c == cpu)
			n += per_cpu(prof, c).n;
	if (!n || READ_ONCE(profile_active))
		return 0;
	all = kmalloc_array(n, sizeof(*all), GFP_KERNEL);
	h = kmalloc_array(n, sizeof(*h), GFP_KERNEL);
	if (!all || !h) {
		kfree(all);
		kfree(h);
		return 0;
	}
	n = 0;
	for_each_possible_cpu(c) {
		if (cpu >= 0 && (int)c != cpu)
			continue;
		for (unsigned int i = 0; i < per_cpu(prof, c).n; i++)
			all[n++] = symbol_start(per_cpu(prof, c).ips[i]);
	}
	sort(all, n, sizeof(*all), ulong_cmp, NULL);
	for (unsigned int i = 0; i < n; i++) {
		if (nh && h[nh - 1].addr == all[i]) {
			h[nh - 1].count++;
		} else {
			h[nh].addr = all[i];
			h[nh].count = 1;
			nh++;
		}
	}
	sort(h, nh, sizeof(*h), hit_cmp, NULL);
	nh = min(nh, max);
	memcpy(hits, h, nh * sizeof(*h));
	kfree(all);
	kfree(h);
	*total = n;
	return nh;
}

static void profile_print_top(int cpu, unsigned int top)
{
	struct profile_hit *hits = kmalloc_array(top, sizeof(*hits), GFP_KERNEL);
	unsigned int n, total;
	char sym[128];

	if (!hits)
		return;
	n = profile_top(cpu, hits, top, &total);
	if (cpu >= 0)
		printk("CPU %d: %u samples%s\n", cpu, total,
		       total ? "" : " (idle with its tick stopped, or offline)");
	else
		printk("all CPUs: %u samples\n", total);
	for (unsigned int i = 0; i < n; i++) {
		unsigned long size, off;

		if (kallsyms_lookup(hits[i].addr, &size, &off))
			scnprintf(sym, sizeof(sym), "%ps", (void *)hits[i].addr);
		else
			scnprintf(sym, sizeof(sym), "[%#lx]", hits[i].addr);
		printk("  %3u.%u%%  %6u  %s\n", hits[i].count * 100 / total,
		       (hits[i].count * 1000 / total) % 10, hits[i].count, sym);
	}
	kfree(hits);
}

/*
 * profile SECONDS [cpus=LIST] [top=N] [COMMAND...]: with a command, it
 * runs in the shell while the profile does; the profile lasts SECONDS
 * in any case (at least as long as the command).
 */
static int cmd_profile(int argc, char **argv)
{
	static struct cpumask cpus;
	unsigned int seconds, top = 10, cpu;
	char line[256] = "";
	int i, ret;
	u64 end;

	if (argc < 2 || kstrtouint(argv[1], 10, &seconds) || !seconds ||
	    seconds > PROFILE_MAX_SECONDS)
		return shell_error("profile: SECONDS must be 1 to %d", PROFILE_MAX_SECONDS);
	memcpy(&cpus, cpu_online_mask, sizeof(cpus));
	for (i = 2; i < argc; i++) {
		char *arg = argv[i], *val = shell_kv(arg);

		if (val && !strcmp(arg, "cpus")) {
			if (bitmap_parselist(val, cpus.bits, nr_cpu_ids))
				return shell_error("profile: bad CPU list '%s'", val);
		} else if (val && !strcmp(arg, "top")) {
			if (kstrtouint(val, 10, &top) || !top || top > 100)
				return shell_error("profile: top must be 1 to 100");
		} else {
			if (val)
				val[-1] = '=';	/* part of the command */
			break;
		}
	}
	for (size_t len = 0; i < argc; i++)
		len += scnprintf(line + len, sizeof(line) - len, "%s%s", argv[i],
				 i + 1 < argc ? " " : "");
	ret = profile_start(&cpus, seconds);
	if (ret == -EBUSY)
		return shell_error("profile: a profile is already running");
	if (ret)
		return shell_error("profile: cannot allocate the sample arrays");
	end = ktime_get_ns() + (u64)seconds * NSEC_PER_SEC;
	if (line[0])
		shell_run_line(line);
	while (ktime_get_ns() < end)
		msleep(min_t(u64, 100, (end - ktime_get_ns()) / NSEC_PER_MSEC + 1));
	profile_stop();

	printk("profile: %llu ms, local APIC timer tick at HZ=%d on each CPU\n",
	       (unsigned long long)(prof_ns / NSEC_PER_MSEC), HZ);
	for_each_cpu(cpu, &cpus) {
		profile_print_top(cpu, top);
		if (per_cpu(prof, cpu).dropped)
			printk("  (%u samples dropped: array full)\n", per_cpu(prof, cpu).dropped);
	}
	profile_print_top(-1, top);
	return 0;
}
DEFINE_SHELL_CMD(profile, "SECONDS [cpus=list] [top=N] [command...]",
		 "sample the interrupted functions at every tick; top functions per CPU and overall",
		 cmd_profile);
