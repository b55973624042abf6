/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_PRINTK_H
#define _LINUX_PRINTK_H

#include <linux/types.h>

#define KERN_SOH	"\001"
#define KERN_EMERG	KERN_SOH "0"
#define KERN_ALERT	KERN_SOH "1"
#define KERN_CRIT	KERN_SOH "2"
#define KERN_ERR	KERN_SOH "3"
#define KERN_WARNING	KERN_SOH "4"
#define KERN_NOTICE	KERN_SOH "5"
#define KERN_INFO	KERN_SOH "6"
#define KERN_DEBUG	KERN_SOH "7"
#define KERN_CONT	KERN_SOH "c"

#ifndef pr_fmt
#define pr_fmt(fmt) fmt
#endif

/**
 * printk() - print a message to the kernel log and the console
 * @fmt: format string, optionally starting with a KERN_<LEVEL> prefix
 *
 * Safe from any context, including hardirq and NMI: the message goes into a
 * lock-free ring buffer first and is written to the console by whichever
 * CPU can take the console lock.
 */
__printf(1, 2) int printk(const char *fmt, ...);
int vprintk(const char *fmt, va_list args);

/*
 * printk() hands every message's text (level prefix removed) to KUnit's
 * capture (kernel/kunit/capture.c), which tests use to look for splats.
 */
#ifdef CONFIG_KUNIT
void printk_capture_hook(const char *text, size_t len);
#else
static inline void printk_capture_hook(const char *text, size_t len) { }
#endif

#define pr_emerg(fmt, ...)	printk(KERN_EMERG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_alert(fmt, ...)	printk(KERN_ALERT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_crit(fmt, ...)	printk(KERN_CRIT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_err(fmt, ...)	printk(KERN_ERR pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warn(fmt, ...)	printk(KERN_WARNING pr_fmt(fmt), ##__VA_ARGS__)
#define pr_notice(fmt, ...)	printk(KERN_NOTICE pr_fmt(fmt), ##__VA_ARGS__)
#define pr_info(fmt, ...)	printk(KERN_INFO pr_fmt(fmt), ##__VA_ARGS__)
#define pr_debug(fmt, ...)	do { } while (0)
#define pr_cont(fmt, ...)	printk(KERN_CONT fmt, ##__VA_ARGS__)

/* lib/vsprintf.c */
__printf(3, 4) int snprintf(char *buf, size_t size, const char *fmt, ...);
__printf(3, 4) int scnprintf(char *buf, size_t size, const char *fmt, ...);
int vsnprintf(char *buf, size_t size, const char *fmt, va_list args);
int vscnprintf(char *buf, size_t size, const char *fmt, va_list args);
__printf(2, 3) int sprintf(char *buf, const char *fmt, ...);

/*
 * Symbolization hook used by "%pS": writes "name+0xoff/0xsize" for @addr
 * into @buf and returns the length, or 0 if the address is unknown.
 * The kernel provides it (kernel/kallsyms.c); host tests provide a stub.
 */
int sprint_symbol(char *buf, size_t size, unsigned long addr);

#endif /* _LINUX_PRINTK_H */
