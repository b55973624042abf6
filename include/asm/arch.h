/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_ARCH_H
#define _ASM_ARCH_H

#include <linux/types.h>
#include <linux/percpu.h>

/*
 * Register state saved by the interrupt entry code (kernel/arch/entry.asm),
 * lowest address first.  The CPU pushes the last five; the stub pushes
 * the vector and, where the CPU does not, a zero error code.
 */
struct pt_regs {
	unsigned long r15, r14, r13, r12, r11, r10, r9, r8;
	unsigned long rbp, rdi, rsi, rdx, rcx, rbx, rax;
	unsigned long vector, error_code;
	unsigned long rip, cs, rflags, rsp, ss;
};

/* Interrupt vectors. */
#define FIRST_EXTERNAL_VECTOR	0x20
#define ISA_IRQ_VECTOR(irq)	(0x30 + (irq))
#define LOCAL_TIMER_VECTOR	0xec
#define NMI_VECTOR_SELF_TEST	0xed
#define CALL_FUNCTION_VECTOR	0xfb
#define RESCHEDULE_VECTOR	0xfd
#define ERROR_APIC_VECTOR	0xfe
#define SPURIOUS_APIC_VECTOR	0xff

#define TRAMPOLINE_PHYS		0x8000

typedef void (*irq_handler_t)(struct pt_regs *regs);

/* kernel/arch/irq.c: route an ISA interrupt through the IOAPIC. */
void request_isa_irq(unsigned int irq, irq_handler_t handler);
void set_intr_handler(unsigned int vector, irq_handler_t handler);

/* kernel/arch/traps.c */
void dump_stack(void);
void show_regs(const struct pt_regs *regs);
void show_stack_from(unsigned long rbp, unsigned long rip);
void arch_print_cpus(void);
typedef int (*nmi_handler_t)(struct pt_regs *regs);
int register_nmi_handler(nmi_handler_t fn);
void unregister_nmi_handler(nmi_handler_t fn);
void trigger_cpu_backtrace(int cpu);

/* kernel/arch/spinlock.c */
bool spin_halt_fixup(struct pt_regs *regs);
void spin_halt_enable(void);
u64 spin_halts_cpu(unsigned int cpu);
u64 spin_kicks_cpu(unsigned int cpu);

/*
 * kernel/arch/nohz.c: the idle loop calls these with interrupts disabled
 * around halting; they stop and restart this CPU's tick (dyntick-idle).
 */
void arch_cpu_idle_enter(void);
void arch_cpu_idle_exit(void);

/* kernel/panic.c */
bool panic_in_progress(void);
bool panic_on_this_cpu(void);
__noreturn void panic_stop_self(void);
void console_flush_on_panic(void);
void printk_dump_log(void);

/* kernel/arch/apic.c */
void lapic_eoi(void);
u32 lapic_id(void);
void lapic_send_ipi(u32 apicid, u32 vector);
void lapic_send_nmi(u32 apicid);

/* Per-CPU interrupt statistics, printed by "cpus". */
DECLARE_PER_CPU(u64, irq_count_percpu);
DECLARE_PER_CPU(u64, nmi_count);
DECLARE_PER_CPU(u64, ipi_count);

/* Handed to an AP by the BSP (kernel/arch/smp.c, boot/multiboot.asm). */
extern unsigned long ap_boot_cr3, ap_boot_stack;

/* Power. */
__noreturn void machine_power_off(int code);
__noreturn void machine_restart(void);
__noreturn void machine_halt(void);

/* Per-CPU architecture state, printed by "cpus". */
struct cpu_info {
	u32 apic_id;
	bool online;
	bool started;	/* came up at boot: CPU hotplug can bring it back */
};

extern struct cpu_info cpu_info[];
extern unsigned int nr_cpus_detected;

/* Serial console (kernel/serial.c). */
void serial_init(void);
void serial_enable_rx_irq(void);
void console_write(const char *s, size_t n);

/* Boot-time setup, in start_kernel() order. */
void parse_multiboot(u32 magic, u32 mbi_phys);
void idt_init(void);
void cpu_tables_load(void);
void lapic_map(void);
void pic_disable(void);
void ioapic_init(void);
void lapic_init_cpu(void);
void smp_detect_cpus(void);
void paging_early_done(void);

/* kernel/arch/paging.c: kernel stacks with guards, page-table queries */
void *kstack_alloc(void);
void kstack_free(void *stack);
bool kstack_guard_addr(unsigned long addr);
bool kstack_mapped_addr(unsigned long addr);

/**
 * call_on_stack_noreturn() - switch to another stack and call @fn there
 * @fn: function that never returns
 * @top: top of the new stack (16-byte aligned)
 *
 * The frame pointer is cleared so that backtraces end at @fn.
 */
static inline __noreturn void call_on_stack_noreturn(void (*fn)(void), void *top)
{
	asm volatile("mov %0, %%rsp\n\t"
		     "xor %%ebp, %%ebp\n\t"
		     "call *%1\n\t"
		     "ud2"
		     : : "r" (top), "r" (fn) : "memory");
	__builtin_unreachable();
}
u64 lookup_address(unsigned long va, int *level);
unsigned long paging_count_wx(void);
void tsc_calibrate(void);
void lapic_timer_calibrate(void);
void lapic_timer_start(void);
void lapic_timer_stop(void);
void lapic_timer_oneshot(unsigned long ticks);
void lapic_send_init(u32 apicid);
void lapic_send_startup(u32 apicid, u32 page);
void pit_wait_ms(unsigned int ms);
void smp_ipi_init(void);
void smp_boot_cpus(void);

#endif /* _ASM_ARCH_H */
