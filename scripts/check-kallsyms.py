#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Check that linking the symbol table did not move any text symbol."""
import subprocess
import sys


def text_syms(elf):
    out = subprocess.run(['nm', '-n', elf], capture_output=True, text=True,
                         check=True).stdout
    syms = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in 'tT' and 'kallsyms' not in parts[2]:
            syms[parts[2]] = parts[0]
    return syms


first, final = text_syms(sys.argv[1]), text_syms(sys.argv[2])
moved = [n for n in first if final.get(n) != first[n]]
if moved:
    print(f'kallsyms: {len(moved)} text symbols moved between link passes, '
          f'e.g. {moved[:3]}', file=sys.stderr)
    sys.exit(1)
