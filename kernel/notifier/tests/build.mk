# kernel/notifier/tests/: KUnit suite "notifier" for the notifier chains.
obj-$(CONFIG_KUNIT) += kernel/notifier/tests/notifier_test.o
