// SPDX-License-Identifier: GPL-2.0
/* Unit tests for lib/kstrtox.c. */
#include "ktest.h"

#include <linux/kstrtox.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/random.h>

struct ull_case {
	const char *s;
	unsigned int base;
	int ret;
	unsigned long long val;
};

static void test_kstrtoull(struct ktest *t)
{
	static const struct ull_case c[] = {
		{ "0", 10, 0, 0 },
		{ "1", 10, 0, 1 },
		{ "+1", 10, 0, 1 },
		{ "123\n", 10, 0, 123 },
		{ "18446744073709551615", 10, 0, ULLONG_MAX },
		{ "18446744073709551616", 10, -ERANGE, 0 },
		{ "99999999999999999999", 10, -ERANGE, 0 },
		{ "99999999999999999999x", 10, -ERANGE, 0 },
		{ "0xffffffffffffffff", 16, 0, ULLONG_MAX },
		{ "ffffffffffffffff", 16, 0, ULLONG_MAX },
		{ "10000000000000000", 16, -ERANGE, 0 },
		{ "1777777777777777777777", 8, 0, ULLONG_MAX },
		{ "2000000000000000000000", 8, -ERANGE, 0 },
		{ "0x1F", 0, 0, 31 },
		{ "0X1f", 0, 0, 31 },
		{ "017", 0, 0, 15 },
		{ "0", 0, 0, 0 },
		{ "09", 0, -EINVAL, 0 },
		{ "19", 0, 0, 19 },
		{ "0x", 0, -EINVAL, 0 },
		{ "0x", 16, -EINVAL, 0 },
		{ "0xg", 16, -EINVAL, 0 },
		{ "1010", 2, 0, 10 },
		{ "12", 2, -EINVAL, 0 },
		{ "zz", 36, 0, 35 * 36 + 35 },
		{ "", 10, -EINVAL, 0 },
		{ "\n", 10, -EINVAL, 0 },
		{ "+", 10, -EINVAL, 0 },
		{ "-1", 10, -EINVAL, 0 },
		{ " 1", 10, -EINVAL, 0 },
		{ "1 ", 10, -EINVAL, 0 },
		{ "1\n\n", 10, -EINVAL, 0 },
		{ "1x", 10, -EINVAL, 0 },
		{ "++1", 10, -EINVAL, 0 },
		{ "12", 1, -EINVAL, 0 },
		{ "12", 37, -EINVAL, 0 },
		{ "a", 10, -EINVAL, 0 },
		{ "A", 16, 0, 10 },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(c); i++) {
		unsigned long long v = 0xabcdef;
		int ret = kstrtoull(c[i].s, c[i].base, &v);

		if (!KEXPECT_EQ(t, ret, c[i].ret))
			ktest_fail(t, __FILE__, __LINE__, "kstrtoull(\"%s\", %u)",
				   c[i].s, c[i].base);
		if (!KEXPECT_EQ(t, v, c[i].ret ? 0xabcdefULL : c[i].val))
			ktest_fail(t, __FILE__, __LINE__, "kstrtoull(\"%s\", %u) value",
				   c[i].s, c[i].base);
	}
}

static void test_kstrtoll(struct ktest *t)
{
	long long v;

	KEXPECT_EQ(t, kstrtoll("-1", 10, &v), 0);
	KEXPECT_EQ(t, v, -1);
	KEXPECT_EQ(t, kstrtoll("+7", 10, &v), 0);
	KEXPECT_EQ(t, v, 7);
	KEXPECT_EQ(t, kstrtoll("-0", 10, &v), 0);
	KEXPECT_EQ(t, v, 0);
	KEXPECT_EQ(t, kstrtoll("9223372036854775807", 10, &v), 0);
	KEXPECT_EQ(t, v, LONG_MAX);
	KEXPECT_EQ(t, kstrtoll("-9223372036854775808", 10, &v), 0);
	KEXPECT_EQ(t, v, LONG_MIN);
	KEXPECT_EQ(t, kstrtoll("9223372036854775808", 10, &v), -ERANGE);
	KEXPECT_EQ(t, kstrtoll("-9223372036854775809", 10, &v), -ERANGE);
	KEXPECT_EQ(t, kstrtoll("-18446744073709551616", 10, &v), -ERANGE);
	KEXPECT_EQ(t, kstrtoll("-0x10", 0, &v), 0);
	KEXPECT_EQ(t, v, -16);
	KEXPECT_EQ(t, kstrtoll("-010\n", 0, &v), 0);
	KEXPECT_EQ(t, v, -8);
	KEXPECT_EQ(t, kstrtoll("--1", 10, &v), -EINVAL);
	KEXPECT_EQ(t, kstrtoll("-+1", 10, &v), -EINVAL);
	KEXPECT_EQ(t, kstrtoll("-", 10, &v), -EINVAL);
	KEXPECT_EQ(t, kstrtoll("- 1", 10, &v), -EINVAL);
	KEXPECT_EQ(t, v, -8);	/* untouched on error */
}

static void test_kstrtoul_l(struct ktest *t)
{
	unsigned long ul;
	long l;

	KEXPECT_EQ(t, kstrtoul("18446744073709551615", 10, &ul), 0);
	KEXPECT_EQ(t, ul, ULONG_MAX);
	KEXPECT_EQ(t, kstrtoul("18446744073709551616", 10, &ul), -ERANGE);
	KEXPECT_EQ(t, kstrtoul("0x1000", 16, &ul), 0);
	KEXPECT_EQ(t, ul, 0x1000);
	KEXPECT_EQ(t, kstrtol("-9223372036854775808", 10, &l), 0);
	KEXPECT_EQ(t, l, LONG_MIN);
	KEXPECT_EQ(t, kstrtol("9223372036854775808", 10, &l), -ERANGE);
	KEXPECT_EQ(t, kstrtol("-42\n", 0, &l), 0);
	KEXPECT_EQ(t, l, -42);
}

static void test_kstrtoint(struct ktest *t)
{
	unsigned int u;
	int i;

	KEXPECT_EQ(t, kstrtouint("4294967295", 10, &u), 0);
	KEXPECT_EQ(t, u, UINT_MAX);
	KEXPECT_EQ(t, kstrtouint("4294967296", 10, &u), -ERANGE);
	KEXPECT_EQ(t, kstrtouint("0xffffffff", 0, &u), 0);
	KEXPECT_EQ(t, u, 0xffffffffU);
	KEXPECT_EQ(t, kstrtouint("-1", 10, &u), -EINVAL);
	KEXPECT_EQ(t, kstrtoint("2147483647", 10, &i), 0);
	KEXPECT_EQ(t, i, INT_MAX);
	KEXPECT_EQ(t, kstrtoint("-2147483648", 10, &i), 0);
	KEXPECT_EQ(t, i, INT_MIN);
	KEXPECT_EQ(t, kstrtoint("2147483648", 10, &i), -ERANGE);
	KEXPECT_EQ(t, kstrtoint("-2147483649", 10, &i), -ERANGE);
	KEXPECT_EQ(t, kstrtoint("12abc", 10, &i), -EINVAL);
	KEXPECT_EQ(t, i, INT_MIN);
}

static void test_kstrto_small(struct ktest *t)
{
	u8 u8v;
	s8 s8v;
	u16 u16v;
	s16 s16v;
	u32 u32v;
	s64 s64v;

	KEXPECT_EQ(t, kstrtou8("255", 10, &u8v), 0);
	KEXPECT_EQ(t, u8v, 255);
	KEXPECT_EQ(t, kstrtou8("256", 10, &u8v), -ERANGE);
	KEXPECT_EQ(t, kstrtos8("-128", 10, &s8v), 0);
	KEXPECT_EQ(t, s8v, -128);
	KEXPECT_EQ(t, kstrtos8("128", 10, &s8v), -ERANGE);
	KEXPECT_EQ(t, kstrtos8("-129", 10, &s8v), -ERANGE);
	KEXPECT_EQ(t, kstrtou16("0xffff", 16, &u16v), 0);
	KEXPECT_EQ(t, u16v, 0xffff);
	KEXPECT_EQ(t, kstrtou16("65536", 10, &u16v), -ERANGE);
	KEXPECT_EQ(t, kstrtos16("-32768", 10, &s16v), 0);
	KEXPECT_EQ(t, s16v, -32768);
	KEXPECT_EQ(t, kstrtos16("32768", 10, &s16v), -ERANGE);
	KEXPECT_EQ(t, kstrtou32("4294967295", 10, &u32v), 0);
	KEXPECT_EQ(t, u32v, 0xffffffffU);
	KEXPECT_EQ(t, kstrtos64("-5", 10, &s64v), 0);
	KEXPECT_EQ(t, s64v, -5);
}

static void test_kstrtobool(struct ktest *t)
{
	static const char *const yes[] = { "y", "Y", "yes", "1", "t", "true", "T",
					   "on", "ON", "oN", "1\n" };
	static const char *const no[] = { "n", "N", "no", "0", "f", "false", "F",
					  "off", "OFF", "oF", "0\n" };
	static const char *const bad[] = { "", "2", "o", "ox", "maybe", " y", "-1" };
	size_t i;
	bool b;

	for (i = 0; i < ARRAY_SIZE(yes); i++) {
		b = false;
		KEXPECT_EQ(t, kstrtobool(yes[i], &b), 0);
		KEXPECT_TRUE(t, b);
	}
	for (i = 0; i < ARRAY_SIZE(no); i++) {
		b = true;
		KEXPECT_EQ(t, kstrtobool(no[i], &b), 0);
		KEXPECT_FALSE(t, b);
	}
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		b = true;
		if (!KEXPECT_EQ(t, kstrtobool(bad[i], &b), -EINVAL))
			ktest_fail(t, __FILE__, __LINE__, "\"%s\"", bad[i]);
		KEXPECT_TRUE(t, b);
	}
	KEXPECT_EQ(t, kstrtobool(NULL, &b), -EINVAL);
}

static void test_simple_strtox(struct ktest *t)
{
	const char *s;
	char *end;

	s = "123abc";
	KEXPECT_EQ(t, simple_strtoul(s, &end, 10), 123);
	KEXPECT_PTR_EQ(t, end, s + 3);
	s = "0x1fz";
	KEXPECT_EQ(t, simple_strtoul(s, &end, 0), 31);
	KEXPECT_PTR_EQ(t, end, s + 4);
	s = "0x1f";
	KEXPECT_EQ(t, simple_strtoull(s, &end, 16), 31);
	KEXPECT_PTR_EQ(t, end, s + 4);
	s = "0777";
	KEXPECT_EQ(t, simple_strtoul(s, &end, 0), 0777);
	s = "-42,";
	KEXPECT_EQ(t, simple_strtol(s, &end, 10), -42);
	KEXPECT_PTR_EQ(t, end, s + 3);
	s = "-9223372036854775808";
	KEXPECT_EQ(t, simple_strtoll(s, &end, 10), LONG_MIN);
	s = "xyz";
	KEXPECT_EQ(t, simple_strtoul(s, &end, 10), 0);
	KEXPECT_PTR_EQ(t, end, s);
	s = "-xyz";
	KEXPECT_EQ(t, simple_strtol(s, &end, 10), 0);
	KEXPECT_PTR_EQ(t, end, s);
	KEXPECT_EQ(t, simple_strtoul("77", NULL, 8), 63);
}

/*
 * Random digit strings in every base, against a reference computed in 128
 * bits, and against the host's strtoull() where there is no overflow.
 */
static void test_kstrtoull_random(struct ktest *t)
{
	static const char digits[] = "0123456789abcdefABCDEF";
	static const unsigned int bases[] = { 2, 8, 10, 16 };
	struct rnd_state rs;
	char s[40];
	int round;

	prandom_seed_state(&rs, 2024);
	for (round = 0; round < 200000; round++) {
		unsigned int base = bases[prandom_u32_below_state(&rs, 4)];
		unsigned int ndig = base == 16 ? 22 : base;
		unsigned int len = 1 + prandom_u32_below_state(&rs, base == 2 ? 70 : 24);
		unsigned __int128 ref = 0;
		unsigned long long v = 0x5a5a;
		bool overflow = false;
		unsigned int i;
		int ret;

		if (len > sizeof(s) - 2)
			len = sizeof(s) - 2;
		for (i = 0; i < len; i++) {
			char c = digits[prandom_u32_below_state(&rs, min(ndig, 22U))];
			unsigned int d = c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;

			s[i] = c;
			ref = ref * base + d;
			if (ref > ULLONG_MAX)
				overflow = true;
		}
		s[len] = '\0';
		if (round % 7 == 0) {
			s[len] = '\n';
			s[len + 1] = '\0';
		}
		ret = kstrtoull(s, base, &v);
		if (overflow) {
			KASSERT_EQ(t, ret, -ERANGE);
			KASSERT_EQ(t, v, 0x5a5aULL);
		} else {
			KASSERT_EQ(t, ret, 0);
			KASSERT_TRUE(t, v == (unsigned long long)ref);
			KASSERT_EQ(t, v, strtoull(s, NULL, base));
		}
	}
}

static const struct ktest_case cases[] = {
	KTEST_CASE(test_kstrtoull),
	KTEST_CASE(test_kstrtoull_random),
	KTEST_CASE(test_kstrtoll),
	KTEST_CASE(test_kstrtoul_l),
	KTEST_CASE(test_kstrtoint),
	KTEST_CASE(test_kstrto_small),
	KTEST_CASE(test_kstrtobool),
	KTEST_CASE(test_simple_strtox),
	{}
};

KTEST_MAIN("kstrtox", cases)
