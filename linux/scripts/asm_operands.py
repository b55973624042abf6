"""Shared by nfc-cmpswap.py and nfc-explain.py: AT&T operands of one
objdump instruction, split on the commas that are not inside a memory
operand's parentheses ("mov 0x8(%rax,%rbx,4),%ecx" has two)."""


def split_ops(s):
    out, depth, cur = [], 0, ''
    for ch in s:
        depth += ch == '('
        depth -= ch == ')'
        if ch == ',' and depth == 0:
            out.append(cur.strip())
            cur = ''
        else:
            cur += ch
    out.append(cur.strip())
    return out
