#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Check preemptible RCU's reader fast path in an objdump -dr listing.

    objdump -dr --no-show-raw-insn X.o | fastpath.py [options] FUNC...

Every instruction of each FUNC (and of its FUNC.cold part, if the compiler
split one off) is fast path, except what runs inside the functions it
calls.  The fast path must have:

  atomic    no atomic read-modify-write: lock prefix, xchg, cmpxchg, xadd
  barrier   no fence instruction: mfence, lfence, sfence
  irq       no interrupt disabling or flags juggling: cli, sti, pushf, popf
  preempt   no access to the per-CPU __preempt_count, no preempt_schedule*()
  loop      no cycle in the control flow, no loop/jrcxz instruction, and
            no backward branch but the jump back to the fast path right
            after the out-of-line slow-path call
  call      no call or tail call to anything but the allowed slow path
            (--allow, default rcu_read_unlock_special); no indirect branch

and, so the check cannot pass vacuously, must read the current task
(a relocation against the per-CPU current_task) and, unless
--no-slow-path-for FUNC says otherwise, call the slow path.

Prints a PASS: or FAIL: line per function (FAIL lines name the rules
broken, as "[rule,...]", and list the offending instructions); exits 1 if
any function failed or is missing.
"""
import argparse
import re
import sys

RULES = [
    ("atomic", re.compile(r"^(lock|xchg\w*|cmpxchg\w*|xadd\w*)$")),
    ("barrier", re.compile(r"^[mls]fence$")),
    ("irq", re.compile(r"^(cli|sti|pushf\w*|popf\w*)$")),
    ("loop", re.compile(r"^(loop\w*|j[er]?cxz)$")),
]
# Prefixes that objdump prints before the mnemonic and that change nothing
# here; "lock" is not one of them.
PREFIXES = {"rep", "repz", "repe", "repnz", "repne", "notrack", "bnd",
            "cs", "ds", "es", "ss", "fs", "gs", "data16", "addr32", "rex",
            "rex.W", "rex.B", "rex.R", "rex.X"}


class Insn:
    def __init__(self, addr, text):
        self.addr = addr
        self.text = text
        self.relocs = []		# (offset, symbol without addend)
        self.end = None			# address of the next instruction


def parse(lines):
    """{function: [Insn]} from objdump -dr output."""
    funcs, cur = {}, None
    for line in lines:
        line = line.rstrip("\n")
        m = re.match(r"^([0-9a-f]+) <([^>]+)>:$", line)
        if m:
            cur = funcs.setdefault(m.group(2), [])
            continue
        if cur is None:
            continue
        m = re.match(r"^\s*([0-9a-f]+): (R_X86_64_\w+)\s+(\S+)", line)
        if m:
            if cur:
                sym = re.split(r"(?<=.)[+-]0x", m.group(3))[0]
                cur[-1].relocs.append((int(m.group(1), 16), sym))
            continue
        m = re.match(r"^\s*([0-9a-f]+):\s+(.*)$", line)
        if m:
            ins = Insn(int(m.group(1), 16), m.group(2).split("#")[0].strip())
            if cur:
                cur[-1].end = ins.addr
            cur.append(ins)
    return funcs


def words(ins):
    """The mnemonic (with a lock prefix as its own word) and operands."""
    w = re.sub(r"\s*<[^>]*>", "", ins.text).split()
    while w and w[0] in PREFIXES:
        w = w[1:]
    return w


def is_padding(w):
    return not w or any("nop" in x for x in w) or w == ["xchg", "%ax,%ax"] \
        or w[0] in ("int3", "ud2")


def find_cycle(insns):
    """The first instruction found to close a cycle in the control flow
    within insns (a back edge of a depth-first search), or None."""
    at = {ins.addr: i for i, ins in enumerate(insns)}
    succ = []
    for i, ins in enumerate(insns):
        w = words(ins)
        op = w[0] if w else ""
        s = []
        if op.startswith("j") and len(w) > 1 and not ins.relocs:
            try:
                dest = int(w[1], 16)
            except ValueError:
                dest = None
            if dest in at:
                s.append(at[dest])
        if not (op.startswith("jmp") or op.startswith("ret") or op in ("ud2", "int3")) \
                and i + 1 < len(insns):
            s.append(i + 1)
        succ.append(s)
    state = [0] * len(insns)	# 0 new, 1 on the stack, 2 done
    stack = [(0, iter(succ[0]))] if insns else []
    state[0:1] = [1] * len(stack)
    while stack:
        i, it = stack[-1]
        for j in it:
            if state[j] == 1:
                return insns[i]
            if state[j] == 0:
                state[j] = 1
                stack.append((j, iter(succ[j])))
                break
        else:
            state[i] = 2
            stack.pop()
    return None


def check(name, parts, allow, need_slow):
    """Return (rules broken, offending lines, slow-path calls, reads current)."""
    broken, bad = set(), []
    slow = 0
    reads_current = False
    cold_syms = {".text.unlikely", ".text.cold"}

    def flag(rule, part, ins, why=""):
        broken.add(rule)
        bad.append("    [%s] <%s+0x%x>: %s%s" % (rule, part, ins.addr - parts[part][0].addr,
                                                 ins.text, why))

    for part, insns in parts.items():
        start = insns[0].addr
        cycle = find_cycle(insns)
        if cycle is not None:
            flag("loop", part, cycle, "  (closes a cycle)")
        prev_slow = False	# the previous instruction calls the slow path
        for ins in insns:
            w = words(ins)
            if is_padding(w):
                continue
            after_slow, prev_slow = prev_slow, False
            syms = [s for _, s in ins.relocs]
            if "current_task" in syms:
                reads_current = True
            if "__preempt_count" in syms:
                flag("preempt", part, ins, "  (per-CPU __preempt_count)")
            for rule, rx in RULES:
                if rx.match(w[0]):
                    flag(rule, part, ins)
            op = w[0]
            if not (op.startswith("j") or op.startswith("call")):
                continue
            if len(w) < 2 or w[1].startswith("*"):
                flag("call", part, ins, "  (indirect)")
                continue
            # The target: a relocated symbol (external, or another
            # section), else the address objdump resolved.
            target = None
            if syms:
                target = syms[-1]
            else:
                m = re.search(r"<([^>+]+)(\+0x[0-9a-f]+)?>", ins.text)
                try:
                    dest = int(w[1], 16)
                except ValueError:
                    flag("call", part, ins, "  (unparsed target)")
                    continue
                if op.startswith("j") and start <= dest <= insns[-1].addr:
                    # The one backward branch allowed: the compiler puts
                    # the unlikely slow-path call out of line, after the
                    # return, and jumps back from it.  No cycle either way.
                    if dest <= ins.addr and not after_slow:
                        flag("loop", part, ins, "  (backward branch)")
                    continue
                target = m.group(1) if m else "0x%x" % dest
            if target in parts or target in cold_syms:
                continue		# to this function's own other part
            if target.startswith("preempt_schedule") or target.startswith("__preempt"):
                flag("preempt", part, ins)
            elif target in allow:
                slow += 1
                prev_slow = op.startswith("call")
            else:
                flag("call", part, ins, "  (to %s)" % target)
    if not reads_current:
        broken.add("vacuous")
        bad.append("    [vacuous] no read of the per-CPU current_task")
    if need_slow and not slow:
        broken.add("vacuous")
        bad.append("    [vacuous] no call to %s" % "/".join(sorted(allow)))
    return broken, bad, slow


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("funcs", nargs="+")
    ap.add_argument("--allow", action="append", default=None,
                    help="slow-path function the fast path may call")
    ap.add_argument("--no-slow-path-for", action="append", default=[],
                    help="function with no slow-path call (rcu_read_lock's)")
    ap.add_argument("--label", default="codegen-preempt")
    ap.add_argument("--expect-fail", default=None,
                    help="self-test: require every FUNC to break this rule;"
                    " one PASS or FAIL line for all")
    args = ap.parse_args()
    allow = set(args.allow or ["rcu_read_unlock_special"])
    funcs = parse(sys.stdin)
    fail = 0
    flagged, missed = [], []
    for name in args.funcs:
        parts = {n: funcs[n] for n in (name, name + ".cold") if funcs.get(n)}
        if name not in parts:
            print("FAIL: %s: %s not found in the listing" % (args.label, name))
            fail = 1
            continue
        broken, bad, slow = check(name, parts, allow, name not in args.no_slow_path_for)
        n = sum(1 for p in parts.values() for i in p if not is_padding(words(i)))
        if args.expect_fail is not None:
            (flagged if args.expect_fail in broken else missed).append(name)
            continue
        if broken:
            print("FAIL: %s: %s breaks [%s]" % (args.label, name, ",".join(sorted(broken))))
            print("\n".join(bad))
            fail = 1
        else:
            print("PASS: %s: %s is a plain fast path (%d instructions, %d slow-path call%s)" %
                  (args.label, name, n, slow, "" if slow == 1 else "s"))
    if args.expect_fail is not None:
        if missed or not flagged:
            print("FAIL: %s: not flagged [%s] in %s" % (args.label, args.expect_fail,
                                                      " ".join(missed)))
            fail = 1
        else:
            print("PASS: %s: flagged [%s] in %s" % (args.label, args.expect_fail,
                                                  " ".join(flagged)))
    return fail


if __name__ == "__main__":
    sys.exit(main())
