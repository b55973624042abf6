# kernel/cred/tests/: KUnit suite "cred" for task credentials.
obj-$(CONFIG_KUNIT) += kernel/cred/tests/cred_test.o
