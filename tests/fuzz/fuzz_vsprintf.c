// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz lib/vsprintf.c with arbitrary format strings.
 *
 * The format is parsed here, following the grammar lib/vsprintf.c
 * documents, to know which arguments it takes: an int for each '*', a
 * valid string (or NULL) for %s, any value for the integers, %c and %p.
 * The arguments are passed as 8-byte values, which is how the x86-64 ABI
 * passes every integer and pointer argument anyway.
 *
 * Checks, for every format:
 * - no sanitizer report (out-of-bounds, overflow, ...)
 * - into a buffer of any size: the same return value as into a large
 *   one, the output a NUL-terminated prefix of the large one, nothing
 *   written past the size (the buffers are exactly that size, under ASan)
 * - scnprintf() returns what was stored
 * and, when every directive is one C99 defines the same way (d i u o x X c
 * s and a bare %%, no %p, no undefined flag combinations, widths and
 * precisions up to the kernel's clamp), the same output and return value
 * as the host C library's snprintf().
 *
 * Input: 2 bytes of buffer size (modulo 512; the top bit allows fields
 * wider than 4096), the format up to a NUL, then the bytes
 * the arguments are made from, in the order the format takes them.
 */
#include "fuzz.h"

#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/ctype.h>

#define MAX_ARGS	24
#define FIELD_MAX	(1 << 20)	/* lib/vsprintf.c clamps to this */
#define BIG		(1 << 16)
#define SLOW_FIELD	4096

struct input {
	const uint8_t *p;
	size_t left;
};

static unsigned long long take(struct input *in, size_t n)
{
	unsigned long long v = 0;

	for (size_t i = 0; i < n; i++) {
		if (!in->left)
			break;
		v |= (unsigned long long)*in->p++ << (8 * i);
		in->left--;
	}
	return v;
}

/* Symbols for %pS/%ps at odd addresses, as kernel/kallsyms.c prints them. */
int sprint_symbol(char *buf, size_t size, unsigned long addr)
{
	static const char * const names[] = {
		"rcu_gp_kthread", "x",
		("a_symbol_name_longer_than_the_128_bytes_vsprintf_gives_sprint_symbol_"
		 "so_that_its_truncation_is_exercised_too_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"),
	};

	if (!(addr & 1))
		return 0;
	return scnprintf(buf, size, "%s+0x%lx/0x%lx", names[(addr >> 1) % 3],
			 (addr >> 8) & 0xfff, (addr >> 20) & 0xffff);
}

struct plan {
	unsigned long long args[MAX_ARGS];
	int nargs;
	bool comparable;
	int max_field;		/* the largest width or precision */
	char *strs[MAX_ARGS];
	int nstrs;
};

static int lit(const char **p)
{
	long v = 0;

	while (**p >= '0' && **p <= '9') {
		if (v <= FIELD_MAX)
			v = v * 10 + (*(*p)++ - '0');
		else
			(*p)++;
	}
	return v;
}

/* Walk @fmt as lib/vsprintf.c does, making the arguments it will take. */
static void make_args(char *fmt, struct input *in, struct plan *pl)
{
	char *p = fmt;

	pl->nargs = 0;
	pl->nstrs = 0;
	pl->comparable = true;
	pl->max_field = 0;
	while (*p) {
		char *start = p;
		bool f_zero = false, f_hash = false, has_len = false;
		int need = 0, width = 0, prec = 0;
		bool star_w = false, star_p = false;
		char conv;

		if (*p++ != '%')
			continue;
		for (;; p++) {
			if (*p == '0')
				f_zero = true;
			else if (*p == '#')
				f_hash = true;
			else if (*p != '-' && *p != '+' && *p != ' ')
				break;
		}
		if (isdigit(*p))
			width = lit((const char **)&p);
		else if (*p == '*')
			star_w = true, need++, p++;
		if (*p == '.') {
			p++;
			if (isdigit(*p))
				prec = lit((const char **)&p);
			else if (*p == '*')
				star_p = true, need++, p++;
		}
		if (*p == 'h' || *p == 'l') {
			has_len = true;
			if (p[1] == p[0])
				p++;
			p++;
		} else if (*p && strchr("LqzZtj", *p)) {
			has_len = true;
			if (strchr("LqZ", *p))
				pl->comparable = false;	/* not C99 for integers */
			p++;
		}
		conv = *p;
		if (conv && strchr("csdiuoxXp", conv))
			need++;
		if (pl->nargs + need > MAX_ARGS) {
			*start = '\0';	/* no more arguments than we pass */
			return;
		}
		pl->max_field = max(pl->max_field, max(width, prec));
		if (width > FIELD_MAX || prec > FIELD_MAX)
			pl->comparable = false;
		for (int i = 0; i < star_w + star_p; i++) {
			int v = take(in, 1) == 0xff ? (int)take(in, 4) : (short)take(in, 2);

			pl->max_field = max(pl->max_field, v == INT_MIN ? INT_MAX : (v < 0 ? -v : v));
			if (v > FIELD_MAX || v < -FIELD_MAX)
				pl->comparable = false;
			pl->args[pl->nargs++] = (unsigned long long)(long long)v;
		}
		switch (conv) {
		case '%':
			if (p != start + 1)
				pl->comparable = false;
			break;
		case 's': {
			unsigned int len = take(in, 1);
			char *s = NULL;

			if (len != 0xff) {
				s = malloc(len + 1);
				for (unsigned int i = 0; i < len; i++)
					s[i] = take(in, 1);
				s[len] = '\0';
				pl->strs[pl->nstrs++] = s;
			} else {
				pl->comparable = false;	/* "(null)" is not C99 */
			}
			pl->args[pl->nargs++] = (unsigned long)s;
			if (has_len || f_zero || f_hash)
				pl->comparable = false;
			break;
		}
		case 'c':
			pl->args[pl->nargs++] = take(in, 8);
			if (has_len || f_zero || f_hash)
				pl->comparable = false;
			break;
		case 'p':
			pl->args[pl->nargs++] = take(in, 8);
			pl->comparable = false;
			p++;
			while (isalnum(*p))
				p++;
			continue;
		case 'd': case 'i': case 'u':
			if (f_hash)
				pl->comparable = false;
			fallthrough;
		case 'o': case 'x': case 'X':
			pl->args[pl->nargs++] = take(in, 8);
			break;
		case '\0':
			pl->comparable = false;
			continue;
		default:
			pl->comparable = false;
			break;
		}
		p++;
	}
}

#define ARGS(a) a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], \
	a[10], a[11], a[12], a[13], a[14], a[15], a[16], a[17], a[18], a[19], \
	a[20], a[21], a[22], a[23]

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char big[BIG], hbig[BIG];
	struct input in;
	struct plan pl;
	size_t fmt_len, bsize;
	char *fmt, *small;
	int ret, ret2, sret;
	bool slow_ok;

	if (size < 2)
		return 0;
	bsize = (data[0] | data[1] << 8) % 512;
	slow_ok = data[1] & 0x80;
	data += 2;
	size -= 2;
	fmt_len = strnlen((const char *)data, size);
	fmt = malloc(fmt_len + 1);
	memcpy(fmt, data, fmt_len);
	fmt[fmt_len] = '\0';
	in.p = data + fmt_len + (fmt_len < size);
	in.left = size - fmt_len - (fmt_len < size);
	make_args(fmt, &in, &pl);
	/*
	 * Fields of up to a megabyte (the clamp) take milliseconds of padding:
	 * only with the size's top bit, so that most runs stay fast.
	 */
	if (pl.max_field > SLOW_FIELD && !slow_ok)
		goto out;

	ret = snprintf(big, sizeof(big), fmt, ARGS(pl.args));
	FUZZ_CHECK(ret >= 0, "\"%s\" returned %d", fmt, ret);
	FUZZ_CHECK(big[min_t(size_t, ret, BIG - 1)] == '\0', "\"%s\": no NUL", fmt);

	/* A buffer of exactly bsize bytes: ASan catches a write past it. */
	small = malloc(bsize ? bsize : 1);
	memset(small, 0x5a, bsize ? bsize : 1);
	ret2 = snprintf(bsize ? small : NULL, bsize, fmt, ARGS(pl.args));
	FUZZ_CHECK(ret2 == ret, "\"%s\" size %zu returned %d, %d with a large buffer",
		   fmt, bsize, ret2, ret);
	if (bsize) {
		size_t n = min_t(size_t, ret, bsize - 1);

		FUZZ_CHECK(!memcmp(small, big, n) && small[n] == '\0',
			   "\"%s\" size %zu: not a prefix of the full output", fmt, bsize);
	} else {
		FUZZ_CHECK(small[0] == 0x5a, "\"%s\" size 0 wrote to the buffer", fmt);
	}
	sret = scnprintf(small, bsize, fmt, ARGS(pl.args));
	FUZZ_CHECK(sret == (bsize ? min_t(int, ret, bsize - 1) : 0),
		   "scnprintf(\"%s\", size %zu) returned %d", fmt, bsize, sret);
	free(small);

	if (pl.comparable) {
		int hret = host_snprintf(hbig, sizeof(hbig), fmt, ARGS(pl.args));

		if (getenv("FUZZ_VERBOSE"))
			fprintf(stderr, "compared \"%s\": \"%.200s\"\n", fmt, big);
		FUZZ_CHECK(hret == ret, "\"%s\" returned %d, the C library %d", fmt, ret, hret);
		FUZZ_CHECK(!memcmp(big, hbig, min_t(size_t, ret, BIG - 1)),
			   "\"%s\" gave \"%.200s\", the C library \"%.200s\"", fmt, big, hbig);
	}

out:
	for (int i = 0; i < pl.nstrs; i++)
		free(pl.strs[i]);
	free(fmt);
	return 0;
}
