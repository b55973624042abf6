#!/bin/bash
# Extract the pristine Debian tree once into build/linux/src-pristine and make
# it a git repository (tag "pristine"), with tags "series" (pristine + linux/patches/series, applied with
# git am) and "nfc-base" (pristine + the patches listed in
# linux/patches/functional).  Leaves $SRC at the series.
. "$(dirname "$0")/common.sh"
"$LINUX_DIR/scripts/ensure-packages.sh"
mkdir -p "$B"
if ! git -C "$PRISTINE" rev-parse -q --verify refs/tags/pristine >/dev/null 2>&1; then
	log "extracting $TARBALL"
	rm -rf "$PRISTINE" "$B/extract.tmp"
	mkdir -p "$B/extract.tmp"
	tar -xJf "$TARBALL" -C "$B/extract.tmp"
	mv "$B/extract.tmp"/linux-source-6.12 "$PRISTINE"
	rmdir "$B/extract.tmp"
	log "creating git repository of the pristine tree"
	# Debian's top-level .gitignore ignores everything (/*): force-add.
	git -C "$PRISTINE" init -q -b base .
	# No automatic gc: packing 80k objects in the middle of a check costs minutes.
	git -C "$PRISTINE" config gc.auto 0
	git -C "$PRISTINE" add -A -f .
	git -C "$PRISTINE" -c user.name=pristine -c user.email=pristine@localhost \
		commit -q -m "linux-source-6.12 pristine ($(basename "$TARBALL"))"
	git -C "$PRISTINE" tag pristine
fi
# The series' identity: a hash over the patch files named in series.
want=$( (cat "$PATCHES/series" "$PATCHES/functional" 2>/dev/null; series_patches | xargs -r cat) | sha1sum | cut -d' ' -f1)
have=$(cat "$B/series.stamp" 2>/dev/null || true)
if [ "$want" = "$have" ]; then
	use_tree series
	exit 0
fi
rm -f "$B/series.stamp"
# The tags are made by git am in a temporary worktree of the pristine tag,
# checked out sparsely (only the files the patches touch: git am needs
# nothing else), so that applying a patch never refreshes or rewrites the
# 80,000 files of the main checkout.
wt=$B/prepare-am
git -C "$PRISTINE" worktree remove -f "$wt" >/dev/null 2>&1 || rm -rf "$wt"
git -C "$PRISTINE" worktree prune
git -C "$PRISTINE" worktree add -q --no-checkout --detach "$wt" refs/tags/pristine
# shellcheck disable=SC2046
git -C "$wt" sparse-checkout set --no-cone /Makefile $(series_patches | xargs -r grep -h '^diff --git ' |
	sed 's|^diff --git a/\([^ ]*\) b/.*|/\1|' | sort -u)
apply() {	# apply TAG PATCH...
	local tag=$1; shift
	git -C "$wt" checkout -q -f --detach refs/tags/pristine
	# One git am for all (one process, not one per patch).
	if [ $# -gt 0 ] && ! git -C "$wt" -c core.splitIndex=true -c user.name=series -c user.email=series@localhost am -q "$@"; then
		git -C "$wt" am --abort
		die "git am failed for tag $tag (see above)"
	fi
	git -C "$wt" tag -f "$tag" >/dev/null
	log "tag $tag: pristine + $# patches"
}
# shellcheck disable=SC2046
apply nfc-base $(functional_patches)
# shellcheck disable=SC2046
apply series $(series_patches)
git -C "$PRISTINE" worktree remove -f "$wt"
use_tree series
echo "$want" > "$B/series.stamp"
