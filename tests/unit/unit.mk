# SPDX-License-Identifier: GPL-2.0
#
# Host unit tests: kernel code (lib/ and any other pure C) compiled for the
# host with ASan and UBSan, driven by small test programs in tests/unit/.
#
#   make unit-test                      build and run them all
#   make -f tests/unit/unit.mk unit-test   the same, without the top Makefile
#   make unit-test UNIT_TESTS="string list"   only some of them
#
# Binaries and logs go to $(O)/unit/; one "PASS: unit/<test>/<case>" or
# "FAIL: ..." line per test case goes to $(O)/check/results/unit.txt.
# See tests/unit/README.md for how to add a test (one file plus one line).

UNIT_MK := $(lastword $(MAKEFILE_LIST))
O ?= build
Q ?= @
srctree ?= $(CURDIR)

# ---- The list of tests: tests/unit/test_<name>.c for each <name>. ----
# Optional, per test: unit-srcs-<name> := more kernel .c files to link in
# (built like unit-ksrcs), unit-cflags-<name> := extra flags for test_<name>.c.
unit-tests :=
unit-tests += string
unit-tests += vsprintf
unit-tests += ctype
unit-tests += kstrtox
unit-tests += list
unit-tests += hash
unit-tests += bitops
unit-tests += bitmap
unit-tests += sort
unit-tests += random
unit-tests += math64
unit-tests += err
unit-tests += params
unit-tests += shell
unit-tests += boot
unit-tests += kunit
unit-tests += rcu_geometry
unit-tests += rcu_segcblist
unit-tests += rcu_seq
unit-tests += rcu_nohz
unit-tests += lat_hist
unit-tests += rhashtable

# Kernel sources built for the host into an archive that every test links
# against (the linker pulls only the objects a test needs).  They get
# host_rename.h force-included so libc-named functions become k_*.
unit-ksrcs := lib/string.c lib/vsprintf.c lib/ctype.c lib/kstrtox.c \
	      lib/bitmap.c lib/sort.c lib/random.c

UNIT_TESTS ?= $(unit-tests)
UNIT_O := $(O)/unit
UNIT_RESULTS := $(O)/check/results/unit.txt
HOSTCC ?= gcc

UNIT_CFLAGS := -std=gnu11 -O1 -g -fsanitize=address,undefined \
	-fno-sanitize-recover=all -fno-omit-frame-pointer -fno-strict-aliasing \
	-fno-builtin -fno-tree-loop-distribute-patterns \
	-Wall -Wextra -Wno-unused-parameter -Wno-sign-compare \
	-Wno-missing-field-initializers -Werror \
	-I$(srctree)/include -I$(srctree)/tests/unit -D__UNIT_TEST__
UNIT_KCFLAGS := $(UNIT_CFLAGS) -ffreestanding -Wmissing-prototypes \
	-Wstrict-prototypes -include $(srctree)/tests/unit/host_rename.h
UNIT_LDFLAGS := -fsanitize=address,undefined

UNIT_KOBJS := $(patsubst %.c,$(UNIT_O)/k/%.o,$(unit-ksrcs))
UNIT_KLIB := $(UNIT_O)/libk.a

$(UNIT_O)/k/%.o: %.c $(UNIT_MK)
	@mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(UNIT_KCFLAGS) -MMD -MP -c $< -o $@

$(UNIT_KLIB): $(UNIT_KOBJS)
	@rm -f $@
	$(Q)ar rcs $@ $^

$(UNIT_O)/ktest.o: tests/unit/ktest.c tests/unit/ktest.h $(UNIT_MK)
	@mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(UNIT_CFLAGS) -c $< -o $@

$(UNIT_O)/test_%.o: tests/unit/test_%.c $(UNIT_MK)
	@mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(UNIT_CFLAGS) $(unit-cflags-$*) -MMD -MP -c $< -o $@

define unit-test-rule
$(UNIT_O)/test_$(1): $(UNIT_O)/test_$(1).o \
		$(patsubst %.c,$(UNIT_O)/k/%.o,$(unit-srcs-$(1))) \
		$(UNIT_O)/ktest.o $(UNIT_KLIB)
	$$(Q)$$(HOSTCC) $$(UNIT_LDFLAGS) -o $$@ $$^
endef
$(foreach t,$(sort $(unit-tests) $(UNIT_TESTS)),$(eval $(call unit-test-rule,$(t))))

-include $(wildcard $(UNIT_O)/*.d $(UNIT_O)/k/*/*.d)

# Build each test on its own, so that one that does not compile is reported
# as a failure instead of stopping the others; then run it.
.PHONY: unit-test unit-build unit-clean
unit-test:
	@mkdir -p $(UNIT_O) $(dir $(UNIT_RESULTS))
	@: > $(UNIT_RESULTS)
	@fail=0; \
	for t in $(UNIT_TESTS); do \
		if $(MAKE) --no-print-directory -f $(UNIT_MK) O=$(O) \
			$(UNIT_O)/test_$$t > $(UNIT_O)/test_$$t.build.log 2>&1; then \
			$(srctree)/tests/unit/run-test.sh $(UNIT_O)/test_$$t $$t \
				$(UNIT_RESULTS) || fail=1; \
		else \
			cat $(UNIT_O)/test_$$t.build.log; \
			echo "not ok $$t: build failed"; \
			echo "FAIL: unit/$$t" >> $(UNIT_RESULTS); \
			fail=1; \
		fi; \
	done; \
	echo "unit-test: $$(grep -c '^PASS:' $(UNIT_RESULTS)) passed, $$(grep -c '^FAIL:' $(UNIT_RESULTS)) failed"; \
	exit $$fail

unit-build: $(addprefix $(UNIT_O)/test_,$(UNIT_TESTS))

unit-clean:
	rm -rf $(UNIT_O) $(UNIT_RESULTS)
