# kernel/time/tests/: KUnit suite for the clock, delays and timers.
obj-$(CONFIG_KUNIT) += kernel/time/tests/timer_test.o
