#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# check.sh BUILD_DIR: relink BUILD_DIR's kernel once per RCU implementation
# object (every rcu/*.o of that configuration outside rcu/tests/), each
# time with that object left out, and require every such link to fail with
# undefined references.  A link that succeeds means the object could drop
# out of the build unnoticed: some hook falls back to a default, or nothing
# refers to it at all.  One 'PASS: link:<config>:<object>' or 'FAIL: ...'
# line per object; exit status 1 if any failed.
set -euo pipefail
build=${1:?usage: check.sh BUILD_DIR}
build=${build%/}
top=$(cd "$(dirname "$0")/../.." && pwd)
cfg=$(basename "$build")
[ -f "$build/rcuos.0.elf" ] && [ -f "$build/kallsyms0.o" ] || {
	echo "check.sh: $build is not built (no rcuos.0.elf)" >&2; exit 2; }

# The link command's pieces exactly as the Makefile has them for this
# configuration (the object list depends on the .config).
vars=$(cd "$top" && make -s --no-print-directory O="$build" \
	KCONFIG_CONFIG="$build/.config" \
	--eval 'link-check-vars: ; @echo "LINKVAR LD $(LD)"; echo "LINKVAR LDFLAGS $(LDFLAGS)"; echo "LINKVAR OBJS $(OBJS)"' \
	link-check-vars | sed -n 's/^LINKVAR //p')
ld=$(sed -n 's/^LD //p' <<<"$vars")
read -r -a ldflags <<<"$(sed -n 's/^LDFLAGS //p' <<<"$vars")"
read -r -a objs <<<"$(sed -n 's/^OBJS //p' <<<"$vars")"
[ -n "$ld" ] && [ ${#objs[@]} -gt 0 ] || { echo "check.sh: no link command for $build" >&2; exit 2; }

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cd "$top"

# The full link must succeed, or every failure below proves nothing.
if ! "$ld" "${ldflags[@]}" -T linker.ld -o "$out/full.elf" "${objs[@]}" \
	"$build/kallsyms0.o" >"$out/full.log" 2>&1; then
	echo "FAIL: link:$cfg: the full link fails"
	sed 's/^/    /' "$out/full.log"
	exit 1
fi

fail=0 n=0
for o in "${objs[@]}"; do
	case ${o#"$build"/} in
	rcu/tests/*) continue ;;
	rcu/*.o) ;;
	*) continue ;;
	esac
	n=$((n + 1))
	name=${o#"$build"/}
	rest=()
	for p in "${objs[@]}"; do
		[ "$p" = "$o" ] || rest+=("$p")
	done
	if "$ld" "${ldflags[@]}" -T linker.ld -o "$out/without.elf" "${rest[@]}" \
		"$build/kallsyms0.o" >"$out/without.log" 2>&1; then
		echo "FAIL: link:$cfg:$name (links without it)"
		fail=1
	elif grep -q 'undefined reference' "$out/without.log"; then
		nsyms=$(grep -o "undefined reference to \`[^']*'" "$out/without.log" | sort -u | wc -l)
		echo "PASS: link:$cfg:$name (undefined without it: $nsyms symbols)"
	else
		echo "FAIL: link:$cfg:$name (fails, but not for undefined references)"
		sed 's/^/    /' "$out/without.log"
		fail=1
	fi
done
if [ "$n" = 0 ]; then
	echo "FAIL: link:$cfg: no rcu/*.o in the object list"
	exit 1
fi
exit $fail
