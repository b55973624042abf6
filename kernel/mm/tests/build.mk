# kernel/mm/tests/: KUnit suites for the page and slab allocators.
obj-$(CONFIG_KUNIT) += kernel/mm/tests/mm_test.o
