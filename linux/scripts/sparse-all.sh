#!/bin/bash
# sparse-all.sh [pristine] [series|touched] [table]: sparse over the whole x86-64
# defconfig build (every directory it compiles: vmlinux, modules, drivers
# included), for the pristine tree and for the patched tree, and the
# per-directory table of __rcu diagnostics before/after (unique and raw,
# counted by sparse-rcu.py as for kernel/).  Default: pristine, series,
# table.  "touched" checks the patched tree only where its output can
# differ (see below), for when a second whole run takes too long.
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
# Declarations whose type the series changes in headers (the touched step
# checks their users): pointers it marks __rcu and macros/inlines it
# changes that take or store __rcu links.
USERS_RE='\b(thread_pid|perf_event_ctxp|fa_next|nf_nat_ftp_hook|nf_nat_irc_hook|rb_link_node_rcu|__rb_change_child_rcu|hlists_swap_heads_rcu|hlist_bl_set_first_rcu|hlist_bl_first_rcu|signalfd_notify|i_acl|i_default_acl|cache_no_acl|stashed|path_from_stashed)\b'
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
	touched)
		# The patched tree, checked only where its sparse output can
		# differ from the pristine run's: all of kernel/ (the series'
		# scope), every other .c file that had an __rcu diagnostic (or
		# an address-space warning printed without types) before, every
		# .c file the series changes, and every .c file that uses a
		# declaration whose type the series changes in a header
		# ($USERS_RE).  A file outside this set reads the same
		# declarations as in the pristine tree, so its diagnostics are
		# those of the pristine run.
		[ -f "$out/all-pristine.log" ] || die "sparse-all: run the pristine step first"
		use_tree series
		"$LINUX_DIR/scripts/configure.sh" "$SRC" "$obj" defconfig
		objs=$( {
			"$LINUX_DIR/scripts/sparse-rcu.py" files "$out/all-pristine.log"
			git -C "$SRC" diff --name-only refs/tags/pristine refs/tags/series
			git -C "$SRC" grep -lE "$USERS_RE" -- '*.c'
		} | grep '\.c$' | grep -v '^kernel/' | sort -u | sed 's/\.c$/.o/' | while read -r o; do
			if [ -f "$obj/$o" ]; then echo "$o"; fi
		done)
		echo "$objs" > "$out/all-touched.objects"
		log "sparse-all: series tree, kernel/ and $(echo "$objs" | wc -l) objects outside it"
		t0=$(date +%s)
		# shellcheck disable=SC2086
		nice -n 10 make -k -C "$SRC" O="$obj" CC="$LINUX_CC" HOSTCC=gcc -j"$JOBS" \
			C=2 CHECK=sparse kernel/ $objs > "$out/all-touched.log" 2>&1 || true
		secs=$(( $(date +%s) - t0 ))
		nchecked=$(grep -c '^  CHECK   .*\.c$' "$out/all-touched.log" || true)
		echo "touched $secs s, $nchecked .c files checked" > "$out/all-touched.stats"
		log "sparse-all: touched took $secs s, $nchecked .c files checked"
		"$LINUX_DIR/scripts/sparse-rcu.py" list "$out/all-touched.log" > "$out/all-touched.list"
		;;
	table)
		# After: the whole-build log of the series step if there is one,
		# else the touched step's log (its set of files, see above).
		after=all-series
		[ -f "$out/all-series.log" ] || after=all-touched
		{
			cat "$out/all-pristine.stats" "$out/$after.stats"
			"$LINUX_DIR/scripts/sparse-rcu.py" dirtable "$out/all-pristine.log" "$out/$after.log" \
				"(x86-64 defconfig; before: whole build; after: $after)"
		} | tee "$out/all-table.txt"
		;;
	*) die "unknown step $step" ;;
	esac
done
use_tree series
