# kernel/torture/tests/: KUnit suite "torture" for the framework itself.
obj-$(CONFIG_KUNIT) += kernel/torture/tests/torture_test.o
