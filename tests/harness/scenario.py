#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Scenarios: tests/scenarios/NAME.scenario files (format in README.md).

  scenario.py list                       names of all scenarios
  scenario.py defconfig NAME|FILE        its defconfig, e.g. tree_defconfig
  scenario.py run [--jobs N] [--cfg-root build/cfg] [--out build/check]
                  [--results FILE] [--echo] NAME|FILE...

'run' makes a per-scenario ISO (the scenario's kernel command line baked in
with scripts/mkiso.sh) from <cfg-root>/<config>/rcuos.elf, where <config> is
the defconfig name without '_defconfig', boots it with boot.py and writes
'PASS: scenario:NAME' or 'FAIL: scenario:NAME (log: ...)' to --results.
"""

import sys
sys.dont_write_bytecode = True   # no __pycache__ in the source tree
import argparse
import os
import re
import subprocess
import threading
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
SRCTREE = os.path.normpath(os.path.join(HERE, "..", ".."))
SCENARIO_DIR = os.path.join(SRCTREE, "tests", "scenarios")

LIST_KEYS = {"command": "commands", "expect": "expects", "allow-splat": "allow_splats"}
SCALAR_KEYS = {"name", "description", "defconfig", "cpus", "timeout", "memory",
               "cmdline", "expect-exit", "expect-panic", "require-ktap"}


class ScenarioError(Exception):
    pass


class Scenario:
    def __init__(self, path):
        self.path = path
        self.name = os.path.basename(path).rsplit(".", 1)[0]
        self.description = ""
        self.defconfig = "tree_defconfig"
        self.cpus = 1
        self.timeout = 120
        self.mem = "512M"
        self.cmdline = ""
        self.commands = []
        self.expects = []
        self.allow_splats = []
        self.expect_exit = "33"
        self.expect_panic = None
        self.require_ktap = None

    @property
    def config(self):
        """Build directory name: tree_defconfig -> tree."""
        return self.defconfig[:-len("_defconfig")]


def load(path):
    s = Scenario(path)
    with open(path) as f:
        for n, raw in enumerate(f, 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if "=" not in line:
                raise ScenarioError("%s:%d: expected key = value" % (path, n))
            key, val = (x.strip() for x in line.split("=", 1))
            if key in LIST_KEYS:
                getattr(s, LIST_KEYS[key]).append(val)
            elif key not in SCALAR_KEYS:
                raise ScenarioError("%s:%d: unknown key '%s' (known: %s)" % (
                    path, n, key, ", ".join(sorted(SCALAR_KEYS | set(LIST_KEYS)))))
            elif key in ("cpus", "timeout"):
                try:
                    setattr(s, key, int(val))
                except ValueError:
                    raise ScenarioError("%s:%d: %s must be an integer" % (path, n, key))
            elif key == "memory":
                s.mem = val
            elif key == "expect-exit":
                s.expect_exit = val
            elif key == "expect-panic":
                try:
                    re.compile(val)
                except re.error as e:
                    raise ScenarioError("%s:%d: expect-panic: bad regex: %s" % (path, n, e))
                s.expect_panic = val
            elif key == "require-ktap":
                if val not in ("yes", "no"):
                    raise ScenarioError("%s:%d: require-ktap is yes or no" % (path, n))
                s.require_ktap = val == "yes"
            else:
                setattr(s, key, val)
    if not s.defconfig.endswith("_defconfig"):
        s.defconfig += "_defconfig"
    if not 1 <= s.cpus <= 255:
        raise ScenarioError("%s: cpus must be 1..255" % path)
    if not s.commands:
        raise ScenarioError("%s: no command lines" % path)
    if s.require_ktap is None:
        s.require_ktap = any(c.split()[0] == "test" for c in s.commands if c.split())
    return s


def find(name):
    if os.sep in name or name.endswith(".scenario"):
        return name
    return os.path.join(SCENARIO_DIR, name + ".scenario")


def all_names():
    return sorted(f[:-len(".scenario")] for f in os.listdir(SCENARIO_DIR)
                  if f.endswith(".scenario"))


def run_one(s, cfg_root, out, echo):
    """Returns (passed, text to print)."""
    elf = os.path.join(cfg_root, s.config, "rcuos.elf")
    log = os.path.join(out, "logs", s.name + ".log")
    iso = os.path.join(out, "iso", s.name + ".iso")
    os.makedirs(os.path.dirname(log), exist_ok=True)
    if not os.path.isfile(elf):
        msg = "no kernel %s (build of %s failed?)" % (elf, s.defconfig)
        with open(log, "w") as f:
            f.write(msg + "\n")
        return False, "FAIL: scenario:%s (%s)\n" % (s.name, msg)
    mk = subprocess.run([os.path.join(SRCTREE, "scripts", "mkiso.sh"), elf, iso, s.cmdline],
                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if mk.returncode:
        with open(log, "w") as f:
            f.write(mk.stdout)
        return False, "FAIL: scenario:%s (mkiso.sh failed, log: %s)\n" % (s.name, log)
    argv = [sys.executable, os.path.join(HERE, "boot.py"), "--name", "scenario:" + s.name,
            "--iso", iso,
            "--cpus", str(s.cpus), "--mem", s.mem, "--timeout", str(s.timeout),
            "--log", log, "--expect-exit", s.expect_exit]
    for c in s.commands:
        argv += ["--cmd", c]
    for e in s.expects:
        argv += ["--expect", e]
    for a in s.allow_splats:
        argv += ["--allow-splat", a]
    if s.expect_panic is not None:
        argv += ["--expect-panic", s.expect_panic]
    if s.require_ktap:
        argv.append("--require-ktap")
    if echo:
        argv.append("--echo")
        r = subprocess.run(argv)
        return r.returncode == 0, ""
    r = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return r.returncode == 0, r.stdout


def why(text):
    """The first reasons boot.py gave for a failure, for the one-line summary
    (CI keeps that line, not the log)."""
    lines = [l.strip() for l in text.splitlines() if l.startswith("    ")]
    if not lines:
        first = text.strip().splitlines()[:1]
        m = re.search(r"\((.*)\)$", first[0]) if first else None
        return (re.sub(r",? *log: .*$", "", m.group(1)) + "; ") if m else ""
    return "; ".join(lines[:3]) + "; "


def cmd_run(args):
    try:
        scenarios = [load(find(n)) for n in args.scenarios]
    except (OSError, ScenarioError) as e:
        print("FAIL: scenarios (%s)" % e)
        if args.results:
            with open(args.results, "a") as f:
                f.write("FAIL: scenarios (%s)\n" % e)
        return 1
    lock = threading.Lock()
    failed = 0

    def one(s):
        nonlocal failed
        ok, text = run_one(s, args.cfg_root, args.out, args.echo)
        log = os.path.join(args.out, "logs", s.name + ".log")
        with lock:
            sys.stdout.write(text)
            sys.stdout.flush()
            if not ok:
                failed += 1
            if args.results:
                with open(args.results, "a") as f:
                    f.write("PASS: scenario:%s\n" % s.name if ok else
                            "FAIL: scenario:%s (%slog: %s)\n" % (s.name, why(text), log))

    # Longest (by time limit, then CPUs) first: the batch ends sooner.
    scenarios.sort(key=lambda s: (-s.timeout, -s.cpus))
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
        list(ex.map(one, scenarios))
    return 1 if failed else 0


def main(argv=None):
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list")
    d = sub.add_parser("defconfig")
    d.add_argument("scenario")
    r = sub.add_parser("run")
    r.add_argument("--jobs", type=int, default=1)
    r.add_argument("--cfg-root", default=os.path.join("build", "cfg"))
    r.add_argument("--out", default=os.path.join("build", "check"))
    r.add_argument("--results")
    r.add_argument("--echo", action="store_true", help="show the serial console live")
    r.add_argument("scenarios", nargs="+")
    args = p.parse_args(argv)
    try:
        if args.cmd == "list":
            print("\n".join(all_names()))
        elif args.cmd == "defconfig":
            print(load(find(args.scenario)).defconfig)
        else:
            return cmd_run(args)
    except (OSError, ScenarioError) as e:
        print("scenario: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
