// SPDX-License-Identifier: GPL-2.0
/* Unit tests for <linux/lat_hist.h>, the percentile histogram. */
#include "ktest.h"

#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/bitops.h>
#include <linux/lat_hist.h>

static struct lat_hist h;

/* Every value falls in a bucket whose bounds hold it, within 12.5%. */
static void test_buckets(struct ktest *t)
{
	static const u64 v[] = { 0, 1, 7, 8, 9, 15, 16, 17, 1000, 1023, 1024, 1152,
				 123456789, 1ULL << 40, (1ULL << 63) + 5 };

	for (unsigned int i = 0; i < ARRAY_SIZE(v); i++) {
		unsigned int idx = lat_hist_idx(v[i]);
		u64 lo = idx ? lat_hist_upper(idx - 1) : 0, hi = lat_hist_upper(idx);

		KASSERT_TRUE(t, idx < LAT_HIST_BUCKETS);
		KEXPECT_TRUE(t, lo <= v[i]);
		if (idx < LAT_HIST_BUCKETS - 1)
			KEXPECT_TRUE(t, v[i] < hi);
		if (v[i] >= LAT_HIST_SUB && idx < LAT_HIST_BUCKETS - 1)
			KEXPECT_TRUE(t, hi - lo <= lo / 8);
	}
	KEXPECT_EQ(t, lat_hist_idx(~0ULL), LAT_HIST_BUCKETS - 1);
	KEXPECT_EQ(t, lat_hist_upper(LAT_HIST_BUCKETS - 1), ~0ULL);
	KEXPECT_EQ(t, lat_hist_upper(LAT_HIST_BUCKETS - 2), 15ULL << 60);
	/* Buckets are contiguous and increasing. */
	for (unsigned int i = 0; i + 2 < LAT_HIST_BUCKETS; i++) {
		KASSERT_TRUE(t, lat_hist_upper(i) < lat_hist_upper(i + 1));
		KASSERT_EQ(t, lat_hist_idx(lat_hist_upper(i)), i + 1);
		KASSERT_EQ(t, lat_hist_idx(lat_hist_upper(i) - 1), i);
	}
}

static void test_percentiles(struct ktest *t)
{
	memset(&h, 0, sizeof(h));
	KEXPECT_EQ(t, lat_hist_pct(&h, 5000), 0ULL);
	/* 1..10000: p50 ~5000, p99 ~9900, p99.99 ~9999, rounded up <= 12.5%. */
	for (u64 v = 1; v <= 10000; v++)
		lat_hist_add(&h, v);
	KEXPECT_EQ(t, h.n, 10000UL);
	KEXPECT_EQ(t, h.max, 10000ULL);
	KEXPECT_TRUE(t, lat_hist_pct(&h, 5000) >= 5000 && lat_hist_pct(&h, 5000) <= 5000 * 9 / 8);
	KEXPECT_TRUE(t, lat_hist_pct(&h, 9900) >= 9900 && lat_hist_pct(&h, 9900) <= 10000);
	KEXPECT_EQ(t, lat_hist_pct(&h, 10000), 10000ULL);
	/* One huge outlier moves the maximum, not the 99.99th percentile. */
	lat_hist_add(&h, 50000000);
	KEXPECT_EQ(t, h.max, 50000000ULL);
	KEXPECT_TRUE(t, lat_hist_pct(&h, 9999) <= 10000 * 9 / 8);
	KEXPECT_EQ(t, lat_hist_pct(&h, 10000), 50000000ULL);
}

static void test_tail(struct ktest *t)
{
	memset(&h, 0, sizeof(h));
	/* 999,000 fast samples and 1,000 slow ones: p99.9 fast, p99.99 slow. */
	for (int i = 0; i < 999000; i++)
		lat_hist_add(&h, 1000);
	for (int i = 0; i < 1000; i++)
		lat_hist_add(&h, 3000000);
	KEXPECT_TRUE(t, lat_hist_pct(&h, 9990) <= 1152);
	KEXPECT_TRUE(t, lat_hist_pct(&h, 9999) >= 3000000);
	KEXPECT_TRUE(t, lat_hist_pct(&h, 9999) <= 3000000);	/* capped at max */
}

/* The line tests/bench/report.py parses from both kernels. */
static void test_snprint(struct ktest *t)
{
	char buf[128];

	memset(&h, 0, sizeof(h));
	for (int i = 0; i < 9990; i++)
		lat_hist_add(&h, 64);
	for (int i = 0; i < 10; i++)
		lat_hist_add(&h, 30000);
	lat_hist_snprint(buf, sizeof(buf), &h);
	KEXPECT_STREQ(t, buf, "ns p50 72, p99 72, p99.9 72, p99.99 30000, max 30000");
}

static const struct ktest_case cases[] = {
	KTEST_CASE(test_buckets),
	KTEST_CASE(test_percentiles),
	KTEST_CASE(test_tail),
	KTEST_CASE(test_snprint),
	{}
};

KTEST_MAIN("lat_hist", cases)
