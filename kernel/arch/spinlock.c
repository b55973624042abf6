// SPDX-License-Identifier: GPL-2.0
/*
 * Ticket spinlock slow path: spin a little, then halt until kicked.
 *
 * A ticket lock hands the lock to the waiters in FIFO order.  That is
 * what makes it fair, and it is also what makes it slow when vCPUs
 * outnumber host CPUs (64 vCPUs on 2 host cores under TCG): the lock can
 * only move on once the host schedules the vCPU that holds the next
 * ticket, while every other waiter burns the host's time spinning.  A
 * handover then costs a host time slice (milliseconds) instead of a cache
 * miss, and a lock shared by many CPUs (an rcu_node, a run queue) makes
 * the whole guest crawl.
 *
 * So a waiter that has spun for SPIN_THRESHOLD rounds publishes which lock
 * and ticket it waits for, and halts (taking interrupts if it was called
 * with them on, as a spinning waiter would).  Its vCPU thread
 * sleeps in the host, giving the host CPU to the vCPUs that do work.  The
 * unlocker, when anyone is halted, looks for the CPU waiting for the
 * ticket it just made current and kicks it with an NMI (the only interrupt
 * that ends a HLT executed with interrupts disabled, and one that needs no
 * vector).
 *
 * No lost wake-ups: the waiter publishes itself, executes a full barrier
 * and only then re-reads the lock; the unlocker updates the lock with a
 * locked instruction (a full barrier) and only then reads who is halted.
 * One of them sees the other.  The remaining window, an NMI that lands
 * after the waiter's last check but before its HLT, is closed by the NMI
 * handler: if the NMI interrupted the check-and-halt sequence, it resumes
 * the waiter after the HLT (spin_halt_fixup()).
 *
 * Halting starts only after every CPU is up (spin_halt_enable()); before
 * that, waiters just spin.
 */

#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/atomic.h>
#include <linux/bitmap.h>
#include <linux/percpu.h>
#include <linux/smp.h>
#include <asm/arch.h>
#include <asm/bitops.h>

/* Rounds of spinning before a waiter halts. */
#define SPIN_THRESHOLD	(1U << 9)

struct spin_waiter {
	arch_spinlock_t *lock;
	u16 ticket;
};

static DEFINE_PER_CPU(struct spin_waiter, spin_waiter);
static DEFINE_PER_CPU(int, spin_kick_pending);
static DEFINE_PER_CPU(u64, spin_halts);
static DEFINE_PER_CPU(u64, spin_kicks);
static DECLARE_BITMAP(spin_halted_mask, NR_CPUS);
static bool spin_halt_ready;

/* Number of CPUs halted in the slow path; read by every unlock. */
atomic_t spin_halted_count = ATOMIC_INIT(0);

/*
 * void spin_halt_unless_current(u16 *head, u16 ticket, int irqs_on):
 * halt unless *head == ticket.  Called with interrupts disabled; with
 * @irqs_on, halts with "sti; hlt" so that interrupts are taken while
 * waiting, as they would be by a spinning spin_lock() (a CPU waiting for
 * a lock may be the target of a cross-CPU call its holder waits for).
 * An NMI taken between spin_halt_window_start and spin_halt_window_end
 * resumes at spin_halt_window_end, so a kick cannot fall between the
 * check and the HLT; an ordinary interrupt cannot either, since
 * interrupts are off until the STI, whose shadow covers the HLT.
 */
void spin_halt_unless_current(u16 *head, u16 ticket, int irqs_on);
extern const char spin_halt_window_start[], spin_halt_window_end[];

__asm__(".pushsection .text, \"ax\"\n"
	".globl spin_halt_unless_current\n"
	".type spin_halt_unless_current, @function\n"
	"spin_halt_unless_current:\n"
	".globl spin_halt_window_start\n"
	"spin_halt_window_start:\n"
	"	movzwl (%rdi), %eax\n"
	"	cmpw %si, %ax\n"
	"	je 1f\n"
	"	testl %edx, %edx\n"
	"	jz 2f\n"
	"	sti\n"
	"2:	hlt\n"
	".globl spin_halt_window_end\n"
	"spin_halt_window_end:\n"
	"1:	ret\n"
	".size spin_halt_unless_current, . - spin_halt_unless_current\n"
	".popsection\n");

/**
 * spin_halt_fixup() - NMI hook: finish an interrupted check-and-halt
 * @regs: the registers the NMI interrupted
 *
 * Return: true if the NMI was a kick from arch_spin_kick().
 */
bool spin_halt_fixup(struct pt_regs *regs)
{
	if (regs->rip >= (unsigned long)spin_halt_window_start &&
	    regs->rip < (unsigned long)spin_halt_window_end)
		regs->rip = (unsigned long)spin_halt_window_end;
	if (this_cpu_read(spin_kick_pending)) {
		this_cpu_write(spin_kick_pending, 0);
		return true;
	}
	return false;
}

/**
 * spin_halt_enable() - let lock waiters halt from now on
 *
 * Called once every CPU that will ever run is up and can take NMIs.
 */
void spin_halt_enable(void)
{
	WRITE_ONCE(spin_halt_ready, true);
}

/**
 * arch_spin_lock_slowpath() - wait for @ticket to become current
 * @l: the lock
 * @ticket: the ticket this CPU drew
 */
void arch_spin_lock_slowpath(arch_spinlock_t *l, u16 ticket)
{
	unsigned int cpu;
	struct spin_waiter *w;
	unsigned long flags;

	for (;;) {
		for (unsigned int i = 0; i < SPIN_THRESHOLD; i++) {
			if (__atomic_load_n(&l->head, __ATOMIC_ACQUIRE) == ticket)
				return;
			cpu_relax();
		}
		if (!READ_ONCE(spin_halt_ready) || in_nmi())
			continue;

		local_irq_save(flags);
		w = this_cpu_ptr(&spin_waiter);
		if (w->lock) {
			/* An interrupt taken while this CPU halted for a lock: spin. */
			local_irq_restore(flags);
			continue;
		}
		cpu = smp_processor_id();
		w->ticket = ticket;
		WRITE_ONCE(w->lock, l);
		set_bit(cpu, spin_halted_mask);
		atomic_inc(&spin_halted_count);		/* full barrier */
		this_cpu_inc(spin_halts);
		spin_halt_unless_current(&l->head, ticket, !irqs_disabled_flags(flags));
		local_irq_disable();
		atomic_dec(&spin_halted_count);
		clear_bit(cpu, spin_halted_mask);
		WRITE_ONCE(w->lock, NULL);
		local_irq_restore(flags);
	}
}

/**
 * arch_spin_kick() - wake the halted CPU that holds ticket @next of @l
 * @l: the lock just released
 * @next: the ticket now current
 */
void arch_spin_kick(arch_spinlock_t *l, u16 next)
{
	unsigned long cpu;

	for (cpu = find_first_bit(spin_halted_mask, nr_cpu_ids); cpu < nr_cpu_ids;
	     cpu = find_next_bit(spin_halted_mask, nr_cpu_ids, cpu + 1)) {
		struct spin_waiter *w = per_cpu_ptr(&spin_waiter, cpu);

		if (READ_ONCE(w->lock) != l || READ_ONCE(w->ticket) != next)
			continue;
		WRITE_ONCE(per_cpu(spin_kick_pending, cpu), 1);
		this_cpu_inc(spin_kicks);
		smp_send_nmi(cpu);
		break;
	}
}

/**
 * spin_halts_cpu() - how often @cpu halted waiting for a spinlock
 * @cpu: the CPU
 */
u64 spin_halts_cpu(unsigned int cpu)
{
	return per_cpu(spin_halts, cpu);
}

/**
 * spin_kicks_cpu() - how many halted lock waiters @cpu kicked
 * @cpu: the CPU
 */
u64 spin_kicks_cpu(unsigned int cpu)
{
	return per_cpu(spin_kicks, cpu);
}
