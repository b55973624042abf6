#!/bin/bash
# boot-all.sh: the boot test of the whole series, the sets outside kernel/
# included (make linux-boot-all; make linux-check-all runs it too).
# Builds bzImage of every set (LINUX_SERIES=all) with the small
# configuration plus config/outside.fragment in build/linux/obj-all, boots
# it under QEMU TCG on 4 CPUs with the test init in its "rcuos.outside"
# mode (init/outside.c), a virtio 9p share and rcutorture, which powers the
# guest off after LINUX_BOOT_ALL_SECS (default 150) seconds.  PASS needs
# "INIT: DONE 0 failures", rcutorture's "End of test: SUCCESS" and no
# splat.  The last line printed is "PASS: linux-boot-all (...)" or
# "FAIL: linux-boot-all (...)"; the console is build/linux/check/boot-all.console.
# LINUX_BOOT_ALL_SRC=DIR builds DIR (a development tree of the series)
# instead of the series tag of build/linux/src-pristine.
export LINUX_SERIES=all
. "$(dirname "$0")/common.sh"
obj=$B/obj-all
secs=${LINUX_BOOT_ALL_SECS:-150}
if [ -n "${LINUX_BOOT_ALL_SRC:-}" ]; then
	src=$LINUX_BOOT_ALL_SRC
else
	"$LINUX_DIR/scripts/prepare.sh"
	use_tree series
	src=$SRC
fi
"$LINUX_DIR/scripts/configure.sh" "$src" "$obj" "$LINUX_DIR/config/rcuos.fragment" \
	"$LINUX_DIR/config/outside.fragment"
log "building bzImage (all sets) in $obj from $src"
t0=$(date +%s)
kmake "$src" "$obj" bzImage
log "bzImage built in $(( $(date +%s) - t0 )) s"
"$LINUX_DIR/scripts/mkinitramfs.sh" "$B/initramfs-plain.cpio"
share=$B/boot-all-9p
rm -rf "$share"
mkdir -p "$share" "$B/check"
printf 'rcuos 9p\n' > "$share/hello"
L=$B/check/boot-all.console
t0=$(date +%s)
QEMU_EXTRA="-virtfs local,path=$share,mount_tag=rcuos9p,security_model=none,id=rcuos9p" \
	"$LINUX_DIR/scripts/boot.sh" "$obj/arch/x86/boot/bzImage" "$B/initramfs-plain.cpio" "$L" \
	$((secs + 300)) "initcall_blacklist=rcu_scale_init,ref_scale_init rcutorture.torture_type=rcu rcutorture.shutdown_secs=$secs rcutorture.stat_interval=30 rcuos.nomodule rcuos.wait rcuos.outside" || true
boot=$(( $(date +%s) - t0 ))
grep 'INIT:' "$L" || true
why=""
grep -q 'INIT: DONE 0 failures' "$L" || why="$why init-tests-failed"
grep -q 'End of test: SUCCESS' "$L" || why="$why no-torture-success"
grep -Eq "$SPLAT" "$L" && why="$why splat:$(grep -Em1 "$SPLAT" "$L" | tr -d '\r' | sed 's/^\[[^]]*\] //' | tr ' ' '_')"
if [ -z "$why" ]; then
	echo "PASS: linux-boot-all (init: $(grep -c 'INIT: PASS' "$L") checks passed; rcutorture End of test: SUCCESS; no splats; boot ${boot}s)"
else
	echo "FAIL: linux-boot-all (${why# }; see $L)"
	exit 1
fi
