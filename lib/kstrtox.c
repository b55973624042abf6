// SPDX-License-Identifier: GPL-2.0
/*
 * String to integer conversion: kstrto*() and simple_strto*().
 */
#include <linux/kstrtox.h>
#include <linux/kernel.h>
#include <linux/ctype.h>
#include <linux/errno.h>

/* The value of digit @c, or 36 (more than any base) if it is not one. */
static unsigned int digit_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = _tolower(c);
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 10;
	return 36;
}

/*
 * Resolve base 0 from the prefix and skip a "0x" prefix for base 16.
 * The "0x" only counts as a prefix if a hex digit follows it.
 */
static const char *fixup_base(const char *s, unsigned int *base)
{
	bool hex_prefix = s[0] == '0' && _tolower(s[1]) == 'x' && isxdigit(s[2]);

	if (*base == 0) {
		if (hex_prefix)
			*base = 16;
		else if (s[0] == '0')
			*base = 8;
		else
			*base = 10;
	}
	if (*base == 16 && hex_prefix)
		s += 2;
	return s;
}

/*
 * Parse the digits at @s.  Returns the number of digits consumed and
 * sets *@overflow if the value did not fit in 64 bits.
 */
static size_t parse_digits(const char *s, unsigned int base,
			   unsigned long long *res, bool *overflow)
{
	unsigned long long acc = 0;
	unsigned int d;
	size_t n = 0;

	*overflow = false;
	while ((d = digit_value(s[n])) < base) {
		if (acc > (ULLONG_MAX - d) / base)
			*overflow = true;
		acc = acc * base + d;
		n++;
	}
	*res = acc;
	return n;
}

static int parse_ull(const char *s, unsigned int base, unsigned long long *res)
{
	unsigned long long val;
	bool overflow;
	size_t n;

	if (base == 1 || base > 36)
		return -EINVAL;
	s = fixup_base(s, &base);
	n = parse_digits(s, base, &val, &overflow);
	if (!n)
		return -EINVAL;
	if (overflow)
		return -ERANGE;
	s += n;
	if (*s == '\n')
		s++;
	if (*s)
		return -EINVAL;
	*res = val;
	return 0;
}

/**
 * kstrtoull() - convert a string to an unsigned long long
 * @s: the string: optional '+', digits, optional '\n'
 * @base: 0 (from the prefix), or 2..36
 * @res: where to store the result on success
 *
 * Return: 0, -EINVAL if @s is not a number, -ERANGE on overflow.
 */
int kstrtoull(const char *s, unsigned int base, unsigned long long *res)
{
	if (s[0] == '+')
		s++;
	return parse_ull(s, base, res);
}

/**
 * kstrtoll() - convert a string to a long long
 * @s: the string: optional '+' or '-', digits, optional '\n'
 * @base: 0 (from the prefix), or 2..36
 * @res: where to store the result on success
 *
 * Return: 0, -EINVAL if @s is not a number, -ERANGE if it does not fit.
 */
int kstrtoll(const char *s, unsigned int base, long long *res)
{
	unsigned long long val;
	int ret;

	if (s[0] == '-') {
		ret = parse_ull(s + 1, base, &val);
		if (ret)
			return ret;
		if (val > (unsigned long long)S64_MAX + 1)
			return -ERANGE;
		*res = -(long long)(val - 1) - 1;
		return 0;
	}
	ret = kstrtoull(s, base, &val);
	if (ret)
		return ret;
	if (val > (unsigned long long)S64_MAX)
		return -ERANGE;
	*res = val;
	return 0;
}

/**
 * kstrtoul() - convert a string to an unsigned long
 * @s: the string
 * @base: 0 (from the prefix), or 2..36
 * @res: where to store the result on success
 *
 * Return: 0, -EINVAL or -ERANGE, see kstrtoull().
 */
int kstrtoul(const char *s, unsigned int base, unsigned long *res)
{
	unsigned long long val;
	int ret = kstrtoull(s, base, &val);

	if (ret)
		return ret;
	if (val > ULONG_MAX)
		return -ERANGE;
	*res = val;
	return 0;
}

/**
 * kstrtol() - convert a string to a long
 * @s: the string
 * @base: 0 (from the prefix), or 2..36
 * @res: where to store the result on success
 *
 * Return: 0, -EINVAL or -ERANGE, see kstrtoll().
 */
int kstrtol(const char *s, unsigned int base, long *res)
{
	long long val;
	int ret = kstrtoll(s, base, &val);

	if (ret)
		return ret;
	if (val < LONG_MIN || val > LONG_MAX)
		return -ERANGE;
	*res = val;
	return 0;
}

/* Define kstrto<name>() for a type narrower than long long. */
#define KSTRTOX_UNSIGNED(name, type, maxval)				\
int name(const char *s, unsigned int base, type *res)			\
{									\
	unsigned long long val;						\
	int ret = kstrtoull(s, base, &val);				\
									\
	if (ret)							\
		return ret;						\
	if (val > (maxval))						\
		return -ERANGE;						\
	*res = val;							\
	return 0;							\
}

#define KSTRTOX_SIGNED(name, type, minval, maxval)			\
int name(const char *s, unsigned int base, type *res)			\
{									\
	long long val;							\
	int ret = kstrtoll(s, base, &val);				\
									\
	if (ret)							\
		return ret;						\
	if (val < (minval) || val > (maxval))				\
		return -ERANGE;						\
	*res = val;							\
	return 0;							\
}

/*
 * kstrtouint() - convert a string to an unsigned int
 * @s: the string
 * @base: 0 (from the prefix), or 2..36
 * @res: where to store the result on success
 *
 * Return: 0, -EINVAL or -ERANGE, see kstrtoull().
 */
KSTRTOX_UNSIGNED(kstrtouint, unsigned int, UINT_MAX)

/*
 * kstrtoint() - convert a string to an int
 * @s: the string
 * @base: 0 (from the prefix), or 2..36
 * @res: where to store the result on success
 *
 * Return: 0, -EINVAL or -ERANGE, see kstrtoll().
 */
KSTRTOX_SIGNED(kstrtoint, int, INT_MIN, INT_MAX)

/*
 * kstrtou16() - convert a string to a u16
 * @s: the string
 * @base: 0 (from the prefix), or 2..36
 * @res: where to store the result on success
 *
 * Return: 0, -EINVAL or -ERANGE, see kstrtoull().
 */
KSTRTOX_UNSIGNED(kstrtou16, u16, U16_MAX)

/*
 * kstrtos16() - convert a string to an s16
 * @s: the string
 * @base: 0 (from the prefix), or 2..36
 * @res: where to store the result on success
 *
 * Return: 0, -EINVAL or -ERANGE, see kstrtoll().
 */
KSTRTOX_SIGNED(kstrtos16, s16, -32768, 32767)

/*
 * kstrtou8() - convert a string to a u8
 * @s: the string
 * @base: 0 (from the prefix), or 2..36
 * @res: where to store the result on success
 *
 * Return: 0, -EINVAL or -ERANGE, see kstrtoull().
 */
KSTRTOX_UNSIGNED(kstrtou8, u8, U8_MAX)

/*
 * kstrtos8() - convert a string to an s8
 * @s: the string
 * @base: 0 (from the prefix), or 2..36
 * @res: where to store the result on success
 *
 * Return: 0, -EINVAL or -ERANGE, see kstrtoll().
 */
KSTRTOX_SIGNED(kstrtos8, s8, -128, 127)

/**
 * kstrtobool() - convert a yes/no string to a bool
 * @s: the string; only its first one or two characters are looked at
 * @res: where to store the result on success
 *
 * True: 'y', 'Y', 't', 'T', '1', "on".  False: 'n', 'N', 'f', 'F', '0',
 * "off".  "on"/"off" are case-insensitive.
 *
 * Return: 0, or -EINVAL if @s is NULL or none of the above.
 */
int kstrtobool(const char *s, bool *res)
{
	if (!s)
		return -EINVAL;

	switch (s[0]) {
	case 'y': case 'Y': case 't': case 'T': case '1':
		*res = true;
		return 0;
	case 'n': case 'N': case 'f': case 'F': case '0':
		*res = false;
		return 0;
	case 'o': case 'O':
		switch (s[1]) {
		case 'n': case 'N':
			*res = true;
			return 0;
		case 'f': case 'F':
			*res = false;
			return 0;
		default:
			break;
		}
		break;
	default:
		break;
	}
	return -EINVAL;
}

/**
 * simple_strtoull() - convert the start of a string to an unsigned long long
 * @cp: the string
 * @endp: if not NULL, set to the first character not converted
 * @base: 0 (from the prefix), or 2..36
 *
 * Lenient: stops at the first non-digit and ignores overflow (the value
 * wraps).  An optional '+' is accepted.
 *
 * Return: the value, 0 if there are no digits (then *@endp = @cp).
 */
unsigned long long simple_strtoull(const char *cp, char **endp, unsigned int base)
{
	const char *s = cp;
	unsigned long long val = 0;
	bool overflow;
	size_t n;

	if (*s == '+')
		s++;
	if (base == 1 || base > 36) {
		n = 0;
	} else {
		s = fixup_base(s, &base);
		n = parse_digits(s, base, &val, &overflow);
	}
	if (endp)
		*endp = (char *)(n ? s + n : cp);
	return val;
}

/**
 * simple_strtoul() - convert the start of a string to an unsigned long
 * @cp: the string
 * @endp: if not NULL, set to the first character not converted
 * @base: 0 (from the prefix), or 2..36
 *
 * Return: the value, see simple_strtoull().
 */
unsigned long simple_strtoul(const char *cp, char **endp, unsigned int base)
{
	return simple_strtoull(cp, endp, base);
}

/**
 * simple_strtoll() - convert the start of a string to a long long
 * @cp: the string, with an optional '-' or '+'
 * @endp: if not NULL, set to the first character not converted
 * @base: 0 (from the prefix), or 2..36
 *
 * Return: the value, see simple_strtoull().
 */
long long simple_strtoll(const char *cp, char **endp, unsigned int base)
{
	char *end;
	unsigned long long val;

	if (*cp == '-') {
		val = simple_strtoull(cp + 1, &end, base);
		if (end == cp + 1)
			end = (char *)cp;
		if (endp)
			*endp = end;
		return (long long)-val;
	}
	return simple_strtoull(cp, endp, base);
}

/**
 * simple_strtol() - convert the start of a string to a long
 * @cp: the string, with an optional '-' or '+'
 * @endp: if not NULL, set to the first character not converted
 * @base: 0 (from the prefix), or 2..36
 *
 * Return: the value, see simple_strtoull().
 */
long simple_strtol(const char *cp, char **endp, unsigned int base)
{
	return simple_strtoll(cp, endp, base);
}
