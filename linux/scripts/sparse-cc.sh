#!/bin/bash
# sparse-cc.sh: the compiler of the whole-tree sparse run (sparse-all.sh),
# "make CC=sparse-cc.sh C=2 CHECK=sparse".  Kbuild then runs sparse
# (cmd_force_checksrc, the same command and flags as with the real
# compiler) on every .c file that it compiles, but the compilation itself
# is skipped: for "-c FILE.c -o FILE.o" this writes a minimal dependency
# file (for fixdep) and an empty ELF object instead of running GCC.
# Everything else (assembly, -S for asm-offsets and bounds, -E, the
# compiler probes of the Makefiles) runs the real compiler, $SPARSE_CC_REAL.
# Links of the stub objects fail (vmlinux, the vDSO, the boot code): the
# caller runs make -k and counts what sparse checked.
real=${SPARSE_CC_REAL:-gcc}
src="" out="" dep="" compile=0 prev=""
for a in "$@"; do
	case $prev in
	-o) out=$a ;;
	esac
	case $a in
	-c) compile=1 ;;
	-Wp,-MMD,*|-Wp,-MD,*) dep=${a#-Wp,-M*D,} ;;
	*.c) src=$a ;;
	esac
	prev=$a
done
if [ $compile = 0 ] || [ -z "$src" ] || [ -z "$out" ] || [ "${out%.o}" = "$out" ] ||
	[ ! -f "$src" ]; then
	exec $real "$@"
fi
empty=${SPARSE_CC_EMPTY:?SPARSE_CC_EMPTY: path of an empty object}
cp "$empty" "$out"
[ -z "$dep" ] || printf '%s: %s\n' "$out" "$src" > "$dep"
