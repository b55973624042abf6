#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/bench/linux-recheck.sh [OUT]: run Linux's own parsers,
# tools/testing/selftests/rcutorture/bin/kvm-recheck-refscale.sh and
# kvm-recheck-rcuscale.sh (their awk programs, taken at run time from the
# extracted tree in build/linux-bench/src), over both kernels' logs of
# "make bench" in OUT/logs (default build/bench), the preemptible pair's
# too if it ran: the proof that one parser reads rcuos's and Linux's
# refscale/rcuscale output.  Needs gawk.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${1:-$ROOT/build/bench}
BIN=$ROOT/build/linux-bench/src/tools/testing/selftests/rcutorture/bin
command -v gawk >/dev/null || { echo "linux-recheck: gawk is missing: apt-get install gawk" >&2; exit 1; }
[ -d "$BIN" ] || { echo "linux-recheck: no $BIN (run make bench first)" >&2; exit 1; }
# The awk program of a kvm-recheck script: the single-quoted text after "awk".
prog() {
	python3 -c 'import sys; t = open(sys.argv[1]).read(); i = t.index("awk ", t.index("sed -e")); print(t[t.index(chr(39), i) + 1:t.rindex(chr(39))])' "$1"
}
strip() { sed -e 's/^\[[^]]*]//' < "$1" | tr -d '\015'; }
# Only the lines of the scale_type=rcu rcuscale run with gp_exp=$2 (an
# rcuos log also has the SRCU runs).
rcuscale_part() {
	strip "$1" | awk -v want="gp_exp=$2" '/-scale: ?--- Start of test/ {
		on = index($0, want " ") > 0 && $0 ~ /^ *rcu-scale: ?--- Start/ } on'
}
# Only the lines of the scale_type=rcu refscale run.
refscale_part() {
	strip "$1" | awk '/-ref-scale: --- Start of test/ { on = $0 ~ /^ *rcu-ref-scale: / } on'
}
ref=$(prog "$BIN/kvm-recheck-refscale.sh")
rcu=$(prog "$BIN/kvm-recheck-rcuscale.sh")
for k in rcuos linux rcuos-preempt linux-preempt; do
	case $k in
	rcuos*) r=$OUT/logs/$k.log; n=$r; e=$r ;;
	*) r=$OUT/logs/$k-refscale.log; n=$OUT/logs/$k-rcuscale.log; e=$OUT/logs/$k-rcuscale-exp.log ;;
	esac
	# The preemptible pair is optional.
	case $k in *-preempt) [ -f "$r" ] || continue ;; esac
	echo "=== $k: kvm-recheck-refscale.sh"
	refscale_part "$r" | gawk -v configfile="$k" "$ref" | grep -v '^Points:'
	echo "=== $k: kvm-recheck-rcuscale.sh, gp_exp=0"
	rcuscale_part "$n" 0 | gawk "$rcu" | grep -v '^[0-9.]* [0-9]*$'
	echo "=== $k: kvm-recheck-rcuscale.sh, gp_exp=1"
	rcuscale_part "$e" 1 | gawk "$rcu" | grep -v '^[0-9.]* [0-9]*$'
done
