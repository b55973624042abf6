# kernel/mm/tests/: KUnit suites for the page and slab allocators.
obj-$(CONFIG_KUNIT) += kernel/mm/tests/mm_test.o
# KUnit suite "slab_typesafe": SLAB_TYPESAFE_BY_RCU caches, the nulls lookup.
obj-$(CONFIG_KUNIT) += kernel/mm/tests/slab_typesafe_test.o
