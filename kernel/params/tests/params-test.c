// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "params": module parameters, __setup() handlers and the
 * command line splitter, inside the kernel.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/init.h>
#include <linux/moduleparam.h>
#include <kunit/test.h>

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "kunit_params_test."

/* perm 0: not listed by "cmdline". */
static int test_int = 7;
static unsigned int test_uint;
static long test_long;
static unsigned long test_ulong;
static bool test_bool;
static char *test_charp;
static int test_named_var;
module_param(test_int, int, 0);
module_param(test_uint, uint, 0);
module_param(test_long, long, 0);
module_param(test_ulong, ulong, 0);
module_param(test_bool, bool, 0);
module_param(test_charp, charp, 0);
module_param_named(renamed, test_named_var, int, 0);
MODULE_PARM_DESC(test_int, "an int for the params self-test");

static char setup_seen[64];
static int setup_calls;

static int __init kunit_params_setup(char *str)
{
	strscpy(setup_seen, str, sizeof(setup_seen));
	setup_calls++;
	return 1;
}
__setup("kunit_params_setup=", kunit_params_setup);

static void params_set_int(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, param_set_kv("kunit_params_test.test_int", "42"), 0);
	KUNIT_EXPECT_EQ(test, test_int, 42);
	KUNIT_EXPECT_EQ(test, param_set_kv("kunit_params_test.test_int", "-0x10"), 0);
	KUNIT_EXPECT_EQ(test, test_int, -16);
	KUNIT_EXPECT_EQ(test, param_set_kv("kunit_params_test.test_int", "12abc"), -EINVAL);
	KUNIT_EXPECT_EQ(test, param_set_kv("kunit_params_test.test_int", "99999999999"), -ERANGE);
	KUNIT_EXPECT_EQ(test, param_set_kv("kunit_params_test.test_int", NULL), -EINVAL);
	KUNIT_EXPECT_EQ(test, test_int, -16);
}

static void params_set_unsigned_and_long(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, param_set_kv("kunit_params_test.test_uint", "4294967295"), 0);
	KUNIT_EXPECT_EQ(test, test_uint, 4294967295U);
	KUNIT_EXPECT_EQ(test, param_set_kv("kunit_params_test.test_uint", "-1"), -EINVAL);
	KUNIT_EXPECT_EQ(test, param_set_kv("kunit_params_test.test_long", "-9000000000"), 0);
	KUNIT_EXPECT_EQ(test, test_long, -9000000000L);
	KUNIT_EXPECT_EQ(test, param_set_kv("kunit_params_test.test_ulong", "0xffffffffffffffff"), 0);
	KUNIT_EXPECT_EQ(test, test_ulong, ULONG_MAX);
}

static void params_set_bool(struct kunit *test)
{
	test_bool = false;
	KUNIT_EXPECT_EQ(test, param_set_kv("kunit_params_test.test_bool", NULL), 0);
	KUNIT_EXPECT_TRUE(test, test_bool);
	KUNIT_EXPECT_EQ(test, param_set_kv("kunit_params_test.test_bool", "n"), 0);
	KUNIT_EXPECT_FALSE(test, test_bool);
	KUNIT_EXPECT_EQ(test, param_set_kv("kunit_params_test.test_bool", "on"), 0);
	KUNIT_EXPECT_TRUE(test, test_bool);
	KUNIT_EXPECT_EQ(test, param_set_kv("kunit_params_test.test_bool", "maybe"), -EINVAL);
	KUNIT_EXPECT_TRUE(test, test_bool);
}

static void params_set_charp(struct kunit *test)
{
	char src[16] = "hello";

	KUNIT_EXPECT_EQ(test, param_set_kv("kunit_params_test.test_charp", src), 0);
	src[0] = 'j';	/* the parameter holds a copy */
	KUNIT_ASSERT_NOT_NULL(test, test_charp);
	KUNIT_EXPECT_STREQ(test, test_charp, "hello");
}

static void params_by_prefix(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, param_set_by_prefix("kunit_params_test", "test_int=5"), 0);
	KUNIT_EXPECT_EQ(test, test_int, 5);
	/* '-' and '_' are the same in names. */
	KUNIT_EXPECT_EQ(test, param_set_by_prefix("kunit_params_test", "test-int=6"), 0);
	KUNIT_EXPECT_EQ(test, test_int, 6);
	KUNIT_EXPECT_EQ(test, param_set_by_prefix("kunit_params_test", "renamed=9"), 0);
	KUNIT_EXPECT_EQ(test, test_named_var, 9);
	KUNIT_EXPECT_EQ(test, param_set_by_prefix("kunit_params_test", "nosuch=1"), -ENOENT);
	KUNIT_EXPECT_EQ(test, param_set_by_prefix("kunit_params_test", "=1"), -EINVAL);
}

static void params_get(struct kunit *test)
{
	char buf[PARAM_VALUE_MAX];

	test_int = -3;
	KUNIT_EXPECT_EQ(test, param_get_by_name("kunit_params_test.test_int", buf, sizeof(buf)), 2);
	KUNIT_EXPECT_STREQ(test, buf, "-3");
	test_bool = true;
	KUNIT_EXPECT_GT(test, param_get_by_name("kunit_params_test.test_bool", buf, sizeof(buf)), 0);
	KUNIT_EXPECT_STREQ(test, buf, "Y");
	KUNIT_EXPECT_EQ(test, param_get_by_name("kunit_params_test.nosuch", buf, sizeof(buf)), -ENOENT);
}

static void params_save_restore(struct kunit *test)
{
	struct param_snapshot *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	char *charp0;

	KUNIT_ASSERT_NOT_NULL(test, s);
	test_int = 1;
	test_long = -2;
	test_bool = true;
	KUNIT_ASSERT_EQ(test, param_set_kv("kunit_params_test.test_charp", "before"), 0);
	charp0 = test_charp;
	KUNIT_ASSERT_EQ(test, params_save("kunit_params_test", s), 0);
	KUNIT_EXPECT_EQ(test, s->n, 7U);	/* the seven module_param()s above */
	KUNIT_EXPECT_EQ(test, param_set_by_prefix("kunit_params_test", "test_int=100"), 0);
	KUNIT_EXPECT_EQ(test, param_set_by_prefix("kunit_params_test", "test_long=5"), 0);
	KUNIT_EXPECT_EQ(test, param_set_by_prefix("kunit_params_test", "test_bool=n"), 0);
	KUNIT_EXPECT_EQ(test, param_set_by_prefix("kunit_params_test", "test_charp=after"), 0);
	KUNIT_EXPECT_STREQ(test, test_charp, "after");
	params_restore(s);
	KUNIT_EXPECT_EQ(test, test_int, 1);
	KUNIT_EXPECT_EQ(test, test_long, -2L);
	KUNIT_EXPECT_TRUE(test, test_bool);
	KUNIT_EXPECT_PTR_EQ(test, test_charp, charp0);
	KUNIT_EXPECT_STREQ(test, test_charp, "before");
	/* A prefix matches whole components only; none matches: nothing saved. */
	KUNIT_EXPECT_EQ(test, params_save("kunit_params_tes", s), 0);
	KUNIT_EXPECT_EQ(test, s->n, 0U);
}

static void params_parse_line_words(struct kunit *test)
{
	char line[128];

	setup_calls = 0;
	strscpy(line, "kunit_params_test.test_int=11 kunit_params_setup=\"a b\" "
		"kunit_params_test.test_bool=0 unknown_word", sizeof(line));
	KUNIT_EXPECT_EQ(test, params_parse_line(line), 1);
	KUNIT_EXPECT_EQ(test, test_int, 11);
	KUNIT_EXPECT_FALSE(test, test_bool);
	KUNIT_EXPECT_EQ(test, setup_calls, 1);
	KUNIT_EXPECT_STREQ(test, setup_seen, "a b");
}

static void params_next_arg(struct kunit *test)
{
	char line[] = "a=1 b \"c=d e\" f=\"g h\"  --";
	char *args = line, *param, *val;

	args = next_arg(args, &param, &val);
	KUNIT_EXPECT_STREQ(test, param, "a");
	KUNIT_EXPECT_STREQ(test, val, "1");
	args = next_arg(args, &param, &val);
	KUNIT_EXPECT_STREQ(test, param, "b");
	KUNIT_EXPECT_NULL(test, val);
	args = next_arg(args, &param, &val);
	KUNIT_EXPECT_STREQ(test, param, "c");
	KUNIT_EXPECT_STREQ(test, val, "d e");
	args = next_arg(args, &param, &val);
	KUNIT_EXPECT_STREQ(test, param, "f");
	KUNIT_EXPECT_STREQ(test, val, "g h");
	args = next_arg(args, &param, &val);
	KUNIT_EXPECT_STREQ(test, param, "--");
	KUNIT_EXPECT_STREQ(test, args, "");
}

static void params_parameq(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, parameq("rcutorture.n_barrier_cbs", "rcutorture.n-barrier-cbs"));
	KUNIT_EXPECT_FALSE(test, parameq("abc", "abcd"));
	KUNIT_EXPECT_TRUE(test, parameqn("abc", "abd", 2));
}

static int params_test_init(struct kunit *test)
{
	test_int = 7;
	return 0;
}

static struct kunit_case params_test_cases[] = {
	KUNIT_CASE(params_set_int),
	KUNIT_CASE(params_set_unsigned_and_long),
	KUNIT_CASE(params_set_bool),
	KUNIT_CASE(params_set_charp),
	KUNIT_CASE(params_by_prefix),
	KUNIT_CASE(params_get),
	KUNIT_CASE(params_save_restore),
	KUNIT_CASE(params_parse_line_words),
	KUNIT_CASE(params_next_arg),
	KUNIT_CASE(params_parameq),
	{}
};

static struct kunit_suite params_test_suite = {
	.name = "params",
	.init = params_test_init,
	.test_cases = params_test_cases,
};
kunit_test_suite(params_test_suite);
