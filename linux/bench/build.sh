#!/bin/bash
# linux/bench/build.sh: build the Linux measurement kernel for "make bench"
# in build/linux-bench (its own pristine extract of linux-source-6.12, its
# own object directory; nothing under build/linux is touched):
#   build/linux-bench/src         the extracted tree
#   build/linux-bench/obj         tinyconfig + linux/bench/bench.fragment
#   build/linux-bench/obj/arch/x86/boot/bzImage
#   build/linux-bench/module/rcubench.ko   (linux/bench/rcubench.c)
#   build/linux-bench/init        static init (linux/bench/init.c)
#   build/linux-bench/initramfs.cpio
# "build.sh preempt" builds the preemptible variant beside it from the same
# extract: obj-preempt (bench.fragment, then bench-preempt.fragment on top),
# module-preempt/rcubench.ko and initramfs-preempt.cpio.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
B=${LINUX_BENCH_BUILD:-$ROOT/build/linux-bench}
TARBALL=${LINUX_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
SRC=$B/src
VARIANT=${1:-}
case "$VARIANT" in
"") SUF= ;;
preempt) SUF=-preempt ;;
*) echo "usage: build.sh [preempt]" >&2; exit 2 ;;
esac
OBJ=$B/obj$SUF
MOD=$B/module$SUF
INITRAMFS=$B/initramfs$SUF.cpio
JOBS=${JOBS:-$(nproc)}
if command -v ccache >/dev/null 2>&1; then CC="ccache gcc"; else CC=gcc; fi
log() { echo "[linux-bench] $*" >&2; }
die() { echo "[linux-bench] error: $*" >&2; exit 1; }
kmake() { make -s -C "$SRC" O="$OBJ" CC="$CC" HOSTCC=gcc -j"$JOBS" "$@"; }

mkdir -p "$B"
if [ ! -f "$SRC/Makefile" ]; then
	log "extracting $TARBALL"
	rm -rf "$B/extract.tmp"
	mkdir -p "$B/extract.tmp"
	tar -xJf "$TARBALL" -C "$B/extract.tmp"
	mv "$B/extract.tmp"/linux-source-6.12 "$SRC"
	rmdir "$B/extract.tmp"
fi

# Configure: tinyconfig, the fragment(s), olddefconfig; then verify each
# option.  A variant's fragment overrides bench.fragment's lines with the
# same name, so the merged list has one line per option, the last one.
frags=("$HERE/bench.fragment")
[ -z "$VARIANT" ] || frags+=("$HERE/bench-$VARIANT.fragment")
frag=$(mktemp)
trap 'rm -f "$frag"' EXIT
cat "${frags[@]}" | grep -v '^[[:space:]]*\(#\|$\)' |
	awk -F= '{ if (!($1 in v)) k[n++] = $1; v[$1] = $0 }
		 END { for (i = 0; i < n; i++) print v[k[i]] }' > "$frag"
want=$(sha1sum < "$frag" | cut -d' ' -f1)
if [ ! -f "$OBJ/.config" ] || [ "$(cat "$OBJ/.bench-config-stamp" 2>/dev/null)" != "$want" ]; then
	log "configuring $OBJ"
	mkdir -p "$OBJ"
	kmake tinyconfig >/dev/null
	args=()
	while IFS='=' read -r k v; do
		case "$v" in
		y) args+=(--enable "$k") ;;
		n) args+=(--disable "$k") ;;
		\"*) args+=(--set-str "$k" "${v//\"/}") ;;
		*) args+=(--set-val "$k" "$v") ;;
		esac
	done < <(grep -v '^[[:space:]]*\(#\|$\)' "$frag")
	"$SRC/scripts/config" --file "$OBJ/.config" "${args[@]}"
	kmake olddefconfig >/dev/null
	bad=0
	while IFS='=' read -r k v; do
		if [ "$v" = n ]; then
			if grep -q "^CONFIG_$k=" "$OBJ/.config"; then
				echo "config: CONFIG_$k still set" >&2; bad=1
			fi
		elif ! grep -qx "CONFIG_$k=$v" "$OBJ/.config"; then
			echo "config: CONFIG_$k is not $v" >&2; bad=1
		fi
	done < <(grep -v '^[[:space:]]*\(#\|$\)' "$frag")
	[ $bad = 0 ] || die "$OBJ/.config does not match $frag"
	echo "$want" > "$OBJ/.bench-config-stamp"
fi

log "building bzImage"
kmake bzImage
# "modules" (there are none in tree) writes Module.symvers for the M= build.
kmake modules >/dev/null

# The bench module, built out of tree from a copy (the source dir stays clean).
mkdir -p "$MOD"
cp "$HERE/rcubench.c" "$MOD/"
cp "$HERE/../../include/linux/lat_hist.h" "$MOD/"	# rcuos's, shared
echo 'obj-m := rcubench.o' > "$MOD/Kbuild"
make -s -C "$OBJ" M="$MOD" CC="$CC" HOSTCC=gcc -j"$JOBS" modules

# The initramfs: a static init that loads the module and reads /proc.
if [ ! -x "$B/init" ] || [ "$HERE/init.c" -nt "$B/init" ]; then
	gcc -static -O2 -Wall -Wextra -Werror -o "$B/init" "$HERE/init.c"
fi
stage=$(mktemp -d "$B/initramfs.XXXXXX")
trap 'rm -rf "$stage" "$frag"' EXIT
mkdir -p "$stage"/{dev,proc,sys,tmp}
cp "$B/init" "$stage/init"
cp "$MOD/rcubench.ko" "$stage/"
(cd "$stage" && find . | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0) > "$INITRAMFS.tmp"
mv "$INITRAMFS.tmp" "$INITRAMFS"
log "ready: $OBJ/arch/x86/boot/bzImage $INITRAMFS"
