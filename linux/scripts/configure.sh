#!/bin/bash
# configure.sh SRC OBJ [FRAGMENT...]: tinyconfig + fragments, or
# "configure.sh SRC OBJ defconfig [FRAGMENT...]" for x86-64 defconfig
# (+ fragments).  Verifies that every option of the fragments really has
# the requested value afterwards.
. "$(dirname "$0")/common.sh"
src=$1 obj=$2; shift 2
mkdir -p "$obj"
stamp="$obj/.rcuos-config-stamp"
want=$( (echo "$*"; for f in "$@"; do [ "$f" = defconfig ] || cat "$f"; done) | sha1sum | cut -d' ' -f1)
if [ -f "$obj/.config" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; then
	exit 0
fi
if [ "${1:-}" = defconfig ]; then
	kmake "$src" "$obj" x86_64_defconfig >/dev/null
	shift
	if [ $# = 0 ]; then
		echo "$want" > "$stamp"
		exit 0
	fi
else
	kmake "$src" "$obj" tinyconfig >/dev/null
fi
set_opts() {
	grep -v '^[[:space:]]*\(#\|$\)' "$1" | while IFS='=' read -r k v; do
		case "$v" in
		y) echo "--enable $k" ;;
		n) echo "--disable $k" ;;
		m) echo "--module $k" ;;
		\"*) echo "--set-str $k ${v//\"/}" ;;
		*) echo "--set-val $k $v" ;;
		esac
	done
}
for f in "$@"; do
	# shellcheck disable=SC2046
	"$src/scripts/config" --file "$obj/.config" $(set_opts "$f")
done
kmake "$src" "$obj" olddefconfig >/dev/null
# Verify: the last fragment that mentions an option wins.
bad=0
declare -A final
for f in "$@"; do
	while IFS='=' read -r k v; do final[$k]=$v; done < <(grep -v '^[[:space:]]*\(#\|$\)' "$f")
done
for k in "${!final[@]}"; do
	v=${final[$k]}
	if [ "$v" = n ]; then
		grep -q "^CONFIG_$k=" "$obj/.config" && { echo "config: CONFIG_$k still set" >&2; bad=1; }
	else
		grep -qx "CONFIG_$k=$v" "$obj/.config" || { echo "config: CONFIG_$k is not $v: $(grep "CONFIG_$k[= ]" "$obj/.config")" >&2; bad=1; }
	fi
done
[ $bad = 0 ] || die "configuration in $obj does not match the fragments"
echo "$want" > "$stamp"
