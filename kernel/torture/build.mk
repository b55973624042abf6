# kernel/torture/: the torture-test framework its test tools are built on.
obj-$(CONFIG_TORTURE_TEST) += kernel/torture/torture.o
include kernel/torture/tests/build.mk
