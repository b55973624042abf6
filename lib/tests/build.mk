# lib/tests/: KUnit suite "lib", lib/ as the kernel builds it (tests/unit/
# tests it in depth on the host).
obj-$(CONFIG_KUNIT) += lib/tests/lib-test.o
