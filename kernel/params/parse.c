// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel parameter parsing: the pure part.
 *
 * Splitting a command line into words, comparing parameter names and
 * converting values for the standard parameter types.  Nothing here
 * depends on the rest of the kernel beyond lib/, so the file is also
 * compiled for the host by tests/unit.
 */
#include <linux/kernel.h>
#include <linux/ctype.h>
#include <linux/errno.h>
#include <linux/kstrtox.h>
#include <linux/string.h>
#include <linux/moduleparam.h>

static char dash2underscore(char c)
{
	return c == '-' ? '_' : c;
}

/**
 * parameqn() - compare the first @n characters of two parameter names
 * @a: one name
 * @b: the other
 * @n: number of characters to compare
 *
 * '-' and '_' compare equal.
 *
 * Return: true if the first @n characters match.
 */
bool parameqn(const char *a, const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (dash2underscore(a[i]) != dash2underscore(b[i]))
			return false;
		if (!a[i])
			break;
	}
	return true;
}

/**
 * parameq() - compare two parameter names
 * @a: one name
 * @b: the other
 *
 * Return: true if they are equal, '-' and '_' being the same character.
 */
bool parameq(const char *a, const char *b)
{
	return parameqn(a, b, strlen(a) + 1);
}

/**
 * next_arg() - split off the next word of a command line
 * @args: the rest of the line, modified in place; no leading spaces
 * @param: set to the word's name
 * @val: set to the text after the first '=', or NULL if there is none
 *
 * Double quotes group words containing spaces; they are removed
 * ("foo=\"a b\"" and "\"foo=a b\"" both give foo and "a b").
 *
 * Return: the start of the following word (leading spaces skipped).
 */
char *next_arg(char *args, char **param, char **val)
{
	unsigned int i, equals = 0;
	bool in_quote = false, quoted = false;
	char *next;

	if (*args == '"') {
		args++;
		in_quote = true;
		quoted = true;
	}

	for (i = 0; args[i]; i++) {
		if (isspace(args[i]) && !in_quote)
			break;
		if (equals == 0 && args[i] == '=')
			equals = i;
		if (args[i] == '"')
			in_quote = !in_quote;
	}

	*param = args;
	if (!equals) {
		*val = NULL;
	} else {
		args[equals] = '\0';
		*val = args + equals + 1;
		/* Drop quotes around the value: foo="bar baz". */
		if (**val == '"') {
			(*val)++;
			if (i > 0 && args[i - 1] == '"')
				args[i - 1] = '\0';
		}
	}
	if (quoted && i > 0 && args[i - 1] == '"')
		args[i - 1] = '\0';

	if (args[i]) {
		args[i] = '\0';
		next = args + i + 1;
	} else {
		next = args + i;
	}
	return skip_spaces(next);
}

/**
 * param_find() - look a parameter up by name
 * @params: array of parameter pointers
 * @num: its length
 * @name: full name ("rcutorture.nreaders"); '-' and '_' are equal
 *
 * Entries without ops (MODULE_PARM_DESC() descriptions) are skipped.
 *
 * Return: the parameter, or NULL.
 */
const struct kernel_param *param_find(const struct kernel_param * const *params,
				      unsigned int num, const char *name)
{
	for (unsigned int i = 0; i < num; i++)
		if (params[i] && params[i]->ops && parameq(params[i]->name, name))
			return params[i];
	return NULL;
}

/* Integer types: parse the whole value, reject trailing junk and overflow. */
#define STANDARD_PARAM_DEF(name, type, fmt, strtolfn)			\
int param_set_##name(const char *val, const struct kernel_param *kp)	\
{									\
	type v;								\
	int ret;							\
									\
	if (!val)							\
		return -EINVAL;						\
	ret = strtolfn(val, 0, &v);					\
	if (ret)							\
		return ret;						\
	*(type *)kp->arg = v;						\
	return 0;							\
}									\
int param_get_##name(char *buffer, const struct kernel_param *kp)	\
{									\
	return scnprintf(buffer, PARAM_VALUE_MAX, fmt, *(type *)kp->arg); \
}									\
const struct kernel_param_ops param_ops_##name = {			\
	.set = param_set_##name,					\
	.get = param_get_##name,					\
}

STANDARD_PARAM_DEF(byte, unsigned char, "%hhu", kstrtou8);
STANDARD_PARAM_DEF(short, short, "%hi", kstrtos16);
STANDARD_PARAM_DEF(ushort, unsigned short, "%hu", kstrtou16);
STANDARD_PARAM_DEF(int, int, "%i", kstrtoint);
STANDARD_PARAM_DEF(uint, unsigned int, "%u", kstrtouint);
STANDARD_PARAM_DEF(long, long, "%li", kstrtol);
STANDARD_PARAM_DEF(ulong, unsigned long, "%lu", kstrtoul);
STANDARD_PARAM_DEF(ullong, unsigned long long, "%llu", kstrtoull);
#undef STANDARD_PARAM_DEF

/**
 * param_set_hexint() - set an unsigned int, any base, shown in hex
 * @val: the value text
 * @kp: the parameter
 *
 * Return: 0 or -EINVAL/-ERANGE.
 */
int param_set_hexint(const char *val, const struct kernel_param *kp)
{
	return param_set_uint(val, kp);
}

/**
 * param_get_hexint() - show an unsigned int as 0x...
 * @buffer: PARAM_VALUE_MAX bytes
 * @kp: the parameter
 *
 * Return: the length written.
 */
int param_get_hexint(char *buffer, const struct kernel_param *kp)
{
	return scnprintf(buffer, PARAM_VALUE_MAX, "%#08x", *(unsigned int *)kp->arg);
}

const struct kernel_param_ops param_ops_hexint = {
	.set = param_set_hexint,
	.get = param_get_hexint,
};

/**
 * param_set_bool() - set a bool parameter
 * @val: y/n, Y/N, 1/0, on/off, true/false; NULL (bare name) means true
 * @kp: the parameter
 *
 * Return: 0 or -EINVAL.
 */
int param_set_bool(const char *val, const struct kernel_param *kp)
{
	if (!val || !*val) {
		*(bool *)kp->arg = true;
		return 0;
	}
	return kstrtobool(val, kp->arg);
}

/**
 * param_get_bool() - show a bool as Y or N, as Linux does
 * @buffer: PARAM_VALUE_MAX bytes
 * @kp: the parameter
 *
 * Return: the length written.
 */
int param_get_bool(char *buffer, const struct kernel_param *kp)
{
	return scnprintf(buffer, PARAM_VALUE_MAX, "%c", *(bool *)kp->arg ? 'Y' : 'N');
}

const struct kernel_param_ops param_ops_bool = {
	.flags = KERNEL_PARAM_OPS_FL_NOARG,
	.set = param_set_bool,
	.get = param_get_bool,
};

/*
 * String values are copied into a static pool: the command line and the
 * shell's line buffer do not live forever, and the allocator may not be up
 * when the boot command line is parsed.  Old values are not reclaimed;
 * the pool is for a few dozen settings, not a loop.
 */
#define CHARP_POOL_SIZE	8192
#define CHARP_MAX	1024
static char charp_pool[CHARP_POOL_SIZE];
static size_t charp_pool_used;

/**
 * param_set_charp() - set a string parameter (a copy of @val)
 * @val: the string; at most 1023 characters
 * @kp: the parameter, kp->arg pointing to a char *
 *
 * Return: 0, -EINVAL (no value), -ENOSPC (too long) or -ENOMEM (pool full).
 */
int param_set_charp(const char *val, const struct kernel_param *kp)
{
	size_t len, pos;

	if (!val)
		return -EINVAL;
	len = strnlen(val, CHARP_MAX);
	if (len >= CHARP_MAX)
		return -ENOSPC;
	pos = __atomic_fetch_add(&charp_pool_used, len + 1, __ATOMIC_RELAXED);
	if (pos + len + 1 > CHARP_POOL_SIZE)
		return -ENOMEM;
	memcpy(charp_pool + pos, val, len);
	charp_pool[pos + len] = '\0';
	*(char **)kp->arg = charp_pool + pos;
	return 0;
}

/**
 * param_get_charp() - show a string parameter ("(null)" if unset)
 * @buffer: PARAM_VALUE_MAX bytes
 * @kp: the parameter
 *
 * Return: the length written.
 */
int param_get_charp(char *buffer, const struct kernel_param *kp)
{
	const char *s = *(char **)kp->arg;

	return scnprintf(buffer, PARAM_VALUE_MAX, "%s", s ? s : "(null)");
}

const struct kernel_param_ops param_ops_charp = {
	.set = param_set_charp,
	.get = param_get_charp,
};
