// SPDX-License-Identifier: GPL-2.0
/*
 * SMP: starting the application processors (INIT-SIPI-SIPI), and
 * inter-processor interrupts: reschedule, function calls, NMI.
 *
 * At boot the CPUs below maxcpus= are started; a CPU left out, or one
 * that did not answer, is started by add_cpu() the same way and comes up
 * through the hotplug states (cpuhp_ap_starting()).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/smp.h>
#include <linux/sched.h>
#include <linux/notifier.h>
#include <linux/slab.h>
#include <linux/gfp.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/delay.h>
#include <linux/rcupdate.h>
#include <linux/ktime.h>
#include <linux/timer.h>
#include <linux/tick.h>
#include <linux/cpu.h>
#include <linux/init.h>
#include <linux/moduleparam.h>
#include <asm/acpi.h>
#include <asm/arch.h>
#include <asm/bootinfo.h>
#include <asm/page.h>

struct cpumask __cpu_possible_mask, __cpu_online_mask;
unsigned int nr_cpu_ids = 1;
struct cpu_info cpu_info[NR_CPUS];
unsigned int nr_cpus_detected = 1;

/* Handed to the AP being started (one at a time). */
unsigned long ap_boot_cr3, ap_boot_stack;
static volatile unsigned int ap_booting_cpu;
static volatile int ap_started;
/* The AP being started is one add_cpu() wants: through the hotplug states. */
static bool ap_hotplug;

/* maxcpus=N: start only N CPUs (the boot CPU included) at boot. */
static unsigned int setup_max_cpus = NR_CPUS;
core_param(maxcpus, setup_max_cpus, uint, 0444);

extern const char __trampoline_start[], __trampoline_end[];
extern const char trampoline_start[], tr_cr3[], tr_stack[], tr_entry[];
extern char boot_pml4[];
extern char ap_start64[];


/* Decide which CPUs exist: the MADT's list, capped by NR_CPUS. */
void __init smp_detect_cpus(void)
{
	u32 bsp = lapic_id();
	unsigned int n = 1;

	cpu_info[0].apic_id = bsp;
	for (unsigned int i = 0; i < acpi_config.nr_cpus; i++) {
		if (acpi_config.apic_ids[i] == bsp)
			continue;
		if (n >= NR_CPUS) {
			pr_warn("smp: CONFIG_NR_CPUS=%d: ignoring %u more CPUs\n",
				NR_CPUS, acpi_config.nr_cpus - n);
			break;
		}
		cpu_info[n++].apic_id = acpi_config.apic_ids[i];
	}
	nr_cpus_detected = n;
	nr_cpu_ids = n;
	for (unsigned int cpu = 0; cpu < n; cpu++)
		cpumask_set_cpu(cpu, &__cpu_possible_mask);
	cpumask_set_cpu(0, &__cpu_online_mask);
	set_cpu_active(0, true);
	cpu_info[0].online = true;
	cpu_info[0].started = true;
}

void ap_entry(void);

void ap_entry(void)
{
	unsigned int cpu = ap_booting_cpu;

	percpu_load_gs(cpu);
	cpu_tables_load();
	lapic_init_cpu();
	sched_init_ap(cpu);
	cpu_info[cpu].online = true;
	cpu_info[cpu].started = true;
	if (ap_hotplug) {
		/* add_cpu() runs the rest of the states once this is seen. */
		cpuhp_ap_starting(cpu);
		smp_store_release(&ap_started, 1);
		local_irq_enable();
		cpu_startup_entry();
	}
	rcu_cpu_starting(cpu);
	cpumask_set_cpu(cpu, &__cpu_online_mask);
	set_cpu_active(cpu, true);
	lapic_timer_start();
	smp_store_release(&ap_started, 1);
	local_irq_enable();
	cpu_startup_entry();
}

static bool start_ap(unsigned int cpu, bool hotplug)
{
	u8 *tramp = __va(TRAMPOLINE_PHYS);
	u32 apicid = cpu_info[cpu].apic_id;
	/* The idle task's stack, above a guard like every kthread's. */
	unsigned long stack = (unsigned long)kstack_alloc();
	u64 deadline;

	if (!stack)
		return false;
	ap_boot_cr3 = kernel_cr3();
	ap_boot_stack = stack + THREAD_SIZE;
	ap_booting_cpu = cpu;
	ap_started = 0;
	ap_hotplug = hotplug;
	*(u64 *)(tramp + (tr_cr3 - trampoline_start)) = (unsigned long)boot_pml4;
	*(u64 *)(tramp + (tr_entry - trampoline_start)) = (unsigned long)ap_start64;
	smp_mb();

	lapic_send_init(apicid);
	mdelay(10);
	for (int attempt = 0; attempt < 2 && !READ_ONCE(ap_started); attempt++) {
		lapic_send_startup(apicid, TRAMPOLINE_PHYS >> 12);
		udelay(200);
	}
	deadline = ktime_get_ns() + 2000000000ULL;
	while (!smp_load_acquire(&ap_started) && ktime_get_ns() < deadline)
		cpu_relax();
	if (!ap_started) {
		pr_err("smp: CPU %u (APIC %u) did not start\n", cpu, apicid);
		return false;
	}
	return true;
}

static void copy_trampoline(void)
{
	memcpy(__va(TRAMPOLINE_PHYS), __trampoline_start,
	       __trampoline_end - __trampoline_start);
}

void __init smp_boot_cpus(void)
{
	unsigned int up = 1, max = max(setup_max_cpus, 1U);
	u64 t0 = ktime_get_ns();

	copy_trampoline();
	for (unsigned int cpu = 1; cpu < nr_cpus_detected && cpu < max; cpu++)
		up += start_ap(cpu, false);
	pr_info("smp: brought up %u of %u CPUs in %llu ms\n", up, nr_cpus_detected,
		(unsigned long long)((ktime_get_ns() - t0) / 1000000));
	if (max < nr_cpus_detected)
		pr_info("smp: maxcpus=%u: CPUs %u-%u are left offline\n", setup_max_cpus,
			max, nr_cpus_detected - 1);
	for (unsigned int cpu = 1; cpu < nr_cpus_detected; cpu++)
		if (cpu_online(cpu))
			cpu_notify_online(cpu);
	spin_halt_enable();
}

/* ---- function-call IPIs ---- */

struct call_single_data {
	struct list_head node;
	smp_call_func_t func;
	void *info;
	int done;
	bool wait;
};

struct call_queue {
	spinlock_t lock;
	struct list_head list;
	bool dead;		/* the CPU is offline: queue nothing */
};

static DEFINE_PER_CPU(struct call_queue, call_queue);
DEFINE_PER_CPU(u64, ipi_count);

/* Run the calls queued for this CPU.  Interrupts disabled. */
static void flush_call_queue(void)
{
	struct call_queue *q = this_cpu_ptr(&call_queue);

	for (;;) {
		struct call_single_data *csd;

		spin_lock(&q->lock);
		csd = list_first_entry_or_null(&q->list, struct call_single_data, node);
		if (csd)
			list_del(&csd->node);
		spin_unlock(&q->lock);
		if (!csd)
			break;
		csd->func(csd->info);
		if (csd->wait)
			smp_store_release(&csd->done, 1);
		else
			kfree(csd);
	}
}

static void call_function_irq(struct pt_regs *regs)
{
	this_cpu_inc(ipi_count);
	flush_call_queue();
}

/*
 * Hotplug (CPUHP_AP_SMPCFD_DYING), on the outgoing CPU with interrupts
 * off: refuse new calls, then run the ones queued before, so that no
 * sender waits for a CPU that is gone.
 */
int smpcfd_dying_cpu(unsigned int cpu)
{
	struct call_queue *q = this_cpu_ptr(&call_queue);

	spin_lock(&q->lock);
	q->dead = true;
	spin_unlock(&q->lock);
	flush_call_queue();
	return 0;
}

int smpcfd_starting_cpu(unsigned int cpu)
{
	struct call_queue *q = this_cpu_ptr(&call_queue);

	spin_lock(&q->lock);
	q->dead = false;
	spin_unlock(&q->lock);
	return 0;
}

static void reschedule_irq(struct pt_regs *regs)
{
	this_cpu_inc(ipi_count);
	scheduler_ipi();
}

void __init smp_ipi_init(void)
{
	unsigned int cpu;

	for_each_possible_cpu(cpu) {
		struct call_queue *q = per_cpu_ptr(&call_queue, cpu);

		spin_lock_init(&q->lock);
		INIT_LIST_HEAD(&q->list);
	}
	set_intr_handler(CALL_FUNCTION_VECTOR, call_function_irq);
	set_intr_handler(RESCHEDULE_VECTOR, reschedule_irq);
}

static struct call_single_data *queue_call(int cpu, smp_call_func_t func,
					   void *info, bool wait)
{
	struct call_single_data *csd = kmalloc(sizeof(*csd), GFP_ATOMIC);
	struct call_queue *q = per_cpu_ptr(&call_queue, cpu);
	unsigned long flags;

	if (!csd)
		panic("smp: out of memory for a cross-CPU call");
	csd->func = func;
	csd->info = info;
	csd->done = 0;
	csd->wait = wait;
	spin_lock_irqsave(&q->lock, flags);
	if (q->dead) {
		/* Went offline since the caller looked: no IPI to it. */
		spin_unlock_irqrestore(&q->lock, flags);
		kfree(csd);
		return NULL;
	}
	list_add_tail(&csd->node, &q->list);
	spin_unlock_irqrestore(&q->lock, flags);
	lapic_send_ipi(cpu_info[cpu].apic_id, CALL_FUNCTION_VECTOR);
	return csd;
}

/*
 * Wait for a cross-CPU call by spinning, never by scheduling: callers may
 * be inside an RCU reader, which in a non-preemptible kernel nothing but
 * the absence of context switches marks, and a cond_resched() here would
 * report a quiescent state in the middle of it.  Sleepable callers that
 * call many CPUs in turn (rcu_barrier()) give way between the calls.
 */
static void wait_call(struct call_single_data *csd)
{
	while (!smp_load_acquire(&csd->done))
		cpu_relax();
	kfree(csd);
}

int smp_call_function_single(int cpu, smp_call_func_t func, void *info, bool wait)
{
	struct call_single_data *csd;
	unsigned long flags;
	int this_cpu = get_cpu();

	if (cpu < 0 || cpu >= (int)nr_cpu_ids || !cpu_online(cpu)) {
		put_cpu();
		return -6;	/* -ENXIO */
	}
	if (cpu == this_cpu) {
		local_irq_save(flags);
		func(info);
		local_irq_restore(flags);
		put_cpu();
		return 0;
	}
	WARN_ON_ONCE(wait && irqs_disabled());
	csd = queue_call(cpu, func, info, wait);
	put_cpu();
	if (!csd)
		return -6;	/* -ENXIO */
	if (wait)
		wait_call(csd);
	return 0;
}

void smp_call_function(smp_call_func_t func, void *info, bool wait)
{
	struct call_single_data **csds = NULL;
	unsigned int cpu, this_cpu = get_cpu();

	if (wait)
		csds = kcalloc(nr_cpu_ids, sizeof(*csds), GFP_ATOMIC);
	for_each_online_cpu(cpu) {
		struct call_single_data *csd;

		if (cpu == this_cpu)
			continue;
		csd = queue_call(cpu, func, info, wait);
		if (wait && csd)
			csds[cpu] = csd;
	}
	put_cpu();
	if (!wait)
		return;
	for (cpu = 0; cpu < nr_cpu_ids; cpu++)
		if (csds[cpu])
			wait_call(csds[cpu]);
	kfree(csds);
}

void on_each_cpu(smp_call_func_t func, void *info, bool wait)
{
	unsigned long flags;

	preempt_disable();
	smp_call_function(func, info, wait);
	local_irq_save(flags);
	func(info);
	local_irq_restore(flags);
	preempt_enable();
}

/* ---- parking offline CPUs ---- */

/*
 * An offline CPU halts with interrupts disabled: only an NMI (or INIT)
 * wakes it.  add_cpu() sets ->wake and sends NMIs until the CPU answers,
 * since one that lands between the CPU's check of ->wake and its hlt is
 * lost.
 */
struct cpu_park {
	int parked;		/* halted in arch_cpu_park() */
	int wake;		/* add_cpu() wants it back */
	unsigned long nmis;	/* NMIs taken while parked */
	unsigned long nmi_until;	/* jiffies: late waking NMIs expected */
};
static DEFINE_PER_CPU(struct cpu_park, cpu_park);

void arch_cpu_park(unsigned int cpu)
{
	struct cpu_park *p = this_cpu_ptr(&cpu_park);

	cpu_info[cpu].online = false;
	WRITE_ONCE(p->parked, 1);
	while (!smp_load_acquire(&p->wake))
		native_halt();
	WRITE_ONCE(p->wake, 0);
	WRITE_ONCE(p->parked, 0);
	cpu_info[cpu].online = true;
}

/*
 * Every present CPU can be brought online: one that ran is woken from
 * arch_cpu_park() (also before it got there: it looks at ->wake before
 * halting), one that never did is started with INIT-SIPI-SIPI.
 */
bool arch_cpu_can_wake(unsigned int cpu)
{
	return cpu > 0 && cpu < nr_cpus_detected;
}

int arch_cpu_wake(unsigned int cpu)
{
	u64 deadline = ktime_get_ns() + 2000000000ULL;

	if (!cpu_info[cpu].started) {
		/* The boot trampoline is still in reserved low memory. */
		copy_trampoline();
		return start_ap(cpu, true) ? 0 : -EIO;
	}
	smp_store_release(&per_cpu(cpu_park, cpu).wake, 1);
	do {
		u64 resend = ktime_get_ns() + 10000000ULL;

		WRITE_ONCE(per_cpu(cpu_park, cpu).nmi_until, jiffies + HZ);
		smp_send_nmi(cpu);
		while (ktime_get_ns() < resend) {
			if (cpuhp_get_state(cpu) == CPUHP_AP_ONLINE) {
				smp_rmb();	/* its startups before ours */
				return 0;
			}
			schedule_timeout_uninterruptible(1);
		}
	} while (ktime_get_ns() < deadline);
	return -EIO;
}

/*
 * The NMIs that wake a parked CPU are expected, also one resent that
 * lands after it woke: not "for unknown reason".
 */
static int cpu_park_nmi(struct pt_regs *regs)
{
	struct cpu_park *p = this_cpu_ptr(&cpu_park);

	if (!READ_ONCE(p->parked) && !time_before(jiffies, READ_ONCE(p->nmi_until)))
		return 0;
	p->nmis++;
	return 1;
}

static int __init cpu_park_init(void)
{
	unsigned int cpu;

	for_each_possible_cpu(cpu)
		per_cpu(cpu_park, cpu).nmi_until = jiffies;
	register_nmi_handler(cpu_park_nmi);
	return 0;
}
early_initcall(cpu_park_init);

void smp_send_reschedule(int cpu)
{
	lapic_send_ipi(cpu_info[cpu].apic_id, RESCHEDULE_VECTOR);
}

void smp_send_nmi(int cpu)
{
	lapic_send_nmi(cpu_info[cpu].apic_id);
}

void arch_print_cpus(void)
{
	unsigned int cpu;
	u64 halts = 0, kicks = 0;

	printk("CPU  APIC  online  ticks       wakeups     irqs        ipis      nmis  state\n");
	for_each_possible_cpu(cpu) {
		printk("%3u  %4u  %-6s  %-10llu  %-10llu  %-10llu  %-8llu  %-4llu  %s%s\n",
		       cpu, cpu_info[cpu].apic_id, cpu_online(cpu) ? "yes" : "no",
		       (unsigned long long)tick_count_cpu(cpu),
		       (unsigned long long)idle_wakeups_cpu(cpu),
		       (unsigned long long)per_cpu(irq_count_percpu, cpu),
		       (unsigned long long)per_cpu(ipi_count, cpu),
		       (unsigned long long)per_cpu(nmi_count, cpu),
		       !cpu_online(cpu) ? "offline" : idle_cpu(cpu) ? "idle" : "running",
		       tick_nohz_tick_stopped_cpu(cpu) ? ", tick stopped" : "");
		halts += spin_halts_cpu(cpu);
		kicks += spin_kicks_cpu(cpu);
	}
	printk("spinlock waiters halted %llu times, kicked %llu times\n",
	       (unsigned long long)halts, (unsigned long long)kicks);
}
