/* SPDX-License-Identifier: GPL-2.0 */
/* tests/wmm: no interrupts or softirqs in the simulation. */
#ifndef _LINUX_INTERRUPT_H
#define _LINUX_INTERRUPT_H

#include <linux/irqflags.h>

#define local_bh_disable()	do { } while (0)
#define local_bh_enable()	do { } while (0)

#endif /* _LINUX_INTERRUPT_H */
