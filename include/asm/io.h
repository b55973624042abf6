/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_IO_H
#define _ASM_IO_H

#include <linux/types.h>

static __always_inline void outb(u8 v, u16 port)
{
	__asm__ __volatile__("outb %0, %1" : : "a"(v), "Nd"(port));
}

static __always_inline u8 inb(u16 port)
{
	u8 v;

	__asm__ __volatile__("inb %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

static __always_inline void outw(u16 v, u16 port)
{
	__asm__ __volatile__("outw %0, %1" : : "a"(v), "Nd"(port));
}

static __always_inline void outl(u32 v, u16 port)
{
	__asm__ __volatile__("outl %0, %1" : : "a"(v), "Nd"(port));
}

static __always_inline u32 inl(u16 port)
{
	u32 v;

	__asm__ __volatile__("inl %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

static __always_inline u32 readl(const volatile void __iomem *addr)
{
	return *(const volatile u32 __force *)addr;
}

static __always_inline void writel(u32 v, volatile void __iomem *addr)
{
	*(volatile u32 __force *)addr = v;
}

/* Map device memory (uncached) into the kernel's address space. */
void __iomem *ioremap(phys_addr_t phys, size_t size);

#endif /* _ASM_IO_H */
