#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# mkboot-seeds.py DIR: write the qemu-* seeds of fuzz_boot into DIR: a
# multiboot2 block as GRUB gives it under QEMU (command line, loader name,
# memory map, ACPI tag) followed by ACPI tables laid out as QEMU makes them
# (RSDT or XSDT, a MADT with local APIC or x2APIC entries, an IOAPIC, the
# ISA overrides and a local APIC NMI, a FADT), at addresses in the image.

import struct
import sys


def csum_fix(b, off):
    b = bytearray(b); b[off] = 0; b[off] = (-sum(b)) & 0xff; return bytes(b)
def sdt(sig, body, rev=1):
    hdr = struct.pack('<4sIBB6s8sIII', sig, 36+len(body), rev, 0, b'BOCHS ', b'BXPC    ', 1, 0x43505842, 1)
    return csum_fix(hdr+body, 9)
def tag(t, payload):
    b = struct.pack('<II', t, 8+len(payload)) + payload
    return b + b'\0'*((-len(b))%8)
def madt(x2=False, ncpu=2):
    e = b''
    for i in range(ncpu):
        if x2: e += struct.pack('<BBHIII', 9, 16, 0, i, 1, i)
        else:  e += struct.pack('<BBBBI', 0, 8, i, i, 1)
    e += struct.pack('<BBBBII', 1, 12, 0, 0, 0xfec00000, 0)
    e += struct.pack('<BBBBIH', 2, 10, 0, 0, 2, 0)
    for irq in (5, 9, 10, 11):
        e += struct.pack('<BBBBIH', 2, 10, 0, irq, irq, 0xd)
    e += struct.pack('<BBBHB', 4, 6, 0xff, 0, 1)
    if x2: e += struct.pack('<BBHQ', 5, 12, 0, 0xfee00000)
    return sdt(b'APIC', struct.pack('<II', 0xfee00000, 1) + e, rev=3 if x2 else 1)
def fadt():
    body = bytearray(116-36)
    struct.pack_into('<I', body, 64-36, 0x604)    # PM1a_CNT_BLK
    struct.pack_into('<I', body, 40-36, 0x1000)   # FACS etc. unused
    return sdt(b'FACP', bytes(body))
def image(xsdt, x2, ncpu):
    # layout: mb2 block, then tables at fixed offsets
    tables_at = 0x300
    ma = madt(x2, ncpu); fa = fadt()
    root_at = tables_at
    ents = 2
    root_len = 36 + ents*(8 if xsdt else 4)
    madt_at = root_at + ((root_len + 15)//16)*16
    fadt_at = madt_at + ((len(ma) + 15)//16)*16
    if xsdt:
        root = sdt(b'XSDT', struct.pack('<QQ', fadt_at, madt_at))
        rsdp = struct.pack('<8sB6sBIIQB3s', b'RSD PTR ', 0, b'BOCHS ', 2, 0, 36, root_at, 0, b'\0\0\0')
        rsdp = csum_fix(rsdp[:20], 8) + rsdp[20:]
        rsdp = csum_fix(rsdp, 32)
        acpi_tag = tag(15, rsdp)
    else:
        root = sdt(b'RSDT', struct.pack('<II', fadt_at, madt_at))
        rsdp = struct.pack('<8sB6sBI', b'RSD PTR ', 0, b'BOCHS ', 0, root_at)
        acpi_tag = tag(14, csum_fix(rsdp, 8))
    mm = struct.pack('<II', 24, 0)
    for base, ln, ty in ((0, 0x9fc00, 1), (0x9fc00, 0x400, 2), (0xf0000, 0x10000, 2),
                         (0x100000, 0x1fee0000, 1), (0x1ffe0000, 0x20000, 2), (0xfffc0000, 0x40000, 2)):
        mm += struct.pack('<QQII', base, ln, ty, 0)
    body = tag(1, b'console=ttyS0 rcutree.kthread_prio=1 rcutorture.nreaders=2\0')
    body += tag(2, b'GRUB 2.06-13+deb12u1\0') + tag(4, struct.pack('<II', 639, 523136))
    body += tag(6, mm) + acpi_tag + tag(0, b'')
    blk = struct.pack('<II', 8+len(body), 0) + body
    assert len(blk) <= tables_at, len(blk)
    img = bytearray(blk + b'\0'*(tables_at-len(blk)))
    def put(at, b):
        nonlocal img
        if len(img) < at: img += b'\0'*(at-len(img))
        img[at:at+len(b)] = b
    put(root_at, root); put(madt_at, ma); put(fadt_at, fa)
    return bytes(img)
d = sys.argv[1]
open(d+'/qemu-rsdt-2cpu', 'wb').write(image(False, False, 2))
open(d+'/qemu-xsdt-x2apic-4cpu', 'wb').write(image(True, True, 4))
