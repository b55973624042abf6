// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "arch": spinlock mutual exclusion under contention on every
 * CPU, per-CPU data (static and alloc_percpu()), cross-CPU function calls
 * in hardirq context, NMIs, the symbol table used by backtraces, and the
 * memory protections: W^X, the image's permissions (also through the
 * direct map) and the guard page under every kernel stack.
 */
#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/smp.h>
#include <linux/percpu.h>
#include <linux/spinlock.h>
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/completion.h>
#include <linux/hardirq.h>
#include <linux/atomic.h>
#include <linux/ktime.h>
#include <linux/jiffies.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/kallsyms.h>
#include <asm/arch.h>
#include <asm/page.h>

/* ---- spinlocks ---- */

/*
 * Acquisitions per CPU: 2,000, but at most about 32,000 handovers in all
 * on up to eight CPUs, and fewer beyond (run_spin_test()).
 */
#define SPIN_ITERS_MIN		50
#define SPIN_ITERS_MAX		2000
#define SPIN_HANDOVERS		32000

struct spin_ctx {
	spinlock_t lock;
	unsigned long counter;		/* only under lock, non-atomically */
	int inside;			/* CPUs inside the critical section */
	atomic_t violations;
	atomic_t started, finished;
	struct completion go, done;
	int nthreads;
	int iters;
	bool irqsave;
};

static int spin_worker(void *arg)
{
	struct spin_ctx *c = arg;
	unsigned long flags = 0;

	atomic_inc(&c->started);
	wait_for_completion(&c->go);
	for (int i = 0; i < c->iters; i++) {
		if (c->irqsave)
			spin_lock_irqsave(&c->lock, flags);
		else
			spin_lock(&c->lock);
		if (++c->inside != 1)
			atomic_inc(&c->violations);
		/* A read-modify-write that tears if two CPUs get in. */
		WRITE_ONCE(c->counter, READ_ONCE(c->counter) + 1);
		if (c->irqsave && !irqs_disabled())
			atomic_inc(&c->violations);
		c->inside--;
		if (c->irqsave)
			spin_unlock_irqrestore(&c->lock, flags);
		else
			spin_unlock(&c->lock);
		if (!(i % 64))
			cond_resched();
	}
	if (atomic_inc_return(&c->finished) == c->nthreads)
		complete(&c->done);
	while (!kthread_should_stop()) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!kthread_should_stop())
			schedule();
		__set_current_state(TASK_RUNNING);
	}
	return 0;
}

static void run_spin_test(struct kunit *test, bool irqsave)
{
	unsigned int ncpus = num_online_cpus(), cpu, n = 0;
	struct task_struct **tasks;
	struct spin_ctx *c;

	c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);
	tasks = kunit_kcalloc(test, ncpus, sizeof(*tasks), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, c);
	KUNIT_ASSERT_NOT_NULL(test, tasks);
	spin_lock_init(&c->lock);
	init_completion(&c->go);
	init_completion(&c->done);
	c->nthreads = ncpus;
	/*
	 * Contention, not volume, finds a broken lock: with more CPUs than
	 * the host has, each handover may wait for a descheduled vCPU, so
	 * the budget shrinks with the CPU count beyond eight.
	 */
	c->iters = clamp((int)(SPIN_HANDOVERS / ncpus / max(1U, ncpus / 8)),
			 SPIN_ITERS_MIN, SPIN_ITERS_MAX);
	c->irqsave = irqsave;
	for_each_online_cpu(cpu) {
		struct task_struct *t = kthread_create_on_cpu(spin_worker, c, cpu, "spin/%u");

		KUNIT_ASSERT_FALSE(test, IS_ERR(t));
		get_task_struct(t);
		wake_up_process(t);
		tasks[n++] = t;
	}
	complete_all(&c->go);
	KUNIT_EXPECT_TRUE(test, wait_for_completion_timeout(&c->done, 120 * HZ));
	for (unsigned int i = 0; i < n; i++) {
		kthread_stop(tasks[i]);
		put_task_struct(tasks[i]);
	}
	KUNIT_EXPECT_EQ(test, atomic_read(&c->violations), 0);
	KUNIT_EXPECT_EQ(test, c->counter, (unsigned long)ncpus * c->iters);
	KUNIT_EXPECT_FALSE(test, spin_is_locked(&c->lock));
}

static void arch_spinlock_exclusion(struct kunit *test)
{
	run_spin_test(test, false);
}

static void arch_spinlock_irqsave_exclusion(struct kunit *test)
{
	run_spin_test(test, true);
}

static void arch_spinlock_trylock(struct kunit *test)
{
	DEFINE_SPINLOCK(l);

	KUNIT_EXPECT_TRUE(test, spin_trylock(&l));
	KUNIT_EXPECT_TRUE(test, spin_is_locked(&l));
	KUNIT_EXPECT_FALSE(test, spin_trylock(&l));
	spin_unlock(&l);
	KUNIT_EXPECT_FALSE(test, spin_is_locked(&l));
	/* Taking a spinlock disables preemption; releasing it restores it. */
	{
		int pc = preempt_count();

		spin_lock(&l);
		KUNIT_EXPECT_EQ(test, preempt_count(), pc + 1);
		spin_unlock(&l);
		KUNIT_EXPECT_EQ(test, preempt_count(), pc);
	}
}

/* ---- per-CPU data ---- */

static DEFINE_PER_CPU(unsigned long, arch_test_pcpu);
static DEFINE_PER_CPU(int, arch_test_seen_cpu);

static void pcpu_write_self(void *arg)
{
	unsigned long tag = (unsigned long)arg;

	this_cpu_write(arch_test_pcpu, tag + smp_processor_id());
	this_cpu_write(arch_test_seen_cpu, smp_processor_id());
	this_cpu_inc(arch_test_pcpu);
}

static void arch_percpu(struct kunit *test)
{
	unsigned long tag = 1000;
	unsigned int cpu;

	on_each_cpu(pcpu_write_self, (void *)tag, true);
	for_each_online_cpu(cpu) {
		/* Each CPU's instance is its own: tag + cpu + 1, seen from here. */
		KUNIT_EXPECT_EQ(test, per_cpu(arch_test_pcpu, cpu), tag + cpu + 1);
		KUNIT_EXPECT_EQ(test, per_cpu(arch_test_seen_cpu, cpu), (int)cpu);
		/* Distinct instances. */
		if (NR_CPUS > 1 && cpu)
			KUNIT_EXPECT_PTR_NE(test, per_cpu_ptr(&arch_test_pcpu, cpu),
					    per_cpu_ptr(&arch_test_pcpu, 0));
	}
	preempt_disable();
	KUNIT_EXPECT_PTR_EQ(test, this_cpu_ptr(&arch_test_pcpu),
			    per_cpu_ptr(&arch_test_pcpu, smp_processor_id()));
	preempt_enable();
}

/* ---- dynamic per-CPU memory ---- */

struct pcpu_alloc_probe {
	unsigned long val;
	unsigned int cpu;
};

static struct pcpu_alloc_probe __percpu *pcpu_alloc_p;

static void pcpu_alloc_write_self(void *info)
{
	this_cpu_write(pcpu_alloc_p->val, (unsigned long)info + smp_processor_id());
	this_cpu_inc(pcpu_alloc_p->val);
	this_cpu_write(pcpu_alloc_p->cpu, smp_processor_id());
}

/*
 * alloc_percpu(): zeroed on every CPU, written by each CPU through
 * this_cpu_*(), read back with per_cpu_ptr(); freed memory is reused,
 * zeroed again; misuse is refused.
 */
static void arch_percpu_alloc(struct kunit *test)
{
	size_t used0 = percpu_dynamic_used();
	unsigned long __percpu *big;
	void __percpu *again;
	unsigned int cpu;

	pcpu_alloc_p = alloc_percpu(struct pcpu_alloc_probe);
	KUNIT_ASSERT_TRUE(test, pcpu_alloc_p != NULL);
	KUNIT_EXPECT_EQ(test, percpu_dynamic_used(), used0 + 16);
	for_each_possible_cpu(cpu)
		KUNIT_EXPECT_EQ(test, per_cpu_ptr(pcpu_alloc_p, cpu)->val, 0UL);
	on_each_cpu(pcpu_alloc_write_self, (void *)1000UL, true);
	for_each_online_cpu(cpu) {
		KUNIT_EXPECT_EQ(test, per_cpu_ptr(pcpu_alloc_p, cpu)->val, 1001UL + cpu);
		KUNIT_EXPECT_EQ(test, per_cpu_ptr(pcpu_alloc_p, cpu)->cpu, cpu);
	}
	/* Aligned, and not overlapping the first. */
	big = (unsigned long __percpu *)__alloc_percpu(200, 64);
	KUNIT_ASSERT_TRUE(test, big != NULL);
	KUNIT_EXPECT_EQ(test, (unsigned long)(void __force *)big & 63, 0UL);
	for_each_possible_cpu(cpu)
		per_cpu_ptr(big, cpu)[24] = ~0UL;
	for_each_online_cpu(cpu)
		KUNIT_EXPECT_EQ(test, per_cpu_ptr(pcpu_alloc_p, cpu)->val, 1001UL + cpu);

	free_percpu(pcpu_alloc_p);
	again = __alloc_percpu(sizeof(struct pcpu_alloc_probe), 8);
	KUNIT_EXPECT_TRUE_MSG(test, again == (void __percpu *)pcpu_alloc_p,
			      "freed per-CPU memory not reused first fit");
	for_each_possible_cpu(cpu)
		KUNIT_EXPECT_EQ(test, ((struct pcpu_alloc_probe *)per_cpu_ptr(again, cpu))->val, 0UL);
	free_percpu(again);
	free_percpu(big);
	KUNIT_EXPECT_EQ(test, percpu_dynamic_used(), used0);

	KUNIT_EXPECT_TRUE(test, __alloc_percpu(0, 8) == NULL);
	KUNIT_EXPECT_TRUE(test, __alloc_percpu(8, 3) == NULL);
	KUNIT_EXPECT_TRUE(test, __alloc_percpu(PERCPU_DYNAMIC_RESERVE + 1, 8) == NULL);
	pcpu_alloc_p = NULL;
}

/* ---- IPIs ---- */

struct ipi_probe {
	int cpu;
	bool in_hardirq;
	bool irqs_off;
	atomic_t calls;
};

static void ipi_probe_fn(void *arg)
{
	struct ipi_probe *p = arg;

	p[smp_processor_id()].cpu = smp_processor_id();
	p[smp_processor_id()].in_hardirq = in_hardirq();
	p[smp_processor_id()].irqs_off = irqs_disabled();
	atomic_inc(&p[smp_processor_id()].calls);
}

static void arch_ipi_function_call(struct kunit *test)
{
	struct ipi_probe *p;
	unsigned int cpu, self;

	p = kunit_kcalloc(test, nr_cpu_ids, sizeof(*p), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, p);
	self = get_cpu();
	put_cpu();
	for_each_online_cpu(cpu) {
		if (cpu == self)
			continue;
		KUNIT_EXPECT_EQ(test, smp_call_function_single(cpu, ipi_probe_fn, p, true), 0);
		KUNIT_EXPECT_EQ(test, p[cpu].cpu, (int)cpu);
		KUNIT_EXPECT_TRUE(test, p[cpu].in_hardirq);
		KUNIT_EXPECT_TRUE(test, p[cpu].irqs_off);
	}
	/* All CPUs at once, this one included. */
	on_each_cpu(ipi_probe_fn, p, true);
	for_each_online_cpu(cpu)
		KUNIT_EXPECT_EQ(test, atomic_read(&p[cpu].calls), cpu == self ? 1 : 2);
	KUNIT_EXPECT_NE(test, smp_call_function_single(nr_cpu_ids, ipi_probe_fn, p, true), 0);
}

/* ---- NMIs ---- */

static DEFINE_PER_CPU(int, nmi_probe_hits);
static bool nmi_probe_armed;

static int nmi_probe(struct pt_regs *regs)
{
	if (!READ_ONCE(nmi_probe_armed))
		return 0;
	if (in_nmi())
		this_cpu_inc(nmi_probe_hits);
	return 1;
}

static void arch_nmi(struct kunit *test)
{
	unsigned int cpu;
	u64 end;

	KUNIT_ASSERT_EQ(test, register_nmi_handler(nmi_probe), 0);
	WRITE_ONCE(nmi_probe_armed, true);
	for_each_online_cpu(cpu) {
		int before = per_cpu(nmi_probe_hits, cpu);

		smp_send_nmi(cpu);
		end = ktime_get_ns() + 5000000000ULL;
		while (READ_ONCE(per_cpu(nmi_probe_hits, cpu)) == before &&
		       ktime_get_ns() < end)
			cpu_relax();
		KUNIT_EXPECT_EQ(test, READ_ONCE(per_cpu(nmi_probe_hits, cpu)), before + 1);
	}
	WRITE_ONCE(nmi_probe_armed, false);
	unregister_nmi_handler(nmi_probe);
}

/* ---- symbols for backtraces ---- */

static void arch_kallsyms(struct kunit *test)
{
	unsigned long addr = (unsigned long)arch_kallsyms, size, off;
	const char *name = kallsyms_lookup(addr + 3, &size, &off);
	char buf[128];

	KUNIT_ASSERT_NOT_NULL(test, name);
	KUNIT_EXPECT_STREQ(test, name, "arch_kallsyms");
	KUNIT_EXPECT_EQ(test, off, 3UL);
	KUNIT_EXPECT_GT(test, size, 3UL);
	KUNIT_EXPECT_EQ(test, kallsyms_lookup_name("start_kernel") != 0, true);
	snprintf(buf, sizeof(buf), "%pS", (void *)(addr + 3));
	KUNIT_EXPECT_TRUE(test, !strncmp(buf, "arch_kallsyms+0x3/0x", 20));
	KUNIT_EXPECT_NULL(test, kallsyms_lookup(0x1000, NULL, NULL));
}

/* ---- memory protections ---- */

extern char _stext[], _srodata[], _sdata[], _skallsyms[];

/* The leaf entry for @va; 0 if not mapped. */
static u64 pte_of(const void *va)
{
	int level;

	return lookup_address((unsigned long)va, &level);
}

static void *alias_of(const void *va)
{
	return __va(__pa_symbol(va));
}

/* No page of the kernel's address space is both writable and executable. */
static void arch_wx(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, paging_count_wx(), 0UL);
}

/* Text RX, rodata and symbols R, data RW; NX wherever not text. */
static void arch_image_perms(struct kunit *test)
{
	static const struct {
		const char *what;
		const void *va;
		bool rw, x;
	} want[] = {
		{ "text", _stext, false, true },
		{ "rodata", _srodata, false, false },
		{ "data", _sdata, true, false },
		{ "kallsyms", _skallsyms, false, false },
	};

	for (int i = 0; i < ARRAY_SIZE(want); i++) {
		u64 e = pte_of(want[i].va), a = pte_of(alias_of(want[i].va));

		kunit_info(test, "%s: %#llx, direct-map alias %#llx\n", want[i].what,
			   (unsigned long long)e, (unsigned long long)a);
		KUNIT_EXPECT_TRUE(test, e & _PAGE_PRESENT);
		KUNIT_EXPECT_EQ(test, !!(e & _PAGE_RW), want[i].rw);
		KUNIT_EXPECT_EQ(test, !(e & _PAGE_NX), want[i].x);
		/* the alias: never executable, writable only where the image is */
		KUNIT_EXPECT_TRUE(test, a & _PAGE_PRESENT);
		KUNIT_EXPECT_EQ(test, !!(a & _PAGE_RW), want[i].rw);
		KUNIT_EXPECT_TRUE(test, a & _PAGE_NX);
	}
}

/* Counts the CPUs whose interrupted stack is not a guarded one. */
static void stack_area_probe(void *arg)
{
	if (!kstack_mapped_addr((unsigned long)__builtin_frame_address(0)))
		atomic_inc(arg);
}

/*
 * Kthread stacks (this one's, and a new one) are mapped RW and NX in the
 * stack area with an unmapped guard below; so are every CPU's idle stacks
 * (CPU 0's too: it leaves the boot stack early), and every stack an IPI
 * interrupts there.
 */
static void arch_stack_guard(struct kunit *test)
{
	unsigned long lo = (unsigned long)current->stack;
	atomic_t outside = ATOMIC_INIT(0);
	struct cpumask saved = current->cpus_mask, one;
	unsigned int cpu, self, probed = 0;
	void *s;

	KUNIT_ASSERT_NOT_NULL(test, current->stack);
	KUNIT_EXPECT_TRUE(test, kstack_mapped_addr(lo));
	KUNIT_EXPECT_TRUE(test, kstack_mapped_addr(lo + THREAD_SIZE - 1));
	KUNIT_EXPECT_EQ(test, pte_of((void *)lo) & (_PAGE_PRESENT | _PAGE_RW | _PAGE_NX),
			_PAGE_PRESENT | _PAGE_RW | _PAGE_NX);
	KUNIT_EXPECT_EQ(test, pte_of((void *)(lo - 1)), 0ULL);
	KUNIT_EXPECT_TRUE(test, kstack_guard_addr(lo - 1));
	KUNIT_EXPECT_TRUE(test, kstack_guard_addr(lo - PAGE_SIZE));
	KUNIT_EXPECT_FALSE(test, kstack_mapped_addr(lo - 8));

	s = kstack_alloc();
	KUNIT_ASSERT_NOT_NULL(test, s);
	for (unsigned long off = 0; off < THREAD_SIZE; off += PAGE_SIZE)
		KUNIT_EXPECT_TRUE(test, pte_of(s + off) & _PAGE_PRESENT);
	KUNIT_EXPECT_EQ(test, pte_of(s - 1), 0ULL);
	KUNIT_EXPECT_EQ(test, pte_of(s - KSTACK_GUARD), 0ULL);
	kstack_free(s);

	/* Off CPU 0, so that its idle task is among those interrupted. */
	for (cpu = 1; cpu < nr_cpu_ids && !cpu_online(cpu); cpu++)
		;
	if (cpu < nr_cpu_ids) {
		cpumask_clear(&one);
		cpumask_set_cpu(cpu, &one);
		KUNIT_ASSERT_EQ(test, set_cpus_allowed_ptr(current, &one), 0);
	}
	self = raw_smp_processor_id();
	for (cpu = 0; cpu < nr_cpu_ids; cpu++) {
		if (cpu == self || !cpu_online(cpu))
			continue;
		smp_call_function_single(cpu, stack_area_probe, &outside, 1);
		probed++;
	}
	set_cpus_allowed_ptr(current, &saved);
	KUNIT_EXPECT_EQ(test, atomic_read(&outside), 0);
	KUNIT_EXPECT_EQ(test, probed, num_online_cpus() - 1);
}

static struct kunit_case arch_test_cases[] = {
	KUNIT_CASE(arch_spinlock_exclusion),
	KUNIT_CASE(arch_spinlock_irqsave_exclusion),
	KUNIT_CASE(arch_spinlock_trylock),
	KUNIT_CASE(arch_percpu),
	KUNIT_CASE(arch_percpu_alloc),
	KUNIT_CASE(arch_ipi_function_call),
	KUNIT_CASE(arch_nmi),
	KUNIT_CASE(arch_kallsyms),
	KUNIT_CASE(arch_wx),
	KUNIT_CASE(arch_image_perms),
	KUNIT_CASE(arch_stack_guard),
	{}
};

static struct kunit_suite arch_test_suite = {
	.name = "arch",
	.test_cases = arch_test_cases,
};
kunit_test_suite(arch_test_suite);
