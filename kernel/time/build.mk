# kernel/time/: the TSC clock, delays, jiffies, the tick and kernel timers.
obj-y += kernel/time/clock.o kernel/time/tick.o kernel/time/timer.o
ifneq ($(wildcard include/kunit/test.h),)
obj-$(CONFIG_KUNIT) += kernel/time/timer_test.o
endif
