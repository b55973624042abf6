# kernel/mm: page allocator, slab allocator and their KUnit tests.
obj-y += kernel/mm/page_alloc.o kernel/mm/slab.o
obj-$(CONFIG_KUNIT) += kernel/mm/mm_test.o
