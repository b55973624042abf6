# kernel/softirq/: softirqs, irq_enter()/irq_exit(), ksoftirqd.
obj-y += kernel/softirq/softirq.o
ifneq ($(wildcard include/kunit/test.h),)
obj-$(CONFIG_KUNIT) += kernel/softirq/softirq_test.o
endif
