// SPDX-License-Identifier: GPL-2.0
/*
 * CPU hotplug: remove_cpu() and add_cpu(), a state machine of ordered
 * steps (include/linux/cpuhotplug.h).
 *
 * Each CPU is at a state; bringing it up runs the startup callback of
 * every state above it up to CPUHP_ONLINE, taking it down runs the
 * teardown callbacks in the reverse order.  Going down:
 *
 *  1. ONLINE teardowns, on the calling CPU: the CPU stops being "active"
 *     (no new tasks are placed on it, kernel/sched/core.c), its per-CPU
 *     kthreads park (ksoftirqd, kvfree_rcu), dynamic states.
 *  2. The CPU itself is asked to die: its run queue stops picking tasks,
 *     and its idle task, interrupts off, clears it from cpu_online_mask
 *     (IPIs are no longer sent to it), runs the DYING teardowns (queued
 *     tasks and bound kthreads move away, pending cross-CPU calls run
 *     here a last time, kfree_rcu()'s batch is handed to RCU, the local
 *     APIC timer stops), reports to RCU that it is gone
 *     (rcutree_report_dead()) and parks: halted, interrupts off.
 *  3. PREPARE teardowns, on the calling CPU, once the CPU is parked: its
 *     RCU callbacks and pending timers move to the calling CPU, then its
 *     pending softirqs are raised there.
 *
 * Coming up is the mirror image: PREPARE startups, then the parked CPU is
 * woken by an NMI (one that never ran is started, kernel/arch/smp.c) and
 * runs the STARTING startups itself, then the ONLINE startups run here.  Device interrupts are routed to CPU 0 only, which
 * never goes offline.
 *
 * cpu_add_remove_lock serializes hotplug operations; cpu_hotplug_lock is
 * held for writing across each one, so that cpus_read_lock() holders see
 * CPUs either fully online or fully offline.  Its readers hold it briefly
 * (rcu_barrier() and kvfree_rcu_barrier() around each CPU's visit, not
 * while they wait), since remove_cpu() and add_cpu() wait for them.
 */
#include <linux/kernel.h>
#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/errno.h>
#include <linux/smp.h>
#include <linux/sched.h>
#include <linux/mutex.h>
#include <linux/rwsem.h>
#include <linux/spinlock.h>
#include <linux/ktime.h>
#include <linux/jiffies.h>
#include <linux/init.h>
#include <linux/notifier.h>
#include <linux/rcupdate.h>
#include <linux/shell.h>
#include <linux/kstrtox.h>
#include <linux/string.h>
#include <linux/completion.h>

struct cpumask __cpu_active_mask;

struct cpuhp_step {
	const char *name;
	int (*startup)(unsigned int cpu);
	int (*teardown)(unsigned int cpu);
};

static int notify_online_cpu(unsigned int cpu)
{
	cpu_notify_online(cpu);
	return 0;
}

static struct cpuhp_step cpuhp_steps[CPUHP_ONLINE + 1] = {
	[CPUHP_OFFLINE] = { .name = "offline" },
	[CPUHP_BRINGUP_CPU] = { .name = "cpu:bringup" },
	[CPUHP_AP_OFFLINE] = { .name = "ap:offline" },
	[CPUHP_AP_SCHED_STARTING] = {
		.name = "sched:starting",
		.startup = sched_cpu_starting,
		.teardown = sched_cpu_dying,
	},
	[CPUHP_AP_SMPCFD_DYING] = {
		.name = "smpcfd:dying",
		.startup = smpcfd_starting_cpu,
		.teardown = smpcfd_dying_cpu,
	},
	[CPUHP_AP_TICK_DYING] = {
		.name = "tick:dying",
		.startup = tick_starting_cpu,
		.teardown = tick_dying_cpu,
	},
	[CPUHP_AP_ONLINE] = { .name = "ap:online" },
	[CPUHP_AP_NOTIFY_ONLINE] = {
		.name = "notify:online",
		.startup = notify_online_cpu,
	},
	[CPUHP_AP_ACTIVE] = {
		.name = "sched:active",
		.startup = sched_cpu_activate,
		.teardown = sched_cpu_deactivate,
	},
	[CPUHP_ONLINE] = { .name = "online" },
};

/* The table may be filled before the scheduler runs: a spinlock. */
static DEFINE_SPINLOCK(cpuhp_steps_lock);
static DEFINE_MUTEX(cpu_add_remove_lock);
static DECLARE_RWSEM(cpu_hotplug_lock);

static DEFINE_PER_CPU(int, cpuhp_state);
/* Set by the CPU once it is parked (release), cleared before asking it to die. */
static DEFINE_PER_CPU(int, cpuhp_dead);
static DEFINE_PER_CPU(struct completion, cpuhp_dead_done);
static DEFINE_PER_CPU(unsigned long, cpuhp_n_offline);
static DEFINE_PER_CPU(unsigned long, cpuhp_n_online);

/* The slowest remove_cpu() and add_cpu() that succeeded, waits included. */
struct cpuhp_slowest {
	u64 ns;
	u64 lock_ns;	/* of which waiting for the hotplug locks */
	int cpu;
};
static struct cpuhp_slowest cpuhp_slowest_offline = { .cpu = -1 };
static struct cpuhp_slowest cpuhp_slowest_online = { .cpu = -1 };

/* Under cpu_add_remove_lock. */
static void cpuhp_note_time(struct cpuhp_slowest *s, unsigned int cpu, u64 t0, u64 t1)
{
	u64 ns = ktime_get_ns() - t0;

	if (ns > s->ns) {
		WRITE_ONCE(s->ns, ns);
		WRITE_ONCE(s->lock_ns, t1 - t0);
		WRITE_ONCE(s->cpu, cpu);
	}
}

void set_cpu_online(unsigned int cpu, bool online)
{
	if (online)
		cpumask_set_cpu(cpu, &__cpu_online_mask);
	else
		cpumask_clear_cpu(cpu, &__cpu_online_mask);
}

void set_cpu_active(unsigned int cpu, bool active)
{
	if (active)
		cpumask_set_cpu(cpu, &__cpu_active_mask);
	else
		cpumask_clear_cpu(cpu, &__cpu_active_mask);
}

void cpus_read_lock(void)
{
	down_read(&cpu_hotplug_lock);
}

void cpus_read_unlock(void)
{
	up_read(&cpu_hotplug_lock);
}

enum cpuhp_state cpuhp_get_state(unsigned int cpu)
{
	return READ_ONCE(per_cpu(cpuhp_state, cpu));
}

static bool cpuhp_is_ap_state(int state)
{
	return state > CPUHP_AP_OFFLINE && state < CPUHP_AP_ONLINE;
}

int __cpuhp_setup_state(enum cpuhp_state state, const char *name, bool invoke,
			int (*startup)(unsigned int cpu),
			int (*teardown)(unsigned int cpu))
{
	unsigned long flags;
	int lo = state, hi = state;
	unsigned int cpu;

	if (state == CPUHP_AP_ONLINE_DYN) {
		hi = CPUHP_AP_ONLINE_DYN_END;
	} else if (state == CPUHP_BP_PREPARE_DYN) {
		hi = CPUHP_BP_PREPARE_DYN_END;
	} else if (state <= CPUHP_OFFLINE || state >= CPUHP_ONLINE ||
		   state == CPUHP_BRINGUP_CPU || state == CPUHP_AP_OFFLINE ||
		   state == CPUHP_AP_ONLINE) {
		return -EINVAL;
	}
	if (invoke && startup && cpuhp_is_ap_state(state))
		return -EINVAL;

	spin_lock_irqsave(&cpuhp_steps_lock, flags);
	for (state = lo; state <= hi; state++)
		if (!cpuhp_steps[state].name)
			break;
	if (state > hi) {
		spin_unlock_irqrestore(&cpuhp_steps_lock, flags);
		return lo == hi ? -EBUSY : -ENOSPC;
	}
	cpuhp_steps[state].name = name ? name : "?";
	cpuhp_steps[state].startup = startup;
	cpuhp_steps[state].teardown = teardown;
	spin_unlock_irqrestore(&cpuhp_steps_lock, flags);

	if (invoke && startup) {
		cpus_read_lock();
		for_each_online_cpu(cpu) {
			int ret = startup(cpu);

			if (ret)
				pr_warn("cpuhp: %s: startup failed on CPU %u: %d\n",
					name, cpu, ret);
		}
		cpus_read_unlock();
	}
	return state;
}

void cpuhp_remove_state_nocalls(enum cpuhp_state state)
{
	unsigned long flags;

	if (state <= CPUHP_OFFLINE || state >= CPUHP_ONLINE)
		return;
	/* Not while a CPU might be running the callbacks. */
	mutex_lock(&cpu_add_remove_lock);
	spin_lock_irqsave(&cpuhp_steps_lock, flags);
	cpuhp_steps[state] = (struct cpuhp_step) { };
	spin_unlock_irqrestore(&cpuhp_steps_lock, flags);
	mutex_unlock(&cpu_add_remove_lock);
}

static int cpuhp_invoke(unsigned int cpu, int state, bool bringup)
{
	struct cpuhp_step *step = &cpuhp_steps[state];
	int (*fn)(unsigned int cpu) = bringup ? step->startup : step->teardown;
	int ret;

	if (!fn)
		return 0;
	ret = fn(cpu);
	if (ret)
		pr_warn("cpuhp: %s of %s failed for CPU %u: %d\n",
			bringup ? "startup" : "teardown", step->name, cpu, ret);
	return ret;
}

/* Run the startups of states (@from, @to] for @cpu, here. */
static int cpuhp_up_range(unsigned int cpu, int from, int to)
{
	for (int st = from + 1; st <= to; st++) {
		int ret = cpuhp_invoke(cpu, st, true);

		if (ret)
			return ret;
		WRITE_ONCE(per_cpu(cpuhp_state, cpu), st);
	}
	return 0;
}

/* Run the teardowns of states (@to, @from] for @cpu, here, in reverse. */
static int cpuhp_down_range(unsigned int cpu, int from, int to)
{
	for (int st = from; st > to; st--) {
		int ret = cpuhp_invoke(cpu, st, false);

		if (ret)
			return ret;
		WRITE_ONCE(per_cpu(cpuhp_state, cpu), st - 1);
	}
	return 0;
}

/**
 * cpuhp_cpu_should_die() - has this CPU been asked to go offline?
 *
 * Polled by the idle loop with interrupts disabled.
 */
bool cpuhp_cpu_should_die(void)
{
	return this_cpu_read(cpuhp_state) == CPUHP_AP_ONLINE &&
	       !cpu_active(smp_processor_id()) &&
	       READ_ONCE(*this_cpu_ptr(&cpuhp_dead)) == -1;
}

/**
 * cpuhp_ap_die() - the last steps of a CPU going offline, on the CPU
 *
 * Called by the idle task, interrupts disabled, when asked to die.  Runs
 * the DYING teardowns, parks the CPU and, once it is woken for add_cpu(),
 * runs the STARTING startups and returns to the idle loop.
 */
void cpuhp_ap_die(void)
{
	unsigned int cpu = smp_processor_id();

	set_cpu_online(cpu, false);
	for (int st = CPUHP_AP_ONLINE; st > CPUHP_AP_OFFLINE; st--) {
		/* Nothing can stop a CPU that is on its way out. */
		WARN_ON_ONCE(cpuhp_invoke(cpu, st, false));
	}
	WRITE_ONCE(per_cpu(cpuhp_state, cpu), CPUHP_AP_OFFLINE);
	rcutree_report_dead(cpu);
	/* From here on the other CPUs may take over what this one left. */
	smp_store_release(this_cpu_ptr(&cpuhp_dead), 1);
	complete(this_cpu_ptr(&cpuhp_dead_done));
	arch_cpu_park(cpu);

	/* Woken by add_cpu(). */
	cpuhp_ap_starting(cpu);
}

/**
 * cpuhp_ap_starting() - a CPU's own steps of coming online
 * @cpu: this CPU
 *
 * On the CPU, interrupts disabled, in its idle task: after it was woken
 * from arch_cpu_park(), or started for the first time by add_cpu().  Runs
 * the STARTING startups and marks it online; add_cpu() goes on from there.
 */
void cpuhp_ap_starting(unsigned int cpu)
{
	rcu_cpu_starting(cpu);
	for (int st = CPUHP_AP_OFFLINE + 1; st < CPUHP_AP_ONLINE; st++)
		WARN_ON_ONCE(cpuhp_invoke(cpu, st, true));
	set_cpu_online(cpu, true);
	smp_store_release(this_cpu_ptr(&cpuhp_state), CPUHP_AP_ONLINE);
}

/*
 * Ask @cpu to die and wait until it has parked.  With a completion, not
 * by polling: the caller may be running on @cpu, and then the timer of a
 * timed sleep would be left on @cpu's timer base, which nobody runs until
 * this returns.
 */
static int takedown_cpu(unsigned int cpu)
{
	struct completion *done = &per_cpu(cpuhp_dead_done, cpu);

	reinit_completion(done);
	/* -1: asked to die; see cpuhp_cpu_should_die(). */
	smp_store_release(&per_cpu(cpuhp_dead, cpu), -1);
	sched_cpu_kick_dying(cpu);
	while (!wait_for_completion_timeout(done, 10 * HZ))
		pr_warn("cpuhp: CPU %u has not gone offline after 10 s\n", cpu);
	WARN_ON_ONCE(smp_load_acquire(&per_cpu(cpuhp_dead, cpu)) != 1);
	WRITE_ONCE(per_cpu(cpuhp_state, cpu), CPUHP_BRINGUP_CPU - 1);
	return 0;
}

int remove_cpu(unsigned int cpu)
{
	u64 t0 = ktime_get_ns(), t1;
	int ret;

	if (cpu >= nr_cpu_ids || cpu >= NR_CPUS)
		return -EINVAL;
	if (cpu == 0)
		return -EBUSY;
	mutex_lock(&cpu_add_remove_lock);
	down_write(&cpu_hotplug_lock);
	t1 = ktime_get_ns();
	if (!cpu_online(cpu) || cpuhp_get_state(cpu) != CPUHP_ONLINE) {
		ret = -EINVAL;
		goto out;
	}
	if (num_online_cpus() == 1) {
		ret = -EBUSY;
		goto out;
	}
	ret = cpuhp_down_range(cpu, CPUHP_ONLINE, CPUHP_AP_ONLINE);
	if (ret) {
		/* Back to where it was. */
		WARN_ON(cpuhp_up_range(cpu, cpuhp_get_state(cpu), CPUHP_ONLINE));
		goto out;
	}
	takedown_cpu(cpu);
	/* The CPU is gone: what it left is taken over; this cannot fail. */
	for (int st = CPUHP_BRINGUP_CPU - 1; st > CPUHP_OFFLINE; st--) {
		WARN_ON_ONCE(cpuhp_invoke(cpu, st, false));
		WRITE_ONCE(per_cpu(cpuhp_state, cpu), st - 1);
	}
	per_cpu(cpuhp_n_offline, cpu)++;
	cpuhp_note_time(&cpuhp_slowest_offline, cpu, t0, t1);
out:
	up_write(&cpu_hotplug_lock);
	mutex_unlock(&cpu_add_remove_lock);
	return ret;
}

int add_cpu(unsigned int cpu)
{
	u64 t0 = ktime_get_ns(), t1;
	int ret;

	if (cpu >= nr_cpu_ids || cpu >= NR_CPUS)
		return -EINVAL;
	mutex_lock(&cpu_add_remove_lock);
	down_write(&cpu_hotplug_lock);
	t1 = ktime_get_ns();
	if (cpu_online(cpu) || cpuhp_get_state(cpu) != CPUHP_OFFLINE ||
	    !arch_cpu_can_wake(cpu)) {
		ret = -EINVAL;
		goto out;
	}
	ret = cpuhp_up_range(cpu, CPUHP_OFFLINE, CPUHP_BRINGUP_CPU - 1);
	if (ret)
		goto undo_prepare;
	WRITE_ONCE(per_cpu(cpuhp_state, cpu), CPUHP_BRINGUP_CPU);
	ret = arch_cpu_wake(cpu);
	if (ret) {
		pr_err("cpuhp: CPU %u did not come back online\n", cpu);
		WRITE_ONCE(per_cpu(cpuhp_state, cpu), CPUHP_BRINGUP_CPU - 1);
		goto undo_prepare;
	}
	ret = cpuhp_up_range(cpu, CPUHP_AP_ONLINE, CPUHP_ONLINE);
	if (ret) {
		/* Take it down again, all the way. */
		WARN_ON(cpuhp_down_range(cpu, cpuhp_get_state(cpu), CPUHP_AP_ONLINE));
		takedown_cpu(cpu);
		goto undo_prepare;
	}
	per_cpu(cpuhp_n_online, cpu)++;
	cpuhp_note_time(&cpuhp_slowest_online, cpu, t0, t1);
	goto out;
undo_prepare:
	cpuhp_down_range(cpu, cpuhp_get_state(cpu), CPUHP_OFFLINE);
	WRITE_ONCE(per_cpu(cpuhp_state, cpu), CPUHP_OFFLINE);
out:
	up_write(&cpu_hotplug_lock);
	mutex_unlock(&cpu_add_remove_lock);
	return ret;
}

unsigned long cpuhp_offline_count(unsigned int cpu)
{
	return READ_ONCE(per_cpu(cpuhp_n_offline, cpu));
}

unsigned long cpuhp_online_count(unsigned int cpu)
{
	return READ_ONCE(per_cpu(cpuhp_n_online, cpu));
}

/* The CPUs started at boot are online; the others are offline. */
static int __init cpuhp_init(void)
{
	unsigned int cpu;

	for_each_possible_cpu(cpu) {
		per_cpu(cpuhp_state, cpu) = cpu_online(cpu) ? CPUHP_ONLINE : CPUHP_OFFLINE;
		init_completion(&per_cpu(cpuhp_dead_done, cpu));
	}
	return 0;
}
early_initcall(cpuhp_init);

/* ---- the shell ---- */

static int cmd_cpu(int argc, char **argv)
{
	unsigned int cpu;
	bool up;
	int ret;

	if (argc != 3 || (strcmp(argv[1], "offline") && strcmp(argv[1], "online")))
		return shell_error("usage: cpu offline|online <cpu>");
	up = !strcmp(argv[1], "online");
	if (kstrtouint(argv[2], 0, &cpu) || cpu >= nr_cpu_ids)
		return shell_error("cpu: no CPU '%s' (CPUs 0-%u)", argv[2], nr_cpu_ids - 1);
	if (!up && cpu == 0)
		return shell_error("cpu: CPU 0 cannot go offline (it takes the device interrupts)");
	if (up == cpu_online(cpu))
		return shell_error("cpu: CPU %u is already %s", cpu, argv[1]);
	ret = up ? add_cpu(cpu) : remove_cpu(cpu);
	if (ret)
		return shell_error("cpu: CPU %u could not go %s: error %d", cpu, argv[1], ret);
	printk("cpu: CPU %u is %s\n", cpu, argv[1]);
	return 0;
}
DEFINE_SHELL_CMD(cpu, "offline|online <cpu>", "take a CPU offline or bring it back online",
		 cmd_cpu);

static void cpuhp_print_slowest(const char *what, struct cpuhp_slowest *s)
{
	printk("slowest %s: %llu us (CPU %d), %llu us of it waiting for the hotplug locks\n",
	       what, (unsigned long long)READ_ONCE(s->ns) / 1000, READ_ONCE(s->cpu),
	       (unsigned long long)READ_ONCE(s->lock_ns) / 1000);
}

static int cmd_cpuhp(int argc, char **argv)
{
	unsigned int cpu;

	if (argc > 1)
		return shell_error("cpuhp: takes no arguments");
	for (int st = CPUHP_OFFLINE; st <= CPUHP_ONLINE; st++)
		if (cpuhp_steps[st].name)
			printk("%3d  %-24s %s%s\n", st, cpuhp_steps[st].name,
			       cpuhp_steps[st].startup ? "startup " : "",
			       cpuhp_steps[st].teardown ? "teardown" : "");
	for_each_possible_cpu(cpu)
		printk("CPU %u: state %d, offline %lu times, online %lu times\n", cpu,
		       cpuhp_get_state(cpu), cpuhp_offline_count(cpu),
		       cpuhp_online_count(cpu));
	cpuhp_print_slowest("offline", &cpuhp_slowest_offline);
	cpuhp_print_slowest("online", &cpuhp_slowest_online);
	return 0;
}
DEFINE_SHELL_CMD(cpuhp, "", "CPU hotplug states, in bring-up order, and each CPU's", cmd_cpuhp);
