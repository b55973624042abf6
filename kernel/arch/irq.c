// SPDX-License-Identifier: GPL-2.0
/*
 * Legacy PIC (masked and moved out of the way) and the IOAPIC, which
 * routes ISA interrupts (the serial port) to the boot CPU.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <asm/acpi.h>
#include <asm/arch.h>
#include <asm/io.h>

#define IOAPIC_REGSEL	0x00
#define IOAPIC_WIN	0x10
#define IOAPIC_REDTBL(n) (0x10 + 2 * (n))

static void __iomem *ioapic;
static DEFINE_SPINLOCK(ioapic_lock);

static void ioapic_write(u32 reg, u32 v)
{
	writel(reg, ioapic + IOAPIC_REGSEL);
	writel(v, ioapic + IOAPIC_WIN);
}

static u32 ioapic_read(u32 reg)
{
	writel(reg, ioapic + IOAPIC_REGSEL);
	return readl(ioapic + IOAPIC_WIN);
}

void __init pic_disable(void)
{
	/* Remap the 8259s to 0x20-0x2f so stray interrupts are not exceptions, then mask. */
	outb(0x11, 0x20);
	outb(0x11, 0xa0);
	outb(0x20, 0x21);
	outb(0x28, 0xa1);
	outb(0x04, 0x21);
	outb(0x02, 0xa1);
	outb(0x01, 0x21);
	outb(0x01, 0xa1);
	outb(0xff, 0x21);
	outb(0xff, 0xa1);
}

void __init ioapic_init(void)
{
	unsigned int n;

	ioapic = ioremap(acpi_config.ioapic_phys, 4096);
	n = ((ioapic_read(1) >> 16) & 0xff) + 1;
	for (unsigned int i = 0; i < n; i++) {
		ioapic_write(IOAPIC_REDTBL(i), 1U << 16);	/* masked */
		ioapic_write(IOAPIC_REDTBL(i) + 1, 0);
	}
}

/**
 * request_isa_irq() - route ISA interrupt @irq to the boot CPU
 * @irq: ISA IRQ number (0-15)
 * @handler: called in hardirq context
 */
void request_isa_irq(unsigned int irq, irq_handler_t handler)
{
	u32 gsi = acpi_config.isa_override[irq] ? acpi_config.isa_gsi[irq] : irq;
	u16 flags = acpi_config.isa_flags[irq];
	u32 lo = ISA_IRQ_VECTOR(irq);
	unsigned long f;

	if ((flags & 3) == 3)
		lo |= 1U << 13;		/* active low */
	if (((flags >> 2) & 3) == 3)
		lo |= 1U << 15;		/* level triggered */
	set_intr_handler(ISA_IRQ_VECTOR(irq), handler);
	spin_lock_irqsave(&ioapic_lock, f);
	gsi -= acpi_config.ioapic_gsi_base;
	ioapic_write(IOAPIC_REDTBL(gsi) + 1, cpu_info[0].apic_id << 24);
	ioapic_write(IOAPIC_REDTBL(gsi), lo);
	spin_unlock_irqrestore(&ioapic_lock, f);
}
