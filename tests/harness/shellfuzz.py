#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Fuzz the rcuos shell in QEMU: random command lines, one at a time.

  shellfuzz.py --iso build/rcuos.iso [--cpus 4] [--seconds 60] [--seed N]
               [--prompt-timeout 60] [--log FILE]

Boots the ISO, reads the shell's commands and their usages from 'help',
then for --seconds types random lines: the shell's commands with
arguments drawn from their usage, random numbers, key=value pairs and
garbage; unknown commands; control bytes, non-ASCII bytes, escape
sequences, history (Up/Down), backspace, Ctrl-U and Ctrl-C at random
places; lines past the shell's limit.  A model of the shell's line
editor says what each line will run: commands that end the run or
crash on purpose (poweroff, reboot, crash) are never run, and commands
that run for long or change settings (test, torture, set, ...) only
with an unknown first argument, which makes them stop before doing
anything, or in the few short forms of GUARDED_OK; otherwise the line
is dropped with Ctrl-C instead of Enter.

Fails on: a prompt not back within --prompt-timeout after a line (a
hang), input bytes lost, the shell not answering 'uptime' at the end,
or what logcheck fails a boot on (a splat, a panic, a triple fault, an
exit status other than poweroff's 33).  The seed is printed first;
--seed N repeats a run's lines (the kernel's timing still varies).
Prints 'PASS: shellfuzz ...' or 'FAIL: shellfuzz ...'; exit status 0 or 1.
"""

import sys
sys.dont_write_bytecode = True   # no __pycache__ in the source tree
import argparse
import os
import random
import re
import subprocess
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import boot      # noqa: E402
import logcheck  # noqa: E402

PROMPT = b"rcuos> "
LINE_MAX = 256          # SHELL_LINE_MAX in kernel/shell/shell.c, NUL included
HISTORY = 32            # SHELL_HISTORY

# Never typed to completion: they end the run or crash on purpose.
DENY = {"poweroff", "reboot", "crash"}
# Harmless with any arguments: they print, or they are hotplug and
# credentials, which the run must survive in any combination.
FREE = {"help", "cpus", "cpuhp", "ps", "mem", "uptime", "dmesg", "config",
        "cmdline", "id", "rcu", "cpu", "su"}
# Every other command (test, torture, set, stall, onoff, commands added
# later, ...) runs only with an unknown first argument, or in these forms.
GUARDED_OK = [re.compile(r"^test (--list|-l)$"),
              re.compile(r"^onoff (0|[1-9]\d{2,3})$")]
UNKNOWN = "zz"          # first argument that no command accepts

WORDS = ["", "0", "1", "2", "3", "4", "7", "-1", "255", "256", "0x10", "010",
         "4294967296", "99999999999999999999999", "abc", "=", "==", "a=b",
         "=1", "key=", "\"\"", "\"a b\"", "\"unterminated", "--list", "-l",
         "all", "on", "off", "offline", "online", "yes", "%s%n%p", "\\", "'"]


class Editor:
    """kernel/shell/shell.c's shell_input(), byte for byte, to know what a
    line runs.  feed() returns the events: ("run", line), ("long",) for a
    line over the limit (refused), ("cancel",) for Ctrl-C."""

    def __init__(self):
        self.line = ""
        self.overflow = False
        self.last_cr = False
        self.esc = 0
        self.history = []
        self.hist_pos = 0
        self.saved = ""

    def copy(self):
        e = Editor()
        e.__dict__.update(self.__dict__)
        e.history = list(self.history)
        return e

    def _move(self, d):
        avail = min(len(self.history), HISTORY)
        pos = self.hist_pos
        if self.overflow:
            return
        if d > 0 and pos < avail:
            pos += 1
        elif d < 0 and pos > 0:
            pos -= 1
        else:
            return
        if self.hist_pos == 0:
            self.saved = self.line
        self.hist_pos = pos
        self.line = self.saved if pos == 0 else self.history[len(self.history) - pos]

    def _end(self, ev):
        if self.overflow:
            ev.append(("long",))
        else:
            if self.line and (not self.history or self.history[-1] != self.line):
                self.history.append(self.line)
            ev.append(("run", self.line))
        self.line, self.overflow, self.hist_pos = "", False, 0

    def feed(self, data):
        ev = []
        for c in data:
            cr = c == 0x0d
            if c == 0x0a and self.last_cr:
                self.last_cr = False
                continue
            self.last_cr = cr
            if self.esc == 1:
                self.esc = 2 if c in (ord("["), ord("O")) else 0
                continue
            if self.esc == 2:
                if 0x30 <= c <= 0x39 or c == ord(";"):
                    continue
                self.esc = 0
                if c == ord("A"):
                    self._move(1)
                elif c == ord("B"):
                    self._move(-1)
                continue
            if c in (0x0d, 0x0a):
                self._end(ev)
            elif c == 0x1b:
                self.esc = 1
            elif c in (0x08, 0x7f):
                if self.line and not self.overflow:
                    self.line = self.line[:-1]
            elif c == 0x03:
                self.line, self.overflow, self.hist_pos = "", False, 0
                ev.append(("cancel",))
            elif c == 0x15:
                self.line, self.overflow = "", False
            else:
                if c == 0x09:
                    c = 0x20
                if c < 0x20 or c >= 0x7f or self.overflow:
                    continue
                if len(self.line) >= LINE_MAX - 1:
                    self.overflow = True
                    continue
                self.line += chr(c)
        return ev


def split(line):
    """kernel/shell/shell.c's shell_split(): blanks separate, quotes group."""
    words, cur, quote, inword = [], "", False, False
    for ch in line:
        if not quote and ch.isspace():
            if inword:
                words.append(cur)
            cur, inword = "", False
            continue
        inword = True
        if ch == '"':
            quote = not quote
        else:
            cur += ch
    if inword:
        words.append(cur)
    return words


def safe(line, known):
    """May this command line run?  @known: the shell's commands."""
    w = split(line)
    if not w:
        return True
    if w[0] in DENY:
        return False
    if w[0] in FREE or w[0] not in known:
        return True
    if len(w) > 1 and w[1].startswith(UNKNOWN):
        return True
    return any(r.match(" ".join(w)) for r in GUARDED_OK)


class Fuzzer:
    def __init__(self, rng, commands):
        self.rng = rng
        self.commands = commands        # name -> usage
        self.names = sorted(commands)

    def number(self):
        r = self.rng
        return r.choice([str(r.randint(0, 8)), str(r.randint(-5, 300)),
                         str(r.getrandbits(r.choice([8, 31, 32, 63, 64, 70]))),
                         hex(r.getrandbits(16)), r.choice(WORDS)])

    def garbage(self, n):
        r = self.rng
        return "".join(chr(r.randint(0x21, 0x7e)) for _ in range(n)).replace(">", ".")

    def arg_from_usage(self, usage):
        r = self.rng
        toks = [t.strip("[].") for t in usage.split()] or [""]
        t = r.choice(toks)
        alts = [a for a in re.split(r"[|]", t) if a]
        if not alts:
            return self.number()
        a = r.choice(alts)
        if a.isupper() or a in ("code", "pid", "command"):
            return self.number()
        if "=" in a:
            k, v = a.split("=", 1)
            return "%s=%s" % (k if r.random() < 0.8 else self.garbage(3),
                              r.choice([v, self.number(), ""]))
        if a == "key":
            return "%s=%s" % (self.garbage(r.randint(1, 8)), self.number())
        if a == "suite" or a == "suite.case":
            return self.garbage(r.randint(1, 10))
        return a

    def command_line(self):
        r = self.rng
        name = r.choice(self.names)
        usage = self.commands[name]
        args = []
        for _ in range(r.choice([0, 0, 1, 1, 1, 2, 2, 3, 5, 33])):
            k = r.random()
            if k < 0.6:
                args.append(self.arg_from_usage(usage))
            elif k < 0.8:
                args.append(self.number())
            else:
                args.append(self.garbage(r.randint(1, 12)))
        if name not in FREE and (not args or r.random() < 0.9):
            args.insert(0, UNKNOWN + self.garbage(r.randint(0, 6)))
        if r.random() < 0.05:
            return r.choice(["test --list", "onoff %d" % r.choice([0, 0, 200, 500])])
        return " ".join([name] + args)

    def text(self):
        r = self.rng
        k = r.random()
        if k < 0.6:
            s = self.command_line()
        elif k < 0.75:
            s = self.garbage(r.randint(1, 20))      # an unknown command
        elif k < 0.85:
            s = " ".join(self.garbage(r.randint(1, 9)) for _ in range(r.randint(1, 40)))
        elif k < 0.92:
            s = r.choice(self.names) + " " + self.garbage(r.randint(LINE_MAX - 20, 600))
        else:
            s = ""
        return s.encode()

    def noise(self, data):
        """Editing keys and stray bytes at random places."""
        r = self.rng
        out = bytearray()
        for b in data:
            if r.random() < 0.04:
                k = r.random()
                if k < 0.3:
                    junk = self.garbage(r.randint(1, 5)).encode()
                    out += junk + b"\x7f" * len(junk)       # typed, then erased
                elif k < 0.5:
                    out += bytes([r.choice([0x00, 0x01, 0x02, 0x04, 0x07, 0x0b, 0x0c,
                                            0x0e, 0x10, 0x11, 0x13, 0x1a, 0x1c, 0x1f,
                                            0x80, 0x9b, 0xc3, 0xff])])
                elif k < 0.7:
                    out += r.choice([b"\x1b[A", b"\x1b[B", b"\x1b[C", b"\x1b[D",
                                     b"\x1b[3~", b"\x1bOA", b"\x1b[1;5A", b"\x1bx"])
                elif k < 0.8:
                    out += b"\x15"                          # Ctrl-U
                elif k < 0.85:
                    out += b"\x03"                          # Ctrl-C
                else:
                    out += b"\x08" * r.randint(1, 4)
            out.append(b)
        return bytes(out)

    def line(self, ed):
        """The bytes of one line and how many prompts they bring back."""
        r = self.rng
        while True:
            body = self.text()
            if r.random() < 0.3:
                body = self.noise(body)
            if r.random() < 0.05:
                body = r.choice([b"\x1b[A", b"\x1b[A\x1b[A", b"\x1b[B"]) + body
            if PROMPT.rstrip() in body:
                continue
            trial = ed.copy()
            ev = trial.feed(body)
            if trial.esc:
                body += b"~"            # finish an escape sequence
                ev += trial.feed(b"~")
            if any(e[0] == "run" for e in ev):
                continue                # a CR inside: never generated
            end = r.choice([b"\r", b"\n", b"\r\n"])
            last = trial.feed(end)
            if last and last[0][0] == "run" and not safe(last[0][1], self.commands):
                end = b"\x03"           # drop it instead
            data = body + end
            ev = ed.feed(data)
            return data, ev


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--iso", required=True)
    p.add_argument("--cpus", type=int, default=4)
    p.add_argument("--mem", default="512M")
    p.add_argument("--seconds", type=float, default=60)
    p.add_argument("--seed", type=int)
    p.add_argument("--prompt-timeout", type=float, default=60,
                   help="seconds a line's prompt may take to come back")
    p.add_argument("--boot-timeout", type=float, default=120)
    p.add_argument("--log", help="serial log (with the typed lines after it)")
    p.add_argument("--qemu", default=os.environ.get("QEMU", "qemu-system-x86_64"))
    p.add_argument("--qemu-arg", action="append", default=[])
    args = p.parse_args(argv)
    seed = args.seed if args.seed is not None else random.SystemRandom().getrandbits(32)
    print("shellfuzz: seed %d (repeat with --seed %d)" % (seed, seed), flush=True)
    rng = random.Random(seed)

    cmd = boot.qemu_command(args)
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)
    out = bytearray()
    cond = threading.Condition()
    log = open(args.log, "wb") if args.log else None

    def pump():
        while True:
            data = os.read(proc.stdout.fileno(), 65536)
            with cond:
                if not data:
                    cond.notify_all()
                    return
                out.extend(data)
                cond.notify_all()
            if log:
                log.write(data)
                log.flush()

    errs = []
    threading.Thread(target=pump, daemon=True).start()
    threading.Thread(target=lambda: errs.append(proc.stderr.read()), daemon=True).start()

    def wait_prompts(n, timeout):
        """Wait until the output holds n prompts; False on timeout or exit."""
        deadline = time.monotonic() + timeout
        with cond:
            while out.count(PROMPT) < n:
                left = deadline - time.monotonic()
                if left <= 0 or proc.poll() is not None:
                    return False
                cond.wait(min(left, 0.5))
        return True

    def send(data):
        try:
            proc.stdin.write(data)
            proc.stdin.flush()
            return True
        except BrokenPipeError:
            return False

    failures, typed = [], []
    lines = 0
    t0 = time.monotonic()
    if not wait_prompts(1, args.boot_timeout):
        failures.append("no shell prompt within %g s of boot" % args.boot_timeout)
    else:
        # The commands and their usages.
        start = len(out)
        send(b"help\r")
        if not wait_prompts(2, args.prompt_timeout):
            failures.append("'help' did not come back")
        text = out[start:].decode("utf-8", "replace")
        commands = {}
        for raw in text.splitlines():
            # "  NAME USAGE  HELP", the name and usage padded to 32 columns
            m = re.match(r"^  (\S+)(.*)$", logcheck.strip_timestamp(raw))
            if m:
                commands[m.group(1)] = re.split(r"\s{2,}", m.group(2).strip())[0]
        if "help" not in commands:
            failures.append("could not read the commands from 'help'")
        fz = Fuzzer(rng, commands)
        ed = Editor()
        ed.feed(b"help\r")
        prompts = 2
        end = time.monotonic() + args.seconds
        while not failures and time.monotonic() < end:
            data, ev = fz.line(ed)
            typed.append(data)
            prompts += sum(1 for e in ev if e[0] in ("run", "long", "cancel"))
            if not send(data) or not wait_prompts(prompts, args.prompt_timeout):
                failures.append("line %d %r: no prompt within %g s%s" % (
                    len(typed), data, args.prompt_timeout,
                    " (QEMU exited %s)" % proc.returncode if proc.poll() is not None else ""))
            lines += 1
        # Still answering?  Then off, cleanly.
        if not failures:
            start = len(out)
            send(b"\x03onoff 0\ruptime\r")
            if not wait_prompts(prompts + 3, args.prompt_timeout * 2) or \
                    not re.search(r"jiffies", out[start:].decode("utf-8", "replace")):
                failures.append("the shell did not answer 'uptime' at the end")
            send(b"poweroff\r")
    killed = False
    try:
        proc.wait(timeout=5 if failures else 30)
    except subprocess.TimeoutExpired:
        boot.kill(proc)     # QEMU exits 0 on SIGTERM: no status then
        killed = True
    time.sleep(0.2)
    code = None if killed or proc.returncode is None or proc.returncode < 0 \
        else proc.returncode
    text = bytes(out).decode("utf-8", errors="replace")
    if "input bytes lost" in text:
        failures.append("input bytes lost: the fuzzer and the shell disagree on the line")
    v = logcheck.judge(text, exit_code=code, expect_exit=logcheck.EXIT_POWEROFF_PASS)
    failures += v.failures
    elapsed = time.monotonic() - t0
    if log:
        log.write(("\n%s\nshellfuzz seed %d, %d lines, %.1f s\n" % (
            boot.TRAILER, seed, lines, elapsed)).encode())
        for i, d in enumerate(typed, 1):
            log.write(("line %d: %r\n" % (i, d)).encode())
        log.close()
    status = "FAIL" if failures else "PASS"
    print("%s: shellfuzz (seed %d, %d lines, %d CPUs, %.1f s%s)" % (
        status, seed, lines, args.cpus, elapsed,
        ", log: %s" % args.log if failures and args.log else ""))
    for f in failures[:20]:
        print("    %s" % f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
