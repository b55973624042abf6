#!/bin/bash
# export-series.sh: (maintainer tool) write the commits pristine..dev of the
# development worktree build/linux/dev into linux/patches/ with git
# format-patch, with the cover letter text of linux/patches/cover.txt
# (first line: subject; rest: body), and regenerate linux/patches/series.
. "$(dirname "$0")/common.sh"
DEV=${DEV:-$B/dev}
cd "$PATCHES"
rm -f [0-9][0-9][0-9][0-9]-*.patch
git -C "$DEV" format-patch -q --zero-commit --no-signature --cover-letter \
	--subject-prefix="PATCH" -o "$PATCHES" refs/tags/pristine..HEAD
python3 - "$PATCHES/0000-cover-letter.patch" "$PATCHES/cover.txt" <<'PY'
import sys
cl, cover = sys.argv[1], sys.argv[2]
lines = open(cover).read().split('\n')
subject, body = lines[0], '\n'.join(lines[1:]).strip('\n')
s = open(cl).read()
s = s.replace('*** SUBJECT HERE ***', subject)
s = s.replace('*** BLURB HERE ***', body)
open(cl, 'w').write(s)
PY
ls [0-9][0-9][0-9][0-9]-*.patch | grep -v '^0000-' > series
log "exported $(wc -l < series) patches"
