#!/usr/bin/env python3
"""nfc-explain.py BASE.dis SERIES.dis: name the functions whose normalised
disassembly (objdump-normalise.py) differs, and say what kind of
difference each one has.  For the report only: the verdict of nfc.sh does
not depend on these names (it compares whole objects, and the "plain
accessor" builds for the objects that differ).

Kinds (several can apply to one function):
  cmp-operands-swapped  "cmp A,B" became "cmp B,A" (or the reverse)
  load-not-folded       a memory operand of a cmp in the base is loaded by
                        a separate mov in the series (a volatile load,
                        which GCC does not fold into another instruction)
  same-operands-reordered  the same memory operands, in another order or
                        with other registers
  offsets-only          only branch targets inside the function or
                        relocation addends moved (code above grew/shrank)
  other                 anything else
Prints one line: "func1 [kind,kind]; func2 [kind]; ..." (or "none").
"""
import difflib
import re
import sys

from asm_operands import split_ops


def load(path):
    funcs, cur = {}, None
    for line in open(path):
        if not line.startswith('  '):
            cur = funcs.setdefault(line.rstrip().rstrip(':'), [])
        elif cur is not None:
            insn = line.strip()
            if insn.startswith('R_X86_64') and cur:
                cur[-1] += ' | ' + insn     # a relocation belongs to its insn
            else:
                cur.append(insn)
    return funcs


def mask(line):
    """Forget what moves when code elsewhere changes size."""
    line = re.sub(r'<([^>+]*)\+0x[0-9a-f]+>', r'<\1+X>', line)
    line = re.sub(r'(R_X86_64_\w+\s+\.text[^+-]*)[+-]0x[0-9a-f]+', r'\1+X', line)
    line = re.sub(r'\s*#\s*<[^>]*>', '', line).rstrip()
    return line


def ops(insn):
    insn = insn.split(' | ')[0]
    m = re.match(r'(\S+)\s+(.*)$', insn)
    if not m:
        return insn, []
    return m.group(1), split_ops(m.group(2))


def is_mem(op):
    return '(' in op or op.startswith('%gs:') or op.startswith('0x')


def kinds(a, b):
    ka, kb = [mask(x) for x in a], [mask(x) for x in b]
    if ka == kb:
        return ['offsets-only']
    found = set()
    sm = difflib.SequenceMatcher(None, ka, kb, autojunk=False)
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == 'equal':
            continue
        old, new = ka[i1:i2], kb[j1:j2]
        if len(old) == len(new) == 1:
            (mo, oo), (mn, on) = ops(old[0]), ops(new[0])
            if mo == mn and mo.startswith('cmp') and oo == list(reversed(on)):
                found.add('cmp-operands-swapped')
                continue
        mem_old = sorted(o for x in old for o in ops(x)[1] if is_mem(o))
        mem_new = sorted(o for x in new for o in ops(x)[1] if is_mem(o))
        # a memory operand is named by its displacement: the base register
        # holding the address can differ
        cmp_mem_old = [o.split('(')[0] for x in old if ops(x)[0].startswith('cmp')
                       for o in ops(x)[1] if is_mem(o)]
        movs_new = [ops(x)[1][0].split('(')[0] for x in new
                    if ops(x)[0] == 'mov' and ops(x)[1] and is_mem(ops(x)[1][0])]
        if cmp_mem_old and all(o in movs_new for o in cmp_mem_old) and len(new) > len(old):
            found.add('load-not-folded')
        elif mem_old and mem_old == mem_new and len(old) == len(new):
            found.add('same-operands-reordered')
        else:
            found.add('other')
    return sorted(found)


def main():
    base, series = load(sys.argv[1]), load(sys.argv[2])
    out = []
    for name in sorted(set(base) | set(series)):
        a, b = base.get(name), series.get(name)
        if a == b:
            continue
        fn = name.split(' ', 1)[-1]
        if a is None or b is None:
            out.append('%s [%s]' % (fn, 'only-in-series' if a is None else 'only-in-base'))
            continue
        out.append('%s [%s]' % (fn, ','.join(kinds(a, b))))
    print('; '.join(out) if out else 'none')


if __name__ == '__main__':
    main()
