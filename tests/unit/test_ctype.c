// SPDX-License-Identifier: GPL-2.0
/* Unit tests for lib/ctype.c and <linux/ctype.h>. */
#include "ktest.h"

#include <linux/ctype.h>
#include <linux/kernel.h>

static void test_ascii_classes(struct ktest *t)
{
	int c;

	for (c = 0; c < 128; c++) {
		bool upper = c >= 'A' && c <= 'Z';
		bool lower = c >= 'a' && c <= 'z';
		bool digit = c >= '0' && c <= '9';
		bool space = c == ' ' || (c >= '\t' && c <= '\r');
		bool cntrl = c < 0x20 || c == 0x7f;
		bool print = c >= 0x20 && c < 0x7f;
		bool xdigit = digit || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');

		KASSERT_EQ(t, !!isupper(c), upper);
		KASSERT_EQ(t, !!islower(c), lower);
		KASSERT_EQ(t, !!isalpha(c), upper || lower);
		KASSERT_EQ(t, !!isdigit(c), digit);
		KASSERT_EQ(t, !!isalnum(c), upper || lower || digit);
		KASSERT_EQ(t, !!isspace(c), space);
		KASSERT_EQ(t, !!iscntrl(c), cntrl);
		KASSERT_EQ(t, !!isprint(c), print);
		KASSERT_EQ(t, !!isgraph(c), print && c != ' ');
		KASSERT_EQ(t, !!ispunct(c), print && c != ' ' && !upper && !lower && !digit);
		KASSERT_EQ(t, !!isxdigit(c), xdigit);
		KASSERT_TRUE(t, isascii(c));
	}
}

static void test_case_conversion(struct ktest *t)
{
	int c;

	for (c = 0; c < 128; c++) {
		if (c >= 'A' && c <= 'Z') {
			KASSERT_EQ(t, tolower(c), c + 32);
			KASSERT_EQ(t, toupper(c), c);
		} else if (c >= 'a' && c <= 'z') {
			KASSERT_EQ(t, toupper(c), c - 32);
			KASSERT_EQ(t, tolower(c), c);
		} else {
			KASSERT_EQ(t, tolower(c), c);
			KASSERT_EQ(t, toupper(c), c);
		}
	}
	KEXPECT_EQ(t, _tolower('X'), 'x');
	KEXPECT_EQ(t, _tolower('7'), '7');
	KEXPECT_TRUE(t, isodigit('7'));
	KEXPECT_FALSE(t, isodigit('8'));
}

static void test_latin1(struct ktest *t)
{
	KEXPECT_TRUE(t, isupper(0xc0));		/* A grave */
	KEXPECT_TRUE(t, islower(0xe0));		/* a grave */
	KEXPECT_EQ(t, tolower(0xc0), 0xe0);
	KEXPECT_EQ(t, toupper(0xe0), 0xc0);
	KEXPECT_TRUE(t, ispunct(0xd7));		/* multiplication sign */
	KEXPECT_EQ(t, tolower(0xd7), 0xd7);
	KEXPECT_TRUE(t, islower(0xdf));		/* sharp s: no upper case */
	KEXPECT_EQ(t, toupper(0xdf), 0xdf);
	KEXPECT_EQ(t, toupper(0xff), 0xff);
	KEXPECT_TRUE(t, isspace(0xa0));
	KEXPECT_TRUE(t, iscntrl(0x85));
	KEXPECT_FALSE(t, isascii(0x80));
	/* A negative char indexes as unsigned char, not out of bounds. */
	KEXPECT_TRUE(t, isupper((char)0xc0));
	KEXPECT_FALSE(t, isdigit((char)0xb9));
}

static const struct ktest_case cases[] = {
	KTEST_CASE(test_ascii_classes),
	KTEST_CASE(test_case_conversion),
	KTEST_CASE(test_latin1),
	{}
};

KTEST_MAIN("ctype", cases)
