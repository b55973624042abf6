# SPDX-License-Identifier: GPL-2.0
"""Judge an rcuos serial log: KTAP results, splats, panics, exit status.

Pure functions over text, no QEMU, so tests/harness/test_harness.py can feed
them fake logs. boot.py runs QEMU and calls judge().
"""

import re

# Exit status of QEMU with isa-debug-exit: (value << 1) | 1.
EXIT_POWEROFF_PASS = 33   # poweroff, no test failed since boot (0x10)
EXIT_POWEROFF_FAIL = 35   # poweroff, some test failed (0x11)
EXIT_PANIC = 37           # panic() (0x12)

# printk's "[    1.234567] " prefix; output from the shell has none.
TIMESTAMP_RE = re.compile(r"^\[\s*\d+\.\d+\] ?")
KTAP_VERSION_RE = re.compile(r"^(?:K?TAP) version \d+\s*$")
PLAN_RE = re.compile(r"^1\.\.(\d+)\s*(?:#.*)?$")
SUBTEST_RE = re.compile(r"^# Subtest: (.*\S)\s*$")
RESULT_RE = re.compile(r"^(not ok|ok) (\d+)(?: (?:- )?([^#]*?))?\s*(?:#\s*(.*))?$")
TOTALS_RE = re.compile(r"^# Totals: pass:(\d+) fail:(\d+) skip:(\d+) total:(\d+)\s*$")
SPLAT_MARK_RE = re.compile(r"#\s*expect-splat:\s*(begin|end)\b")

PANIC_RE = re.compile(r"Kernel panic")
PROMPT = "rcuos> "
SPLAT_RES = [re.compile(r"\bWARNING:"), re.compile(r"\bBUG:"),
             re.compile(r"INFO: rcu\w* detected stalls"),
             re.compile(r"INFO: rcu\w* detected expedited stalls"),
             re.compile(r"INFO: rcu\w* self-detected stall"),
             re.compile(r"rcu\w* kthread starved for"),
             re.compile(r"INFO: task \S+ blocked for more than")]


def clean_lines(text):
    """Serial text to lines: CR and NUL dropped, other control chars kept."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\0", "")
    return text.split("\n")


def strip_timestamp(line):
    return TIMESTAMP_RE.sub("", line, count=1)


class Case:
    """One KTAP result line, with the results of the subtest it closes."""

    def __init__(self, name, ok, directive, children, diag, line):
        self.name = name
        self.path = name                # full dotted name, set by parse_ktap
        self.ok = ok
        self.directive = directive      # "SKIP reason", "TODO ..." or ""
        self.children = children        # [Case] of its subtest, if any
        self.diag = diag                # lines printed just before it
        self.line = line                # 1-based line number in the log

    @property
    def skipped(self):
        return self.directive.upper().startswith("SKIP")

    @property
    def failed(self):
        return not self.ok and not self.skipped and \
            not self.directive.upper().startswith("TODO")


class _Frame:
    """A (sub)test being read: its indent, plan and results so far."""

    def __init__(self, indent):
        self.indent = indent
        self.name = None                # from '# Subtest:'
        self.plan = None
        self.results = []
        self.pending = []               # diagnostics since the last result

    def fresh(self):
        return self.plan is None and not self.results


class KtapReport:
    def __init__(self):
        self.runs = 0               # top-level KTAP documents (test runs)
        self.top = []               # top-level Case objects of all runs
        self.errors = []            # malformed or incomplete output
        self.totals = []            # (pass, fail, skip, total, line) of '# Totals:'

    def walk(self):
        todo = list(reversed(self.top))
        while todo:
            c = todo.pop()
            yield c
            todo.extend(reversed(c.children))

    def cases(self):
        """Test cases as KUnit counts them in '# Totals:': the leaves of the
        tree, so each parameter of a parameterised case counts."""
        return [c for c in self.walk() if not c.children]

    def failures(self):
        """The most specific failed results: a failed parameter rather than
        its case, a failed case rather than its suite; a suite that failed
        with no failed case is reported itself."""
        return [c for c in self.walk() if c.failed and
                not any(x.failed for x in c.children)]

    def counts(self):
        cs = self.cases()
        skip = sum(1 for c in cs if c.skipped)
        fail = sum(1 for c in cs if c.failed)
        return {"pass": len(cs) - skip - fail, "fail": fail, "skip": skip,
                "total": len(cs)}


def parse_ktap(lines):
    """Parse KTAP version 1, as Linux KUnit prints it, out of a serial log.

    Only lines inside a run (from a 'KTAP version' line at column 0) count,
    so kernel messages and shell echo around the tests are ignored; nesting
    follows indentation (KUnit indents 4 spaces per level; any deeper indent
    is read as one level down).
    """
    rep = KtapReport()
    stack = []

    def incomplete(fr, lineno, why):
        rep.errors.append("line %d: KTAP %s incomplete (%s): %d of %s results"
                          % (lineno, "subtest '%s'" % fr.name if fr.name else "run",
                             why, len(fr.results),
                             fr.plan if fr.plan is not None else "?"))

    def end_run(lineno, why):
        while len(stack) > 1:
            incomplete(stack.pop(), lineno, why)
        if stack:
            fr = stack.pop()
            if fr.plan is not None and len(fr.results) != fr.plan:
                incomplete(fr, lineno, why)
            rep.top.extend(fr.results)

    def frame_at(indent, lineno):
        """The frame at this indent: deeper ones are abandoned, one is opened."""
        while stack[-1].indent > indent:
            fr = stack.pop()
            incomplete(fr, lineno, "no result line closed it")
        if stack[-1].indent < indent:
            stack.append(_Frame(indent))
        return stack[-1]

    for i, raw in enumerate(lines, 1):
        line = strip_timestamp(raw.rstrip()).expandtabs(4)
        body = line.lstrip(" ")
        indent = len(line) - len(body)
        if not body:
            continue
        if KTAP_VERSION_RE.match(body):
            if indent == 0:
                end_run(i, "a new run started")
                rep.runs += 1
                stack.append(_Frame(0))
            elif stack:
                fr = frame_at(indent, i)
                if not fr.fresh():
                    incomplete(stack.pop(), i, "a new subtest started")
                    frame_at(indent, i)
            continue
        if not stack:
            continue        # outside a KTAP run
        m = SUBTEST_RE.match(body)
        if m and indent > 0:
            fr = frame_at(indent, i)
            if not fr.fresh():
                incomplete(stack.pop(), i, "a new subtest started")
                fr = frame_at(indent, i)
            fr.name = m.group(1)
            continue
        m = PLAN_RE.match(body)
        if m:
            frame_at(indent, i).plan = int(m.group(1))
            continue
        m = RESULT_RE.match(body)
        if m:
            # A result closes the subtest just deeper than it, if any.
            child = None
            while stack[-1].indent > indent:
                if child is not None:
                    incomplete(child, i, "no result line closed it")
                child = stack.pop()
                if not stack:
                    stack.append(_Frame(indent))
            fr = frame_at(indent, i)
            children = child.results if child else []
            name = (m.group(3) or "").strip() or (child and child.name) or "#" + m.group(2)
            if child is not None and child.plan is not None and len(children) != child.plan:
                rep.errors.append("line %d: KTAP subtest '%s' planned %d results, has %d"
                                  % (i, name, child.plan, len(children)))
            diag = fr.pending + (child.pending if child else [])
            fr.pending = []
            fr.results.append(Case(name, m.group(1) == "ok", (m.group(4) or "").strip(),
                                   children, diag[-6:], i))
            continue
        m = TOTALS_RE.match(body)
        if m and indent == 0:
            rep.totals.append(tuple(int(x) for x in m.groups()) + (i,))
            continue
        stack[-1].pending.append(body)
        del stack[-1].pending[:-20]

    end_run(len(lines), "the log ended")

    def name_tree(cases, prefix):
        for c in cases:
            c.path = prefix + c.name
            name_tree(c.children, c.path + ".")
    name_tree(rep.top, "")
    return rep


class Verdict:
    def __init__(self):
        self.failures = []      # one line each
        self.notes = []
        self.ktap = None
        self.splats = []        # (line number, text) counted as failures
        self.expected_splats = []

    @property
    def passed(self):
        return not self.failures


def crash_report_start(lines):
    """0-based index of the line where the first panic's report begins: the
    last shell prompt before the panic line (the command that crashed), or
    the panic line itself. None if nothing panicked."""
    for i, raw in enumerate(lines):
        if PANIC_RE.search(strip_timestamp(raw)):
            for j in range(i, -1, -1):
                if lines[j].startswith(PROMPT):
                    return j
            return i
    return None


def judge(text, exit_code=None, timed_out=False, expects=(), expect_exit=EXIT_POWEROFF_PASS,
          allow_splats=(), require_ktap=False, expect_panic=None):
    """Decide pass/fail for a boot. Returns a Verdict.

    exit_code: QEMU's exit status (None if it was killed).
    expect_exit: the status wanted, or None to accept any.
    expect_panic: a regex the first "Kernel panic" line must match; the run
      then must panic (exit status 37), and the splats of the crash report
      (from the prompt of the command that crashed on) are expected ones.
    """
    v = Verdict()
    lines = clean_lines(text)
    allow = [re.compile(a) for a in allow_splats]
    report_from = None

    if timed_out:
        v.failures.append("timeout: QEMU did not exit in time and was killed")
    if expect_panic is not None:
        expect_exit = EXIT_PANIC if expect_exit is not None else None
        report_from = crash_report_start(lines)
        if report_from is None:
            v.failures.append("expected panic /%s/ did not happen" % expect_panic)
        else:
            first = next(strip_timestamp(l).strip() for l in lines[report_from:]
                         if PANIC_RE.search(strip_timestamp(l)))
            if not re.search(expect_panic, first):
                v.failures.append("panic does not match /%s/: %s" % (expect_panic, first))

    # Splats, and the expected-splat regions around them.
    depth, begin_line, panicked = 0, None, False
    for i, raw in enumerate(lines, 1):
        line = strip_timestamp(raw)
        m = SPLAT_MARK_RE.search(line)
        if m:
            if m.group(1) == "begin":
                if depth:
                    v.failures.append("line %d: '# expect-splat: begin' nested inside the "
                                      "region begun at line %d" % (i, begin_line))
                depth += 1
                begin_line = i
            else:
                if not depth:
                    v.failures.append("line %d: '# expect-splat: end' without a begin" % i)
                else:
                    depth -= 1
            continue
        in_report = report_from is not None and i > report_from
        if PANIC_RE.search(line):
            if not panicked and not in_report:  # the first line says it; the rest repeat it
                v.failures.append("line %d: %s" % (i, line.strip()))
            panicked = True
            continue
        if any(r.search(line) for r in SPLAT_RES):
            if depth or in_report or any(a.search(line) for a in allow):
                v.expected_splats.append((i, line.strip()))
            else:
                v.splats.append((i, line.strip()))
                v.failures.append("line %d: splat: %s" % (i, line.strip()))
    if depth:
        v.failures.append("line %d: '# expect-splat: begin' never ended" % begin_line)

    # KTAP.
    rep = parse_ktap(lines)
    v.ktap = rep
    for c in rep.failures():
        why = " | ".join(d for d in c.diag if not d.startswith(("# Subtest", "# module")))
        v.failures.append("line %d: KTAP not ok: %s%s" % (c.line, c.path,
                                                           (" (%s)" % why) if why else ""))
    for e in rep.errors:
        v.failures.append(e)
    counts = rep.counts()
    if require_ktap and not counts["total"]:
        v.failures.append("no KTAP test results in the log")
    for p, f, s, t, ln in rep.totals:
        if f and not counts["fail"]:
            v.failures.append("line %d: KTAP totals report %d failure(s)" % (ln, f))
    if rep.totals:
        tp = [sum(x[k] for x in rep.totals) for k in range(4)]
        if (tp[0], tp[1], tp[2], tp[3]) != (counts["pass"], counts["fail"], counts["skip"],
                                            counts["total"]):
            v.notes.append("KTAP '# Totals:' lines say pass:%d fail:%d skip:%d total:%d, "
                           "the results counted are pass:%d fail:%d skip:%d total:%d"
                           % tuple(tp + [counts[k] for k in ("pass", "fail", "skip", "total")]))

    for e in expects:
        if not re.search(e, "\n".join(lines), re.MULTILINE):
            v.failures.append("expected output missing: /%s/" % e)

    if exit_code is not None and not timed_out:
        if exit_code == EXIT_PANIC and expect_panic is not None:
            pass
        elif exit_code == EXIT_PANIC:
            if not any("Kernel panic" in f for f in v.failures):
                v.failures.append("exit status %d: the kernel panicked" % exit_code)
        elif expect_exit is not None and exit_code != expect_exit:
            if exit_code == EXIT_POWEROFF_FAIL:
                v.failures.append("exit status 35: poweroff reported a failed in-kernel test")
            elif exit_code == 0:
                v.failures.append("exit status 0: triple fault or reboot (QEMU runs with -no-reboot)")
            elif exit_code & 1 and exit_code > 1:
                v.failures.append("exit status %d: the kernel wrote %#x to the debug-exit port, "
                                  "expected status %d" % (exit_code, exit_code >> 1, expect_exit))
            else:
                v.failures.append("exit status %d: QEMU failed (expected %d)"
                                  % (exit_code, expect_exit))
    return v


def summary(v):
    c = v.ktap.counts() if v.ktap else None
    s = ""
    if c and c["total"]:
        s = "KTAP: %d cases, %d passed, %d failed, %d skipped" % (
            c["total"], c["pass"], c["fail"], c["skip"])
    else:
        s = "KTAP: no test results"
    if v.expected_splats:
        s += "; %d expected splat line(s)" % len(v.expected_splats)
    return s
