#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""summary.py RESULTS_DIR: the end of make check.

Reads the 'PASS: name', 'FAIL: name ...' and 'SKIP: name (why)' lines of
every RESULTS_DIR/*.txt, lists the failures, and prints as its last line
'N passed, N failed' (plus ', N skipped' when there are skips).
Exit status 1 when anything failed.
"""

import glob
import os
import sys


def main(argv):
    if len(argv) != 2:
        sys.exit(__doc__)
    counts = {"PASS": 0, "FAIL": 0, "SKIP": 0}
    failures, skips = [], []
    for path in sorted(glob.glob(os.path.join(argv[1], "*.txt"))):
        with open(path, errors="replace") as f:
            for line in f:
                tag, sep, rest = line.rstrip("\n").partition(": ")
                if not sep or tag not in counts:
                    continue
                counts[tag] += 1
                if tag == "FAIL":
                    failures.append(rest)
                elif tag == "SKIP":
                    skips.append(rest)
    print()
    if skips:
        print("Skipped:")
        for s in skips:
            print("  " + s)
    if failures:
        print("Failures:")
        for s in failures:
            print("  " + s)
    last = "%d passed, %d failed" % (counts["PASS"], counts["FAIL"])
    if counts["SKIP"]:
        last += ", %d skipped" % counts["SKIP"]
    sys.stdout.flush()
    print(last)
    return 1 if counts["FAIL"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
