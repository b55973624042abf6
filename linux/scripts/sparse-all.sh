#!/bin/bash
# sparse-all.sh [pristine] [series] [table]: sparse over the whole x86-64
# defconfig build (every directory it compiles: vmlinux, modules, drivers
# included), for the pristine tree and for the patched tree, and the
# per-directory table of __rcu diagnostics before/after (unique and raw,
# counted by sparse-rcu.py as for kernel/).  Default: all three steps.
# Logs and tables go to build/linux/sparse/ (all-*.log, all-*.list,
# all-table.txt).  Runs on demand (make linux-sparse-all), not in checks.
#
# Both runs use one object directory, build/linux/obj-sparse-all, and
# "make -k C=2 CHECK=sparse" of the default target (vmlinux, modules,
# bzImage), so kbuild runs its checker command (cmd_force_checksrc: sparse
# with the kernel's CHECKFLAGS and each file's c_flags) on every .c file
# that the build compiles.  The compiler is scripts/sparse-cc.sh: the
# compilation of .c files is skipped (stub objects; assembly, -S and the
# compiler probes use GCC), which makes a run about six times cheaper.
# What the stubs cannot build is not checked in either tree: the files
# generated from linked objects (the vDSO images) and the final links;
# the number of .c files checked is printed for both trees.
. "$(dirname "$0")/common.sh"
steps=${*:-pristine series table}
"$LINUX_DIR/scripts/prepare.sh"
out=$B/sparse
obj=$B/obj-sparse-all
mkdir -p "$out" "$obj"
export SPARSE_CC_REAL="$LINUX_CC" SPARSE_CC_EMPTY=$obj/.sparse-cc-empty.o
[ -f "$SPARSE_CC_EMPTY" ] || gcc -c -x c /dev/null -o "$SPARSE_CC_EMPTY"
export LINUX_CC=$LINUX_DIR/scripts/sparse-cc.sh
for step in $steps; do
	case $step in
	pristine|series)
		use_tree "$step"
		"$LINUX_DIR/scripts/configure.sh" "$SRC" "$obj" defconfig
		log "sparse-all: $step tree, whole x86-64 defconfig build in $obj"
		t0=$(date +%s)
		# -k: the links of stub objects fail; everything else goes on.
		nice -n 10 make -k -C "$SRC" O="$obj" CC="$LINUX_CC" HOSTCC=gcc -j"$JOBS" \
			C=2 CHECK=sparse > "$out/all-$step.log" 2>&1 || true
		secs=$(( $(date +%s) - t0 ))
		nchecked=$(grep -c '^  CHECK   .*\.c$' "$out/all-$step.log" || true)
		log "sparse-all: $step took $secs s, $nchecked .c files checked"
		echo "$step $secs s, $nchecked .c files checked" > "$out/all-$step.stats"
		[ "$nchecked" -gt 1000 ] || die "sparse-all: only $nchecked files checked, see $out/all-$step.log"
		"$LINUX_DIR/scripts/sparse-rcu.py" list "$out/all-$step.log" > "$out/all-$step.list"
		;;
	table)
		{
			cat "$out/all-pristine.stats" "$out/all-series.stats"
			"$LINUX_DIR/scripts/sparse-rcu.py" dirtable "$out/all-pristine.log" "$out/all-series.log" \
				"(x86-64 defconfig, whole build)"
		} | tee "$out/all-table.txt"
		;;
	*) die "unknown step $step" ;;
	esac
done
use_tree series
