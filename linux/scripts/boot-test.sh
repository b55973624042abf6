#!/bin/bash
# boot-test.sh: boot the patched kernel (build/linux/obj-series) under QEMU
# TCG on 4 CPUs with the test init, no built-in RCU test; prints the init's
# result lines.  The full console is in build/linux/boot.console.
. "$(dirname "$0")/common.sh"
"$LINUX_DIR/scripts/mkinitramfs.sh" "$B/initramfs-plain.cpio"
"$LINUX_DIR/scripts/boot.sh" "$B/obj-series/arch/x86/boot/bzImage" "$B/initramfs-plain.cpio" \
	"$B/boot.console" 300 "initcall_blacklist=rcu_torture_init,rcu_scale_init,ref_scale_init rcuos.nomodule" || true
grep 'INIT:' "$B/boot.console"
grep -q 'INIT: DONE 0 failures' "$B/boot.console"
