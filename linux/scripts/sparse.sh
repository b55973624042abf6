#!/bin/bash
# sparse.sh [small|defconfig]...: run sparse (make C=2 CHECK=sparse kernel/)
# on the pristine and on the patched tree and print the per-file table of
# __rcu diagnostics before/after.  Logs and tables go to build/linux/sparse/.
. "$(dirname "$0")/common.sh"
configs=${*:-small defconfig}
"$LINUX_DIR/scripts/prepare.sh"
out=$B/sparse
mkdir -p "$out"
for cfg in $configs; do
	for tree in pristine series; do
		src=$SRC
		use_tree "$tree"
		case $cfg in
		small)
			obj=$B/obj-$tree
			"$LINUX_DIR/scripts/configure.sh" "$src" "$obj" "$LINUX_DIR/config/rcuos.fragment" ;;
		defconfig)
			obj=$B/obj-$tree-defconfig
			"$LINUX_DIR/scripts/configure.sh" "$src" "$obj" defconfig ;;
		*) die "unknown config $cfg" ;;
		esac
		log "sparse: $cfg config, $tree tree"
		t0=$(date +%s)
		# C=2 checks every file, also those that need no recompilation.
		if ! kmake "$src" "$obj" C=2 CHECK=sparse kernel/ > "$out/$cfg-$tree.log" 2>&1; then
			tail -20 "$out/$cfg-$tree.log" >&2
			die "sparse build failed ($cfg, $tree)"
		fi
		log "sparse: $cfg $tree took $(( $(date +%s) - t0 )) s"
		"$LINUX_DIR/scripts/sparse-rcu.py" list "$out/$cfg-$tree.log" > "$out/$cfg-$tree.list"
	done
	"$LINUX_DIR/scripts/sparse-rcu.py" table "$out/$cfg-pristine.log" "$out/$cfg-series.log" \
		"($cfg config, kernel/)" | tee "$out/$cfg-table.txt"
done
use_tree series
