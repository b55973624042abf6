#!/usr/bin/env python3
"""touched.py OBJDIR FILE...: print the object files (relative to OBJDIR)
whose source or dependencies include one of FILEs (paths relative to the
source tree), using Kbuild's .o.cmd dependency files.

A .c file maps to its own object; a header maps to every object under
kernel/ that includes it (the series' scope; see linux/README.md).
"""
import os
import re
import sys

obj = sys.argv[1]
files = set(sys.argv[2:])
out = set()
for f in files:
    if f.endswith('.c'):
        out.add(f[:-2] + '.o')
headers = set(files)  # .c files can be #included too (kernel/sched/build_*.c)
if headers:
    for root, dirs, names in os.walk(os.path.join(obj, 'kernel')):
        for n in names:
            if not (n.startswith('.') and n.endswith('.o.cmd')):
                continue
            o = os.path.relpath(os.path.join(root, n[1:-4]), obj)
            try:
                text = open(os.path.join(root, n), errors='replace').read()
            except OSError:
                continue
            for dep in re.findall(r'^\s*(\S+)\s*\\?$', text, re.M):
                d = re.sub(r'^.*?/src-[a-z-]+/', '', dep)
                d = re.sub(r'^\$\(srctree\)/', '', d)
                if d in headers:
                    out.add(o)
                    break
for o in sorted(out):
    # Only objects that Kbuild builds in this configuration.
    if os.path.exists(os.path.join(obj, os.path.dirname(o), '.' + os.path.basename(o) + '.cmd')):
        print(o)
