// SPDX-License-Identifier: GPL-2.0
/*
 * Local APIC: per-CPU timer at HZ, inter-processor interrupts, EOI.
 */
#include <linux/kernel.h>
#include <linux/smp.h>
#include <linux/irqflags.h>
#include <linux/hardirq.h>
#include <linux/timer.h>
#include <asm/acpi.h>
#include <asm/arch.h>
#include <asm/io.h>
#include <asm/processor.h>

#define APIC_ID		0x020
#define APIC_EOI	0x0b0
#define APIC_SVR	0x0f0
#define APIC_ESR	0x280
#define APIC_ICR_LO	0x300
#define APIC_ICR_HI	0x310
#define APIC_LVT_TIMER	0x320
#define APIC_LVT_LINT0	0x350
#define APIC_LVT_LINT1	0x360
#define APIC_LVT_ERROR	0x370
#define APIC_TMICT	0x380
#define APIC_TMCCT	0x390
#define APIC_TDCR	0x3e0

#define APIC_SVR_ENABLE		0x100
#define APIC_LVT_MASKED		0x10000
#define APIC_TIMER_PERIODIC	0x20000
#define APIC_DM_FIXED		0x000
#define APIC_DM_NMI		0x400
#define APIC_DM_INIT		0x500
#define APIC_DM_STARTUP		0x600
#define APIC_ICR_BUSY		0x1000
#define APIC_LEVEL_ASSERT	0x4000
#define APIC_TDCR_16		0x3

static void __iomem *lapic;
static u32 lapic_ticks_per_tick;	/* timer count per jiffy at divide-by-16 */

static inline u32 apic_read(u32 reg)
{
	return readl(lapic + reg);
}

static inline void apic_write(u32 reg, u32 v)
{
	writel(v, lapic + reg);
}

void lapic_eoi(void)
{
	apic_write(APIC_EOI, 0);
}

u32 lapic_id(void)
{
	return apic_read(APIC_ID) >> 24;
}

void __init lapic_map(void)
{
	lapic = ioremap(acpi_config.lapic_phys, 4096);
}

/* Enable this CPU's local APIC; the BSP and every AP call it. */
void lapic_init_cpu(void)
{
	wrmsr(MSR_APIC_BASE, rdmsr(MSR_APIC_BASE) | (1UL << 11));
	apic_write(APIC_SVR, APIC_SVR_ENABLE | SPURIOUS_APIC_VECTOR);
	apic_write(APIC_LVT_ERROR, ERROR_APIC_VECTOR);
	apic_write(APIC_ESR, 0);
	apic_write(APIC_ESR, 0);
	apic_write(APIC_LVT_LINT0, APIC_LVT_MASKED);
	/* LINT1 is wired to NMI on PCs; keep it so. */
	apic_write(APIC_LVT_LINT1, APIC_DM_NMI);
	apic_write(APIC_EOI, 0);
}

static void wait_icr_idle(void)
{
	unsigned int spins = 0;

	while ((apic_read(APIC_ICR_LO) & APIC_ICR_BUSY) && ++spins < 1000000)
		cpu_relax();
}

static void send_icr(u32 apicid, u32 lo)
{
	unsigned long flags;

	local_irq_save(flags);
	wait_icr_idle();
	apic_write(APIC_ICR_HI, apicid << 24);
	apic_write(APIC_ICR_LO, lo);
	wait_icr_idle();
	local_irq_restore(flags);
}

void lapic_send_ipi(u32 apicid, u32 vector)
{
	send_icr(apicid, APIC_DM_FIXED | APIC_LEVEL_ASSERT | vector);
}

void lapic_send_nmi(u32 apicid)
{
	send_icr(apicid, APIC_DM_NMI | APIC_LEVEL_ASSERT);
}

void lapic_send_init(u32 apicid)
{
	send_icr(apicid, APIC_DM_INIT | APIC_LEVEL_ASSERT);
}

void lapic_send_startup(u32 apicid, u32 page)
{
	send_icr(apicid, APIC_DM_STARTUP | page);
}

/*
 * Calibrate the timer against the PIT on the boot CPU: count how far the
 * APIC timer counts down during @ms milliseconds of PIT channel 2.
 */
void __init lapic_timer_calibrate(void)
{
	u32 start = 0xffffffff, elapsed;

	apic_write(APIC_TDCR, APIC_TDCR_16);
	apic_write(APIC_LVT_TIMER, APIC_LVT_MASKED);
	apic_write(APIC_TMICT, start);
	pit_wait_ms(10);
	elapsed = start - apic_read(APIC_TMCCT);
	apic_write(APIC_TMICT, 0);
	lapic_ticks_per_tick = (u64)elapsed * 100 / CONFIG_HZ;
	pr_info("APIC: timer %u kHz (bus/16), %u counts per tick at HZ=%d\n",
		elapsed / 10, lapic_ticks_per_tick, CONFIG_HZ);
}

static void lapic_timer_irq(struct pt_regs *regs)
{
	tick_handle_periodic(regs, false);
}

/* Start this CPU's periodic tick. */
void lapic_timer_start(void)
{
	set_intr_handler(LOCAL_TIMER_VECTOR, lapic_timer_irq);
	apic_write(APIC_TDCR, APIC_TDCR_16);
	apic_write(APIC_LVT_TIMER, APIC_TIMER_PERIODIC | LOCAL_TIMER_VECTOR);
	apic_write(APIC_TMICT, lapic_ticks_per_tick);
}

/*
 * Replace this CPU's tick by one interrupt @ticks ticks from now (idle
 * until a timer is due; see NO_HZ_IDLE).  A delay longer than the
 * counter holds fires early: the idle loop then programs the rest.
 */
void lapic_timer_oneshot(unsigned long ticks)
{
	u64 count = (u64)ticks * lapic_ticks_per_tick;

	apic_write(APIC_LVT_TIMER, LOCAL_TIMER_VECTOR);
	apic_write(APIC_TMICT, (u32)min_t(u64, count, 0xffffffffULL));
}

/* Stop this CPU's tick (idle with nothing to do; see NO_HZ_IDLE). */
void lapic_timer_stop(void)
{
	apic_write(APIC_LVT_TIMER, APIC_LVT_MASKED);
	apic_write(APIC_TMICT, 0);
}
