#!/bin/bash
# sparse-touched.sh: sparse (make C=2 CHECK=sparse) with x86-64 defconfig
# over the directories outside kernel/ that the series touches: the
# directory of every file that pristine..series changes, except headers
# under an include/ directory (sparse sees them through the .c files that
# include them) and kernel/ (sparse.sh's defconfig run checks all of it).
# The list follows linux/patches/series, so sets added there for other
# directories are checked without changing this script.
#
# Reuses the object directory of sparse.sh's defconfig run
# (build/linux/obj-series-defconfig): only the objects of these
# directories are built there in addition.  Log and list in
# build/linux/sparse/touched.{log,list}; the last line of the output is
# "touched: DIRS: N __rcu diagnostics, M objects checked".
. "$(dirname "$0")/common.sh"
"$LINUX_DIR/scripts/prepare.sh"
use_tree series
obj=$B/obj-series-defconfig
out=$B/sparse
mkdir -p "$out"
"$LINUX_DIR/scripts/configure.sh" "$SRC" "$obj" defconfig
dirs=""
for d in $(git -C "$SRC" diff --name-only refs/tags/pristine refs/tags/series | xargs -r -n1 dirname | sort -u); do
	case $d/ in
	kernel/* | include/* | */include/* | Documentation/* | tools/* | scripts/* | ./) continue ;;
	esac
	# Only directories that Kbuild descends into.
	[ -f "$SRC/$d/Makefile" ] || [ -f "$SRC/$d/Kbuild" ] || continue
	dirs="$dirs $d/"
done
if [ -z "$dirs" ]; then
	echo "touched: (none outside kernel/): 0 __rcu diagnostics, 0 objects checked"
	exit 0
fi
log "sparse: defconfig, series tree, touched directories:$dirs"
t0=$(date +%s)
# shellcheck disable=SC2086
if ! kmake "$SRC" "$obj" C=2 CHECK=sparse $dirs > "$out/touched.log" 2>&1; then
	tail -20 "$out/touched.log" >&2
	die "sparse build of the touched directories failed"
fi
log "sparse: touched directories took $(( $(date +%s) - t0 )) s"
"$LINUX_DIR/scripts/sparse-rcu.py" list "$out/touched.log" | tee "$out/touched.list"
nobj=0
for d in $dirs; do
	nobj=$((nobj + $(find "$obj/$d" -maxdepth 1 -name '.*.o.cmd' 2>/dev/null | wc -l)))
done
echo "touched:$dirs: $(wc -l < "$out/touched.list") __rcu diagnostics, $nobj objects checked"
