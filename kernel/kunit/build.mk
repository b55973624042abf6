# kernel/kunit/: KUnit-compatible KTAP test framework and its own suites.
obj-$(CONFIG_KUNIT) += kernel/kunit/test.o kernel/kunit/capture.o \
	kernel/kunit/kunit-test.o kernel/kunit/lib-test.o
