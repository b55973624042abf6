// SPDX-License-Identifier: GPL-2.0
/*
 * The torture-test framework: what rcutorture, rcuscale, refscale,
 * kfreebench and rcuqoi share (see include/linux/torture.h).  Its ideas
 * are those of Linux's kernel/torture.c (one run at a time, kthreads
 * created and stopped through it, a per-thread random state, shutdown
 * after the run); the code is rcuos's own.
 */
#include <linux/kernel.h>
#include <linux/types.h>
#include <linux/errno.h>
#include <linux/err.h>
#include <linux/cpumask.h>
#include <linux/cpu.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/kstrtox.h>
#include <linux/ktime.h>
#include <linux/moduleparam.h>
#include <linux/sched.h>
#include <linux/shell.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/torture.h>
#include <asm/arch.h>

/* ---- a run's life ---- */

static int torture_monitor(void *arg);

/**
 * torture_init_begin() - claim @tool for one run
 * @tool: the tool
 *
 * Return: 0, or -EBUSY if a run of @tool is in progress.
 */
int torture_init_begin(struct torture_tool *tool)
{
	if (atomic_cmpxchg(&tool->running, 0, 1))
		return -EBUSY;
	tool->stats = NULL;
	tool->stat_interval = 0;
	tool->stopping = NULL;
	tool->monitor = NULL;
	return 0;
}

/*
 * The run's monitor prints the statistics and reports a stop that hangs.
 * It is started only when the run asks for statistics or first stops a
 * thread: the quality-of-implementation checks measure idle CPUs and
 * grace periods, and must not have it around while they do.
 */
static void torture_monitor_start(struct torture_tool *tool)
{
	if (!tool->monitor)
		torture_create_kthread(torture_monitor, tool, &tool->monitor, "%s_stats",
				       tool->name);
}

/**
 * torture_cleanup_end() - end the run torture_init_begin() claimed
 * @tool: the tool
 *
 * Stops the statistics thread (after every other thread: it is what
 * reports a stop that hangs) and lets the next run begin.
 */
void torture_cleanup_end(struct torture_tool *tool)
{
	torture_stats_stop(tool);
	atomic_set(&tool->running, 0);
}

/**
 * torture_stats_stop() - stop the statistics (and stuck-stop) monitor
 * @tool: the tool
 *
 * For a run that prints its final statistics itself once its threads are
 * stopped: no periodic line may come in between.
 */
void torture_stats_stop(struct torture_tool *tool)
{
	if (tool->monitor) {
		kthread_stop(tool->monitor);
		tool->monitor = NULL;
	}
}

/* How long a stop may wait before the thread it waits for is reported. */
static unsigned long torture_stuck_jiffies(const struct torture_tool *tool)
{
	if (tool->stats && tool->stat_interval > 0)
		return 2UL * tool->stat_interval * HZ;
	return (tool->stuck_secs ? tool->stuck_secs : 20) * HZ;
}

/*
 * If torture_stop_kthread() has waited too long for a thread, name it,
 * show where it sleeps and call the tool's hook; again every half of the
 * allowed wait while it lasts.
 */
static void torture_check_stopping(struct torture_tool *tool)
{
	unsigned long flags, waited, limit = torture_stuck_jiffies(tool);
	bool stuck = false;

	spin_lock_irqsave(&tool->stop_lock, flags);
	waited = jiffies - tool->stop_since;
	if (tool->stopping && waited > limit &&
	    (!tool->stop_reported || time_after_eq(jiffies, tool->stop_reported + limit / 2))) {
		printk(KERN_ERR "%s: still waiting for %s to stop after %lu s:\n",
		       tool->tag, tool->stopping->comm, waited / HZ);
		sched_show_task(tool->stopping);
		tool->stop_reported = jiffies;
		stuck = true;
	}
	spin_unlock_irqrestore(&tool->stop_lock, flags);
	if (stuck && tool->stuck_hook)
		tool->stuck_hook();
}

/*
 * The run's monitor: statistics every interval, and a check of a stop in
 * progress.  It sleeps for good when there is neither.
 */
static int torture_monitor(void *arg)
{
	struct torture_tool *tool = arg;

	while (!kthread_should_stop()) {
		long timeout = MAX_SCHEDULE_TIMEOUT;

		/*
		 * Before reading ->stats and ->stopping: torture_stats_start()
		 * and torture_stop_kthread() wake us after setting them.
		 */
		set_current_state(TASK_INTERRUPTIBLE);
		if (READ_ONCE(tool->stats))
			timeout = max_t(long, (long)(tool->next_stats - jiffies), 1);
		if (READ_ONCE(tool->stopping))
			timeout = min_t(long, timeout, max(torture_stuck_jiffies(tool) / 2, 1UL));
		if (!kthread_should_stop())
			schedule_timeout(timeout);
		__set_current_state(TASK_RUNNING);
		if (kthread_should_stop())
			break;
		if (READ_ONCE(tool->stats) && time_after_eq(jiffies, tool->next_stats)) {
			tool->stats();
			tool->next_stats = jiffies + tool->stat_interval * HZ;
		}
		torture_check_stopping(tool);
	}
	return 0;
}

/**
 * torture_stats_start() - print statistics at an interval
 * @tool: the tool, claimed by torture_init_begin()
 * @stats: prints them
 * @interval: every this many seconds; 0 for none
 */
void torture_stats_start(struct torture_tool *tool, void (*stats)(void), int interval)
{
	if (interval <= 0)
		return;
	tool->stat_interval = interval;
	tool->next_stats = jiffies + interval * HZ;
	WRITE_ONCE(tool->stats, stats);
	if (tool->monitor)
		wake_up_process(tool->monitor);
	else
		torture_monitor_start(tool);
}

/**
 * torture_report_bad() - one line for a bad parameter
 * @tool: the tool
 * @cmd: the shell command's name, or NULL for a run at boot
 * @fmt: the message, then its arguments
 *
 * A shell error "@cmd: message" in the shell, a console line
 * "tag: message" at boot.
 *
 * Return: -EINVAL.
 */
int torture_report_bad(const struct torture_tool *tool, const char *cmd, const char *fmt, ...)
{
	char msg[160];
	va_list ap;

	va_start(ap, fmt);
	vscnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (cmd)
		return shell_error("%s: %s", cmd, msg);
	pr_alert("%s: %s\n", tool->tag, msg);
	return -EINVAL;
}

/* A run from the shell ended in FAILURE since boot. */
static bool torture_failed_since_boot;

/**
 * torture_any_failed() - did a torture run from the shell fail since boot?
 *
 * The shell's poweroff turns this, like a failed KUnit case, into QEMU's
 * exit code.
 *
 * Return: true if a tool's shell command reported FAILURE.
 */
bool torture_any_failed(void)
{
	return READ_ONCE(torture_failed_since_boot);
}

/**
 * torture_shell_run() - a tool's shell command
 * @tool: the tool
 * @argc: the words, the command's name included
 * @argv: "key=value" words after the name: the "@tool->name.*" parameters
 *
 * Sets the parameters, checks them, runs the tool, then puts every
 * parameter back as it was.  A run that failed has said so on the
 * console: the command itself succeeded.
 *
 * Return: 0, or -errno after one line saying what went wrong.
 */
int torture_shell_run(struct torture_tool *tool, int argc, char **argv)
{
	struct param_snapshot saved;
	int ret;

	if (params_save(tool->name, &saved))
		return shell_error("%s: cannot save the %s.* parameters", argv[0], tool->name);
	ret = shell_set_params(tool->name, argc, argv);
	if (!ret && tool->check)
		ret = tool->check(argv[0]);
	if (!ret) {
		ret = tool->run(argv[0]);
		if (ret == -EIO && !tool->selftest)
			WRITE_ONCE(torture_failed_since_boot, true);
		if (ret == -EBUSY)
			shell_error("%s: %s", argv[0], tool->busy_msg);
		else if (ret == -ENOMEM)
			shell_error("%s: out of memory", argv[0]);
		if (tool->shutdown_secs && *tool->shutdown_secs > 0)
			torture_shutdown(tool, *tool->shutdown_secs, ret);
	}
	params_restore(&saved);
	return ret == -EIO ? 0 : ret;
}

/**
 * torture_shutdown() - power off at the end of a run
 * @tool: the tool
 * @value: its shutdown parameter's value, for the console line
 * @ret: the run's result: QEMU's exit code says whether it failed
 */
void torture_shutdown(const struct torture_tool *tool, int value, int ret)
{
	pr_alert("%s: %s=%d: powering off\n", tool->tag, tool->shutdown_param, value);
	machine_power_off(ret ? 0x11 : 0x10);
}

static int torture_boot_fn(void *arg)
{
	struct torture_tool *tool = arg;
	int ret = -EINVAL;

	if (!tool->check || !tool->check(NULL))
		ret = tool->run(NULL);
	torture_shutdown(tool, tool->boot_shutdown, ret);
}

/**
 * torture_boot_start() - the run at boot, for a late_initcall
 * @tool: the tool
 * @shutdown: its shutdown parameter's value: 0 for no run at boot
 *
 * Runs @tool in a kthread with the boot parameters' values, then powers
 * off.
 *
 * Return: 0, or -ENOMEM.
 */
int torture_boot_start(struct torture_tool *tool, int shutdown)
{
	struct task_struct *t;

	if (shutdown <= 0)
		return 0;
	tool->boot_shutdown = shutdown;
	return torture_create_kthread(torture_boot_fn, tool, &t, "%s_boot", tool->name);
}

/* ---- kthreads ---- */

/**
 * torture_create_kthread_on() - create and start a test kthread
 * @fn: its function; it loops until kthread_should_stop()
 * @arg: @fn's argument
 * @cpu: the CPU to bind it to, or -1 for any
 * @tp: where to store the task (NULL on failure)
 * @namefmt: printf-style name, then its arguments
 *
 * Return: 0, or -ENOMEM.
 */
int torture_create_kthread_on(int (*fn)(void *arg), void *arg, int cpu,
			      struct task_struct **tp, const char *namefmt, ...)
{
	char name[TASK_COMM_LEN];
	struct task_struct *t;
	va_list ap;

	va_start(ap, namefmt);
	vscnprintf(name, sizeof(name), namefmt, ap);
	va_end(ap);
	t = kthread_create(fn, arg, "%s", name);
	if (IS_ERR(t)) {
		*tp = NULL;
		return -ENOMEM;
	}
	if (cpu >= 0)
		kthread_bind(t, cpu);
	*tp = t;
	wake_up_process(t);
	return 0;
}

/**
 * torture_stop_kthread() - stop a test kthread and wait for it
 * @tool: the run's tool: if the wait lasts, its monitor names the thread
 * @tp: the task; nothing if NULL, and NULL afterwards
 */
void torture_stop_kthread(struct torture_tool *tool, struct task_struct **tp)
{
	struct task_struct *t = *tp;
	unsigned long flags;

	if (!t)
		return;
	if (atomic_read(&tool->running))
		torture_monitor_start(tool);
	get_task_struct(t);
	spin_lock_irqsave(&tool->stop_lock, flags);
	tool->stopping = t;
	tool->stop_since = jiffies;
	tool->stop_reported = 0;
	spin_unlock_irqrestore(&tool->stop_lock, flags);
	if (tool->monitor)
		wake_up_process(tool->monitor);	/* it may sleep for good otherwise */
	kthread_stop(t);
	spin_lock_irqsave(&tool->stop_lock, flags);
	tool->stopping = NULL;
	spin_unlock_irqrestore(&tool->stop_lock, flags);
	put_task_struct(t);
	*tp = NULL;
}

/**
 * torture_kthread_park() - wait, asleep, for kthread_stop()
 *
 * For a test kthread that has done its work: it must not return before
 * it is stopped, and must not keep its CPU busy meanwhile.
 */
void torture_kthread_park(void)
{
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (kthread_should_stop())
			break;
		schedule();
	}
	__set_current_state(TASK_RUNNING);
}

/* ---- random numbers ---- */

/**
 * torture_random_init() - seed a thread's generator
 * @trs: the state
 * @salt: differs between the threads of a run, so that they differ
 */
void torture_random_init(struct torture_random_state *trs, u64 salt)
{
	prandom_seed_state(&trs->rs, ktime_get_ns() ^ (salt * 0x9e3779b97f4a7c15ULL));
}

/* ---- CPUs ---- */

/**
 * torture_pick_cpu() - the one way test code chooses an online CPU
 * @nth: which one, from 0, modulo the number of candidates
 * @exclude: a CPU not to choose (the caller's, usually), or -1
 *
 * The candidates are the online CPUs other than @exclude, in order.
 *
 * Return: the CPU, or -1 if there is no candidate.
 */
int torture_pick_cpu(unsigned int nth, int exclude)
{
	unsigned int n = num_online_cpus(), cpu;

	if (exclude >= 0 && exclude < nr_cpu_ids && cpu_online(exclude))
		n--;
	if (!n)
		return -1;
	nth %= n;
	for_each_online_cpu(cpu) {
		if ((int)cpu == exclude)
			continue;
		if (!nth--)
			return cpu;
	}
	return -1;
}

/* ---- CPU hotplug: the onoff kthread ---- */

/*
 * One kthread takes a random CPU (never CPU 0) offline, or online if it
 * is offline, every interval, and times each operation in jiffies; its
 * statistics use Linux's rcutorture "onoff:" format.  At the end it
 * brings back every CPU it took offline.
 */
struct torture_onoff {
	struct task_struct *task;
	unsigned long holdoff_ms, interval_ms;
	long offline_attempts, offline_successes;
	long online_attempts, online_successes;
	long failures;			/* attempts that returned an error */
	unsigned long sum_offline, sum_online;
	int min_offline, max_offline, min_online, max_online;
	struct cpumask took;		/* CPUs it took offline */
};

static struct torture_onoff onoff;
static atomic_t onoff_busy = ATOMIC_INIT(0);	/* one user at a time */

static void onoff_time(unsigned long d, unsigned long *sum, int *min, int *max)
{
	*sum += d;
	if (*min < 0 || (int)d < *min)
		*min = d;
	if ((int)d > *max)
		*max = d;
}

/* Sleep @ms, waking early for kthread_stop().  Return: stop asked. */
static bool onoff_sleep(unsigned long ms)
{
	while (ms && !kthread_should_stop()) {
		unsigned long n = min(ms, 10UL);

		msleep(n);
		ms -= n;
	}
	return kthread_should_stop();
}

/* Take @cpu offline (@off) or online, and count and time it. */
static void onoff_op(unsigned int cpu, bool off)
{
	long *attempts = off ? &onoff.offline_attempts : &onoff.online_attempts;
	long *successes = off ? &onoff.offline_successes : &onoff.online_successes;
	unsigned long t0 = jiffies;
	int ret;

	WRITE_ONCE(*attempts, *attempts + 1);
	ret = off ? remove_cpu(cpu) : add_cpu(cpu);
	if (ret) {
		pr_alert("torture: !!! %sline of CPU %u failed: %d\n", off ? "off" : "on", cpu, ret);
		WRITE_ONCE(onoff.failures, onoff.failures + 1);
		return;
	}
	if (off) {
		cpumask_set_cpu(cpu, &onoff.took);
		onoff_time(jiffies - t0, &onoff.sum_offline, &onoff.min_offline,
			   &onoff.max_offline);
	} else {
		cpumask_clear_cpu(cpu, &onoff.took);
		onoff_time(jiffies - t0, &onoff.sum_online, &onoff.min_online,
			   &onoff.max_online);
	}
	WRITE_ONCE(*successes, *successes + 1);
}

static void onoff_one(unsigned int cpu)
{
	if (cpu_online(cpu))
		onoff_op(cpu, true);
	else if (cpumask_test_cpu(cpu, &onoff.took))
		onoff_op(cpu, false);
}

static int torture_onoff_fn(void *arg)
{
	struct torture_random_state rand;
	unsigned int cpu;

	torture_random_init(&rand, 0x6f6e);
	if (!onoff_sleep(onoff.holdoff_ms)) {
		while (!onoff_sleep(onoff.interval_ms))
			onoff_one(1 + torture_random_below(&rand, nr_cpu_ids - 1));
	}
	for_each_possible_cpu(cpu)
		if (cpumask_test_cpu(cpu, &onoff.took))
			onoff_one(cpu);
	torture_kthread_park();
	return 0;
}

/**
 * torture_onoff_init() - start taking CPUs offline and online
 * @holdoff_ms: wait this long first
 * @interval_ms: between two operations; 0: do nothing
 *
 * Return: 0, -EBUSY if another run uses it, -ENOMEM.
 */
int torture_onoff_init(unsigned long holdoff_ms, unsigned long interval_ms)
{
	if (!interval_ms || nr_cpu_ids < 2)
		return 0;
	if (atomic_cmpxchg(&onoff_busy, 0, 1))
		return -EBUSY;
	memset(&onoff, 0, sizeof(onoff));
	onoff.min_offline = onoff.min_online = -1;
	onoff.holdoff_ms = holdoff_ms;
	onoff.interval_ms = interval_ms;
	if (torture_create_kthread(torture_onoff_fn, NULL, &onoff.task, "torture_onoff")) {
		atomic_set(&onoff_busy, 0);
		return -ENOMEM;
	}
	return 0;
}

/**
 * torture_onoff_cleanup() - stop, with every CPU it took offline back
 * @tool: the run's tool (names the thread if stopping it hangs), or NULL
 */
void torture_onoff_cleanup(struct torture_tool *tool)
{
	if (!onoff.task)
		return;
	if (tool) {
		torture_stop_kthread(tool, &onoff.task);
	} else {
		kthread_stop(onoff.task);
		onoff.task = NULL;
	}
	atomic_set(&onoff_busy, 0);
}

/**
 * torture_onoff_stats() - the statistics, as Linux's rcutorture prints them
 * @buf: where to write
 * @size: its size
 *
 * "onoff: ON/ONTRIES:OFF/OFFTRIES MINON,MAXON:MINOFF,MAXOFF SUMON:SUMOFF
 * (HZ=n)": successful and attempted onlines and offlines, then the
 * fastest and slowest of each and their total time, in jiffies.
 *
 * Return: @buf.
 */
char *torture_onoff_stats(char *buf, size_t size)
{
	scnprintf(buf, size, "onoff: %ld/%ld:%ld/%ld %d,%d:%d,%d %lu:%lu (HZ=%d)",
		  READ_ONCE(onoff.online_successes), READ_ONCE(onoff.online_attempts),
		  READ_ONCE(onoff.offline_successes), READ_ONCE(onoff.offline_attempts),
		  READ_ONCE(onoff.min_online), READ_ONCE(onoff.max_online),
		  READ_ONCE(onoff.min_offline), READ_ONCE(onoff.max_offline),
		  READ_ONCE(onoff.sum_online), READ_ONCE(onoff.sum_offline), HZ);
	return buf;
}

/** torture_onoff_failures() - did an offline or online fail? */
bool torture_onoff_failures(void)
{
	/* Not attempts minus successes: one may be under way right now. */
	return READ_ONCE(onoff.failures) != 0;
}

/* The shell's "onoff": hotplug in the background while other tests run. */
static int cmd_onoff(int argc, char **argv)
{
	unsigned int ms;
	char buf[128];
	int ret;

	if (argc != 2 || kstrtouint(argv[1], 0, &ms))
		return shell_error("usage: onoff <interval_ms>|0");
	if (!ms) {
		if (!onoff.task)
			return shell_error("onoff: not running");
		torture_onoff_cleanup(NULL);
		printk("torture: %s\n", torture_onoff_stats(buf, sizeof(buf)));
		return torture_onoff_failures() ? shell_error("onoff: an operation failed") : 0;
	}
	ret = torture_onoff_init(0, ms);
	if (ret == -EBUSY)
		return shell_error("onoff: already running");
	return ret;
}
DEFINE_SHELL_CMD(onoff, "<interval_ms>|0",
		 "CPU hotplug in the background every interval_ms (0: stop, print the counts)",
		 cmd_onoff);

/* ---- KTAP ---- */

/**
 * torture_ktap_begin() - start a KTAP run of checks
 * @k: the run
 * @tool: the tool's name, for the header comment
 * @name: the run's name, each check's prefix
 * @planned: how many checks it will print
 */
void torture_ktap_begin(struct torture_ktap *k, const char *tool, const char *name,
			int planned)
{
	k->tool = tool;
	k->name = name;
	k->planned = planned;
	k->n = 0;
	k->failed = 0;
	printk("KTAP version 1\n");
	printk("1..%d\n", planned);
	printk("# %s %s\n", tool, name);
}

/**
 * torture_ktap_check() - one check's result
 * @k: the run
 * @ok: did it pass
 * @what: its name after the run's name ("warned": "stall_warned")
 */
void torture_ktap_check(struct torture_ktap *k, bool ok, const char *what)
{
	k->n++;
	if (!ok)
		k->failed++;
	printk("%sok %d %s_%s\n", ok ? "" : "not ", k->n, k->name, what);
}

/**
 * torture_ktap_skip() - a check that could not be made
 * @k: the run
 * @what: its name after the run's name
 * @why: the reason, after "# SKIP"
 */
void torture_ktap_skip(struct torture_ktap *k, const char *what, const char *why)
{
	k->n++;
	printk("ok %d %s_%s # SKIP %s\n", k->n, k->name, what, why);
}

/**
 * torture_ktap_end() - end the run; the plan is filled with skips if it
 *	stopped early (no second CPU, no memory)
 * @k: the run
 *
 * Return: 0, for a shell command to return.
 */
int torture_ktap_end(struct torture_ktap *k)
{
	while (k->n < k->planned)
		torture_ktap_skip(k, "not_run", "an earlier step failed");
	printk("# %s %s: %d of %d checks failed\n", k->tool, k->name, k->failed, k->n);
	return 0;
}
