#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# check-preempt.sh BUILD_DIR: preemptible RCU's reader fast path has no
# atomic, no fence, no interrupt or preemption disabling and no backward
# branch (tests/codegen/fastpath.py's rules), in
#   1. __rcu_read_lock() and __rcu_read_unlock() of BUILD_DIR's built
#      rcu/tree_preempt.o (the out-of-line copies of the inline fast path);
#   2. tests/codegen/reader_preempt.c's readers, the fast path inlined,
#      compiled with BUILD_DIR's autoconf.h;
#   3. self-test: each forbidden construct planted in the readers
#      (reader_preempt.c's CODEGEN_BREAK) must be flagged, and so must
#      readers that do not visibly touch the current task.
# Meaningful for a CONFIG_PREEMPT_RCU configuration without PROVE_RCU
# (bench_preempt); exits 0 with a SKIP line for others.
set -euo pipefail
build=${1:?usage: check-preempt.sh BUILD_DIR}
top=$(cd "$(dirname "$0")/../.." && pwd)
conf=$build/include/generated/autoconf.h
fastpath=$top/tests/codegen/fastpath.py
[ -f "$conf" ] || { echo "check-preempt.sh: $conf missing (build $build first)" >&2; exit 2; }
if ! grep -q 'define CONFIG_PREEMPT_RCU 1' "$conf" || grep -q 'define CONFIG_PROVE_RCU 1' "$conf"; then
	echo "SKIP: codegen-preempt: $build is not PREEMPT_RCU or has PROVE_RCU"
	exit 0
fi
. "$top/tests/codegen/cc.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
readers=(reader_lock reader_deref reader_nested reader_two)

# 1. The built object.
o=$build/rcu/tree_preempt.o
if [ -f "$o" ]; then
	objdump -dr --no-show-raw-insn "$o" |
		python3 "$fastpath" --label codegen-preempt:tree_preempt.o \
			--no-slow-path-for __rcu_read_lock __rcu_read_lock __rcu_read_unlock || fail=1
else
	echo "FAIL: codegen-preempt:tree_preempt.o: $o missing (build $build first)"
	fail=1
fi

# 2. The inlined readers.
codegen_cc "$build" "$top/tests/codegen/reader_preempt.c" "$tmp/reader.o"
objdump -dr --no-show-raw-insn "$tmp/reader.o" > "$tmp/reader.dis"
python3 "$fastpath" --label codegen-preempt:reader "${readers[@]}" < "$tmp/reader.dis" || fail=1

# 3. The check fails when it should: one planted construct at a time.
rules=(- preempt atomic atomic atomic barrier irq loop call)
what=(- preempt_disable lock-inc xchg smp_mb mb local_irq_save loop call)
for n in $(seq 1 $((${#rules[@]} - 1))); do
	codegen_cc "$build" "$top/tests/codegen/reader_preempt.c" "$tmp/break$n.o" -DCODEGEN_BREAK=$n
	objdump -dr --no-show-raw-insn "$tmp/break$n.o" |
		python3 "$fastpath" --label "codegen-preempt:self-test:${what[$n]}" \
			--expect-fail "${rules[$n]}" "${readers[@]}" || fail=1
done
# ... and it cannot pass vacuously: without the relocations, no reader
# reads current_task.
sed '/R_X86_64_/d' "$tmp/reader.dis" |
	python3 "$fastpath" --label codegen-preempt:self-test:no-current-task \
		--expect-fail vacuous "${readers[@]}" || fail=1
exit $fail
