// SPDX-License-Identifier: GPL-2.0
/*
 * Freestanding string and memory functions.
 *
 * The compiler may emit calls to memcpy(), memmove(), memset() and memcmp()
 * on its own (structure copies, large initialisers), so these must exist and
 * must not be turned back into calls to themselves: lib/build.mk builds this
 * file with -fno-tree-loop-distribute-patterns.
 */
#include <linux/string.h>
#include <linux/ctype.h>
#include <linux/errno.h>
#include <linux/kernel.h>

#define WORD_SIZE	sizeof(unsigned long)
#define WORD_MASK	(WORD_SIZE - 1)

/**
 * memcpy() - copy a memory area
 * @dest: destination
 * @src: source; must not overlap @dest
 * @n: number of bytes
 *
 * Return: @dest.
 */
void *memcpy(void *dest, const void *src, size_t n)
{
	unsigned char *d = dest;
	const unsigned char *s = src;

	if ((((unsigned long)d | (unsigned long)s) & WORD_MASK) == 0) {
		for (; n >= WORD_SIZE; n -= WORD_SIZE) {
			*(unsigned long *)d = *(const unsigned long *)s;
			d += WORD_SIZE;
			s += WORD_SIZE;
		}
	}
	while (n--)
		*d++ = *s++;
	return dest;
}

/**
 * memmove() - copy a memory area that may overlap
 * @dest: destination
 * @src: source
 * @n: number of bytes
 *
 * Return: @dest.
 */
void *memmove(void *dest, const void *src, size_t n)
{
	unsigned char *d = dest;
	const unsigned char *s = src;

	if (d == s || n == 0)
		return dest;
	if (d < s || d >= s + n)
		return memcpy(dest, src, n);

	/* Overlapping with dest above src: copy backwards. */
	d += n;
	s += n;
	if ((((unsigned long)d | (unsigned long)s) & WORD_MASK) == 0) {
		for (; n >= WORD_SIZE; n -= WORD_SIZE) {
			d -= WORD_SIZE;
			s -= WORD_SIZE;
			*(unsigned long *)d = *(const unsigned long *)s;
		}
	}
	while (n--)
		*--d = *--s;
	return dest;
}

/**
 * memset() - fill a memory area with a byte
 * @s: the area
 * @c: the byte value (converted to unsigned char)
 * @n: number of bytes
 *
 * Return: @s.
 */
void *memset(void *s, int c, size_t n)
{
	unsigned char *p = s;
	unsigned long word = (unsigned char)c * (~0UL / 0xff);

	while (n && ((unsigned long)p & WORD_MASK)) {
		*p++ = (unsigned char)c;
		n--;
	}
	for (; n >= WORD_SIZE; n -= WORD_SIZE) {
		*(unsigned long *)p = word;
		p += WORD_SIZE;
	}
	while (n--)
		*p++ = (unsigned char)c;
	return s;
}

/**
 * memcmp() - compare two memory areas
 * @s1: one area
 * @s2: the other area
 * @n: number of bytes
 *
 * Return: <0, 0 or >0 as the first differing byte (as unsigned char) of
 * @s1 is below, equal to or above that of @s2.
 */
int memcmp(const void *s1, const void *s2, size_t n)
{
	const unsigned char *a = s1, *b = s2;

	for (; n; n--, a++, b++) {
		if (*a != *b)
			return *a < *b ? -1 : 1;
	}
	return 0;
}

/**
 * memchr() - find a byte in a memory area
 * @s: the area
 * @c: the byte (converted to unsigned char)
 * @n: size of the area
 *
 * Return: a pointer to the first occurrence of @c, or NULL.
 */
void *memchr(const void *s, int c, size_t n)
{
	const unsigned char *p = s;

	for (; n; n--, p++) {
		if (*p == (unsigned char)c)
			return (void *)p;
	}
	return NULL;
}

/**
 * memchr_inv() - find a byte that differs from @c
 * @s: the area
 * @c: the expected byte (converted to unsigned char)
 * @n: size of the area
 *
 * Return: a pointer to the first byte that is not @c, or NULL if every byte
 * is @c.
 */
void *memchr_inv(const void *s, int c, size_t n)
{
	const unsigned char *p = s;

	for (; n; n--, p++) {
		if (*p != (unsigned char)c)
			return (void *)p;
	}
	return NULL;
}

/**
 * strlen() - length of a string
 * @s: the string
 *
 * Return: the number of bytes before the terminating NUL.
 */
size_t strlen(const char *s)
{
	const char *p = s;

	while (*p)
		p++;
	return p - s;
}

/**
 * strnlen() - length of a string, bounded
 * @s: the string
 * @maxlen: at most this many bytes are examined
 *
 * Return: strlen(@s) or @maxlen, whichever is smaller.
 */
size_t strnlen(const char *s, size_t maxlen)
{
	size_t n = 0;

	while (n < maxlen && s[n])
		n++;
	return n;
}

/**
 * strcmp() - compare two strings
 * @s1: one string
 * @s2: the other string
 *
 * Return: <0, 0 or >0 as @s1 sorts before, equal to or after @s2, comparing
 * bytes as unsigned char.
 */
int strcmp(const char *s1, const char *s2)
{
	unsigned char a, b;

	do {
		a = *s1++;
		b = *s2++;
		if (a != b)
			return a < b ? -1 : 1;
	} while (a);
	return 0;
}

/**
 * strncmp() - compare at most @n bytes of two strings
 * @s1: one string
 * @s2: the other string
 * @n: maximum number of bytes to compare
 *
 * Return: as strcmp(), over the first @n bytes only.
 */
int strncmp(const char *s1, const char *s2, size_t n)
{
	unsigned char a, b;

	while (n--) {
		a = *s1++;
		b = *s2++;
		if (a != b)
			return a < b ? -1 : 1;
		if (!a)
			break;
	}
	return 0;
}

/**
 * strcasecmp() - compare two strings ignoring case
 * @s1: one string
 * @s2: the other string
 *
 * Return: as strcmp(), after tolower() of each byte.
 */
int strcasecmp(const char *s1, const char *s2)
{
	int a, b;

	do {
		a = tolower((unsigned char)*s1++);
		b = tolower((unsigned char)*s2++);
	} while (a == b && a);
	return a - b;
}

/**
 * strncasecmp() - compare at most @n bytes of two strings ignoring case
 * @s1: one string
 * @s2: the other string
 * @n: maximum number of bytes to compare
 *
 * Return: as strcasecmp(), over the first @n bytes only.
 */
int strncasecmp(const char *s1, const char *s2, size_t n)
{
	int a, b;

	if (!n)
		return 0;
	do {
		a = tolower((unsigned char)*s1++);
		b = tolower((unsigned char)*s2++);
	} while (--n && a == b && a);
	return a - b;
}

/**
 * strcpy() - copy a string
 * @dest: destination, large enough for @src and its NUL
 * @src: source string
 *
 * Prefer strscpy(), which cannot overrun @dest.
 *
 * Return: @dest.
 */
char *strcpy(char *dest, const char *src)
{
	char *d = dest;

	while ((*d++ = *src++) != '\0')
		;
	return dest;
}

/**
 * strncpy() - copy a string into a fixed-size, NUL-padded field
 * @dest: destination of @n bytes
 * @src: source string
 * @n: size of @dest
 *
 * Copies at most @n bytes and pads the rest of @dest with NULs.  @dest is
 * not NUL-terminated if strlen(@src) >= @n.
 *
 * Return: @dest.
 */
char *strncpy(char *dest, const char *src, size_t n)
{
	size_t i = 0;

	for (; i < n && src[i]; i++)
		dest[i] = src[i];
	for (; i < n; i++)
		dest[i] = '\0';
	return dest;
}

/**
 * strcat() - append a string
 * @dest: NUL-terminated destination, large enough for the result
 * @src: string to append
 *
 * Return: @dest.
 */
char *strcat(char *dest, const char *src)
{
	strcpy(dest + strlen(dest), src);
	return dest;
}

/**
 * strscpy() - copy a string into a sized buffer, always NUL-terminated
 * @dest: destination buffer
 * @src: source string
 * @size: size of @dest in bytes
 *
 * Copies as much of @src as fits and always NUL-terminates @dest when
 * @size is not 0.  Unlike strncpy() it does not pad and never leaves the
 * result unterminated.
 *
 * Return: the number of characters copied (not counting the NUL), or
 * -E2BIG if @src did not fit (the copy is truncated) or @size is 0.
 */
ssize_t strscpy(char *dest, const char *src, size_t size)
{
	size_t i;

	if (size == 0)
		return -E2BIG;
	for (i = 0; i < size; i++) {
		dest[i] = src[i];
		if (!src[i])
			return i;
	}
	dest[size - 1] = '\0';
	return -E2BIG;
}

/**
 * strchr() - find a character in a string
 * @s: the string
 * @c: the character (converted to char); '\0' finds the terminator
 *
 * Return: a pointer to the first occurrence of @c in @s, or NULL.
 */
char *strchr(const char *s, int c)
{
	for (; *s != (char)c; s++) {
		if (!*s)
			return NULL;
	}
	return (char *)s;
}

/**
 * strnchr() - find a character in the first @n bytes of a string
 * @s: the string
 * @n: number of bytes to search
 * @c: the character (converted to char)
 *
 * Return: a pointer to the first occurrence of @c, or NULL.
 */
char *strnchr(const char *s, size_t n, int c)
{
	for (; n-- && *s; s++) {
		if (*s == (char)c)
			return (char *)s;
	}
	return NULL;
}

/**
 * strrchr() - find the last occurrence of a character in a string
 * @s: the string
 * @c: the character (converted to char); '\0' finds the terminator
 *
 * Return: a pointer to the last occurrence of @c in @s, or NULL.
 */
char *strrchr(const char *s, int c)
{
	const char *last = NULL;

	do {
		if (*s == (char)c)
			last = s;
	} while (*s++);
	return (char *)last;
}

/**
 * strstr() - find a substring
 * @haystack: the string to search
 * @needle: the string to find
 *
 * Return: a pointer to the first occurrence of @needle in @haystack, or
 * NULL.  An empty @needle matches at @haystack.
 */
char *strstr(const char *haystack, const char *needle)
{
	size_t hl, nl = strlen(needle);

	if (!nl)
		return (char *)haystack;
	hl = strlen(haystack);
	while (hl >= nl) {
		if (!memcmp(haystack, needle, nl))
			return (char *)haystack;
		haystack++;
		hl--;
	}
	return NULL;
}

/**
 * strspn() - length of the prefix made only of characters in @accept
 * @s: the string
 * @accept: the characters allowed
 *
 * Return: the number of leading bytes of @s that occur in @accept.
 */
size_t strspn(const char *s, const char *accept)
{
	size_t n = 0;

	while (s[n] && strchr(accept, s[n]))
		n++;
	return n;
}

/**
 * strcspn() - length of the prefix free of characters in @reject
 * @s: the string
 * @reject: the characters that end the prefix
 *
 * Return: the number of leading bytes of @s that do not occur in @reject.
 */
size_t strcspn(const char *s, const char *reject)
{
	size_t n = 0;

	while (s[n] && !strchr(reject, s[n]))
		n++;
	return n;
}

/**
 * strpbrk() - find the first of a set of characters
 * @s: the string
 * @accept: the characters to look for
 *
 * Return: a pointer to the first byte of @s that occurs in @accept, or NULL.
 */
char *strpbrk(const char *s, const char *accept)
{
	s += strcspn(s, accept);
	return *s ? (char *)s : NULL;
}

/**
 * strsep() - split a string into tokens
 * @stringp: pointer to the string; updated to the rest after the token,
 *           or NULL after the last token
 * @delim: the delimiter characters
 *
 * The delimiter after the token is overwritten with NUL.  Unlike strtok(),
 * empty tokens between adjacent delimiters are returned as "".
 *
 * Return: the token, or NULL if *@stringp was NULL.
 */
char *strsep(char **stringp, const char *delim)
{
	char *tok = *stringp, *end;

	if (!tok)
		return NULL;
	end = strpbrk(tok, delim);
	if (end)
		*end++ = '\0';
	*stringp = end;
	return tok;
}

/**
 * skip_spaces() - skip leading white space
 * @str: the string
 *
 * Return: a pointer to the first byte of @str that is not isspace().
 */
char *skip_spaces(const char *str)
{
	while (isspace(*str))
		str++;
	return (char *)str;
}

/**
 * strim() - strip leading and trailing white space
 * @s: the string; trailing white space is overwritten with NUL
 *
 * Return: a pointer to the first non-space byte of @s.
 */
char *strim(char *s)
{
	size_t len = strlen(s);

	while (len && isspace(s[len - 1]))
		len--;
	s[len] = '\0';
	return skip_spaces(s);
}
