/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by rcu/'s KUnit suites (rcu_test.c, kvfree_rcu_test.c):
 * what happened to objects handed to kfree_rcu(), starting and waiting for
 * a test kthread, a cleanup_srcu_struct() that must refuse.  Their
 * kthreads' CPUs come from linux/torture.h's picker.
 */
#ifndef _RCU_RCU_TEST_UTIL_H
#define _RCU_RCU_TEST_UTIL_H

#include <linux/compiler.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/kthread.h>
#include <linux/slab.h>
#include <linux/srcu.h>
#include <linux/torture.h>
#include <linux/types.h>
#include <kunit/test.h>

/*
 * Do all @n bytes at @p still hold @byte?  Byte by byte with READ_ONCE():
 * an object freed under a reader may be rewritten while we look.
 */
static inline bool rcu_test_bytes_intact(const unsigned char *p, size_t n,
					 unsigned char byte)
{
	for (size_t i = 0; i < n; i++)
		if (READ_ONCE(p[i]) != byte)
			return false;
	return true;
}

/*
 * The allocator's own view: is the object at @p, allocated from the slab
 * cache that kmem_dump_obj() names @cache ("slab kmalloc-4096 "), free?
 * Its slab may have been given back (then it is free too) or even reused
 * by another cache.
 */
static inline bool rcu_test_obj_is_free(void *p, const char *cache)
{
	if (!kmem_valid_obj(p))
		return true;
	kunit_printk_capture_start();
	kmem_dump_obj(p);
	kunit_printk_capture_stop();
	return kunit_log_contains(", free") || !kunit_log_contains(cache);
}

/* Sleep until *@flag is set, at most @ms milliseconds.  Return: it is set. */
static inline bool rcu_test_wait_flag(bool *flag, unsigned int ms)
{
	while (!READ_ONCE(*flag) && ms--)
		msleep(1);
	return READ_ONCE(*flag);
}

/* Start @fn(@data) in a kthread bound to @cpu, named "@name/@cpu". */
static inline struct task_struct *rcu_test_run_on(int (*fn)(void *), void *data,
						  unsigned int cpu, const char *name)
{
	struct task_struct *t = kthread_create(fn, data, "%s/%u", name, cpu);

	if (IS_ERR(t))
		return t;
	kthread_bind(t, cpu);
	wake_up_process(t);
	return t;
}

/*
 * cleanup_srcu_struct() on a busy @ssp must refuse with a warning naming
 * @why; the warning is expected, inside splat markers.
 */
static inline void rcu_test_srcu_cleanup_refused(struct kunit *test,
						 struct srcu_struct *ssp,
						 const char *why)
{
	kunit_expect_splat_begin(test);
	kunit_printk_capture_start();
	cleanup_srcu_struct(ssp);
	kunit_printk_capture_stop();
	kunit_expect_splat_end(test);
	KUNIT_EXPECT_TRUE(test, kunit_log_contains("WARNING:"));
	KUNIT_EXPECT_TRUE_MSG(test, kunit_log_contains(why), "no \"%s\" report", why);
}

#endif /* _RCU_RCU_TEST_UTIL_H */
