#!/usr/bin/env python3
"""nfc-cmpswap.py BASE.o NEW.o: succeed only if the two objects differ in
nothing but the operand order of "cmp" instructions whose result is used
for equality only.

"cmp A,B" and "cmp B,A" compute B-A and A-B: the zero flag is the same
(A == B either way); the carry, sign, overflow and parity flags differ.
So a swap is harmless exactly when no instruction that can execute after
the cmp reads a flag other than ZF before every flag is overwritten.  GCC
produces such swaps when a statement expression or an inline function
gives it a temporary that it orders differently in a commutative ==/!=.

Checked here, without any tolerance elsewhere:
- "objdump -dr" of both objects, line by line (addresses included: a
  swap does not change an instruction's length), must be identical except
  for cmp lines whose two operands are exchanged;
- from each swapped cmp in NEW, every path through the function is
  followed (fall-through and branch targets) until all flags are
  overwritten (cmp, test, add, sub, and, or, xor, neg) or control leaves
  the function (ret, ud2, call -- the psABI does not preserve flags across
  calls -- or a jump to another symbol).  On the way only je/jne, sete/
  setne and cmove/cmovne may read flags; instructions known not to touch
  flags are passed over; anything else (another flag reader, inc/dec,
  which keep CF, or an instruction this script does not know) rejects.
Prints "func xN, ..." (the functions with swaps) and exits 0, or prints
why not and exits 1.
"""
import re
import subprocess
import sys

from asm_operands import split_ops

EQ_READERS = {'je', 'jne', 'sete', 'setne', 'cmove', 'cmovne'}
WRITERS = re.compile(r'^(cmp|test|add|sub|and|or|xor|neg)[bwlq]?$')
NEUTRAL = re.compile(r'^(mov[a-z]*|lea[a-z]?|push[a-z]?|pop[a-z]?|nop[a-z]*|xchg[a-z]?|'
                     r'cltq|cqto|cltd|cwtl|endbr64|bswap|ud1)$')
EXITS = re.compile(r'^(ret[a-z]*|ud2|int3|call[a-z]*|hlt)$')


def listing(path):
    out = subprocess.run(['objdump', '-dr', '--no-show-raw-insn', path],
                         check=True, capture_output=True, text=True).stdout
    return out.splitlines()[2:]          # drop "file format" header


INSN = re.compile(r'^\s*([0-9a-f]+):\s+(.*?)\s*$')


def parse(text):
    text = re.sub(r'\s*#.*$', '', text)
    m = re.match(r'(\S+)\s*(.*)$', text)
    mnem, rest = m.group(1), m.group(2)
    if mnem in ('lock', 'rep', 'repz', 'repnz', 'notrack', 'bnd', 'ds', 'cs'):
        return parse(rest) if rest else (mnem, [])
    return mnem, split_ops(rest) if rest else []


def functions(lines):
    """addr -> (line index, insn text, reloc-follows), per function."""
    funcs, cur, name = {}, None, None
    for i, line in enumerate(lines):
        m = re.match(r'^([0-9a-f]+) <(.+)>:$', line)
        if m:
            name = m.group(2)
            cur = funcs.setdefault(name, {})
            continue
        m = INSN.match(line)
        if m and cur is not None and not m.group(2).startswith('R_'):
            nxt = lines[i + 1] if i + 1 < len(lines) else ''
            cur[int(m.group(1), 16)] = (i, m.group(2), bool(re.match(r'^\s*[0-9a-f]+: R_X86_64', nxt)))
    return funcs


def flags_ok(func, start_addr):
    """Only ZF is read after the cmp at start_addr, on every path."""
    addrs = sorted(func)
    nxt = {a: b for a, b in zip(addrs, addrs[1:])}
    todo, seen = [nxt.get(start_addr)], set()
    while todo:
        a = todo.pop()
        if a is None:
            return 'falls off the end of the function'
        if a in seen:
            continue
        seen.add(a)
        _, text, reloc = func[a]
        mnem, ops = parse(text)
        if WRITERS.match(mnem) or EXITS.match(mnem):
            continue
        if mnem == 'jmp':
            m = re.match(r'^([0-9a-f]+) <', ops[0]) if ops else None
            if reloc or not m or '*' in ops[0]:
                continue                 # leaves the function (tail call)
            t = int(m.group(1), 16)
            if t not in func:
                continue
            todo.append(t)
            continue
        if mnem.startswith('j') or mnem.startswith('set') or mnem.startswith('cmov'):
            if mnem not in EQ_READERS:
                return 'flags read by "%s" at %x' % (text, a)
            if mnem == 'je' or mnem == 'jne':
                m = re.match(r'^([0-9a-f]+) <', ops[0])
                if not reloc and m and int(m.group(1), 16) in func:
                    todo.append(int(m.group(1), 16))
            todo.append(nxt.get(a))
            continue
        if NEUTRAL.match(mnem):
            todo.append(nxt.get(a))
            continue
        return 'unknown effect on flags: "%s" at %x' % (text, a)
    return None


def main():
    a, b = listing(sys.argv[1]), listing(sys.argv[2])
    if len(a) != len(b):
        print('listings differ in length (%d, %d lines): not only cmp swaps' % (len(a), len(b)))
        return 1
    fb = functions(b)
    where = {}
    for name, func in fb.items():
        for addr, (i, _, _) in func.items():
            where[i] = (name, addr)
    swaps = {}
    for i, (la, lb) in enumerate(zip(a, b)):
        if la == lb:
            continue
        ma, mb = INSN.match(la), INSN.match(lb)
        if not (ma and mb and ma.group(1) == mb.group(1) and i in where):
            print('differs beyond a cmp: %r / %r' % (la.strip(), lb.strip()))
            return 1
        (na, oa), (nb, ob) = parse(ma.group(2)), parse(mb.group(2))
        if not (na == nb and na.startswith('cmp') and len(oa) == 2 and oa == ob[::-1]):
            print('differs beyond a cmp: %r / %r' % (la.strip(), lb.strip()))
            return 1
        name, addr = where[i]
        why = flags_ok(fb[name], addr)
        if why:
            print('%s: swapped "%s" but %s' % (name, mb.group(2), why))
            return 1
        swaps[name] = swaps.get(name, 0) + 1
    print(', '.join('%s x%d' % kv for kv in sorted(swaps.items())) or 'identical')
    return 0


if __name__ == '__main__':
    sys.exit(main())
