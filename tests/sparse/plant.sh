#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The planted-misuse test: does 'make sparse' catch a real mistake in a
# real kernel file?
#
# Copies the working tree (git's tracked and untracked-but-not-ignored
# files, without build/) to a temporary directory, checks that
# 'make O=<tmp>/build <config> && make O=<tmp>/build sparse' passes there,
# then turns one real 'x = rcu_dereference(p);' of a file that this
# config compiles and git tracks (rcu/ first, then kernel/) into the plain
# load 'x = p;'
# and checks that 'make sparse' now fails, naming that file and line and
# no other.
#
#   tests/sparse/plant.sh [--config tree_defconfig] [--results FILE] [--keep]
#
# Prints (and appends to FILE, truncated first) 'PASS: sparse-plant/<step>'
# or 'FAIL: sparse-plant/<step>' lines; exits 1 if any step failed.
set -u

srctree=$(cd "$(dirname "$0")/../.." && pwd)
config=tree_defconfig
results=
keep=

while [ $# -gt 0 ]; do
	case "$1" in
	--config) config=$2; shift 2 ;;
	--results) results=$2; shift 2 ;;
	--keep) keep=1; shift ;;
	*) echo "usage: $0 [--config NAME_defconfig] [--results FILE] [--keep]" >&2; exit 2 ;;
	esac
done

if [ -n "$results" ]; then
	mkdir -p "$(dirname "$results")"
	: > "$results"
	results=$(cd "$(dirname "$results")" && pwd)/$(basename "$results")
fi

failed=0
record() {	# record PASS|FAIL step [detail]
	local line="$1: sparse-plant/$2${3:+ ($3)}"

	echo "$line"
	[ -n "$results" ] && echo "$line" >> "$results"
	[ "$1" = FAIL ] && failed=1
	return 0
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/sparse-plant.XXXXXX")
cleanup() {
	if [ -n "$keep" ]; then echo "kept $tmp"; else rm -rf "$tmp"; fi
}
trap cleanup EXIT
tree=$tmp/tree
out=$tmp/build

# Sub-makes must not inherit the caller's make state or .config location.
mk() {
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u KCONFIG_CONFIG \
		make --no-print-directory -C "$tree" O="$out" KCONFIG_CONFIG="$out/.config" "$@"
}

t0=$(date +%s)
mkdir -p "$tree"
if git -C "$srctree" rev-parse --is-inside-work-tree > /dev/null 2>&1; then
	is_git=1
	(cd "$srctree" && git ls-files -z -c -o --exclude-standard) |
		while IFS= read -r -d '' f; do
			case "$f" in build/*) continue ;; esac
			[ -f "$srctree/$f" ] && printf '%s\0' "$f"
		done | sort -zu | tar -C "$srctree" --null -T - -cf - | tar -C "$tree" -xf -
else
	# Not a git checkout (an unpacked tarball): everything but build
	# output.
	is_git=
	tar -C "$srctree" --exclude=./build --exclude='*.o' --exclude='*.iso' \
		--exclude=./.config --exclude=./.config.old -cf - . | tar -C "$tree" -xf -
fi
if [ ! -f "$tree/Makefile" ]; then
	record FAIL copy "no Makefile in the copy"
	exit 1
fi

if ! mk "$config" > "$tmp/config.log" 2>&1; then
	record FAIL "$config" "log: $tmp/config.log"
	keep=1
	exit 1
fi

# 1. The unmodified copy is clean.
if mk sparse > "$tmp/baseline.log" 2>&1; then
	record PASS baseline "$(tail -n 1 "$tmp/baseline.log")"
else
	record FAIL baseline "make sparse fails on the unmodified tree; log: $tmp/baseline.log"
	keep=1
fi

# 2. Plant: the first 'x = rcu_dereference(p);' of a file this config compiles.
csrcs=$(mk -f Makefile -f tests/sparse/sparse.mk sparse-print-csrcs 2>/dev/null | tail -n 1)
target=
# Only files git tracks: not another session's half-written new file.
list_sources() {
	if [ -n "$is_git" ]; then
		(cd "$srctree" && git ls-files 'rcu/*.c' && git ls-files 'kernel/*.c')
	else
		(cd "$tree" && ls rcu/*.c && find kernel -name '*.c' | sort)
	fi
}
for f in $(list_sources); do
	[ -f "$tree/$f" ] || continue
	case " $csrcs " in *" $f "*) ;; *) continue ;; esac
	n=$(grep -nE '^[[:space:]]*[A-Za-z_][A-Za-z0-9_]*[[:space:]]*=[[:space:]]*rcu_dereference\([^()]+\);' \
		"$tree/$f" | head -n 1 | cut -d: -f1)
	if [ -n "$n" ]; then
		target=$f
		line=$n
		break
	fi
done
if [ -z "$target" ]; then
	record FAIL plant "no 'x = rcu_dereference(p);' line in a compiled rcu/ or kernel/ file"
	exit 1
fi
before=$(sed -n "${line}p" "$tree/$target")
sed -i -E "${line}s/rcu_dereference\(([^()]+)\)/\1/" "$tree/$target"
after=$(sed -n "${line}p" "$tree/$target")
if [ "$before" = "$after" ]; then
	record FAIL plant "could not edit $target:$line"
	exit 1
fi
echo "planted in $target:$line:"
echo "  - $(echo "$before" | sed 's/^[[:space:]]*//')"
echo "  + $(echo "$after" | sed 's/^[[:space:]]*//')"

# 3. make sparse fails, and names that file and line, and nothing else.
if mk sparse > "$tmp/planted.log" 2>&1; then
	record FAIL planted-fails "make sparse passed with a plain load of an __rcu pointer in $target:$line"
	keep=1
else
	record PASS planted-fails "$target:$line"
fi
errs=$(grep -E ': (error|warning): ' "$tmp/planted.log")
if echo "$errs" | grep -q "^$target:$line:[0-9]*: error: .*different address spaces"; then
	record PASS names-file-line "$(echo "$errs" | grep -m1 "^$target:$line:")"
else
	record FAIL names-file-line "no '$target:$line:' address-space error; log: $tmp/planted.log"
	keep=1
fi
others=$(echo "$errs" | grep -v "^$target:$line:" || true)
if [ -z "$others" ]; then
	record PASS only-that-line
else
	record FAIL only-that-line "$(echo "$others" | head -n 1)"
	keep=1
fi

echo "sparse-plant: $(( $(date +%s) - t0 )) s"
exit $failed
