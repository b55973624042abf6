/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_DELAY_H
#define _LINUX_DELAY_H

/*
 * Delays.  udelay()/ndelay()/mdelay() spin on the TSC and may be used in
 * any context; msleep() and friends sleep on a timer (task context only).
 */

#include <linux/types.h>

void ndelay(unsigned long nsecs);
void udelay(unsigned long usecs);
void mdelay(unsigned long msecs);

void msleep(unsigned int msecs);
unsigned long msleep_interruptible(unsigned int msecs);
void usleep_range(unsigned long min, unsigned long max);

/** ssleep() - sleep for @seconds seconds */
static inline void ssleep(unsigned int seconds)
{
	msleep(seconds * 1000);
}

/** fsleep() - sleep for about @usecs microseconds, spinning if short */
static inline void fsleep(unsigned long usecs)
{
	if (usecs <= 10)
		udelay(usecs);
	else
		usleep_range(usecs, usecs * 2);
}

#endif /* _LINUX_DELAY_H */
