/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KUNIT_TEST_H
#define _KUNIT_TEST_H

/*
 * KUnit-compatible unit test framework for rcuos (kernel/kunit/).
 *
 * The API mirrors Linux's <kunit/test.h>, so a test source written
 * against the subset below compiles unchanged here and as a Linux KUnit
 * module: suites of cases, KUNIT_EXPECT_*() (record a failure, go on) and
 * KUNIT_ASSERT_*() (record a failure and abort the case), kunit_skip(),
 * managed allocations, parameterised cases.  Results are printed in KTAP
 * version 1, exactly as Linux prints them (through printk, so each line
 * carries the log timestamp, as in a Linux dmesg).
 *
 * How cases run: each case runs in the task that runs the tests (the
 * shell), inside a __builtin_setjmp() frame; a failed KUNIT_ASSERT_*() or
 * kunit_skip() __builtin_longjmp()s back to the runner, which then calls
 * the suite's exit() and frees the case's resources.  Expectations may be
 * checked from any task or CPU (e.g. per-CPU stress threads started by
 * the case): they are recorded under a lock.  Assertions abort only in
 * the task that runs the case; elsewhere they record the failure and
 * return, so such threads should use expectations.
 *
 * rcuos extensions (not in Linux): printk capture to assert that a
 * message was printed, the "# expect-splat: begin/end" markers around a
 * deliberate WARNING/BUG splat, and the runner entry points for the shell.
 */
#include <linux/kernel.h>
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/err.h>
#include <linux/list.h>
#include <linux/string.h>
#include <linux/spinlock.h>
#include <linux/slab.h>
#include <kunit/test-bug.h>

#if !defined(__CHECKER__) && defined(__has_include)
#if __has_include(<linux/module.h>)
#include <linux/module.h>
#endif
#endif
#ifndef MODULE_LICENSE
#define MODULE_LICENSE(_license)	_Static_assert(1, _license)
#endif
#ifndef MODULE_DESCRIPTION
#define MODULE_DESCRIPTION(_desc)	_Static_assert(1, _desc)
#endif
#ifndef MODULE_AUTHOR
#define MODULE_AUTHOR(_author)		_Static_assert(1, _author)
#endif
#ifndef MODULE_IMPORT_NS
#define MODULE_IMPORT_NS(_ns)		_Static_assert(1, #_ns)
#endif

/* Indentation of a suite's lines in KTAP. */
#define KUNIT_SUBTEST_INDENT		"    "
#define KUNIT_SUBSUBTEST_INDENT		"        "
#define KUNIT_INDENT_LEN		4

#define KUNIT_PARAM_DESC_SIZE		128
#define KUNIT_STATUS_COMMENT_SIZE	256
#define KUNIT_LOG_SIZE			2048

struct kunit;
struct kunit_suite;

enum kunit_status {
	KUNIT_SUCCESS,
	KUNIT_FAILURE,
	KUNIT_SKIPPED,
};

enum kunit_speed {
	KUNIT_SPEED_UNSET,
	KUNIT_SPEED_VERY_SLOW,
	KUNIT_SPEED_SLOW,
	KUNIT_SPEED_NORMAL,
	KUNIT_SPEED_MAX = KUNIT_SPEED_NORMAL,
};

struct kunit_attributes {
	enum kunit_speed speed;
};

/**
 * struct kunit_case - one test case
 * @run_case: the test function
 * @name: its name, as printed in KTAP
 * @generate_params: for a parameterised case: given the previous
 *	parameter (NULL first), return the next one (NULL: done) and write
 *	its description into @desc (KUNIT_PARAM_DESC_SIZE bytes)
 * @attr: attributes (speed)
 * @status: result of the last run (private)
 * @module_name: unused in rcuos
 *
 * Define arrays of cases with KUNIT_CASE() and end them with {}.
 */
struct kunit_case {
	void (*run_case)(struct kunit *test);
	const char *name;
	const void *(*generate_params)(const void *prev, char *desc);
	struct kunit_attributes attr;

	/* private: */
	enum kunit_status status;
	char *module_name;
};

#define KUNIT_CASE(test_name)						\
	{ .run_case = test_name, .name = #test_name }
#define KUNIT_CASE_ATTR(test_name, attributes)				\
	{ .run_case = test_name, .name = #test_name, .attr = attributes }
#define KUNIT_CASE_SLOW(test_name)					\
	{ .run_case = test_name, .name = #test_name,			\
	  .attr.speed = KUNIT_SPEED_SLOW }
#define KUNIT_CASE_PARAM(test_name, gen_params)				\
	{ .run_case = test_name, .name = #test_name,			\
	  .generate_params = gen_params }
#define KUNIT_CASE_PARAM_ATTR(test_name, gen_params, attributes)	\
	{ .run_case = test_name, .name = #test_name,			\
	  .generate_params = gen_params, .attr = attributes }

/**
 * struct kunit_suite - a set of related cases
 * @name: suite name, as printed in KTAP and as given to "test NAME"
 * @suite_init: called once before the cases; non-zero fails the suite
 * @suite_exit: called once after the cases
 * @init: called before each case; non-zero fails the case
 * @exit: called after each case, even if it aborted
 * @test_cases: array of cases, ended by an empty entry
 * @attr: attributes
 * @status_comment: private
 * @suite_init_err: private
 */
struct kunit_suite {
	const char *name;
	int (*suite_init)(struct kunit_suite *suite);
	void (*suite_exit)(struct kunit_suite *suite);
	int (*init)(struct kunit *test);
	void (*exit)(struct kunit *test);
	struct kunit_case *test_cases;
	struct kunit_attributes attr;

	/* private: */
	char status_comment[KUNIT_STATUS_COMMENT_SIZE];
	int suite_init_err;
};

/**
 * struct kunit - the state of one running case, passed to every check
 * @priv: for the test's own use (set it in init())
 *
 * Everything else is private to the framework.
 */
struct kunit {
	void *priv;

	/* private: */
	const char *name;
	const void *param_value;
	int param_index;
	spinlock_t lock;			/* status, failure count */
	enum kunit_status status;
	char status_comment[KUNIT_STATUS_COMMENT_SIZE];
	unsigned int failures;
	struct list_head resources;		/* struct kunit_action_node */
	void *jmp_buf[5];			/* __builtin_setjmp() frame */
	bool jmp_valid;
	const void *owner;			/* task that runs the case */
	bool quiet;				/* self-tests: print no failures */
	bool splat_open;
	const char *indent;			/* KUNIT_SUBTEST_INDENT or deeper */
};

/* Assertion kinds: an expectation continues, an assertion aborts. */
enum kunit_assert_type {
	KUNIT_ASSERTION,
	KUNIT_EXPECTATION,
};

/* Registration: an array of suite pointers in section kunit_suites. */
#define kunit_test_suites(__suites...)					\
	static struct kunit_suite * const				\
	__UNIQUE_ID(kunit_suites)[] __used				\
	__section("kunit_suites") __aligned(8) = { __suites }

#define kunit_test_suite(suite)		kunit_test_suites(&(suite))
#define kunit_test_init_section_suites(__suites...) kunit_test_suites(__suites)
#define kunit_test_init_section_suite(suite) kunit_test_suite(suite)

/* The section's bounds: linker.ld defines them (ld does for host tests). */
extern struct kunit_suite * const __start_kunit_suites[];
extern struct kunit_suite * const __stop_kunit_suites[];

/* --- failure recording (kernel/kunit/test.c) -------------------------- */

void kunit_init_test(struct kunit *test, const char *name);
void kunit_set_failure(struct kunit *test);
__noreturn void __kunit_abort(struct kunit *test);
void __kunit_abort_or_return(struct kunit *test);

__printf(6, 7)
void __kunit_fail_msg(struct kunit *test, const char *file, int line,
		      enum kunit_assert_type type, const char *what,
		      const char *fmt, ...);
__printf(7, 8)
void __kunit_fail_unary(struct kunit *test, const char *file, int line,
			enum kunit_assert_type type, const char *text,
			bool expected, const char *fmt, ...);
__printf(10, 11)
void __kunit_fail_binary_int(struct kunit *test, const char *file, int line,
			     enum kunit_assert_type type, const char *ltext,
			     const char *op, const char *rtext,
			     long long lval, long long rval,
			     const char *fmt, ...);
__printf(10, 11)
void __kunit_fail_binary_ptr(struct kunit *test, const char *file, int line,
			     enum kunit_assert_type type, const char *ltext,
			     const char *op, const char *rtext,
			     const void *lval, const void *rval,
			     const char *fmt, ...);
__printf(10, 11)
void __kunit_fail_binary_str(struct kunit *test, const char *file, int line,
			     enum kunit_assert_type type, const char *ltext,
			     const char *op, const char *rtext,
			     const char *lval, const char *rval,
			     const char *fmt, ...);
__printf(7, 8)
void __kunit_fail_ptr_err(struct kunit *test, const char *file, int line,
			  enum kunit_assert_type type, const char *text,
			  const void *ptr, const char *fmt, ...);
__printf(11, 12)
void __kunit_fail_mem(struct kunit *test, const char *file, int line,
		      enum kunit_assert_type type, const char *ltext,
		      const char *op, const char *rtext, const void *lval,
		      const void *rval, size_t size, const char *fmt, ...);

/* --- expectations and assertions ------------------------------------- */

#define KUNIT_FAIL_ASSERTION(test, type, fmt, ...)			\
	__kunit_fail_msg(test, __FILE__, __LINE__, type, "",		\
			 fmt, ##__VA_ARGS__)

/**
 * KUNIT_FAIL() - always fail the case, with a message
 * @test: the test context
 * @fmt: printf-style message
 */
#define KUNIT_FAIL(test, fmt, ...)					\
	KUNIT_FAIL_ASSERTION(test, KUNIT_EXPECTATION, fmt, ##__VA_ARGS__)

/* KUNIT_FAIL_AND_ABORT() - fail the case with a message and abort it. */
#define KUNIT_FAIL_AND_ABORT(test, fmt, ...)				\
	KUNIT_FAIL_ASSERTION(test, KUNIT_ASSERTION, fmt, ##__VA_ARGS__)

/* KUNIT_SUCCEED() - an explicit no-op check. */
#define KUNIT_SUCCEED(test)	do { (void)(test); } while (0)

#define KUNIT_UNARY_ASSERTION(test, type, cond, expected, fmt, ...)	\
do {									\
	if (likely(!!(cond) == !!(expected)))				\
		break;							\
	__kunit_fail_unary(test, __FILE__, __LINE__, type, #cond,	\
			   expected, fmt, ##__VA_ARGS__);		\
} while (0)

#define KUNIT_BINARY_INT_ASSERTION(test, type, left, op, right, fmt, ...) \
do {									\
	const __typeof__(left) __left = (left);				\
	const __typeof__(right) __right = (right);			\
									\
	if (likely(__left op __right))					\
		break;							\
	__kunit_fail_binary_int(test, __FILE__, __LINE__, type, #left,	\
				#op, #right, (long long)__left,		\
				(long long)__right, fmt, ##__VA_ARGS__); \
} while (0)

#define KUNIT_BINARY_PTR_ASSERTION(test, type, left, op, right, fmt, ...) \
do {									\
	const __typeof__(left) __left = (left);				\
	const __typeof__(right) __right = (right);			\
									\
	if (likely(__left op __right))					\
		break;							\
	__kunit_fail_binary_ptr(test, __FILE__, __LINE__, type, #left,	\
				#op, #right, (const void *)__left,	\
				(const void *)__right, fmt, ##__VA_ARGS__); \
} while (0)

static inline bool __kunit_streq(const char *a, const char *b)
{
	if (!a || !b)
		return a == b;
	return strcmp(a, b) == 0;
}

#define KUNIT_BINARY_STR_ASSERTION(test, type, left, op, right, fmt, ...) \
do {									\
	const char *__left = (left);					\
	const char *__right = (right);					\
									\
	if (likely(__kunit_streq(__left, __right) op true))		\
		break;							\
	__kunit_fail_binary_str(test, __FILE__, __LINE__, type, #left,	\
				#op, #right, __left, __right,		\
				fmt, ##__VA_ARGS__);			\
} while (0)

#define KUNIT_MEM_ASSERTION(test, type, left, op, right, size, fmt, ...) \
do {									\
	const void *__left = (left);					\
	const void *__right = (right);					\
	const size_t __size = (size);					\
									\
	if (likely(__left && __right &&					\
		   (memcmp(__left, __right, __size) == 0) op true))	\
		break;							\
	__kunit_fail_mem(test, __FILE__, __LINE__, type, #left, #op,	\
			 #right, __left, __right, __size,		\
			 fmt, ##__VA_ARGS__);				\
} while (0)

#define KUNIT_PTR_NOT_ERR_OR_NULL_ASSERTION(test, type, ptr, fmt, ...)	\
do {									\
	const void *__ptr = (const void *)(ptr);			\
									\
	if (likely(!IS_ERR_OR_NULL(__ptr)))				\
		break;							\
	__kunit_fail_ptr_err(test, __FILE__, __LINE__, type, #ptr,	\
			     __ptr, fmt, ##__VA_ARGS__);		\
} while (0)

/*
 * One macro family per check.  The _MSG forms take a printf-style message
 * printed with the failure.
 */
#define KUNIT_EXPECT_TRUE_MSG(test, cond, fmt, ...)			\
	KUNIT_UNARY_ASSERTION(test, KUNIT_EXPECTATION, cond, true, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_FALSE_MSG(test, cond, fmt, ...)			\
	KUNIT_UNARY_ASSERTION(test, KUNIT_EXPECTATION, cond, false, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_EQ_MSG(test, l, r, fmt, ...)			\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, l, ==, r, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_NE_MSG(test, l, r, fmt, ...)			\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, l, !=, r, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_LT_MSG(test, l, r, fmt, ...)			\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, l, <, r, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_LE_MSG(test, l, r, fmt, ...)			\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, l, <=, r, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_GT_MSG(test, l, r, fmt, ...)			\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, l, >, r, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_GE_MSG(test, l, r, fmt, ...)			\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, l, >=, r, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_PTR_EQ_MSG(test, l, r, fmt, ...)			\
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_EXPECTATION, l, ==, r, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_PTR_NE_MSG(test, l, r, fmt, ...)			\
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_EXPECTATION, l, !=, r, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_NULL_MSG(test, ptr, fmt, ...)			\
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_EXPECTATION, ptr, ==, NULL, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_NOT_NULL_MSG(test, ptr, fmt, ...)			\
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_EXPECTATION, ptr, !=, NULL, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_STREQ_MSG(test, l, r, fmt, ...)			\
	KUNIT_BINARY_STR_ASSERTION(test, KUNIT_EXPECTATION, l, ==, r, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_STRNEQ_MSG(test, l, r, fmt, ...)			\
	KUNIT_BINARY_STR_ASSERTION(test, KUNIT_EXPECTATION, l, !=, r, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_MEMEQ_MSG(test, l, r, size, fmt, ...)		\
	KUNIT_MEM_ASSERTION(test, KUNIT_EXPECTATION, l, ==, r, size, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_MEMNEQ_MSG(test, l, r, size, fmt, ...)		\
	KUNIT_MEM_ASSERTION(test, KUNIT_EXPECTATION, l, !=, r, size, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_NOT_ERR_OR_NULL_MSG(test, ptr, fmt, ...)		\
	KUNIT_PTR_NOT_ERR_OR_NULL_ASSERTION(test, KUNIT_EXPECTATION, ptr, fmt, ##__VA_ARGS__)

#define KUNIT_EXPECT_TRUE(test, cond)	KUNIT_EXPECT_TRUE_MSG(test, cond, NULL)
#define KUNIT_EXPECT_FALSE(test, cond)	KUNIT_EXPECT_FALSE_MSG(test, cond, NULL)
#define KUNIT_EXPECT_EQ(test, l, r)	KUNIT_EXPECT_EQ_MSG(test, l, r, NULL)
#define KUNIT_EXPECT_NE(test, l, r)	KUNIT_EXPECT_NE_MSG(test, l, r, NULL)
#define KUNIT_EXPECT_LT(test, l, r)	KUNIT_EXPECT_LT_MSG(test, l, r, NULL)
#define KUNIT_EXPECT_LE(test, l, r)	KUNIT_EXPECT_LE_MSG(test, l, r, NULL)
#define KUNIT_EXPECT_GT(test, l, r)	KUNIT_EXPECT_GT_MSG(test, l, r, NULL)
#define KUNIT_EXPECT_GE(test, l, r)	KUNIT_EXPECT_GE_MSG(test, l, r, NULL)
#define KUNIT_EXPECT_PTR_EQ(test, l, r)	KUNIT_EXPECT_PTR_EQ_MSG(test, l, r, NULL)
#define KUNIT_EXPECT_PTR_NE(test, l, r)	KUNIT_EXPECT_PTR_NE_MSG(test, l, r, NULL)
#define KUNIT_EXPECT_NULL(test, ptr)	KUNIT_EXPECT_NULL_MSG(test, ptr, NULL)
#define KUNIT_EXPECT_NOT_NULL(test, ptr) KUNIT_EXPECT_NOT_NULL_MSG(test, ptr, NULL)
#define KUNIT_EXPECT_STREQ(test, l, r)	KUNIT_EXPECT_STREQ_MSG(test, l, r, NULL)
#define KUNIT_EXPECT_STRNEQ(test, l, r)	KUNIT_EXPECT_STRNEQ_MSG(test, l, r, NULL)
#define KUNIT_EXPECT_MEMEQ(test, l, r, size) KUNIT_EXPECT_MEMEQ_MSG(test, l, r, size, NULL)
#define KUNIT_EXPECT_MEMNEQ(test, l, r, size) KUNIT_EXPECT_MEMNEQ_MSG(test, l, r, size, NULL)
#define KUNIT_EXPECT_NOT_ERR_OR_NULL(test, ptr)				\
	KUNIT_EXPECT_NOT_ERR_OR_NULL_MSG(test, ptr, NULL)

#define KUNIT_ASSERT_FAILURE(test, fmt, ...)				\
	KUNIT_FAIL_ASSERTION(test, KUNIT_ASSERTION, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_TRUE_MSG(test, cond, fmt, ...)			\
	KUNIT_UNARY_ASSERTION(test, KUNIT_ASSERTION, cond, true, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_FALSE_MSG(test, cond, fmt, ...)			\
	KUNIT_UNARY_ASSERTION(test, KUNIT_ASSERTION, cond, false, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_EQ_MSG(test, l, r, fmt, ...)			\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, l, ==, r, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_NE_MSG(test, l, r, fmt, ...)			\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, l, !=, r, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_LT_MSG(test, l, r, fmt, ...)			\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, l, <, r, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_LE_MSG(test, l, r, fmt, ...)			\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, l, <=, r, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_GT_MSG(test, l, r, fmt, ...)			\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, l, >, r, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_GE_MSG(test, l, r, fmt, ...)			\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, l, >=, r, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_PTR_EQ_MSG(test, l, r, fmt, ...)			\
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_ASSERTION, l, ==, r, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_PTR_NE_MSG(test, l, r, fmt, ...)			\
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_ASSERTION, l, !=, r, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_NULL_MSG(test, ptr, fmt, ...)			\
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_ASSERTION, ptr, ==, NULL, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_NOT_NULL_MSG(test, ptr, fmt, ...)			\
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_ASSERTION, ptr, !=, NULL, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_STREQ_MSG(test, l, r, fmt, ...)			\
	KUNIT_BINARY_STR_ASSERTION(test, KUNIT_ASSERTION, l, ==, r, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_STRNEQ_MSG(test, l, r, fmt, ...)			\
	KUNIT_BINARY_STR_ASSERTION(test, KUNIT_ASSERTION, l, !=, r, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_MEMEQ_MSG(test, l, r, size, fmt, ...)		\
	KUNIT_MEM_ASSERTION(test, KUNIT_ASSERTION, l, ==, r, size, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_MEMNEQ_MSG(test, l, r, size, fmt, ...)		\
	KUNIT_MEM_ASSERTION(test, KUNIT_ASSERTION, l, !=, r, size, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_NOT_ERR_OR_NULL_MSG(test, ptr, fmt, ...)		\
	KUNIT_PTR_NOT_ERR_OR_NULL_ASSERTION(test, KUNIT_ASSERTION, ptr, fmt, ##__VA_ARGS__)

#define KUNIT_ASSERT_TRUE(test, cond)	KUNIT_ASSERT_TRUE_MSG(test, cond, NULL)
#define KUNIT_ASSERT_FALSE(test, cond)	KUNIT_ASSERT_FALSE_MSG(test, cond, NULL)
#define KUNIT_ASSERT_EQ(test, l, r)	KUNIT_ASSERT_EQ_MSG(test, l, r, NULL)
#define KUNIT_ASSERT_NE(test, l, r)	KUNIT_ASSERT_NE_MSG(test, l, r, NULL)
#define KUNIT_ASSERT_LT(test, l, r)	KUNIT_ASSERT_LT_MSG(test, l, r, NULL)
#define KUNIT_ASSERT_LE(test, l, r)	KUNIT_ASSERT_LE_MSG(test, l, r, NULL)
#define KUNIT_ASSERT_GT(test, l, r)	KUNIT_ASSERT_GT_MSG(test, l, r, NULL)
#define KUNIT_ASSERT_GE(test, l, r)	KUNIT_ASSERT_GE_MSG(test, l, r, NULL)
#define KUNIT_ASSERT_PTR_EQ(test, l, r)	KUNIT_ASSERT_PTR_EQ_MSG(test, l, r, NULL)
#define KUNIT_ASSERT_PTR_NE(test, l, r)	KUNIT_ASSERT_PTR_NE_MSG(test, l, r, NULL)
#define KUNIT_ASSERT_NULL(test, ptr)	KUNIT_ASSERT_NULL_MSG(test, ptr, NULL)
#define KUNIT_ASSERT_NOT_NULL(test, ptr) KUNIT_ASSERT_NOT_NULL_MSG(test, ptr, NULL)
#define KUNIT_ASSERT_STREQ(test, l, r)	KUNIT_ASSERT_STREQ_MSG(test, l, r, NULL)
#define KUNIT_ASSERT_STRNEQ(test, l, r)	KUNIT_ASSERT_STRNEQ_MSG(test, l, r, NULL)
#define KUNIT_ASSERT_MEMEQ(test, l, r, size) KUNIT_ASSERT_MEMEQ_MSG(test, l, r, size, NULL)
#define KUNIT_ASSERT_MEMNEQ(test, l, r, size) KUNIT_ASSERT_MEMNEQ_MSG(test, l, r, size, NULL)
#define KUNIT_ASSERT_NOT_ERR_OR_NULL(test, ptr)				\
	KUNIT_ASSERT_NOT_ERR_OR_NULL_MSG(test, ptr, NULL)

/* --- skipping ---------------------------------------------------------- */

__printf(2, 3)
void kunit_mark_skipped(struct kunit *test, const char *fmt, ...);

/**
 * kunit_skip() - mark the case skipped and abort it
 * @test: the test context
 * @fmt: printf-style reason, printed after "# SKIP"
 */
#define kunit_skip(test, fmt, ...)					\
do {									\
	kunit_mark_skipped(test, fmt, ##__VA_ARGS__);			\
	__kunit_abort_or_return(test);					\
} while (0)

/* --- logging ------------------------------------------------------------ */

/*
 * kunit_log() - print a line of the test's KTAP output.  As in Linux, the
 * format carries its own "\n" (a missing one is harmless: the next
 * printk() starts a new line anyway).
 */
#define kunit_log(lvl, test_or_suite, fmt, ...)				\
	printk(lvl fmt, ##__VA_ARGS__)

#define kunit_printk(lvl, test, fmt, ...)				\
	kunit_log(lvl, test, "%s# %s: " fmt, (test)->indent,		\
		  (test)->name, ##__VA_ARGS__)

#define kunit_info(test, fmt, ...)	kunit_printk(KERN_INFO, test, fmt, ##__VA_ARGS__)
#define kunit_warn(test, fmt, ...)	kunit_printk(KERN_WARNING, test, fmt, ##__VA_ARGS__)
#define kunit_err(test, fmt, ...)	kunit_printk(KERN_ERR, test, fmt, ##__VA_ARGS__)

/* --- managed resources --------------------------------------------------- */

typedef void (kunit_action_t)(void *ctx);

int kunit_add_action(struct kunit *test, kunit_action_t *action, void *ctx);
int kunit_add_action_or_reset(struct kunit *test, kunit_action_t *action,
			      void *ctx);
void kunit_remove_action(struct kunit *test, kunit_action_t *action, void *ctx);
void kunit_release_action(struct kunit *test, kunit_action_t *action, void *ctx);

void *kunit_kmalloc(struct kunit *test, size_t size, gfp_t gfp);
void kunit_kfree(struct kunit *test, const void *ptr);

/** kunit_kzalloc() - kunit_kmalloc() of zeroed memory, freed at case end */
static inline void *kunit_kzalloc(struct kunit *test, size_t size, gfp_t gfp)
{
	void *p = kunit_kmalloc(test, size, gfp);

	if (p)
		memset(p, 0, size);
	return p;
}

/** kunit_kmalloc_array() - managed allocation of @n * @size bytes */
static inline void *kunit_kmalloc_array(struct kunit *test, size_t n,
					size_t size, gfp_t gfp)
{
	if (size && n > (size_t)-1 / size)
		return NULL;
	return kunit_kmalloc(test, n * size, gfp);
}

/** kunit_kcalloc() - managed zeroed allocation of @n * @size bytes */
static inline void *kunit_kcalloc(struct kunit *test, size_t n, size_t size,
				  gfp_t gfp)
{
	if (size && n > (size_t)-1 / size)
		return NULL;
	return kunit_kzalloc(test, n * size, gfp);
}

/** kunit_kstrdup() - managed copy of a string (NULL for NULL) */
static inline char *kunit_kstrdup(struct kunit *test, const char *str, gfp_t gfp)
{
	size_t len;
	char *p;

	if (!str)
		return NULL;
	len = strlen(str) + 1;
	p = kunit_kmalloc(test, len, gfp);
	if (p)
		memcpy(p, str, len);
	return p;
}

/* --- parameterised cases --------------------------------------------- */

/**
 * KUNIT_ARRAY_PARAM() - define name##_gen_params() walking @array
 * @name: prefix of the generator's name
 * @array: the parameter array
 * @get_desc: void fn(const typeof(array[0]) *p, char *desc), or NULL
 */
#define KUNIT_ARRAY_PARAM(name, array, get_desc)			\
	static const void *name##_gen_params(const void *prev, char *desc) \
	{								\
		__typeof__((array)[0]) *__next = prev ?			\
			((__typeof__(__next))prev) + 1 : (array);	\
		void (*__get_desc)(__typeof__(__next), char *) = get_desc; \
									\
		if (__next - (array) >= (long)ARRAY_SIZE(array))	\
			return NULL;					\
		if (__get_desc)						\
			__get_desc(__next, desc);			\
		return __next;						\
	}

/**
 * KUNIT_ARRAY_PARAM_DESC() - as KUNIT_ARRAY_PARAM(), the description
 * being the string member @desc_member of each element
 */
#define KUNIT_ARRAY_PARAM_DESC(name, array, desc_member)		\
	static const void *name##_gen_params(const void *prev, char *desc) \
	{								\
		__typeof__((array)[0]) *__next = prev ?			\
			((__typeof__(__next))prev) + 1 : (array);	\
									\
		if (__next - (array) >= (long)ARRAY_SIZE(array))	\
			return NULL;					\
		strscpy(desc, __next->desc_member, KUNIT_PARAM_DESC_SIZE); \
		return __next;						\
	}

/* --- rcuos extensions ---------------------------------------------------- */

/*
 * kunit_printk_capture_start()/_stop(): copy everything printk() prints
 * between the two calls into a buffer (the capture stops by itself at the
 * end of the case); kunit_log_contains() searches it.
 */
void kunit_printk_capture_start(void);
void kunit_printk_capture_stop(void);
bool kunit_log_contains(const char *substr);

/*
 * kunit_expect_splat_begin()/_end(): bracket code that deliberately
 * triggers a WARNING:/BUG: splat; they print the KTAP comments
 * "# expect-splat: begin" and "# expect-splat: end", between which the
 * test harness accepts splats.
 */
void kunit_expect_splat_begin(struct kunit *test);
void kunit_expect_splat_end(struct kunit *test);

/* True if any real test case failed since boot ("poweroff" exit code). */
bool kunit_any_failed(void);

/*
 * kunit_run_tests_by_name() - run every suite (NULL or "all") or the suite
 * named @name; prints KTAP.  Return: 0, -ENOENT for an unknown suite, or
 * -EBUSY if tests are already running.
 */
int kunit_run_tests_by_name(const char *name);
/* kunit_run_tests_by_names() - the same for several names, one KTAP run. */
bool kunit_test_exists(const char *name);
int kunit_run_tests_by_names(const char * const *names, unsigned int n);
unsigned int kunit_suite_num_test_cases(struct kunit_suite *suite);
/* kunit_print_suites() - list the registered suites, one a line. */
void kunit_print_suites(void);

#endif /* _KUNIT_TEST_H */
