#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Soak: run the scenarios of tests/scenarios back to back for hours.

  soak.py --hours H [--match REGEX] [--cfg-root build/cfg] [--out build/soak]

Runs the scenarios one at a time in rotation (sorted by name, those whose
name matches --match; all by default) until --hours have passed: the
scenario under way when time runs out finishes, no new one starts.  Each
run is judged as make check judges it (scenario.py, boot.py); a failing
run's log is kept as OUT/fail/NAME-RUN.log.  SIGTERM ends the soak
after the scenario under way.  At the end (or on Ctrl-C, at once) it
prints a table: scenario, runs, failures, the first failure's log, and a
last line 'soak: N runs in T, N failed'.  Exit status 1 if any run failed.
The kernels must be built (make check-build; make soak does it).
"""

import sys
sys.dont_write_bytecode = True   # no __pycache__ in the source tree
import argparse
import os
import re
import shutil
import signal
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import scenario  # noqa: E402


def hms(s):
    s = int(s)
    return "%d:%02d:%02d" % (s // 3600, s // 60 % 60, s % 60)


def table(stats, order):
    rows = [("scenario", "runs", "failures", "first failure")]
    for name in order:
        st = stats[name]
        rows.append((name, str(st["runs"]), str(st["fails"]), st["first"] or "-"))
    w = [max(len(r[i]) for r in rows) for i in range(3)]
    out = []
    for r in rows:
        out.append("%-*s  %*s  %*s  %s" % (w[0], r[0], w[1], r[1], w[2], r[2], r[3]))
    return "\n".join(out)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hours", type=float, required=True)
    p.add_argument("--match", default="", help="only scenarios whose name matches")
    p.add_argument("--cfg-root", default="build/cfg")
    p.add_argument("--out", default="build/soak")
    args = p.parse_args(argv)

    names = [n for n in scenario.all_names() if re.search(args.match, n)]
    if not names:
        print("soak: no scenario matches /%s/" % args.match)
        return 1
    scens = [scenario.load(scenario.find(n)) for n in names]
    faildir = os.path.join(args.out, "fail")
    os.makedirs(faildir, exist_ok=True)
    stats = {s.name: dict(runs=0, fails=0, first=None) for s in scens}
    t0 = time.monotonic()
    budget = args.hours * 3600
    total = failed = 0
    stop = []
    signal.signal(signal.SIGTERM, lambda sig, frame: stop.append(sig))
    print("soak: %d scenarios in rotation for %s (logs: %s)" % (
        len(scens), hms(budget), args.out), flush=True)
    try:
        i = 0
        while time.monotonic() - t0 < budget and not stop:
            s = scens[i % len(scens)]
            i += 1
            st = stats[s.name]
            t1 = time.monotonic()
            ok, text = scenario.run_one(s, args.cfg_root, args.out, False)
            st["runs"] += 1
            total += 1
            verdict = "PASS"
            if not ok:
                failed += 1
                st["fails"] += 1
                verdict = "FAIL"
                log = os.path.join(args.out, "logs", s.name + ".log")
                keep = os.path.join(faildir, "%s-%d.log" % (s.name, st["runs"]))
                if os.path.exists(log):
                    shutil.copyfile(log, keep)
                if not st["first"]:
                    st["first"] = keep
                sys.stdout.write(text)
            print("soak: [%s] run %d: %s %s (%.0f s)" % (
                hms(time.monotonic() - t0), total, s.name, verdict,
                time.monotonic() - t1), flush=True)
    except KeyboardInterrupt:
        stop.append(signal.SIGINT)
    if stop:
        print("soak: stopped by %s" % signal.Signals(stop[0]).name)
    print(table(stats, [s.name for s in scens]))
    print("soak: %d runs in %s, %d failed" % (total, hms(time.monotonic() - t0), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
