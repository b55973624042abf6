# SPDX-License-Identifier: GPL-2.0
#
# lib/: freestanding C library pieces (strings, formatting, parsing, lists,
# bitmaps, sorting, PRNG), debug objects and the resizable RCU hash table.
# Every file but debugobjects.c and rhashtable.c (which need locks, RCU and
# the allocator) is also built for the host by tests/unit/unit.mk and
# unit-tested there.

obj-y += lib/string.o lib/vsprintf.o lib/ctype.o lib/kstrtox.o \
	 lib/bitmap.o lib/sort.o lib/random.o
obj-$(CONFIG_DEBUG_OBJECTS) += lib/debugobjects.o
obj-y += lib/rhashtable.o

# memcpy()/memset() must not be compiled into calls to themselves.
CFLAGS_string := -fno-tree-loop-distribute-patterns
include lib/tests/build.mk
