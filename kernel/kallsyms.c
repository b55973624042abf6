// SPDX-License-Identifier: GPL-2.0
/*
 * Symbol lookup for backtraces and "%pS": a sorted table of text symbols
 * generated at link time (scripts/kallsyms.py).
 */
#include <linux/kernel.h>
#include <linux/kallsyms.h>
#include <linux/string.h>

extern const unsigned int kallsyms_num;
extern const unsigned long kallsyms_addresses[];
extern const unsigned int kallsyms_offsets[];
extern const char kallsyms_names[];
extern const char _stext[], _etext[];

/**
 * kallsyms_lookup() - find the text symbol containing @addr
 * @addr: a kernel text address
 * @size: if not NULL, set to the symbol's size (distance to the next one)
 * @offset: if not NULL, set to @addr's offset inside the symbol
 *
 * Return: the symbol name, or NULL if @addr is not in kernel text.
 */
const char *kallsyms_lookup(unsigned long addr, unsigned long *size,
			    unsigned long *offset)
{
	unsigned int lo = 0, hi = kallsyms_num;

	if (addr < (unsigned long)_stext || addr >= (unsigned long)_etext || !hi)
		return NULL;
	while (hi - lo > 1) {
		unsigned int mid = (lo + hi) / 2;

		if (kallsyms_addresses[mid] <= addr)
			lo = mid;
		else
			hi = mid;
	}
	if (kallsyms_addresses[lo] > addr)
		return NULL;
	if (size)
		*size = (lo + 1 < kallsyms_num ? kallsyms_addresses[lo + 1]
			 : (unsigned long)_etext) - kallsyms_addresses[lo];
	if (offset)
		*offset = addr - kallsyms_addresses[lo];
	return &kallsyms_names[kallsyms_offsets[lo]];
}

/**
 * kallsyms_lookup_name() - address of the text symbol called @name
 * @name: symbol name
 *
 * Return: the address, or 0 if there is no such symbol.
 */
unsigned long kallsyms_lookup_name(const char *name)
{
	for (unsigned int i = 0; i < kallsyms_num; i++)
		if (!strcmp(&kallsyms_names[kallsyms_offsets[i]], name))
			return kallsyms_addresses[i];
	return 0;
}

int sprint_symbol(char *buf, size_t size, unsigned long addr)
{
	unsigned long symsize, off;
	const char *name = kallsyms_lookup(addr, &symsize, &off);

	if (!name)
		return 0;
	return scnprintf(buf, size, "%s+0x%lx/0x%lx", name, off, symsize);
}
