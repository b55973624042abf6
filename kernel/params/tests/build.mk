# kernel/params/tests/: KUnit suite for kernel parameters.
obj-$(CONFIG_KUNIT) += kernel/params/tests/params-test.o
