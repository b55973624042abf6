/* SPDX-License-Identifier: GPL-2.0 */
/* tests/wmm: nothing here is used. */
#ifndef _LINUX_DELAY_H
#define _LINUX_DELAY_H
#endif /* _LINUX_DELAY_H */
