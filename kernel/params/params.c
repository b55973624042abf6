// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel command line: apply boot parameters, set them at run time, list
 * them for the shell's "cmdline".
 *
 * Parameters are registered with module_param()/core_param() (section
 * "kernel_params") and handlers with __setup()/early_param() (section
 * "setup_params"); see <linux/moduleparam.h> and <linux/init.h>.
 */
#define pr_fmt(fmt) "params: " fmt

#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/init.h>
#include <linux/moduleparam.h>

#define COMMAND_LINE_SIZE	512
#define MAX_UNKNOWN		32

/* The command line as given, for "cmdline". */
char saved_command_line[COMMAND_LINE_SIZE];
/* A copy cut into words by next_arg(); unknown words point into it. */
static char parsed_command_line[COMMAND_LINE_SIZE];
static const char *unknown_params[MAX_UNKNOWN];
static unsigned int nr_unknown;

static unsigned int nr_params(void)
{
	return __stop_kernel_params - __start_kernel_params;
}

static const struct kernel_param *find_param(const char *name)
{
	return param_find(__start_kernel_params, nr_params(), name);
}

/* MODULE_PARM_DESC() entries: no ops, the text in arg. */
static const char *param_desc(const char *name)
{
	const struct kernel_param * const *p;

	for (p = __start_kernel_params; p < __stop_kernel_params; p++)
		if (!(*p)->ops && parameq((*p)->name, name))
			return (*p)->arg;
	return NULL;
}

/* First pass: early_param() handlers. */
static void do_early_param(char *param, char *val)
{
	const struct obs_kernel_param * const *p;

	for (p = __start_setup_params; p < __stop_setup_params; p++) {
		if (!(*p)->early || !parameq(param, (*p)->str))
			continue;
		if ((*p)->setup_func(val) != 0)
			pr_warn("malformed early option '%s'\n", param);
	}
}

/* __setup() handlers; true if one took the word. */
static bool do_setup_param(char *param, char *val)
{
	const struct obs_kernel_param * const *p;

	for (p = __start_setup_params; p < __stop_setup_params; p++) {
		const char *str = (*p)->str;
		size_t n = strlen(str);
		char *arg;

		if (!parameqn(param, str, n))
			continue;
		if ((*p)->early) {
			/* Handled in the first pass; claim the word. */
			if (param[n] == '\0')
				return true;
			continue;
		}
		if (n && str[n - 1] == '=') {
			/* "foo=": the word split at '=' as param "foo", val. */
			continue;
		}
		if (param[n] != '\0')
			continue;
		arg = val ? val - 1 : param + n;	/* "=val" or "" */
		if (val)
			val[-1] = '=';
		if ((*p)->setup_func(arg))
			return true;
		if (val)
			val[-1] = '\0';
	}
	return false;
}

/* __setup("foo=", fn) handlers: they see the word as "foo=val". */
static bool do_setup_param_eq(char *param, char *val)
{
	const struct obs_kernel_param * const *p;
	size_t plen = strlen(param);

	if (!val)
		return false;
	for (p = __start_setup_params; p < __stop_setup_params; p++) {
		const char *str = (*p)->str;
		size_t n = strlen(str);

		if ((*p)->early || !n || str[n - 1] != '=')
			continue;
		/* str is "foo=": the name must be exactly "foo". */
		if (n - 1 != plen || !parameqn(param, str, plen))
			continue;
		if ((*p)->setup_func(val))
			return true;
	}
	return false;
}

static void add_unknown(char *param, char *val)
{
	/*
	 * Show the word as it was given: put back the '=' next_arg() cut at.
	 * A quoted value starts one byte later (foo="a b"): move it up to the
	 * '=' so that the word reads foo=a b, not just foo.
	 */
	if (val) {
		size_t n = strlen(param);

		if (val != param + n + 1)
			memmove(param + n + 1, val, strlen(val) + 1);
		param[n] = '=';
	}
	if (nr_unknown < MAX_UNKNOWN)
		unknown_params[nr_unknown++] = param;
}

/*
 * Apply the words of @args (modified in place): __setup() handlers, else
 * module parameters.  Unknown words are recorded if @record.  Returns the
 * number of unknown words plus bad values.
 */
static unsigned int apply_params(char *args, bool record)
{
	unsigned int bad = 0;
	char *param, *val;

	args = skip_spaces(args);
	while (*args) {
		const struct kernel_param *kp;
		int ret;

		args = next_arg(args, &param, &val);
		if (!strcmp(param, "--"))
			break;
		if (do_setup_param_eq(param, val) || do_setup_param(param, val))
			continue;
		kp = find_param(param);
		if (!kp) {
			if (record)
				add_unknown(param, val);
			bad++;
			continue;
		}
		if (!val && !(kp->ops->flags & KERNEL_PARAM_OPS_FL_NOARG)) {
			pr_warn("'%s' needs a value ('%s=...'), ignored\n",
				param, param);
			bad++;
			continue;
		}
		ret = kp->ops->set(val, kp);
		if (ret) {
			pr_warn("bad value '%s' for '%s' (error %d), ignored\n",
				val ? val : "", param, ret);
			bad++;
		}
	}
	return bad;
}

/**
 * parse_kernel_params() - apply the kernel command line
 * @cmdline: the boot loader's command line (may be NULL)
 *
 * Runs the early_param() handlers first, then for every word: a
 * __setup() handler, else a module parameter ("prefix.name=value"), else
 * it is kept as unknown.  Unknown words are reported in one line and
 * listed by the shell's "cmdline"; bad values are reported one line each.
 * A leading word starting with '/' (the kernel image path some loaders
 * pass) is skipped; "--" ends kernel parameters.
 */
void parse_kernel_params(const char *cmdline)
{
	char early_copy[COMMAND_LINE_SIZE];
	char *args, *param, *val;

	if (!cmdline)
		cmdline = "";
	strscpy(saved_command_line, cmdline, sizeof(saved_command_line));
	if (strlen(cmdline) >= sizeof(saved_command_line))
		pr_warn("command line longer than %d characters truncated\n",
			COMMAND_LINE_SIZE - 1);
	nr_unknown = 0;

	/* Pass 1: early parameters, on a scratch copy. */
	strscpy(early_copy, saved_command_line, sizeof(early_copy));
	args = skip_spaces(early_copy);
	while (*args) {
		args = next_arg(args, &param, &val);
		if (!strcmp(param, "--"))
			break;
		do_early_param(param, val);
	}

	/* Pass 2: everything else. */
	strscpy(parsed_command_line, saved_command_line, sizeof(parsed_command_line));
	args = skip_spaces(parsed_command_line);
	if (*args == '/')
		args = next_arg(args, &param, &val);
	apply_params(args, true);

	if (nr_unknown) {
		char line[COMMAND_LINE_SIZE + 16];
		size_t len = 0;

		for (unsigned int i = 0; i < nr_unknown; i++)
			len += scnprintf(line + len, sizeof(line) - len, "%s%s",
					 i ? " " : "", unknown_params[i]);
		pr_warn("unknown kernel command line parameters \"%s\", ignored\n",
			line);
	}
}

/**
 * params_parse_line() - apply a command-line style string at run time
 * @line: words as on the kernel command line; modified in place
 *
 * __setup() handlers and module parameters, as at boot (early parameters
 * are not run again).  Unknown words are not recorded.
 *
 * Return: the number of unknown words and bad values (0: all applied).
 */
unsigned int params_parse_line(char *line)
{
	return apply_params(line, false);
}

/**
 * param_set_kv() - set a parameter at run time
 * @name: full name ("rcutorture.nreaders")
 * @val: value text, or NULL for a bare bool name
 *
 * Return: 0, -ENOENT if there is no such parameter, or the type's error
 * (-EINVAL, -ERANGE, ...) for a bad value.
 */
int param_set_kv(const char *name, const char *val)
{
	const struct kernel_param *kp = find_param(name);

	if (!kp)
		return -ENOENT;
	if (!val && !(kp->ops->flags & KERNEL_PARAM_OPS_FL_NOARG))
		return -EINVAL;
	return kp->ops->set(val, kp);
}

/**
 * param_set_by_prefix() - set "prefix.key" from a "key=value" word
 * @prefix: parameter prefix without the dot ("rcutorture")
 * @kv: "key=value", or "key" for a bool
 *
 * The shell commands of test modules take the same keys as their boot
 * parameters: param_set_by_prefix("rcutorture", "nreaders=4") sets
 * rcutorture.nreaders.
 *
 * Return: 0, -ENOENT for an unknown key, -ENAMETOOLONG, or the type's
 * error for a bad value.
 */
int param_set_by_prefix(const char *prefix, const char *kv)
{
	char name[128];
	const char *eq = strchr(kv, '=');
	size_t plen = strlen(prefix);
	size_t klen = eq ? (size_t)(eq - kv) : strlen(kv);

	if (!klen)
		return -EINVAL;
	if (plen + 1 + klen >= sizeof(name))
		return -ENAMETOOLONG;
	memcpy(name, prefix, plen);
	name[plen] = '.';
	memcpy(name + plen + 1, kv, klen);
	name[plen + 1 + klen] = '\0';
	return param_set_kv(name, eq ? eq + 1 : NULL);
}

/**
 * param_get_by_name() - print a parameter's value
 * @name: full name
 * @buf: destination
 * @size: its size
 *
 * Return: the length written, or -ENOENT.
 */
int param_get_by_name(const char *name, char *buf, size_t size)
{
	const struct kernel_param *kp = find_param(name);
	char tmp[PARAM_VALUE_MAX];
	int n;

	if (!kp)
		return -ENOENT;
	n = kp->ops->get ? kp->ops->get(tmp, kp) : 0;
	if (n < 0)
		return n;
	while (n > 0 && tmp[n - 1] == '\n')
		n--;
	tmp[n] = '\0';
	return scnprintf(buf, size, "%s", tmp);
}

/* The size of a parameter's variable, from its type; 0 if unknown. */
static unsigned int param_storage_size(const struct kernel_param *kp)
{
	const struct kernel_param_ops *ops = kp->ops;

	if (ops == &param_ops_byte)
		return sizeof(unsigned char);
	if (ops == &param_ops_short || ops == &param_ops_ushort)
		return sizeof(short);
	if (ops == &param_ops_int || ops == &param_ops_uint || ops == &param_ops_hexint)
		return sizeof(int);
	if (ops == &param_ops_long || ops == &param_ops_ulong)
		return sizeof(long);
	if (ops == &param_ops_ullong)
		return sizeof(unsigned long long);
	if (ops == &param_ops_bool)
		return sizeof(bool);
	if (ops == &param_ops_charp)
		return sizeof(char *);
	return 0;
}

/**
 * params_save() - save the values of every "@prefix.*" parameter
 * @prefix: parameter prefix without the dot ("rcutorture")
 * @s: where to save them
 *
 * Saves the variables' bytes (a string parameter's pointer, not a copy of
 * the string), so params_restore() puts back exactly what was there.
 *
 * Return: 0, -ENOSPC if there are more than PARAM_SNAPSHOT_MAX of them,
 * or -EINVAL for one of a type this does not know (nothing is saved).
 */
int params_save(const char *prefix, struct param_snapshot *s)
{
	const struct kernel_param * const *p;
	size_t plen = strlen(prefix);

	s->n = 0;
	for (p = __start_kernel_params; p < __stop_kernel_params; p++) {
		const struct kernel_param *kp = *p;
		unsigned int size;

		if (!kp->ops || strncmp(kp->name, prefix, plen) || kp->name[plen] != '.')
			continue;
		size = param_storage_size(kp);
		if (!size || size > sizeof(s->v[0].bytes)) {
			s->n = 0;
			return -EINVAL;
		}
		if (s->n == PARAM_SNAPSHOT_MAX) {
			s->n = 0;
			return -ENOSPC;
		}
		s->v[s->n].kp = kp;
		s->v[s->n].size = size;
		memcpy(s->v[s->n].bytes, kp->arg, size);
		s->n++;
	}
	return 0;
}

/**
 * params_restore() - put back the values params_save() saved
 * @s: the snapshot
 */
void params_restore(const struct param_snapshot *s)
{
	for (unsigned int i = 0; i < s->n; i++)
		memcpy(s->v[i].kp->arg, s->v[i].bytes, s->v[i].size);
}

/**
 * params_print() - print every parameter's value
 * @prefix: only parameters whose name starts with @prefix (NULL: all, and
 *	the unknown words of the boot command line first)
 *
 * The shell's "cmdline" command.  Output is one line per parameter,
 * "  name=value", with its description if it has one.
 */
void params_print(const char *prefix)
{
	const struct kernel_param * const *p;

	if (!prefix) {
		for (unsigned int i = 0; i < nr_unknown; i++)
			printk("unknown parameter: %s\n", unknown_params[i]);
		printk("parameters:\n");
	}
	for (p = __start_kernel_params; p < __stop_kernel_params; p++) {
		char val[PARAM_VALUE_MAX];
		const char *desc;

		if (!(*p)->ops || !(*p)->perm)
			continue;
		if (prefix && strncmp((*p)->name, prefix, strlen(prefix)))
			continue;
		if (param_get_by_name((*p)->name, val, sizeof(val)) < 0)
			strscpy(val, "?", sizeof(val));
		desc = param_desc((*p)->name);
		if (desc)
			printk("  %s=%s  (%s)\n", (*p)->name, val, desc);
		else
			printk("  %s=%s\n", (*p)->name, val);
	}
}
