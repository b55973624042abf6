# kernel/kunit/: KUnit-compatible KTAP test framework.
obj-$(CONFIG_KUNIT) += kernel/kunit/test.o kernel/kunit/capture.o
include kernel/kunit/tests/build.mk
