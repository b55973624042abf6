#!/usr/bin/env python3
"""nfc-plain-accessors.py TREE: in a kernel tree (nfc.sh's checkout, which
it restores from git right after the build; the file is replaced, never
written in place, so a hard-linked copy is safe too), rewrite four RCU
accessors of include/linux/rcupdate.h as the bare access they wrap:

  rcu_access_pointer(p)            READ_ONCE(p) in a statement expression
                                   -> (typeof(*p) *)(p)
  rcu_dereference_protected(p, c)  (typeof(*p) *)(p) in a statement
                                   expression -> (typeof(*p) *)(p)
  __rcu_dereference_check(p, ..c)  READ_ONCE(p) in a statement expression
                                   -> (typeof(*p) *)(p); this is the body
                                   of rcu_dereference(),
                                   rcu_dereference_check(), _bh(),
                                   _bh_check(), _sched(), _sched_check()
                                   and of the helpers built on them, such
                                   as the scheduler's
                                   rcu_dereference_check_sched_domain()
  RCU_INIT_POINTER(p, v)           WRITE_ONCE(p, v) -> (p) = (v)

Used by nfc.sh on BOTH trees it compares (nfc-base and the series), for
the objects whose disassembly differs.  If the two "plain accessor"
builds are identical, the series' source differs from the base only by
these accessors wrapped around accesses that were there before: the
differences in the real build come from the accessors' volatile
READ_ONCE()/WRITE_ONCE() (which only take away compiler freedoms: no
folding into another instruction, no tearing, merging or re-loading) and
from the statement expression's temporary (GCC orders commutative
operands by temporary, so an equality cmp can swap its operands).  Any
other change -- a different pointer inside the accessor, a changed
condition, a moved statement -- still differs in the plain builds.

With PROVE_RCU off, the condition of rcu_dereference_protected() and of
the rcu_dereference*() readers (with rcu_read_lock_held() and friends
or'ed in by the _check() macros) is not evaluated: RCU_LOCKDEP_WARN() is
"do { } while (0 && (c))", so dropping it changes nothing else.  For the
readers this is as sound as for the other accessors: a reader's
rcu_dereference() is a READ_ONCE() of the same pointer that a plain load
read before, and the expansion keeps the pointer expression "p" itself
(so a reader that now loads another pointer, or loads it at another
place, still differs in the plain builds; nfc-selftest.sh has a mutation
inside an rcu_dereference() to show it).  What the expansion cannot show
is whether the reader's protection is right (rcu_read_lock() held, the
condition true): that is for the patch's explanation and for the
PROVE_RCU boot test, exactly as for rcu_dereference_protected().

Every substitution must match exactly once.
"""
import os
import sys

tree = sys.argv[1]
path = os.path.join(tree, 'include/linux/rcupdate.h')
text = open(path).read()
SUBS = [
    ('''#define __rcu_access_pointer(p, local, space) \\
({ \\
	typeof(*p) *local = (typeof(*p) *__force)READ_ONCE(p); \\
	rcu_check_sparse(p, space); \\
	((typeof(*p) __force __kernel *)(local)); \\
})''', '''#define __rcu_access_pointer(p, local, space) \\
	((typeof(*p) __force __kernel *)(p))'''),
    ('''#define __rcu_dereference_check(p, local, c, space) \\
({ \\
	/* Dependency order vs. p above. */ \\
	typeof(*p) *local = (typeof(*p) *__force)READ_ONCE(p); \\
	RCU_LOCKDEP_WARN(!(c), "suspicious rcu_dereference_check() usage"); \\
	rcu_check_sparse(p, space); \\
	((typeof(*p) __force __kernel *)(local)); \\
})''', '''#define __rcu_dereference_check(p, local, c, space) \\
	((typeof(*p) __force __kernel *)(p))'''),
    ('''#define __rcu_dereference_protected(p, local, c, space) \\
({ \\
	RCU_LOCKDEP_WARN(!(c), "suspicious rcu_dereference_protected() usage"); \\
	rcu_check_sparse(p, space); \\
	((typeof(*p) __force __kernel *)(p)); \\
})''', '''#define __rcu_dereference_protected(p, local, c, space) \\
	((typeof(*p) __force __kernel *)(p))'''),
    ('''#define RCU_INIT_POINTER(p, v) \\
	do { \\
		rcu_check_sparse(p, __rcu); \\
		WRITE_ONCE(p, RCU_INITIALIZER(v)); \\
	} while (0)''', '''#define RCU_INIT_POINTER(p, v) \\
	((p) = RCU_INITIALIZER(v))'''),
]
for old, new in SUBS:
    n = text.count(old)
    if n != 1:
        sys.exit('nfc-plain-accessors: %d matches in %s for:\n%s' % (n, path, old))
    text = text.replace(old, new)
os.unlink(path)         # maybe a hard link to another tree: never write through it
with open(path, 'w') as f:
    f.write(text)
