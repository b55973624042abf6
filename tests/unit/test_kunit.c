// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the KUnit runner (kernel/kunit/test.c, included
 * directly): run small suites on the host and compare the KTAP text.
 * CPU-state primitives (%gs per-CPU data, cli/sti) are replaced by host
 * stand-ins before the runner is included.
 */
#include "ktest.h"

#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/preempt.h>

static int host_preempt;
static bool host_irqs_off;

#undef current
#define current			((struct task_struct *)&host_preempt)
#undef spin_lock_irqsave
#define spin_lock_irqsave(l, f)	do { (void)(l); (f) = 0; } while (0)
#define spin_unlock_irqrestore(l, f) do { (void)(l); (void)(f); } while (0)
#undef spin_lock_init
#define spin_lock_init(l)	do { (void)(l); } while (0)
#define preempt_count()		(host_preempt)
#undef preempt_count_sub
#define preempt_count_sub(v)	(host_preempt -= (v))
#define irqs_disabled()		(host_irqs_off)
#define local_irq_disable()	(host_irqs_off = true)
#define local_irq_enable()	(host_irqs_off = false)

#include "../../kernel/kunit/test.c"

/* kernel/kunit/capture.c is not needed: */
void kunit_capture_case_end(struct kunit *test)
{
	if (test->splat_open)
		printk("%s# expect-splat: end\n", test->indent);
}

static char out[32768];
static size_t out_len;

int printk(const char *fmt, ...)
{
	va_list args;
	int n;

	while (fmt[0] == KERN_SOH[0] && fmt[1])
		fmt += 2;
	va_start(args, fmt);
	n = vscnprintf(out + out_len, sizeof(out) - out_len, fmt, args);
	va_end(args);
	out_len += n;
	return n;
}

static int allocs;

/* kmalloc() is inline: it ends in one of these two. */
void *__kmalloc(size_t size, gfp_t flags)
{
	allocs++;
	return malloc(size);
}

void *__kmalloc_class(unsigned int index, size_t size, gfp_t flags)
{
	return __kmalloc(size, flags);
}

void kfree(const void *p)
{
	if (p)
		allocs--;
	free((void *)p);
}

/* ---- the suites under test ---- */

static int exits;

static void t_pass(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, 1 + 1, 2);
	KUNIT_EXPECT_STREQ(test, "a", "a");
}

static void t_fail(struct kunit *test)
{
	int x = 3;

	KUNIT_EXPECT_EQ(test, x, 4);
	KUNIT_ASSERT_TRUE_MSG(test, x == 5, "x is %d", x);
	KUNIT_FAIL(test, "not reached");
}

static void t_skip(struct kunit *test)
{
	kunit_skip(test, "no %s", "way");
}

static void t_leak(struct kunit *test)
{
	KUNIT_ASSERT_NOT_NULL(test, kunit_kmalloc(test, 10, GFP_KERNEL));
	host_preempt++;		/* as if aborted inside a spinlock */
	host_irqs_off = true;
	KUNIT_ASSERT_EQ(test, 0, 1);
}

static const int pvals[] = { 1, 2, 3 };
static void pdesc(const int *p, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "v%d", *p);
}
KUNIT_ARRAY_PARAM(pv, pvals, pdesc);

static void t_param(struct kunit *test)
{
	KUNIT_EXPECT_NE(test, *(const int *)test->param_value, 2);
}

static void suite_exit_fn(struct kunit *test)
{
	exits++;
}

static struct kunit_case alpha_cases[] = {
	KUNIT_CASE(t_pass),
	KUNIT_CASE(t_fail),
	KUNIT_CASE(t_skip),
	KUNIT_CASE_SLOW(t_leak),
	{}
};

static struct kunit_suite alpha = {
	.name = "alpha",
	.exit = suite_exit_fn,
	.test_cases = alpha_cases,
};

static struct kunit_case beta_cases[] = {
	KUNIT_CASE(t_pass),
	KUNIT_CASE_PARAM(t_param, pv_gen_params),
	{}
};

static struct kunit_suite beta = {
	.name = "beta",
	.test_cases = beta_cases,
};

static struct kunit_case gamma_cases[] = {
	KUNIT_CASE(t_skip),
	{}
};

static struct kunit_suite gamma = {
	.name = "gamma",
	.test_cases = gamma_cases,
};
kunit_test_suites(&alpha, &beta);
kunit_test_suite(gamma);

static void reset(void)
{
	out_len = 0;
	out[0] = '\0';
	exits = 0;
	kunit_failed_since_boot = false;
}

static bool has(const char *text)
{
	return strstr(out, text) != NULL;
}

static void test_all_suites(struct ktest *t)
{
	reset();
	KEXPECT_EQ(t, kunit_run_tests_by_name(NULL), 0);
	KEXPECT_TRUE(t, !strncmp(out, "KTAP version 1\n1..3\n", 20));
	KEXPECT_TRUE(t, has("    KTAP version 1\n    # Subtest: alpha\n    1..4\n    ok 1 t_pass\n"));
	KEXPECT_TRUE(t, has("    # t_fail: EXPECTATION FAILED at tests/unit/test_kunit.c:"));
	KEXPECT_TRUE(t, has("    Expected x == 4, but\n        x == 3 (0x3)\n        4 == 4 (0x4)\n"));
	KEXPECT_TRUE(t, has("    # t_fail: ASSERTION FAILED at tests/unit/test_kunit.c:"));
	KEXPECT_TRUE(t, has("    Expected x == 5 to be true, but is false\n    x is 3\n    not ok 2 t_fail\n"));
	KEXPECT_FALSE(t, has("not reached"));
	KEXPECT_TRUE(t, has("    ok 3 t_skip # SKIP no way\n"));
	KEXPECT_TRUE(t, has("    not ok 4 t_leak\n# alpha: pass:1 fail:2 skip:1 total:4\nnot ok "));
	KEXPECT_TRUE(t, has("        KTAP version 1\n        # Subtest: t_param\n        ok 1 v1\n"));
	KEXPECT_TRUE(t, has("        not ok 2 v2\n        ok 3 v3\n        1..3\n"
			    "    # t_param: pass:2 fail:1 skip:0 total:3\n    not ok 2 t_param\n"));
	KEXPECT_TRUE(t, has("# beta: pass:3 fail:1 skip:0 total:4\nnot ok "));
	KEXPECT_TRUE(t, has("    ok 1 t_skip # SKIP no way\n# gamma: pass:0 fail:0 skip:1 total:1\n"
			    "ok "));
	KEXPECT_TRUE(t, has(" gamma # SKIP all cases skipped\n"));
	/* Ends with the totals, counting every parameter run. */
	KEXPECT_TRUE(t, out_len > 0 &&
		     has("# Totals: pass:4 fail:3 skip:2 total:9\n") &&
		     !strcmp(strstr(out, "# Totals:"), "# Totals: pass:4 fail:3 skip:2 total:9\n"));
	KEXPECT_TRUE(t, kunit_any_failed());
	/* exit() ran after every alpha case, aborted ones included. */
	KEXPECT_EQ(t, exits, 4);
	/* The aborted case's preempt count, irq state and memory were restored. */
	KEXPECT_EQ(t, host_preempt, 0);
	KEXPECT_FALSE(t, host_irqs_off);
	KEXPECT_EQ(t, allocs, 0);
	KEXPECT_NULL(t, kunit_get_current_test());
}

static void test_one_suite(struct ktest *t)
{
	reset();
	KEXPECT_EQ(t, kunit_run_tests_by_name("gamma"), 0);
	KEXPECT_STREQ(t, out,
		      "KTAP version 1\n"
		      "1..1\n"
		      "    KTAP version 1\n"
		      "    # Subtest: gamma\n"
		      "    1..1\n"
		      "    ok 1 t_skip # SKIP no way\n"
		      "# gamma: pass:0 fail:0 skip:1 total:1\n"
		      "ok 1 gamma # SKIP all cases skipped\n"
		      "# Totals: pass:0 fail:0 skip:1 total:1\n");
	KEXPECT_FALSE(t, kunit_any_failed());
}

static void test_one_case(struct ktest *t)
{
	reset();
	KEXPECT_EQ(t, kunit_run_tests_by_name("beta.t_pass"), 0);
	KEXPECT_STREQ(t, out,
		      "KTAP version 1\n"
		      "1..1\n"
		      "    KTAP version 1\n"
		      "    # Subtest: beta\n"
		      "    1..1\n"
		      "    ok 1 t_pass\n"
		      "# beta: pass:1 fail:0 skip:0 total:1\n"
		      "ok 1 beta\n"
		      "# Totals: pass:1 fail:0 skip:0 total:1\n");
}

static void test_unknown(struct ktest *t)
{
	reset();
	KEXPECT_EQ(t, kunit_run_tests_by_name("nosuch"), -ENOENT);
	KEXPECT_EQ(t, kunit_run_tests_by_name("alpha.nosuch"), -ENOENT);
	KEXPECT_EQ(t, kunit_run_tests_by_name("alph"), -ENOENT);
	KEXPECT_EQ(t, out_len, 0U);
	KEXPECT_EQ(t, kunit_run_tests_by_name("all"), 0);
	KEXPECT_TRUE(t, has("1..3\n"));
}

static void test_several(struct ktest *t)
{
	static const char * const names[] = { "gamma", "beta.t_pass", "gamma" };

	reset();
	KEXPECT_EQ(t, kunit_run_tests_by_names(names, 3), 0);
	KEXPECT_TRUE(t, !strncmp(out, "KTAP version 1\n1..3\n", 20));
	KEXPECT_TRUE(t, has("ok 1 gamma # SKIP"));
	KEXPECT_TRUE(t, has("\nok 2 beta\n"));
	KEXPECT_TRUE(t, has("ok 3 gamma # SKIP"));
	KEXPECT_TRUE(t, has("# Totals: pass:1 fail:0 skip:2 total:3\n"));
	KEXPECT_TRUE(t, kunit_test_exists("alpha.t_leak"));
	KEXPECT_TRUE(t, kunit_test_exists("all"));
	KEXPECT_FALSE(t, kunit_test_exists("alpha.t_leak2"));
	KEXPECT_FALSE(t, kunit_test_exists(""));
}

static const struct ktest_case cases[] = {
	KTEST_CASE(test_several),
	KTEST_CASE(test_all_suites),
	KTEST_CASE(test_one_suite),
	KTEST_CASE(test_one_case),
	KTEST_CASE(test_unknown),
	{}
};
KTEST_MAIN("kunit", cases);
