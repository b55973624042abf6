/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A latency histogram with 8 sub-buckets per power of two (12.5%
 * resolution), so that tests report percentiles and not just a maximum:
 * under TCG the longest of a million samples measures the host's
 * scheduling of vCPUs rather than the guest.
 *
 * rcuos's own header (Linux has none of this name).  It is also compiled
 * into the Linux side of the benchmark (linux/bench/rcubench.c, which
 * linux/bench/build.sh builds with a copy of this file), so that both
 * kernels' percentiles are computed by the same code: keep it to what
 * both kernels provide (fls64(), min(), snprintf()).
 */
#ifndef _LINUX_LAT_HIST_H
#define _LINUX_LAT_HIST_H

#define LAT_HIST_SUB		8
/* lat_hist_idx(U64_MAX) + 1: 8 small values, 61 powers of two of 8 */
#define LAT_HIST_BUCKETS	(62 * LAT_HIST_SUB)

/**
 * struct lat_hist - a histogram of u64 samples (nanoseconds, say)
 * @n: samples added
 * @max: the largest sample
 * @b: counts per bucket, see lat_hist_idx()
 */
struct lat_hist {
	unsigned long n;
	u64 max;
	unsigned long b[LAT_HIST_BUCKETS];
};

/* Values below 8 have a bucket each; above, 8 buckets per power of two. */
static inline unsigned int lat_hist_idx(u64 v)
{
	unsigned int e;

	if (v < LAT_HIST_SUB)
		return v;
	e = fls64(v) - 1;	/* >= 3 */
	return (e - 2) * LAT_HIST_SUB + ((v >> (e - 3)) & (LAT_HIST_SUB - 1));
}

/*
 * The smallest value of bucket @idx + 1: the exclusive bound of @idx
 * (U64_MAX for the last bucket, whose bound does not fit).
 */
static inline u64 lat_hist_upper(unsigned int idx)
{
	unsigned int e, m;

	idx++;
	if (idx < LAT_HIST_SUB)
		return idx;
	if (idx >= LAT_HIST_BUCKETS)
		return ~0ULL;
	e = idx / LAT_HIST_SUB + 2;
	m = idx % LAT_HIST_SUB;
	return (u64)(LAT_HIST_SUB + m) << (e - 3);
}

/**
 * lat_hist_add() - add one sample
 * @h: the histogram (not shared: one writer, no locking)
 * @v: the sample
 */
static inline void lat_hist_add(struct lat_hist *h, u64 v)
{
	h->b[lat_hist_idx(v)]++;
	h->n++;
	if (v > h->max)
		h->max = v;
}

/**
 * lat_hist_pct() - a percentile, rounded up to its bucket's bound
 * @h: the histogram
 * @bp: the percentile in basis points (5000 for the median, 9990 for p99.9)
 *
 * Return: the bound of the bucket holding that sample, at most @h->max;
 * 0 for an empty histogram.
 */
static inline u64 lat_hist_pct(const struct lat_hist *h, unsigned int bp)
{
	unsigned long want = h->n - h->n * (10000 - bp) / 10000, seen = 0;
	unsigned int i;

	if (!h->n)
		return 0;
	for (i = 0; i < LAT_HIST_BUCKETS; i++) {
		seen += h->b[i];
		if (seen >= want)
			return min(lat_hist_upper(i), h->max);
	}
	return h->max;
}

/**
 * lat_hist_snprint() - the percentiles as make bench's parser reads them
 * @buf: destination
 * @size: its size
 * @h: the histogram
 *
 * Writes "ns p50 A, p99 B, p99.9 C, p99.99 D, max E" (tests/bench/report.py
 * reads this from both kernels' logs, so both print it from here).
 *
 * Return: snprintf()'s.
 */
static inline int lat_hist_snprint(char *buf, size_t size, const struct lat_hist *h)
{
	return snprintf(buf, size, "ns p50 %llu, p99 %llu, p99.9 %llu, p99.99 %llu, max %llu",
			(unsigned long long)lat_hist_pct(h, 5000),
			(unsigned long long)lat_hist_pct(h, 9900),
			(unsigned long long)lat_hist_pct(h, 9990),
			(unsigned long long)lat_hist_pct(h, 9999),
			(unsigned long long)h->max);
}

#endif /* _LINUX_LAT_HIST_H */
