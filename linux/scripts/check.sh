#!/bin/bash
# check.sh: the checks of the Linux series.  One line per check on stdout,
# "PASS: <name> ...", "FAIL: <name> ..." or "SKIP: <name> (<why>)", also
# appended to build/check/results/linux.txt.  Exits 1 if any check fails.
# Details and logs: build/linux/check/.
# LINUX_CHECK_DEFCONFIG=0 skips the defconfig sparse run.
#
# LINUX_CHECK_FULL=1 (make linux-check-full) adds the checks whose result
# can only change when the pristine tree or the check scripts change, not
# when the series does: the pristine bzImage and its rcuscale oops, the
# NFC self-test, and sparse over all of the pristine kernel/ (without it,
# only a sample of pristine files, which must have __rcu diagnostics).
# LINUX_SERIES=all (make linux-check-all) checks every set; by default
# only the sets before the "# Outside kernel/" line of patches/series,
# which is what fits make check's time budget.
export LINUX_SERIES=${LINUX_SERIES:-kernel}
. "$(dirname "$0")/common.sh"
S=$LINUX_DIR/scripts
C=$B/check
mkdir -p "$C" "$RESULTS_DIR"
RES=$RESULTS_DIR/linux.txt
failed=0
T0=$(date +%s)
FULL=${LINUX_CHECK_FULL:-0}
echo "# linux-check$([ "$FULL" != 1 ] || echo -full) $(date -u +%FT%TZ) series=$(series_patches | wc -l) patches ($LINUX_SERIES sets)" >> "$RES"
report() {	# report PASS|FAIL|SKIP name detail
	local line="$1: $2${3:+ $3}"
	echo "$line"
	echo "$line" >> "$RES"
	[ "$1" != FAIL ] || failed=1
}
# CPU seconds (user+sys) of this shell's finished children: "times" must
# run in this shell, not in a $(...) subshell, which starts from zero.
cpu_mark() { times > "$C/.times"; }
cpu_secs() { tail -1 "$C/.times" | tr 'ms' '  ' | awk '{printf "%d", $1 * 60 + $2 + $3 * 60 + $4}'; }
timed() {	# timed NAME cmd...: run, log to $C/NAME.log, record the time
	local t0 c0 rc
	t0=$(date +%s)
	cpu_mark
	c0=$(cpu_secs)
	set +e
	"${@:2}" > "$C/$1.log" 2>&1
	rc=$?
	set -e
	cpu_mark
	echo "$1 $(( $(date +%s) - t0 ))s cpu=$(( $(cpu_secs) - c0 ))s rc=$rc load=$(cut -d' ' -f1 /proc/loadavg)" >> "$C/times.txt"
	return $rc
}
: > "$C/times.txt"

# 1. The series applies with git am on a fresh checkout of the pristine tree.
check_applies() {
	"$S/prepare.sh"
	local wt=$B/check-am n=0 p ok=1
	git -C "$PRISTINE" worktree remove -f "$wt" >/dev/null 2>&1 || rm -rf "$wt"
	git -C "$PRISTINE" worktree prune
	# A fresh worktree of the pristine tag, checked out sparsely (only the
	# files the series touches: git am needs nothing else), which saves
	# writing and deleting 80,000 files.
	git -C "$PRISTINE" worktree add -q --no-checkout --detach "$wt" refs/tags/pristine
	# shellcheck disable=SC2046
	git -C "$wt" sparse-checkout set --no-cone $(series_patches | xargs -r grep -h '^diff --git ' |
		sed 's|^diff --git a/\([^ ]*\) b/.*|/\1|' | sort -u)
	git -C "$wt" checkout -q --detach refs/tags/pristine
	# One git am for the whole series (one process; a split index, so
	# that each patch does not rewrite the whole index).
	# shellcheck disable=SC2046
	git -C "$wt" -c core.splitIndex=true -c user.name=check -c user.email=check@localhost \
		am -q $(series_patches) || ok=0
	n=$(git -C "$wt" rev-list --count refs/tags/pristine..HEAD)
	if [ "$ok" = 0 ] || [ "$n" != "$(series_patches | wc -l)" ]; then
		p=$(series_patches | sed -n "$((n + 1))p")
		echo "git am failed: $(basename "$p")"
		git -C "$PRISTINE" worktree remove -f "$wt"
		return 1
	fi
	echo "$n commits on top of pristine"
	git -C "$PRISTINE" worktree remove -f "$wt"
	echo "applied $n patches"
}
if timed applies check_applies; then
	report PASS linux-series-applies "($(tail -1 "$C/applies.log"))"
else
	report FAIL linux-series-applies "(see $C/applies.log)"
fi

# 2. checkpatch.pl --strict, the pristine tree's own script, on every patch
# (the cover letters are not patches and are not in the series).
# Tolerated messages:
# - AVOID_BUG on a line that keeps an existing BUG_ON() (an annotation
#   patch must not turn BUG_ON into WARN_ON: that would be a functional
#   change): tolerated only when the patch removes at least as many BUG
#   lines as it adds;
# - UNKNOWN_COMMIT_ID for a commit that a "Fixes:" line of the patch
#   names: the extracted tree has no upstream git history to look it up
#   in (checkpatch still checks the tag's form).
check_checkpatch() {
	local p bad=0 nbug nfix added removed id
	for p in $(series_patches); do
		"$SRC/scripts/checkpatch.pl" --strict --no-tree --show-types -q "$p" > "$C/checkpatch.tmp" 2>&1 || true
		cp "$C/checkpatch.tmp" "$C/checkpatch.rest"
		for id in $(sed -n 's/^Fixes: \([0-9a-f]\{12,40\}\) (.*/\1/p' "$p"); do
			grep -v "^WARNING:UNKNOWN_COMMIT_ID: Unknown commit id '$id'" "$C/checkpatch.rest" > "$C/checkpatch.rest2" || true
			mv "$C/checkpatch.rest2" "$C/checkpatch.rest"
		done
		nfix=$(( $(grep -c '^WARNING:UNKNOWN_COMMIT_ID:' "$C/checkpatch.tmp" || true) -
			$(grep -c '^WARNING:UNKNOWN_COMMIT_ID:' "$C/checkpatch.rest" || true) ))
		nbug=$(grep -c '^WARNING:AVOID_BUG:' "$C/checkpatch.rest" || true)
		added=$(grep -c '^+.*\bBUG\(_ON\)\?(' "$p" || true)
		removed=$(grep -c '^-.*\bBUG\(_ON\)\?(' "$p" || true)
		if [ "$(grep -v '^WARNING:AVOID_BUG:' "$C/checkpatch.rest" | grep -c '^\(ERROR\|WARNING\|CHECK\)')" -gt 0 ] ||
			{ [ "$nbug" -gt 0 ] && [ "$added" -gt "$removed" ]; }; then
			echo "NOT CLEAN: ${p#"$PATCHES"/}"; cat "$C/checkpatch.tmp"; bad=1
		elif [ "$nbug" -gt 0 ] || [ "$nfix" -gt 0 ]; then
			echo "clean: ${p#"$PATCHES"/} (tolerated: $nbug AVOID_BUG on kept BUG_ON lines; fixes-ids: $nfix UNKNOWN_COMMIT_ID of Fixes: tags)"
		else
			echo "clean: ${p#"$PATCHES"/}"
		fi
	done
	return $bad
}
if timed checkpatch check_checkpatch; then
	report PASS linux-checkpatch-strict "($(grep -c '^clean' "$C/checkpatch.log") patches clean; $(grep -o 'tolerated: [0-9]*' "$C/checkpatch.log" | awk '{s+=$2} END {print s+0}') AVOID_BUG warnings on kept BUG_ON lines, $(grep -o 'fixes-ids: [0-9]*' "$C/checkpatch.log" | awk '{s+=$2} END {print s+0}') unverifiable Fixes: ids)"
else
	report FAIL linux-checkpatch-strict "($(grep -c '^NOT CLEAN' "$C/checkpatch.log") patches not clean, see $C/checkpatch.log)"
fi

# 3. Full build of the patched tree (small config, PROVE_RCU etc. on).
if timed build-series "$S/build.sh" series; then
	report PASS linux-build "(bzImage of the series, small config)"
else
	report FAIL linux-build "(see $C/build-series.log)"
fi

# 4. sparse: __rcu diagnostics in kernel/ before and after the series, with
# the small config and x86-64 defconfig.  Runs before the bisect and NFC
# checks, which reuse the defconfig object directory (and ccache).
# "Before" is a sample of pristine files unless FULL (sparse.sh).
if [ "$FULL" = 1 ]; then
	export LINUX_SPARSE_BEFORE=full
else
	export LINUX_SPARSE_BEFORE=sample
fi
sparse_check() {	# sparse_check CONFIG
	local cfg=$1 before after what
	if ! timed "sparse-$cfg" "$S/sparse.sh" "$cfg"; then
		report FAIL "linux-sparse-$cfg" "(sparse run failed, see $C/sparse-$cfg.log)"
		return
	fi
	before=$(awk '/^TOTAL \(unique\)/ {print $3}' "$B/sparse/$cfg-table.txt")
	after=$(awk '/^TOTAL \(unique\)/ {print $4}' "$B/sparse/$cfg-table.txt")
	# The goal is zero after the series; "before" must be non-zero, or
	# the count itself would be suspect (sparse not run, filter broken).
	if [ "$LINUX_SPARSE_BEFORE" = full ]; then
		what="in kernel/: $before before, $after after"
	else
		what="$before before in the pristine sample (kernel/notifier.c cred.c pid.c), $after after in kernel/"
	fi
	if [ "$after" = 0 ] && [ "$before" -gt 0 ]; then
		report PASS "linux-sparse-$cfg" "(__rcu diagnostics: $what)"
	else
		report FAIL "linux-sparse-$cfg" "(__rcu diagnostics: $what)"
	fi
}
sparse_check small
if [ "${LINUX_CHECK_DEFCONFIG:-1}" = 0 ]; then
	report SKIP linux-sparse-defconfig "(LINUX_CHECK_DEFCONFIG=0)"
else
	sparse_check defconfig
fi

# 5. Bisectability: the touched objects build after every patch.
if timed bisect "$S/bisect.sh"; then
	report PASS linux-bisect "($(grep -c '^OK' "$C/bisect.log") patches: touched objects build after each)"
else
	report FAIL linux-bisect "($(grep '^FAIL' "$C/bisect.log" | head -3 | tr '\n' ';') see $C/bisect.log)"
fi

# 6. No functional change: objdump -d of every touched object identical,
# or different only through the RCU accessors' codegen (nfc.sh explains
# the rule; each accepted object is named with its functions, in a NOTE
# line that the summary does not count).
if timed nfc "$S/nfc.sh"; then
	report PASS linux-no-functional-change "($(tail -1 "$C/nfc.log" | sed 's/^nfc: //'))"
else
	report FAIL linux-no-functional-change "($(tail -1 "$C/nfc.log" | sed 's/^nfc: //'); $(grep -m3 '^DIFF' "$C/nfc.log" | cut -c1-200 | tr '\n' ' '))"
fi
grep '^ACCEPTED ' "$C/nfc.log" | sed 's/^ACCEPTED /NOTE: linux-no-functional-change accepted /' | tee -a "$RES" || true
# 6b. The NFC check still fails on real functional changes (mutations,
# some inside an accessor whose codegen difference it accepts).
if [ "$FULL" = 1 ]; then
	if timed nfc-selftest "$S/nfc-selftest.sh"; then
		report PASS linux-nfc-selftest "($(tail -1 "$C/nfc-selftest.log" | sed 's/^nfc self-test: //'))"
	else
		report FAIL linux-nfc-selftest "($(tail -1 "$C/nfc-selftest.log"); see $C/nfc-selftest.log)"
	fi
fi

# 6c. sparse over exactly the directories outside kernel/ that the whole
# series touches (every set, also when only the kernel/ sets are checked
# otherwise): no __rcu diagnostic may be left there.  It builds in the
# defconfig object directory of 4, so it runs after 5 and 6.
if [ "${LINUX_CHECK_DEFCONFIG:-1}" = 0 ]; then
	report SKIP linux-sparse-touched "(LINUX_CHECK_DEFCONFIG=0)"
elif timed sparse-touched "$S/sparse-touched.sh"; then
	what=$(tail -1 "$C/sparse-touched.log" | sed 's/^touched: *//')
	if tail -1 "$C/sparse-touched.log" | grep -q '^touched: [1-9][0-9]* directories, [1-9][0-9]* objects, 0 __rcu'; then
		report PASS linux-sparse-touched "(defconfig, the whole series' directories outside kernel/: $what)"
	else
		report FAIL linux-sparse-touched "(defconfig, the whole series' directories outside kernel/: $what; see $C/sparse-touched.log)"
	fi
else
	report FAIL linux-sparse-touched "(sparse run failed, see $C/sparse-touched.log)"
fi

# 7. Boot tests under QEMU TCG, 4 CPUs.
"$S/mkinitramfs.sh" "$B/initramfs-plain.cpio"
KS=$B/obj-series/arch/x86/boot/bzImage
# 7a. The test init, then rcutorture; the torture test powers the guest off.
timed boot-torture "$S/boot.sh" "$KS" "$B/initramfs-plain.cpio" "$C/boot-torture.console" 400 \
	"initcall_blacklist=rcu_scale_init,ref_scale_init rcutorture.torture_type=rcu rcutorture.shutdown_secs=45 rcutorture.stat_interval=15 rcuos.nomodule rcuos.wait" || true
L=$C/boot-torture.console
why=""
grep -q 'INIT: DONE 0 failures' "$L" || why="$why init-tests-failed"
grep -q 'End of test: SUCCESS' "$L" || why="$why no-torture-success"
grep -Eq "$SPLAT" "$L" && why="$why splat:$(grep -Em1 "$SPLAT" "$L" | tr -d '\r' | sed 's/^\[[^]]*\] //' | tr ' ' '_')"
secs=$(grep -m1 'End of test: SUCCESS' "$L" | sed 's/^\[ *\([0-9]*\).*/\1/')
if [ -z "$why" ]; then
	report PASS linux-boot-torture "(init: $(grep -c 'INIT: PASS' "$L") checks passed; rcutorture End of test: SUCCESS at ${secs}s; no splats)"
else
	report FAIL linux-boot-torture "(${why# }; see $L)"
fi

# 7b. The rcuscale invalid scale_type boot: oopses on pristine, clean after.
RS="initcall_blacklist=rcu_torture_init,ref_scale_init rcuscale.scale_type=bogus rcuscale.shutdown=0 rcuos.nomodule"
if [ "$FULL" != 1 ]; then
	:
elif timed build-pristine "$S/build.sh" pristine; then
	timed boot-rcuscale-pristine "$S/boot.sh" "$B/obj-pristine/arch/x86/boot/bzImage" \
		"$B/initramfs-plain.cpio" "$C/rcuscale-pristine.console" 120 "$RS" || true
	L=$C/rcuscale-pristine.console
	if grep -q 'invalid scale type' "$L" && grep -q 'BUG: kernel NULL pointer dereference' "$L" &&
		grep -q 'rcu_scale_cleanup' "$L" && ! grep -q 'INIT: DONE' "$L"; then
		report PASS linux-rcuscale-invalid-pristine-oopses "(pristine: NULL dereference in rcu_scale_cleanup, as expected)"
	else
		report FAIL linux-rcuscale-invalid-pristine-oopses "(expected the oops; see $L)"
	fi
else
	report FAIL linux-rcuscale-invalid-pristine-oopses "(pristine build failed, see $C/build-pristine.log)"
fi
timed boot-rcuscale-series "$S/boot.sh" "$KS" "$B/initramfs-plain.cpio" "$C/rcuscale-series.console" 120 "$RS" || true
L=$C/rcuscale-series.console
if grep -q 'invalid scale type' "$L" && grep -q 'INIT: DONE 0 failures' "$L" && ! grep -Eq "$SPLAT" "$L"; then
	report PASS linux-rcuscale-invalid-fixed "(series: invalid type reported, boot reaches init, no splat)"
else
	report FAIL linux-rcuscale-invalid-fixed "(see $L)"
fi

# 7c. The requirements module (KUnit) loaded by the test init: the suite
# rcuos builds in (tests/requirements/), so every case the source lists must
# report "ok N <name>" here under the same name as on rcuos.
REQ_SRC=$REPO_ROOT/tests/requirements/rcu_requirements.c
if [ -f "$LINUX_DIR/module/Makefile" ]; then
	if timed module "$S/build-module.sh"; then
		"$S/mkinitramfs.sh" "$B/initramfs-module.cpio" "$B/module/rcu_requirements.ko"
		timed boot-module "$S/boot.sh" "$KS" "$B/initramfs-module.cpio" "$C/boot-module.console" 300 \
			"initcall_blacklist=rcu_torture_init,rcu_scale_init,ref_scale_init" || true
		L=$C/boot-module.console
		nok=$(grep -c '    ok [0-9]' "$L" || true)
		nnok=$(grep -c 'not ok [0-9]' "$L" || true)
		# The splats fired on purpose must be in the log between their markers.
		between() { sed -n "/BEGIN INTENTIONAL SPLAT ($1)/,/END INTENTIONAL SPLAT ($1)/p" "$L"; }
		splats=0
		# grep -c, not grep -q: with pipefail, grep -q exiting early makes
		# sed die of SIGPIPE and the pipeline fail.
		[ "$(between PROVE_RCU | grep -c 'suspicious RCU usage')" -gt 0 ] && splats=$((splats + 1))
		[ "$(between DEBUG_OBJECTS_RCU_HEAD | grep -c 'ODEBUG: activate active.*object type: rcu_head')" -gt 0 ] &&
			splats=$((splats + 1))
		cases=$(sed -n 's/^[[:space:]]*KUNIT_CASE[A-Z_]*(\([A-Za-z0-9_]*\).*/\1/p' "$REQ_SRC")
		ncases=$(echo "$cases" | grep -c . || true)
		missing=
		for c in $cases; do
			grep -Eq "^\[[^]]*\] +ok [0-9]+ $c([^A-Za-z0-9_]|\$)" "$L" || missing="$missing $c"
		done
		if grep -q 'INIT: DONE 0 failures' "$L" && [ "$ncases" -gt 0 ] && [ -z "$missing" ] &&
			[ "$nnok" = 0 ] && [ "$splats" = 2 ] &&
			grep -Eq '^\[[^]]*\] ?ok [0-9]+ rcu_requirements' "$L"; then
			report PASS linux-requirements-module "($nok KUnit cases ok, the $ncases of tests/requirements/, 0 not ok; both intentional splats seen)"
		else
			report FAIL linux-requirements-module "($nok ok, $nnok not ok, missing:${missing:- none}, $splats/2 intentional splats; see $L)"
		fi
	else
		report FAIL linux-requirements-module "(module build failed, see $C/module.log)"
	fi
else
	report SKIP linux-requirements-module "(linux/module/ not written yet)"
fi
# 7d. The whole series, the sets outside kernel/ included (linux-check-all
# only): the small config plus networking and the filesystems those sets
# touch, the test init's "rcuos.outside" checks and rcutorture.
if [ "$LINUX_SERIES" = all ]; then
	if timed boot-all "$S/boot-all.sh"; then
		report PASS linux-boot-all "$(tail -1 "$C/boot-all.log" | sed 's/^PASS: linux-boot-all //')"
	else
		report FAIL linux-boot-all "($(tail -1 "$C/boot-all.log" | sed 's/^FAIL: linux-boot-all (//; s/)$//'); see $C/boot-all.log)"
	fi
fi
if [ "$FULL" != 1 ]; then
	echo "NOTE: linux-check-full only: linux-nfc-selftest, linux-rcuscale-invalid-pristine-oopses, sparse over all of the pristine kernel/ (make linux-check-full)" |
		tee -a "$RES"
fi
use_tree series
cpu_mark
echo "total $(( $(date +%s) - T0 ))s cpu=$(cpu_secs)s" >> "$C/times.txt"
echo "# linux-check$([ "$FULL" != 1 ] || echo -full) took $(( $(date +%s) - T0 )) s (CPU $(cpu_secs) s)" >> "$RES"
log "linux-check took $(( $(date +%s) - T0 )) s, $(cpu_secs) s of CPU; stage times in $C/times.txt"
exit $failed
