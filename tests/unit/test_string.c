// SPDX-License-Identifier: GPL-2.0
/* Unit tests for lib/string.c. */
#include "ktest.h"

#include <linux/string.h>
#include <linux/errno.h>
#include <linux/kernel.h>

static void test_memcpy(struct ktest *t)
{
	unsigned char src[64], dst[80];
	size_t off_s, off_d, n, i;

	for (i = 0; i < sizeof(src); i++)
		src[i] = i * 7 + 1;
	/* Every alignment and length combination, with guard bytes. */
	for (off_s = 0; off_s < 8; off_s++)
		for (off_d = 0; off_d < 8; off_d++)
			for (n = 0; n <= 40; n++) {
				memset(dst, 0xee, sizeof(dst));
				KASSERT_TRUE(t, memcpy(dst + off_d, src + off_s, n) == dst + off_d);
				KASSERT_TRUE(t, memcmp(dst + off_d, src + off_s, n) == 0);
				KASSERT_TRUE(t, memchr_inv(dst, 0xee, off_d) == NULL);
				KASSERT_TRUE(t, memchr_inv(dst + off_d + n, 0xee,
						sizeof(dst) - off_d - n) == NULL);
			}
}

static void test_memmove(struct ktest *t)
{
	char buf[64], ref[64];
	int from, to, n, i;

	for (from = 0; from < 20; from++)
		for (to = 0; to < 20; to++)
			for (n = 0; n <= 30; n++) {
				for (i = 0; i < 64; i++)
					buf[i] = ref[i] = 'A' + i % 50;
				/* Reference: through a temporary copy. */
				{
					char tmp[64];

					for (i = 0; i < n; i++)
						tmp[i] = ref[from + i];
					for (i = 0; i < n; i++)
						ref[to + i] = tmp[i];
				}
				KASSERT_TRUE(t, memmove(buf + to, buf + from, n) == buf + to);
				KASSERT_TRUE(t, memcmp(buf, ref, 64) == 0);
			}
}

static void test_memset(struct ktest *t)
{
	unsigned char buf[48];
	size_t off, n, i;

	for (off = 0; off < 8; off++)
		for (n = 0; n <= 40; n++) {
			for (i = 0; i < sizeof(buf); i++)
				buf[i] = 0x11;
			KASSERT_TRUE(t, memset(buf + off, 0x1a5, n) == buf + off);
			for (i = 0; i < sizeof(buf); i++)
				KASSERT_EQ(t, buf[i], (i >= off && i < off + n) ? 0xa5 : 0x11);
		}
}

static void test_memcmp(struct ktest *t)
{
	KEXPECT_EQ(t, memcmp("abc", "abc", 3), 0);
	KEXPECT_LT(t, memcmp("abc", "abd", 3), 0);
	KEXPECT_GT(t, memcmp("abd", "abc", 3), 0);
	KEXPECT_EQ(t, memcmp("abc", "abd", 2), 0);
	KEXPECT_EQ(t, memcmp("x", "y", 0), 0);
	/* Bytes compare as unsigned char. */
	KEXPECT_GT(t, memcmp("\x80", "\x7f", 1), 0);
	KEXPECT_LT(t, memcmp("\x01", "\xff", 1), 0);
}

static void test_memchr(struct ktest *t)
{
	const char s[] = "hello\0world";

	KEXPECT_PTR_EQ(t, memchr(s, 'l', sizeof(s)), s + 2);
	KEXPECT_PTR_EQ(t, memchr(s, 'w', sizeof(s)), s + 6);
	KEXPECT_PTR_EQ(t, memchr(s, '\0', sizeof(s)), s + 5);
	KEXPECT_NULL(t, memchr(s, 'w', 5));
	KEXPECT_NULL(t, memchr(s, 'h', 0));
	KEXPECT_TRUE(t, memchr("\xff", -1, 1) != NULL);	/* converted to unsigned char */
}

static void test_memchr_inv(struct ktest *t)
{
	const char s[] = "aaab";

	KEXPECT_PTR_EQ(t, memchr_inv(s, 'a', 4), s + 3);
	KEXPECT_NULL(t, memchr_inv(s, 'a', 3));
	KEXPECT_NULL(t, memchr_inv(s, 'x', 0));
}

static void test_strlen(struct ktest *t)
{
	KEXPECT_EQ(t, strlen(""), 0);
	KEXPECT_EQ(t, strlen("a"), 1);
	KEXPECT_EQ(t, strlen("hello world"), 11);
	KEXPECT_EQ(t, strnlen("hello", 3), 3);
	KEXPECT_EQ(t, strnlen("hello", 5), 5);
	KEXPECT_EQ(t, strnlen("hello", 100), 5);
	KEXPECT_EQ(t, strnlen("hello", 0), 0);
	/* strnlen() must not read past maxlen: not terminated. */
	{
		char nt[4] = { 'a', 'b', 'c', 'd' };

		KEXPECT_EQ(t, strnlen(nt, sizeof(nt)), 4);
	}
}

static void test_strcmp(struct ktest *t)
{
	KEXPECT_EQ(t, strcmp("", ""), 0);
	KEXPECT_EQ(t, strcmp("abc", "abc"), 0);
	KEXPECT_LT(t, strcmp("abc", "abd"), 0);
	KEXPECT_GT(t, strcmp("abd", "abc"), 0);
	KEXPECT_LT(t, strcmp("ab", "abc"), 0);
	KEXPECT_GT(t, strcmp("abc", "ab"), 0);
	KEXPECT_GT(t, strcmp("\xe9", "e"), 0);	/* unsigned comparison */

	KEXPECT_EQ(t, strncmp("abcX", "abcY", 3), 0);
	KEXPECT_LT(t, strncmp("abcX", "abcY", 4), 0);
	KEXPECT_EQ(t, strncmp("ab", "ab", 10), 0);
	KEXPECT_LT(t, strncmp("ab", "abc", 10), 0);
	KEXPECT_EQ(t, strncmp("x", "y", 0), 0);
}

static void test_strcasecmp(struct ktest *t)
{
	KEXPECT_EQ(t, strcasecmp("Hello", "hELLO"), 0);
	KEXPECT_LT(t, strcasecmp("abc", "ABD"), 0);
	KEXPECT_GT(t, strcasecmp("ABD", "abc"), 0);
	KEXPECT_LT(t, strcasecmp("ab", "ABC"), 0);
	KEXPECT_EQ(t, strcasecmp("", ""), 0);
	KEXPECT_EQ(t, strncasecmp("HELLOx", "helloy", 5), 0);
	KEXPECT_NE(t, strncasecmp("HELLOx", "helloy", 6), 0);
	KEXPECT_EQ(t, strncasecmp("a", "b", 0), 0);
}

static void test_strcpy(struct ktest *t)
{
	char buf[16];

	KEXPECT_PTR_EQ(t, strcpy(buf, "hello"), buf);
	KEXPECT_STREQ(t, buf, "hello");
	KEXPECT_PTR_EQ(t, strcat(buf, " you"), buf);
	KEXPECT_STREQ(t, buf, "hello you");

	memset(buf, 'x', sizeof(buf));
	KEXPECT_PTR_EQ(t, strncpy(buf, "ab", 5), buf);
	KEXPECT_MEMEQ(t, buf, "ab\0\0\0xx", 7);
	strncpy(buf, "abcdef", 3);
	KEXPECT_MEMEQ(t, buf, "abc\0\0xx", 7);
}

static void test_strscpy(struct ktest *t)
{
	char buf[8];

	memset(buf, 'x', sizeof(buf));
	KEXPECT_EQ(t, strscpy(buf, "abc", sizeof(buf)), 3);
	KEXPECT_STREQ(t, buf, "abc");
	KEXPECT_EQ(t, buf[4], 'x');	/* no padding */

	KEXPECT_EQ(t, strscpy(buf, "1234567", sizeof(buf)), 7);
	KEXPECT_STREQ(t, buf, "1234567");

	KEXPECT_EQ(t, strscpy(buf, "12345678", sizeof(buf)), -E2BIG);
	KEXPECT_STREQ(t, buf, "1234567");

	KEXPECT_EQ(t, strscpy(buf, "a very long string", sizeof(buf)), -E2BIG);
	KEXPECT_STREQ(t, buf, "a very ");

	KEXPECT_EQ(t, strscpy(buf, "", sizeof(buf)), 0);
	KEXPECT_STREQ(t, buf, "");

	buf[0] = 'q';
	KEXPECT_EQ(t, strscpy(buf, "abc", 0), -E2BIG);
	KEXPECT_EQ(t, buf[0], 'q');	/* size 0: untouched */

	KEXPECT_EQ(t, strscpy(buf, "abc", 1), -E2BIG);
	KEXPECT_STREQ(t, buf, "");
}

static void test_strchr(struct ktest *t)
{
	const char *s = "hello";

	KEXPECT_PTR_EQ(t, strchr(s, 'l'), s + 2);
	KEXPECT_PTR_EQ(t, strchr(s, 'h'), s);
	KEXPECT_PTR_EQ(t, strchr(s, '\0'), s + 5);
	KEXPECT_NULL(t, strchr(s, 'z'));
	KEXPECT_PTR_EQ(t, strrchr(s, 'l'), s + 3);
	KEXPECT_PTR_EQ(t, strrchr(s, 'o'), s + 4);
	KEXPECT_PTR_EQ(t, strrchr(s, '\0'), s + 5);
	KEXPECT_NULL(t, strrchr(s, 'z'));
	KEXPECT_PTR_EQ(t, strnchr(s, 3, 'l'), s + 2);
	KEXPECT_NULL(t, strnchr(s, 2, 'l'));
	KEXPECT_NULL(t, strnchr(s, 100, 'z'));
}

static void test_strstr(struct ktest *t)
{
	const char *s = "abababc";

	KEXPECT_PTR_EQ(t, strstr(s, "abc"), s + 4);
	KEXPECT_PTR_EQ(t, strstr(s, "ab"), s);
	KEXPECT_PTR_EQ(t, strstr(s, ""), s);
	KEXPECT_PTR_EQ(t, strstr(s, "c"), s + 6);
	KEXPECT_NULL(t, strstr(s, "abcd"));
	KEXPECT_NULL(t, strstr(s, "x"));
	KEXPECT_NULL(t, strstr("", "a"));
	KEXPECT_PTR_EQ(t, strstr(s, s), s);
}

static void test_strspn(struct ktest *t)
{
	KEXPECT_EQ(t, strspn("  \tx", " \t"), 3);
	KEXPECT_EQ(t, strspn("abc", "xyz"), 0);
	KEXPECT_EQ(t, strspn("aaa", "a"), 3);
	KEXPECT_EQ(t, strcspn("abc,def", ",;"), 3);
	KEXPECT_EQ(t, strcspn("abc", ",;"), 3);
	KEXPECT_EQ(t, strcspn(",abc", ","), 0);
	KEXPECT_STREQ(t, strpbrk("key=value;x", "=;"), "=value;x");
	KEXPECT_NULL(t, strpbrk("abc", "xyz"));
}

static void test_strsep(struct ktest *t)
{
	char buf[] = "a,b,,c;d";
	char *p = buf, *tok;

	tok = strsep(&p, ",;");
	KEXPECT_STREQ(t, tok, "a");
	tok = strsep(&p, ",;");
	KEXPECT_STREQ(t, tok, "b");
	tok = strsep(&p, ",;");
	KEXPECT_STREQ(t, tok, "");	/* empty token between ",," */
	tok = strsep(&p, ",;");
	KEXPECT_STREQ(t, tok, "c");
	tok = strsep(&p, ",;");
	KEXPECT_STREQ(t, tok, "d");
	KEXPECT_NULL(t, p);
	KEXPECT_NULL(t, strsep(&p, ",;"));
}

static void test_spaces(struct ktest *t)
{
	char a[] = "  \t\n hello world \n\t ";
	char b[] = "nospace";
	char c[] = "   ";
	char d[] = "";

	KEXPECT_STREQ(t, skip_spaces("  \t x "), "x ");
	KEXPECT_STREQ(t, skip_spaces(""), "");
	KEXPECT_STREQ(t, strim(a), "hello world");
	KEXPECT_PTR_EQ(t, strim(b), b);
	KEXPECT_STREQ(t, b, "nospace");
	KEXPECT_STREQ(t, strim(c), "");
	KEXPECT_STREQ(t, strim(d), "");
}

static void test_str_has_prefix(struct ktest *t)
{
	KEXPECT_EQ(t, str_has_prefix("rcu_nocbs=1", "rcu_nocbs="), 10);
	KEXPECT_EQ(t, str_has_prefix("rcu", "rcu_nocbs="), 0);
	KEXPECT_EQ(t, str_has_prefix("abc", ""), 0);
}

static const struct ktest_case cases[] = {
	KTEST_CASE(test_memcpy),
	KTEST_CASE(test_memmove),
	KTEST_CASE(test_memset),
	KTEST_CASE(test_memcmp),
	KTEST_CASE(test_memchr),
	KTEST_CASE(test_memchr_inv),
	KTEST_CASE(test_strlen),
	KTEST_CASE(test_strcmp),
	KTEST_CASE(test_strcasecmp),
	KTEST_CASE(test_strcpy),
	KTEST_CASE(test_strscpy),
	KTEST_CASE(test_strchr),
	KTEST_CASE(test_strstr),
	KTEST_CASE(test_strspn),
	KTEST_CASE(test_strsep),
	KTEST_CASE(test_spaces),
	KTEST_CASE(test_str_has_prefix),
	{}
};

KTEST_MAIN("string", cases)
