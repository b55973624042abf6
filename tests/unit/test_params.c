// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for kernel/params/parse.c: the command line splitter, name
 * comparison and the standard parameter types.  parse.c is included
 * directly: it is pure code over lib/ (kstrtox, string, vsprintf).
 * params.c too, for how the boot command line is applied.
 */
#include "ktest.h"

#include "../../kernel/params/params.c"	/* for the command line cases */
#include "../../kernel/params/parse.c"

static int v_int;
static unsigned int v_uint;
static long v_long;
static unsigned long v_ulong;
static unsigned long long v_ullong;
static unsigned char v_byte;
static short v_short;
static bool v_bool;
static char *v_charp;

#define P(n, t)	{ .name = "t." #n, .ops = &param_ops_##t, .perm = 0444, .arg = &v_##n }
static const struct kernel_param params[] = {
	P(int, int), P(uint, uint), P(long, long), P(ulong, ulong),
	P(ullong, ullong), P(byte, byte), P(short, short), P(bool, bool),
	P(charp, charp),
};
static const struct kernel_param *pp[ARRAY_SIZE(params) + 1];

static int set(const char *name, const char *val)
{
	const struct kernel_param *kp = param_find(pp, ARRAY_SIZE(pp), name);

	if (!kp)
		return -ENOENT;
	return kp->ops->set(val, kp);
}

static const char *get(const char *name)
{
	static char buf[PARAM_VALUE_MAX];
	const struct kernel_param *kp = param_find(pp, ARRAY_SIZE(pp), name);

	if (!kp)
		return NULL;
	kp->ops->get(buf, kp);
	return buf;
}

static void setup(void)
{
	for (unsigned int i = 0; i < ARRAY_SIZE(params); i++)
		pp[i] = &params[i];
	pp[ARRAY_SIZE(params)] = NULL;	/* NULL entries are skipped */
}

static void test_next_arg(struct ktest *t)
{
	char line[] = "a=1 b  \"c=d e\" f=\"g h\" i= \"j k\" x=y=z --";
	char *args = line, *param, *val;

	args = next_arg(args, &param, &val);
	KEXPECT_STREQ(t, param, "a");
	KEXPECT_STREQ(t, val, "1");
	args = next_arg(args, &param, &val);
	KEXPECT_STREQ(t, param, "b");
	KEXPECT_NULL(t, val);
	args = next_arg(args, &param, &val);
	KEXPECT_STREQ(t, param, "c");
	KEXPECT_STREQ(t, val, "d e");
	args = next_arg(args, &param, &val);
	KEXPECT_STREQ(t, param, "f");
	KEXPECT_STREQ(t, val, "g h");
	args = next_arg(args, &param, &val);
	KEXPECT_STREQ(t, param, "i");
	KEXPECT_STREQ(t, val, "");
	args = next_arg(args, &param, &val);
	KEXPECT_STREQ(t, param, "j k");
	KEXPECT_NULL(t, val);
	args = next_arg(args, &param, &val);
	KEXPECT_STREQ(t, param, "x");
	KEXPECT_STREQ(t, val, "y=z");
	args = next_arg(args, &param, &val);
	KEXPECT_STREQ(t, param, "--");
	KEXPECT_STREQ(t, args, "");
}

static void test_next_arg_tail(struct ktest *t)
{
	char one[] = "solo";
	char quote[] = "\"unterminated";
	char *param, *val, *rest;

	rest = next_arg(one, &param, &val);
	KEXPECT_STREQ(t, param, "solo");
	KEXPECT_STREQ(t, rest, "");
	rest = next_arg(quote, &param, &val);
	KEXPECT_STREQ(t, param, "unterminated");
	KEXPECT_STREQ(t, rest, "");
}

static void test_parameq(struct ktest *t)
{
	KEXPECT_TRUE(t, parameq("rcutorture.n_barrier_cbs", "rcutorture.n-barrier-cbs"));
	KEXPECT_TRUE(t, parameq("", ""));
	KEXPECT_FALSE(t, parameq("abc", "abcd"));
	KEXPECT_FALSE(t, parameq("abcd", "abc"));
	KEXPECT_TRUE(t, parameqn("abc", "abd", 2));
	KEXPECT_FALSE(t, parameqn("abc", "abd", 3));
}

static void test_find(struct ktest *t)
{
	setup();
	KEXPECT_PTR_EQ(t, param_find(pp, ARRAY_SIZE(pp), "t.int"), &params[0]);
	KEXPECT_PTR_EQ(t, param_find(pp, ARRAY_SIZE(pp), "t.charp"), &params[8]);
	KEXPECT_NULL(t, param_find(pp, ARRAY_SIZE(pp), "t.nope"));
	KEXPECT_NULL(t, param_find(pp, ARRAY_SIZE(pp), "int"));
}

static void test_ints(struct ktest *t)
{
	setup();
	KEXPECT_EQ(t, set("t.int", "-42"), 0);
	KEXPECT_EQ(t, v_int, -42);
	KEXPECT_STREQ(t, get("t.int"), "-42");
	KEXPECT_EQ(t, set("t.int", "0x7fffffff"), 0);
	KEXPECT_EQ(t, v_int, 0x7fffffff);
	KEXPECT_EQ(t, set("t.int", "2147483648"), -ERANGE);
	KEXPECT_EQ(t, set("t.int", "1x"), -EINVAL);
	KEXPECT_EQ(t, set("t.int", ""), -EINVAL);
	KEXPECT_EQ(t, set("t.int", NULL), -EINVAL);
	KEXPECT_EQ(t, v_int, 0x7fffffff);
	KEXPECT_EQ(t, set("t.uint", "4294967295"), 0);
	KEXPECT_EQ(t, v_uint, 4294967295U);
	KEXPECT_EQ(t, set("t.uint", "-1"), -EINVAL);
	KEXPECT_EQ(t, set("t.long", "-9000000000"), 0);
	KEXPECT_EQ(t, v_long, -9000000000L);
	KEXPECT_STREQ(t, get("t.long"), "-9000000000");
	KEXPECT_EQ(t, set("t.ulong", "18446744073709551615"), 0);
	KEXPECT_EQ(t, v_ulong, ~0UL);
	KEXPECT_EQ(t, set("t.ullong", "010"), 0);
	KEXPECT_EQ(t, v_ullong, 8ULL);
	KEXPECT_EQ(t, set("t.byte", "255"), 0);
	KEXPECT_EQ(t, v_byte, 255);
	KEXPECT_EQ(t, set("t.byte", "256"), -ERANGE);
	KEXPECT_EQ(t, set("t.short", "-32768"), 0);
	KEXPECT_EQ(t, v_short, -32768);
	KEXPECT_STREQ(t, get("t.short"), "-32768");
}

static void test_bool(struct ktest *t)
{
	setup();
	v_bool = false;
	KEXPECT_EQ(t, set("t.bool", NULL), 0);
	KEXPECT_TRUE(t, v_bool);
	KEXPECT_STREQ(t, get("t.bool"), "Y");
	KEXPECT_EQ(t, set("t.bool", "n"), 0);
	KEXPECT_FALSE(t, v_bool);
	KEXPECT_STREQ(t, get("t.bool"), "N");
	KEXPECT_EQ(t, set("t.bool", "1"), 0);
	KEXPECT_TRUE(t, v_bool);
	KEXPECT_EQ(t, set("t.bool", "off"), 0);
	KEXPECT_FALSE(t, v_bool);
	KEXPECT_EQ(t, set("t.bool", "perhaps"), -EINVAL);
	KEXPECT_FALSE(t, v_bool);
	KEXPECT_TRUE(t, param_ops_bool.flags & KERNEL_PARAM_OPS_FL_NOARG);
	KEXPECT_FALSE(t, param_ops_int.flags & KERNEL_PARAM_OPS_FL_NOARG);
}

static void test_charp(struct ktest *t)
{
	char src[32] = "hello world";
	char big[CHARP_MAX + 10];

	setup();
	KEXPECT_STREQ(t, get("t.charp"), "(null)");
	KEXPECT_EQ(t, set("t.charp", src), 0);
	src[0] = 'j';
	KEXPECT_STREQ(t, v_charp, "hello world");
	KEXPECT_STREQ(t, get("t.charp"), "hello world");
	KEXPECT_EQ(t, set("t.charp", ""), 0);
	KEXPECT_STREQ(t, v_charp, "");
	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	KEXPECT_EQ(t, set("t.charp", big), -ENOSPC);
	KEXPECT_STREQ(t, v_charp, "");
	KEXPECT_EQ(t, set("t.charp", NULL), -EINVAL);
}

static void test_charp_pool_full(struct ktest *t)
{
	char val[1000];
	int ret = 0, n = 0;

	setup();
	memset(val, 'y', sizeof(val) - 1);
	val[sizeof(val) - 1] = '\0';
	while (n < 100 && (ret = set("t.charp", val)) == 0)
		n++;
	KEXPECT_EQ(t, ret, -ENOMEM);
	KEXPECT_GT(t, n, 1);
	/* The last good value is still there. */
	KEXPECT_EQ(t, strlen(v_charp), sizeof(val) - 1);
}

/* params.c's warnings: not wanted in the KTAP output. */
int printk(const char *fmt, ...)
{
	return 0;
}

/* Unknown words are listed as given, a quoted value without its quotes. */
static void test_unknown_words(struct ktest *t)
{
	parse_kernel_params("/boot/rcuos foo=\"a b\" bar=1 \"baz=c d\" qux");
	KASSERT_EQ(t, nr_unknown, 4U);
	KEXPECT_STREQ(t, unknown_params[0], "foo=a b");
	KEXPECT_STREQ(t, unknown_params[1], "bar=1");
	KEXPECT_STREQ(t, unknown_params[2], "baz=c d");
	KEXPECT_STREQ(t, unknown_params[3], "qux");
}

static const struct ktest_case cases[] = {
	KTEST_CASE(test_next_arg),
	KTEST_CASE(test_next_arg_tail),
	KTEST_CASE(test_parameq),
	KTEST_CASE(test_find),
	KTEST_CASE(test_ints),
	KTEST_CASE(test_bool),
	KTEST_CASE(test_charp),
	KTEST_CASE(test_charp_pool_full),
	KTEST_CASE(test_unknown_words),
	{}
};
KTEST_MAIN("params", cases);
