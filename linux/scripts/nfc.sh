#!/bin/bash
# nfc.sh [BASE_TAG NEW_TAG [OBJECT...]]: no-functional-change proof.
# Default: BASE_TAG=nfc-base (pristine + the patches listed in
# patches/functional), NEW_TAG=series, and the objects the series touches:
# its .c files, and the kernel/ objects that include a header it changes
# (from Kbuild's .o.cmd files).
#
# 1. Every object is built with the small config minus lockdep/PROVE_RCU
#    (config/nfc.fragment) in both trees, and "objdump -dr" of each pair
#    is compared with addresses normalised (objdump-normalise.py).
#    Identical: "SAME obj".  Then the same for the touched objects that
#    only x86-64 defconfig builds (it has lockdep and PROVE_RCU off),
#    e.g. kernel/seccomp.o: "SAME obj (defconfig)".  Outside kernel/, the
#    objects compared are those of the changed .c files and those listed
#    in patches/nfc-objects (the users of a header changed there).
# 2. An object that differs is built once more in both trees with the RCU
#    accessors rcu_access_pointer(), rcu_dereference_protected(),
#    RCU_INIT_POINTER() and the rcu_dereference*() readers expanded to the
#    bare access they wrap
#    (nfc-plain-accessors.py, on the checked-out tree, restored from git
#    right after; built in the same object directory and configuration as
#    step 1).  If these two "plain accessor" builds are
#    identical, the only source difference is those accessors around the
#    same accesses, and the real difference is their volatile load/store
#    (READ_ONCE/WRITE_ONCE: the compiler may no longer fold, tear, merge or
#    re-load it) or their statement expression (another temporary, so GCC
#    may swap the operands of a commutative cmp): "ACCEPTED obj: <function
#    [kind]>..." with the differing functions named (nfc-explain.py).
#    If they differ only in the operand order of cmp instructions whose
#    flags are used for equality only (nfc-cmpswap.py: same ZF, checked on
#    every path to the next flag write), the object is accepted as well,
#    with those functions named.  Otherwise: "DIFF obj: ..." and the check
#    fails.
# Exits 1 if any object is DIFF.  The last line is the summary.
. "$(dirname "$0")/common.sh"
"$LINUX_DIR/scripts/prepare.sh"
BASE=${1:-nfc-base}
NEW=${2:-series}
shift $(( $# < 2 ? $# : 2 ))
given_objs="$*"
out=$B/nfc
[ "$BASE/$NEW" = nfc-base/series ] || out=$B/nfc-$NEW
mkdir -p "$out"
FRAGS=("$LINUX_DIR/config/rcuos.fragment" "$LINUX_DIR/config/nfc.fragment")
files=$(git -C "$SRC" diff --name-only "refs/tags/$BASE" "refs/tags/$NEW")
[ -n "$files" ] || { echo "nfc: $NEW changes nothing beyond $BASE"; exit 0; }

# extra_objects: the objects named in patches/nfc-objects (first word of
# each line), which use a header that a patch outside kernel/ changes
# (touched.py maps a changed header only to the kernel/ objects that
# include it).
extra_objects() {
	[ -f "$PATCHES/nfc-objects" ] || return 0
	[ "${LINUX_SERIES:-all}" != kernel ] || return 0	# no set outside kernel/
	grep -v '^[[:space:]]*\(#\|$\)' "$PATCHES/nfc-objects" | awk '{print $1}'
}

# build_and_dump TREE_SRC OBJDIR OUTDIR OBJECTS...: build, normalise.
build_and_dump() {
	local src=$1 obj=$2 dir=$3 o; shift 3
	rm -rf "$dir"
	[ $# -gt 0 ] || return 0	# (make with no target would build vmlinux)
	rm -f "${@/#/$obj/}"	# never compare a stale object
	kmake "$src" "$obj" "$@"
	for o in "$@"; do
		[ -f "$obj/$o" ] || continue
		mkdir -p "$dir/$(dirname "$o")"
		cp "$obj/$o" "$dir/$o"
		echo "$o"
	done | xargs -r -P "$JOBS" -I{} sh -c '"$1" "$2/$4" > "$3/$4.dis"' sh \
		"$LINUX_DIR/scripts/objdump-normalise.py" "$obj" "$dir" {}
}

# kernel_cmd_usable OBJDIR DIR...: whether the kernel/ .o.cmd files that
# OBJDIR has now can stand for a build of DIRs in $BASE: all of kernel/ was
# built there in $NEW with the configuration it has (sparse.sh's mark,
# common.sh), every DIR was part of that build, and the trees differ only
# in the contents of files that exist in both, none of them a Makefile,
# Kbuild or Kconfig file (so both build the same objects).  Then an object
# that includes no changed file in one tree is made from the same files in
# the other, so it includes none there either: touched.py finds the same
# objects from either tree's dependencies, without building kernel/ in
# $BASE.
kernel_cmd_usable() {
	local obj=$1 d; shift
	[ -f "$obj/$KERNEL_BUILT" ] && [ -f "$obj/.rcuos-config-stamp" ] || return 1
	[ "$(cat "$obj/$KERNEL_BUILT")" = "kernel/ $(git -C "$SRC" rev-parse "refs/tags/$NEW^{commit}") $(cat "$obj/.rcuos-config-stamp")" ] ||
		return 1
	[ -z "$(git -C "$SRC" diff --name-status --no-renames "refs/tags/$BASE" "refs/tags/$NEW" | grep -v '^M')" ] || return 1
	! grep -q '\(^\|/\)\(Makefile\|Kbuild\|Kconfig\)[^/]*$' <<< "$files" || return 1
	for d in "$@"; do
		[ -f "$obj/$d.built-in.a.cmd" ] || return 1
	done
}

# nfc_pass NAME OBJDIR FRAGMENT...: steps 1 and 2 for one
# configuration; NAME is "small" or "defconfig" (then the first FRAGMENT
# is the word defconfig).  Objects go to $out/[plain-]TREE[-defconfig]/.
# Adds to the counters n, same, accepted, diffs and the list acc_list.
nfc_pass() {
	local name=$1 obj=$2 sfx="" tree o dirs have differ="" what pa pb swaps cmd_usable=0
	shift 2
	[ "$name" = small ] || sfx=-$name
	dirs=$( (echo kernel; echo "$files" | grep '^kernel/.*\.c$' | xargs -r -n1 dirname) | sort -u | sed 's|$|/|')
	for tree in "$BASE" "$NEW"; do
		use_tree "$tree"
		"$LINUX_DIR/scripts/configure.sh" "$SRC" "$obj" "$@"
		if [ "$tree" = "$BASE" ]; then
			# shellcheck disable=SC2086
			if [ -z "$given_objs" ] && kernel_cmd_usable "$obj" $dirs; then
				cmd_usable=1
			fi
			# What is built here from now on is not sparse.sh's
			# build of kernel/.
			rm -f "$obj/$KERNEL_BUILT"
		fi
		kmake "$SRC" "$obj" prepare
		# Which objects include a touched header, and which touched .c
		# files this configuration builds, is known from Kbuild's .cmd
		# files once the directories are built.
		if [ "$tree" = "$BASE" ]; then
			if [ -n "$given_objs" ]; then
				# Those of the given objects that this
				# configuration builds (make -k tries them all).
				# "if", not "&&": a loop ending in a failed test
				# would end the script (set -e, pipefail).
				# shellcheck disable=SC2086
				kmake "$SRC" "$obj" -k $given_objs >/dev/null 2>&1 || true
				echo "$given_objs" | tr ' ' '\n' | grep . | while read -r o; do
					if [ -f "$obj/$(dirname "$o")/.$(basename "$o").cmd" ]; then echo "$o"; fi
				done > "$out/objects$sfx"
			else
				if [ "$cmd_usable" = 1 ]; then
					log "nfc: $name: the objects that include a changed file, from the .o.cmd files of kernel/ as built in $NEW in $obj"
				else
					# shellcheck disable=SC2086
					kmake "$SRC" "$obj" $dirs >/dev/null
				fi
				# Outside kernel/, only the objects of the changed .c
				# files and those of patches/nfc-objects (users of
				# changed headers), not whole directories: make -k
				# builds those that this configuration has.
				others=$( (echo "$files" | grep '\.c$' | grep -v '^kernel/' | sed 's/\.c$/.o/'
					extra_objects) | sort -u)
				# shellcheck disable=SC2086
				[ -z "$others" ] || kmake "$SRC" "$obj" -k $others >/dev/null 2>&1 || true
				# shellcheck disable=SC2086
				{ "$LINUX_DIR/scripts/touched.py" "$obj" $files; echo "$others"; } |
					grep . | sort -u | while read -r o; do
						if [ -f "$obj/$(dirname "$o")/.$(basename "$o").cmd" ]; then echo "$o"; fi
					done > "$out/objects$sfx"
			fi
			if [ -n "$sfx" ]; then
				# Only what the small configuration did not compare.
				grep -vxF -f "$out/compared" "$out/objects$sfx" > "$out/objects$sfx.tmp" || true
				mv "$out/objects$sfx.tmp" "$out/objects$sfx"
			fi
		fi
		have=""
		for o in $(cat "$out/objects$sfx"); do
			[ -f "$SRC/${o%.o}.c" ] && have="$have $o"
		done
		# shellcheck disable=SC2086
		build_and_dump "$SRC" "$obj" "$out/$tree$sfx" $have
	done

	for o in $(cat "$out/objects$sfx"); do
		a=$out/$BASE$sfx/$o.dis b=$out/$NEW$sfx/$o.dis
		if [ ! -f "$a" ] && [ ! -f "$b" ]; then
			continue	# not built in this configuration
		fi
		echo "$o" >> "$out/compared"
		n=$((n + 1))
		if cmp -s "$a" "$b"; then
			echo "SAME $o${sfx:+ ($name)}"
			same=$((same + 1))
		else
			diff -u "$a" "$b" > "$out/$(echo "$o" | tr / _)$sfx.diff" || true
			differ="$differ $o"
		fi
	done
	[ -n "$differ" ] || return 0

	# 2. The objects that differ, with the accessors expanded in both trees.
	# In the checkout itself, so that the object directory of step 1 (its
	# configuration, tools and generated files) serves: restored at once.
	for tree in "$BASE" "$NEW"; do
		use_tree "$tree"
		"$LINUX_DIR/scripts/nfc-plain-accessors.py" "$SRC"
		# shellcheck disable=SC2086
		build_and_dump "$SRC" "$obj" "$out/plain-$tree$sfx" $differ
		restore_rcupdate
	done
	for o in $differ; do
		what=$("$LINUX_DIR/scripts/nfc-explain.py" "$out/$BASE$sfx/$o.dis" "$out/$NEW$sfx/$o.dis")
		pa=$out/plain-$BASE$sfx/$o.dis pb=$out/plain-$NEW$sfx/$o.dis
		if [ -f "$pa" ] && [ -f "$pb" ] && cmp -s "$pa" "$pb"; then
			echo "ACCEPTED $o${sfx:+ ($name)}: $what (identical with the RCU accessors expanded to plain accesses in both trees)"
			accepted=$((accepted + 1))
			acc_list="$acc_list $o"
		elif [ -f "$pa" ] && [ -f "$pb" ] &&
			swaps=$("$LINUX_DIR/scripts/nfc-cmpswap.py" "${pa%.dis}" "${pb%.dis}"); then
			echo "ACCEPTED $o${sfx:+ ($name)}: $what (with the RCU accessors expanded to plain accesses in both trees, only equality-tested cmp operands swapped: $swaps)"
			accepted=$((accepted + 1))
			acc_list="$acc_list $o"
		elif [ -f "$pa" ] && [ -f "$pb" ] &&
			fns=$("$LINUX_DIR/scripts/nfc-perfunc.py" "$out/$BASE$sfx/$o.dis" "$out/$NEW$sfx/$o.dis" "$pa" "$pb"); then
			echo "ACCEPTED $o${sfx:+ ($name)}: $what (each function that differs as built, $fns, is identical with the RCU accessors expanded to plain accesses in both trees; the others are identical as built)"
			accepted=$((accepted + 1))
			acc_list="$acc_list $o"
		else
			echo "DIFF $o${sfx:+ ($name)}: $what; still differs with plain accessors: $("$LINUX_DIR/scripts/nfc-explain.py" "$pa" "$pb" 2>/dev/null || echo 'plain build failed') (${swaps:-})"
			diff -u "$pa" "$pb" > "$out/$(echo "$o" | tr / _)$sfx.plain.diff" 2>/dev/null || true
			diffs=$((diffs + 1))
		fi
	done
}

# The plain-accessor rewrite never outlives this script.
trap restore_rcupdate EXIT
n=0 same=0 accepted=0 diffs=0 acc_list=""
: > "$out/compared"
nfc_pass small "$B/obj-nfc" "${FRAGS[@]}"
# Touched objects that only x86-64 defconfig builds (seccomp.o, kcmp.o,
# ...), with defconfig itself: it has lockdep and PROVE_RCU off.
# (With given objects, only if the small configuration missed one.)
# The object directory is the defconfig sparse run's (same configuration):
# its tools, generated headers and untouched objects are reused, and make
# rebuilds whatever the switch between the trees changes.
if [ -z "$given_objs" ] || echo "$given_objs" | tr ' ' '\n' | grep -qvxF -f "$out/compared"; then
	nfc_pass defconfig "$B/obj-series-defconfig" defconfig
fi
use_tree series
echo "nfc: $n objects compared: $same identical, $accepted accepted (only RCU accessor codegen:${acc_list:- none}), $diffs differ"
[ "$diffs" = 0 ]
