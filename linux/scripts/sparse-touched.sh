#!/bin/bash
# sparse-touched.sh: sparse (make C=2 CHECK=sparse) with x86-64 defconfig
# over the directories outside kernel/ that the series touches: the
# directory of every file that pristine..series changes, except headers
# under an include/ directory (sparse sees them through the .c files that
# include them) and kernel/ (sparse.sh's defconfig run checks all of it).
# The list follows linux/patches/series, so sets added there for other
# directories are checked without changing this script.
#
# The same directories are checked in the pristine tree too: diagnostics
# that were there before the series (in files it touches for other
# reasons) are the whole-tree work's, not this series'; what the series
# must not do is add any.  A file counts as "new" diagnostics the amount
# by which its count after exceeds its count before.
#
# Reuses the object directory of sparse.sh's defconfig run
# (build/linux/obj-series-defconfig): only the objects of these
# directories are built there in addition (twice: pristine and series).
# Logs, lists and the per-file table in build/linux/sparse/touched-*; the
# last line of the output is
# "touched: DIRS: B before, A after, N new __rcu diagnostics, M objects checked".
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
	echo "touched: (none outside kernel/): 0 before, 0 after, 0 new __rcu diagnostics, 0 objects checked"
	exit 0
fi
for tree in pristine series; do
	use_tree "$tree"
	log "sparse: defconfig, $tree tree, touched directories:$dirs"
	t0=$(date +%s)
	# shellcheck disable=SC2086
	if ! kmake "$SRC" "$obj" C=2 CHECK=sparse $dirs > "$out/touched-$tree.log" 2>&1; then
		tail -20 "$out/touched-$tree.log" >&2
		use_tree series
		die "sparse build of the touched directories failed ($tree)"
	fi
	log "sparse: touched directories ($tree) took $(( $(date +%s) - t0 )) s"
	"$LINUX_DIR/scripts/sparse-rcu.py" list "$out/touched-$tree.log" > "$out/touched-$tree.list"
done
"$LINUX_DIR/scripts/sparse-rcu.py" table "$out/touched-pristine.log" "$out/touched-series.log" \
	"(defconfig,$dirs)" | tee "$out/touched-table.txt"
echo "after the series:"
cat "$out/touched-series.list"
nobj=0
for d in $dirs; do
	nobj=$((nobj + $(find "$obj/$d" -maxdepth 1 -name '.*.o.cmd' 2>/dev/null | wc -l)))
done
before=$(wc -l < "$out/touched-pristine.list")
after=$(wc -l < "$out/touched-series.list")
new=$(awk '$1 ~ /\// && NF == 4 && $3 > $2 {n += $3 - $2} END {print n + 0}' "$out/touched-table.txt")
echo "touched:$dirs: $before before, $after after, $new new __rcu diagnostics, $nobj objects checked"
