// SPDX-License-Identifier: GPL-2.0
/*
 * 16550 UART on COM1: polled output for the console, interrupt-driven input
 * for the shell.
 *
 * The receive FIFO is deliberately left in 16450 (non-FIFO) mode.  On a
 * 16550, switching the FIFO on discards whatever was already received, and
 * QEMU only takes bytes from its host side (a pipe, say) when the guest
 * UART has room, so with a one-byte receiver nothing piped in before the
 * kernel is ready can be lost: it waits in QEMU until we read it.
 */
#include <linux/kernel.h>
#include <linux/irqflags.h>
#include <asm/io.h>
#include <asm/processor.h>
#include <asm/arch.h>

#define COM1		0x3f8
#define UART_RBR	0	/* receive buffer (DLAB=0) */
#define UART_THR	0	/* transmit holding (DLAB=0) */
#define UART_DLL	0	/* divisor low (DLAB=1) */
#define UART_IER	1
#define UART_DLM	1
#define UART_LCR	3
#define UART_MCR	4
#define UART_LSR	5
#define UART_LSR_DR	0x01
#define UART_LSR_THRE	0x20
#define UART_IER_RDI	0x01
#define UART_MCR_DTR	0x01
#define UART_MCR_RTS	0x02
#define UART_MCR_OUT2	0x08	/* gates the IRQ line on PC hardware */

static bool serial_ready;

void tty_receive_char(u8 c);

void serial_init(void)
{
	outb(0x00, COM1 + UART_IER);
	outb(0x80, COM1 + UART_LCR);		/* DLAB */
	outb(0x01, COM1 + UART_DLL);		/* 115200 baud */
	outb(0x00, COM1 + UART_DLM);
	outb(0x03, COM1 + UART_LCR);		/* 8N1 */
	outb(UART_MCR_DTR | UART_MCR_RTS | UART_MCR_OUT2, COM1 + UART_MCR);
	serial_ready = true;
}

static void serial_putc(char c)
{
	unsigned int spins = 0;

	while (!(inb(COM1 + UART_LSR) & UART_LSR_THRE) && ++spins < 100000)
		cpu_relax();
	outb(c, COM1 + UART_THR);
}

/**
 * console_write() - write raw text to the serial console
 * @s: text, not necessarily NUL-terminated
 * @n: number of bytes
 *
 * No timestamps, no log buffer: used by printk()'s flusher and by the
 * shell for its prompt and echo.  "\n" becomes "\r\n".
 */
void console_write(const char *s, size_t n)
{
	if (!serial_ready)
		return;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\n')
			serial_putc('\r');
		serial_putc(s[i]);
	}
}

/* Receive interrupt: hand every waiting byte to the tty layer. */
static void serial_irq(struct pt_regs *regs)
{
	while (inb(COM1 + UART_LSR) & UART_LSR_DR)
		tty_receive_char(inb(COM1 + UART_RBR));
}

/* Called once interrupts can be routed: enable the receive interrupt. */
void serial_enable_rx_irq(void)
{
	unsigned long flags;

	request_isa_irq(4, serial_irq);
	outb(UART_IER_RDI, COM1 + UART_IER);
	/*
	 * Anything that arrived before the IRQ was routed.  With interrupts
	 * off, or the handler could take the byte between our LSR and RBR
	 * reads and we would read the stale RBR a second time.
	 */
	local_irq_save(flags);
	serial_irq(NULL);
	local_irq_restore(flags);
}
