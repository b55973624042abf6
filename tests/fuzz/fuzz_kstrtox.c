// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz lib/kstrtox.c: every kstrto*() and simple_strto*() variant, with
 * every base (valid or not), checked against the host C library's
 * strtoull() wrapped in the kstrto*() rules:
 *
 *   [+] digits [\n]		unsigned; [+|-] digits [\n] signed
 *   base 0: "0x" + hex digit means 16, a leading 0 means 8, else 10;
 *   base 16 skips a "0x" followed by a hex digit
 *   -ERANGE for a value that does not fit (even with junk after it),
 *   -EINVAL for no digits, junk after them, or base 1 or above 36
 *
 * Input: one byte choosing the base, then the string (up to a NUL).
 */
#include "fuzz.h"

#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/kstrtox.h>
#include <linux/errno.h>

#define LL_MAX	0x7fffffffffffffffLL
#define LL_MIN	(-LL_MAX - 1)

/* Host strtoull() sees only what the kstrto*() grammar would let through. */
static bool ascii_alnum(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	       (c >= 'A' && c <= 'Z');
}

/* Reference for the magnitude: 0 or -errno, value in *res. */
static int ref_magnitude(const char *s, unsigned int base, unsigned long long *res)
{
	unsigned long long v;
	char *end;

	if (base == 1 || base > 36)
		return -EINVAL;
	/* strtoull() would skip spaces and take a sign: kstrto*() do not. */
	if (!ascii_alnum(s[0]))
		return -EINVAL;
	host_errno = 0;
	v = strtoull(s, &end, base);
	if (end == s)
		return -EINVAL;
	if (host_errno == ERANGE)
		return -ERANGE;
	if (*end == '\n')
		end++;
	if (*end)
		return -EINVAL;
	*res = v;
	return 0;
}

static int ref_unsigned(const char *s, unsigned int base, unsigned long long max,
			unsigned long long *res)
{
	int ret;

	if (*s == '+')
		s++;
	ret = ref_magnitude(s, base, res);
	if (!ret && *res > max)
		ret = -ERANGE;
	return ret;
}

static int ref_signed(const char *s, unsigned int base, long long min, long long max,
		      long long *res)
{
	unsigned long long mag;
	bool neg = false;
	int ret;

	if (*s == '-') {
		neg = true;
		s++;
	} else if (*s == '+') {
		s++;
	}
	ret = ref_magnitude(s, base, &mag);
	if (ret)
		return ret;
	if (neg) {
		/* -(min + 1) + 1 is |min| without overflowing */
		if (mag > (unsigned long long)(-(min + 1)) + 1)
			return -ERANGE;
		*res = mag ? -(long long)(mag - 1) - 1 : 0;
	} else {
		if (mag > (unsigned long long)max)
			return -ERANGE;
		*res = mag;
	}
	return 0;
}

#define CHECK_U(fn, type, max) do {					\
	type v = (type)0x5a5a5a5a5a5a5a5aULL;				\
	unsigned long long want = 0;					\
	int ret = fn(s, base, &v);					\
	int wret = ref_unsigned(s, base, max, &want);			\
									\
	FUZZ_CHECK(ret == wret, #fn "(\"%s\", %u) = %d, want %d",	\
		   s, base, ret, wret);					\
	if (!ret)							\
		FUZZ_CHECK(v == want, #fn "(\"%s\", %u) gave %llu, want %llu", \
			   s, base, (unsigned long long)v, want);	\
	else								\
		FUZZ_CHECK(v == (type)0x5a5a5a5a5a5a5a5aULL,		\
			   #fn "(\"%s\", %u) failed but wrote the result", s, base); \
} while (0)

#define CHECK_S(fn, type, min, max) do {				\
	type v = (type)0x5a5a5a5a5a5a5a5aLL;				\
	long long want = 0;						\
	int ret = fn(s, base, &v);					\
	int wret = ref_signed(s, base, min, max, &want);		\
									\
	FUZZ_CHECK(ret == wret, #fn "(\"%s\", %u) = %d, want %d",	\
		   s, base, ret, wret);					\
	if (!ret)							\
		FUZZ_CHECK(v == want, #fn "(\"%s\", %u) gave %lld, want %lld", \
			   s, base, (long long)v, want);		\
	else								\
		FUZZ_CHECK(v == (type)0x5a5a5a5a5a5a5a5aLL,		\
			   #fn "(\"%s\", %u) failed but wrote the result", s, base); \
} while (0)

static void check_bool(const char *s)
{
	bool v = false, want = false;
	int wret = 0, ret = kstrtobool(s, &v);

	switch (s[0]) {
	case 'y': case 'Y': case 't': case 'T': case '1':
		want = true;
		break;
	case 'n': case 'N': case 'f': case 'F': case '0':
		break;
	case 'o': case 'O':
		if (s[1] == 'n' || s[1] == 'N')
			want = true;
		else if (s[1] != 'f' && s[1] != 'F')
			wret = -EINVAL;
		break;
	default:
		wret = -EINVAL;
	}
	FUZZ_CHECK(ret == wret, "kstrtobool(\"%s\") = %d, want %d", s, ret, wret);
	if (!ret)
		FUZZ_CHECK(v == want, "kstrtobool(\"%s\") gave %d", s, v);
}

/* simple_strtoull(): the digits strtoull() takes, wrapping on overflow. */
static void check_simple(const char *s, unsigned int base)
{
	const char *p = s[0] == '+' ? s + 1 : s;
	const char *want_end = s;
	unsigned long long want = 0, v;
	char *end, *hend;

	v = simple_strtoull(s, &end, base);
	if (base != 1 && base <= 36 && ascii_alnum(*p)) {
		unsigned long long h;

		host_errno = 0;
		h = strtoull(p, &hend, base);
		if (hend != p) {
			want_end = hend;
			if (host_errno != ERANGE)
				want = h;
			else
				want = v;	/* wrapped: only the end is compared */
		}
	}
	FUZZ_CHECK(end == want_end, "simple_strtoull(\"%s\", %u) ended at %td, want %td",
		   s, base, end - s, want_end - s);
	FUZZ_CHECK(v == want, "simple_strtoull(\"%s\", %u) = %llu, want %llu",
		   s, base, v, want);
	FUZZ_CHECK(simple_strtoul(s, NULL, base) == v, "simple_strtoul(\"%s\")", s);

	/* simple_strtoll(): '-' then simple_strtoull() of the rest, negated. */
	if (s[0] == '-') {
		unsigned long long m = simple_strtoull(s + 1, &hend, base);
		long long sv = simple_strtoll(s, &end, base);

		FUZZ_CHECK(sv == (long long)-m, "simple_strtoll(\"%s\", %u)", s, base);
		FUZZ_CHECK(end == (hend == s + 1 ? s : hend),
			   "simple_strtoll(\"%s\", %u) end", s, base);
	} else {
		FUZZ_CHECK(simple_strtoll(s, &end, base) == (long long)v &&
			   end == want_end, "simple_strtoll(\"%s\", %u)", s, base);
	}
	FUZZ_CHECK(simple_strtol(s, NULL, base) == simple_strtoll(s, NULL, base),
		   "simple_strtol(\"%s\")", s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const unsigned int bases[] = { 0, 10, 16, 8, 2, 36 };
	unsigned int base;
	char *s;

	if (size < 1)
		return 0;
	/* Mostly the bases callers use, sometimes any value up to 39. */
	base = data[0] < 192 ? bases[data[0] % ARRAY_SIZE(bases)] : data[0] % 40;
	s = malloc(size);
	memcpy(s, data + 1, size - 1);
	s[size - 1] = '\0';

	CHECK_U(kstrtoull, unsigned long long, ULLONG_MAX);
	CHECK_U(kstrtoul, unsigned long, ULONG_MAX);
	CHECK_U(kstrtouint, unsigned int, UINT_MAX);
	CHECK_U(kstrtou16, u16, U16_MAX);
	CHECK_U(kstrtou8, u8, U8_MAX);
	CHECK_U(kstrtou64, u64, U64_MAX);
	CHECK_U(kstrtou32, u32, U32_MAX);
	CHECK_S(kstrtoll, long long, LL_MIN, LL_MAX);
	CHECK_S(kstrtol, long, LONG_MIN, LONG_MAX);
	CHECK_S(kstrtoint, int, INT_MIN, INT_MAX);
	CHECK_S(kstrtos16, s16, -32768, 32767);
	CHECK_S(kstrtos8, s8, -128, 127);
	CHECK_S(kstrtos64, s64, LL_MIN, LL_MAX);
	CHECK_S(kstrtos32, s32, INT_MIN, S32_MAX);
	check_bool(s);
	check_simple(s, base);

	free(s);
	return 0;
}
