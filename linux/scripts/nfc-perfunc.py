#!/usr/bin/env python3
"""nfc-perfunc.py BASE.dis SERIES.dis PLAIN-BASE.dis PLAIN-SERIES.dis:
succeed if every function whose normalised disassembly differs between
BASE and SERIES (the objects as built) is the same in PLAIN-BASE and
PLAIN-SERIES (built with the RCU accessors expanded to plain accesses),
up to offsets that move when code elsewhere changes size.

The functions that do not differ as built need no more proof.  The
whole-object comparison of the plain builds can fail on one of those:
expanding the accessors turns the series' rcu_access_pointer() into a
plain load that GCC folds into a cmp, where the base's READ_ONCE() of
the same pointer stays a separate volatile load; the object then
differs with plain accessors in a function that was identical as built.
A functional change to a function shows in both comparisons and is
rejected.

Prints the functions that differ as built ("none" if only offsets) and
exits 0, or prints the first that still differs and exits 1.
"""
import importlib.util
import os
import sys

sys.dont_write_bytecode = True	# no __pycache__ in the source tree
_spec = importlib.util.spec_from_file_location(
    'nfc_explain', os.path.join(os.path.dirname(os.path.abspath(__file__)), 'nfc-explain.py'))
nfc_explain = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(nfc_explain)


def same(a, b):
    """Equal up to what moves when code elsewhere changes size."""
    mask = nfc_explain.mask
    return a is not None and b is not None and [mask(x) for x in a] == [mask(x) for x in b]


def main():
    base, series, pbase, pseries = (nfc_explain.load(p) for p in sys.argv[1:5])
    differ = []
    for name in sorted(set(base) | set(series)):
        if same(base.get(name), series.get(name)):
            continue
        if not same(pbase.get(name), pseries.get(name)):
            print('%s still differs with plain accessors' % name.split(' ', 1)[-1])
            return 1
        differ.append(name.split(' ', 1)[-1])
    print(', '.join(differ) if differ else 'none')
    return 0


if __name__ == '__main__':
    sys.exit(main())
