// SPDX-License-Identifier: GPL-2.0
/* Unit tests for <linux/err.h> and <linux/errno.h>. */
#include "ktest.h"

#include <linux/err.h>
#include <linux/errno.h>

static int object;

static void test_err_ptr(struct ktest *t)
{
	void *p = ERR_PTR(-ENOMEM);

	KEXPECT_TRUE(t, IS_ERR(p));
	KEXPECT_EQ(t, PTR_ERR(p), -ENOMEM);
	KEXPECT_EQ(t, PTR_ERR_OR_ZERO(p), -ENOMEM);
	KEXPECT_TRUE(t, IS_ERR_OR_NULL(p));
	KEXPECT_TRUE(t, IS_ERR(ERR_CAST(p)));
	KEXPECT_TRUE(t, IS_ERR(ERR_PTR(-1)));
	KEXPECT_TRUE(t, IS_ERR(ERR_PTR(-MAX_ERRNO)));
	KEXPECT_FALSE(t, IS_ERR(ERR_PTR(-MAX_ERRNO - 1)));

	KEXPECT_FALSE(t, IS_ERR(&object));
	KEXPECT_FALSE(t, IS_ERR_OR_NULL(&object));
	KEXPECT_EQ(t, PTR_ERR_OR_ZERO(&object), 0);
	KEXPECT_FALSE(t, IS_ERR(NULL));
	KEXPECT_TRUE(t, IS_ERR_OR_NULL(NULL));
	KEXPECT_EQ(t, PTR_ERR_OR_ZERO(NULL), 0);
}

static void test_errno_values(struct ktest *t)
{
	/* The Linux ABI values, so that logs read the same. */
	KEXPECT_EQ(t, EPERM, 1);
	KEXPECT_EQ(t, ENOENT, 2);
	KEXPECT_EQ(t, E2BIG, 7);
	KEXPECT_EQ(t, EAGAIN, 11);
	KEXPECT_EQ(t, ENOMEM, 12);
	KEXPECT_EQ(t, EBUSY, 16);
	KEXPECT_EQ(t, EINVAL, 22);
	KEXPECT_EQ(t, ERANGE, 34);
	KEXPECT_EQ(t, ENOSYS, 38);
	KEXPECT_EQ(t, ETIMEDOUT, 110);
	KEXPECT_EQ(t, EWOULDBLOCK, EAGAIN);
}

static const struct ktest_case cases[] = {
	KTEST_CASE(test_err_ptr),
	KTEST_CASE(test_errno_values),
	{}
};

KTEST_MAIN("err", cases)
