#!/bin/bash
# build-module.sh: build linux/module/ (the KUnit requirements module) with
# make M= against the patched tree's small-config build.  The module's
# source is tests/requirements/ (the same suite rcuos builds in); it is
# copied with linux/module/Makefile to build/linux/module so that no build
# output lands in the repository.  The module is only ever loaded inside
# QEMU, by the test init.
. "$(dirname "$0")/common.sh"
obj=$B/obj-series
[ -f "$obj/Module.symvers" ] || [ -f "$obj/vmlinux" ] || "$LINUX_DIR/scripts/build.sh" series
use_tree series
# Module.symvers (exported symbols of vmlinux) comes from "make modules".
[ -f "$obj/Module.symvers" ] || kmake "$SRC" "$obj" modules
rm -rf "$B/module"
mkdir -p "$B/module"
cp "$LINUX_DIR/module/Makefile" "$REPO_ROOT/tests/requirements/"*.[ch] "$B/module/"
kmake "$SRC" "$obj" M="$B/module" W=1 modules
ls -l "$B/module/rcu_requirements.ko"
