// SPDX-License-Identifier: GPL-2.0
/*
 * vsnprintf() and friends: C99 printf formatting for the kernel.
 *
 * Conversions: %d %i %u %x %X %o %c %s %p %%.
 * Flags: '-' '+' ' ' '0' '#'; field width and precision, either may be '*'.
 * Length modifiers: hh h l ll z t j (and L, q as ll).
 * No floating point.  No %n.
 *
 * Kernel extensions for pointers, as in Linux:
 *   %p   the address as 16 zero-padded hex digits (the address is printed
 *        raw, there is no pointer hashing in this kernel); %px and %pK
 *        are the same
 *   %pS  the symbol: "name+0xoff/0xsize" from sprint_symbol()
 *   %ps  the symbol name only
 * Like Linux, every alphanumeric character right after %p belongs to the
 * pointer conversion, so do not write a letter or digit right after %p.
 */
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/ctype.h>

/* printf_spec.flags */
#define ZEROPAD	0x01	/* pad with zeros instead of spaces */
#define SIGN	0x02	/* signed conversion */
#define PLUS	0x04	/* show a '+' for non-negative values */
#define SPACE	0x08	/* show a ' ' for non-negative values */
#define LEFT	0x10	/* left-justify in the field */
#define SPECIAL	0x20	/* '#': 0 or 0x prefix */
#define SMALL	0x40	/* lower-case hex digits */
#define PREFIX0	0x80	/* with SPECIAL: "0x" even for the value 0 */

/* The largest width or precision honoured; larger ones are clamped. */
#define FIELD_MAX	(1 << 20)

struct printf_spec {
	unsigned int flags;
	int field_width;	/* -1: none */
	int precision;		/* -1: none */
	unsigned int base;
};

/*
 * The output: bytes land in buf while they fit in size, pos counts them all
 * so that the would-be length is known at the end.
 */
struct outbuf {
	char *buf;
	size_t size;
	size_t pos;
};

static void put_char(struct outbuf *out, char c)
{
	if (out->pos < out->size)
		out->buf[out->pos] = c;
	out->pos++;
}

static void put_repeat(struct outbuf *out, char c, int n)
{
	while (n-- > 0)
		put_char(out, c);
}

static void put_string(struct outbuf *out, const char *s, int len,
		       const struct printf_spec *spec)
{
	int pad = spec->field_width > len ? spec->field_width - len : 0;

	if (!(spec->flags & LEFT))
		put_repeat(out, ' ', pad);
	while (len-- > 0)
		put_char(out, *s++);
	if (spec->flags & LEFT)
		put_repeat(out, ' ', pad);
}

static void put_number(struct outbuf *out, unsigned long long num,
		       bool negative, const struct printf_spec *spec)
{
	static const char digits_upper[] = "0123456789ABCDEF";
	static const char digits_lower[] = "0123456789abcdef";
	const char *digits = (spec->flags & SMALL) ? digits_lower : digits_upper;
	char tmp[24];	/* 64 bits in octal: 22 digits */
	char sign = 0;
	const char *prefix = "";
	int ndigits = 0, nprefix, precision = spec->precision, zeros, pad, total;

	while (num) {
		tmp[ndigits++] = digits[num % spec->base];
		num /= spec->base;
	}
	/* C99: zero with precision 0 has no digits; default precision is 1. */
	if (precision < 0)
		precision = 1;

	if (spec->flags & SIGN) {
		if (negative)
			sign = '-';
		else if (spec->flags & PLUS)
			sign = '+';
		else if (spec->flags & SPACE)
			sign = ' ';
	}
	if (spec->flags & SPECIAL) {
		if (spec->base == 16 && (ndigits || (spec->flags & PREFIX0)))
			prefix = (spec->flags & SMALL) ? "0x" : "0X";
		else if (spec->base == 8 && precision <= ndigits)
			precision = ndigits + 1;	/* force a leading 0 */
	}
	nprefix = strlen(prefix);

	zeros = precision > ndigits ? precision - ndigits : 0;
	total = (sign ? 1 : 0) + nprefix + zeros + ndigits;
	pad = spec->field_width > total ? spec->field_width - total : 0;
	/* '0' is ignored with '-' or an explicit precision. */
	if ((spec->flags & (ZEROPAD | LEFT)) == ZEROPAD && spec->precision < 0) {
		zeros += pad;
		pad = 0;
	}

	if (!(spec->flags & LEFT))
		put_repeat(out, ' ', pad);
	if (sign)
		put_char(out, sign);
	while (*prefix)
		put_char(out, *prefix++);
	put_repeat(out, '0', zeros);
	while (ndigits)
		put_char(out, tmp[--ndigits]);
	if (spec->flags & LEFT)
		put_repeat(out, ' ', pad);
}

static void put_pointer(struct outbuf *out, const char *fmt, void *ptr,
			struct printf_spec *spec)
{
	char sym[128];
	int len;

	switch (*fmt) {
	case 'S':
	case 's':
		len = sprint_symbol(sym, sizeof(sym), (unsigned long)ptr);
		if (len > 0) {
			len = strnlen(sym, min_t(size_t, len, sizeof(sym) - 1));
			if (*fmt == 's') {
				const char *plus = memchr(sym, '+', len);

				if (plus)
					len = plus - sym;
			}
			if (spec->precision >= 0 && spec->precision < len)
				len = spec->precision;
			put_string(out, sym, len, spec);
			return;
		}
		/* Unknown address: 0x followed by the hex value. */
		spec->flags |= SPECIAL | SMALL | PREFIX0;
		spec->base = 16;
		put_number(out, (unsigned long)ptr, false, spec);
		return;
	default:
		break;
	}

	/* Plain %p (and %px, %pK): zero-padded to the full pointer width. */
	if (spec->field_width < 0) {
		spec->field_width = 2 * sizeof(void *);
		if (spec->flags & SPECIAL)
			spec->field_width += 2;
		spec->flags |= ZEROPAD;
	}
	spec->flags |= SMALL | PREFIX0;
	spec->base = 16;
	put_number(out, (unsigned long)ptr, false, spec);
}

/* Parse a decimal width or precision, clamped to FIELD_MAX. */
static int skip_atoi(const char **s)
{
	int i = 0;

	while (isdigit(**s)) {
		if (i < FIELD_MAX)
			i = i * 10 + (*(*s)++ - '0');
		else
			(*s)++;
	}
	return min(i, FIELD_MAX);
}

enum length_mod { LEN_NONE, LEN_HH, LEN_H, LEN_L, LEN_LL, LEN_Z, LEN_T, LEN_J };

/**
 * vsnprintf() - format a string into a buffer
 * @buf: the buffer; may be NULL if @size is 0
 * @size: size of @buf in bytes, including the terminating NUL
 * @fmt: the format string, see the top of lib/vsprintf.c
 * @args: the arguments
 *
 * The output is truncated to fit and NUL-terminated whenever @size > 0.
 *
 * Return: the length the full output would have (not counting the NUL),
 * like C99: a result >= @size means the output was truncated.
 */
int vsnprintf(char *buf, size_t size, const char *fmt, va_list args)
{
	struct outbuf out = { .buf = buf, .size = size, .pos = 0 };
	struct printf_spec spec;
	enum length_mod qual;
	unsigned long long num;
	long long snum;
	const char *s;
	int len;

	if (!buf)
		out.size = 0;

	while (*fmt) {
		if (*fmt != '%') {
			put_char(&out, *fmt++);
			continue;
		}
		fmt++;		/* skip the '%' */

		spec.flags = 0;
		spec.field_width = -1;
		spec.precision = -1;
		spec.base = 10;

		/* Flags. */
		for (;; fmt++) {
			if (*fmt == '-')
				spec.flags |= LEFT;
			else if (*fmt == '+')
				spec.flags |= PLUS;
			else if (*fmt == ' ')
				spec.flags |= SPACE;
			else if (*fmt == '#')
				spec.flags |= SPECIAL;
			else if (*fmt == '0')
				spec.flags |= ZEROPAD;
			else
				break;
		}

		/* Field width; a negative '*' argument means '-'. */
		if (isdigit(*fmt)) {
			spec.field_width = skip_atoi(&fmt);
		} else if (*fmt == '*') {
			int w = va_arg(args, int);

			fmt++;
			if (w < 0) {
				spec.flags |= LEFT;
				w = w == INT_MIN ? FIELD_MAX : -w;
			}
			spec.field_width = min(w, FIELD_MAX);
		}

		/* Precision; a negative '*' argument means none. */
		if (*fmt == '.') {
			fmt++;
			if (isdigit(*fmt)) {
				spec.precision = skip_atoi(&fmt);
			} else if (*fmt == '*') {
				int p = va_arg(args, int);

				fmt++;
				spec.precision = p < 0 ? -1 : min(p, FIELD_MAX);
			} else {
				spec.precision = 0;
			}
		}

		/* Length modifier. */
		qual = LEN_NONE;
		switch (*fmt) {
		case 'h':
			qual = LEN_H;
			if (*++fmt == 'h') {
				qual = LEN_HH;
				fmt++;
			}
			break;
		case 'l':
			qual = LEN_L;
			if (*++fmt == 'l') {
				qual = LEN_LL;
				fmt++;
			}
			break;
		case 'L':
		case 'q':
			qual = LEN_LL;
			fmt++;
			break;
		case 'z':
		case 'Z':
			qual = LEN_Z;
			fmt++;
			break;
		case 't':
			qual = LEN_T;
			fmt++;
			break;
		case 'j':
			qual = LEN_J;
			fmt++;
			break;
		default:
			break;
		}

		switch (*fmt) {
		case '%':
			put_char(&out, '%');
			fmt++;
			continue;

		case 'c':
			spec.flags &= ~ZEROPAD;
			{
				char c = (unsigned char)va_arg(args, int);

				put_string(&out, &c, 1, &spec);
			}
			fmt++;
			continue;

		case 's':
			s = va_arg(args, const char *);
			if (!s)
				s = "(null)";
			len = strnlen(s, spec.precision >= 0 ? (size_t)spec.precision : (size_t)INT_MAX);
			put_string(&out, s, len, &spec);
			fmt++;
			continue;

		case 'p':
			fmt++;
			put_pointer(&out, fmt, va_arg(args, void *), &spec);
			while (isalnum(*fmt))
				fmt++;
			continue;

		case 'o':
			spec.base = 8;
			break;
		case 'x':
			spec.flags |= SMALL;
			fallthrough;
		case 'X':
			spec.base = 16;
			break;
		case 'd':
		case 'i':
			spec.flags |= SIGN;
			break;
		case 'u':
			break;

		case '\0':
			/* A lone '%' at the end of the format. */
			put_char(&out, '%');
			continue;
		default:
			/* Unknown conversion: print it as it is. */
			put_char(&out, '%');
			put_char(&out, *fmt++);
			continue;
		}
		fmt++;

		/* Integer conversions. */
		if (spec.flags & SIGN) {
			switch (qual) {
			case LEN_HH:
				snum = (signed char)va_arg(args, int);
				break;
			case LEN_H:
				snum = (short)va_arg(args, int);
				break;
			case LEN_L:
				snum = va_arg(args, long);
				break;
			case LEN_LL:
			case LEN_J:
				snum = va_arg(args, long long);
				break;
			case LEN_Z:
				snum = va_arg(args, ssize_t);
				break;
			case LEN_T:
				snum = va_arg(args, ptrdiff_t);
				break;
			default:
				snum = va_arg(args, int);
				break;
			}
			if (snum < 0)
				num = -(unsigned long long)snum;
			else
				num = snum;
			put_number(&out, num, snum < 0, &spec);
		} else {
			switch (qual) {
			case LEN_HH:
				num = (unsigned char)va_arg(args, unsigned int);
				break;
			case LEN_H:
				num = (unsigned short)va_arg(args, unsigned int);
				break;
			case LEN_L:
				num = va_arg(args, unsigned long);
				break;
			case LEN_LL:
			case LEN_J:
				num = va_arg(args, unsigned long long);
				break;
			case LEN_Z:
				num = va_arg(args, size_t);
				break;
			case LEN_T:
				num = (unsigned long)va_arg(args, ptrdiff_t);
				break;
			default:
				num = va_arg(args, unsigned int);
				break;
			}
			put_number(&out, num, false, &spec);
		}
	}

	if (out.size)
		buf[min(out.pos, out.size - 1)] = '\0';
	return min_t(size_t, out.pos, INT_MAX);
}

/**
 * vscnprintf() - format a string into a buffer, return what was written
 * @buf: the buffer
 * @size: size of @buf in bytes, including the terminating NUL
 * @fmt: the format string
 * @args: the arguments
 *
 * Return: the number of characters actually stored in @buf, not counting
 * the NUL: at most @size - 1, and 0 if @size is 0.
 */
int vscnprintf(char *buf, size_t size, const char *fmt, va_list args)
{
	int i = vsnprintf(buf, size, fmt, args);

	if ((size_t)i < size)
		return i;
	return size ? size - 1 : 0;
}

/**
 * snprintf() - format a string into a buffer
 * @buf: the buffer
 * @size: size of @buf in bytes, including the terminating NUL
 * @fmt: the format string
 *
 * Return: as vsnprintf(): the untruncated length.
 */
int snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list args;
	int i;

	va_start(args, fmt);
	i = vsnprintf(buf, size, fmt, args);
	va_end(args);
	return i;
}

/**
 * scnprintf() - format a string into a buffer, return what was written
 * @buf: the buffer
 * @size: size of @buf in bytes, including the terminating NUL
 * @fmt: the format string
 *
 * Return: as vscnprintf(): the number of characters stored.
 */
int scnprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list args;
	int i;

	va_start(args, fmt);
	i = vscnprintf(buf, size, fmt, args);
	va_end(args);
	return i;
}

/**
 * sprintf() - format a string into a buffer of unchecked size
 * @buf: the buffer, large enough for the output
 * @fmt: the format string
 *
 * Prefer snprintf() or scnprintf().
 *
 * Return: the number of characters stored, not counting the NUL.
 */
int sprintf(char *buf, const char *fmt, ...)
{
	va_list args;
	int i;

	va_start(args, fmt);
	i = vsnprintf(buf, INT_MAX, fmt, args);
	va_end(args);
	return i;
}
