#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# check.sh BUILD_DIR: compile tests/codegen/reader.c with the kernel's flags
# and BUILD_DIR's autoconf.h, then require that every reader_X function's
# instructions equal plain_X's (addresses and symbol names normalised).
# Meaningful for a non-preemptible configuration without PROVE_RCU (the
# bench config); exits 0 with a SKIP line for others.  reader.c includes
# the RCU tracepoints' and the profiler's headers: if BUILD_DIR has
# CONFIG_RCU_TRACE or CONFIG_PROFILING off, the check runs a second time
# with both forced on, so the readers are shown unchanged with tracing
# compiled in either way.
set -euo pipefail
build=${1:?usage: check.sh BUILD_DIR}
top=$(cd "$(dirname "$0")/../.." && pwd)
conf=$build/include/generated/autoconf.h
[ -f "$conf" ] || { echo "check.sh: $conf missing (build $build first)" >&2; exit 2; }
if grep -qE 'define CONFIG_(PREEMPT|PROVE_RCU) 1' "$conf"; then
	echo "SKIP: codegen: $build is preemptible or has PROVE_RCU"
	exit 0
fi
obj=$(mktemp --suffix=.o)
trap 'rm -f "$obj"' EXIT
. "$top/tests/codegen/cc.sh"

# Compare each reader_X with plain_X: instructions with branch targets made
# relative to the function start and symbol names dropped.  An empty
# function counts as a failure, so the check cannot pass vacuously.
compare() {	# compare LABEL: the readers of $obj against the plain twins
objdump -d --no-show-raw-insn "$obj" | LABEL=$1 python3 -c '
import os, re, sys
label = os.environ["LABEL"]
funcs, cur = {}, None
for line in sys.stdin:
    m = re.match(r"^([0-9a-f]+) <(\w+)>:$", line)
    if m:
        cur = m.group(2); funcs[cur] = (int(m.group(1), 16), []); continue
    m = re.match(r"^\s*([0-9a-f]+):\s+(.*)$", line)
    if not m or cur is None:
        continue
    ins = re.sub(r"\s*<[^>]*>", "", m.group(2)).split("#")[0].split()
    if ins and ins[0].startswith("j") and len(ins) > 1 and re.fullmatch(r"[0-9a-f]+", ins[1]):
        ins[1] = "+%d" % (int(ins[1], 16) - funcs[cur][0])
    if ins and not any("nop" in w for w in ins):  # alignment padding
        funcs[cur][1].append(" ".join(ins))
fail = 0
for name in ("lock", "deref", "nested"):
    r, p = funcs["reader_" + name][1], funcs["plain_" + name][1]
    if r == p and r:
        print("PASS: codegen: reader_%s is identical to plain_%s (%d instructions%s)" % (name, name, len(r), label))
    else:
        print("FAIL: codegen: reader_%s (%d instructions) differs from plain_%s (%d%s)" % (name, len(r), name, len(p), label))
        for a in r: print("    reader: " + a)
        for a in p: print("    plain:  " + a)
        fail = 1
sys.exit(fail)
'
}

fail=0
traced=", RCU_TRACE and PROFILING as configured"
if grep -q 'define CONFIG_RCU_TRACE 1' "$conf" && grep -q 'define CONFIG_PROFILING 1' "$conf"; then
	traced=", RCU_TRACE and PROFILING compiled in"
fi
codegen_cc "$build" "$top/tests/codegen/reader.c" "$obj"
compare "$traced" || fail=1
if [ "$traced" != ", RCU_TRACE and PROFILING compiled in" ]; then
	codegen_cc "$build" "$top/tests/codegen/reader.c" "$obj" -DCONFIG_RCU_TRACE=1 -DCONFIG_PROFILING=1
	compare ", RCU_TRACE and PROFILING forced in" || fail=1
fi
exit $fail
