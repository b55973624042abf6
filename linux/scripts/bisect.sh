#!/bin/bash
# bisect.sh: the tree builds after every patch of the series.  For each
# commit pristine..series in turn, builds (small config, PROVE_RCU on, so
# that lockdep_is_held() conditions are compiled) the objects of the .c
# files the commit changes, plus, for a header it changes, the objects of
# the series' .c files that include that header.  The full build of the end
# result is "make linux".  Prints one line per patch; exits 1 on a failure.
. "$(dirname "$0")/common.sh"
"$LINUX_DIR/scripts/prepare.sh"
obj=$B/obj-series
"$LINUX_DIR/scripts/configure.sh" "$SRC" "$obj" "$LINUX_DIR/config/rcuos.fragment"
[ -f "$obj/kernel/.fork.o.cmd" ] || kmake "$SRC" "$obj" kernel/ >/dev/null
mkdir -p "$B/bisect"
all_c=$(git -C "$SRC" diff --name-only refs/tags/pristine refs/tags/series | grep '\.c$' || true)
# shellcheck disable=SC2086
series_objs=$("$LINUX_DIR/scripts/touched.py" "$obj" $all_c)
fail=0 k=0
for c in $(git -C "$SRC" rev-list --reverse refs/tags/pristine..refs/tags/series); do
	k=$((k + 1))
	subj=$(git -C "$SRC" log -1 --format=%s "$c")
	files=$(git -C "$SRC" diff-tree --no-commit-id --name-only -r "$c")
	cfiles=$(echo "$files" | grep '\.c$' || true)
	hfiles=$(echo "$files" | grep -v '\.c$' || true)
	# shellcheck disable=SC2086
	objs="$("$LINUX_DIR/scripts/touched.py" "$obj" $cfiles)"
	if [ -n "$hfiles" ]; then
		# shellcheck disable=SC2086
		objs="$objs $(comm -12 <("$LINUX_DIR/scripts/touched.py" "$obj" $hfiles | sort) <(echo "$series_objs" | sort))"
	fi
	objs=$(echo $objs | tr ' ' '\n' | sort -u)
	git -C "$SRC" checkout -q -f --detach "$c"
	# shellcheck disable=SC2086
	if [ -z "$objs" ] || kmake "$SRC" "$obj" $objs > "$B/bisect/$k.log" 2>&1; then
		echo "OK   $k $subj ($(echo $objs | wc -w) objects)"
	else
		echo "FAIL $k $subj"
		tail -20 "$B/bisect/$k.log"
		fail=1
	fi
done
use_tree series
exit $fail
