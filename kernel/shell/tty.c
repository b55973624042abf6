// SPDX-License-Identifier: GPL-2.0
/*
 * Serial input: a ring buffer between the UART receive interrupt and the
 * shell.
 *
 * tty_receive_char() runs in hardirq context: it never blocks, and when
 * the ring is full it drops the byte and counts it.  tty_getc() sleeps on
 * a wait queue until a byte is there.  The ring is static, so bytes that
 * arrive before the shell runs (input piped into QEMU) wait in it.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <linux/tty.h>

static u8 tty_buf[TTY_BUF_SIZE];
static unsigned int tty_head;	/* next byte to write; tty_lock */
static unsigned int tty_tail;	/* next byte to read; tty_lock */
static unsigned long tty_nr_dropped;
static DEFINE_SPINLOCK(tty_lock);
static DECLARE_WAIT_QUEUE_HEAD(tty_wait);

/**
 * tty_receive_char() - queue a byte received by the serial port
 * @c: the byte
 *
 * Called from the UART interrupt handler; safe in any context except NMI.
 */
void tty_receive_char(u8 c)
{
	unsigned long flags;
	bool queued = false;

	spin_lock_irqsave(&tty_lock, flags);
	if (tty_head - tty_tail < TTY_BUF_SIZE) {
		tty_buf[tty_head % TTY_BUF_SIZE] = c;
		tty_head++;
		queued = true;
	} else {
		tty_nr_dropped++;
	}
	spin_unlock_irqrestore(&tty_lock, flags);
	if (queued)
		wake_up(&tty_wait);
}

static bool tty_has_data(void)
{
	return READ_ONCE(tty_head) != READ_ONCE(tty_tail);
}

/**
 * tty_getc_nonblock() - take the next received byte if there is one
 *
 * Return: the byte (0..255), or -1 if the buffer is empty.
 */
int tty_getc_nonblock(void)
{
	unsigned long flags;
	int c = -1;

	spin_lock_irqsave(&tty_lock, flags);
	if (tty_head != tty_tail) {
		c = tty_buf[tty_tail % TTY_BUF_SIZE];
		tty_tail++;
	}
	spin_unlock_irqrestore(&tty_lock, flags);
	return c;
}

/**
 * tty_getc() - wait for and take the next received byte
 *
 * Sleeps until a byte arrives; task context only.
 *
 * Return: the byte (0..255).
 */
int tty_getc(void)
{
	int c;

	for (;;) {
		c = tty_getc_nonblock();
		if (c >= 0)
			return c;
		wait_event_interruptible(tty_wait, tty_has_data());
	}
}

/**
 * tty_dropped() - bytes lost because the buffer was full
 *
 * Return: the count since boot.
 */
unsigned long tty_dropped(void)
{
	return READ_ONCE(tty_nr_dropped);
}
