// SPDX-License-Identifier: GPL-2.0
/*
 * Exceptions, interrupt dispatch and backtraces.
 */
#include <linux/kernel.h>
#include <linux/smp.h>
#include <linux/preempt.h>
#include <linux/hardirq.h>
#include <linux/kallsyms.h>
#include <linux/sched.h>
#include <linux/notifier.h>
#include <asm/arch.h>
#include <asm/page.h>
#include <asm/processor.h>

static const char *const exception_names[32] = {
	"divide error", "debug", "NMI", "int3", "overflow", "bounds",
	"invalid opcode", "device not available", "double fault",
	"coprocessor segment overrun", "invalid TSS", "segment not present",
	"stack segment", "general protection fault", "page fault", "reserved",
	"x87 floating point", "alignment check", "machine check",
	"SIMD floating point", "virtualization", "control protection",
};

static irq_handler_t vector_handlers[256];
DEFINE_PER_CPU(u64, irq_count_percpu);

/* pid and name of the current task, usable before the scheduler runs. */
static void current_ident(int *pid, const char **comm)
{
	struct task_struct *t = this_cpu_read(current_task);

	*pid = t ? t->pid : 0;
	*comm = t ? t->comm : "boot";
}

void set_intr_handler(unsigned int vector, irq_handler_t handler)
{
	vector_handlers[vector] = handler;
}

extern char _stext[], _etext[], _srodata[], _erodata[], _sdata[], _end[];

static bool kernel_stack_addr(unsigned long a)
{
	if (a & 7)
		return false;
	if (a >= (unsigned long)_sdata && a < (unsigned long)_end)
		return true;
	if (kstack_mapped_addr(a))
		return true;
	return a >= PAGE_OFFSET && a < PAGE_OFFSET + (64UL << 30);
}

/* The return addresses along the frame-pointer chain from @rbp. */
static void show_stack_walk(unsigned long rbp)
{
	for (int depth = 0; depth < 32 && kernel_stack_addr(rbp); depth++) {
		unsigned long next = ((unsigned long *)rbp)[0];
		unsigned long ret = ((unsigned long *)rbp)[1];

		if (ret < (unsigned long)_stext || ret >= (unsigned long)_etext)
			break;
		printk(KERN_EMERG " [<%016lx>] %pS\n", ret, (void *)ret);
		if (next <= rbp)
			break;
		rbp = next;
	}
}

/**
 * show_stack_from() - print a symbolized backtrace
 * @rbp: frame pointer to start from
 * @rip: first address to print (0 to start with @rbp's return address)
 *
 * Walks the frame-pointer chain (the kernel is built with
 * -fno-omit-frame-pointer), stopping at a NULL or implausible frame.
 */
void show_stack_from(unsigned long rbp, unsigned long rip)
{
	printk(KERN_EMERG "Call Trace:\n");
	if (rip)
		printk(KERN_EMERG " [<%016lx>] %pS\n", rip, (void *)rip);
	show_stack_walk(rbp);
}

/*
 * @func's return address at the top of the stack, if @func runs without a
 * frame of its own there: a leaf whose fast path the compiler kept
 * frameless (shrink-wrapping).  Only a text address just after a direct
 * call of @func counts, so that a framed function's saved registers and
 * locals are never taken for one.
 */
static unsigned long frameless_return(const struct pt_regs *regs, unsigned long func)
{
	unsigned long ret = ((unsigned long *)regs->rsp)[0];

	if (ret < (unsigned long)_stext + 5 || ret >= (unsigned long)_etext)
		return 0;
	if (*(u8 *)(ret - 5) != 0xe8)	/* call rel32 */
		return 0;
	return ret + *(s32 *)(ret - 4) == func ? ret : 0;
}

/*
 * A backtrace from interrupted registers.  Stopped on a function's first
 * instruction, or just after its push of %rbp, or anywhere in a function
 * that runs frameless, the function has no frame: %rbp is still its
 * caller's, whose own return address (at the top of the stack) the frame
 * walk would skip, so print it first.
 */
static void show_stack_regs(const struct pt_regs *regs)
{
	unsigned long off = ~0UL, ret = 0;

	if (kallsyms_lookup(regs->rip, NULL, &off) && kernel_stack_addr(regs->rsp)) {
		if (off == 0)
			ret = ((unsigned long *)regs->rsp)[0];
		else if (off == 1 && *(u8 *)regs->rip == 0x48)	/* past push %rbp: at mov %rsp,%rbp */
			ret = ((unsigned long *)regs->rsp)[1];
		else
			ret = frameless_return(regs, regs->rip - off);
	}
	printk(KERN_EMERG "Call Trace:\n");
	printk(KERN_EMERG " [<%016lx>] %pS\n", regs->rip, (void *)regs->rip);
	if (ret >= (unsigned long)_stext && ret < (unsigned long)_etext)
		printk(KERN_EMERG " [<%016lx>] %pS\n", ret, (void *)ret);
	show_stack_walk(regs->rbp);
}

/**
 * dump_stack() - print this CPU's identity and a backtrace of the caller
 */
void noinline dump_stack(void)
{
	const char *comm;
	int pid;

	current_ident(&pid, &comm);
	printk(KERN_EMERG "CPU: %u PID: %d Comm: %s\n", smp_processor_id(), pid, comm);
	show_stack_from((unsigned long)__builtin_frame_address(0), 0);
}

void show_regs(const struct pt_regs *r)
{
	printk(KERN_EMERG "RIP: %04lx:%pS\n", r->cs, (void *)r->rip);
	printk(KERN_EMERG "RSP: %016lx EFLAGS: %08lx\n", r->rsp, r->rflags);
	printk(KERN_EMERG "RAX: %016lx RBX: %016lx RCX: %016lx\n", r->rax, r->rbx, r->rcx);
	printk(KERN_EMERG "RDX: %016lx RSI: %016lx RDI: %016lx\n", r->rdx, r->rsi, r->rdi);
	printk(KERN_EMERG "RBP: %016lx R08: %016lx R09: %016lx\n", r->rbp, r->r8, r->r9);
	printk(KERN_EMERG "R10: %016lx R11: %016lx R12: %016lx\n", r->r10, r->r11, r->r12);
	printk(KERN_EMERG "R13: %016lx R14: %016lx R15: %016lx\n", r->r13, r->r14, r->r15);
	printk(KERN_EMERG "CR0: %016lx CR2: %016lx CR3: %016lx CR4: %016lx\n",
	       read_cr0(), read_cr2(), read_cr3(), read_cr4());
}

#define PF_PROT		(1UL << 0)	/* a protection violation, not a missing page */
#define PF_WRITE	(1UL << 1)
#define PF_INSTR	(1UL << 4)	/* an instruction fetch */

static bool in_image(unsigned long a, const char *lo, const char *hi)
{
	return a >= (unsigned long)lo && a < (unsigned long)hi;
}

/* What a page fault at @addr with @err was, in words. */
static const char *pf_reason(unsigned long addr, unsigned long err)
{
	unsigned long alias = addr - PAGE_OFFSET + KERNEL_VMA;

	if (kstack_guard_addr(addr))
		return "stack guard page";
	if (!(err & PF_PROT))
		return "page not present";
	if (err & PF_INSTR)
		return "instruction fetch from non-executable memory";
	if (!(err & PF_WRITE))
		return "protection violation";
	if (in_image(addr, _stext, _etext))
		return "write to read-only kernel text";
	if (in_image(addr, _srodata, _erodata))
		return "write to read-only kernel rodata";
	if (addr >= PAGE_OFFSET && in_image(alias, _stext, _etext))
		return "write to read-only direct-map alias of kernel text";
	if (addr >= PAGE_OFFSET && in_image(alias, _srodata, _erodata))
		return "write to read-only direct-map alias of kernel rodata";
	return "write to read-only memory";
}

/*
 * A kernel stack ran into its guard: the exception could not push its
 * frame there, so this is a double fault on the IST stack (or a page
 * fault if the stack pointer itself was still above the guard).
 */
static void __noreturn stack_guard_hit(struct pt_regs *regs)
{
	const char *comm;
	int pid;

	current_ident(&pid, &comm);
	printk(KERN_EMERG "BUG: stack guard page hit by task %s/%d (stack overflow)\n",
	       comm, pid);
	printk(KERN_EMERG "CPU: %u address: %016lx\n", smp_processor_id(), read_cr2());
	show_regs(regs);
	show_stack_regs(regs);
	notify_die(DIE_OOPS, "stack overflow", regs, regs->error_code, regs->vector);
	panic("stack guard page hit by task %s/%d (stack overflow)", comm, pid);
}

static void die(const char *what, struct pt_regs *regs)
{
	static int die_counter;
	char buf[96];
	const char *comm;
	int pid;

	if ((regs->vector == 8 || regs->vector == 14) && kstack_guard_addr(read_cr2()))
		stack_guard_hit(regs);
	if (regs->vector == 14) {
		snprintf(buf, sizeof(buf), "%s: %s", what,
			 pf_reason(read_cr2(), regs->error_code));
		what = buf;
	}
	current_ident(&pid, &comm);
	printk(KERN_EMERG "Oops: %s: %04lx [#%d] CPU: %u PID: %d Comm: %s\n", what,
	       regs->error_code, ++die_counter, smp_processor_id(), pid, comm);
	if (regs->vector == 14)
		printk(KERN_EMERG "BUG: unable to handle page fault for address: %016lx\n",
		       read_cr2());
	show_regs(regs);
	show_stack_regs(regs);
	notify_die(DIE_OOPS, what, regs, regs->error_code, regs->vector);
	panic("Fatal exception: %s", what);
}

#define MAX_NMI_HANDLERS 8
static nmi_handler_t nmi_handlers[MAX_NMI_HANDLERS];
static DEFINE_PER_CPU(int, nmi_backtrace_pending);
DEFINE_PER_CPU(u64, nmi_count);

/**
 * register_nmi_handler() - call @fn on every NMI
 * @fn: returns nonzero if it handled the NMI; runs in NMI context
 *
 * Return: 0, or -1 if the table is full.
 */
int register_nmi_handler(nmi_handler_t fn)
{
	for (int i = 0; i < MAX_NMI_HANDLERS; i++)
		if (!cmpxchg(&nmi_handlers[i], NULL, fn))
			return 0;
	return -1;
}

void unregister_nmi_handler(nmi_handler_t fn)
{
	for (int i = 0; i < MAX_NMI_HANDLERS; i++)
		cmpxchg(&nmi_handlers[i], fn, NULL);
}

/**
 * trigger_cpu_backtrace() - make @cpu print its registers and backtrace
 * @cpu: target CPU; may be this one
 *
 * Uses an NMI, so it works even if @cpu spins with interrupts disabled.
 */
void trigger_cpu_backtrace(int cpu)
{
	per_cpu(nmi_backtrace_pending, cpu) = 1;
	smp_mb();
	if (cpu == (int)smp_processor_id())
		dump_stack();
	else
		smp_send_nmi(cpu);
}

static void do_nmi(struct pt_regs *regs)
{
	bool handled = false;

	nmi_enter();
	this_cpu_inc(nmi_count);
	if (spin_halt_fixup(regs))
		handled = true;
	if (panic_in_progress() && !panic_on_this_cpu())
		panic_stop_self();
	if (this_cpu_read(nmi_backtrace_pending)) {
		printk(KERN_EMERG "NMI backtrace for cpu %u\n", smp_processor_id());
		show_regs(regs);
		show_stack_regs(regs);
		this_cpu_write(nmi_backtrace_pending, 0);
		handled = true;
	}
	for (int i = 0; i < MAX_NMI_HANDLERS; i++) {
		nmi_handler_t fn = READ_ONCE(nmi_handlers[i]);

		if (fn && fn(regs))
			handled = true;
	}
	if (!handled)
		printk(KERN_WARNING "rcuos: NMI for unknown reason on CPU %u\n",
		       smp_processor_id());
	nmi_exit();
}

void do_interrupt(struct pt_regs *regs);

void do_interrupt(struct pt_regs *regs)
{
	unsigned long vec = regs->vector;

	if (vec == 2) {
		do_nmi(regs);
		return;
	}
	if (vec < 32) {
		die(exception_names[vec] ? exception_names[vec] : "exception", regs);
		return;
	}
	if (vec == SPURIOUS_APIC_VECTOR)
		return;
	this_cpu_inc(irq_count_percpu);
	irq_enter();
	if (vector_handlers[vec])
		vector_handlers[vec](regs);
	else
		printk(KERN_WARNING "rcuos: unexpected interrupt vector %#lx on CPU %u\n",
		       vec, smp_processor_id());
	lapic_eoi();
	irq_exit();
#ifdef CONFIG_PREEMPT
	if ((regs->rflags & X86_EFLAGS_IF) && preempt_count() == 0 && need_resched())
		preempt_schedule_irq();
#endif
}
