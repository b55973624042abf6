// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit-compatible test runner: runs the suites registered with
 * kunit_test_suites() and prints KTAP version 1 as Linux's KUnit does.
 *
 * A case runs in the calling task inside a __builtin_setjmp() frame; a
 * failed assertion or kunit_skip() in that task __builtin_longjmp()s back
 * here.  See <kunit/test.h> for the rules.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/list.h>
#include <linux/preempt.h>
#include <linux/irqflags.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <kunit/test.h>
#include "kunit-internal.h"

/* sparse does not know the gcc setjmp builtins. */
#ifdef __CHECKER__
#define kunit_setjmp(buf)	((void)(buf), 0)
#define kunit_longjmp(buf)	do { (void)(buf); for (;;) ; } while (0)
#else
#define kunit_setjmp(buf)	__builtin_setjmp(buf)
#define kunit_longjmp(buf)	__builtin_longjmp(buf, 1)
#endif

struct kunit *kunit_current_test;
static bool kunit_failed_since_boot;
static int kunit_running;

struct kunit_action_node {
	struct list_head list;
	kunit_action_t *action;
	void *ctx;
};

struct kunit_stats {
	unsigned long passed, failed, skipped;
};

static const void *kunit_task(void)
{
	return (const void *)current;
}

/**
 * kunit_init_test() - prepare a test context
 * @test: the context
 * @name: the case name used in messages
 */
void kunit_init_test(struct kunit *test, const char *name)
{
	memset(test, 0, sizeof(*test));
	spin_lock_init(&test->lock);
	INIT_LIST_HEAD(&test->resources);
	test->name = name;
	test->status = KUNIT_SUCCESS;
	test->indent = KUNIT_SUBTEST_INDENT;
}

/**
 * kunit_set_failure() - record that the case failed
 * @test: the context
 */
void kunit_set_failure(struct kunit *test)
{
	unsigned long flags;

	spin_lock_irqsave(&test->lock, flags);
	test->failures++;
	test->status = KUNIT_FAILURE;
	spin_unlock_irqrestore(&test->lock, flags);
}

/**
 * __kunit_abort() - leave the running case at once
 * @test: the context; must be the case running in this task
 *
 * Jumps back to the runner, which calls the suite's exit() and frees the
 * case's resources.
 */
__noreturn void __kunit_abort(struct kunit *test)
{
	kunit_longjmp(test->jmp_buf);
}

/**
 * __kunit_abort_or_return() - abort the case if we are in its task
 * @test: the context
 *
 * Assertions and kunit_skip() in other tasks (threads a case started)
 * cannot unwind the case's stack: there the failure stays recorded and
 * the caller continues.
 */
void __kunit_abort_or_return(struct kunit *test)
{
	if (READ_ONCE(test->jmp_valid) && test->owner == kunit_task())
		__kunit_abort(test);
	if (!test->quiet)
		kunit_err(test, "assertion outside the case's task: not aborted\n");
}

static void kunit_print_failure_head(struct kunit *test, const char *file,
				     int line, enum kunit_assert_type type)
{
	printk(KERN_ERR "%s# %s: %s FAILED at %s:%d\n", test->indent,
	       test->name, type == KUNIT_ASSERTION ? "ASSERTION" : "EXPECTATION",
	       file, line);
}

static void kunit_print_user_msg(struct kunit *test, const char *fmt,
				 va_list args)
{
	char msg[256];

	if (!fmt)
		return;
	vscnprintf(msg, sizeof(msg), fmt, args);
	printk(KERN_ERR "%s%s\n", test->indent, msg);
}

/* Record, print (unless quiet) and abort an assertion. */
#define KUNIT_FAIL_BODY(test, file, line, type, fmt, print)		\
do {									\
	kunit_set_failure(test);					\
	if (!(test)->quiet) {						\
		va_list args;						\
									\
		kunit_print_failure_head(test, file, line, type);	\
		print;							\
		va_start(args, fmt);					\
		kunit_print_user_msg(test, fmt, args);			\
		va_end(args);						\
	}								\
	if (type == KUNIT_ASSERTION)					\
		__kunit_abort_or_return(test);				\
} while (0)

/**
 * __kunit_fail_msg() - KUNIT_FAIL() and friends
 * @test: the context
 * @file: source file of the check
 * @line: its line
 * @type: expectation or assertion
 * @what: text printed after the head line ("" for none)
 * @fmt: the user's message, or NULL
 */
void __kunit_fail_msg(struct kunit *test, const char *file, int line,
		      enum kunit_assert_type type, const char *what,
		      const char *fmt, ...)
{
	KUNIT_FAIL_BODY(test, file, line, type, fmt, ({
		if (what && *what)
			printk(KERN_ERR "%s%s\n", test->indent, what);
	}));
}

/**
 * __kunit_fail_unary() - KUNIT_EXPECT_TRUE()/_FALSE() failed
 * @test: the context
 * @file: source file of the check
 * @line: its line
 * @type: expectation or assertion
 * @text: the condition's source text
 * @expected: the value it should have had
 * @fmt: the user's message, or NULL
 */
void __kunit_fail_unary(struct kunit *test, const char *file, int line,
			enum kunit_assert_type type, const char *text,
			bool expected, const char *fmt, ...)
{
	KUNIT_FAIL_BODY(test, file, line, type, fmt, ({
		printk(KERN_ERR "%sExpected %s to be %s, but is %s\n",
		       test->indent, text, expected ? "true" : "false",
		       expected ? "false" : "true");
	}));
}

/**
 * __kunit_fail_binary_int() - an integer comparison failed
 * @test: the context
 * @file: source file of the check
 * @line: its line
 * @type: expectation or assertion
 * @ltext: left operand's source text
 * @op: the operator
 * @rtext: right operand's source text
 * @lval: left value
 * @rval: right value
 * @fmt: the user's message, or NULL
 */
void __kunit_fail_binary_int(struct kunit *test, const char *file, int line,
			     enum kunit_assert_type type, const char *ltext,
			     const char *op, const char *rtext,
			     long long lval, long long rval,
			     const char *fmt, ...)
{
	KUNIT_FAIL_BODY(test, file, line, type, fmt, ({
		printk(KERN_ERR "%sExpected %s %s %s, but\n", test->indent,
		       ltext, op, rtext);
		printk(KERN_ERR "%s    %s == %lld (0x%llx)\n", test->indent,
		       ltext, lval, (unsigned long long)lval);
		printk(KERN_ERR "%s    %s == %lld (0x%llx)\n", test->indent,
		       rtext, rval, (unsigned long long)rval);
	}));
}

/**
 * __kunit_fail_binary_ptr() - a pointer comparison failed
 * @test: the context
 * @file: source file of the check
 * @line: its line
 * @type: expectation or assertion
 * @ltext: left operand's source text
 * @op: the operator
 * @rtext: right operand's source text
 * @lval: left value
 * @rval: right value
 * @fmt: the user's message, or NULL
 */
void __kunit_fail_binary_ptr(struct kunit *test, const char *file, int line,
			     enum kunit_assert_type type, const char *ltext,
			     const char *op, const char *rtext,
			     const void *lval, const void *rval,
			     const char *fmt, ...)
{
	KUNIT_FAIL_BODY(test, file, line, type, fmt, ({
		printk(KERN_ERR "%sExpected %s %s %s, but\n", test->indent,
		       ltext, op, rtext);
		printk(KERN_ERR "%s    %s == %px\n", test->indent, ltext, lval);
		printk(KERN_ERR "%s    %s == %px\n", test->indent, rtext, rval);
	}));
}

/**
 * __kunit_fail_binary_str() - a string comparison failed
 * @test: the context
 * @file: source file of the check
 * @line: its line
 * @type: expectation or assertion
 * @ltext: left operand's source text
 * @op: the operator
 * @rtext: right operand's source text
 * @lval: left string
 * @rval: right string
 * @fmt: the user's message, or NULL
 */
void __kunit_fail_binary_str(struct kunit *test, const char *file, int line,
			     enum kunit_assert_type type, const char *ltext,
			     const char *op, const char *rtext,
			     const char *lval, const char *rval,
			     const char *fmt, ...)
{
	KUNIT_FAIL_BODY(test, file, line, type, fmt, ({
		printk(KERN_ERR "%sExpected %s %s %s, but\n", test->indent,
		       ltext, op, rtext);
		printk(KERN_ERR "%s    %s == \"%s\"\n", test->indent, ltext,
		       lval ? lval : "(null)");
		printk(KERN_ERR "%s    %s == \"%s\"\n", test->indent, rtext,
		       rval ? rval : "(null)");
	}));
}

/**
 * __kunit_fail_ptr_err() - KUNIT_EXPECT_NOT_ERR_OR_NULL() failed
 * @test: the context
 * @file: source file of the check
 * @line: its line
 * @type: expectation or assertion
 * @text: the pointer's source text
 * @ptr: its value
 * @fmt: the user's message, or NULL
 */
void __kunit_fail_ptr_err(struct kunit *test, const char *file, int line,
			  enum kunit_assert_type type, const char *text,
			  const void *ptr, const char *fmt, ...)
{
	KUNIT_FAIL_BODY(test, file, line, type, fmt, ({
		if (!ptr)
			printk(KERN_ERR "%sExpected %s is not null, but is\n",
			       test->indent, text);
		else
			printk(KERN_ERR "%sExpected %s is not error, but is: %ld\n",
			       test->indent, text, PTR_ERR(ptr));
	}));
}

static void kunit_print_hex(struct kunit *test, const char *text,
			    const void *p, size_t size)
{
	char buf[3 * 16 + 1];
	const u8 *b = p;
	size_t n = min_t(size_t, size, 16), len = 0;

	if (!p) {
		printk(KERN_ERR "%s    %s == (null)\n", test->indent, text);
		return;
	}
	for (size_t i = 0; i < n; i++)
		len += scnprintf(buf + len, sizeof(buf) - len, " %02x", b[i]);
	printk(KERN_ERR "%s    %s ==%s%s\n", test->indent, text, buf,
	       size > n ? " ..." : "");
}

/**
 * __kunit_fail_mem() - a memory comparison failed
 * @test: the context
 * @file: source file of the check
 * @line: its line
 * @type: expectation or assertion
 * @ltext: left operand's source text
 * @op: the operator
 * @rtext: right operand's source text
 * @lval: left buffer
 * @rval: right buffer
 * @size: bytes compared
 * @fmt: the user's message, or NULL
 */
void __kunit_fail_mem(struct kunit *test, const char *file, int line,
		      enum kunit_assert_type type, const char *ltext,
		      const char *op, const char *rtext, const void *lval,
		      const void *rval, size_t size, const char *fmt, ...)
{
	KUNIT_FAIL_BODY(test, file, line, type, fmt, ({
		printk(KERN_ERR "%sExpected %s %s %s, but\n", test->indent,
		       ltext, op, rtext);
		kunit_print_hex(test, ltext, lval, size);
		kunit_print_hex(test, rtext, rval, size);
	}));
}

/**
 * __kunit_fail_current_test() - fail the running case from anywhere
 * @file: source file
 * @line: source line
 * @fmt: message
 */
void __kunit_fail_current_test(const char *file, int line, const char *fmt, ...)
{
	struct kunit *test = kunit_get_current_test();
	char msg[256];
	va_list args;

	if (!test)
		return;
	kunit_set_failure(test);
	if (test->quiet)
		return;
	va_start(args, fmt);
	vscnprintf(msg, sizeof(msg), fmt, args);
	va_end(args);
	printk(KERN_ERR "%s# %s: %s:%d: %s\n", test->indent, test->name,
	       file, line, msg);
}

/**
 * kunit_mark_skipped() - mark the case skipped without leaving it
 * @test: the context
 * @fmt: reason, printed after "# SKIP"
 */
void kunit_mark_skipped(struct kunit *test, const char *fmt, ...)
{
	unsigned long flags;
	va_list args;

	spin_lock_irqsave(&test->lock, flags);
	if (test->status != KUNIT_FAILURE)
		test->status = KUNIT_SKIPPED;
	va_start(args, fmt);
	vscnprintf(test->status_comment, sizeof(test->status_comment), fmt, args);
	va_end(args);
	spin_unlock_irqrestore(&test->lock, flags);
}

/* --- managed resources --------------------------------------------------- */

/**
 * kunit_add_action() - call @action(@ctx) when the case ends
 * @test: the context
 * @action: the function
 * @ctx: its argument
 *
 * Actions run last-added first, after the suite's exit().
 *
 * Return: 0 or -ENOMEM.
 */
int kunit_add_action(struct kunit *test, kunit_action_t *action, void *ctx)
{
	struct kunit_action_node *node = kmalloc(sizeof(*node), GFP_KERNEL);
	unsigned long flags;

	if (!node)
		return -ENOMEM;
	node->action = action;
	node->ctx = ctx;
	spin_lock_irqsave(&test->lock, flags);
	list_add(&node->list, &test->resources);
	spin_unlock_irqrestore(&test->lock, flags);
	return 0;
}

/**
 * kunit_add_action_or_reset() - kunit_add_action(), or call @action now
 * @test: the context
 * @action: the function
 * @ctx: its argument
 *
 * Return: 0, or -ENOMEM after calling @action(@ctx).
 */
int kunit_add_action_or_reset(struct kunit *test, kunit_action_t *action,
			      void *ctx)
{
	int ret = kunit_add_action(test, action, ctx);

	if (ret)
		action(ctx);
	return ret;
}

static struct kunit_action_node *kunit_unlink_action(struct kunit *test,
						     kunit_action_t *action,
						     void *ctx)
{
	struct kunit_action_node *node, *found = NULL;
	unsigned long flags;

	spin_lock_irqsave(&test->lock, flags);
	list_for_each_entry(node, &test->resources, list) {
		if (node->action == action && node->ctx == ctx) {
			list_del(&node->list);
			found = node;
			break;
		}
	}
	spin_unlock_irqrestore(&test->lock, flags);
	return found;
}

/**
 * kunit_remove_action() - forget a deferred action without calling it
 * @test: the context
 * @action: the function
 * @ctx: its argument
 */
void kunit_remove_action(struct kunit *test, kunit_action_t *action, void *ctx)
{
	kfree(kunit_unlink_action(test, action, ctx));
}

/**
 * kunit_release_action() - call a deferred action now and forget it
 * @test: the context
 * @action: the function
 * @ctx: its argument
 */
void kunit_release_action(struct kunit *test, kunit_action_t *action, void *ctx)
{
	struct kunit_action_node *node = kunit_unlink_action(test, action, ctx);

	if (node) {
		node->action(node->ctx);
		kfree(node);
	}
}

static void kunit_kfree_action(void *ptr)
{
	kfree(ptr);
}

/**
 * kunit_kmalloc() - kmalloc() freed automatically when the case ends
 * @test: the context
 * @size: bytes
 * @gfp: allocation flags
 *
 * Return: the memory or NULL.
 */
void *kunit_kmalloc(struct kunit *test, size_t size, gfp_t gfp)
{
	void *p = kmalloc(size, gfp);

	if (p && kunit_add_action_or_reset(test, kunit_kfree_action, p))
		return NULL;
	return p;
}

/**
 * kunit_kfree() - free kunit_kmalloc() memory before the case ends
 * @test: the context
 * @ptr: the memory (NULL is ignored)
 */
void kunit_kfree(struct kunit *test, const void *ptr)
{
	if (ptr)
		kunit_release_action(test, kunit_kfree_action, (void *)ptr);
}

static void kunit_run_actions(struct kunit *test)
{
	for (;;) {
		struct kunit_action_node *node = NULL;
		unsigned long flags;

		spin_lock_irqsave(&test->lock, flags);
		if (!list_empty(&test->resources)) {
			node = list_first_entry(&test->resources,
						struct kunit_action_node, list);
			list_del(&node->list);
		}
		spin_unlock_irqrestore(&test->lock, flags);
		if (!node)
			break;
		node->action(node->ctx);
		kfree(node);
	}
}

/* --- running ------------------------------------------------------------ */

/* What a __builtin_setjmp() frame runs: a case, an init or an exit. */
struct kunit_call {
	void (*run)(struct kunit *test);
	int (*init)(struct kunit *test);
	int ret;
};

/*
 * Run @call in a frame that KUNIT_ASSERT_*() can jump back to.
 * Return: true if it ran to its end, false if it was aborted.
 */
static noinline bool kunit_try(struct kunit *test, struct kunit_call *call)
{
	if (kunit_setjmp(test->jmp_buf)) {
		WRITE_ONCE(test->jmp_valid, false);
		return false;
	}
	test->owner = kunit_task();
	WRITE_ONCE(test->jmp_valid, true);
	if (call->init)
		call->ret = call->init(test);
	else
		call->run(test);
	WRITE_ONCE(test->jmp_valid, false);
	return true;
}

/**
 * kunit_run_case_body() - run one case (with the suite's init/exit)
 * @suite: the suite, or NULL for a bare case
 * @test: an initialised context
 * @run: the case function
 *
 * Leaves the result in @test->status; the context's resources are freed.
 * Used by the runner and by the framework's self-tests (quiet contexts).
 */
void kunit_run_case_body(struct kunit_suite *suite, struct kunit *test,
			 void (*run)(struct kunit *test))
{
	struct kunit *outer = kunit_current_test;
	int saved_preempt = preempt_count();
	bool saved_irqs_off = irqs_disabled();
	struct kunit_call call = { };
	bool aborted = false;

	WRITE_ONCE(kunit_current_test, test);
	if (suite && suite->init) {
		call.init = suite->init;
		if (!kunit_try(test, &call)) {
			aborted = true;
		} else if (call.ret) {
			kunit_err(test, "failed to initialize: %d\n", call.ret);
			kunit_set_failure(test);
		}
	}
	if (!call.ret && !aborted) {
		call.init = NULL;
		call.run = run;
		aborted = !kunit_try(test, &call);
	}
	if (suite && suite->exit) {
		call.init = NULL;
		call.run = suite->exit;
		kunit_try(test, &call);
	}
	kunit_run_actions(test);
	kunit_capture_case_end(test);

	/* A case aborted inside a spinlock or irq-off section. */
	if (preempt_count() != saved_preempt) {
		if (!aborted) {
			kunit_err(test, "preempt count leaked: %d, expected %d\n",
				  preempt_count(), saved_preempt);
			kunit_set_failure(test);
		}
		preempt_count_sub(preempt_count() - saved_preempt);
	}
	if (irqs_disabled() != saved_irqs_off) {
		if (!aborted) {
			kunit_err(test, "interrupts left %s\n",
				  saved_irqs_off ? "enabled" : "disabled");
			kunit_set_failure(test);
		}
		if (saved_irqs_off)
			local_irq_disable();
		else
			local_irq_enable();
	}
	if (test->failures)
		test->status = KUNIT_FAILURE;
	WRITE_ONCE(kunit_current_test, outer);
}

static void kunit_print_result(const char *indent, enum kunit_status status,
			       unsigned int num, const char *name,
			       const char *comment)
{
	if (status == KUNIT_SKIPPED)
		printk(KERN_INFO "%sok %u %s # SKIP %s\n", indent, num, name, comment);
	else
		printk(KERN_INFO "%s%s %u %s\n", indent,
		       status == KUNIT_FAILURE ? "not ok" : "ok", num, name);
}

static void kunit_account(struct kunit_stats *stats, enum kunit_status status)
{
	if (status == KUNIT_FAILURE)
		stats->failed++;
	else if (status == KUNIT_SKIPPED)
		stats->skipped++;
	else
		stats->passed++;
}

static enum kunit_status kunit_stats_status(const struct kunit_stats *s)
{
	if (s->failed)
		return KUNIT_FAILURE;
	if (s->skipped && !s->passed)
		return KUNIT_SKIPPED;
	return KUNIT_SUCCESS;
}

static void kunit_print_stats(const char *indent, const char *name,
			      const struct kunit_stats *s)
{
	printk(KERN_INFO "%s# %s: pass:%lu fail:%lu skip:%lu total:%lu\n",
	       indent, name, s->passed, s->failed, s->skipped,
	       s->passed + s->failed + s->skipped);
}

/* One case: returns its status; adds every run (param) to @stats. */
static enum kunit_status kunit_run_case(struct kunit_suite *suite,
					struct kunit_case *c, unsigned int num,
					struct kunit_stats *stats)
{
	struct kunit test;
	struct kunit_stats param_stats = { };
	char desc[KUNIT_PARAM_DESC_SIZE];
	const void *param;
	unsigned int idx = 0;

	if (suite->suite_init_err) {
		c->status = KUNIT_FAILURE;
		kunit_account(stats, c->status);
		kunit_print_result(KUNIT_SUBTEST_INDENT, c->status, num, c->name, "");
		return c->status;
	}

	if (!c->generate_params) {
		kunit_init_test(&test, c->name);
		kunit_run_case_body(suite, &test, c->run_case);
		c->status = test.status;
		kunit_account(stats, c->status);
		kunit_print_result(KUNIT_SUBTEST_INDENT, c->status, num, c->name,
				   test.status_comment);
		return c->status;
	}

	/* Parameterised: a nested KTAP subtest, one result per parameter. */
	printk(KERN_INFO KUNIT_SUBSUBTEST_INDENT "KTAP version 1\n");
	printk(KERN_INFO KUNIT_SUBSUBTEST_INDENT "# Subtest: %s\n", c->name);
	desc[0] = '\0';
	param = c->generate_params(NULL, desc);
	while (param) {
		kunit_init_test(&test, c->name);
		test.indent = KUNIT_SUBSUBTEST_INDENT;
		test.param_value = param;
		test.param_index = idx;
		if (!desc[0])
			scnprintf(desc, sizeof(desc), "param-%u", idx);
		kunit_run_case_body(suite, &test, c->run_case);
		kunit_account(&param_stats, test.status);
		kunit_account(stats, test.status);
		kunit_print_result(KUNIT_SUBSUBTEST_INDENT, test.status, ++idx,
				   desc, test.status_comment);
		desc[0] = '\0';
		param = c->generate_params(param, desc);
	}
	printk(KERN_INFO KUNIT_SUBSUBTEST_INDENT "1..%u\n", idx);
	kunit_print_stats(KUNIT_SUBTEST_INDENT, c->name, &param_stats);
	c->status = kunit_stats_status(&param_stats);
	kunit_print_result(KUNIT_SUBTEST_INDENT, c->status, num, c->name,
			   "no parameters passed");
	return c->status;
}

/**
 * kunit_suite_num_test_cases() - number of cases in a suite
 * @suite: the suite
 *
 * Return: the number of entries before the terminating empty case.
 */
unsigned int kunit_suite_num_test_cases(struct kunit_suite *suite)
{
	unsigned int n = 0;

	for (const struct kunit_case *c = suite->test_cases; c && c->run_case; c++)
		n++;
	return n;
}

static bool kunit_case_selected(const struct kunit_case *c, const char *only)
{
	return !only || !strcmp(c->name, only);
}

/* One suite as KTAP subtest @num; adds its case counts to @totals. */
static void kunit_run_suite(struct kunit_suite *suite, unsigned int num,
			    const char *only, struct kunit_stats *totals)
{
	struct kunit_stats stats = { };
	enum kunit_status status;
	unsigned int ncases = 0, idx = 0;
	struct kunit_case *c;

	for (c = suite->test_cases; c && c->run_case; c++)
		ncases += kunit_case_selected(c, only);

	printk(KERN_INFO KUNIT_SUBTEST_INDENT "KTAP version 1\n");
	printk(KERN_INFO KUNIT_SUBTEST_INDENT "# Subtest: %s\n", suite->name);
	printk(KERN_INFO KUNIT_SUBTEST_INDENT "1..%u\n", ncases);

	suite->suite_init_err = 0;
	suite->status_comment[0] = '\0';
	if (suite->suite_init) {
		suite->suite_init_err = suite->suite_init(suite);
		if (suite->suite_init_err)
			printk(KERN_ERR KUNIT_SUBTEST_INDENT
			       "# failed to initialize (%d)\n",
			       suite->suite_init_err);
	}

	for (c = suite->test_cases; c && c->run_case; c++) {
		if (kunit_case_selected(c, only))
			kunit_run_case(suite, c, ++idx, &stats);
	}

	if (suite->suite_exit && !suite->suite_init_err)
		suite->suite_exit(suite);

	kunit_print_stats("", suite->name, &stats);
	status = kunit_stats_status(&stats);
	if (suite->suite_init_err)
		status = KUNIT_FAILURE;
	kunit_print_result("", status, num, suite->name, "all cases skipped");
	if (stats.failed || suite->suite_init_err)
		WRITE_ONCE(kunit_failed_since_boot, true);

	totals->passed += stats.passed;
	totals->failed += stats.failed;
	totals->skipped += stats.skipped;
}

/**
 * kunit_any_failed() - did any test case fail since boot?
 *
 * Return: true if some case run by "test" failed (used by "poweroff" to
 * choose the exit code).
 */
bool kunit_any_failed(void)
{
	return READ_ONCE(kunit_failed_since_boot);
}

static struct kunit_suite *kunit_find_suite(const char *name, size_t len)
{
	struct kunit_suite * const *s;

	for (s = __start_kunit_suites; s < __stop_kunit_suites; s++)
		if (*s && strlen((*s)->name) == len && !strncmp((*s)->name, name, len))
			return *s;
	return NULL;
}

/* Resolve "suite" or "suite.case"; -ENOENT if it names nothing. */
static int kunit_lookup(const char *name, struct kunit_suite **suite,
			const char **only_case)
{
	const char *dot = strchr(name, '.');
	size_t len = dot ? (size_t)(dot - name) : strlen(name);
	struct kunit_case *c;

	*suite = kunit_find_suite(name, len);
	*only_case = NULL;
	if (!*suite)
		return -ENOENT;
	if (!dot)
		return 0;
	for (c = (*suite)->test_cases; c && c->run_case; c++) {
		if (!strcmp(c->name, dot + 1)) {
			*only_case = c->name;
			return 0;
		}
	}
	return -ENOENT;
}

/**
 * kunit_test_exists() - does a "suite" or "suite.case" name exist?
 * @name: the name
 *
 * Return: true if kunit_run_tests_by_name(@name) would run something.
 */
bool kunit_test_exists(const char *name)
{
	struct kunit_suite *suite;
	const char *only;

	return !strcmp(name, "all") || !kunit_lookup(name, &suite, &only);
}

/**
 * kunit_run_tests_by_names() - run the named suites or cases, or all
 * @names: "suite" or "suite.case" each; NULL, or one "all", for every
 *	registered suite
 * @n: number of names
 *
 * Prints one KTAP document: "KTAP version 1", the plan, each suite as an
 * indented subtest (in the order given, or in link order for all), and
 * "# Totals: ...".  Nothing runs if a name is unknown.  Only one run at a
 * time.
 *
 * Return: 0 (whatever the results), -ENOENT if a name matches nothing
 * (kunit_test_exists() tells which), -EBUSY if tests are already running.
 */
int kunit_run_tests_by_names(const char * const *names, unsigned int n)
{
	struct kunit_suite * const *s;
	struct kunit_stats totals = { };
	unsigned int nsuites = 0, num = 0;

	if (names && n == 1 && !strcmp(names[0], "all"))
		names = NULL;
	if (names) {
		for (unsigned int i = 0; i < n; i++) {
			struct kunit_suite *suite;
			const char *only;

			if (kunit_lookup(names[i], &suite, &only))
				return -ENOENT;
		}
	}

	if (__atomic_exchange_n(&kunit_running, 1, __ATOMIC_ACQUIRE))
		return -EBUSY;

	if (names) {
		nsuites = n;
	} else {
		for (s = __start_kunit_suites; s < __stop_kunit_suites; s++)
			nsuites += *s != NULL;
	}

	printk(KERN_INFO "KTAP version 1\n");
	printk(KERN_INFO "1..%u\n", nsuites);
	if (names) {
		for (unsigned int i = 0; i < n; i++) {
			struct kunit_suite *suite;
			const char *only;

			if (!kunit_lookup(names[i], &suite, &only))
				kunit_run_suite(suite, ++num, only, &totals);
		}
	} else {
		for (s = __start_kunit_suites; s < __stop_kunit_suites; s++)
			if (*s)
				kunit_run_suite(*s, ++num, NULL, &totals);
	}
	printk(KERN_INFO "# Totals: pass:%lu fail:%lu skip:%lu total:%lu\n",
	       totals.passed, totals.failed, totals.skipped,
	       totals.passed + totals.failed + totals.skipped);

	__atomic_store_n(&kunit_running, 0, __ATOMIC_RELEASE);
	return 0;
}

/**
 * kunit_run_tests_by_name() - run all suites, one suite or one case
 * @name: NULL or "all" for every suite, "suite" for one, "suite.case"
 *	for one case of it
 *
 * Return: as kunit_run_tests_by_names().
 */
int kunit_run_tests_by_name(const char *name)
{
	return kunit_run_tests_by_names(name ? &name : NULL, 1);
}

/**
 * kunit_print_suites() - list the registered suites and their case counts
 */
void kunit_print_suites(void)
{
	struct kunit_suite * const *s;

	for (s = __start_kunit_suites; s < __stop_kunit_suites; s++)
		if (*s)
			printk("  %-20s %u cases\n", (*s)->name,
			       kunit_suite_num_test_cases(*s));
}
