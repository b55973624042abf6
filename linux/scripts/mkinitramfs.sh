#!/bin/bash
# mkinitramfs.sh OUT.cpio [MODULE.ko...]: build the static test init
# (linux/init/*.c) and pack it, with the given modules, into a newc cpio.
. "$(dirname "$0")/common.sh"
out=$1; shift
stage=$(mktemp -d "$B/initramfs.XXXXXX")
trap 'rm -rf "$stage"' EXIT
mkdir -p "$B/init" "$stage"/{dev,proc,sys,tmp}
if [ ! -x "$B/init/init" ] || [ -n "$(find "$LINUX_DIR/init" -newer "$B/init/init" -name '*.[ch]')" ]; then
	gcc -static -O2 -Wall -Wextra -Werror -pthread -o "$B/init/init" "$LINUX_DIR"/init/*.c
fi
cp "$B/init/init" "$stage/init"
for m in "$@"; do cp "$m" "$stage/"; done
# The kernel opens /dev/console for init before devtmpfs is mounted.
if [ "$(id -u)" = 0 ]; then
	mknod -m 600 "$stage/dev/console" c 5 1
	mknod -m 666 "$stage/dev/null" c 1 3
fi
(cd "$stage" && find . | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0) > "$out.tmp"
mv "$out.tmp" "$out"
