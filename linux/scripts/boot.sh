#!/bin/bash
# boot.sh BZIMAGE INITRAMFS LOG TIMEOUT_S "EXTRA CMDLINE": boot under QEMU TCG
# with 4 CPUs; the serial console goes to LOG.  Exit status: 0 if QEMU
# exited by itself (guest poweroff or panic with -no-reboot), 124 on timeout.
# no_timer_check: on a loaded host TCG can miss the IO-APIC timer check's
# window, and the kernel then panics with "IO-APIC + timer doesn't work".
# QEMU_EXTRA: more QEMU options (word-split), e.g. a -virtfs share.
. "$(dirname "$0")/common.sh"
kernel=$1 initrd=$2 logf=$3 tmo=$4 extra=${5:-}
rm -f "$logf"
set +e
# shellcheck disable=SC2086
timeout --foreground -k 5 "$tmo" qemu-system-x86_64 -accel tcg -smp 4 -m 1G \
	-display none -no-reboot -monitor none -serial "file:$logf" \
	-kernel "$kernel" -initrd "$initrd" ${QEMU_EXTRA:-} \
	-append "console=ttyS0 panic=-1 oops=panic loglevel=7 no_timer_check $extra" </dev/null >/dev/null 2>&1
rc=$?
set -e
exit $rc
