#!/bin/bash
# sparse-touched.sh: sparse (make C=2 CHECK=sparse) with x86-64 defconfig
# over exactly the directories outside kernel/ that the whole series
# (tag series-all: every set, also when make check's LINUX_SERIES=kernel
# checks only the kernel/ sets otherwise) touches: every object that
# defconfig builds from the directory of a file pristine..series-all
# changes, not the subdirectories below it.  Headers under an include/
# directory are left out (sparse sees them through the .c files that
# include them), and so is kernel/ (sparse.sh's defconfig run checks all
# of it).  The list follows linux/patches/series, so sets added there for
# other directories are checked without changing this script.
#
# The goal is no __rcu diagnostic at all in these objects after the
# series.  TOUCHED_TREE=pristine checks the same objects in the pristine
# tree instead (the count before the series, and proof that the check
# can fail); per directory, the whole-tree run (make linux-sparse-all).
#
# Builds in the object directory of sparse.sh's defconfig run
# (build/linux/obj-series-defconfig), so check.sh runs it after the stages
# that read that directory's kernel/ objects.  Log and list in
# build/linux/sparse/touched-TREE.*; the last line of the output is
# "touched: D directories, O objects, N __rcu diagnostics (U unique); not
# built by defconfig: DIRS".
. "$(dirname "$0")/common.sh"
"$LINUX_DIR/scripts/prepare.sh"
obj=$B/obj-series-defconfig
out=$B/sparse
mkdir -p "$out"
tree=${TOUCHED_TREE:-series-all}
"$LINUX_DIR/scripts/configure.sh" "$SRC" "$obj" defconfig
use_tree series-all
# kbuild_dir DIR: DIR or its nearest ancestor with a Kbuild file.
kbuild_dir() {
	local d=$1
	while [ "$d" != . ] && [ ! -f "$SRC/$d/Makefile" ] && [ ! -f "$SRC/$d/Kbuild" ]; do
		d=$(dirname "$d")
	done
	echo "$d"
}
dirs="" objs="" unbuilt=""
for d in $(git -C "$SRC" diff --name-only refs/tags/pristine refs/tags/series-all | xargs -r -n1 dirname | sort -u); do
	case $d/ in
	kernel/* | include/* | */include/* | Documentation/* | tools/* | scripts/* | ./) continue ;;
	esac
	k=$(kbuild_dir "$d")
	[ "$k" != . ] || continue
	# The objects defconfig builds from k's Kbuild file, those of d only.
	o=$(make -s -C "$obj" -f "$SRC/scripts/Makefile.build" -f "$LINUX_DIR/scripts/kbuild-objs.mk" \
		obj="$k" srctree="$SRC" VPATH="$SRC" need-modorder=1 kbuild-objs | tr ' ' '\n' |
		awk -v d="$d" 'NF { n = split($0, p, "/"); s = p[1]; for (i = 2; i < n; i++) s = s "/" p[i]; if (s == d) print }')
	if [ -z "$o" ]; then
		unbuilt="$unbuilt $d/"
		continue
	fi
	dirs="$dirs $d/"
	objs="$objs $o"
done
ndirs=$(wc -w <<< "$dirs")
nobj=$(wc -w <<< "$objs")
log="$out/touched-$tree.log"
use_tree "$tree"
if [ "$nobj" = 0 ]; then
	: > "$log"
else
	log "sparse: defconfig, $tree tree, $nobj objects in:$dirs"
	t0=$(date +%s)
	# shellcheck disable=SC2086
	if ! kmake "$SRC" "$obj" C=2 CHECK=sparse $objs > "$log" 2>&1; then
		tail -20 "$log" >&2
		use_tree series
		die "sparse build of the touched objects failed"
	fi
	log "sparse: $nobj touched objects took $(( $(date +%s) - t0 )) s"
fi
use_tree series
"$LINUX_DIR/scripts/sparse-rcu.py" list "$log" > "$out/touched-$tree.list"
echo "objects checked:"
tr ' ' '\n' <<< "$objs" | grep . | sed 's/^/  /'
echo "__rcu diagnostics:"
cat "$out/touched-$tree.list"
raw=$("$LINUX_DIR/scripts/sparse-rcu.py" raw "$log")
uniq=$(wc -l < "$out/touched-$tree.list")
echo "touched: $ndirs directories, $nobj objects, $raw __rcu diagnostics ($uniq unique); not built by defconfig:${unbuilt:- none}"
