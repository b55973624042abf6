#!/usr/bin/env python3
"""sparse-rcu.py: extract and tabulate the __rcu diagnostics of sparse logs.

  sparse-rcu.py count LOG                 -> unique __rcu diagnostics (number)
  sparse-rcu.py raw LOG                   -> every __rcu report (number)
  sparse-rcu.py list LOG                  -> one line per unique diagnostic
  sparse-rcu.py table BEFORE AFTER [NAME] -> per-file table before/after
  sparse-rcu.py files LOG                 -> files with __rcu diagnostics
  sparse-rcu.py dirtable BEFORE AFTER [NAME] -> per-directory table
                                            (unique and raw, before/after)

A diagnostic counts as an __rcu diagnostic when sparse says
  - "... (different address spaces)" and one of its type lines names __rcu,
  - "incompatible types in comparison expression" with an __rcu type line,
  - "cast removes/adds address space '__rcu'" (or any message naming __rcu),
  - "dereference of noderef expression" (sparse does not name the address
    space there; in kernel/ these are __rcu pointers, but the table counts
    them in their own column so that the claim can be checked).
A diagnostic in a header is reported by sparse once per .c file that
includes it: "unique" counts it once (by file:line:col and text), "raw"
counts every report.
"""
import re
import sys
from collections import OrderedDict, defaultdict

HEAD = re.compile(r'^(\S+?):(\d+):(\d+): (warning|error): (.*)$')
CONT = re.compile(r'^(\S+?):(\d+):(\d+):\s{3,}(.*)$')


def norm(path):
    # Paths are relative to the source tree or absolute under it.
    m = re.search(r'/src-pristine/(.*)$', path)
    if m:
        return m.group(1)
    return re.sub(r'^(\./)+', '', path)


def parse(log):
    diags = []   # [loc, msg, [type lines]]
    last = {}
    with open(log, errors='replace') as f:
        for line in f:
            line = line.rstrip('\n')
            m = HEAD.match(line)
            if m:
                loc = (norm(m.group(1)), int(m.group(2)), int(m.group(3)))
                d = [loc, m.group(5), []]
                diags.append(d)
                last[loc] = d
                continue
            m = CONT.match(line)
            if m:
                loc = (norm(m.group(1)), int(m.group(2)), int(m.group(3)))
                if loc in last:
                    last[loc][2].append(m.group(4).strip())
    return diags


def kind(d):
    loc, msg, types = d
    t = ' '.join(types)
    if 'dereference of noderef expression' in msg:
        return 'noderef'
    if "address space '__rcu'" in msg:
        return 'cast'
    if 'different address spaces' in msg and '__rcu' in t:
        if 'comparison' in msg:
            return 'compare'
        return 'addrspace'
    if 'incompatible types in comparison' in msg and '__rcu' in t:
        return 'compare'
    return None


def rcu_diags(log, per_raw=None):
    raw = 0
    uniq = OrderedDict()
    for d in parse(log):
        k = kind(d)
        if not k:
            continue
        raw += 1
        if per_raw is not None:
            per_raw[d[0][0]] += 1
        key = (d[0], d[1], tuple(d[2]))
        uniq.setdefault(key, k)
    return uniq, raw


def untyped(log):
    # After the first error in a file, sparse prints later warnings without
    # their "expected/got" type lines, so they cannot be told to be __rcu
    # ones: counted apart, per file, unique by location and text.
    out = set()
    for d in parse(log):
        if 'different address spaces' in d[1] and not d[2]:
            out.add((d[0], d[1]))
    return out


def dirname(path, depth):
    # fs/locks.c -> fs/; net/ipv4/route.c -> net/ipv4/ (depth 2).
    parts = path.split('/')[:-1]
    return '/'.join(parts[:depth]) + '/' if parts else './'


def dirtable(before, after, name):
    rawfile = (defaultdict(int), defaultdict(int))
    ub, rb = rcu_diags(before, rawfile[0])
    ua, ra = rcu_diags(after, rawfile[1])
    for depth in (1, 2):
        per = defaultdict(lambda: [0, 0, 0, 0])
        for i, u in enumerate((ub, ua)):
            for (loc, _, _), k in u.items():
                per[dirname(loc[0], depth)][i] += 1
            for f, n in rawfile[i].items():
                per[dirname(f, depth)][2 + i] += n
        print('sparse __rcu diagnostics per directory (depth %d) %s'
              % (depth, name))
        print('%-32s %8s %8s %8s %8s' % ('directory', 'uniq-bef', 'uniq-aft',
                                         'raw-bef', 'raw-aft'))
        for d in sorted(per, key=lambda d: (-per[d][0], -per[d][2], d)):
            print('%-32s %8d %8d %8d %8d' % ((d,) + tuple(per[d])))
        print('%-32s %8d %8d %8d %8d' % ('TOTAL', len(ub), len(ua), rb, ra))
        print()
    hb, ha = untyped(before), untyped(after)
    print('address-space warnings printed without their types (after an '
          'error in the same file), not counted above: %d before, %d after'
          % (len(hb), len(ha)))
    per = defaultdict(lambda: [0, 0])
    for i, h in enumerate((hb, ha)):
        for loc, _ in h:
            per[loc[0]][i] += 1
    for f in sorted(per, key=lambda f: (-per[f][0], f)):
        print('  %-42s %5d %5d' % (f, per[f][0], per[f][1]))


def main():
    cmd = sys.argv[1]
    if cmd == 'count':
        u, raw = rcu_diags(sys.argv[2])
        print(len(u))
    elif cmd == 'raw':
        u, raw = rcu_diags(sys.argv[2])
        print(raw)
    elif cmd == 'list':
        u, raw = rcu_diags(sys.argv[2])
        for (loc, msg, types), k in u.items():
            print('%s:%d:%d: [%s] %s | %s' % (loc[0], loc[1], loc[2], k, msg,
                                            ' / '.join(types)))
    elif cmd == 'files':
        # The files with an __rcu diagnostic, or with an address-space
        # warning printed without its types.
        u, raw = rcu_diags(sys.argv[2])
        out = set(loc[0] for (loc, _, _) in u)
        out |= set(loc[0] for loc, _ in untyped(sys.argv[2]))
        for f in sorted(out):
            print(f)
    elif cmd == 'dirtable':
        dirtable(sys.argv[2], sys.argv[3],
                 sys.argv[4] if len(sys.argv) > 4 else '')
    elif cmd == 'table':
        ub, rb = rcu_diags(sys.argv[2])
        ua, ra = rcu_diags(sys.argv[3])
        name = sys.argv[4] if len(sys.argv) > 4 else ''
        per = defaultdict(lambda: [0, 0])
        kinds = defaultdict(lambda: [0, 0])
        for i, u in enumerate((ub, ua)):
            for (loc, _, _), k in u.items():
                per[loc[0]][i] += 1
                kinds[k][i] += 1
        print('sparse __rcu diagnostics %s (unique; before -> after)' % name)
        print('%-44s %7s %7s %7s' % ('file', 'before', 'after', 'delta'))
        for f in sorted(per, key=lambda f: (-per[f][0], f)):
            b, a = per[f]
            print('%-44s %7d %7d %+7d' % (f, b, a, a - b))
        print('%-44s %7d %7d %+7d' % ('TOTAL (unique)', len(ub), len(ua),
                                       len(ua) - len(ub)))
        print('%-44s %7d %7d %+7d' % ('TOTAL (raw, headers once per .c)',
                                       rb, ra, ra - rb))
        for k in sorted(kinds):
            b, a = kinds[k]
            print('%-44s %7d %7d %+7d' % ('  of which ' + k, b, a, a - b))
    else:
        sys.exit('usage')


if __name__ == '__main__':
    main()
