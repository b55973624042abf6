#!/bin/bash
# Extract the pristine Debian tree once into build/linux/src-pristine and make
# it a git repository (tag "pristine"), with tags "series" (pristine +
# linux/patches/series, applied with git am; with LINUX_SERIES=kernel only
# its kernel/ sets), "series-all" (every set, whatever LINUX_SERIES says)
# and "nfc-base" (pristine + the patches listed in linux/patches/functional).
# Leaves $SRC at the series.
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
all_patches() { LINUX_SERIES=all series_patches; }
# The series' identity: a hash over every patch file named in series and
# the part of it that tag "series" holds.
want=$( (echo "${LINUX_SERIES:-all}"; cat "$PATCHES/series" "$PATCHES/functional" 2>/dev/null; all_patches | xargs -r cat) |
	sha1sum | cut -d' ' -f1)
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
git -C "$wt" sparse-checkout set --no-cone /Makefile $(all_patches | xargs -r grep -h '^diff --git ' |
	sed 's|^diff --git a/\([^ ]*\) b/.*|/\1|' | sort -u)
apply() {	# apply BASE TAG PATCH...: TAG is BASE + the patches
	local base=$1 tag=$2; shift 2
	git -C "$wt" checkout -q -f --detach "refs/tags/$base"
	# One git am for all (one process, not one per patch).
	if [ $# -gt 0 ] && ! git -C "$wt" -c core.splitIndex=true -c user.name=series -c user.email=series@localhost am -q "$@"; then
		git -C "$wt" am --abort
		die "git am failed for tag $tag (see above)"
	fi
	git -C "$wt" tag -f "$tag" >/dev/null
	log "tag $tag: $base + $# patches"
}
# shellcheck disable=SC2046
apply pristine nfc-base $(functional_patches)
# shellcheck disable=SC2046
apply pristine series $(series_patches)
# The sets after "series" (none with LINUX_SERIES=all), applied on top of it.
# shellcheck disable=SC2046
apply series series-all $(all_patches | tail -n +$(( $(series_patches | wc -l) + 1 )))
git -C "$PRISTINE" worktree remove -f "$wt"
use_tree series
echo "$want" > "$B/series.stamp"
