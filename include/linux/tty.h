/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_TTY_H
#define _LINUX_TTY_H

#include <linux/types.h>

/*
 * The serial input layer (kernel/shell/tty.c).
 *
 * The UART driver hands every received byte to tty_receive_char() from its
 * interrupt handler; the bytes wait in a ring buffer until a task reads them
 * with tty_getc().  The ring exists from the first instruction (static
 * storage), so input that arrives before anyone reads is kept, up to
 * TTY_BUF_SIZE bytes; beyond that bytes are dropped and counted.
 */
#define TTY_BUF_SIZE	65536

void tty_receive_char(u8 c);
int tty_getc(void);
int tty_getc_nonblock(void);
unsigned long tty_dropped(void);

/* Start the serial shell (kernel/shell/, also in <linux/shell.h>). */
void shell_start(void);

#endif /* _LINUX_TTY_H */
