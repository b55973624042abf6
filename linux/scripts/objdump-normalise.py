#!/usr/bin/env python3
"""objdump-normalise.py OBJ: print "objdump -dr" of OBJ in a form that does
not depend on where code sits: no address column, no relocation offsets,
no absolute addresses in branch targets (kept as <symbol+offset>, which is
relative to the function), and the functions sorted by section and name,
so that the order in which the compiler emitted them does not matter.
Anything else (every instruction, operand, relocation type and target) is
kept and compared."""
import re
import subprocess
import sys

out = subprocess.run(['objdump', '-dr', '--no-show-raw-insn', sys.argv[1]],
                     check=True, capture_output=True, text=True).stdout
section = ''
funcs = {}
cur = None
for line in out.splitlines():
    m = re.match(r'^Disassembly of section (\S+):', line)
    if m:
        section = m.group(1)
        cur = None
        continue
    m = re.match(r'^[0-9a-f]+ <(.+)>:$', line)
    if m:
        key = (section, m.group(1))
        n = 0
        while key in funcs:          # same-named local symbols
            n += 1
            key = (section, m.group(1) + '#%d' % n)
        cur = funcs[key] = []
        continue
    if cur is None or not line.strip():
        continue
    line = re.sub(r'^\s*[0-9a-f]+:\s*', '', line)          # address / reloc offset
    line = re.sub(r'\b[0-9a-f]+ (<[^>]*>)', r'\1', line)  # branch target address
    cur.append(line.rstrip())
for key in sorted(funcs):
    print('%s %s:' % key)
    for line in funcs[key]:
        print('  ' + line)
