#!/bin/bash
# sparse.sh [small|defconfig]...: run sparse (make C=2 CHECK=sparse kernel/)
# on the pristine and on the patched tree and print the per-file table of
# __rcu diagnostics before/after.  Logs and tables go to build/linux/sparse/.
#
# LINUX_SPARSE_BEFORE=sample: the pristine tree is checked only in
# $SPARSE_SAMPLE (files known to have __rcu diagnostics before the series),
# in the series' own object directory, instead of all of kernel/ in a
# directory of its own.  The "before" count of all of kernel/ never changes
# (the pristine tree does not); the sample still shows that sparse runs and
# that the filter sees the diagnostics.  The "after" run is always kernel/.
. "$(dirname "$0")/common.sh"
configs=${*:-small defconfig}
before=${LINUX_SPARSE_BEFORE:-full}
SPARSE_SAMPLE="kernel/notifier.o kernel/cred.o kernel/pid.o"
"$LINUX_DIR/scripts/prepare.sh"
out=$B/sparse
mkdir -p "$out"
for cfg in $configs; do
	case $cfg in
	small) sfx=""; cfgargs=("$LINUX_DIR/config/rcuos.fragment") ;;
	defconfig) sfx=-defconfig; cfgargs=(defconfig) ;;
	*) die "unknown config $cfg" ;;
	esac
	for tree in pristine series; do
		use_tree "$tree"
		obj=$B/obj-$tree$sfx targets=kernel/ name=$cfg-$tree
		if [ "$tree" = pristine ] && [ "$before" = sample ]; then
			obj=$B/obj-series$sfx targets=$SPARSE_SAMPLE name=$cfg-pristine-sample
		fi
		"$LINUX_DIR/scripts/configure.sh" "$SRC" "$obj" "${cfgargs[@]}"
		log "sparse: $cfg config, $tree tree ($targets)"
		t0=$(date +%s)
		rm -f "$obj/$KERNEL_BUILT"
		# C=2 checks every file, also those that need no recompilation.
		# shellcheck disable=SC2086
		if ! kmake "$SRC" "$obj" C=2 CHECK=sparse $targets > "$out/$name.log" 2>&1; then
			tail -20 "$out/$name.log" >&2
			die "sparse build failed ($cfg, $tree)"
		fi
		[ "$targets" != kernel/ ] || kernel_built_mark "$obj"
		log "sparse: $cfg $tree took $(( $(date +%s) - t0 )) s"
		"$LINUX_DIR/scripts/sparse-rcu.py" list "$out/$name.log" > "$out/$name.list"
	done
	if [ "$before" = sample ]; then
		"$LINUX_DIR/scripts/sparse-rcu.py" table "$out/$cfg-pristine-sample.log" "$out/$cfg-series.log" \
			"($cfg config; before: pristine ${SPARSE_SAMPLE//.o/.c} only; after: kernel/)"
	else
		"$LINUX_DIR/scripts/sparse-rcu.py" table "$out/$cfg-pristine.log" "$out/$cfg-series.log" \
			"($cfg config, kernel/)"
	fi | tee "$out/$cfg-table.txt"
done
use_tree series
