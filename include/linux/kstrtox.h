/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_KSTRTOX_H
#define _LINUX_KSTRTOX_H

#include <linux/compiler.h>
#include <linux/types.h>

/*
 * String to integer conversion (lib/kstrtox.c).
 *
 * The kstrto*() functions convert a whole string: an optional sign ('-'
 * only for the signed ones, '+' for all), then digits in @base, then at most
 * one '\n', then the end of the string.  No leading white space.
 * @base 0 picks the base from the prefix: "0x"/"0X" hex, "0" octal, else
 * decimal; @base 16 also accepts a "0x" prefix.
 * They return 0 and store the value in *@res, or return -EINVAL for a
 * malformed string or -ERANGE for a value that does not fit, and leave
 * *@res alone.
 */
int __must_check kstrtoull(const char *s, unsigned int base, unsigned long long *res);
int __must_check kstrtoll(const char *s, unsigned int base, long long *res);
int __must_check kstrtoul(const char *s, unsigned int base, unsigned long *res);
int __must_check kstrtol(const char *s, unsigned int base, long *res);
int __must_check kstrtouint(const char *s, unsigned int base, unsigned int *res);
int __must_check kstrtoint(const char *s, unsigned int base, int *res);
int __must_check kstrtou16(const char *s, unsigned int base, u16 *res);
int __must_check kstrtos16(const char *s, unsigned int base, s16 *res);
int __must_check kstrtou8(const char *s, unsigned int base, u8 *res);
int __must_check kstrtos8(const char *s, unsigned int base, s8 *res);
int __must_check kstrtobool(const char *s, bool *res);

static inline int __must_check kstrtou64(const char *s, unsigned int base, u64 *res)
{
	return kstrtoull(s, base, (unsigned long long *)res);
}

static inline int __must_check kstrtos64(const char *s, unsigned int base, s64 *res)
{
	return kstrtoll(s, base, (long long *)res);
}

static inline int __must_check kstrtou32(const char *s, unsigned int base, u32 *res)
{
	return kstrtouint(s, base, res);
}

static inline int __must_check kstrtos32(const char *s, unsigned int base, s32 *res)
{
	return kstrtoint(s, base, res);
}

/*
 * The old, lenient conversions: parse as much as looks like a number, store
 * a pointer to the first unparsed character in *@endp (if @endp is not
 * NULL), and do not report errors or overflow.  Use kstrto*() instead
 * where the whole string must be a number.
 */
unsigned long long simple_strtoull(const char *cp, char **endp, unsigned int base);
unsigned long simple_strtoul(const char *cp, char **endp, unsigned int base);
long long simple_strtoll(const char *cp, char **endp, unsigned int base);
long simple_strtol(const char *cp, char **endp, unsigned int base);

#endif /* _LINUX_KSTRTOX_H */
