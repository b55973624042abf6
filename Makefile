# SPDX-License-Identifier: GPL-2.0
#
# rcuos top-level Makefile.
#
#   make                 build $(O)/rcuos.elf and $(O)/rcuos.iso for the current .config
#   make run             build and boot the ISO in QEMU, serial console on this terminal
#   make check           everything: every defconfig, host tests, sparse, QEMU scenarios,
#                        the Linux series' checks
#   make check-quick     the inner loop: defconfigs, host tests, sparse, one boot per RCU flavour
#   make help            all targets
#
# O=DIR puts the build (and its .config) in DIR; without it the .config is
# the one at the top of the tree and the build goes to build/.

ifeq ($(origin O),command line)
KCONFIG_CONFIG ?= $(O)/.config
else
O := build
KCONFIG_CONFIG ?= .config
endif
export KCONFIG_CONFIG

.DEFAULT_GOAL := all
Q ?= @
SHELL := /bin/bash

CC	:= gcc
LD	:= ld
NASM	:= nasm
OBJCOPY	:= objcopy
NM	:= nm
PYTHON	:= python3
QEMU	:= qemu-system-x86_64
SPARSE	:= sparse

srctree := $(CURDIR)
AUTOCONF := $(O)/include/generated/autoconf.h

# QEMU: TCG (no KVM needed), serial on stdio.
CPUS	?= 4
MEM	?= 512M
QEMU_FLAGS = -accel tcg,thread=multi -smp $(CPUS) -m $(MEM) -cdrom $(O)/rcuos.iso -boot d \
	     -display none -no-reboot -device isa-debug-exit,iobase=0xf4,iosize=0x04
CMDLINE	?=

CFLAGS_COMMON := -std=gnu11 -ffreestanding -fno-pic -fno-pie -mno-red-zone \
	-mgeneral-regs-only -fno-stack-protector -fno-asynchronous-unwind-tables \
	-fno-omit-frame-pointer -fno-strict-aliasing -fno-common -fno-builtin \
	-nostdinc -isystem $(shell $(CC) -print-file-name=include) \
	-I$(srctree)/include -I$(O)/include -include $(AUTOCONF) -D__rcuos__ \
	-Wall -Wextra -Wno-unused-parameter -Wno-sign-compare \
	-Wno-missing-field-initializers -Wstrict-prototypes -Wmissing-prototypes \
	-Werror -O2 -g
KCFLAGS := $(CFLAGS_COMMON) -mcmodel=kernel -m64 -march=x86-64
LDFLAGS := -nostdlib -z noexecstack -z max-page-size=0x1000 --no-warn-rwx-segments
SPARSEFLAGS := -D__CHECKER__ -m64 -ffreestanding -nostdinc \
	-isystem $(shell $(CC) -print-file-name=include) \
	-I$(srctree)/include -I$(O)/include -include $(AUTOCONF) -D__rcuos__ \
	-Wsparse-error -Wno-non-pointer-null -Wno-context

# .config read as make variables (CONFIG_FOO=y lines are valid make syntax).
-include $(KCONFIG_CONFIG)

obj-y :=
include boot/build.mk kernel/build.mk rcu/build.mk lib/build.mk \
	tests/requirements/build.mk

obj-y := $(filter-out $(SKIP_OBJS),$(obj-y))
OBJS := $(addprefix $(O)/,$(obj-y))
CSRCS := $(foreach f,$(obj-y:.o=),$(wildcard $(f).c))

-include scripts/kconfig.mk
-include tests/check.mk
-include linux/linux.mk
-include tests/bench/bench.mk

.PHONY: all run gdb iso sparse clean distclean help deps

all: $(O)/rcuos.iso

deps:
	@scripts/ensure-packages build

$(O)/%.o: %.c $(AUTOCONF)
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(KCFLAGS) $(CFLAGS_$(notdir $*)) -MMD -MP -c $< -o $@

$(O)/%.o: %.asm
	@mkdir -p $(dir $@)
	$(Q)$(NASM) -f elf64 -g -F dwarf -I$(srctree)/boot/ -MD $(@:.o=.d) -MP $< -o $@

-include $(OBJS:.o=.d)

# Two-pass link: the symbol table for backtraces lives in .kallsyms, placed
# after text and rodata, so generating it does not move any code.
$(O)/rcuos.0.elf: $(OBJS) $(O)/kallsyms0.o linker.ld
	$(Q)$(LD) $(LDFLAGS) -T linker.ld -o $@ $(OBJS) $(O)/kallsyms0.o

$(O)/kallsyms0.c: scripts/kallsyms.py
	@mkdir -p $(O)
	$(Q)$(PYTHON) scripts/kallsyms.py --empty > $@

$(O)/kallsyms.c: $(O)/rcuos.0.elf scripts/kallsyms.py
	$(Q)$(NM) -n $< | $(PYTHON) scripts/kallsyms.py > $@

$(O)/kallsyms0.o $(O)/kallsyms.o: $(O)/%.o: $(O)/%.c $(AUTOCONF)
	$(Q)$(CC) $(KCFLAGS) -c $< -o $@

$(O)/rcuos.elf: $(OBJS) $(O)/kallsyms.o linker.ld
	$(Q)$(LD) $(LDFLAGS) -T linker.ld -o $@ $(OBJS) $(O)/kallsyms.o
	$(Q)$(PYTHON) scripts/check-kallsyms.py $(O)/rcuos.0.elf $@
	$(Q)grub-file --is-x86-multiboot2 $@ || { echo "rcuos.elf: not multiboot2" >&2; rm -f $@; exit 1; }

iso: $(O)/rcuos.iso
$(O)/rcuos.iso: $(O)/rcuos.elf scripts/mkiso.sh
	$(Q)scripts/mkiso.sh $< $@ "$(CMDLINE)"
	@echo "  ISO     $@"

# poweroff makes QEMU exit 33 (no test failed) or 35 (one did): the first
# is a clean end of the session, not an error.
run: deps all
	@echo "$(QEMU) $(QEMU_FLAGS) -serial stdio"
	@$(QEMU) $(QEMU_FLAGS) -serial stdio; rc=$$?; \
	case $$rc in 0|33) ;; 35) echo "run: a test failed during the session (QEMU exit 35)"; exit 1;; \
	*) echo "run: QEMU exited with $$rc"; exit $$rc;; esac

# QEMU's serial console goes to $(O)/gdb-serial.log; gdb has the terminal.
gdb: all
	@scripts/ensure-packages check
	$(QEMU) $(QEMU_FLAGS) -serial file:$(O)/gdb-serial.log -s -S & \
	gdb -q -x scripts/gdbinit $(O)/rcuos.elf; kill %1 2>/dev/null || true

# sparse over every C file of the current config, warnings are errors.
sparse: $(AUTOCONF)
	@fail=0; for f in $(CSRCS); do \
		$(SPARSE) $(SPARSEFLAGS) $$f || fail=1; \
	done; \
	if [ $$fail = 0 ]; then echo "sparse: $(words $(CSRCS)) files, no warnings"; \
	else echo "sparse: warnings found" >&2; exit 1; fi

clean:
	rm -rf $(O)

distclean: clean
	rm -rf build .config .config.old

help:
	@echo "make [O=DIR]            build DIR/rcuos.elf and DIR/rcuos.iso (default build/)"
	@echo "make run [CPUS=N]       boot in QEMU on N CPUs (default 4), serial on this terminal"
	@echo "make gdb                boot under QEMU -s -S and attach gdb with symbols"
	@echo "make check              full test suite, ends with 'N passed, N failed'"
	@echo "make check-quick        inner loop (<10 min): defconfigs, unit tests, sparse, codegen,"
	@echo "                        one boot each of Tree and Tiny RCU; same summary line"
	@echo "make sparse             sparse over every C file, warnings are errors"
	@echo "make mutants            every planted bug against its checks (MUTANTS=a,b MUTANT_RUNS=N)"
	@echo "make fuzz | fuzz-shell  libFuzzer targets on the host; random command lines into a QEMU shell"
	@echo "make soak HOURS=N       every scenario's torture in rotation for N hours, then a summary"
	@echo "make bench              rcuos beside Linux 6.12 in the same QEMU, into BENCHMARKS.md"
	@echo "make tiny_defconfig     1 CPU, non-preemptible, Tiny RCU"
	@echo "make tree_defconfig     SMP, Tree RCU (default)"
	@echo "make menuconfig | savedefconfig | olddefconfig"
	@echo "make linux | linux-sparse | linux-check   the Linux __rcu patch series"
	@echo "make linux-check-full   linux-check plus the checks of the pristine tree and of the NFC tool"
