#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Run the sparse cases of tests/sparse/ and compare their diagnostics.

Each case is a C file in sparse's own validation format: it ends with a
comment holding

    check-name: <name>
    check-command: <command>        (optional; default: sparse $SPARSEFLAGS $file)
    check-exit-value: <n>           (optional; default 1 with errors, else 0)
    check-error-start
    file.c:LINE:COL: error: ...     (the exact expected output, in order)
    check-error-end

A case without an error block must produce no output at all.  The
command runs in the case's directory with $file replaced by the file's
name and $SPARSEFLAGS by the kernel's flags (--flags, normally the top
Makefile's SPARSEFLAGS: -Wsparse-error, so diagnostics are "error:" and
the exit status is 1).  Any extra, missing or changed line fails the case.

--self-test also proves that every case can fail: each case is copied to
a temporary directory with its expectation altered (a line dropped, a
column changed, an unexpected line added), and the comparison must then
report a difference.

Writes 'PASS: sparse-case/<name>' or 'FAIL: sparse-case/<name>' lines to
stdout and, with --results, to that file (truncated first).  Exit status:
0 if everything passed, 1 otherwise.

Standalone:  tests/sparse/run.py --build-dir build/sparse-cases
(which makes that build directory's tree_defconfig .config and autoconf
and takes SPARSEFLAGS from the top Makefile).
"""
import argparse
import difflib
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SRCTREE = os.path.dirname(os.path.dirname(HERE))


class Case:
    def __init__(self, path):
        self.path = path
        self.file = os.path.basename(path)
        self.name = None
        self.command = None
        self.exit_value = None
        self.expected = []
        self.parse()

    def parse(self):
        with open(self.path) as f:
            lines = f.read().split('\n')
        in_err = False
        have_block = False
        for line in lines:
            tag = re.sub(r'^\s*\*?\s*', '', line)
            if in_err:
                if tag.startswith('check-error-end'):
                    in_err = False
                else:
                    self.expected.append(line)
                continue
            if tag.startswith('check-name:'):
                self.name = tag.split(':', 1)[1].strip()
            elif tag.startswith('check-command:'):
                self.command = tag.split(':', 1)[1].strip()
            elif tag.startswith('check-exit-value:'):
                self.exit_value = int(tag.split(':', 1)[1].strip())
            elif tag.startswith('check-error-start'):
                in_err = True
                have_block = True
        if self.name is None:
            raise ValueError('%s: no check-name:' % self.path)
        if in_err:
            raise ValueError('%s: check-error-start without check-error-end' % self.path)
        if self.exit_value is None:
            self.exit_value = 1 if any(': error:' in l for l in self.expected) else 0
        self.have_block = have_block


def absolutize_flags(flags, base):
    """Make -I/-isystem/-include paths absolute: sparse runs in the case's dir."""
    out = []
    words = shlex.split(flags)
    i = 0
    while i < len(words):
        w = words[i]
        if w in ('-I', '-isystem', '-include', '-iquote') and i + 1 < len(words):
            out += [w, os.path.join(base, words[i + 1])]
            i += 2
            continue
        m = re.match(r'^(-I|-isystem|-iquote)(.+)$', w)
        if m:
            out.append(m.group(1) + os.path.join(base, m.group(2)))
        else:
            out.append(w)
        i += 1
    return out


def run_case(case, sparse, flags, workdir=None):
    """Return (ok, report lines)."""
    cwd = workdir or os.path.dirname(case.path)
    if case.command:
        cmd = case.command.replace('$SPARSEFLAGS', ' '.join(shlex.quote(f) for f in flags))
        cmd = cmd.replace('$file', shlex.quote(case.file))
        argv = shlex.split(cmd)
        if argv and argv[0] == 'sparse':
            argv[0] = sparse
    else:
        argv = [sparse] + flags + [case.file]
    p = subprocess.run(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True)
    got = p.stdout.split('\n')
    if got and got[-1] == '':
        got.pop()
    report = []
    if got != case.expected:
        report.append('  output differs from the expected block:')
        report += ['  ' + l.rstrip('\n') for l in
                   difflib.unified_diff(case.expected, got, 'expected', 'got', lineterm='')]
    if p.returncode != case.exit_value:
        report.append('  exit status %d, expected %d' % (p.returncode, case.exit_value))
    return not report, report


def mutants(case):
    """Altered copies of @case's text whose comparison must fail."""
    with open(case.path) as f:
        text = f.read()
    out = []
    if case.expected:
        first = case.expected[0]
        # a changed column in the first expected line
        m = re.match(r'^([^:]+):(\d+):(\d+):(.*)$', first)
        if m:
            changed = '%s:%s:%d:%s' % (m.group(1), m.group(2), int(m.group(3)) + 1, m.group(4))
            out.append(('column', text.replace(first + '\n', changed + '\n', 1)))
        # a missing line: the last expected one
        last = case.expected[-1]
        idx = text.rfind(last + '\n')
        out.append(('missing', text[:idx] + text[idx + len(last) + 1:]))
    else:
        # a silent case that "expects" a warning
        extra = (' * check-error-start\n%s:1:1: error: expected diagnostic\n'
                 ' * check-error-end\n' % case.file)
        idx = text.rfind(' */')
        out.append(('extra', text[:idx] + extra + text[idx:]))
    # the same file, an unexpected extra line in the expectation
    if case.expected:
        last = case.expected[-1]
        idx = text.rfind(last + '\n') + len(last) + 1
        out.append(('extra', text[:idx] + '%s:1:1: error: not printed\n' % case.file + text[idx:]))
    return out


def sparse_flags_from_make(build_dir):
    """SPARSEFLAGS of the top Makefile for O=@build_dir (autoconf generated)."""
    mk = ['make', '-s', '--no-print-directory', '-C', SRCTREE, 'O=' + build_dir,
          'KCONFIG_CONFIG=' + os.path.join(build_dir, '.config')]
    if not os.path.exists(os.path.join(SRCTREE, build_dir, '.config')) and \
       not os.path.exists(os.path.join(build_dir, '.config')):
        subprocess.run(mk + ['tree_defconfig'], check=True, stdout=subprocess.DEVNULL)
    p = subprocess.run(mk + ['-f', 'Makefile', '-f', 'tests/sparse/sparse.mk',
                             'sparse-print-flags'],
                       check=True, stdout=subprocess.PIPE, universal_newlines=True)
    return p.stdout.strip().split('\n')[-1]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--sparse', default='sparse')
    ap.add_argument('--flags', help="the kernel's SPARSEFLAGS (paths relative to --srctree)")
    ap.add_argument('--build-dir', default='build/sparse-cases',
                    help='without --flags: build dir whose autoconf to use')
    ap.add_argument('--srctree', default=SRCTREE)
    ap.add_argument('--results', help='file for the PASS/FAIL lines (truncated)')
    ap.add_argument('--self-test', action='store_true',
                    help='also check that every case fails with an altered expectation')
    ap.add_argument('cases', nargs='*', help='case files (default: tests/sparse/*.c)')
    args = ap.parse_args()

    flags = args.flags if args.flags is not None else sparse_flags_from_make(args.build_dir)
    flags = absolutize_flags(flags, os.path.abspath(args.srctree))
    paths = args.cases or sorted(os.path.join(HERE, f) for f in os.listdir(HERE)
                                 if f.endswith('.c'))
    results = []
    failed = 0

    def record(ok, what, report=()):
        nonlocal failed
        line = '%s: %s' % ('PASS' if ok else 'FAIL', what)
        print(line)
        for r in report:
            print(r)
        results.append(line)
        if not ok:
            failed += 1

    cases = []
    names = set()
    for path in paths:
        try:
            case = Case(os.path.abspath(path))
        except ValueError as e:
            record(False, 'sparse-case/%s (%s)' % (os.path.basename(path), e))
            continue
        if case.name in names:
            record(False, 'sparse-case/%s (duplicate check-name)' % case.name)
            continue
        names.add(case.name)
        cases.append(case)

    for case in cases:
        ok, report = run_case(case, args.sparse, flags)
        record(ok, 'sparse-case/%s' % case.name, report)

    if args.self_test:
        nmut = 0
        bad = []
        tmp = tempfile.mkdtemp(prefix='sparse-mutants.')
        try:
            for case in cases:
                for kind, text in mutants(case):
                    d = os.path.join(tmp, '%s.%s' % (case.name, kind))
                    os.mkdir(d)
                    with open(os.path.join(d, case.file), 'w') as f:
                        f.write(text)
                    nmut += 1
                    ok, _ = run_case(Case(os.path.join(d, case.file)), args.sparse, flags)
                    if ok:
                        bad.append('%s (%s)' % (case.name, kind))
        finally:
            shutil.rmtree(tmp)
        for b in bad:
            record(False, 'sparse-case-can-fail/%s: an altered expectation still passed' % b)
        if not bad:
            record(True, 'sparse-case-can-fail (%d altered expectations of %d cases all failed)'
                   % (nmut, len(cases)))

    npass = sum(1 for r in results if r.startswith('PASS'))
    nmis = sum(1 for c in cases if c.expected)
    print('sparse-cases: %d cases (%d misuse, %d silent), %d passed, %d failed'
          % (len(cases), nmis, len(cases) - nmis, npass, failed))
    if args.results:
        os.makedirs(os.path.dirname(os.path.abspath(args.results)), exist_ok=True)
        with open(args.results, 'w') as f:
            f.write('\n'.join(results) + '\n')
    return 1 if failed or not cases else 0


if __name__ == '__main__':
    sys.exit(main())
