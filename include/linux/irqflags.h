/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_IRQFLAGS_H
#define _LINUX_IRQFLAGS_H

#include <asm/processor.h>

static __always_inline void local_irq_disable(void)
{
	__asm__ __volatile__("cli" : : : "memory");
}

static __always_inline void local_irq_enable(void)
{
	__asm__ __volatile__("sti" : : : "memory");
}

static __always_inline unsigned long arch_local_irq_save(void)
{
	unsigned long flags = read_rflags();

	local_irq_disable();
	return flags;
}

static __always_inline void local_irq_restore(unsigned long flags)
{
	if (flags & X86_EFLAGS_IF)
		local_irq_enable();
}

static __always_inline bool irqs_disabled_flags(unsigned long flags)
{
	return !(flags & X86_EFLAGS_IF);
}

static __always_inline bool irqs_disabled(void)
{
	return irqs_disabled_flags(read_rflags());
}

#define local_irq_save(flags)	do { (flags) = arch_local_irq_save(); } while (0)
#define local_save_flags(flags)	do { (flags) = read_rflags(); } while (0)

#endif /* _LINUX_IRQFLAGS_H */
