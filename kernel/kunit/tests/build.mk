# kernel/kunit/tests/: the KUnit framework's own suites.
obj-$(CONFIG_KUNIT) += kernel/kunit/tests/kunit-test.o
