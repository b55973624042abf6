#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# mkiso.sh ELF ISO ["CMDLINE"]
#
# A BIOS-bootable GRUB ISO that boots ELF with multiboot2 at once, passing
# CMDLINE as the kernel command line. GRUB uses only its VGA console: it
# never touches the serial port, so input piped into QEMU's serial stdin
# before the kernel runs is left for the kernel.
set -euo pipefail

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
	echo "usage: $0 ELF ISO [\"CMDLINE\"]" >&2
	exit 2
fi
elf=$1 iso=$2 cmdline=${3:-}
[ -f "$elf" ] || { echo "mkiso: $elf: no such file" >&2; exit 1; }

grubdir=/usr/lib/grub/i386-pc
command -v grub-mkrescue >/dev/null && [ -d "$grubdir" ] || {
	echo "mkiso: grub-mkrescue or $grubdir missing; run scripts/ensure-packages build" >&2
	exit 1
}

isodir=$(dirname -- "$iso")
mkdir -p -- "$isodir"
tmp=$(mktemp -d "$isodir/.mkiso.XXXXXX")
trap 'rm -rf -- "$tmp"' EXIT

# GRUB script quoting: each word single-quoted, so $, ; and quotes in the
# command line reach the kernel unchanged.
args=
for w in $cmdline; do
	args="$args '${w//\'/\'\\\'\'}'"
done

mkdir -p "$tmp/root/boot/grub"
cp -- "$elf" "$tmp/root/boot/rcuos.elf"
cat > "$tmp/root/boot/grub/grub.cfg" <<CFG
set timeout=0
multiboot2 /boot/rcuos.elf$args
boot
CFG

# -d: BIOS platform only (no EFI image, hence no mtools); no fonts, locales
# or themes; only the modules the config needs.
if ! grub-mkrescue -d "$grubdir" --fonts= --locales= --themes= \
	--install-modules="normal multiboot2 iso9660 biosdisk configfile" \
	-o "$tmp/out.iso" "$tmp/root" >"$tmp/log" 2>&1; then
	cat "$tmp/log" >&2
	echo "mkiso: grub-mkrescue failed" >&2
	exit 1
fi
mv -f -- "$tmp/out.iso" "$iso"
