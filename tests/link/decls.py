#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""decls.py BUILD_DIR: every function a header declares is defined.

For one built configuration: the headers of the source tree that its
objects include (from their .d files) are preprocessed one at a time with
the kernel's flags and that configuration's autoconf.h, so a prototype
under #ifdef counts only where it is visible.  Every non-static function
prototype left (static inlines and macros are not prototypes) must name a
symbol the linked kernel defines (nm of rcuos.0.elf).  One
'FAIL: decls:<config>: <header>: <name>() is declared but never defined'
line per offender, or one PASS line; exit status 1 on any failure.
"""
import os
import re
import subprocess
import sys


def make_vars(top, build):
    """CC, KCFLAGS and OBJS as the top Makefile has them for BUILD."""
    recipe = ('decls-vars: ; @echo "DECLVAR CC $(CC)"; '
              'echo "DECLVAR KCFLAGS $(KCFLAGS)"; echo "DECLVAR OBJS $(OBJS)"')
    out = subprocess.run(
        ["make", "-s", "--no-print-directory", "O=" + build,
         "KCONFIG_CONFIG=" + os.path.join(build, ".config"),
         "--eval", recipe, "decls-vars"],
        cwd=top, check=True, capture_output=True, text=True).stdout
    v = {}
    for line in out.splitlines():
        if line.startswith("DECLVAR "):
            _, key, *rest = line.split(" ", 2)
            v[key] = rest[0] if rest else ""
    return v


def headers_used(top, objs):
    """Source-tree headers named by the .d files of OBJS."""
    hdrs = set()
    for o in objs:
        d = o[:-2] + ".d"
        if not os.path.exists(d):
            continue
        with open(d) as f:
            text = f.read().replace("\\\n", " ")
        for w in text.split():
            if not w.endswith(".h"):
                continue
            p = os.path.realpath(os.path.join(top, w))
            if p.startswith(top + os.sep) and not p.startswith(
                    os.path.realpath(os.path.join(top, "build")) + os.sep):
                hdrs.add(os.path.relpath(p, top))
    return sorted(hdrs)


def own_text(pp, header):
    """The preprocessed lines that come from HEADER itself."""
    keep, out = False, []
    for line in pp.splitlines():
        m = re.match(r'^# \d+ "([^"]*)"', line)
        if m:
            keep = os.path.normpath(m.group(1)).endswith(header)
            continue
        if keep:
            out.append(line)
    return "\n".join(out)


def strip_attributes(s):
    """Drop __attribute__((...)) and asm labels (balanced parentheses)."""
    out, i = [], 0
    pat = re.compile(r"\b(__attribute__|__asm__|asm)\s*\(")
    while True:
        m = pat.search(s, i)
        if not m:
            out.append(s[i:])
            return "".join(out)
        out.append(s[i:m.start()])
        depth, j = 0, m.end() - 1
        while j < len(s):
            if s[j] == "(":
                depth += 1
            elif s[j] == ")":
                depth -= 1
                if depth == 0:
                    break
            j += 1
        i = j + 1


def prototypes(text):
    """Names of the non-static function prototypes at file scope."""
    text = strip_attributes(text)
    names, stmt, i = [], [], 0
    while i < len(text):
        c = text[i]
        if c == "{":
            depth, j = 0, i
            while j < len(text):
                if text[j] == "{":
                    depth += 1
                elif text[j] == "}":
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            head = "".join(stmt).strip()
            i = j + 1
            if head.endswith(")"):	# a function definition
                stmt = []
            else:			# struct/enum/initializer: up to ';'
                stmt.append(" {} ")
            continue
        if c == ";":
            s = " ".join("".join(stmt).split())
            stmt = []
            i += 1
            if "{" in s or "=" in s or re.search(r"\b(typedef|static)\b", s):
                continue
            if not s.endswith(")"):
                continue
            depth, j = 0, len(s) - 1
            while j >= 0:
                if s[j] == ")":
                    depth += 1
                elif s[j] == "(":
                    depth -= 1
                    if depth == 0:
                        break
                j -= 1
            m = re.search(r"([A-Za-z_]\w*)\s*$", s[:j])
            if m and not re.search(r"\(\s*\*?\s*$", s[:m.start()]):
                names.append(m.group(1))
            continue
        stmt.append(c)
        i += 1
    return names


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: decls.py BUILD_DIR")
    top = os.path.realpath(os.path.join(os.path.dirname(__file__), "..", ".."))
    build = sys.argv[1].rstrip("/")
    cfg = os.path.basename(build)
    elf = os.path.join(build, "rcuos.0.elf")
    if not os.path.exists(elf):
        sys.exit("decls.py: %s is not built (no rcuos.0.elf)" % build)
    v = make_vars(top, build)
    objs = v["OBJS"].split()
    flags = [f for f in v["KCFLAGS"].split() if f != "-Werror"]
    nm = subprocess.run(["nm", elf], check=True, capture_output=True, text=True).stdout
    defined = {l.split()[-1] for l in nm.splitlines() if len(l.split()) == 3}

    hdrs = headers_used(top, objs)
    fail = total = 0
    for h in hdrs:
        pp = subprocess.run([v["CC"]] + flags + ["-E", "-x", "c", h],
                            cwd=top, capture_output=True, text=True)
        if pp.returncode:
            print("FAIL: decls:%s: %s does not preprocess:\n%s" % (cfg, h, pp.stderr))
            fail = 1
            continue
        for name in sorted(set(prototypes(own_text(pp.stdout, h)))):
            total += 1
            if name not in defined and not name.startswith("__builtin_"):
                print("FAIL: decls:%s: %s: %s() is declared but never defined"
                      % (cfg, h, name))
                fail = 1
    if not hdrs or not total:
        print("FAIL: decls:%s: no headers or no prototypes found" % cfg)
        return 1
    if not fail:
        print("PASS: decls:%s (%d prototypes in %d headers, all defined)"
              % (cfg, total, len(hdrs)))
    return fail


if __name__ == "__main__":
    sys.exit(main())
