// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "kunit": the framework tests itself.
 *
 * Failing checks are exercised in nested "fake" cases run quietly through
 * kunit_run_case_body(): their failures are counted in the fake context
 * and never reach the KTAP output or the failed-since-boot flag.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/slab.h>
#include <kunit/test.h>
#include "../kunit-internal.h"

static int fake_reached;
static int fake_actions;

static void fake_run(struct kunit *fake, void (*fn)(struct kunit *test),
		     struct kunit_suite *suite)
{
	kunit_init_test(fake, "fake");
	fake->quiet = true;
	fake_reached = 0;
	kunit_run_case_body(suite, fake, fn);
}

static void fake_all_pass(struct kunit *test)
{
	int a = 3;
	const char *s = "abc";

	KUNIT_EXPECT_EQ(test, a, 3);
	KUNIT_EXPECT_NE(test, a, 4);
	KUNIT_EXPECT_LT(test, a, 4);
	KUNIT_EXPECT_LE(test, a, 3);
	KUNIT_EXPECT_GT(test, a, 2);
	KUNIT_EXPECT_GE(test, a, 3);
	KUNIT_EXPECT_TRUE(test, a == 3);
	KUNIT_EXPECT_FALSE(test, a == 4);
	KUNIT_EXPECT_PTR_EQ(test, s, s);
	KUNIT_EXPECT_NULL(test, NULL);
	KUNIT_EXPECT_NOT_NULL(test, s);
	KUNIT_EXPECT_STREQ(test, s, "abc");
	KUNIT_EXPECT_STRNEQ(test, s, "abd");
	KUNIT_EXPECT_MEMEQ(test, s, "abc", 3);
	KUNIT_EXPECT_NOT_ERR_OR_NULL(test, s);
	KUNIT_ASSERT_EQ(test, a, 3);
	fake_reached = 1;
}

static void fake_five_fail(struct kunit *test)
{
	int a = 3;

	KUNIT_EXPECT_EQ(test, a, 3);		/* passes */
	KUNIT_EXPECT_EQ(test, a, 4);
	KUNIT_EXPECT_STREQ(test, "x", "y");
	KUNIT_EXPECT_NULL(test, &a);
	KUNIT_EXPECT_NOT_ERR_OR_NULL(test, ERR_PTR(-ENOMEM));
	KUNIT_EXPECT_TRUE_MSG(test, a == 5, "a is %d", a);
	fake_reached = 1;
}

static void kunit_expectations_counted(struct kunit *test)
{
	struct kunit fake;

	fake_run(&fake, fake_all_pass, NULL);
	KUNIT_EXPECT_EQ(test, fake.failures, 0U);
	KUNIT_EXPECT_EQ(test, fake.status, KUNIT_SUCCESS);
	KUNIT_EXPECT_EQ(test, fake_reached, 1);

	fake_run(&fake, fake_five_fail, NULL);
	KUNIT_EXPECT_EQ(test, fake.failures, 5U);
	KUNIT_EXPECT_EQ(test, fake.status, KUNIT_FAILURE);
	/* Expectations do not abort. */
	KUNIT_EXPECT_EQ(test, fake_reached, 1);
}

static void fake_action(void *ctx)
{
	fake_actions += (int)(long)ctx;
}

static void fake_assert_fails(struct kunit *test)
{
	KUNIT_ASSERT_EQ(test, kunit_add_action(test, fake_action, (void *)1L), 0);
	KUNIT_ASSERT_NOT_NULL(test, kunit_kzalloc(test, 64, GFP_KERNEL));
	KUNIT_ASSERT_EQ(test, 1, 2);
	fake_reached = 1;
}

static void kunit_assert_aborts(struct kunit *test)
{
	struct kunit fake;

	fake_actions = 0;
	fake_run(&fake, fake_assert_fails, NULL);
	KUNIT_EXPECT_EQ(test, fake.failures, 1U);
	KUNIT_EXPECT_EQ(test, fake.status, KUNIT_FAILURE);
	KUNIT_EXPECT_EQ(test, fake_reached, 0);
	/* Resources are released on abort too. */
	KUNIT_EXPECT_EQ(test, fake_actions, 1);
	KUNIT_EXPECT_TRUE(test, list_empty(&fake.resources));
}

static void fake_skips(struct kunit *test)
{
	kunit_skip(test, "no %s here", "hardware");
	fake_reached = 1;
}

static void kunit_skip_aborts(struct kunit *test)
{
	struct kunit fake;

	fake_run(&fake, fake_skips, NULL);
	KUNIT_EXPECT_EQ(test, fake.status, KUNIT_SKIPPED);
	KUNIT_EXPECT_STREQ(test, fake.status_comment, "no hardware here");
	KUNIT_EXPECT_EQ(test, fake_reached, 0);
}

static int fake_init_fails(struct kunit *test)
{
	return -EINVAL;
}

static int fake_exit_calls;

static void fake_exit(struct kunit *test)
{
	fake_exit_calls++;
}

static void fake_body(struct kunit *test)
{
	fake_reached = 1;
}

static void kunit_init_and_exit(struct kunit *test)
{
	struct kunit_suite suite = { .name = "fake", .init = fake_init_fails,
				     .exit = fake_exit };
	struct kunit fake;

	fake_exit_calls = 0;
	fake_run(&fake, fake_body, &suite);
	KUNIT_EXPECT_EQ(test, fake.status, KUNIT_FAILURE);
	KUNIT_EXPECT_EQ(test, fake_reached, 0);
	KUNIT_EXPECT_EQ(test, fake_exit_calls, 1);

	suite.init = NULL;
	fake_run(&fake, fake_assert_fails, &suite);
	/* exit() runs after an aborted case as well. */
	KUNIT_EXPECT_EQ(test, fake_exit_calls, 2);
}

static void kunit_current_test_is_set(struct kunit *test)
{
	KUNIT_EXPECT_PTR_EQ(test, kunit_get_current_test(), test);
}

static void kunit_managed_alloc(struct kunit *test)
{
	u8 *p = kunit_kzalloc(test, 100, GFP_KERNEL);
	u8 zero[100] = { };

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, p);
	KUNIT_EXPECT_MEMEQ(test, p, zero, sizeof(zero));
	kunit_kfree(test, p);
	KUNIT_EXPECT_TRUE(test, list_empty(&test->resources));
	KUNIT_EXPECT_STREQ(test, kunit_kstrdup(test, "dup", GFP_KERNEL), "dup");
	KUNIT_EXPECT_NULL(test, kunit_kstrdup(test, NULL, GFP_KERNEL));
	/* These are freed by the framework at the end of the case. */
	KUNIT_EXPECT_NOT_NULL(test, kunit_kmalloc_array(test, 4, 8, GFP_KERNEL));
}

static void kunit_printk_capture(struct kunit *test)
{
	kunit_printk_capture_start();
	pr_info("kunit capture marker %d\n", 4711);
	kunit_printk_capture_stop();
	if (!kunit_log_contains("marker"))
		kunit_skip(test, "printk() does not call printk_capture_hook()");
	KUNIT_EXPECT_TRUE(test, kunit_log_contains("kunit capture marker 4711"));
	KUNIT_EXPECT_FALSE(test, kunit_log_contains("marker 4712"));
	pr_info("kunit capture marker 4712\n");
	KUNIT_EXPECT_FALSE(test, kunit_log_contains("marker 4712"));
}

static void kunit_expected_splat(struct kunit *test)
{
	kunit_printk_capture_start();
	kunit_expect_splat_begin(test);
	WARN_ON(test != NULL);
	kunit_expect_splat_end(test);
	kunit_printk_capture_stop();
	KUNIT_EXPECT_TRUE(test, kunit_log_contains("WARNING"));
}

static void kunit_skip_shows(struct kunit *test)
{
	kunit_skip(test, "skipped on purpose: shows the SKIP directive");
	KUNIT_FAIL(test, "not reached");
}

struct kunit_param_case {
	int in;
	int square;
	const char *desc;
};

static const struct kunit_param_case kunit_params[] = {
	{ 2, 4, "two" },
	{ 3, 9, "three" },
	{ -4, 16, "minus four" },
};
KUNIT_ARRAY_PARAM_DESC(kunit_params, kunit_params, desc);

static void kunit_param_squares(struct kunit *test)
{
	const struct kunit_param_case *p = test->param_value;

	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_EXPECT_EQ(test, p->in * p->in, p->square);
}

static struct kunit_case kunit_self_test_cases[] = {
	KUNIT_CASE(kunit_expectations_counted),
	KUNIT_CASE(kunit_assert_aborts),
	KUNIT_CASE(kunit_skip_aborts),
	KUNIT_CASE(kunit_init_and_exit),
	KUNIT_CASE(kunit_current_test_is_set),
	KUNIT_CASE(kunit_managed_alloc),
	KUNIT_CASE(kunit_printk_capture),
	KUNIT_CASE(kunit_expected_splat),
	KUNIT_CASE(kunit_skip_shows),
	KUNIT_CASE_PARAM(kunit_param_squares, kunit_params_gen_params),
	{}
};

static struct kunit_suite kunit_self_test_suite = {
	.name = "kunit",
	.test_cases = kunit_self_test_cases,
};
kunit_test_suite(kunit_self_test_suite);
