#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Boot an rcuos ISO in QEMU, feed shell commands to the serial console,
save the serial log and decide whether the run passed.

  boot.py --iso build/rcuos.iso --cpus 8 --timeout 120 \\
          --cmd test --cmd poweroff --log build/tree-8.log

  boot.py --judge build/tree-8.log      # judge a saved log again, no QEMU

Exit status 0 when the run passed, 1 when it failed, 2 on usage errors.
See tests/harness/README.md for the kernel conventions it relies on.
"""

import sys
sys.dont_write_bytecode = True   # no __pycache__ in the source tree
import argparse
import os
import re
import shutil
import signal
import subprocess
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import logcheck  # noqa: E402

TRAILER = "==== rcuos harness ===="
PANIC_GRACE = 10        # seconds QEMU may run on after a panic message
TIMESTAMP_RE = re.compile(r"^\[\s*\d+\.\d+\]\s?")
FAIL_GRACE = 3          # --fail-fast: seconds QEMU may run on after a failed check
# A failed KUnit expectation or KTAP result, outside expect-splat markers.
FAILED_CHECK_RE = re.compile(r"(EXPECTATION FAILED|ASSERTION FAILED|^\s*not ok \d+)")
# --fail-fast: an RCU stall warning outside expect-splat markers fails the
# run too (the judge counts it as a splat), and a kernel that stalls
# rarely recovers before the timeout.
STALL_RES = [r for r in logcheck.SPLAT_RES if "stall" in r.pattern or "starved" in r.pattern]


def qemu_command(args):
    cmd = [args.qemu, "-accel", "tcg,thread=multi", "-smp", str(args.cpus),
           "-m", args.mem, "-cdrom", args.iso, "-boot", "d",
           "-serial", "stdio", "-display", "none", "-monitor", "none",
           "-no-reboot", "-device", "isa-debug-exit,iobase=0xf4,iosize=0x04"]
    return cmd + list(args.qemu_arg)


def run_qemu(cmd, commands, timeout, log_path, echo=False, fail_fast=False,
             allow_splats=()):
    """Run QEMU with the commands piped to the serial port.

    With @fail_fast, QEMU is stopped FAIL_GRACE seconds after the first
    failed check or stall warning (one that no @allow_splats regex
    matches) outside expect-splat markers, instead of running on (a
    broken kernel often hangs after it) until the timeout.

    Returns (serial text, exit status or None, timed out?, qemu stderr,
    stopped after a failure?).
    """
    log = open(log_path, "wb") if log_path else None
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)
    # Everything at once, before the kernel is even loaded: the kernel must
    # not lose input that arrives before its shell runs. Then EOF, as with
    # printf '...' | qemu-system-x86_64 ...
    try:
        proc.stdin.write("".join(c + "\n" for c in commands).encode())
        proc.stdin.close()
    except BrokenPipeError:
        pass

    chunks, errs = [], []
    panic_at, fail_at = [], []

    def scan_failures(lines, state):
        for raw in lines:
            line = TIMESTAMP_RE.sub("", raw.decode("utf-8", errors="replace"))
            m = logcheck.SPLAT_MARK_RE.search(line)
            if m:
                state["in_splat"] = m.group(1) == "begin"
            elif not state["in_splat"] and (
                    FAILED_CHECK_RE.search(line) or
                    (any(r.search(line) for r in STALL_RES) and
                     not any(re.search(a, line) for a in allow_splats))):
                fail_at.append(time.monotonic())
                return

    def pump():
        tail = b""
        partial, state = b"", {"in_splat": False}
        while True:
            data = os.read(proc.stdout.fileno(), 65536)
            if not data:
                break
            chunks.append(data)
            if log:
                log.write(data)
                log.flush()
            if echo:
                sys.stdout.buffer.write(data)
                sys.stdout.buffer.flush()
            if not panic_at and b"Kernel panic" in tail + data:
                panic_at.append(time.monotonic())
            tail = data[-32:]
            if fail_fast and not fail_at:
                lines = (partial + data).split(b"\n")
                partial = lines.pop()
                scan_failures(lines, state)

    def pump_err():
        errs.append(proc.stderr.read())

    threads = [threading.Thread(target=pump, daemon=True),
               threading.Thread(target=pump_err, daemon=True)]
    for t in threads:
        t.start()

    deadline = time.monotonic() + timeout
    timed_out = killed = stopped = False
    while True:
        try:
            proc.wait(timeout=0.2)
            break
        except subprocess.TimeoutExpired:
            now = time.monotonic()
            stopped = bool(fail_at) and now - fail_at[0] > FAIL_GRACE
            if now >= deadline or stopped or (panic_at and now - panic_at[0] > PANIC_GRACE):
                timed_out = now >= deadline
                killed = True
                kill(proc)
                break
    for t in threads:
        t.join(timeout=5)
    if log:
        log.close()
    code = proc.returncode
    if killed or (code is not None and code < 0):
        code = None         # QEMU exits 0 on our SIGTERM: that is no status
    text = b"".join(chunks).decode("utf-8", errors="replace")
    err = b"".join(e for e in errs if e).decode(errors="replace")
    # Our own SIGTERM is no news.
    err = "\n".join(l for l in err.splitlines() if "terminating on signal" not in l)
    return text, code, timed_out, err, stopped and not timed_out


def kill(proc):
    for sig, wait in ((signal.SIGTERM, 5), (signal.SIGKILL, 5)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.wait(timeout=wait)
            return
        except subprocess.TimeoutExpired:
            continue


def read_log(path):
    with open(path, "rb") as f:
        text = f.read().decode("utf-8", errors="replace")
    i = text.find(TRAILER)
    return text[:i] if i >= 0 else text


def report(name, verdict, elapsed, log_path, out=None):
    out = out or sys.stdout
    status = "PASS" if verdict.passed else "FAIL"
    extra = logcheck.summary(verdict)
    if elapsed is not None:
        extra = "%.1f s, %s" % (elapsed, extra)
    if not verdict.passed and log_path:
        extra += ", log: %s" % log_path
    print("%s: %s (%s)" % (status, name, extra), file=out)
    for f in verdict.failures[:40]:
        print("    %s" % f, file=out)
    if len(verdict.failures) > 40:
        print("    ... %d more" % (len(verdict.failures) - 40), file=out)
    for n in verdict.notes:
        print("    note: %s" % n, file=out)
    out.flush()


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--iso", help="ISO to boot")
    p.add_argument("--cpus", type=int, default=1, help="-smp N (default 1)")
    p.add_argument("--mem", default="512M", help="-m SIZE (default 512M)")
    p.add_argument("--timeout", type=float, default=120,
                   help="seconds before QEMU is killed and the run fails (default 120)")
    p.add_argument("--cmd", action="append", default=[], metavar="LINE",
                   help="shell command line to type; repeat, in order")
    p.add_argument("--log", help="save the serial log here")
    p.add_argument("--expect", action="append", default=[], metavar="REGEX",
                   help="the log must match this regex (multiline); repeatable")
    p.add_argument("--expect-exit", default=str(logcheck.EXIT_POWEROFF_PASS), metavar="CODE",
                   help="QEMU exit status wanted (default 33: poweroff, no test failed); "
                        "'any' accepts every status")
    p.add_argument("--allow-splat", action="append", default=[], metavar="REGEX",
                   help="WARNING:/BUG:/stall lines matching this are not failures")
    p.add_argument("--expect-panic", metavar="REGEX",
                   help="the run must panic, with a first 'Kernel panic' line matching this; "
                        "the crash report's splats are then expected (exit status 37)")
    p.add_argument("--require-ktap", action="store_true",
                   help="fail unless the log holds at least one KTAP test result")
    p.add_argument("--fail-fast", action="store_true",
                   help="stop QEMU %d s after the first failed check (KTAP 'not ok', a failed "
                        "KUnit expectation, an RCU stall warning that --allow-splat does not "
                        "match) outside expect-splat markers" % FAIL_GRACE)
    p.add_argument("--name", help="name in the PASS/FAIL line (default: the ISO's)")
    p.add_argument("--qemu", default=os.environ.get("QEMU", "qemu-system-x86_64"))
    p.add_argument("--qemu-arg", action="append", default=[], metavar="ARG",
                   help="extra QEMU argument; repeatable")
    p.add_argument("--echo", action="store_true", help="copy the serial output to stdout")
    p.add_argument("--judge", metavar="LOG",
                   help="judge a saved serial log instead of booting (exit status unknown)")
    args = p.parse_args(argv)
    if not args.judge and not args.iso:
        p.error("--iso or --judge is required")
    if args.expect_exit == "any":
        args.expect_exit = None
    else:
        try:
            args.expect_exit = int(args.expect_exit, 0)
        except ValueError:
            p.error("--expect-exit: a number or 'any'")
    if not 1 <= args.cpus <= 255:
        p.error("--cpus: 1 to 255")
    return args


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    judge_kw = dict(expects=args.expect, allow_splats=args.allow_splat,
                    require_ktap=args.require_ktap, expect_panic=args.expect_panic)

    if args.judge:
        v = logcheck.judge(read_log(args.judge), exit_code=None, expect_exit=None, **judge_kw)
        report(args.name or args.judge, v, None, args.judge)
        return 0 if v.passed else 1

    name = args.name or os.path.basename(args.iso)
    if not os.path.isfile(args.iso):
        print("FAIL: %s (no ISO %s)" % (name, args.iso))
        return 1
    if not shutil.which(args.qemu):
        print("FAIL: %s (%s not found; run scripts/ensure-packages build)" % (name, args.qemu))
        return 1
    if args.log:
        os.makedirs(os.path.dirname(os.path.abspath(args.log)), exist_ok=True)

    cmd = qemu_command(args)
    t0 = time.monotonic()
    text, code, timed_out, qerr, stopped = run_qemu(cmd, args.cmd, args.timeout, args.log,
                                                    args.echo, args.fail_fast,
                                                    args.allow_splat)
    elapsed = time.monotonic() - t0
    v = logcheck.judge(text, exit_code=code, timed_out=timed_out,
                       expect_exit=args.expect_exit, **judge_kw)
    if stopped:
        v.failures.append("QEMU stopped %d s after the first failed check (--fail-fast)" % FAIL_GRACE)
    elif code is None and not timed_out:
        v.failures.append("QEMU killed %d s after a kernel panic message" % PANIC_GRACE)
    if qerr.strip() and not v.passed:
        v.failures.append("QEMU stderr: " + " | ".join(qerr.strip().splitlines()[-3:]))

    if args.log:
        with open(args.log, "a") as f:
            f.write("\n%s\n" % TRAILER)
            f.write("command: %s\n" % " ".join(cmd))
            f.write("input: %r\n" % args.cmd)
            f.write("exit status: %s%s, %.1f s\n" % (
                code, " (timed out after %g s)" % args.timeout if timed_out else "", elapsed))
            if qerr.strip():
                f.write("qemu stderr:\n%s\n" % qerr.rstrip())
            report(name, v, elapsed, None, out=f)
    report(name, v, elapsed, args.log)
    return 0 if v.passed else 1


if __name__ == "__main__":
    sys.exit(main())
