/* SPDX-License-Identifier: GPL-2.0 */
/* tests/wmm: no interrupts in the simulation. */
#ifndef _LINUX_IRQFLAGS_H
#define _LINUX_IRQFLAGS_H

#define local_irq_save(f)	do { (f) = 0; } while (0)
#define local_irq_restore(f)	do { (void)(f); } while (0)
#define local_irq_disable()	do { } while (0)
#define local_irq_enable()	do { } while (0)

#endif /* _LINUX_IRQFLAGS_H */
