// SPDX-License-Identifier: GPL-2.0
/*
 * Per-CPU descriptor tables: a GDT with a TSS whose interrupt stack table
 * gives NMIs and double faults stacks of their own, and the shared IDT.
 */
#include <linux/kernel.h>
#include <linux/percpu.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <asm/arch.h>
#include <asm/processor.h>

#define IST_NMI		1
#define IST_DF		2
#define IST_MCE		3
#define IST_STACK_SIZE	8192

struct tss64 {
	u32 reserved0;
	u64 rsp[3];
	u64 reserved1;
	u64 ist[7];
	u64 reserved2;
	u16 reserved3;
	u16 iomap_base;
} __packed;

struct cpu_tables {
	u64 gdt[5];
	struct tss64 tss;
	u8 ist_stacks[3][IST_STACK_SIZE] __aligned(16);
};

static DEFINE_PER_CPU_ALIGNED(struct cpu_tables, cpu_tables);

struct idt_entry {
	u16 off_lo;
	u16 sel;
	u8 ist;
	u8 type;
	u16 off_mid;
	u32 off_hi;
	u32 zero;
} __packed;

static struct idt_entry idt[256] __aligned(16);
extern const unsigned long isr_stub_table[256];

struct desc_ptr {
	u16 limit;
	u64 base;
} __packed;

#define KERNEL_CS	0x08
#define KERNEL_DS	0x10
#define TSS_SEL		0x18

static void set_gate(unsigned int vec, unsigned long addr, unsigned int ist)
{
	idt[vec] = (struct idt_entry) {
		.off_lo = addr & 0xffff,
		.sel = KERNEL_CS,
		.ist = ist,
		.type = 0x8e,		/* present, DPL 0, 64-bit interrupt gate */
		.off_mid = (addr >> 16) & 0xffff,
		.off_hi = addr >> 32,
	};
}

void __init idt_init(void)
{
	for (unsigned int v = 0; v < 256; v++)
		set_gate(v, isr_stub_table[v], 0);
	set_gate(2, isr_stub_table[2], IST_NMI);
	set_gate(8, isr_stub_table[8], IST_DF);
	set_gate(18, isr_stub_table[18], IST_MCE);
}

/* Load this CPU's GDT, TSS and the IDT. Called on each CPU with its GS set. */
void cpu_tables_load(void)
{
	struct cpu_tables *t = this_cpu_ptr(&cpu_tables);
	unsigned long tss = (unsigned long)&t->tss;
	struct desc_ptr gdtr = { sizeof(t->gdt) - 1, (unsigned long)t->gdt };
	struct desc_ptr idtr = { sizeof(idt) - 1, (unsigned long)idt };

	t->gdt[0] = 0;
	t->gdt[1] = 0x00af9a000000ffffULL;	/* 64-bit code */
	t->gdt[2] = 0x00cf92000000ffffULL;	/* data */
	t->gdt[3] = (sizeof(t->tss) - 1) | ((tss & 0xffffff) << 16) |
		    (0x89ULL << 40) | (((tss >> 24) & 0xff) << 56);
	t->gdt[4] = tss >> 32;
	for (int i = 0; i < 3; i++)
		t->tss.ist[i] = (unsigned long)t->ist_stacks[i] + IST_STACK_SIZE;
	t->tss.iomap_base = sizeof(t->tss);

	__asm__ __volatile__(
		"lgdt %0\n\t"
		"pushq %1\n\t"
		"leaq 1f(%%rip), %%rax\n\t"
		"pushq %%rax\n\t"
		"lretq\n"
		"1:\n\t"
		"movw %w2, %%ds\n\t"
		"movw %w2, %%es\n\t"
		"movw %w2, %%ss\n\t"
		"ltr %w3\n\t"
		"lidt %4"
		: : "m"(gdtr), "i"(KERNEL_CS), "r"(KERNEL_DS), "r"(TSS_SEL), "m"(idtr)
		: "rax", "memory");
}
