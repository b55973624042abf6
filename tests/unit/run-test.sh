#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run-test.sh BINARY NAME RESULTS
#
# Run one ktest binary, show its KTAP output, and append one line per case
# to RESULTS: "PASS: unit/NAME/CASE" or "FAIL: unit/NAME/CASE".  A binary
# that crashes, exits non-zero with no failed case, or reports fewer cases
# than its plan adds "FAIL: unit/NAME".  Exits non-zero on any failure.
set -u
bin=$1 name=$2 results=$3
log=$bin.log

timeout 300 "$bin" > "$log" 2>&1
rc=$?
cat "$log"

awk -v name="$name" -v rc="$rc" '
	/^1\.\.[0-9]+$/ && !plan { plan = substr($0, 4) + 0 }
	/^ok [0-9]+ / { print "PASS: unit/" name "/" $3; n++ }
	/^not ok [0-9]+ / { print "FAIL: unit/" name "/" $4; n++; bad++ }
	END {
		if (rc != 0 && !bad)
			print "FAIL: unit/" name
		else if (n != plan || n == 0)
			print "FAIL: unit/" name
	}' "$log" >> "$results"

if grep -q "^FAIL: unit/$name\(/\|\$\)" "$results"; then
	echo "# unit/$name: FAILED (exit status $rc)"
	exit 1
fi
exit 0
