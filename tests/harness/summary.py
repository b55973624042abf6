#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""summary.py [--times TIMES] RESULTS_DIR: the end of make check.

Reads the 'PASS: name', 'FAIL: name ...' and 'SKIP: name (why)' lines of
every RESULTS_DIR/*.txt, lists the failures, and prints as its last line
'N passed, N failed' (plus ', N skipped' when there are skips).
Exit status 1 when anything failed.  With --times, first prints the
wall time of each step from TIMES (lines 'step seconds'), and of the Linux
checks' stages when build/linux/check/times.txt is beside it.
"""

import glob
import os
import sys
import time


def print_times(path):
    """Print 'time: step N s' lines and the total, from the file at path;
    return the total."""
    try:
        with open(path, errors="replace") as f:
            rows = [l.split() for l in f if len(l.split()) >= 2]
    except OSError:
        return 0
    total = 0
    for name, secs in ((r[0], r[1]) for r in rows):
        if not secs.isdigit():
            continue
        total += int(secs)
        print("time: %-22s %5d s" % (name, int(secs)))
    print("time: %-22s %5d s (%d min)" % ("all steps", total, (total + 30) // 60))
    return total


def print_linux_times(path, since):
    """Print the Linux checks' stage times (linux/scripts/check.sh's), if
    that file was written after the time since (not a stale one)."""
    try:
        if os.path.getmtime(path) < since:
            return
        with open(path, errors="replace") as f:
            rows = [l.split() for l in f]
    except OSError:
        return
    for r in rows:
        if len(r) >= 2 and r[1].endswith("s") and r[1][:-1].isdigit():
            print("time:   linux %-16s %5d s" % (r[0], int(r[1][:-1])))


def main(argv):
    times = None
    if len(argv) >= 3 and argv[1] == "--times":
        times = argv[2]
        argv = argv[:1] + argv[3:]
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
    if times:
        total = print_times(times)
        print_linux_times(os.path.join(os.path.dirname(os.path.abspath(argv[1])),
                                       "..", "linux", "check", "times.txt"),
                          time.time() - total - 60)
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
