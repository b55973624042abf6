# kernel/softirq/tests/: KUnit suite for softirqs and ksoftirqd.
obj-$(CONFIG_KUNIT) += kernel/softirq/tests/softirq_test.o
