/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_CTYPE_H
#define _LINUX_CTYPE_H

#include <linux/compiler.h>

/*
 * Character classification for the "C" locale extended with ISO 8859-1 in
 * the upper half, table driven (lib/ctype.c).  Every classifier takes an
 * int holding an unsigned char value (or any char, which is cast).
 */
#define _U	0x01	/* upper case letter */
#define _L	0x02	/* lower case letter */
#define _D	0x04	/* decimal digit */
#define _C	0x08	/* control character */
#define _P	0x10	/* punctuation */
#define _S	0x20	/* white space: space, \t \n \v \f \r */
#define _X	0x40	/* hexadecimal digit letter a-f A-F */
#define _SP	0x80	/* the space character itself (0x20, 0xa0) */

extern const unsigned char _ctype[256];

#define __ismask(c)	(_ctype[(unsigned char)(c)])

static inline int isalnum(int c)  { return (__ismask(c) & (_U | _L | _D)) != 0; }
static inline int isalpha(int c)  { return (__ismask(c) & (_U | _L)) != 0; }
static inline int iscntrl(int c)  { return (__ismask(c) & _C) != 0; }
static inline int isdigit(int c)  { return (unsigned int)(c - '0') < 10; }
static inline int isgraph(int c)  { return (__ismask(c) & (_P | _U | _L | _D)) != 0; }
static inline int islower(int c)  { return (__ismask(c) & _L) != 0; }
static inline int isprint(int c)  { return (__ismask(c) & (_P | _U | _L | _D | _SP)) != 0; }
static inline int ispunct(int c)  { return (__ismask(c) & _P) != 0; }
static inline int isspace(int c)  { return (__ismask(c) & _S) != 0; }
static inline int isupper(int c)  { return (__ismask(c) & _U) != 0; }
static inline int isxdigit(int c) { return (__ismask(c) & (_D | _X)) != 0; }
static inline int isascii(int c)  { return (unsigned int)c <= 0x7f; }
static inline int toascii(int c)  { return c & 0x7f; }

/**
 * tolower() - lower-case a character
 * @c: the character, as an unsigned char value
 *
 * Return: @c in lower case if it is an upper case letter, else @c.
 */
static inline int tolower(int c)
{
	return isupper(c) ? c - 'A' + 'a' : c;
}

/**
 * toupper() - upper-case a character
 * @c: the character, as an unsigned char value
 *
 * Return: @c in upper case if it is a lower case letter, else @c.
 */
static inline int toupper(int c)
{
	/* 0xdf (sharp s) and 0xff (y diaeresis) have no Latin-1 upper case. */
	if (!islower(c) || c == 0xdf || c == 0xff)
		return c;
	return c - 'a' + 'A';
}

/*
 * _tolower() - fast lower case for ASCII letters and digits only: sets the
 * 0x20 bit.  Use it to fold hex digits and "0x" prefixes.
 */
static inline char _tolower(const char c)
{
	return c | 0x20;
}

/* isodigit() - is @c an octal digit? */
static inline int isodigit(const char c)
{
	return c >= '0' && c <= '7';
}

#endif /* _LINUX_CTYPE_H */
