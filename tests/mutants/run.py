#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Run the planted bugs of tests/mutants/mutants.py against their checks.

For each mutant: copy of the tree with the one replacement, incremental
build of each check's defconfig, each check booted RUNS times; a check
"catches" the mutant in a run if that boot fails (FAILURE, a failed KTAP
case, a splat, a hang until the timeout).  A host check (one with "host"
in mutants.CHECKS) builds and runs its command in the copy instead, and
catches the mutant if the command fails.  The unmutated tree must pass
every check first.  One line per mutant and check, then
'mutants: N caught in every run, N not, N known to escape'; exit status 1
if any mutant escaped a check that mutants.py says catches it.  A mutant
with "escapes" (the reason) is known to escape: its line says KNOWN and
counts for nothing.  Before the summary, a table: each mutant, the check
that must catch it, and the runs in which it did (caught/total).

usage: run.py [--runs N] [--only NAME[,NAME...]] [--checks CHECK,...] [--out DIR]
"""
import argparse
import filecmp
import os
import shutil
import subprocess
import sys
import time

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.dirname(__file__))
import mutants as M  # noqa: E402


def sh(cmd, log=None, cwd=None):
    with open(log, "a") if log else open(os.devnull, "w") as f:
        return subprocess.call(cmd, cwd=cwd, stdout=f, stderr=subprocess.STDOUT)


def copy_tree(src):
    """A copy of the tracked and untracked-but-not-ignored files.

    A file already in the copy with the same content is left alone, so
    the builds of an earlier run stay valid; any other is written anew,
    with a new mtime: a run stopped while a mutant was applied left its
    objects behind, newer than the original file's own mtime.
    """
    os.makedirs(src, exist_ok=True)
    files = subprocess.check_output(
        ["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=TOP).split(b"\0")
    for f in files:
        if not f:
            continue
        f = f.decode()
        if not os.path.isfile(os.path.join(TOP, f)):
            continue
        dst = os.path.join(src, f)
        if os.path.isfile(dst) and filecmp.cmp(os.path.join(TOP, f), dst, shallow=False):
            continue
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copy(os.path.join(TOP, f), dst)


def build(src, out, defconfig, log):
    obj = os.path.join(out, "obj", defconfig)
    cfg = os.path.join(obj, ".config")
    os.makedirs(obj, exist_ok=True)
    mk = ["make", "-C", src, "O=" + obj, "KCONFIG_CONFIG=" + cfg]
    if not os.path.exists(cfg):
        if sh(mk + [defconfig + "_defconfig"], log):
            return None
    if sh(mk + ["-j2"], log):
        return None
    return os.path.join(obj, "rcuos.iso")


def host_build(src, out, check, log):
    """Build a host check in the copy; its objects under OUT/obj/CHECK."""
    c = M.CHECKS[check]
    o = "O=" + os.path.join(out, "obj", check)
    return sh(c["build"] + ["-C", src, o], log) == 0


def host_run(src, out, check, log):
    c = M.CHECKS[check]
    o = "O=" + os.path.join(out, "obj", check)
    return sh(c["host"] + ["-C", src, o], log) == 0


def build_check(src, out, check, log):
    """Build what CHECK runs: an ISO, or a host program.  False if it fails."""
    if "host" in M.CHECKS[check]:
        return host_build(src, out, check, log)
    return build(src, out, M.CHECKS[check]["defconfig"], log)


def run_check(src, out, built, check, log):
    """Run CHECK once: True if it passes."""
    if "host" in M.CHECKS[check]:
        return host_run(src, out, check, log)
    return boot(built, check, log)


def boot(iso, check, log):
    c = M.CHECKS[check]
    cmd = [sys.executable, os.path.join(TOP, "tests/harness/boot.py"), "--iso", iso,
           "--cpus", str(c["cpus"]), "--timeout", str(c["timeout"]), "--log", log,
           "--fail-fast"]
    for line in c["commands"]:
        cmd += ["--cmd", line]
    for e in c["expect"]:
        cmd += ["--expect", e]
    if c.get("expect_panic"):
        cmd += ["--expect-panic", c["expect_panic"]]
    if c.get("require_ktap"):
        cmd.append("--require-ktap")
    return sh(cmd, log + ".harness") == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--only", default="")
    ap.add_argument("--checks", default="", help="run only these checks")
    ap.add_argument("--out", default=os.path.join(TOP, "build", "mutants"))
    a = ap.parse_args()
    # Absolute: the builds run with make -C in the copy of the tree.
    a.out = os.path.abspath(a.out)
    only = set(filter(None, a.only.split(",")))
    only_checks = set(filter(None, a.checks.split(",")))
    todo = [dict(m, checks=[c for c in m["checks"] if not only_checks or c in only_checks])
            for m in M.MUTANTS if not only or m["name"] in only]
    todo = [m for m in todo if m["checks"]]
    checks = sorted({c for m in todo for c in m["checks"]})
    src = os.path.join(a.out, "src")
    logs = os.path.join(a.out, "logs")
    os.makedirs(logs, exist_ok=True)
    copy_tree(src)
    # A run stopped while a mutant was applied: the file has its content
    # back, but the objects built from the mutant are newer than it.
    marker = os.path.join(a.out, "mutant-applied")
    if os.path.exists(marker):
        f = open(marker).read().strip()
        if os.path.isfile(os.path.join(src, f)):
            os.utime(os.path.join(src, f))
        os.remove(marker)
    t0 = time.time()

    # The tree as it is must pass every check, or a "catch" means nothing.
    for check in checks:
        built = build_check(src, a.out, check, os.path.join(logs, "build-baseline.log"))
        if not built:
            print("FAIL: mutants: baseline build for %s" % check)
            return 1
        if not run_check(src, a.out, built, check,
                         os.path.join(logs, "baseline-%s.log" % check)):
            print("FAIL: mutants: unmutated tree fails check %s (log: %s)"
                  % (check, os.path.join(logs, "baseline-%s.log" % check)))
            return 1
        print("baseline: %s passes" % check, flush=True)

    caught = escaped = known = 0
    table = []		# (mutant, check, result)
    for m in todo:
        path = os.path.join(src, m["file"])
        orig = open(os.path.join(TOP, m["file"])).read()
        if orig.count(m["old"]) != 1:
            print("FAIL: mutant %s: text to replace occurs %d times in %s"
                  % (m["name"], orig.count(m["old"]), m["file"]))
            table.append((m["name"], "-", "text not found"))
            escaped += 1
            continue
        with open(marker, "w") as f:
            f.write(m["file"] + "\n")
        with open(path, "w") as f:
            f.write(orig.replace(m["old"], m["new"]))
        ok = True
        for check in m["checks"]:
            built = build_check(src, a.out, check,
                                os.path.join(logs, "build-%s.log" % m["name"]))
            if not built:
                print("FAIL: mutant %s does not build (%s)" % (m["name"], check))
                table.append((m["name"], check, "does not build"))
                ok = False
                break
            hits = 0
            for r in range(a.runs):
                log = os.path.join(logs, "%s-%s-%d.log" % (m["name"], check, r))
                if not run_check(src, a.out, built, check, log):
                    hits += 1
            table.append((m["name"], check, "%d/%d%s" % (hits, a.runs,
                                                          " (known)" if m.get("escapes") else "")))
            if m.get("escapes"):
                # Known to escape this check: reported, never a failure.
                print("KNOWN: mutant %s (%s): %s caught it in %d/%d runs (escapes: %s)"
                      % (m["name"], m["what"], check, hits, a.runs, m["escapes"]),
                      flush=True)
                continue
            print("%s: mutant %s (%s): %s caught it in %d/%d runs"
                  % ("PASS" if hits == a.runs else "FAIL", m["name"], m["what"],
                     check, hits, a.runs), flush=True)
            ok = ok and hits == a.runs
        with open(path, "w") as f:
            f.write(orig)
        os.remove(marker)
        if m.get("escapes"):
            known += 1
            continue
        caught += ok
        escaped += not ok
    if table:
        w = max(len(r[0]) for r in table)
        cw = max(max(len(r[1]) for r in table), len("caught by"))
        print("%-*s  %-*s  runs caught" % (w, "mutant", cw, "caught by"))
        for name, check, res in table:
            print("%-*s  %-*s  %s" % (w, name, cw, check, res))
    print("mutants: %d caught in every run, %d not, %d known to escape (%d runs each, %.0f s)"
          % (caught, escaped, known, a.runs, time.time() - t0))
    return 1 if escaped else 0


if __name__ == "__main__":
    sys.exit(main())
