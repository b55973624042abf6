#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""check.py: every command make check runs comes from a package that
scripts/ensure-packages installs.

  tests/packages/check.py [--groups "G..."] [--packages "P..."]
                          [--root DIR] [--results FILE] [--self-test]

Reads the shell scripts, makefiles and Python scripts that make check runs
(Makefile, *.mk, .ci/run, scripts/, tests/ but tests/bench/, linux/linux.mk
and linux/scripts/), takes every word of their code (shell and make: comments
dropped; Python: the string literals that are one word, and the first word
of the others), and keeps the words that name an executable on PATH and are
not a shell builtin.  Each is mapped to the Debian package that owns it
(dpkg -S of the file it resolves to).  That package must be installed on
any Debian system (Essential, or a dependency of an Essential package), or
be one of the packages of the ensure-packages groups, or a dependency of
one of those.  The groups: "check" (make check installs it) for all but
linux/, "check linux" for linux/ (linux-check installs the linux group);
--groups sets one list for all the files.

Prints 'PASS: packages/commands (...)' (and packages/linux-commands) or one
'FAIL: packages/<command> (...)' per offender, also into FILE; exits 1 on any failure.  --packages
replaces the groups' list (for the self-test); --self-test runs the check
on a made-up tree, once with the command's package listed and once without.
"""

import argparse
import ast
import contextlib
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile

# Debian's own PATH: a fresh machine has nothing else (no /usr/local,
# ~/.local or pyenv shims in front of the packaged commands).
SYSPATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
# apt: what ensure-packages installs with, so it cannot install it.
ALWAYS = {"apt"}
SRCTREE = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
WORD = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.+-]*")
# A comment: '#' at the start of a line or after blank space (not $# or ${#).
COMMENT = re.compile(r"(^|\s)#.*$")


def tracked_files(root):
    """The files to read, relative to root (git's list when there is one)."""
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z"], check=True,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
        files = [f for f in out.decode().split("\0") if f]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for d, _, names in os.walk(root):
            for n in names:
                files.append(os.path.relpath(os.path.join(d, n), root))
    keep = []
    for f in files:
        if f.startswith(("build/", "tests/bench/")):
            continue
        if f == ".ci/run" or f == "Makefile" or f.endswith(".mk"):
            keep.append(f)
        elif f.startswith(("scripts/", "tests/", "linux/scripts/")):
            keep.append(f)
    return sorted(keep)


def kind(root, f):
    """'sh', 'make', 'py' or None (not a script)."""
    if f == "Makefile" or f.endswith(".mk"):
        return "make"
    if f.endswith(".py"):
        return "py"
    if f.endswith(".sh"):
        return "sh"
    try:
        with open(os.path.join(root, f), "rb") as fh:
            first = fh.readline(200)
    except OSError:
        return None
    if first.startswith(b"#!"):
        if b"python" in first:
            return "py"
        if re.search(rb"\b(ba)?sh\b", first):
            return "sh"
    return None


def code_text(line):
    """Shell or make text without its comments, its single-quoted strings
    (awk, sed and python programs) and its double-quoted text, but with the
    $(...) command substitutions inside double quotes."""
    out, stack, i = [], ["code"], 0
    while i < len(line):
        c, state = line[i], stack[-1]
        if state == "code":
            if c == "#" and (i == 0 or line[i - 1].isspace()):
                j = line.find("\n", i)
                i = len(line) if j < 0 else j
                continue
            if c == "\\":
                out.append(line[i:i + 2])
                i += 2
                continue
            if c == "'":
                stack.append("squote")
            elif c == '"':
                stack.append("dquote")
            elif c == "(" and len(stack) > 1:
                stack.append("code")
            elif c == ")" and len(stack) > 1:
                stack.pop()
            out.append(c if stack[-1] == "code" or c in "()" else " ")
        elif state == "squote":
            if c == "'":
                stack.pop()
            out.append(" ")
        else:	# dquote
            if c == "\\":
                i += 2
                continue
            if c == '"':
                stack.pop()
            elif line.startswith("$(", i):
                stack.append("code")
                out.append(" (")
                i += 2
                continue
            out.append(" ")
        i += 1
    return "".join(out)


# A command name: not part of an option (-x, --file), a path (a/b, x.y),
# a variable ($x), an assignment (x=) or a label (x:).
SHWORD = re.compile(r"(?<![\w./$@%=+-])[A-Za-z0-9_][\w.+-]*(?![\w.+-]*[=:])")


# Words after which the next one is no command: loop variables and git's
# subcommands (git init is not /usr/sbin/init).
NOT_COMMAND = re.compile(r"\b(for\s+)\w+(?=\s+in\b)|\b(git(?:\s+-[Cc]\s+\S+)*)\s+[\w-]+")


def words_shell(text):
    text = code_text(NOT_COMMAND.sub(lambda m: m.group(1) or m.group(2), text))
    yield from SHWORD.findall(text)


def words_python(text):
    """The first string of each list literal (["objdump", "-d", f]) and the
    first word of a string passed to subprocess (shell=True)."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return
    for node in ast.walk(tree):
        first = None
        if isinstance(node, ast.List) and node.elts:
            first = node.elts[0]
        elif (isinstance(node, ast.Call) and node.args
              and isinstance(node.func, ast.Attribute)
              and isinstance(node.func.value, ast.Name) and node.func.value.id == "subprocess"):
            first = node.args[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str) and first.value.split():
            w = first.value.split()[0]
            if WORD.fullmatch(w):
                yield w


def builtins():
    out = subprocess.run(["bash", "-c", "compgen -b; compgen -k"],
                         stdout=subprocess.PIPE, text=True).stdout
    return set(out.split())


def dpkg_owners(paths):
    """path -> package, for the paths dpkg knows (one dpkg -S call)."""
    owners = {}
    if not paths:
        return owners
    p = subprocess.run(["dpkg", "-S"] + sorted(paths), stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL, text=True)
    for line in p.stdout.splitlines():
        if line.startswith("diversion "):
            continue
        pkgs, sep, path = line.partition(": ")
        if sep and path in paths:
            owners[path] = pkgs.split(",")[0].strip().split(":")[0]
    return owners


def candidates(path):
    """The names dpkg may know path by (merged /usr: /bin is /usr/bin)."""
    real = os.path.realpath(path)
    out = [real, path]
    for p in (real, path):
        for a, b in (("/usr/bin/", "/bin/"), ("/usr/sbin/", "/sbin/"),
                     ("/bin/", "/usr/bin/"), ("/sbin/", "/usr/sbin/")):
            if p.startswith(a):
                out.append(b + p[len(a):])
    return out


def installed_packages():
    """name -> (essential, deps as lists of alternatives, provides)."""
    fmt = "${Package}\t${db:Status-Status}\t${Essential}\t${Pre-Depends}, ${Depends}\t${Provides}\n"
    out = subprocess.run(["dpkg-query", "-W", "-f=" + fmt], stdout=subprocess.PIPE,
                         text=True).stdout
    pkgs, provides = {}, {}

    def names(field):
        return [re.sub(r"[\s(:].*$", "", a.strip()) for a in field.split("|") if a.strip()]
    for line in out.splitlines():
        f = line.split("\t")
        if len(f) < 5 or f[1] != "installed":
            continue
        deps = [names(d) for d in f[3].split(",") if d.strip()]
        pkgs[f[0]] = (f[2] == "yes", deps)
        for v in f[4].split(","):
            if v.strip():
                provides.setdefault(names(v)[0], []).append(f[0])
    return pkgs, provides


def closure(roots, pkgs, provides):
    """roots and every installed package they depend on, recursively."""
    seen, todo = set(), list(roots)
    while todo:
        p = todo.pop()
        if p in seen:
            continue
        seen.add(p)
        for alts in pkgs.get(p, (False, []))[1]:
            for a in alts:
                for q in [a] + provides.get(a, []):
                    if q in pkgs and q not in seen:
                        todo.append(q)
    return seen


def check(root, listed, what, results, part=lambda f: True, name="commands"):
    lines = []

    def report(line):
        print(line)
        lines.append(line)

    used = {}	# command -> files
    for f in tracked_files(root):
        k = kind(root, f) if part(f) else None
        if not k:
            continue
        try:
            with open(os.path.join(root, f), errors="replace") as fh:
                text = fh.read()
        except OSError:
            continue
        ws = words_python(text) if k == "py" else words_shell(text)
        for w in set(ws):
            used.setdefault(w, []).append(f)
    skip = builtins()
    exes = {}
    for w in sorted(used):
        if w in skip or w.isdigit():
            continue
        p = shutil.which(w, path=SYSPATH)
        if p:
            exes[w] = p
    allpaths = set()
    for p in exes.values():
        allpaths.update(candidates(p))
    owners = dpkg_owners(allpaths)
    pkgs, provides = installed_packages()
    essential = closure([p for p, (e, _) in pkgs.items() if e], pkgs, provides)
    allowed = closure([p for p in listed if p in pkgs] + list(ALWAYS), pkgs, provides)
    bad, seen_pkgs = 0, set()
    for w, p in sorted(exes.items()):
        owner = next((owners[c] for c in candidates(p) if c in owners), None)
        where = ", ".join(sorted(used[w])[:3]) + (" ..." if len(used[w]) > 3 else "")
        if owner is None:
            report("FAIL: packages/%s (%s belongs to no Debian package; used in %s)"
                   % (w, p, where))
            bad += 1
            continue
        seen_pkgs.add(owner)
        if owner in essential or owner in allowed:
            print("ok: %s -> %s%s" % (w, owner, " (Essential)" if owner in essential else ""))
            continue
        report("FAIL: packages/%s (%s is in package %s, which is not Essential and not "
               "installed by %s; used in %s)" % (w, p, owner, what, where))
        bad += 1
    if not bad:
        report("PASS: packages/%s (%d commands from %d packages, each Essential or "
               "installed by %s)" % (name, len(exes), len(seen_pkgs), what))
    if results:
        with open(results, "a") as fh:
            fh.write("".join(l + "\n" for l in lines))
    return bad == 0


def self_test(results):
    """The check fails when a command's package is not listed."""
    exe = next((c for c in ("sparse", "nasm", "xorriso", "qemu-system-x86_64")
                if shutil.which(c)), None)
    if not exe:
        line = "SKIP: packages/self-test (none of sparse, nasm, xorriso, qemu installed)"
        print(line)
        return True
    owner = dpkg_owners(set(candidates(shutil.which(exe))))
    pkg = next(iter(owner.values()), None)
    ok = True
    with tempfile.TemporaryDirectory() as d:
        os.makedirs(os.path.join(d, "tests"))
        with open(os.path.join(d, "tests", "t.sh"), "w") as fh:
            fh.write("#!/bin/sh\n# not a command: %s\nif true; then %s -v; fi\n"
                     % ("nosuchcommand", exe))
        for listed, want in (([pkg], True), (["make"], False)):
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                got = check(d, listed, "the self-test's list", None)
            print("# self-test, %s listed:" % " ".join(listed))
            print("".join("#   " + l + "\n" for l in out.getvalue().splitlines()), end="")
            ok = ok and got == want
    line = ("PASS: packages/self-test (a command whose package is not listed fails: %s)" % exe
            if ok else "FAIL: packages/self-test (the check did not tell listed from unlisted)")
    print(line)
    if results:
        with open(results, "a") as fh:
            fh.write(line + "\n")
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--groups")
    ap.add_argument("--packages")
    ap.add_argument("--root", default=SRCTREE)
    ap.add_argument("--results")
    ap.add_argument("--self-test", action="store_true")
    a = ap.parse_args()
    def packages(groups):
        if a.packages is not None:
            return a.packages.split(), "--packages"
        out = subprocess.run([os.path.join(SRCTREE, "scripts", "ensure-packages"), "--list"]
                             + groups.split(), check=True, stdout=subprocess.PIPE, text=True)
        return out.stdout.split(), "scripts/ensure-packages " + groups

    if a.groups is not None:
        ok = check(a.root, *packages(a.groups), a.results)
    else:
        # make check installs the check group; the Linux checks' own
        # scripts (linux-check, under linux/) the linux group as well.
        ok = check(a.root, *packages("check"), a.results,
                   part=lambda f: not f.startswith("linux/"))
        ok = check(a.root, *packages("check linux"), a.results,
                   part=lambda f: f.startswith("linux/"), name="linux-commands") and ok
    if a.self_test:
        ok = self_test(a.results) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
