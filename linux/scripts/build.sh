#!/bin/bash
# build.sh [pristine|series|nfc-base]...: prepare the trees, configure the
# small config and build bzImage out of tree in build/linux/obj-<tree>
# (default: series).  Leaves the source checkout at the series.
. "$(dirname "$0")/common.sh"
"$LINUX_DIR/scripts/prepare.sh"
for tree in ${*:-series}; do
	obj=$B/obj-$tree
	use_tree "$tree"
	"$LINUX_DIR/scripts/configure.sh" "$SRC" "$obj" "$LINUX_DIR/config/rcuos.fragment"
	log "building bzImage ($tree) in $obj with CC='$LINUX_CC'"
	t0=$(date +%s)
	kmake "$SRC" "$obj" bzImage
	log "bzImage ($tree) built in $(( $(date +%s) - t0 )) s: $obj/arch/x86/boot/bzImage"
done
use_tree series
