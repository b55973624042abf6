// SPDX-License-Identifier: GPL-2.0
/*
 * RCU quality-of-implementation checks, run from the shell.
 *
 *	stall SECONDS		spin in an RCU reader on this CPU
 *	rcuqoi stall		a stalled grace period warns, at growing intervals
 *	rcuqoi expstall		so does a stalled expedited grace period
 *	rcuqoi nostall		a reader with no grace period waiting does not
 *	rcuqoi idle		idle CPUs take no tick and no wake-up while
 *				grace periods run on CPU 0
 *	rcuqoi storm		expedited grace periods from every CPU at once
 *	rcuqoi barrier		rcu_barrier() leaves idle CPUs alone
 *	rcuqoi flood		call_rcu() from every CPU: bounded backlog
 *
 * These take seconds to minutes, so they are shell commands, not KUnit
 * suites (the "test" command runs in every scenario).  Each prints its
 * own KTAP run ("ok"/"not ok" per check, "# SKIP" when the check could
 * not be made), which the test harness judges like any other; numbers
 * (latencies, rates) are printed as "# " comments and never asserted,
 * since the hosts running QEMU are shared and their speed varies.
 */
#include <linux/kernel.h>
#include <linux/smp.h>
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/ktime.h>
#include <linux/jiffies.h>
#include <linux/slab.h>
#include <linux/mm.h>
#include <linux/tick.h>
#include <linux/timer.h>
#include <linux/cpumask.h>
#include <linux/shell.h>
#include <linux/sort.h>
#include <linux/bitops.h>
#include <linux/lat_hist.h>
#include <linux/kstrtox.h>
#include <linux/moduleparam.h>
#include <linux/rcupdate.h>
#include <linux/torture.h>
#include <kunit/test.h>
#include <asm/arch.h>
#include "../tree.h"

static struct torture_tool qoi_tool;

/* "12.34" from a count over @n grace periods. */
#define QOI_PER_GP(x, n)	((x) / (n)), (((x) * 100 / (n)) % 100)

static unsigned long qoi_total_cbs(void)
{
	unsigned long n = 0;
	unsigned int cpu;

	for_each_online_cpu(cpu)
		n += rcu_segcblist_n_cbs(&per_cpu_ptr(&rcu_data, cpu)->cblist);
	return n;
}

/* ---- stall ---- */

#define QOI_MAX_STALLS	16

struct qoi_spin_obs {
	bool irqs_off;				/* spin with interrupts off */
	bool expedited;				/* the waiter's GP is expedited */
	int cpu;
	u64 start_ns;
	unsigned int max_ms;			/* no warning yet: spin on, up to this */
	u64 spun_ms;				/* how long the spin lasted */
	int nr_warnings;			/* new stall warnings seen */
	u64 warn_ms[QOI_MAX_STALLS];		/* when, after start */
	unsigned long gp_seq_start, gp_seq_end;
};

/*
 * qoi_reader_spin() - spin in an RCU read-side critical section
 * @ms: how long
 * @obs: where to record what happened meanwhile, or NULL
 *
 * Nothing here schedules (preemption is off), so this CPU reports no
 * quiescent state until the end.  With @obs->irqs_off, interrupts are off too: this CPU's tick
 * cannot notice the stall, the other CPUs must.  The function is noinline
 * so that it shows up by name in the backtrace of a stall warning.
 */
static noinline void qoi_reader_spin(unsigned int ms, struct qoi_spin_obs *obs)
{
	u64 start = ktime_get_ns(), end = start + (u64)ms * NSEC_PER_MSEC, now;
	int last = READ_ONCE(rcu_state.nr_stall_warnings);
	unsigned long flags;

	if (obs) {
		obs->cpu = raw_smp_processor_id();
		obs->start_ns = start;
		obs->gp_seq_start = rcu_get_gp_seq();
	}
	rcu_read_lock();
	/*
	 * A preemptible reader that is preempted moves the stall from this
	 * CPU to its task ("Tasks blocked on ..."): stay on the CPU.
	 */
	preempt_disable();
	local_save_flags(flags);
	if (obs && obs->irqs_off)
		local_irq_disable();
	/*
	 * A loaded host can delay the grace period's start or the ticks that
	 * detect the stall: a spin that expects a warning goes on, up to
	 * @obs->max_ms, until the first one comes.
	 */
	while ((now = ktime_get_ns()) < end ||
	       (obs && !obs->nr_warnings && now - start < (u64)obs->max_ms * NSEC_PER_MSEC)) {
		int n = READ_ONCE(rcu_state.nr_stall_warnings);

		if (obs && n != last) {
			if (obs->nr_warnings < QOI_MAX_STALLS)
				obs->warn_ms[obs->nr_warnings] =
					(now - start) / NSEC_PER_MSEC;
			obs->nr_warnings += n - last;
		}
		last = n;
		cpu_relax();
	}
	local_irq_restore(flags);
	preempt_enable();
	rcu_read_unlock();
	if (obs) {
		obs->gp_seq_end = rcu_get_gp_seq();
		obs->spun_ms = (now - start) / NSEC_PER_MSEC;
	}
}

static int qoi_spin_with_waiter(unsigned int ms, bool with_gp,
				struct qoi_spin_obs *obs);

/*
 * stall SECONDS [nogp] [irqsoff]: spin in a reader on this CPU while a
 * kthread on another CPU waits for a grace period (with nogp, nothing
 * asks for one: no warning may come); with irqsoff, interrupts are off
 * too, so another CPU must detect the stall.
 */
static int cmd_stall(int argc, char **argv)
{
	struct qoi_spin_obs obs = {};
	bool gp = true;
	unsigned int secs;

	if (argc < 2 || kstrtouint(argv[1], 0, &secs) || !secs || secs > 600)
		return shell_error("stall: SECONDS must be 1 to 600");
	for (int i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "nogp"))
			gp = false;
		else if (!strcmp(argv[i], "irqsoff"))
			obs.irqs_off = true;
		else
			return shell_error("stall: unknown option '%s' (nogp, irqsoff)", argv[i]);
	}
	printk("stall: spinning %u s in an RCU reader on CPU %u%s, %s\n", secs,
	       raw_smp_processor_id(), obs.irqs_off ? " with interrupts off" : "",
	       gp ? "a grace period waiting" : "no grace period requested");
	if (qoi_spin_with_waiter(secs * 1000, gp, &obs) && gp) {
		printk("stall: no other CPU to wait for a grace period: spinning without one\n");
		qoi_spin_with_waiter(secs * 1000, false, &obs);
	}
	printk("stall: done on CPU %d, %d stall warning(s) meanwhile (rcu_cpu_stall_timeout: see 'cmdline')\n",
	       obs.cpu, obs.nr_warnings);
	return 0;
}
DEFINE_SHELL_CMD(stall, "SECONDS [nogp] [irqsoff]",
		 "spin SECONDS in an RCU reader on this CPU, a grace period waiting (stall warnings)",
		 cmd_stall);

struct qoi_waiter {
	struct completion done;
	bool *spinning;
	bool expedited;
	unsigned long gp_seq_at_request;
};

/* Wait for the spinner to be in its reader, then need a grace period. */
static int qoi_gp_waiter(void *arg)
{
	struct qoi_waiter *w = arg;

	while (!READ_ONCE(*w->spinning))
		schedule_timeout_uninterruptible(1);
	w->gp_seq_at_request = rcu_get_gp_seq();
	if (w->expedited)
		synchronize_rcu_expedited();
	else
		synchronize_rcu();
	complete(&w->done);
	return 0;
}

static char qoi_saved_timeout[16];

/* Set rcupdate.rcu_cpu_stall_timeout, saving the old value once. */
static void qoi_set_stall_timeout(unsigned int secs)
{
	char buf[16];

	if (!qoi_saved_timeout[0] &&
	    param_get_by_name("rcupdate.rcu_cpu_stall_timeout",
			      qoi_saved_timeout, sizeof(qoi_saved_timeout)) < 0)
		snprintf(qoi_saved_timeout, sizeof(qoi_saved_timeout), "%d",
			 CONFIG_RCU_CPU_STALL_TIMEOUT);
	snprintf(buf, sizeof(buf), "%u", secs);
	param_set_kv("rcupdate.rcu_cpu_stall_timeout", buf);
}

static void qoi_restore_stall_timeout(void)
{
	if (qoi_saved_timeout[0])
		param_set_kv("rcupdate.rcu_cpu_stall_timeout", qoi_saved_timeout);
	qoi_saved_timeout[0] = 0;
}

/*
 * Spin @ms in a reader on this CPU; if @with_gp, a kthread on another CPU
 * calls synchronize_rcu() (synchronize_rcu_expedited() if
 * @obs->expedited) meanwhile.  Return: 0, or -1 if no CPU/kthread.
 */
static int qoi_spin_with_waiter(unsigned int ms, bool with_gp,
				struct qoi_spin_obs *obs)
{
	struct task_struct *t = NULL, *gp = READ_ONCE(rcu_state.gp_kthread);
	struct qoi_waiter w = {};
	struct cpumask gp_saved, m;
	bool spinning = false;
	int cpu = raw_smp_processor_id(), other = torture_other_cpu(cpu);

	if (with_gp) {
		if (other < 0)
			return -1;
		/*
		 * A grace-period kthread that last ran on this CPU would be
		 * woken here and never run (the spin keeps preemption off):
		 * no grace period, so no stall to report.  Keep it on the
		 * waiter's CPU meanwhile.
		 */
		gp_saved = gp->cpus_mask;
		cpumask_clear(&m);
		cpumask_set_cpu(other, &m);
		set_cpus_allowed_ptr(gp, &m);
		init_completion(&w.done);
		w.spinning = &spinning;
		w.expedited = obs && obs->expedited;
		t = kthread_create_on_cpu(qoi_gp_waiter, &w, other, "qoi_gpwait");
		if (IS_ERR(t))
			return -1;
		wake_up_process(t);
	}
	/* The waiter sees the flag at its next jiffy, inside our spin. */
	WRITE_ONCE(spinning, true);
	qoi_reader_spin(ms, obs);
	if (with_gp) {
		wait_for_completion(&w.done);
		set_cpus_allowed_ptr(gp, &gp_saved);
	}
	return 0;
}

static bool qoi_captured(const char *fmt, ...)
{
	char buf[64];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return kunit_log_contains(buf);
}

/*
 * Spin @secs in a reader on this CPU while another CPU waits for a grace
 * period (expedited if @obs->expedited), with rcu_cpu_stall_timeout set to
 * @timeout and the console captured between expect-splat markers.
 * Return: 0, or -1 if there is no other CPU to wait.
 */
static int qoi_spin_captured(unsigned int timeout, unsigned int secs,
			     struct qoi_spin_obs *obs)
{
	int ret;

	qoi_set_stall_timeout(timeout);
	/* Every grace period from now on was started under the new timeout. */
	synchronize_rcu();
	printk("# expect-splat: begin\n");
	kunit_printk_capture_start();
	ret = qoi_spin_with_waiter(secs * 1000, true, obs);
	/* The NMI backtraces print asynchronously: let them finish. */
	if (!ret)
		msleep(500);
	kunit_printk_capture_stop();
	printk("# expect-splat: end\n");
	qoi_restore_stall_timeout();
	return ret;
}

/*
 * rcuqoi stall: a grace period waits for a reader that spins for
 * @secs > @timeout.  The stall warning must appear (between the splat
 * markers), name the spinning CPU, the grace-period number and age, and
 * carry a backtrace through qoi_reader_spin(); repeats must come at
 * growing intervals and few enough not to flood.
 *
 * With interrupts on (@irqs_off false) the spinning CPU's own tick sees
 * the stall first: the self-detected form, "INFO: rcu self-detected
 * stall on CPU", with this CPU's backtrace.  With them off it cannot, and
 * another CPU must print "INFO: rcu detected stalls on CPUs/tasks:",
 * "(detected by N, ...)" and the spinning CPU's backtrace taken by NMI.
 */
static int qoi_stall(unsigned int timeout, unsigned int secs, bool irqs_off)
{
	struct qoi_spin_obs obs = { .irqs_off = irqs_off, .max_ms = 3 * secs * 1000 };
	struct torture_ktap r;
	int cpu, before, before_self, n, max_expected;
	u64 gap_prev;
	bool grows = true;

	torture_ktap_begin(&r, "rcuqoi", irqs_off ? "stall_irqs_off" : "stall", 8);
	before = READ_ONCE(rcu_state.nr_stall_warnings);
	before_self = READ_ONCE(rcu_state.nr_self_stall_warnings);
	if (qoi_spin_captured(timeout, secs, &obs)) {
		torture_ktap_skip(&r, "warned", "needs 2 CPUs");
		return torture_ktap_end(&r);
	}
	cpu = obs.cpu;
	n = READ_ONCE(rcu_state.nr_stall_warnings) - before;

	printk("# spun %llu ms (asked %u s) on CPU %d with rcu_cpu_stall_timeout=%u: %d warning(s)\n",
	       (unsigned long long)obs.spun_ms, secs, cpu, timeout, n);
	for (int i = 0; i < min(obs.nr_warnings, QOI_MAX_STALLS); i++)
		printk("#   warning %d at %llu ms into the spin\n", i + 1,
		       (unsigned long long)obs.warn_ms[i]);
	torture_ktap_check(&r, n >= 1 && obs.nr_warnings >= 1, "warned");
	if (irqs_off) {
		torture_ktap_check(&r, kunit_log_contains("INFO: rcu detected stalls on CPUs/tasks:") &&
			      kunit_log_contains("(detected by "), "header_detected_by_others");
		torture_ktap_check(&r, !kunit_log_contains("self-detected"),
			  "not_self_detected");
		torture_ktap_check(&r, qoi_captured("NMI backtrace for cpu %d", cpu) &&
			      kunit_log_contains("qoi_reader_spin"), "nmi_backtrace");
	} else {
		torture_ktap_check(&r, kunit_log_contains("INFO: rcu self-detected stall on CPU"),
			  "header_self_detected");
		torture_ktap_check(&r, READ_ONCE(rcu_state.nr_self_stall_warnings) > before_self,
			  "self_detected_counted");
		torture_ktap_check(&r, kunit_log_contains("Call Trace:") &&
			      kunit_log_contains("qoi_reader_spin"), "backtrace");
	}
	torture_ktap_check(&r, qoi_captured("\t%d-...: (", cpu), "names_cpu");
	torture_ktap_check(&r, kunit_log_contains(" jiffies, g="), "gp_number_and_age");
	/*
	 * The first warning comes about @timeout after the grace period
	 * started; each later one after a longer gap than the one before.
	 */
	gap_prev = obs.nr_warnings ? obs.warn_ms[0] : 0;
	for (int i = 1; i < min(obs.nr_warnings, QOI_MAX_STALLS); i++) {
		u64 gap = obs.warn_ms[i] - obs.warn_ms[i - 1];

		if (gap <= gap_prev)
			grows = false;
		gap_prev = gap;
	}
	if (obs.nr_warnings >= 2)
		torture_ktap_check(&r, grows, "growing_intervals");
	else
		torture_ktap_skip(&r, "growing_intervals", "spin too short for a second warning");
	/* At most one warning per timeout period: 3x back-off allows far fewer. */
	max_expected = secs / timeout;
	torture_ktap_check(&r, n <= max(max_expected, 1), "no_flood");
	return torture_ktap_end(&r);
}

/*
 * rcuqoi expstall: an expedited grace period waits for a reader that
 * spins for @secs > @timeout with interrupts on.  The expedited IPI finds
 * the CPU in a reader and can only ask it to reschedule, so the caller
 * waits; after @timeout it must print "INFO: rcu detected expedited
 * stalls on CPUs/tasks: { N-... }" naming the spinning CPU, with that
 * CPU's backtrace (by NMI) through qoi_reader_spin(), and the grace
 * period must end once the reader does.
 */
static int qoi_expstall(unsigned int timeout, unsigned int secs)
{
	struct qoi_spin_obs obs = { .expedited = true };
	unsigned long exp_before = READ_ONCE(rcu_state.expedited_sequence);
	struct torture_ktap r;
	int before, n;

	torture_ktap_begin(&r, "rcuqoi", "expstall", 5);
	before = READ_ONCE(rcu_state.nr_exp_stall_warnings);
	if (qoi_spin_captured(timeout, secs, &obs)) {
		torture_ktap_skip(&r, "warned", "needs 2 CPUs");
		return torture_ktap_end(&r);
	}
	n = READ_ONCE(rcu_state.nr_exp_stall_warnings) - before;
	printk("# spun %u s on CPU %d with rcu_cpu_stall_timeout=%u: %d expedited stall warning(s)\n",
	       secs, obs.cpu, timeout, n);
	torture_ktap_check(&r, n >= 1, "warned");
	torture_ktap_check(&r, kunit_log_contains("INFO: rcu detected expedited stalls on CPUs/tasks: {"),
		  "header");
	torture_ktap_check(&r, qoi_captured(" %d-... }", obs.cpu) || qoi_captured(" %d-... ", obs.cpu),
		  "names_cpu");
	torture_ktap_check(&r, qoi_captured("NMI backtrace for cpu %d", obs.cpu) &&
		      kunit_log_contains("qoi_reader_spin"), "nmi_backtrace");
	torture_ktap_check(&r, ULONG_CMP_GE(READ_ONCE(rcu_state.expedited_sequence), exp_before + 2),
		  "grace_period_ended");
	return torture_ktap_end(&r);
}

/* Wait (up to @ms) until no grace period runs and no callback is queued. */
static bool qoi_wait_quiet(unsigned int ms)
{
	for (unsigned int i = 0; i < ms / 10; i++) {
		if (!rcu_gp_in_progress() && !qoi_total_cbs())
			return true;
		msleep(10);
	}
	return false;
}

/*
 * rcuqoi nostall: a reader that spins with no grace period waiting must
 * not warn.  Two halves, because "nothing waits for a grace period" cannot
 * be forced on a running kernel (any call_rcu() anywhere starts one):
 *
 * 1. short_spin: a grace period does wait, but the spin (@timeout - 1 s)
 *    is shorter than the timeout: no warning.
 * 2. no_gp: after the system is quiet (no grace period in progress, no
 *    callback queued anywhere), spin 2 * @timeout + 2 seconds.  If the
 *    grace-period sequence did not move meanwhile, nothing waited and
 *    there must be no warning; if it moved, someone asked for a grace
 *    period and a warning would be legitimate: the check is skipped.
 *    (rcu_check_stall(), from the tick and from the grace-period
 *    kthread, returns at once when no grace period is in progress.)
 */
static int qoi_nostall(unsigned int timeout)
{
	struct qoi_spin_obs obs = {};
	struct torture_ktap r;
	int before;
	bool quiet;

	torture_ktap_begin(&r, "rcuqoi", "nostall", 2);
	qoi_set_stall_timeout(timeout);
	synchronize_rcu();

	before = READ_ONCE(rcu_state.nr_stall_warnings);
	if (qoi_spin_with_waiter((timeout - 1) * 1000, true, &obs)) {
		torture_ktap_skip(&r, "short_spin", "needs 2 CPUs");
	} else {
		printk("# short spin: %u ms with a grace period waiting, timeout %u s: %d warning(s)\n",
		       (timeout - 1) * 1000, timeout,
		       READ_ONCE(rcu_state.nr_stall_warnings) - before);
		torture_ktap_check(&r, READ_ONCE(rcu_state.nr_stall_warnings) == before,
			  "short_spin");
	}

	synchronize_rcu();
	rcu_barrier();
	quiet = qoi_wait_quiet(5000);
	memset(&obs, 0, sizeof(obs));
	before = READ_ONCE(rcu_state.nr_stall_warnings);
	printk("# expect-splat: begin\n");
	qoi_spin_with_waiter((2 * timeout + 2) * 1000, false, &obs);
	printk("# expect-splat: end\n");
	qoi_restore_stall_timeout();
	printk("# long spin: %u s with no grace period requested (quiet at start: %s), gp_seq %lu -> %lu: %d warning(s)\n",
	       2 * timeout + 2, quiet ? "yes" : "no", obs.gp_seq_start,
	       obs.gp_seq_end, READ_ONCE(rcu_state.nr_stall_warnings) - before);
	if (!quiet || obs.gp_seq_start != obs.gp_seq_end ||
	    gp_seq_state(obs.gp_seq_start))
		torture_ktap_skip(&r, "no_gp", "a grace period was requested during the spin");
	else
		torture_ktap_check(&r, READ_ONCE(rcu_state.nr_stall_warnings) == before,
			  "no_gp");
	return torture_ktap_end(&r);
}

/* ---- a starved grace-period kthread ---- */

struct qoi_starve_arg {
	unsigned int ms;
	bool started, done;
};

/* SCHED_FIFO 50 on its CPU: runs until done, never in a reader. */
static int qoi_starve_spinner(void *data)
{
	struct qoi_starve_arg *a = data;
	u64 end = ktime_get_ns() + (u64)a->ms * NSEC_PER_MSEC;

	WRITE_ONCE(a->started, true);
	while (ktime_get_ns() < end)
		cond_resched();		/* a quiescent state, but no yield */
	WRITE_ONCE(a->done, true);
	while (!kthread_should_stop())
		schedule_timeout_uninterruptible(1);
	return 0;
}

/*
 * rcuqoi gpstarve: no CPU holds the grace period up, but the grace-period
 * kthread cannot run: while a grace period is in progress it is confined
 * to a CPU that a SCHED_FIFO task (above its priority) keeps busy for
 * @secs > @timeout, with no reader anywhere.  The stall warning must come
 * (from a tick: the kthread that also checks cannot) and say that the
 * kthread was starved, on which CPU; once the CPU is free the grace
 * period must end.  (Idle CPUs are listed as holding the grace period
 * up: it is the kthread's forcing pass that credits them.)
 */
static int qoi_gpstarve(unsigned int timeout, unsigned int secs)
{
	static struct qoi_starve_arg a;
	struct task_struct *gp = READ_ONCE(rcu_state.gp_kthread), *t;
	int before, starved0, cpu = raw_smp_processor_id(), x = torture_other_cpu(cpu);
	unsigned long g0;
	struct cpumask mask;
	struct torture_ktap r;
	bool in_gp = false;

	torture_ktap_begin(&r, "rcuqoi", "gpstarve", 4);
	if (x < 0 || !gp) {
		torture_ktap_skip(&r, "warned", "needs 2 CPUs");
		return torture_ktap_end(&r);
	}
	memset(&a, 0, sizeof(a));
	a.ms = secs * 1000;
	qoi_set_stall_timeout(timeout);
	synchronize_rcu();
	before = READ_ONCE(rcu_state.nr_stall_warnings);
	starved0 = READ_ONCE(rcu_state.nr_kthread_starved);
	printk("# expect-splat: begin\n");
	kunit_printk_capture_start();
	t = kthread_create_on_cpu(qoi_starve_spinner, &a, x, "qoi_starve");
	if (IS_ERR(t)) {
		kunit_printk_capture_stop();
		printk("# expect-splat: end\n");
		qoi_restore_stall_timeout();
		torture_ktap_skip(&r, "warned", "no kthread");
		return torture_ktap_end(&r);
	}
	sched_set_fifo(t);
	/*
	 * The kthread moves to CPU x (idle for now); a reader here keeps the
	 * grace period we ask for in progress until the spinner holds x.
	 */
	cpumask_clear(&mask);
	cpumask_set_cpu(x, &mask);
	set_cpus_allowed_ptr(gp, &mask);
	g0 = start_poll_synchronize_rcu();
	rcu_read_lock();
	for (u64 end = ktime_get_ns() + 2 * NSEC_PER_SEC; ktime_get_ns() < end;)
		if ((in_gp = rcu_gp_in_progress()))
			break;
	if (in_gp) {
		wake_up_process(t);
		for (u64 end = ktime_get_ns() + 2 * NSEC_PER_SEC; ktime_get_ns() < end;)
			if (READ_ONCE(a.started))
				break;
	}
	rcu_read_unlock();
	if (!in_gp)
		wake_up_process(t);	/* it must run to be stopped */
	printk("# grace period %lu %s; rcu_gp confined to CPU %d, which a SCHED_FIFO task keeps for %u s\n",
	       rcu_get_gp_seq(), in_gp ? "in progress" : "did not start", x, secs);
	while (!READ_ONCE(a.done))
		msleep(10);
	set_cpus_allowed_ptr(gp, cpu_possible_mask);
	torture_stop_kthread(&qoi_tool, &t);
	/* The kthread is free again: the grace period must end now. */
	for (int i = 0; i < 5000 && !poll_state_synchronize_rcu(g0); i++)
		msleep(1);
	msleep(200);
	kunit_printk_capture_stop();
	printk("# expect-splat: end\n");
	qoi_restore_stall_timeout();
	printk("# %d stall warning(s), %d with a starved kthread\n",
	       READ_ONCE(rcu_state.nr_stall_warnings) - before,
	       READ_ONCE(rcu_state.nr_kthread_starved) - starved0);
	if (!in_gp) {
		torture_ktap_skip(&r, "warned", "no grace period started within 2 s");
		return torture_ktap_end(&r);
	}
	torture_ktap_check(&r, READ_ONCE(rcu_state.nr_stall_warnings) > before, "warned");
	torture_ktap_check(&r, READ_ONCE(rcu_state.nr_kthread_starved) > starved0 &&
		      kunit_log_contains("rcu_gp kthread starved for "), "kthread_starved");
	torture_ktap_check(&r, qoi_captured("->cpu=%d", x), "names_kthread_cpu");
	torture_ktap_check(&r, poll_state_synchronize_rcu(g0), "grace_period_ended");
	return torture_ktap_end(&r);
}

/* ---- idle ---- */

struct qoi_cpu_counts {
	u64 ticks, wakeups, ipis, irqs;
};

/*
 * Arrays indexed by CPU are sized by the CPUs that exist, not NR_CPUS,
 * and allocated by the first check (qoi_run()); a run uses them alone.
 */
static struct qoi_cpu_counts *qoi_snap0, *qoi_snap1;
static struct task_struct **qoi_ts;
static unsigned long *qoi_storm_count;
static u64 *qoi_flood_cpu;	/* QOI_FLOOD_CPU_ARRAYS arrays */
#define QOI_FLOOD_CPU_ARRAYS	3

static void qoi_snapshot(struct qoi_cpu_counts *s)
{
	unsigned int cpu;

	for_each_online_cpu(cpu) {
		s[cpu].ticks = tick_count_cpu(cpu);
		s[cpu].wakeups = idle_wakeups_cpu(cpu);
		s[cpu].ipis = READ_ONCE(per_cpu(ipi_count, cpu));
		s[cpu].irqs = READ_ONCE(per_cpu(irq_count_percpu, cpu));
	}
}

struct qoi_idle_arg {
	unsigned int secs, period_ms;
	unsigned long gps;
	unsigned long gp_count;
	struct completion done;
};

/* On CPU 0: settle, snapshot, a grace period every period_ms, snapshot. */
static int qoi_idle_thread(void *data)
{
	struct qoi_idle_arg *a = data;
	unsigned long gp0;
	unsigned int n = a->secs * 1000 / a->period_ms;

	synchronize_rcu();
	rcu_barrier();
	msleep(1000);		/* let every other CPU go idle and stop its tick */
	qoi_snapshot(qoi_snap0);
	gp0 = rcu_gp_completed();
	for (unsigned int i = 0; i < n; i++) {
		synchronize_rcu();
		a->gps++;
		msleep(a->period_ms);
	}
	qoi_snapshot(qoi_snap1);
	a->gp_count = rcu_gp_completed() - gp0;
	complete(&a->done);
	return 0;
}

/*
 * rcuqoi idle: every CPU but 0 idles with nothing to do while a kthread
 * on CPU 0 waits for a grace period every @period_ms for @secs seconds.
 * The idle CPUs must take no tick and no wake-up: RCU credits them from
 * their watching counters.  With @confine_gp (the default) the
 * grace-period kthread is confined to CPU 0 for the test, as on a
 * housekeeping CPU: the CPU it runs on is not idle, it is RCU's worker.
 * With confine_gp=0 it stays wherever the scheduler put it, and that CPU
 * wakes for each grace period (reported; the checks then fail unless it
 * happens to be on CPU 0).  The shell task sleeps throughout.
 */
static int qoi_idle(unsigned int secs, unsigned int period_ms, bool confine_gp)
{
	static struct qoi_idle_arg a;
	struct task_struct *t, *gp = confine_gp ? READ_ONCE(rcu_state.gp_kthread) : NULL;
	struct cpumask mask;
	struct torture_ktap r;
	unsigned int cpu, nidle = 0;
	u64 ticks = 0, wakeups = 0, ipis = 0;

	torture_ktap_begin(&r, "rcuqoi", "idle", 3);
	if (num_online_cpus() < 2) {
		torture_ktap_skip(&r, "no_ticks", "needs 2 CPUs");
		return torture_ktap_end(&r);
	}
	memset(&a, 0, sizeof(a));
	a.secs = secs;
	a.period_ms = period_ms;
	init_completion(&a.done);
	cpumask_clear(&mask);
	cpumask_set_cpu(0, &mask);
	if (gp)
		set_cpus_allowed_ptr(gp, &mask);
	t = kthread_create_on_cpu(qoi_idle_thread, &a, 0, "qoi_idle");
	if (IS_ERR(t)) {
		if (gp)
			set_cpus_allowed_ptr(gp, cpu_possible_mask);
		return torture_ktap_end(&r);
	}
	wake_up_process(t);
	wait_for_completion(&a.done);
	if (gp)
		set_cpus_allowed_ptr(gp, cpu_possible_mask);

	printk("# %u grace periods waited for on CPU 0 in %u s (%lu completed); GP kthread %s, on CPU %u\n",
	       (unsigned int)a.gps, secs, a.gp_count,
	       gp ? "confined to CPU 0" : "not confined",
	       task_cpu(READ_ONCE(rcu_state.gp_kthread)));
	printk("# cpu   ticks  wakeups   ipis   irqs  (deltas over the window)\n");
	for_each_online_cpu(cpu) {
		struct qoi_cpu_counts *s0 = &qoi_snap0[cpu], *s1 = &qoi_snap1[cpu];

		printk("# %3u %7llu %8llu %6llu %6llu%s\n", cpu,
		       (unsigned long long)(s1->ticks - s0->ticks),
		       (unsigned long long)(s1->wakeups - s0->wakeups),
		       (unsigned long long)(s1->ipis - s0->ipis),
		       (unsigned long long)(s1->irqs - s0->irqs),
		       cpu ? "" : "  (busy: the test's kthread)");
		if (!cpu)
			continue;
		nidle++;
		ticks += s1->ticks - s0->ticks;
		wakeups += s1->wakeups - s0->wakeups;
		ipis += s1->ipis - s0->ipis;
	}
	printk("# %u idle CPUs: %llu ticks, %llu wake-ups, %llu IPIs in total\n",
	       nidle, (unsigned long long)ticks, (unsigned long long)wakeups,
	       (unsigned long long)ipis);
	torture_ktap_check(&r, a.gp_count >= a.gps, "grace_periods_completed");
	torture_ktap_check(&r, ticks == 0, "no_ticks");
	torture_ktap_check(&r, wakeups == 0 && ipis == 0, "no_wakeups");
	return torture_ktap_end(&r);
}

/* ---- expedited ---- */

static int qoi_cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

#define QOI_EXP_SAMPLES	200

struct qoi_exp_lat_arg {
	u64 ns[QOI_EXP_SAMPLES];
	unsigned long ipis;
	struct completion done;
};

static int qoi_exp_lat_thread(void *data)
{
	struct qoi_exp_lat_arg *a = data;
	unsigned long ipi0;

	synchronize_rcu();
	rcu_barrier();
	msleep(500);
	qoi_snapshot(qoi_snap0);
	ipi0 = READ_ONCE(rcu_state.n_exp_ipis);
	for (int i = 0; i < QOI_EXP_SAMPLES; i++) {
		u64 t0 = ktime_get_ns();

		synchronize_rcu_expedited();
		a->ns[i] = ktime_get_ns() - t0;
	}
	a->ipis = READ_ONCE(rcu_state.n_exp_ipis) - ipi0;
	qoi_snapshot(qoi_snap1);
	complete(&a->done);
	return 0;
}

struct qoi_storm_arg {
	bool go, stop;
	unsigned long *count;		/* qoi_storm_count */
	unsigned long normal;
	atomic_t running;
};

static int qoi_storm_thread(void *data)
{
	struct qoi_storm_arg *a = data;
	unsigned int cpu = raw_smp_processor_id();

	while (!READ_ONCE(a->go))
		schedule_timeout_uninterruptible(1);
	while (!READ_ONCE(a->stop)) {
		synchronize_rcu_expedited();
		a->count[cpu]++;
		cond_resched();
	}
	atomic_dec(&a->running);
	while (!kthread_should_stop())
		schedule_timeout_uninterruptible(1);
	return 0;
}

/*
 * Sharing: one CPU holds a reader for QOI_SHARE_HOLD_MS, so the first
 * expedited grace period lasts that long; every other CPU calls
 * synchronize_rcu_expedited() once meanwhile.  They must be served by
 * the grace period in progress and at most one more, not one each.
 */
#define QOI_SHARE_HOLD_MS	500

struct qoi_share_arg {
	bool in_reader, go;
	atomic_t done;
};

static int qoi_share_reader(void *data)
{
	struct qoi_share_arg *a = data;

	rcu_read_lock();
	WRITE_ONCE(a->in_reader, true);
	mdelay(QOI_SHARE_HOLD_MS);
	rcu_read_unlock();
	while (!kthread_should_stop())
		schedule_timeout_uninterruptible(1);
	return 0;
}

static int qoi_share_caller(void *data)
{
	struct qoi_share_arg *a = data;

	while (!READ_ONCE(a->go))
		cpu_relax();
	synchronize_rcu_expedited();
	atomic_inc(&a->done);
	while (!kthread_should_stop())
		schedule_timeout_uninterruptible(1);
	return 0;
}

/* Return the number of expedited grace periods, or -1 if it could not run. */
static long qoi_share(unsigned int *ncallers)
{
	struct task_struct **ts = qoi_ts;
	struct qoi_share_arg a = { };
	struct task_struct *rd;
	unsigned int cpu, n = 0, me = raw_smp_processor_id();
	int rcpu = torture_other_cpu(me);
	unsigned long exp0;
	long gps;

	*ncallers = 0;
	if (rcpu < 0)
		return -1;
	for_each_online_cpu(cpu) {
		ts[cpu] = NULL;
		if ((int)cpu == rcpu || cpu == me)
			continue;
		ts[cpu] = kthread_create_on_cpu(qoi_share_caller, &a, cpu, "qoi_share/%u");
		if (IS_ERR(ts[cpu])) {
			ts[cpu] = NULL;
			continue;
		}
		wake_up_process(ts[cpu]);
		n++;
	}
	rd = kthread_create_on_cpu(qoi_share_reader, &a, rcpu, "qoi_share_rd/%u");
	if (IS_ERR(rd))
		return -1;
	wake_up_process(rd);
	while (!READ_ONCE(a.in_reader))
		msleep(1);
	exp0 = READ_ONCE(rcu_state.n_exp_gps);
	WRITE_ONCE(a.go, true);
	for (int i = 0; i < 6000 && atomic_read(&a.done) < (int)n; i++)
		msleep(10);
	gps = READ_ONCE(rcu_state.n_exp_gps) - exp0;
	for_each_online_cpu(cpu)
		torture_stop_kthread(&qoi_tool, &ts[cpu]);
	torture_stop_kthread(&qoi_tool, &rd);
	*ncallers = atomic_read(&a.done);
	return *ncallers == n ? gps : -1;
}

static int qoi_storm_normal(void *data)
{
	struct qoi_storm_arg *a = data;

	while (!READ_ONCE(a->go))
		schedule_timeout_uninterruptible(1);
	while (!READ_ONCE(a->stop)) {
		synchronize_rcu();
		a->normal++;
	}
	atomic_dec(&a->running);
	while (!kthread_should_stop())
		schedule_timeout_uninterruptible(1);
	return 0;
}

/*
 * rcuqoi storm: (1) on an idle system, CPU 0 runs QOI_EXP_SAMPLES
 * expedited grace periods: median latency, and no IPI to any idle CPU;
 * (2) every CPU loops synchronize_rcu_expedited() for @secs seconds while
 * another kthread loops synchronize_rcu(): every CPU completes some, and
 * normal grace periods still complete.
 */
static int qoi_storm(unsigned int secs)
{
	static struct qoi_exp_lat_arg la;
	static struct qoi_storm_arg sa;
	struct task_struct **ts = qoi_ts;
	struct task_struct *t, *tn;
	unsigned long gp0, exp0, shared0, ipi0, min_count = ULONG_MAX, max_count = 0, total = 0;
	unsigned int cpu;
	u64 other_ipis = 0;
	struct torture_ktap r;

	torture_ktap_begin(&r, "rcuqoi", "storm", 7);
	if (num_online_cpus() < 2) {
		torture_ktap_skip(&r, "idle_not_ipied", "needs 2 CPUs");
		return torture_ktap_end(&r);
	}

	/* (1) Idle system: latency, and the idle CPUs are left alone. */
	memset(&la, 0, sizeof(la));
	init_completion(&la.done);
	t = kthread_create_on_cpu(qoi_exp_lat_thread, &la, 0, "qoi_explat");
	if (IS_ERR(t))
		return torture_ktap_end(&r);
	wake_up_process(t);
	wait_for_completion(&la.done);
	for_each_online_cpu(cpu)
		if (cpu)
			other_ipis += qoi_snap1[cpu].ipis - qoi_snap0[cpu].ipis;
	sort(la.ns, QOI_EXP_SAMPLES, sizeof(u64), qoi_cmp_u64, NULL);
	printk("# idle system: %d synchronize_rcu_expedited() on CPU 0: min %llu us, median %llu us, max %llu us\n",
	       QOI_EXP_SAMPLES, (unsigned long long)la.ns[0] / 1000,
	       (unsigned long long)la.ns[QOI_EXP_SAMPLES / 2] / 1000,
	       (unsigned long long)la.ns[QOI_EXP_SAMPLES - 1] / 1000);
	printk("# expedited IPIs sent: %lu; IPIs taken by CPUs 1..%u: %llu\n",
	       la.ipis, nr_cpu_ids - 1, (unsigned long long)other_ipis);
	torture_ktap_check(&r, la.ipis == 0 && other_ipis == 0, "idle_not_ipied");

	/* (2) The storm. */
	memset(&sa, 0, sizeof(sa));
	sa.count = qoi_storm_count;
	memset(sa.count, 0, nr_cpu_ids * sizeof(*sa.count));
	memset(ts, 0, nr_cpu_ids * sizeof(*ts));
	for_each_online_cpu(cpu) {
		ts[cpu] = kthread_create_on_cpu(qoi_storm_thread, &sa, cpu, "qoi_exp/%u");
		if (IS_ERR(ts[cpu])) {
			ts[cpu] = NULL;
			continue;
		}
		atomic_inc(&sa.running);
		wake_up_process(ts[cpu]);
	}
	tn = kthread_run(qoi_storm_normal, &sa, "qoi_normal");
	if (!IS_ERR(tn))
		atomic_inc(&sa.running);
	gp0 = rcu_gp_completed();
	exp0 = READ_ONCE(rcu_state.n_exp_gps);
	shared0 = READ_ONCE(rcu_state.n_exp_shared);
	ipi0 = READ_ONCE(rcu_state.n_exp_ipis);
	WRITE_ONCE(sa.go, true);
	msleep(secs * 1000);
	gp0 = rcu_gp_completed() - gp0;
	WRITE_ONCE(sa.stop, true);
	/* Wait for every loop to finish its last call: all must return. */
	for (int i = 0; i < 6000 && atomic_read(&sa.running); i++)
		msleep(10);
	for_each_online_cpu(cpu)
		torture_stop_kthread(&qoi_tool, &ts[cpu]);
	if (!IS_ERR(tn))
		kthread_stop(tn);

	for_each_online_cpu(cpu) {
		min_count = min(min_count, sa.count[cpu]);
		total += sa.count[cpu];
	}
	printk("# storm: %u s, %u CPUs: %lu synchronize_rcu_expedited() returned (min per CPU %lu), %lu expedited GPs run, %lu shared, %lu IPIs\n",
	       secs, num_online_cpus(), total, min_count,
	       READ_ONCE(rcu_state.n_exp_gps) - exp0,
	       READ_ONCE(rcu_state.n_exp_shared) - shared0,
	       READ_ONCE(rcu_state.n_exp_ipis) - ipi0);
	printk("# storm: %lu synchronize_rcu() returned, %lu normal grace periods completed during the storm\n",
	       sa.normal, gp0);
	printk("# per CPU:");
	for_each_online_cpu(cpu)
		printk(KERN_CONT " %lu", sa.count[cpu]);
	printk(KERN_CONT "\n");
	torture_ktap_check(&r, min_count >= 1, "every_cpu_progressed");
	torture_ktap_check(&r, !atomic_read(&sa.running), "all_returned");
	torture_ktap_check(&r, gp0 >= 1, "normal_gps_completed");
	torture_ktap_check(&r, sa.normal >= 1, "synchronize_rcu_returned");
	/*
	 * Fairness: a caller waits for at most two expedited grace periods
	 * whoever else is calling, so no CPU falls far behind the busiest
	 * (the host's scheduling of vCPUs still spreads them some).  And
	 * sharing: callers that arrive while a grace period is held up by a
	 * reader are served by it and at most one more.
	 */
	for_each_online_cpu(cpu)
		max_count = max(max_count, sa.count[cpu]);
	printk("# storm: calls per CPU min %lu max %lu; calls per expedited GP %lu.%02lu\n",
	       min_count, max_count,
	       QOI_PER_GP(total, max(READ_ONCE(rcu_state.n_exp_gps) - exp0, 1UL)));
	/*
	 * Starvation, not evenness: the host alone spreads the vCPUs' calls
	 * up to 30-fold on a loaded 2-core machine, while the mutex-only
	 * scheme left CPUs with 1 or 2 calls against thousands.
	 */
	torture_ktap_check(&r, min_count >= 10 && min_count * 100 >= max_count, "fair_progress");
	if (num_online_cpus() < 4) {
		torture_ktap_skip(&r, "gps_shared", "needs 4 CPUs");
	} else {
		unsigned int ncallers;
		long gps = qoi_share(&ncallers);

		printk("# storm: %u concurrent synchronize_rcu_expedited() behind a %d ms reader: %ld expedited GPs\n",
		       ncallers, QOI_SHARE_HOLD_MS, gps);
		torture_ktap_check(&r, gps >= 1 && gps <= 2, "gps_shared");
	}
	return torture_ktap_end(&r);
}

/* ---- barrier ---- */

/*
 * rcuqoi barrier: CPU 1 stays busy queueing a callback every millisecond
 * while CPU 0 calls rcu_barrier() @calls times.  Each call must wait for
 * the callbacks queued before it; the idle CPUs, which have none, should
 * take no IPI for it (a few for other reasons, such as the grace-period
 * kthread's wake-ups, are allowed: far fewer than one per CPU and call).
 * The time per call and the IPIs the other CPUs take are reported.
 */
struct qoi_barrier_arg {
	bool stop, done;
	unsigned int calls;
	atomic_long_t queued;
	unsigned long missed;		/* calls that returned too early */
	u64 *ns;
};

static atomic_long_t qoi_barrier_invoked_ctr;

static void qoi_barrier_cb(struct rcu_head *rh)
{
	kfree(rh);
	atomic_long_inc(&qoi_barrier_invoked_ctr);
}

static int qoi_barrier_busy(void *data)
{
	struct qoi_barrier_arg *a = data;

	while (!READ_ONCE(a->stop)) {
		struct rcu_head *rh = kmalloc(sizeof(*rh), GFP_KERNEL);

		if (rh) {
			call_rcu(rh, qoi_barrier_cb);
			/* Counted once queued: rcu_barrier() must then wait for it. */
			atomic_long_inc(&a->queued);
		}
		mdelay(1);		/* busy: never idle */
		cond_resched();
	}
	while (!kthread_should_stop())
		schedule_timeout_uninterruptible(1);
	return 0;
}

static int qoi_barrier_caller(void *data)
{
	struct qoi_barrier_arg *a = data;

	for (unsigned int i = 0; i < a->calls; i++) {
		long queued = atomic_long_read(&a->queued);
		u64 t0 = ktime_get_ns();

		rcu_barrier();
		a->ns[i] = ktime_get_ns() - t0;
		if (atomic_long_read(&qoi_barrier_invoked_ctr) < queued)
			a->missed++;
		msleep(10);
	}
	WRITE_ONCE(a->done, true);
	while (!kthread_should_stop())
		schedule_timeout_uninterruptible(1);
	return 0;
}

static int qoi_barrier(unsigned int calls)
{
	static struct qoi_barrier_arg a;
	struct task_struct *tb, *tc, *gp = READ_ONCE(rcu_state.gp_kthread);
	struct cpumask mask;
	struct torture_ktap r;
	u64 *ipis0, ipis = 0;
	unsigned int cpu, others = 0;

	torture_ktap_begin(&r, "rcuqoi", "barrier", 2);
	if (num_online_cpus() < 3 || !cpu_online(1)) {
		torture_ktap_skip(&r, "waited_for_callbacks", "needs CPUs 0, 1 and another");
		torture_ktap_skip(&r, "idle_cpus_left_alone", "needs CPUs 0, 1 and another");
		return torture_ktap_end(&r);
	}
	memset(&a, 0, sizeof(a));
	a.calls = calls;
	a.ns = kcalloc(calls, sizeof(*a.ns), GFP_KERNEL);
	ipis0 = kcalloc(nr_cpu_ids, sizeof(*ipis0), GFP_KERNEL);
	if (!a.ns || !ipis0)
		goto out;
	/* Its wake-ups would IPI idle CPUs: keep it on CPU 0, as rcuqoi idle does. */
	cpumask_clear(&mask);
	cpumask_set_cpu(0, &mask);
	set_cpus_allowed_ptr(gp, &mask);
	rcu_barrier();
	atomic_long_set(&qoi_barrier_invoked_ctr, 0);
	tb = kthread_create_on_cpu(qoi_barrier_busy, &a, 1, "qoi_bbusy/%u");
	if (IS_ERR(tb))
		goto out_gp;
	wake_up_process(tb);
	msleep(100);
	tc = kthread_create_on_cpu(qoi_barrier_caller, &a, 0, "qoi_bcall/%u");
	if (IS_ERR(tc)) {
		WRITE_ONCE(a.stop, true);
		kthread_stop(tb);
		goto out_gp;
	}
	for_each_online_cpu(cpu)
		ipis0[cpu] = READ_ONCE(per_cpu(ipi_count, cpu));
	wake_up_process(tc);
	while (!READ_ONCE(a.done))
		msleep(10);
	for_each_online_cpu(cpu) {
		if (cpu < 2)
			continue;
		ipis += READ_ONCE(per_cpu(ipi_count, cpu)) - ipis0[cpu];
		others++;
	}
	kthread_stop(tc);
	WRITE_ONCE(a.stop, true);
	kthread_stop(tb);
	rcu_barrier();
	sort(a.ns, calls, sizeof(u64), qoi_cmp_u64, NULL);
	printk("# barrier: %u rcu_barrier() on CPU 0, CPU 1 busy queueing (%ld callbacks): min %llu us, median %llu us, max %llu us\n",
	       calls, atomic_long_read(&a.queued), (unsigned long long)a.ns[0] / 1000,
	       (unsigned long long)a.ns[calls / 2] / 1000,
	       (unsigned long long)a.ns[calls - 1] / 1000);
	printk("# barrier: IPIs taken by the other %u CPUs: %llu (%llu per call)\n",
	       others, (unsigned long long)ipis, (unsigned long long)ipis / calls);
	torture_ktap_check(&r, !a.missed, "waited_for_callbacks");
	torture_ktap_check(&r, 2 * ipis < (u64)others * calls, "idle_cpus_left_alone");
out_gp:
	set_cpus_allowed_ptr(gp, cpu_possible_mask);
out:
	kfree(a.ns);
	kfree(ipis0);
	return torture_ktap_end(&r);
}

/* ---- flood ---- */

struct qoi_flood_obj {
	struct rcu_head rh;
	unsigned long pad[2];
};

static DEFINE_PER_CPU(unsigned long, qoi_flood_invoked);

static void qoi_flood_cb(struct rcu_head *rh)
{
	kfree(container_of(rh, struct qoi_flood_obj, rh));
	this_cpu_inc(qoi_flood_invoked);
}

#define QOI_FLOOD_MAX_SAMPLES	8192

/*
 * A flooder's counters, per CPU as Linux's flooder in make bench keeps
 * them (linux/bench/rcubench.c): counters of all CPUs side by side in
 * one array share cache lines, which every object's increment would
 * bounce between the host's cores.
 */
struct qoi_flood_pcpu {
	unsigned long queued;
	unsigned long enomem;
	u64 ns_alloc, ns_call, ns_resched;
};

static DEFINE_PER_CPU(struct qoi_flood_pcpu, qoi_flood_pc);

struct qoi_flood_arg {
	bool go, stop;
	/* Per CPU, in qoi_flood_cpu: */
	u64 *batches0;
	u64 *batch_ns0;
	u64 *cbs0;			/* rdp->n_cbs_invoked */
	/* reader latency: phase 0 before the flood, 1 during */
	int phase;
	struct lat_hist rd_hist[2];
	u64 rd_max_cb_ns[2];		/* ns invoking callbacks inside one section */
	u64 rd_longest_cb_ns[2];	/* ... inside the longest section */
	unsigned long rd_max_batches[2];	/* callback batches inside one section */
	bool rd_stop;
	/* backlog samples, every 10 ms, and when each was taken */
	unsigned int nsamples;
	unsigned long backlog[QOI_FLOOD_MAX_SAMPLES];
	unsigned int t_ms[QOI_FLOOD_MAX_SAMPLES];
	unsigned long queued[QOI_FLOOD_MAX_SAMPLES];	/* by the flooders, so far */
	unsigned long gp[QOI_FLOOD_MAX_SAMPLES];	/* rcu_gp_completed() */
};

/*
 * Where a flooder's time goes is sampled, one object in QOI_FLOOD_SAMPLE
 * (the figures are scaled up): reading the clock four times per object
 * made the flooders, not RCU, slow down readers under TCG, where every
 * vCPU's clock read goes through QEMU's shared clock and costs a few
 * microseconds.  Linux's flooder in make bench reads no clock at all;
 * one object in 1024 keeps this one's reads below 2% of its time.
 */
#define QOI_FLOOD_SAMPLE	1024

static int qoi_flood_thread(void *data)
{
	struct qoi_flood_arg *a = data;
	struct qoi_flood_pcpu *pc = per_cpu_ptr(&qoi_flood_pc, raw_smp_processor_id());
	unsigned long n = 0;

	while (!READ_ONCE(a->go))
		schedule_timeout_uninterruptible(1);
	while (!READ_ONCE(a->stop)) {
		bool timed = !(n++ % QOI_FLOOD_SAMPLE);
		u64 t0 = timed ? ktime_get_ns() : 0, t1 = 0, t2 = 0;
		struct qoi_flood_obj *p = kmalloc(sizeof(*p), GFP_KERNEL);

		if (timed) {
			t1 = ktime_get_ns();
			pc->ns_alloc += (t1 - t0) * QOI_FLOOD_SAMPLE;
		}
		if (!p) {
			pc->enomem++;
			msleep(1);
			continue;
		}
		call_rcu(&p->rh, qoi_flood_cb);
		if (timed) {
			t2 = ktime_get_ns();
			pc->ns_call += (t2 - t1) * QOI_FLOOD_SAMPLE;
		}
		pc->queued++;
		/* As a syscall loop would: let others (the monitor) run. */
		cond_resched();
		if (timed)
			pc->ns_resched += (ktime_get_ns() - t2) * QOI_FLOOD_SAMPLE;
	}
	while (!kthread_should_stop())
		schedule_timeout_uninterruptible(1);
	return 0;
}

static int qoi_flood_gp_ptr_target;
static int qoi_sink;
static int __rcu *qoi_flood_gp_ptr;

/* Reader sections back to back; the longest one per phase. */
static int qoi_flood_reader(void *data)
{
	struct qoi_flood_arg *a = data;
	unsigned long i = 0;

	while (!READ_ONCE(a->rd_stop)) {
		int phase = READ_ONCE(a->phase);
		/*
		 * This CPU's batch counters, read outside the timed section
		 * so that it is the same as Linux's (linux/bench/rcubench.c):
		 * nothing schedules in between, so the CPU stays the same.
		 */
		struct rcu_data *rdp = per_cpu_ptr(&rcu_data, raw_smp_processor_id());
		u64 cb0 = READ_ONCE(rdp->batch_ns), cb, t0, dt;
		unsigned long nb0 = READ_ONCE(rdp->n_batches), nb;
		int sum = 0;

		t0 = ktime_get_ns();
		rcu_read_lock();
		for (int k = 0; k < 16; k++) {
			int *p = rcu_dereference(qoi_flood_gp_ptr);

			if (p)
				sum += READ_ONCE(*p);
		}
		rcu_read_unlock();
		dt = ktime_get_ns() - t0;
		cb = READ_ONCE(rdp->batch_ns) - cb0;
		nb = READ_ONCE(rdp->n_batches) - nb0;
		if (dt > a->rd_hist[phase].max)
			a->rd_longest_cb_ns[phase] = cb;
		lat_hist_add(&a->rd_hist[phase], dt);
		if (cb > a->rd_max_cb_ns[phase])
			a->rd_max_cb_ns[phase] = cb;
		if (nb > a->rd_max_batches[phase])
			a->rd_max_batches[phase] = nb;
		WRITE_ONCE(qoi_sink, sum);
		if (!(++i & 255))
			cond_resched();
	}
	while (!kthread_should_stop())
		schedule_timeout_uninterruptible(1);
	return 0;
}

/*
 * The backlog over time, "ms:callbacks" pairs, in the format of Linux's
 * flooder in make bench, which plots both (tests/bench/report.py).
 */
#define QOI_SERIES_PER_LINE	8

static void qoi_flood_print_series(struct qoi_flood_arg *a)
{
	char line[QOI_SERIES_PER_LINE * 24];
	unsigned int i, len = 0;

	printk("# backlog series: %u samples\n", a->nsamples);
	for (i = 0; i < a->nsamples; i++) {
		len += scnprintf(line + len, sizeof(line) - len, " %u:%lu",
				 a->t_ms[i], a->backlog[i]);
		if ((i + 1) % QOI_SERIES_PER_LINE == 0 || i + 1 == a->nsamples) {
			printk("# backlog:%s\n", line);
			len = 0;
		}
	}
}

static unsigned long qoi_flood_queued_total(void)
{
	unsigned long n = 0;
	unsigned int cpu;

	for_each_online_cpu(cpu)
		n += READ_ONCE(per_cpu_ptr(&qoi_flood_pc, cpu)->queued);
	return n;
}

/*
 * Of a sample's backlog, how many callbacks had their grace period end a
 * whole grace period ago and are still not invoked.  A callback queued
 * when G grace periods had completed is ready once G + 2 have, so at a
 * sample that saw G, everything queued by the last sample that saw at
 * most G - 3 had been ready for at least one grace period: only the
 * callbacks queued since then may rightly be in the backlog.  This bound
 * follows the grace periods, not the clock, so a host that runs them
 * slowly or unevenly widens it by exactly the callbacks queued meanwhile.
 * Returns the lowest excess over the samples [@from, @to) and counts in
 * @judged the samples that had three grace periods behind them.
 */
static unsigned long qoi_flood_min_excess(const struct qoi_flood_arg *a, unsigned int from,
					  unsigned int to, unsigned int *judged)
{
	unsigned long best = ULONG_MAX;
	unsigned int i, j = 0;

	*judged = 0;
	for (i = from; i < to; i++) {
		unsigned long win;

		/* ->gp[] never decreases, so j only moves forward. */
		while (j + 1 < i && a->gp[j + 1] + 3 <= a->gp[i])
			j++;
		if (a->gp[j] + 3 > a->gp[i])
			continue;
		win = a->queued[i] - a->queued[j];
		best = min(best, a->backlog[i] > win ? a->backlog[i] - win : 0);
		(*judged)++;
	}
	return best;
}

static unsigned long qoi_flood_invoked_total(void)
{
	unsigned long n = 0;
	unsigned int cpu;

	for_each_online_cpu(cpu)
		n += per_cpu(qoi_flood_invoked, cpu);
	return n;
}

/*
 * rcuqoi flood: every CPU call_rcu()s small kmalloc'd objects for @secs
 * seconds.  Sampled every 10 ms: the backlog (all CPUs' queued callbacks),
 * free pages, and the batch limits.  Checks: no allocation failed; the
 * backlog is bounded: the memory it pinned stayed under half of what was
 * free, and it is not both growing and left uninvoked.  Growing: in the
 * last quarter of the samples it never came down to the highest level of
 * the first half (a backlog growing steadily, at any rate, is three
 * quarters of its final size there and at most half of it before).
 * Uninvoked: at every sample of the last quarter more than qhimark
 * callbacks had been ready for a whole grace period
 * (qoi_flood_min_excess()).  Either alone happens to correct RCU on a
 * loaded host: grace periods that stall for a while grow the backlog with
 * callbacks that are not ready yet, and a pile made ready at once by a
 * late grace period drains slowly while the flooder shares its CPU with
 * the invoking softirq.  Evasive action was taken when a CPU passed
 * qhimark: call_rcu_flood_check() fired, a batch limit was raised, and
 * batches used it (on some CPU, rcu_do_batch() invoked more callbacks per
 * call than the default limit allows, on average).  After the flood every
 * callback ran and every CPU's batch limit is back to its default.
 *
 * Reader latency before and during the flood is reported as percentiles
 * of the length of a reader section, with the time the reader's CPU spent
 * invoking callbacks inside the section (the only way a flood reaches a
 * reader: a batch run from an interrupt's softirq).  Reported, not
 * asserted: under TCG the tail measures the host's scheduling of vCPUs.
 */
static int qoi_flood(unsigned int secs)
{
	static struct qoi_flood_arg a;
	struct task_struct **ts = qoi_ts;
	struct task_struct *rd;
	struct torture_ktap r;
	unsigned long free0, free_min, backlog, peak[2] = {}, nsamples[2] = {}, cpu_peak = 0;
	unsigned long excess, peak_all, high_h1 = 0, low_q4 = ULONG_MAX;
	unsigned int q, judged;
	unsigned long flood0, inv0, inv_last, gp_last, queued = 0, enomem = 0, floods;
	unsigned long gp0, gps, batch_avg = 0;
	long blimit0, blimit_max = 0;
	bool relaxed = true;
	unsigned int cpu;
	long qhimark = 10000;
	struct sched_param normal = { .sched_priority = 0 };
	char buf[24];
	u64 t0, t_end;

	torture_ktap_begin(&r, "rcuqoi", "flood", 6);
	memset(&a, 0, sizeof(a));
	memset(qoi_flood_cpu, 0, QOI_FLOOD_CPU_ARRAYS * nr_cpu_ids * sizeof(u64));
	a.batches0 = qoi_flood_cpu;
	a.batch_ns0 = a.batches0 + nr_cpu_ids;
	a.cbs0 = a.batch_ns0 + nr_cpu_ids;
	for_each_possible_cpu(cpu)
		memset(per_cpu_ptr(&qoi_flood_pc, cpu), 0, sizeof(struct qoi_flood_pcpu));
	memset(ts, 0, nr_cpu_ids * sizeof(*ts));
	RCU_INIT_POINTER(qoi_flood_gp_ptr, &qoi_flood_gp_ptr_target);
	synchronize_rcu();
	rcu_barrier();
	msleep(200);
	blimit0 = per_cpu_ptr(&rcu_data, 0)->blimit;
	if (param_get_by_name("rcutree.qhimark", buf, sizeof(buf)) >= 0)
		if (kstrtol(buf, 0, &qhimark))
			qhimark = 10000;

	/* Reader latency before the flood. */
	rd = kthread_run(qoi_flood_reader, &a, "qoi_reader");
	if (IS_ERR(rd))
		return torture_ktap_end(&r);
	msleep(2000);
	WRITE_ONCE(a.phase, 1);

	for_each_online_cpu(cpu) {
		ts[cpu] = kthread_create_on_cpu(qoi_flood_thread, &a, cpu, "qoi_flood/%u");
		if (IS_ERR(ts[cpu])) {
			ts[cpu] = NULL;
			continue;
		}
		wake_up_process(ts[cpu]);
	}
	for_each_online_cpu(cpu) {
		struct rcu_data *rdp = per_cpu_ptr(&rcu_data, cpu);

		a.batches0[cpu] = READ_ONCE(rdp->n_batches);
		a.batch_ns0[cpu] = READ_ONCE(rdp->batch_ns);
		a.cbs0[cpu] = READ_ONCE(rdp->n_cbs_invoked);
	}
	free0 = free_min = nr_free_pages();
	flood0 = READ_ONCE(rcu_state.n_flood_checks);
	inv0 = inv_last = qoi_flood_invoked_total();
	gp0 = gp_last = rcu_gp_completed();
	/* The monitor must not wait behind the flooder on its CPU. */
	sched_set_fifo_low(current);
	t0 = ktime_get_ns();
	WRITE_ONCE(a.go, true);
	for (unsigned int last_sec = 0;;) {
		u64 el;
		unsigned long f;
		bool second_half;

		msleep(10);
		el = ktime_get_ns() - t0;
		if (el >= (u64)secs * NSEC_PER_SEC)
			break;
		second_half = el >= (u64)secs * NSEC_PER_SEC / 2;
		backlog = 0;
		for_each_online_cpu(cpu) {
			struct rcu_data *rdp = per_cpu_ptr(&rcu_data, cpu);
			unsigned long n = rcu_segcblist_n_cbs(&rdp->cblist);

			backlog += n;
			cpu_peak = max(cpu_peak, n);
			blimit_max = max(blimit_max, READ_ONCE(rdp->blimit));
		}
		peak[second_half] = max(peak[second_half], backlog);
		nsamples[second_half]++;
		if (a.nsamples < QOI_FLOOD_MAX_SAMPLES) {
			a.t_ms[a.nsamples] = el / NSEC_PER_MSEC;
			a.queued[a.nsamples] = qoi_flood_queued_total();
			a.gp[a.nsamples] = rcu_gp_completed();
			a.backlog[a.nsamples++] = backlog;
		}
		f = nr_free_pages();
		free_min = min(free_min, f);
		if (el / NSEC_PER_SEC > last_sec) {
			unsigned long inv = qoi_flood_invoked_total();

			last_sec = el / NSEC_PER_SEC;
			printk("# t=%us backlog %lu, free pages %lu (-%lu), %lu callbacks invoked, %lu grace periods since the last line; gp_state %d\n",
			       last_sec, backlog, f, free0 - f, inv - inv_last,
			       rcu_gp_completed() - gp_last, READ_ONCE(rcu_state.gp_state));
			inv_last = inv;
			gp_last = rcu_gp_completed();
		}
	}
	t_end = ktime_get_ns();
	gps = rcu_gp_completed() - gp0;
	WRITE_ONCE(a.stop, true);
	sched_setscheduler_nocheck(current, SCHED_NORMAL, &normal);
	for_each_online_cpu(cpu)
		torture_stop_kthread(&qoi_tool, &ts[cpu]);
	WRITE_ONCE(a.rd_stop, true);
	torture_stop_kthread(&qoi_tool, &rd);
	floods = READ_ONCE(rcu_state.n_flood_checks) - flood0;
	rcu_barrier();
	msleep(200);

	for_each_online_cpu(cpu) {
		struct rcu_data *rdp = per_cpu_ptr(&rcu_data, cpu);
		struct qoi_flood_pcpu *pc = per_cpu_ptr(&qoi_flood_pc, cpu);
		unsigned long nb = READ_ONCE(rdp->n_batches) - a.batches0[cpu];
		unsigned long ncb = READ_ONCE(rdp->n_cbs_invoked) - a.cbs0[cpu];

		queued += pc->queued;
		batch_avg = max(batch_avg, ncb / max(nb, 1UL));
		printk("# CPU %u: queued %lu; ms spent (sampled) in kmalloc %llu, call_rcu %llu, cond_resched %llu; rcu_do_batch: %lu calls, %lu callbacks, %llu ms in all\n",
		       cpu, pc->queued, (unsigned long long)pc->ns_alloc / NSEC_PER_MSEC,
		       (unsigned long long)pc->ns_call / NSEC_PER_MSEC,
		       (unsigned long long)pc->ns_resched / NSEC_PER_MSEC, nb, ncb,
		       (unsigned long long)(READ_ONCE(rdp->batch_ns) - a.batch_ns0[cpu]) / NSEC_PER_MSEC);
		enomem += pc->enomem;
		if (READ_ONCE(rdp->blimit) != blimit0) {
			printk("# CPU %u: blimit still %ld after the flood (%lu callbacks queued)\n",
			       cpu, READ_ONCE(rdp->blimit),
			       rcu_segcblist_n_cbs(&rdp->cblist));
			relaxed = false;
		}
	}
	printk("# flood: %u CPUs, %llu ms: %lu callbacks queued, %lu invoked, %lu per second\n",
	       num_online_cpus(), (unsigned long long)(t_end - t0) / NSEC_PER_MSEC, queued,
	       qoi_flood_invoked_total() - inv0,
	       (unsigned long)((u64)queued * 1000 / max((t_end - t0) / NSEC_PER_MSEC, (u64)1)));
	peak_all = max(peak[0], peak[1]);
	qoi_flood_print_series(&a);
	q = a.nsamples / 4;
	excess = qoi_flood_min_excess(&a, a.nsamples - q, a.nsamples, &judged);
	for (unsigned int i = 0; i < a.nsamples; i++) {
		if (i < 2 * q)
			high_h1 = max(high_h1, a.backlog[i]);
		else if (i >= a.nsamples - q)
			low_q4 = min(low_q4, a.backlog[i]);
	}
	printk("# peak backlog %lu (first half %lu, second half %lu, %lu+%lu samples; one CPU %lu); peak memory %lu KiB (%lu pages)\n",
	       peak_all, peak[0], peak[1], nsamples[0], nsamples[1], cpu_peak,
	       (free0 - free_min) * (PAGE_SIZE / 1024), free0 - free_min);
	printk("# backlog: %lu grace periods, %lu callbacks queued per grace period; highest in the first half %lu, lowest in the last quarter %lu (%u samples, %u with three grace periods behind them); there the fewest ready callbacks left a grace period uninvoked: %ld (qhimark %ld)\n",
	       gps, queued / max(gps, 1UL), high_h1, q ? low_q4 : 0, q, judged,
	       judged ? (long)excess : -1L, qhimark);
	printk("# evasive action (qhimark %ld): call_rcu_flood_check() fired %lu times, largest blimit seen %ld (default %ld), largest callbacks per rcu_do_batch() on one CPU %lu; allocation failures %lu\n",
	       qhimark, floods, blimit_max, blimit0, batch_avg, enomem);
	for (int ph = 0; ph < 2; ph++) {
		char pct[128];

		lat_hist_snprint(pct, sizeof(pct), &a.rd_hist[ph]);
		printk("# reader sections %s the flood: %lu; %s (%llu of it invoking callbacks); most callback time in one section %llu ns, most batches %lu\n",
		       ph ? "during" : "before", a.rd_hist[ph].n, pct,
		       (unsigned long long)a.rd_longest_cb_ns[ph],
		       (unsigned long long)a.rd_max_cb_ns[ph], a.rd_max_batches[ph]);
	}

	torture_ktap_check(&r, enomem == 0, "no_allocation_failure");
	if (!nsamples[0] || !nsamples[1])
		torture_ktap_skip(&r, "backlog_bounded", "the monitor got no CPU in one half");
	else
		torture_ktap_check(&r, free0 - free_min <= free0 / 2 &&
				   !(q && low_q4 > high_h1 && judged &&
				     excess > (unsigned long)qhimark),
				   "backlog_bounded");
	if (cpu_peak > (unsigned long)qhimark || floods)
		torture_ktap_check(&r, floods >= 1 && blimit_max > blimit0 &&
				   batch_avg > (unsigned long)blimit0, "evasive_action");
	else
		torture_ktap_skip(&r, "evasive_action", "no CPU passed qhimark");
	torture_ktap_check(&r, relaxed, "relaxed_after");
	torture_ktap_check(&r, qoi_flood_invoked_total() - inv0 == queued, "all_invoked");
	torture_ktap_check(&r, a.rd_hist[1].n > 0, "readers_ran_during_flood");
	return torture_ktap_end(&r);
}

/* ---- grace-period kthread work against the size of the tree ---- */


/*
 * The grace-period kthread visits every rcu_node to start and to end a
 * grace period, and every leaf on each forced-QS pass; it looks at single
 * CPUs only for those that still owe a quiescent state when it forces.
 * Run @gps grace periods back to back and report its work per grace
 * period next to the tree's size, so that runs on different CPU counts
 * and fanouts can be compared.
 */
static int qoi_gpwork(unsigned int gps)
{
	const struct rcu_geometry *geo = &rcu_state.geo;
	unsigned int nodes = geo->num_nodes;
	unsigned int leaves = geo->level_cnt[geo->levels - 1];
	unsigned long g0, v0, c0, f0, ngp, v, c, f;
	struct torture_ktap r;
	u64 ns0, ns;

	torture_ktap_begin(&r, "rcuqoi", "gpwork", 4);
	g0 = rcu_gp_completed();
	v0 = READ_ONCE(rcu_state.gp_nodes_visited);
	c0 = READ_ONCE(rcu_state.gp_cpu_checks);
	f0 = READ_ONCE(rcu_state.n_force_qs);
	ns0 = READ_ONCE(rcu_state.gp_kthread_ns);
	for (unsigned int i = 0; i < gps; i++)
		synchronize_rcu();
	ngp = rcu_gp_completed() - g0;
	v = READ_ONCE(rcu_state.gp_nodes_visited) - v0;
	c = READ_ONCE(rcu_state.gp_cpu_checks) - c0;
	f = READ_ONCE(rcu_state.n_force_qs) - f0;
	ns = READ_ONCE(rcu_state.gp_kthread_ns) - ns0;
	torture_ktap_check(&r, ngp >= gps, "grace_periods_completed");
	if (!ngp)
		return torture_ktap_end(&r);
	printk("# rcuqoi gpwork: cpus=%u levels=%d rcu_nodes=%u leaves=%u gps=%lu fqs_per_gp=%lu.%02lu node_visits_per_gp=%lu.%02lu cpu_checks_per_gp=%lu.%02lu kthread_us_per_gp=%llu\n",
	       num_online_cpus(), geo->levels, nodes, leaves, ngp, QOI_PER_GP(f, ngp),
	       QOI_PER_GP(v, ngp), QOI_PER_GP(c, ngp),
	       (unsigned long long)(ns / ngp / NSEC_PER_USEC));
	/*
	 * Node visits: twice per node per grace period (one more grace
	 * period may be under way), once per leaf per forcing pass.
	 */
	torture_ktap_check(&r, v <= 2 * nodes * (ngp + 1) + f * leaves,
		  "node_visits_bounded_by_rcu_nodes");
	torture_ktap_check(&r, c <= f * num_online_cpus(), "cpu_checks_only_in_forcing_passes");
	/*
	 * Back-to-back synchronize_rcu() needs one grace period each: a
	 * grace period nobody asked for (a CPU re-requesting for callbacks
	 * that already have one) shows up as about two per call.
	 */
	torture_ktap_check(&r, ngp <= gps + gps / 4 + 2, "one_grace_period_per_call");
	return torture_ktap_end(&r);
}

/* ---- the command ---- */

/*
 * The keys of "rcuqoi CHECK key=value...", also boot parameters
 * ("rcuqoi.seconds=5"); -1 takes the check's own default.
 */
#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "rcuqoi."

torture_param_named(int, timeout, qoi_timeout, -1,
		    "stall, expstall, gpstarve, nostall: stall timeout (s, 3..300; 3)");
torture_param_named(int, seconds, qoi_seconds, -1,
		    "How long the check runs (s, 1..600; each check has its default)");
torture_param_named(int, irqs, qoi_irqs, -1, "stall: 0 spins with interrupts off (0|1; 1)");
torture_param_named(int, period_ms, qoi_period_ms, -1,
		    "idle: ms between grace periods (1..10000; 100)");
torture_param_named(int, confine_gp, qoi_confine_gp, -1,
		    "idle: confine the grace-period kthread to CPU 0 (0|1; 1)");
torture_param_named(int, gps, qoi_gps, -1, "gpwork: grace periods (1..100000; 100)");
torture_param_named(int, calls, qoi_calls, -1, "barrier: rcu_barrier() calls (1..10000; 20)");

/* @v, or @def if it is -1; -EINVAL unless that is in @lo..@hi. */
static int qoi_arg(int v, unsigned int def, unsigned int lo, unsigned int hi,
		   unsigned int *val)
{
	*val = v == -1 ? def : v;
	return v < -1 || *val < lo || *val > hi ? -EINVAL : 0;
}

/* Run the check @check with the current rcuqoi.* values. */
static int qoi_dispatch(const char *check)
{
	unsigned int secs, timeout, period;

	if (!strcmp(check, "stall")) {
		unsigned int irqs;

		if (qoi_arg(qoi_timeout, 3, 3, 300, &timeout) ||
		    qoi_arg(qoi_seconds, 14, 1, 600, &secs) ||
		    qoi_arg(qoi_irqs, 1, 0, 1, &irqs))
			return -EINVAL;
		return qoi_stall(timeout, secs, !irqs);
	}
	if (!strcmp(check, "expstall")) {
		if (qoi_arg(qoi_timeout, 3, 3, 300, &timeout) ||
		    qoi_arg(qoi_seconds, 5, 1, 600, &secs))
			return -EINVAL;
		return qoi_expstall(timeout, secs);
	}
	if (!strcmp(check, "gpstarve")) {
		if (qoi_arg(qoi_timeout, 3, 3, 300, &timeout) ||
		    qoi_arg(qoi_seconds, 5, 1, 600, &secs))
			return -EINVAL;
		return qoi_gpstarve(timeout, secs);
	}
	if (!strcmp(check, "nostall")) {
		if (qoi_arg(qoi_timeout, 3, 3, 300, &timeout))
			return -EINVAL;
		return qoi_nostall(timeout);
	}
	if (!strcmp(check, "idle")) {
		unsigned int confine;

		if (qoi_arg(qoi_seconds, 10, 1, 600, &secs) ||
		    qoi_arg(qoi_period_ms, 100, 1, 10000, &period) ||
		    qoi_arg(qoi_confine_gp, 1, 0, 1, &confine))
			return -EINVAL;
		return qoi_idle(secs, period, confine);
	}
	if (!strcmp(check, "storm")) {
		if (qoi_arg(qoi_seconds, 5, 1, 600, &secs))
			return -EINVAL;
		return qoi_storm(secs);
	}
	if (!strcmp(check, "gpwork")) {
		unsigned int gps;

		if (qoi_arg(qoi_gps, 100, 1, 100000, &gps))
			return -EINVAL;
		return qoi_gpwork(gps);
	}
	if (!strcmp(check, "barrier")) {
		unsigned int calls;

		if (qoi_arg(qoi_calls, 20, 1, 10000, &calls))
			return -EINVAL;
		return qoi_barrier(calls);
	}
	if (!strcmp(check, "flood")) {
		if (qoi_arg(qoi_seconds, 20, 1, 600, &secs))
			return -EINVAL;
		return qoi_flood(secs);
	}
	return -EINVAL;
}

/* One check at a time; its kthreads are stopped through qoi_tool. */
static int qoi_run(const char *check)
{
	int ret = torture_init_begin(&qoi_tool);

	if (ret)
		return ret;
	if (!qoi_ts) {
		qoi_snap0 = kcalloc(nr_cpu_ids, sizeof(*qoi_snap0), GFP_KERNEL);
		qoi_snap1 = kcalloc(nr_cpu_ids, sizeof(*qoi_snap1), GFP_KERNEL);
		qoi_storm_count = kcalloc(nr_cpu_ids, sizeof(*qoi_storm_count), GFP_KERNEL);
		qoi_flood_cpu = kcalloc(QOI_FLOOD_CPU_ARRAYS * nr_cpu_ids, sizeof(u64), GFP_KERNEL);
		qoi_ts = kcalloc(nr_cpu_ids, sizeof(*qoi_ts), GFP_KERNEL);
	}
	if (!qoi_snap0 || !qoi_snap1 || !qoi_storm_count || !qoi_flood_cpu || !qoi_ts) {
		torture_cleanup_end(&qoi_tool);
		return -ENOMEM;
	}
	ret = qoi_dispatch(check);
	torture_cleanup_end(&qoi_tool);
	return ret;
}

static struct torture_tool qoi_tool = {
	.name		= "rcuqoi",
	.tag		= "rcuqoi",
	.busy_msg	= "an rcuqoi check is already running",
	.run		= qoi_run,
	TORTURE_TOOL_STATE(qoi_tool),
};

/*
 * "rcuqoi CHECK key=value...": the framework sees "CHECK key=value...",
 * so that the check's name is what its run is handed.
 */
static int cmd_rcuqoi(int argc, char **argv)
{
	if (argc < 2)
		return -EINVAL;
	return torture_shell_run(&qoi_tool, argc - 1, argv + 1);
}
DEFINE_SHELL_CMD(rcuqoi,
		 "stall [timeout=S] [seconds=S] [irqs=0|1] | expstall [timeout=S] [seconds=S] | nostall [timeout=S] | gpstarve [timeout=S] [seconds=S] | idle [seconds=S] [period_ms=MS] [confine_gp=0|1] | storm [seconds=S] | barrier [calls=N] | flood [seconds=S] | gpwork [gps=N]",
		 "RCU quality-of-implementation checks (KTAP output)", cmd_rcuqoi);
