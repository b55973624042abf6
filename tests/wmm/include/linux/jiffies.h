/* SPDX-License-Identifier: GPL-2.0 */
/* tests/wmm: time is the scheduler's steps; nothing here is used. */
#ifndef _LINUX_JIFFIES_H
#define _LINUX_JIFFIES_H
#endif /* _LINUX_JIFFIES_H */
