# kernel/mm: page allocator and slab allocator.
obj-y += kernel/mm/page_alloc.o kernel/mm/slab.o
include kernel/mm/tests/build.mk
