/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What tests/requirements/rcu_requirements.c needs that rcuos and Linux
 * spell differently: printk capture (to check a deliberate splat's text)
 * and the bracketing of deliberate splats.  rcuos compiles every file
 * with -D__rcuos__; without it, this is a Linux module.
 *
 *   req_capture_start()	start copying printk output
 *   req_capture_stop()		stop, after the output so far reached it
 *   req_log_contains(s)	did the captured output contain @s?
 *   req_splat_begin(test, what) / req_splat_end(test, what)
 *				print the "BEGIN/END INTENTIONAL SPLAT (what)"
 *				markers around a deliberate splat and
 *				capture in between; on rcuos also the KTAP
 *				"# expect-splat" markers the harness accepts
 *				splats between
 *   REQ_CAPTURES_WARN		printk capture sees WARN() reports in time
 */
#ifndef _RCU_REQUIREMENTS_COMPAT_H
#define _RCU_REQUIREMENTS_COMPAT_H

#include <kunit/test.h>
#include <linux/printk.h>

#ifdef __rcuos__

#define REQ_CAPTURES_WARN	true

static inline void req_capture_start(void)
{
	kunit_printk_capture_start();
}

static inline void req_capture_stop(void)
{
	kunit_printk_capture_stop();
}

static inline bool req_log_contains(const char *s)
{
	return kunit_log_contains(s);
}

static inline void req_splat_begin(struct kunit *test, const char *what)
{
	pr_info("rcu_requirements: BEGIN INTENTIONAL SPLAT (%s)\n", what);
	kunit_expect_splat_begin(test);
	kunit_printk_capture_start();
}

static inline void req_splat_end(struct kunit *test, const char *what)
{
	kunit_printk_capture_stop();
	kunit_expect_splat_end(test);
	pr_info("rcu_requirements: END INTENTIONAL SPLAT (%s)\n", what);
}

#else /* Linux */

#include <linux/console.h>
#include <linux/module.h>
#include <linux/spinlock.h>
#include <linux/string.h>

/* Exported by kernel/rcu/tree.c, declared in kernel/rcu/rcu.h only. */
unsigned long rcu_get_gp_seq(void);

/*
 * An ODEBUG report goes through WARN(), which a console registered by a
 * module does not always see before the test looks: the console log is
 * checked between the markers instead (linux/scripts/check.sh).
 */
#define REQ_CAPTURES_WARN	false

static DEFINE_SPINLOCK(req_cap_lock);
static char req_cap_buf[4096];
static size_t req_cap_len;

static void req_cap_write(struct console *con, const char *s, unsigned int n)
{
	unsigned long flags;

	spin_lock_irqsave(&req_cap_lock, flags);
	n = min_t(unsigned int, n, sizeof(req_cap_buf) - 1 - req_cap_len);
	memcpy(req_cap_buf + req_cap_len, s, n);
	req_cap_len += n;
	req_cap_buf[req_cap_len] = 0;
	spin_unlock_irqrestore(&req_cap_lock, flags);
}

static struct console req_cap_console = {
	.name = "rcureq",
	.write = req_cap_write,
	.flags = CON_ENABLED,
	.index = -1,
};

static inline void req_capture_start(void)
{
	req_cap_len = 0;
	req_cap_buf[0] = 0;
	register_console(&req_cap_console);
}

static inline void req_capture_stop(void)
{
	/* Let printk flush to every console, then stop capturing. */
	console_lock();
	console_unlock();
	unregister_console(&req_cap_console);
}

static inline bool req_log_contains(const char *s)
{
	bool found;

	spin_lock_irq(&req_cap_lock);
	found = strstr(req_cap_buf, s) != NULL;
	spin_unlock_irq(&req_cap_lock);
	return found;
}

static inline void req_splat_begin(struct kunit *test, const char *what)
{
	pr_info("rcu_requirements: BEGIN INTENTIONAL SPLAT (%s)\n", what);
	req_capture_start();
}

static inline void req_splat_end(struct kunit *test, const char *what)
{
	req_capture_stop();
	pr_info("rcu_requirements: END INTENTIONAL SPLAT (%s)\n", what);
}

#endif /* __rcuos__ */

#endif /* _RCU_REQUIREMENTS_COMPAT_H */
