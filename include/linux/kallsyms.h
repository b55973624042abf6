/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_KALLSYMS_H
#define _LINUX_KALLSYMS_H

#include <linux/types.h>

const char *kallsyms_lookup(unsigned long addr, unsigned long *size,
			    unsigned long *offset);
unsigned long kallsyms_lookup_name(const char *name);
int sprint_symbol(char *buf, size_t size, unsigned long addr);

#endif /* _LINUX_KALLSYMS_H */
