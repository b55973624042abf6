// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz the kernel parameter parser (kernel/params/params.c and parse.c,
 * included here): the boot command line, run-time "key=value" words as
 * the shell's "set" and test commands give them, save/restore.
 *
 * A set of parameters of every standard type plus __setup() and
 * early_param() handlers is registered here.  Checks, besides the
 * sanitizers: after every operation each parameter's value reads back
 * (param_get_by_name()) as the text of what its variable holds, string
 * values point into the string pool, and params_restore() puts back
 * exactly what params_save() saw.
 *
 * Input: NUL-separated pieces.  The first is the boot command line; each
 * other one starts with a byte choosing the operation for the rest.
 */
#include "fuzz.h"

#include "../../kernel/params/params.c"
#include "../../kernel/params/parse.c"

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "fz."

static unsigned char byte_v;
static short short_v;
static unsigned short ushort_v;
static int int_v;
static unsigned int uint_v;
static long long_v;
static unsigned long ulong_v;
static unsigned long long ullong_v;
static unsigned int hexint_v;
static bool bool_v;
static char *charp_v;
static int core_v;
static bool hidden_v;

module_param_named(byte, byte_v, byte, 0644);
module_param_named(short, short_v, short, 0644);
module_param_named(ushort, ushort_v, ushort, 0644);
module_param_named(int, int_v, int, 0644);
MODULE_PARM_DESC(int, "an int");
module_param_named(uint, uint_v, uint, 0644);
module_param_named(long, long_v, long, 0644);
module_param_named(ulong, ulong_v, ulong, 0644);
module_param_named(ullong, ullong_v, ullong, 0644);
module_param_named(hex_int, hexint_v, hexint, 0644);
module_param_named(flag, bool_v, bool, 0644);
module_param_named(charp, charp_v, charp, 0644);
module_param_named(hidden, hidden_v, bool, 0);
core_param(fzcore, core_v, int, 0444);

/* A handler sees a valid string; "x..." makes it decline the word. */
static int setup_calls;

static int take_val(char *val)
{
	setup_calls++;
	return !val || val[0] != 'x' ? 1 : 0;
}

static int take_flag(char *val)
{
	return take_val(val);
}

static int early_val(char *val)
{
	setup_calls++;
	return val && val[0] == 'x' ? -EINVAL : 0;
}
__setup("fzset=", take_val);
__setup("fzflag", take_flag);
early_param("fzearly", early_val);

/* printk: formatted by the kernel's vsnprintf, then dropped. */
int vprintk(const char *fmt, va_list args)
{
	char buf[1024];

	return vscnprintf(buf, sizeof(buf), fmt, args);
}

static const char *get(const char *name)
{
	static char buf[PARAM_VALUE_MAX];
	int n = param_get_by_name(name, buf, sizeof(buf));

	FUZZ_CHECK(n >= 0 && n < (int)sizeof(buf) && buf[n] == '\0',
		   "param_get_by_name(%s) = %d", name, n);
	return buf;
}

#define CHECK_INT(name, fn, var) do {					\
	__typeof__(var) v;						\
	const char *text = get("fz." name);				\
									\
	FUZZ_CHECK(!fn(text, 0, &v) && v == var,			\
		   "fz." name " reads back as \"%s\"", text);		\
} while (0)

/* Every parameter's value reads back as what its variable holds. */
static void check_values(void)
{
	const char *text;

	CHECK_INT("byte", kstrtou8, byte_v);
	CHECK_INT("short", kstrtos16, short_v);
	CHECK_INT("ushort", kstrtou16, ushort_v);
	CHECK_INT("int", kstrtoint, int_v);
	CHECK_INT("uint", kstrtouint, uint_v);
	CHECK_INT("long", kstrtol, long_v);
	CHECK_INT("ulong", kstrtoul, ulong_v);
	CHECK_INT("ullong", kstrtoull, ullong_v);
	CHECK_INT("hex-int", kstrtouint, hexint_v);
	text = get("fz.flag");
	FUZZ_CHECK(!strcmp(text, bool_v ? "Y" : "N"), "fz.flag reads \"%s\"", text);
	text = get("fz.charp");
	if (!charp_v) {
		FUZZ_CHECK(!strcmp(text, "(null)"), "fz.charp unset reads \"%s\"", text);
	} else {
		size_t n;

		FUZZ_CHECK(charp_v >= charp_pool &&
			   charp_v < charp_pool + sizeof(charp_pool) &&
			   strnlen(charp_v, charp_pool + sizeof(charp_pool) - charp_v) <
			   (size_t)(charp_pool + sizeof(charp_pool) - charp_v),
			   "fz.charp is not a string in the pool");
		/* Shown up to PARAM_VALUE_MAX - 1 bytes, trailing newlines dropped. */
		n = strnlen(charp_v, PARAM_VALUE_MAX - 1);
		while (n && charp_v[n - 1] == '\n')
			n--;
		FUZZ_CHECK(strlen(text) == n && !memcmp(text, charp_v, n),
			   "fz.charp reads \"%s\"", text);
	}
}

static void reset(void)
{
	byte_v = 0;
	short_v = 0;
	ushort_v = 0;
	int_v = 0;
	uint_v = 0;
	long_v = 0;
	ulong_v = 0;
	ullong_v = 0;
	hexint_v = 0;
	bool_v = false;
	charp_v = NULL;
	core_v = 0;
	hidden_v = false;
	charp_pool_used = 0;
	setup_calls = 0;
}

static void run_op(unsigned char op, char *s)
{
	struct param_snapshot snap;
	char *eq;

	switch (op % 6) {
	case 0:		/* a line of words, as at boot */
		params_parse_line(s);
		break;
	case 1:		/* "key=value" for fz.key, as test commands do */
		param_set_by_prefix("fz", s);
		break;
	case 2:		/* "name=value" */
		eq = strchr(s, '=');
		if (eq)
			*eq++ = '\0';
		param_set_kv(s, eq);
		break;
	case 3: {	/* a line of words between save and restore */
		unsigned char before[64];
		size_t n = 0;

		if (params_save("fz", &snap))
			break;
		for (unsigned int i = 0; i < snap.n; i++) {
			FUZZ_CHECK(n + snap.v[i].size <= sizeof(before), "snapshot too big");
			memcpy(before + n, snap.v[i].kp->arg, snap.v[i].size);
			n += snap.v[i].size;
		}
		params_parse_line(s);
		params_restore(&snap);
		n = 0;
		for (unsigned int i = 0; i < snap.n; i++) {
			FUZZ_CHECK(!memcmp(before + n, snap.v[i].kp->arg, snap.v[i].size),
				   "%s not restored", snap.v[i].kp->name);
			n += snap.v[i].size;
		}
		break;
	}
	case 4:
		params_print(*s ? s : NULL);
		break;
	case 5: {	/* read any name */
		char buf[64];

		param_get_by_name(s, buf, 1 + (strlen(s) % sizeof(buf)));
		break;
	}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *copy = malloc(size + 1), *p, *end;

	memcpy(copy, data, size);
	copy[size] = '\0';
	end = copy + size;
	reset();

	parse_kernel_params(copy);
	check_values();
	for (p = copy + strlen(copy) + 1; p < end; p += strlen(p) + 1) {
		/* Each piece in a buffer of its own size, for ASan. */
		size_t len = strlen(p);
		char *s;

		if (!len)
			continue;
		s = malloc(len);
		memcpy(s, p + 1, len);	/* the rest and its NUL */
		run_op(p[0], s);
		free(s);
		check_values();
	}
	free(copy);
	return 0;
}
