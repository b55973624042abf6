# Common settings for the linux/ scripts; sourced, not executed.
# All paths are absolute so that the scripts work from any directory.
set -euo pipefail
LINUX_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
REPO_ROOT=$(cd "$LINUX_DIR/.." && pwd)
B=${LINUX_BUILD:-$REPO_ROOT/build/linux}
TARBALL=${LINUX_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
# src-pristine: the extracted tree, made a git repository with tag
# "pristine".  The scripts switch its checkout between refs/tags/pristine,
# refs/tags/series (pristine + the series, applied with git am) and
# refs/tags/nfc-base (pristine + the functional patches only); object
# directories are per tree (obj-pristine, obj-series, ...).  One source path
# for all builds keeps ccache hits across the trees (the compiler command
# lines hold the absolute source path).
PRISTINE=$B/src-pristine
SRC=$PRISTINE
PATCHES=$LINUX_DIR/patches
RESULTS_DIR=$REPO_ROOT/build/check/results
JOBS=${JOBS:-$(nproc)}
if [ -z "${LINUX_CC:-}" ]; then
	if command -v ccache >/dev/null 2>&1; then LINUX_CC="ccache gcc"; else LINUX_CC=gcc; fi
fi
# What a clean boot's console must not contain.
SPLAT='suspicious RCU usage|WARNING:|BUG:|Oops|Kernel panic|possible recursive locking|possible circular locking|inconsistent lock state|irq lock inversion|DEBUG_LOCKS_WARN_ON|ODEBUG:|INFO: task .* blocked|Call Trace:'
log() { echo "[linux] $*" >&2; }
die() { echo "[linux] error: $*" >&2; exit 1; }
# kmake SRC OBJ args...: make in a kernel tree, out of tree, with ccache.
kmake() {
	local src=$1 obj=$2; shift 2
	mkdir -p "$obj"
	make -s -C "$src" O="$obj" CC="$LINUX_CC" HOSTCC=gcc -j"$JOBS" "$@"
}
# series_list: the patch lines of patches/series, in order.  With
# LINUX_SERIES=kernel, only the sets before its "# Outside kernel/" line
# (make check's Linux checks); otherwise (LINUX_SERIES=all, the default)
# every set.
series_list() {
	[ -f "$PATCHES/series" ] || return 0
	awk -v part="${LINUX_SERIES:-all}" \
		'part == "kernel" && /^# Outside kernel\// { exit }
		 !/^[[:space:]]*(#|$)/ { print }' "$PATCHES/series"
}

# series_patches: the patch files of series_list.
series_patches() {
	series_list | while read -r p; do
		echo "$PATCHES/$p"
	done
}

# restore_rcupdate: undo nfc.sh's plain-accessor rewrite of rcupdate.h in
# the checkout (nfc-plain-accessors.py), if it is there.
restore_rcupdate() {
	git -C "$SRC" diff --quiet HEAD -- include/linux/rcupdate.h ||
		git -C "$SRC" checkout -q -f HEAD -- include/linux/rcupdate.h
}

# use_tree pristine|series|nfc-base: switch $SRC to that tree (as committed:
# also after an nfc.sh that was killed in its plain-accessor builds).
use_tree() {
	local cur
	restore_rcupdate
	cur=$(git -C "$SRC" rev-parse HEAD)
	if [ "$cur" != "$(git -C "$SRC" rev-parse "refs/tags/$1^{commit}")" ]; then
		git -C "$SRC" checkout -q -f --detach "refs/tags/$1"
	fi
}

# functional_patches: patch files declared as functional changes, of
# those in series_list.
functional_patches() {
	local in_series
	[ -f "$PATCHES/functional" ] || return 0
	in_series=$(series_list)
	grep -v '^[[:space:]]*\(#\|$\)' "$PATCHES/functional" | while read -r p; do
		if grep -qxF "$p" <<< "$in_series"; then
			echo "$PATCHES/$p"
		fi
	done
}

# An object directory's mark that all of kernel/ was built there, from the
# commit and with the configuration (configure.sh's stamp) it names: then
# its kernel/ .o.cmd files hold every object's dependencies in that tree.
# sparse.sh writes it; nfc.sh reads it.
KERNEL_BUILT=.rcuos-kernel-built
kernel_built_mark() {	# kernel_built_mark OBJ
	echo "kernel/ $(git -C "$SRC" rev-parse HEAD) $(cat "$1/.rcuos-config-stamp")" > "$1/$KERNEL_BUILT"
}
