# SPDX-License-Identifier: GPL-2.0
# Sourced by tests/codegen/check*.sh: codegen_cc BUILD_DIR SRC OBJ [FLAG...]
# compiles SRC as the kernel's Makefile compiles a kernel C file (the code
# generation flags, BUILD_DIR's autoconf.h), without -g and warnings.
codegen_cc() {
	local build=$1 src=$2 obj=$3 root
	shift 3
	root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
	gcc -std=gnu11 -ffreestanding -fno-pic -fno-pie -mno-red-zone -mgeneral-regs-only \
		-fno-stack-protector -fno-asynchronous-unwind-tables -fno-omit-frame-pointer \
		-fno-strict-aliasing -fno-common -fno-builtin -nostdinc \
		-isystem "$(gcc -print-file-name=include)" -I"$root/include" -I"$build/include" \
		-include "$build/include/generated/autoconf.h" -mcmodel=kernel -m64 -march=x86-64 \
		-O2 "$@" -c "$src" -o "$obj"
}
