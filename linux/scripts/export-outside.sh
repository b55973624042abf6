#!/bin/bash
# export-outside.sh: (maintainer tool) write the patch sets outside kernel/
# from a development worktree of build/linux/src-pristine (DEV, default
# build/linux/src-dev) into linux/patches/<set>/, and rewrite the section
# of linux/patches/series that starts with the line "# Outside kernel/".
#
# The commits are those after the tag outside-base (the commit of the
# kernel/ series they apply on).  A set is marked by the tag
# outside/<set> on its last commit and covers the commits after the
# previous set's tag.  Each set gets git format-patch's NNNN-*.patch, a
# cover letter whose subject and blurb come from <set>/cover.txt (first
# line: subject; rest: body), addressed To: the maintainers and supporters
# and Cc: the rest of what scripts/get_maintainer.pl --no-git
# --no-git-fallback prints for the set's patches, and that output in
# <set>/get_maintainer.txt.
. "$(dirname "$0")/common.sh"
DEV=${DEV:-$B/src-dev}
PREFIX=${PREFIX:-PATCH}
cd "$PATCHES" || exit 1
sets=$(for t in $(git -C "$DEV" tag -l 'outside/*'); do
	echo "$(git -C "$DEV" rev-list --count "refs/tags/outside-base..refs/tags/$t") ${t#outside/}"
done | sort -n | awk '{print $2}')
[ -n "$sets" ] || die "no outside/* tags in $DEV"
prev=refs/tags/outside-base
section="# Outside kernel/: the sets that bring the __rcu diagnostics of the rest
# of the x86-64 defconfig build to zero (scripts/export-outside.sh)."
for s in $sets; do
	[ -f "$s/cover.txt" ] || die "$s/cover.txt missing"
	rm -f "$s"/[0-9][0-9][0-9][0-9]-*.patch
	git -C "$DEV" format-patch -q --zero-commit --no-signature --cover-letter \
		--subject-prefix="$PREFIX" -o "$PATCHES/$s" "$prev..refs/tags/outside/$s"
	pfiles=()
	for f in "$PATCHES/$s"/[0-9][0-9][0-9][0-9]-*.patch; do
		case $f in */0000-*) ;; *) pfiles+=("$f") ;; esac
	done
	{
		echo "# scripts/get_maintainer.pl --no-git --no-git-fallback --no-fixes $s/[0-9]*.patch"
		echo "# run in the linux-source-6.12 tree (no git history there, so"
		echo "# no git-based suggestions), on the patches of this set; roles as printed."
		(cd "$DEV" && ./scripts/get_maintainer.pl --no-git --no-git-fallback --no-fixes "${pfiles[@]}")
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
	section="$section
$(printf '%s\n' "${pfiles[@]#"$PATCHES"/}")"
	prev=refs/tags/outside/$s
done
if grep -q '^# Outside kernel/' series; then
	sed -i '/^# Outside kernel\//,$d' series
	sed -i -e :a -e '/^\n*$/{$d;N;ba' -e '}' series	# trailing blank lines
fi
printf '\n%s\n' "$section" >> series
log "exported $(echo "$sets" | wc -w) sets outside kernel/, $(series_patches | wc -l) patches in all"
