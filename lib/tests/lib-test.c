// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite "lib": lib/ exercised inside the kernel (the host unit tests
 * in tests/unit/ cover it in depth; this checks the kernel build of it:
 * freestanding flags, -mcmodel=kernel, no SSE).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/ctype.h>
#include <linux/kstrtox.h>
#include <linux/list.h>
#include <linux/sort.h>
#include <linux/bitmap.h>
#include <linux/bitops.h>
#include <linux/random.h>
#include <kunit/test.h>

static void lib_vsnprintf(struct kunit *test)
{
	char buf[64];
	int n;

	n = snprintf(buf, sizeof(buf), "%d %u %x %s %c", -5, 7U, 0xbeef, "str", 'z');
	KUNIT_EXPECT_STREQ(test, buf, "-5 7 beef str z");
	KUNIT_EXPECT_EQ(test, n, 15);
	snprintf(buf, sizeof(buf), "[%5d|%-5d|%05d]", 42, 42, 42);
	KUNIT_EXPECT_STREQ(test, buf, "[   42|42   |00042]");
	snprintf(buf, sizeof(buf), "%llu %lld %#lx", 18446744073709551615ULL,
		 -9223372036854775807LL - 1, 0x1234UL);
	KUNIT_EXPECT_STREQ(test, buf, "18446744073709551615 -9223372036854775808 0x1234");
	/* Truncation: snprintf returns the untruncated length. */
	n = snprintf(buf, 4, "%s", "abcdef");
	KUNIT_EXPECT_EQ(test, n, 6);
	KUNIT_EXPECT_STREQ(test, buf, "abc");
	n = scnprintf(buf, 4, "%s", "abcdef");
	KUNIT_EXPECT_EQ(test, n, 3);
	snprintf(buf, sizeof(buf), "%.3s|%*d", "abcdef", 4, 7);
	KUNIT_EXPECT_STREQ(test, buf, "abc|   7");
}

static void lib_kstrtox(struct kunit *test)
{
	unsigned long ul;
	int i;
	bool b;

	KUNIT_EXPECT_EQ(test, kstrtoul("12345", 10, &ul), 0);
	KUNIT_EXPECT_EQ(test, ul, 12345UL);
	KUNIT_EXPECT_EQ(test, kstrtoul("0x1f", 0, &ul), 0);
	KUNIT_EXPECT_EQ(test, ul, 31UL);
	KUNIT_EXPECT_EQ(test, kstrtoul("12a", 10, &ul), -EINVAL);
	KUNIT_EXPECT_EQ(test, kstrtoul("18446744073709551616", 10, &ul), -ERANGE);
	KUNIT_EXPECT_EQ(test, kstrtoint("-2147483648", 10, &i), 0);
	KUNIT_EXPECT_EQ(test, i, INT_MIN);
	KUNIT_EXPECT_EQ(test, kstrtoint("2147483648", 10, &i), -ERANGE);
	KUNIT_EXPECT_EQ(test, kstrtobool("yes", &b), 0);
	KUNIT_EXPECT_TRUE(test, b);
	KUNIT_EXPECT_EQ(test, kstrtobool("0", &b), 0);
	KUNIT_EXPECT_FALSE(test, b);
}

static void lib_string(struct kunit *test)
{
	char buf[16];
	char mv[] = "abcdef";

	KUNIT_EXPECT_EQ(test, strlen("hello"), 5UL);
	KUNIT_EXPECT_LT(test, strcmp("abc", "abd"), 0);
	KUNIT_EXPECT_EQ(test, strscpy(buf, "short", sizeof(buf)), 5L);
	KUNIT_EXPECT_EQ(test, strscpy(buf, "much too long for it", sizeof(buf)), (long)-E2BIG);
	KUNIT_EXPECT_EQ(test, strlen(buf), sizeof(buf) - 1);
	memmove(mv + 1, mv, 5);
	KUNIT_EXPECT_STREQ(test, mv, "aabcde");
	KUNIT_EXPECT_STREQ(test, strstr("needle in haystack", "hay"), "haystack");
	KUNIT_EXPECT_NULL(test, strchr("abc", 'z'));
	KUNIT_EXPECT_TRUE(test, isdigit('7'));
	KUNIT_EXPECT_FALSE(test, isalpha('7'));
	KUNIT_EXPECT_EQ(test, tolower('Q'), 'q');
}

struct lib_item {
	int v;
	struct list_head node;
};

static void lib_list(struct kunit *test)
{
	struct lib_item items[5], *pos, *n;
	LIST_HEAD(head);
	LIST_HEAD(other);
	int expect = 0;

	KUNIT_EXPECT_TRUE(test, list_empty(&head));
	for (int i = 0; i < 5; i++) {
		items[i].v = i;
		list_add_tail(&items[i].node, &head);
	}
	KUNIT_EXPECT_EQ(test, list_count_nodes(&head), 5UL);
	list_for_each_entry(pos, &head, node)
		KUNIT_EXPECT_EQ(test, pos->v, expect++);
	list_del(&items[2].node);
	list_move(&items[4].node, &other);
	KUNIT_EXPECT_EQ(test, list_count_nodes(&head), 3UL);
	KUNIT_EXPECT_TRUE(test, list_is_singular(&other));
	list_splice_init(&other, &head);
	KUNIT_EXPECT_TRUE(test, list_empty(&other));
	KUNIT_EXPECT_EQ(test, list_first_entry(&head, struct lib_item, node)->v, 4);
	list_for_each_entry_safe(pos, n, &head, node)
		list_del(&pos->node);
	KUNIT_EXPECT_TRUE(test, list_empty(&head));
}

static int lib_cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

static void lib_sort(struct kunit *test)
{
	struct rnd_state rnd;
	int *v = kunit_kmalloc_array(test, 1000, sizeof(int), GFP_KERNEL);
	long sum = 0, sum2 = 0;

	KUNIT_ASSERT_NOT_NULL(test, v);
	prandom_seed_state(&rnd, 42);
	for (int i = 0; i < 1000; i++) {
		v[i] = (int)prandom_u32_below_state(&rnd, 500) - 250;
		sum += v[i];
	}
	sort(v, 1000, sizeof(int), lib_cmp_int, NULL);
	for (int i = 0; i < 1000; i++) {
		sum2 += v[i];
		if (i)
			KUNIT_EXPECT_LE_MSG(test, v[i - 1], v[i], "at index %d", i);
	}
	KUNIT_EXPECT_EQ(test, sum, sum2);
}

static void lib_random_deterministic(struct kunit *test)
{
	struct rnd_state a, b;
	bool differ = false;

	prandom_seed_state(&a, 1234);
	prandom_seed_state(&b, 1234);
	for (int i = 0; i < 100; i++)
		KUNIT_EXPECT_EQ(test, prandom_u32_state(&a), prandom_u32_state(&b));
	prandom_seed_state(&b, 1235);
	for (int i = 0; i < 10; i++)
		differ |= prandom_u32_state(&a) != prandom_u32_state(&b);
	KUNIT_EXPECT_TRUE(test, differ);
}

static void lib_bitmap(struct kunit *test)
{
	DECLARE_BITMAP(map, 200);
	char buf[64];

	bitmap_zero(map, 200);
	KUNIT_EXPECT_TRUE(test, bitmap_empty(map, 200));
	bitmap_set(map, 3, 4);
	__set_bit(150, map);
	KUNIT_EXPECT_EQ(test, bitmap_weight(map, 200), 5U);
	KUNIT_EXPECT_EQ(test, find_first_bit(map, 200), 3UL);
	KUNIT_EXPECT_EQ(test, find_next_bit(map, 200, 7), 150UL);
	KUNIT_EXPECT_EQ(test, find_next_bit(map, 200, 151), 200UL);
	bitmap_scnprintf(buf, sizeof(buf), map, 200);
	KUNIT_EXPECT_STREQ(test, buf, "3-6,150");
	bitmap_zero(map, 200);
	KUNIT_EXPECT_EQ(test, bitmap_parselist("0-2,64,199", map, 200), 0);
	KUNIT_EXPECT_EQ(test, bitmap_weight(map, 200), 5U);
	KUNIT_EXPECT_TRUE(test, test_bit(199, map));
	KUNIT_EXPECT_NE(test, bitmap_parselist("0-300", map, 200), 0);
}

static struct kunit_case lib_test_cases[] = {
	KUNIT_CASE(lib_vsnprintf),
	KUNIT_CASE(lib_kstrtox),
	KUNIT_CASE(lib_string),
	KUNIT_CASE(lib_list),
	KUNIT_CASE(lib_sort),
	KUNIT_CASE(lib_random_deterministic),
	KUNIT_CASE(lib_bitmap),
	{}
};

static struct kunit_suite lib_test_suite = {
	.name = "lib",
	.test_cases = lib_test_cases,
};
kunit_test_suite(lib_test_suite);
