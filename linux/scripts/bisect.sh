#!/bin/bash
# bisect.sh: the tree builds after every patch of the series.  For each
# commit pristine..series in turn, builds (small config, PROVE_RCU on, so
# that lockdep_is_held() conditions are compiled) the objects of the .c
# files the commit changes, plus, for a header it changes, the objects of
# the series' .c files that include that header.  The full build of the end
# result is "make linux".  Objects that the small config does not build
# (kernel/seccomp.o, taskstats.o, ...) are built the same way with x86-64
# defconfig + PROVE_RCU (config/prove.fragment), when defconfig builds them.
# Prints one line per patch; exits 1 on a failure.
. "$(dirname "$0")/common.sh"
"$LINUX_DIR/scripts/prepare.sh"
obj=$B/obj-series
"$LINUX_DIR/scripts/configure.sh" "$SRC" "$obj" "$LINUX_DIR/config/rcuos.fragment"
[ -f "$obj/kernel/.fork.o.cmd" ] || kmake "$SRC" "$obj" kernel/ >/dev/null
mkdir -p "$B/bisect"
all_c=$(git -C "$SRC" diff --name-only refs/tags/pristine refs/tags/series | grep '\.c$' || true)
# shellcheck disable=SC2086
series_objs=$("$LINUX_DIR/scripts/touched.py" "$obj" $all_c)
# The defconfig-only objects: which objects defconfig builds is read from
# the defconfig sparse run's object directory when there is one (make
# linux-check runs the sparse checks first), else from a build of kernel/.
dobj=$B/obj-bisect-defconfig
"$LINUX_DIR/scripts/configure.sh" "$SRC" "$dobj" defconfig "$LINUX_DIR/config/prove.fragment"
dmap=$B/obj-series-defconfig
if [ ! -f "$dmap/kernel/.fork.o.cmd" ]; then
	dmap=$dobj
	[ -f "$dobj/kernel/.fork.o.cmd" ] || kmake "$SRC" "$dobj" kernel/ >/dev/null
fi
# defconfig_only OBJ...: those of OBJs that defconfig builds and the small
# config does not.
defconfig_only() {
	local o
	for o in "$@"; do
		[ -f "$obj/$(dirname "$o")/.$(basename "$o").cmd" ] && continue
		if [ -f "$dmap/$(dirname "$o")/.$(basename "$o").cmd" ]; then echo "$o"; fi
	done
}
# shellcheck disable=SC2086
def_series_objs=$("$LINUX_DIR/scripts/touched.py" "$dmap" $all_c)
# Built at other commits than the series' from here on.
rm -f "$obj/$KERNEL_BUILT" "$dobj/$KERNEL_BUILT"
# If a patch will build defconfig objects, the defconfig directory is
# prepared (tools, generated headers) while the first patch's small-config
# objects build, not in the way of the patch that first needs it.
# shellcheck disable=SC2046,SC2086
dprepare=$([ -z "$(defconfig_only $def_series_objs)" ] || [ -f "$dobj/include/generated/asm-offsets.h" ] || echo prepare)
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
	# shellcheck disable=SC2086
	dobjs="$("$LINUX_DIR/scripts/touched.py" "$dmap" $cfiles)"
	if [ -n "$hfiles" ]; then
		# shellcheck disable=SC2086
		dobjs="$dobjs $(comm -12 <("$LINUX_DIR/scripts/touched.py" "$dmap" $hfiles | sort) <(echo "$def_series_objs" | sort))"
	fi
	# shellcheck disable=SC2046,SC2086
	dobjs=$(defconfig_only $(echo $dobjs | tr ' ' '\n' | sort -u))
	git -C "$SRC" checkout -q -f --detach "$c"
	# The two configurations' builds side by side: each make's start-up
	# and last (often single) compilation leave a CPU idle.
	dtargets=${dobjs:-$dprepare}
	dprepare=""
	rc=0 drc=0
	# shellcheck disable=SC2086
	{ [ -z "$objs" ] || kmake "$SRC" "$obj" $objs; } > "$B/bisect/$k.log" 2>&1 &
	pid=$!
	# shellcheck disable=SC2086
	{ [ -z "$dtargets" ] || kmake "$SRC" "$dobj" $dtargets; } > "$B/bisect/$k.defconfig.log" 2>&1 || drc=$?
	wait "$pid" || rc=$?
	cat "$B/bisect/$k.defconfig.log" >> "$B/bisect/$k.log"
	rm -f "$B/bisect/$k.defconfig.log"
	if [ "$rc" = 0 ] && [ "$drc" = 0 ]; then
		echo "OK   $k $subj ($(echo $objs | wc -w) objects$([ -z "$dobjs" ] || echo ", $(echo $dobjs | wc -w) more with defconfig+PROVE_RCU"))"
	else
		echo "FAIL $k $subj"
		tail -20 "$B/bisect/$k.log"
		fail=1
	fi
done
use_tree series
exit $fail
