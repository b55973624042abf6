// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "debugobjects": the generic facility (lib/debugobjects.c)
 * with object types of its own, independent of any subsystem: the state
 * machine, the reports and their fixups, the allocators' free check,
 * objects on the stack, and two types side by side.
 */
#include <linux/kernel.h>
#include <linux/debugobjects.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <kunit/test.h>

/* A test object: "static" ones are in use without debug_object_init(). */
struct dotest_obj {
	bool is_static;
	bool active;		/* what the owning subsystem thinks */
	void (*func)(void);
};

static unsigned long dotest_reports, dotest2_reports;
static unsigned int dotest_fixups[5];
static enum debug_obj_state dotest_fixup_state;

enum { FIX_INIT, FIX_ACTIVATE, FIX_DESTROY, FIX_FREE, FIX_ASSERT_INIT };

static bool dotest_is_static_object(void *addr)
{
	return ((struct dotest_obj *)addr)->is_static;
}

static bool dotest_fixup(int which, void *addr, enum debug_obj_state state)
{
	dotest_fixups[which]++;
	dotest_fixup_state = state;
	return false;
}

static bool dotest_fixup_init(void *addr, enum debug_obj_state state)
{
	return dotest_fixup(FIX_INIT, addr, state);
}

static bool dotest_fixup_activate(void *addr, enum debug_obj_state state)
{
	return dotest_fixup(FIX_ACTIVATE, addr, state);
}

static bool dotest_fixup_destroy(void *addr, enum debug_obj_state state)
{
	return dotest_fixup(FIX_DESTROY, addr, state);
}

static const struct debug_obj_descr dotest_descr;

/* As a timer would: stop the object, then the memory can go. */
static bool dotest_fixup_free(void *addr, enum debug_obj_state state)
{
	struct dotest_obj *o = addr;

	dotest_fixup(FIX_FREE, addr, state);
	o->active = false;
	debug_object_deactivate(addr, &dotest_descr);
	return true;
}

static bool dotest_fixup_assert_init(void *addr, enum debug_obj_state state)
{
	return dotest_fixup(FIX_ASSERT_INIT, addr, state);
}

static const struct debug_obj_descr dotest_descr = {
	.name			= "debugobjects_test",
	.is_static_object	= dotest_is_static_object,
	.fixup_init		= dotest_fixup_init,
	.fixup_activate		= dotest_fixup_activate,
	.fixup_destroy		= dotest_fixup_destroy,
	.fixup_free		= dotest_fixup_free,
	.fixup_assert_init	= dotest_fixup_assert_init,
	.nr_reports		= &dotest_reports,
};

/* A second type: no fixups, a hint. */
static void dotest2_marker(void)
{
}

static void *dotest2_hint(void *addr)
{
	return (void *)((struct dotest_obj *)addr)->func;
}

static const struct debug_obj_descr dotest2_descr = {
	.name		= "debugobjects_test2",
	.debug_hint	= dotest2_hint,
	.nr_reports	= &dotest2_reports,
};

static int dotest_init(struct kunit *test)
{
	if (!debug_objects_enabled())
		kunit_skip(test, "debug objects disabled (out of memory?)");
	dotest_reports = 0;
	dotest2_reports = 0;
	memset(dotest_fixups, 0, sizeof(dotest_fixups));
	dotest_fixup_state = ODEBUG_STATE_NONE;
	return 0;
}

static struct dotest_obj *dotest_alloc(struct kunit *test)
{
	struct dotest_obj *o = kzalloc(sizeof(*o), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, o);
	return o;
}

static void dotest_splat_begin(struct kunit *test)
{
	kunit_expect_splat_begin(test);
	kunit_printk_capture_start();
}

static void dotest_splat_end(struct kunit *test)
{
	kunit_printk_capture_stop();
	kunit_expect_splat_end(test);
}

static void dotest_state_machine(struct kunit *test)
{
	struct dotest_obj *o = dotest_alloc(test);

	KUNIT_EXPECT_EQ(test, debug_object_get_state(o), ODEBUG_STATE_NONE);
	debug_object_init(o, &dotest_descr);
	KUNIT_EXPECT_EQ(test, debug_object_get_state(o), ODEBUG_STATE_INIT);
	debug_object_assert_init(o, &dotest_descr);
	KUNIT_EXPECT_EQ(test, debug_object_activate(o, &dotest_descr), 0);
	KUNIT_EXPECT_EQ(test, debug_object_get_state(o), ODEBUG_STATE_ACTIVE);
	debug_object_deactivate(o, &dotest_descr);
	KUNIT_EXPECT_EQ(test, debug_object_get_state(o), ODEBUG_STATE_INACTIVE);
	/* Inactive objects may be activated again, and re-initialized. */
	KUNIT_EXPECT_EQ(test, debug_object_activate(o, &dotest_descr), 0);
	debug_object_deactivate(o, &dotest_descr);
	debug_object_init(o, &dotest_descr);
	KUNIT_EXPECT_EQ(test, debug_object_get_state(o), ODEBUG_STATE_INIT);
	debug_object_destroy(o, &dotest_descr);
	KUNIT_EXPECT_EQ(test, debug_object_get_state(o), ODEBUG_STATE_DESTROYED);
	KUNIT_EXPECT_EQ(test, dotest_reports, 0UL);

	/* A destroyed object must not be used again. */
	dotest_splat_begin(test);
	KUNIT_EXPECT_EQ(test, debug_object_activate(o, &dotest_descr), -EINVAL);
	dotest_splat_end(test);
	KUNIT_EXPECT_EQ(test, dotest_reports, 1UL);
	KUNIT_EXPECT_TRUE(test, kunit_log_contains("ODEBUG: activate destroyed"));
	KUNIT_EXPECT_TRUE(test, kunit_log_contains("object type: debugobjects_test"));
	KUNIT_EXPECT_EQ(test, debug_object_get_state(o), ODEBUG_STATE_DESTROYED);

	debug_object_free(o, &dotest_descr);
	KUNIT_EXPECT_EQ(test, debug_object_get_state(o), ODEBUG_STATE_NONE);
	KUNIT_EXPECT_EQ(test, dotest_reports, 1UL);
	kfree(o);
}

static void dotest_activate_active(struct kunit *test)
{
	struct dotest_obj *o = dotest_alloc(test);

	debug_object_init(o, &dotest_descr);
	KUNIT_EXPECT_EQ(test, debug_object_activate(o, &dotest_descr), 0);
	dotest_splat_begin(test);
	KUNIT_EXPECT_EQ(test, debug_object_activate(o, &dotest_descr), -EINVAL);
	dotest_splat_end(test);
	KUNIT_EXPECT_EQ(test, dotest_reports, 1UL);
	KUNIT_EXPECT_TRUE(test, kunit_log_contains("ODEBUG: activate active (active state 0)"));
	KUNIT_EXPECT_EQ(test, dotest_fixups[FIX_ACTIVATE], 1U);
	KUNIT_EXPECT_EQ(test, dotest_fixup_state, ODEBUG_STATE_ACTIVE);
	KUNIT_EXPECT_EQ(test, debug_object_get_state(o), ODEBUG_STATE_ACTIVE);

	/* Initializing or destroying it while active: reported, fixed up. */
	dotest_splat_begin(test);
	debug_object_init(o, &dotest_descr);
	debug_object_destroy(o, &dotest_descr);
	dotest_splat_end(test);
	KUNIT_EXPECT_EQ(test, dotest_reports, 3UL);
	KUNIT_EXPECT_TRUE(test, kunit_log_contains("ODEBUG: init active"));
	KUNIT_EXPECT_TRUE(test, kunit_log_contains("ODEBUG: destroy active"));
	KUNIT_EXPECT_EQ(test, dotest_fixups[FIX_INIT], 1U);
	KUNIT_EXPECT_EQ(test, dotest_fixups[FIX_DESTROY], 1U);
	KUNIT_EXPECT_EQ(test, debug_object_get_state(o), ODEBUG_STATE_ACTIVE);

	debug_object_deactivate(o, &dotest_descr);
	debug_object_free(o, &dotest_descr);
	KUNIT_EXPECT_EQ(test, debug_object_get_state(o), ODEBUG_STATE_NONE);
	KUNIT_EXPECT_EQ(test, dotest_reports, 3UL);
	kfree(o);
}

static void dotest_untracked(struct kunit *test)
{
	struct dotest_obj *o = dotest_alloc(test);

	/* Never initialized and not static: use of it is reported. */
	dotest_splat_begin(test);
	KUNIT_EXPECT_EQ(test, debug_object_activate(o, &dotest_descr), -EINVAL);
	debug_object_assert_init(o, &dotest_descr);
	dotest_splat_end(test);
	KUNIT_EXPECT_EQ(test, dotest_reports, 2UL);
	KUNIT_EXPECT_TRUE(test, kunit_log_contains("ODEBUG: activate not available"));
	KUNIT_EXPECT_TRUE(test, kunit_log_contains("ODEBUG: assert_init not available"));
	KUNIT_EXPECT_EQ(test, dotest_fixups[FIX_ACTIVATE], 1U);
	KUNIT_EXPECT_EQ(test, dotest_fixups[FIX_ASSERT_INIT], 1U);
	KUNIT_EXPECT_EQ(test, dotest_fixup_state, ODEBUG_STATE_NOTAVAILABLE);
	KUNIT_EXPECT_EQ(test, debug_object_get_state(o), ODEBUG_STATE_NONE);

	/* A static object is tracked from its first activation, silently. */
	o->is_static = true;
	KUNIT_EXPECT_EQ(test, debug_object_activate(o, &dotest_descr), 0);
	KUNIT_EXPECT_EQ(test, debug_object_get_state(o), ODEBUG_STATE_ACTIVE);
	debug_object_deactivate(o, &dotest_descr);
	KUNIT_EXPECT_EQ(test, dotest_reports, 2UL);
	kfree(o);	/* the free check untracks it */
	KUNIT_EXPECT_EQ(test, debug_object_get_state(o), ODEBUG_STATE_NONE);
}

static void dotest_free_active(struct kunit *test)
{
	char *buf = kzalloc(1024, GFP_KERNEL);
	struct dotest_obj *a, *b, *outside;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	a = (struct dotest_obj *)(buf + 64);
	b = (struct dotest_obj *)(buf + 640);	/* another chunk */
	outside = dotest_alloc(test);

	debug_object_init(a, &dotest_descr);
	KUNIT_EXPECT_EQ(test, debug_object_activate(a, &dotest_descr), 0);
	a->active = true;
	debug_object_init(b, &dotest_descr);	/* inactive: quietly untracked */
	debug_object_init(outside, &dotest_descr);
	KUNIT_EXPECT_EQ(test, debug_object_activate(outside, &dotest_descr), 0);

	dotest_splat_begin(test);
	debug_check_no_obj_freed(buf, 1024);
	dotest_splat_end(test);
	KUNIT_EXPECT_EQ(test, dotest_reports, 1UL);
	KUNIT_EXPECT_TRUE(test, kunit_log_contains("ODEBUG: free active (active state 0)"));
	KUNIT_EXPECT_TRUE(test, kunit_log_contains("object type: debugobjects_test"));
	KUNIT_EXPECT_EQ(test, dotest_fixups[FIX_FREE], 1U);
	KUNIT_EXPECT_EQ(test, dotest_fixup_state, ODEBUG_STATE_ACTIVE);
	/* The fixup stopped it, so it is no longer tracked either. */
	KUNIT_EXPECT_FALSE(test, a->active);
	KUNIT_EXPECT_EQ(test, debug_object_get_state(a), ODEBUG_STATE_NONE);
	KUNIT_EXPECT_EQ(test, debug_object_get_state(b), ODEBUG_STATE_NONE);
	/* Outside the range: untouched. */
	KUNIT_EXPECT_EQ(test, debug_object_get_state(outside), ODEBUG_STATE_ACTIVE);

	/* kfree() runs the same check. */
	dotest_splat_begin(test);
	kfree(outside);
	dotest_splat_end(test);
	KUNIT_EXPECT_EQ(test, dotest_reports, 2UL);
	KUNIT_EXPECT_EQ(test, dotest_fixups[FIX_FREE], 2U);
	KUNIT_EXPECT_EQ(test, debug_object_get_state(outside), ODEBUG_STATE_NONE);

	/* So does debug_object_free(). */
	debug_object_init(a, &dotest_descr);
	KUNIT_EXPECT_EQ(test, debug_object_activate(a, &dotest_descr), 0);
	dotest_splat_begin(test);
	debug_object_free(a, &dotest_descr);
	dotest_splat_end(test);
	KUNIT_EXPECT_EQ(test, dotest_reports, 3UL);
	KUNIT_EXPECT_EQ(test, dotest_fixups[FIX_FREE], 3U);
	KUNIT_EXPECT_EQ(test, debug_object_get_state(a), ODEBUG_STATE_NONE);
	kfree(buf);
}

/* A large range: one look-up per chunk finds every object in it. */
static void dotest_free_large_range(struct kunit *test)
{
	const unsigned long size = 64 * 1024;
	char *buf = kzalloc(size, GFP_KERNEL);
	unsigned int n = 0;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	for (unsigned long off = 0; off + sizeof(struct dotest_obj) <= size; off += 1000) {
		debug_object_init(buf + off, &dotest_descr);
		n++;
	}
	KUNIT_EXPECT_GT(test, n, 60U);
	debug_check_no_obj_freed(buf, size);
	for (unsigned long off = 0; off + sizeof(struct dotest_obj) <= size; off += 1000)
		KUNIT_EXPECT_EQ(test, debug_object_get_state(buf + off), ODEBUG_STATE_NONE);
	KUNIT_EXPECT_EQ(test, dotest_reports, 0UL);
	kfree(buf);
}

static noinline void dotest_on_stack_frame(struct kunit *test, bool annotate)
{
	struct dotest_obj o = { };

	if (annotate)
		debug_object_init_on_stack(&o, &dotest_descr);
	else
		debug_object_init(&o, &dotest_descr);
	KUNIT_EXPECT_EQ(test, debug_object_activate(&o, &dotest_descr), 0);
	debug_object_deactivate(&o, &dotest_descr);
	debug_object_free(&o, &dotest_descr);
	KUNIT_EXPECT_EQ(test, debug_object_get_state(&o), ODEBUG_STATE_NONE);
}

static void dotest_on_stack(struct kunit *test)
{
	kunit_printk_capture_start();
	dotest_on_stack_frame(test, true);
	kunit_printk_capture_stop();
	KUNIT_EXPECT_EQ(test, dotest_reports, 0UL);
	KUNIT_EXPECT_FALSE(test, kunit_log_contains("ODEBUG"));

	dotest_splat_begin(test);
	dotest_on_stack_frame(test, false);
	dotest_splat_end(test);
	KUNIT_EXPECT_EQ(test, dotest_reports, 1UL);
	KUNIT_EXPECT_TRUE(test, kunit_log_contains("ODEBUG: object is on stack, but not annotated"));
}

static void dotest_two_types(struct kunit *test)
{
	struct dotest_obj *o = dotest_alloc(test);
	struct dotest_obj *o2 = dotest_alloc(test);

	o2->func = dotest2_marker;
	debug_object_init(o, &dotest_descr);
	debug_object_init(o2, &dotest2_descr);
	KUNIT_EXPECT_EQ(test, debug_object_activate(o, &dotest_descr), 0);
	KUNIT_EXPECT_EQ(test, debug_object_activate(o2, &dotest2_descr), 0);

	/* Each report names its own type and counts against it alone. */
	dotest_splat_begin(test);
	KUNIT_EXPECT_EQ(test, debug_object_activate(o2, &dotest2_descr), -EINVAL);
	dotest_splat_end(test);
	KUNIT_EXPECT_EQ(test, dotest2_reports, 1UL);
	KUNIT_EXPECT_EQ(test, dotest_reports, 0UL);
	KUNIT_EXPECT_TRUE(test, kunit_log_contains("object type: debugobjects_test2 hint: dotest2_marker"));
	KUNIT_EXPECT_EQ(test, dotest_fixups[FIX_ACTIVATE], 0U);

	/* A type without fixups: freeing it active is reported, stays tracked. */
	dotest_splat_begin(test);
	debug_check_no_obj_freed(o2, sizeof(*o2));
	dotest_splat_end(test);
	KUNIT_EXPECT_EQ(test, dotest2_reports, 2UL);
	KUNIT_EXPECT_EQ(test, debug_object_get_state(o2), ODEBUG_STATE_ACTIVE);
	debug_object_deactivate(o2, &dotest2_descr);
	debug_object_deactivate(o, &dotest_descr);

	/* Memory reused for the other type once the first is gone. */
	debug_object_free(o, &dotest_descr);
	debug_object_init(o, &dotest2_descr);
	KUNIT_EXPECT_EQ(test, debug_object_activate(o, &dotest2_descr), 0);
	debug_object_deactivate(o, &dotest2_descr);
	KUNIT_EXPECT_EQ(test, dotest_reports, 0UL);
	KUNIT_EXPECT_EQ(test, dotest2_reports, 2UL);
	kfree(o);
	kfree(o2);
	KUNIT_EXPECT_EQ(test, debug_object_get_state(o), ODEBUG_STATE_NONE);
	KUNIT_EXPECT_EQ(test, debug_object_get_state(o2), ODEBUG_STATE_NONE);
}

static struct kunit_case debugobjects_test_cases[] = {
	KUNIT_CASE(dotest_state_machine),
	KUNIT_CASE(dotest_activate_active),
	KUNIT_CASE(dotest_untracked),
	KUNIT_CASE(dotest_free_active),
	KUNIT_CASE(dotest_free_large_range),
	KUNIT_CASE(dotest_on_stack),
	KUNIT_CASE(dotest_two_types),
	{}
};

static struct kunit_suite debugobjects_test_suite = {
	.name = "debugobjects",
	.init = dotest_init,
	.test_cases = debugobjects_test_cases,
};

kunit_test_suites(&debugobjects_test_suite);
