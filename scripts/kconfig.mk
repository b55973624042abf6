# SPDX-License-Identifier: GPL-2.0
#
# Kconfig targets, included by the top Makefile, which sets O, KCONFIG_CONFIG
# (.config, or $(O)/.config when O= is given) and AUTOCONF.
#
#   make menuconfig          edit $(KCONFIG_CONFIG) (curses)
#   make olddefconfig        complete $(KCONFIG_CONFIG) with defaults of new symbols
#   make savedefconfig       minimal config to ./defconfig ($(O)/defconfig with O=)
#   make <name>_defconfig    $(KCONFIG_CONFIG) from configs/<name>_defconfig
#   make defconfig           same as tree_defconfig
#   make listnewconfig       symbols the .config does not set yet
#
# A build without $(KCONFIG_CONFIG) starts from configs/$(KCONFIG_DEFAULT).
# $(AUTOCONF) is regenerated whenever $(KCONFIG_CONFIG) or a Kconfig file
# changes, and every object depends on it, so the whole kernel rebuilds;
# symbols new in Kconfig get their defaults in $(KCONFIG_CONFIG) first.

KCONFIG_DEFAULT := tree_defconfig
KCONFIG_FILES := Kconfig $(filter-out linux/%,$(wildcard */Kconfig */*/Kconfig))
KCONFIG_PY := $(PYTHON) $(srctree)/scripts/kconfig.py
kconfig_env = KCONFIG_CONFIG=$(KCONFIG_CONFIG) KCONFIG=$(srctree)/Kconfig

# savedefconfig writes ./defconfig, or $(O)/defconfig when O= was given.
ifeq ($(origin O),command line)
SAVEDEFCONFIG_OUT := $(O)/defconfig
else
SAVEDEFCONFIG_OUT := defconfig
endif

# Goals that must not create a .config first (as Linux's no-dot-config-targets).
no-dot-config-goals := %_defconfig defconfig clean distclean help check check-% \
	test-scenario harness-test list-scenarios unit-test linux linux-%
ifneq ($(MAKECMDGOALS),)
ifeq ($(filter-out $(no-dot-config-goals),$(MAKECMDGOALS)),)
kconfig-no-dot-config := y
endif
endif

ifneq ($(kconfig-no-dot-config),y)
# No .config yet: start from the default, once. The top Makefile
# -includes $(KCONFIG_CONFIG), so make creates it here and restarts.
$(KCONFIG_CONFIG):
	@echo "*** $(KCONFIG_CONFIG) does not exist: using configs/$(KCONFIG_DEFAULT)" >&2
	@echo "*** (run 'make <name>_defconfig' or 'make menuconfig' to choose)" >&2
	$(Q)$(kconfig_env) $(KCONFIG_PY) defconfig configs/$(KCONFIG_DEFAULT)
endif

# syncconfig completes $(KCONFIG_CONFIG) with the defaults of symbols new
# in Kconfig, but the top Makefile has read it already for its object
# lists: a new symbol would reach the header and not the lists.  So the
# sync is the recipe of an included makefile: make runs it first, then
# restarts and reads the completed .config.
KCONFIG_SYNC := $(O)/include/generated/kconfig-sync.mk

ifneq ($(kconfig-no-dot-config),y)
-include $(KCONFIG_SYNC)
endif

$(KCONFIG_SYNC): $(KCONFIG_CONFIG) $(KCONFIG_FILES) scripts/kconfig.py
	$(Q)$(kconfig_env) $(KCONFIG_PY) syncconfig $(AUTOCONF)
	@echo "# $(KCONFIG_CONFIG) was synced with Kconfig" > $@
	@touch $(AUTOCONF)

# The header is newer than the sync stamp (objects depend on it).
$(AUTOCONF): $(KCONFIG_SYNC)
	@test -f $@ || { $(kconfig_env) $(KCONFIG_PY) syncconfig $@; }

# The .config built into the kernel for the shell's 'config' command
# (kernel_config_text[], declared in include/linux/kconfig.h).
KCONFIG_TEXT_O := $(O)/kernel/config_text.o
OBJS += $(KCONFIG_TEXT_O)

$(O)/kernel/config_text.c: $(KCONFIG_CONFIG) scripts/kconfig.py
	@mkdir -p $(dir $@)
	$(Q)$(kconfig_env) $(KCONFIG_PY) configtext $@

$(KCONFIG_TEXT_O): $(O)/kernel/config_text.c $(AUTOCONF)
	$(Q)$(CC) $(KCFLAGS) -c $< -o $@

.PHONY: menuconfig olddefconfig savedefconfig defconfig listnewconfig

menuconfig: $(KCONFIG_CONFIG)
	$(Q)$(kconfig_env) $(KCONFIG_PY) menuconfig

olddefconfig: $(KCONFIG_CONFIG)
	$(Q)$(kconfig_env) $(KCONFIG_PY) olddefconfig

listnewconfig: $(KCONFIG_CONFIG)
	$(Q)$(kconfig_env) $(KCONFIG_PY) listnewconfig

savedefconfig: $(KCONFIG_CONFIG)
	$(Q)$(kconfig_env) $(KCONFIG_PY) savedefconfig $(SAVEDEFCONFIG_OUT)

defconfig: $(KCONFIG_DEFAULT)

%_defconfig:
	@test -f configs/$@ || { echo "configs/$@: no such defconfig; have: $(notdir $(wildcard configs/*_defconfig))" >&2; exit 1; }
	$(Q)$(kconfig_env) $(KCONFIG_PY) defconfig configs/$@
