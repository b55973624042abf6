#!/bin/bash
# export-series.sh: (maintainer tool) write the commits of the development
# worktree build/linux/dev into linux/patches/, one directory per patch set.
#
# A set is marked in the dev tree by the tag set/<name> on its last commit;
# set/<name> covers the commits after the previous set's tag (in the order
# of the commits) up to it.  For each set, git format-patch writes
# linux/patches/<name>/NNNN-*.patch and a cover letter 0000-cover-letter.patch
# whose subject and blurb come from linux/patches/<name>/cover.txt (first
# line: subject; rest: body), addressed To: the maintainers and Cc: the
# reviewers and lists that scripts/get_maintainer.pl of the pristine tree
# names for the set's patches ("maintainer" and "supporter" roles To:,
# the rest Cc:); its output is kept in get_maintainer.txt.
#
# linux/patches/series is rewritten with the sets' patches in commit order;
# a section that starts with the line "# Outside kernel/" (sets exported
# by other means) and everything after it are kept as they are.  The
# entries of linux/patches/functional are renamed to the new file of the
# patch with the same subject.
. "$(dirname "$0")/common.sh"
DEV=${DEV:-$B/dev}
PREFIX=${PREFIX:-PATCH v2}
cd "$PATCHES" || exit 1
# The sets, in the order of their last commits.
sets=$(for t in $(git -C "$DEV" tag -l 'set/*'); do
	echo "$(git -C "$DEV" rev-list --count "refs/tags/pristine..refs/tags/$t") ${t#set/}"
done | sort -n | awk '{print $2}')
[ -n "$sets" ] || die "no set/* tags in $DEV"
# subject_of PATCH: its Subject: without the [PATCH ...] prefix, unfolded.
subject_of() {
	awk '/^Subject: /{s=$0; getline; while ($0 ~ /^ /) {s=s $0; getline}; print s; exit}' "$1" |
		sed 's/^Subject: \(\[[^]]*\] \)\?//'
}
# Remember the subjects of the functional patches before renaming.
declare -a func_subjects=()
while read -r p; do
	[ -f "$p" ] && func_subjects+=("$(subject_of "$p")")
done < <(functional_patches)
tail=""
if grep -q '^# Outside kernel/' series 2>/dev/null; then
	tail=$(sed -n '/^# Outside kernel\//,$p' series)
fi
rm -f [0-9][0-9][0-9][0-9]-*.patch
prev=refs/tags/pristine
: > series.new
for s in $sets; do
	[ -f "$s/cover.txt" ] || die "$s/cover.txt missing"
	rm -f "$s"/[0-9][0-9][0-9][0-9]-*.patch
	git -C "$DEV" format-patch -q --zero-commit --no-signature --cover-letter \
		--subject-prefix="$PREFIX" -o "$PATCHES/$s" "$prev..refs/tags/set/$s"
	pfiles=()
	for f in "$PATCHES/$s"/[0-9][0-9][0-9][0-9]-*.patch; do
		case $f in */0000-*) ;; *) pfiles+=("$f") ;; esac
	done
	{
		echo "# scripts/get_maintainer.pl --no-git --no-git-fallback --no-fixes $s/[0-9]*.patch"
		echo "# run in the pristine linux-source-6.12 tree (no git history there, so"
		echo "# no git-based suggestions), on the patches of this set; roles as printed."
		(cd "$SRC" && ./scripts/get_maintainer.pl --no-git --no-git-fallback --no-fixes "${pfiles[@]}")
	} > "$s/get_maintainer.txt"
	python3 - "$s/0000-cover-letter.patch" "$s/cover.txt" "$s/get_maintainer.txt" <<'PY'
import re
import sys
cl, cover, gm = sys.argv[1:4]
lines = open(cover).read().split('\n')
subject, body = lines[0], '\n'.join(lines[1:]).strip('\n')
to, cc = [], []
for line in open(gm):
    if line.startswith('#') or not line.strip():
        continue
    m = re.match(r'^(.*?) \((.*)\)$', line.strip())
    addr, role = (m.group(1), m.group(2)) if m else (line.strip(), '')
    (to if role.startswith(('maintainer', 'supporter')) else cc).append(addr)
s = open(cl).read()
s = s.replace('*** SUBJECT HERE ***', subject)
s = s.replace('*** BLURB HERE ***', body)
hdr = ''.join('%s %s\n' % ('To:' if i == 0 else '   ', a + (',' if i < len(to) - 1 else ''))
              for i, a in enumerate(to))
hdr += ''.join('%s %s\n' % ('Cc:' if i == 0 else '   ', a + (',' if i < len(cc) - 1 else ''))
               for i, a in enumerate(cc))
s = s.replace('\nSubject: ', '\n' + hdr + 'Subject: ', 1)
open(cl, 'w').write(s)
PY
	printf '%s\n' "${pfiles[@]#"$PATCHES"/}" >> series.new
	prev=refs/tags/set/$s
done
[ -z "$tail" ] || { echo; echo "$tail"; } >> series.new
mv series.new series
# functional: the same patches under their new names.
: > functional.new
for subj in "${func_subjects[@]}"; do
	for p in $(series_patches); do
		if [ "$(subject_of "$p")" = "$subj" ]; then
			echo "${p#"$PATCHES"/}" >> functional.new
			continue 2
		fi
	done
	die "functional patch \"$subj\" not in the series any more"
done
mv functional.new functional
log "exported $(echo "$sets" | wc -w) sets, $(series_patches | wc -l) patches"
