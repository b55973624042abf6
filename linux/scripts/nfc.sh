#!/bin/bash
# nfc.sh: no-functional-change proof.  Builds, with the small config minus
# lockdep/PROVE_RCU (config/nfc.fragment), every object file that the series
# touches (touched .c files, and kernel/ objects that include a touched
# header), once in the "nfc-base" tree (pristine + the patches listed in
# patches/functional) and once in the "series" tree, and compares
# "objdump -dr" of each pair with addresses normalised.
# Prints one line per object (SAME/DIFF) and exits 1 if any differs.
. "$(dirname "$0")/common.sh"
"$LINUX_DIR/scripts/prepare.sh"
out=$B/nfc
mkdir -p "$out"
files=$(git -C "$SRC" diff --name-only refs/tags/nfc-base refs/tags/series)
[ -n "$files" ] || { echo "nfc: the series changes nothing beyond the functional patches"; exit 0; }

for tree in nfc-base series; do
	use_tree "$tree"
	obj=$B/obj-nfc
	"$LINUX_DIR/scripts/configure.sh" "$SRC" "$obj" "$LINUX_DIR/config/rcuos.fragment" "$LINUX_DIR/config/nfc.fragment"
	kmake "$SRC" "$obj" prepare
	# Which objects include a touched header, and which touched .c files
	# this configuration builds, is known from Kbuild's .cmd files once the
	# directories are built.
	if [ "$tree" = nfc-base ]; then
		dirs=$( (echo kernel; echo "$files" | grep '\.c$' | xargs -r -n1 dirname) | sort -u | sed 's|$|/|')
		# shellcheck disable=SC2086
		kmake "$SRC" "$obj" $dirs >/dev/null
		# shellcheck disable=SC2086
		"$LINUX_DIR/scripts/touched.py" "$obj" $files > "$out/objects"
	fi
	objs=$(cat "$out/objects")
	have=""
	for o in $objs; do
		src_c="${o%.o}.c"
		[ -f "$SRC/$src_c" ] && have="$have $o"
	done
	# shellcheck disable=SC2086
	kmake "$SRC" "$obj" $have
	rm -rf "${out:?}/$tree"
	for o in $have; do
		[ -f "$obj/$o" ] || continue
		mkdir -p "$out/$tree/$(dirname "$o")"
		"$LINUX_DIR/scripts/objdump-normalise.py" "$obj/$o" > "$out/$tree/$o.dis"
	done
done
use_tree series
diffs=0 n=0
for o in $(cat "$out/objects"); do
	a=$out/nfc-base/$o.dis b=$out/series/$o.dis
	if [ ! -f "$a" ] && [ ! -f "$b" ]; then
		continue	# not built in this configuration
	fi
	n=$((n + 1))
	if cmp -s "$a" "$b"; then
		echo "SAME $o"
	else
		echo "DIFF $o"
		diff -u "$a" "$b" | head -40 > "$out/$(echo "$o" | tr / _).diff" || true
		diffs=$((diffs + 1))
	fi
done
echo "nfc: $n objects compared, $diffs differ"
[ "$diffs" = 0 ]
