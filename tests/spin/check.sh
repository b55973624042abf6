#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# check.sh [MODEL...]: model-check the RCU protocols in tests/spin with spin.
#
# For each model (default: gp dyntick exp preempt srcu):
#   spin:MODEL         the model as written must verify: exhaustive search,
#                      0 errors, not cut short by the depth limit or memory
#   spin:MODEL-busted  the model with -DBUSTED (one planted bug) and
#                      -DCORE_ONLY (only the grace-period assertion) must
#                      be rejected: errors > 0; the shortest counterexample
#                      (breadth-first search) is replayed and summarised
# Prints 'PASS: spin:<name> (...)' or 'FAIL: spin:<name> (...)' per check;
# exits non-zero if any failed.  SPIN_KEEP=DIR keeps the work files
# (pan sources, trails) in DIR instead of a temporary directory.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
models=("$@")
[ ${#models[@]} -gt 0 ] || models=(gp dyntick exp preempt srcu)

for tool in spin gcc; do
	if ! command -v $tool >/dev/null; then
		echo "FAIL: spin ($tool not found: scripts/ensure-packages check installs it)"
		exit 1
	fi
done

if [ -n "${SPIN_KEEP:-}" ]; then
	work=$SPIN_KEEP
	mkdir -p "$work"
else
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
fi

failed=0
# seconds since date +%s%N printed $1, one decimal
secs() { local ms=$((($(date +%s%N) - $1) / 1000000)); echo "$((ms / 1000)).$((ms % 1000 / 100))"; }
pass() { echo "PASS: spin:$1 ($2)"; }
fail() { echo "FAIL: spin:$1 ($2)"; failed=1; }

# build NAME MODEL SPINFLAGS CFLAGS: a pan for MODEL in $work/NAME
build() {
	local d=$work/$1
	rm -rf "$d" && mkdir -p "$d" && cp "$here/$2.pml" "$d/" || return 1
	(cd "$d" && spin $3 -a "$2.pml" && gcc -O2 -w $4 -o pan pan.c)
}

for m in "${models[@]}"; do
	if [ ! -f "$here/$m.pml" ]; then
		fail "$m" "no model $here/$m.pml"
		continue
	fi

	# The model as written: every state, no error.
	t0=$(date +%s%N)
	if ! build "$m" "$m" "" "-DSAFETY -DMEMLIM=2048" >"$work/$m.build" 2>&1; then
		cat "$work/$m.build"
		fail "$m" "spin -a or gcc failed"
	else
		(cd "$work/$m" && ./pan -m500000) >"$work/$m.out" 2>&1
		t=$(secs "$t0")
		cat "$work/$m.out"
		states=$(sed -n 's/^ *\([0-9][0-9e+.]*\) states, stored$/\1/p' "$work/$m.out")
		if ! grep -q 'errors: 0$' "$work/$m.out"; then
			fail "$m" "errors found, see the trail"
		elif grep -qiE 'search not completed|max search depth too small|out of memory|memory limit' "$work/$m.out"; then
			fail "$m" "search not exhaustive"
		elif [ -z "$states" ]; then
			fail "$m" "no result from pan"
		else
			pass "$m" "0 errors, $states states, $t s"
		fi
	fi

	# The busted variant: the shortest counterexample.
	t0=$(date +%s%N)
	b=$m-busted
	if ! build "$b" "$m" "-DBUSTED -DCORE_ONLY" "-DSAFETY -DBFS -DMEMLIM=2048" \
		>"$work/$b.build" 2>&1; then
		cat "$work/$b.build"
		fail "$b" "spin -a or gcc failed"
		continue
	fi
	(cd "$work/$b" && ./pan) >"$work/$b.out" 2>&1
	t=$(secs "$t0")
	cat "$work/$b.out"
	n=$(sed -n 's/.*errors: \([0-9]*\)$/\1/p' "$work/$b.out")
	if [ -z "$n" ] || [ "$n" = 0 ]; then
		fail "$b" "the planted bug was not found"
		continue
	fi
	(cd "$work/$b" && spin -DBUSTED -DCORE_ONLY -t -p "$m.pml") >"$work/$b.trail.txt" 2>&1
	what=$(grep -m1 '^spin: text of failed assertion' "$work/$b.trail.txt" |
		sed 's/^spin: text of failed assertion: //')
	steps=$(sed -n 's/^spin: trail ends after \([0-9]*\) steps$/\1/p' "$work/$b.trail.txt")
	where=$(grep -m1 '^spin: .*Error: ' "$work/$b.trail.txt" | sed 's/^spin: \([^,]*\),.*/\1/')
	echo "counterexample for $b: $what at $where after ${steps:-?} steps:"
	grep -E '^ *[0-9]+:' "$work/$b.trail.txt" | grep -v ':init:' || true
	pass "$b" "$n error: ${what:-?} at ${where:-?}, trail of ${steps:-?} steps, $t s"
done
exit $failed
