#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/bench/bench.sh: "make bench".  Boots rcuos and Linux 6.12 in the same
# QEMU configuration and runs the same RCU measurements on both:
#
#   refscale  read-side ns per rcu_read_lock()/rcu_read_unlock() pair
#   rcuscale  synchronize_rcu() and synchronize_rcu_expedited() latency
#   batch     2000 kthreads call synchronize_rcu() at once: grace periods
#   flood     call_rcu() from every CPU: callbacks/s, peak backlog, memory
#   idle      idle CPUs' ticks and wake-ups while a GP runs every 100 ms
#   srcu      refscale and rcuscale (normal and expedited) with scale_type=srcu,
#             and rcuos's srcu_fast (srcu_read_lock_fast(), not in Linux 6.12)
#   rhash     rcuos only: RCU hash table lookups per second per CPU against the
#             same table under a reader-writer lock, on 1, 4 and 8 vCPUs
#
# then prints a table (tests/bench/report.py) with each figure for both
# kernels and their ratio, draws both kernels' grace-period latency
# distributions in one PNG and the flood's backlog over time in another
# (gnuplot), and writes the table to BENCHMARKS.md.
# Then the preemptible rows: rcuos bench_preempt_defconfig against Linux
# with bench.fragment plus bench-preempt.fragment (CONFIG_PREEMPT=y), both
# without lockdep, running refscale and rcuscale (normal and expedited).
# Nothing here passes or fails on a timing: a run fails only if a kernel
# did not produce its output.
#
# Variables: BENCH_CPUS (default 4), BENCH_MEM (512M), BENCH_OUT (build/bench),
# BENCH_REFSCALE_LOOPS (100000), BENCH_REFSCALE_NRUNS (30), BENCH_FLOOD_SECS
# (10), BENCH_IDLE_SECS (10), BENCH_FLOOD_RUNS (3) and BENCH_FLOOD_RUN_SECS
# (5) for the floods in a boot of their own, BENCH_UPDATE=0 to leave
# BENCHMARKS.md alone, BENCH_SKIP_BUILD=1 to reuse the built kernels,
# BENCH_ONLY=rcuos|linux|rcuos-preempt|linux-preempt to rerun one kernel
# (the others' logs are reused), BENCH_ONLY=nopreempt|preempt for one
# pair, BENCH_ONLY=report to only rebuild the tables and the plot from the
# logs.  A pair without logs
# leaves its rows of BENCHMARKS.md as they are.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT"
CPUS=${BENCH_CPUS:-4}
MEM=${BENCH_MEM:-512M}
OUT=${BENCH_OUT:-build/bench}
LOOPS=${BENCH_REFSCALE_LOOPS:-100000}
NRUNS=${BENCH_REFSCALE_NRUNS:-30}
FLOOD=${BENCH_FLOOD_SECS:-10}
IDLE=${BENCH_IDLE_SECS:-10}
ONLY=${BENCH_ONLY:-}
LB=build/linux-bench
BZ=$LB/obj/arch/x86/boot/bzImage
INITRD=$LB/initramfs.cpio
BZP=$LB/obj-preempt/arch/x86/boot/bzImage
INITRDP=$LB/initramfs-preempt.cpio
# qemu_tcg N: QEMU (the array run_qemu starts) on N vCPUs under TCG;
# qemu_icount: the same, BENCH_CPUS of them, under -icount (below).
qemu_tcg() {
	QEMU=(qemu-system-x86_64 -accel tcg,thread=multi -smp "$1" -m "$MEM"
	      -display none -no-reboot -monitor none)
}
qemu_tcg "$CPUS"
# The flood once more with QEMU's instruction counter as the clock (one
# instruction per virtual ns, the vCPUs in turn on one host thread): the
# rate then counts instructions per callback, which a loaded or shared
# host does not move, where the row above counts host time as well.
ICOUNT_FLOOD=${BENCH_ICOUNT_FLOOD_SECS:-3}
# And several floods in a boot of their own, for their median: a shared
# host can speed up or slow down one flood of either kernel by half.
FLOOD_RUNS=${BENCH_FLOOD_RUNS:-3}
FLOOD_RUN_SECS=${BENCH_FLOOD_RUN_SECS:-5}
qemu_icount() {
	QEMU=(qemu-system-x86_64 -icount shift=0,sleep=off -smp "$CPUS" -m "$MEM"
	      -display none -no-reboot -monitor none)
}
log() { echo "[bench] $*" >&2; }

if ! scripts/ensure-packages build linux bench; then
	log "install the packages above, then rerun make bench"
	exit 1
fi
mkdir -p "$OUT/logs"
case "$ONLY" in
""|rcuos|linux|rcuos-preempt|linux-preempt|nopreempt|preempt|report) ;;
*) log "BENCH_ONLY=$ONLY: not rcuos, linux, rcuos-preempt, linux-preempt, nopreempt, preempt or report"
   exit 2 ;;
esac
# want KERNEL: is rcuos, linux, rcuos-preempt or linux-preempt to be run?
want() {
	case "$ONLY" in
	"") return 0 ;;
	nopreempt) [ "$1" = rcuos ] || [ "$1" = linux ] ;;
	preempt) [ "$1" = rcuos-preempt ] || [ "$1" = linux-preempt ] ;;
	*) [ "$1" = "$ONLY" ] ;;
	esac
}

# ---- build both kernels ----
if [ "${BENCH_SKIP_BUILD:-0}" != 1 ]; then
	for k in rcuos rcuos-preempt; do
		want $k || continue
		cfg=bench_defconfig
		[ $k = rcuos ] || cfg=bench_preempt_defconfig
		log "rcuos: $cfg in $OUT/$k"
		mkdir -p "$OUT/$k"
		make -s O="$OUT/$k" KCONFIG_CONFIG="$OUT/$k/.config" $cfg >/dev/null
		make -s O="$OUT/$k" KCONFIG_CONFIG="$OUT/$k/.config"
	done
	# One Linux build at a time: each takes minutes of every CPU.
	if want linux; then
		log "linux: linux/bench/bench.fragment in $LB (first build: several minutes)"
		linux/bench/build.sh
	fi
	if want linux-preempt; then
		log "linux: linux/bench/bench{,-preempt}.fragment in $LB/obj-preempt (first build: several minutes)"
		linux/bench/build.sh preempt
	fi
fi

# run_qemu LOG TIMEOUT_S QEMU-ARGS...: one QEMU at a time; stdin from the
# environment variable BENCH_STDIN.
run_qemu() {
	local logf=$1 tmo=$2 rc; shift 2
	log "boot: $(basename "$logf" .log) (at most ${tmo} s)"
	set +e
	printf '%s' "${BENCH_STDIN:-}" | timeout --foreground -k 5 "$tmo" \
		"${QEMU[@]}" "$@" > "$logf" 2>&1
	rc=$?
	set -e
	[ $rc = 124 ] && log "warning: $(basename "$logf") timed out after $tmo s"
	return 0
}

# ---- rcuos: one boot, the shell runs everything ----
# The expedited rcuscale goes after RCU's other tests: rcuos can serve its
# writers so unequally that it runs for minutes, and a timeout then loses
# nothing else of RCU's.  The SRCU runs come last.
if want rcuos; then
	BENCH_STDIN="refscale scale_type=rcu nreaders=$CPUS loops=$LOOPS nruns=$NRUNS holdoff=1
rcuscale scale_type=rcu gp_exp=0 nwriters=$CPUS nreaders=$CPUS holdoff=1 verbose=0
test rcu_batch
rcuqoi flood seconds=$FLOOD
rcuqoi idle seconds=$IDLE
rcuscale scale_type=rcu gp_exp=1 nwriters=$CPUS nreaders=$CPUS holdoff=1 verbose=0
refscale scale_type=srcu nreaders=$CPUS loops=$LOOPS nruns=$NRUNS holdoff=1
refscale scale_type=srcu_fast nreaders=$CPUS loops=$LOOPS nruns=$NRUNS holdoff=1
rcuscale scale_type=srcu gp_exp=0 nwriters=$CPUS nreaders=$CPUS holdoff=1 verbose=0
rcuscale scale_type=srcu gp_exp=1 nwriters=$CPUS nreaders=$CPUS holdoff=1 verbose=0
rcuscale scale_type=srcu_fast gp_exp=0 nwriters=$CPUS nreaders=$CPUS holdoff=1 verbose=0
config
poweroff
" run_qemu "$OUT/logs/rcuos.log" 1800 -cdrom "$OUT/rcuos/rcuos.iso" -boot d \
		-serial stdio -device isa-debug-exit,iobase=0xf4,iosize=0x04
fi

if want rcuos; then
	qemu_icount
	BENCH_STDIN="rcuqoi flood seconds=$ICOUNT_FLOOD
poweroff
" run_qemu "$OUT/logs/rcuos-icount.log" 600 -cdrom "$OUT/rcuos/rcuos.iso" -boot d \
		-serial stdio -device isa-debug-exit,iobase=0xf4,iosize=0x04
	qemu_tcg "$CPUS"
	BENCH_STDIN="$(for i in $(seq "$FLOOD_RUNS"); do echo "rcuqoi flood seconds=$FLOOD_RUN_SECS"; done)
poweroff
" run_qemu "$OUT/logs/rcuos-floods.log" 900 -cdrom "$OUT/rcuos/rcuos.iso" -boot d \
		-serial stdio -device isa-debug-exit,iobase=0xf4,iosize=0x04
fi

# ---- rcuos only: the RCU hash table against a reader-writer lock ----
# One short boot per vCPU count, whatever BENCH_CPUS.
if want rcuos; then
	for n in 1 4 8; do
		qemu_tcg "$n"
		BENCH_STDIN="rhashbench nkeys=1024 duration_ms=1000 runs=3
poweroff
" run_qemu "$OUT/logs/rcuos-rhash-$n.log" 300 -cdrom "$OUT/rcuos/rcuos.iso" -boot d \
			-serial stdio -device isa-debug-exit,iobase=0xf4,iosize=0x04
	done
	qemu_tcg "$CPUS"
fi

# ---- rcuos only: kfree_rcu() against call_rcu() + kfree() ----
# One producer and one per CPU, on 4 and 8 vCPUs, whatever BENCH_CPUS.
if want rcuos; then
	for n in 4 8; do
		qemu_tcg "$n"
		BENCH_STDIN="kfreebench threads=1 runs=3
kfreebench runs=3
poweroff
" run_qemu "$OUT/logs/rcuos-kfree-$n.log" 600 -cdrom "$OUT/rcuos/rcuos.iso" -boot d \
			-serial stdio -device isa-debug-exit,iobase=0xf4,iosize=0x04
	done
	qemu_tcg "$CPUS"
fi

# ---- rcuos, preemptible: the read side and grace-period latencies ----
if want rcuos-preempt; then
	BENCH_STDIN="refscale scale_type=rcu nreaders=$CPUS loops=$LOOPS nruns=$NRUNS holdoff=1
rcuscale scale_type=rcu gp_exp=0 nwriters=$CPUS nreaders=$CPUS holdoff=1 verbose=0
rcuscale scale_type=rcu gp_exp=1 nwriters=$CPUS nreaders=$CPUS holdoff=1 verbose=0
config
poweroff
" run_qemu "$OUT/logs/rcuos-preempt.log" 1800 -cdrom "$OUT/rcuos-preempt/rcuos.iso" -boot d \
		-serial stdio -device isa-debug-exit,iobase=0xf4,iosize=0x04
fi

# ---- Linux: one boot per test (built-in tests power off when done) ----
lboot() {	# lboot NAME TIMEOUT "CMDLINE", with $bz and $initrd
	BENCH_STDIN= run_qemu "$OUT/logs/linux-$1.log" "$2" -serial stdio \
		-kernel "$bz" -initrd "$initrd" \
		-append "console=ttyS0 panic=-1 $3" </dev/null
}
refscale_args() {	# refscale_args [SCALE_TYPE]
	echo "initcall_blacklist=rcu_scale_init refscale.scale_type=${1:-rcu} refscale.nreaders=$CPUS refscale.loops=$LOOPS refscale.nruns=$NRUNS refscale.holdoff=1 refscale.shutdown=1"
}
rcuscale_args() {	# rcuscale_args GP_EXP [SCALE_TYPE]
	echo "initcall_blacklist=ref_scale_init rcuscale.scale_type=${2:-rcu} rcuscale.gp_exp=$1 rcuscale.nwriters=$CPUS rcuscale.nreaders=$CPUS rcuscale.holdoff=1 rcuscale.verbose=0 rcuscale.shutdown=1"
}
if want linux; then
	bz=$BZ initrd=$INITRD
	lboot refscale 900 "$(refscale_args)"
	lboot rcuscale 900 "$(rcuscale_args 0)"
	lboot rcuscale-exp 900 "$(rcuscale_args 1)"
	lboot srcu-refscale 900 "$(refscale_args srcu)"
	lboot srcu-rcuscale 900 "$(rcuscale_args 0 srcu)"
	lboot srcu-rcuscale-exp 900 "$(rcuscale_args 1 srcu)"
	lboot rcubench 900 "initcall_blacklist=rcu_scale_init,ref_scale_init rcubench.tests=batch,flood,idle rcubench.flood_secs=$FLOOD rcubench.idle_secs=$IDLE"
	qemu_icount
	lboot icount 600 "initcall_blacklist=rcu_scale_init,ref_scale_init rcubench.tests=flood rcubench.flood_secs=$ICOUNT_FLOOD"
	qemu_tcg "$CPUS"
	lboot floods 900 "initcall_blacklist=rcu_scale_init,ref_scale_init rcubench.tests=$(seq -s, "$FLOOD_RUNS" | sed 's/[0-9]\+/flood/g') rcubench.flood_secs=$FLOOD_RUN_SECS"
fi
if want linux-preempt; then
	bz=$BZP initrd=$INITRDP
	lboot preempt-refscale 900 "$(refscale_args)"
	lboot preempt-rcuscale 900 "$(rcuscale_args 0)"
	lboot preempt-rcuscale-exp 900 "$(rcuscale_args 1)"
fi

# ---- the table and the plot ----
args=(--out "$OUT" --cpus "$CPUS" --mem "$MEM"
      --rcuos-config "$OUT/rcuos/.config" --linux-config "$LB/obj/.config"
      --rcuos-preempt-config "$OUT/rcuos-preempt/.config"
      --linux-preempt-config "$LB/obj-preempt/.config"
      --command "make bench${BENCH_CPUS:+ BENCH_CPUS=$BENCH_CPUS}")
[ "${BENCH_UPDATE:-1}" = 1 ] && args+=(--benchmarks-md BENCHMARKS.md --png-copy tests/bench/gp-latency.png
	--flood-png-copy tests/bench/flood-backlog.png)
rc=0
python3 tests/bench/report.py "${args[@]}" || rc=$?
# Linux's own kvm-recheck parsers over both kernels' logs (needs gawk).
if command -v gawk >/dev/null 2>&1; then
	if tests/bench/linux-recheck.sh "$OUT" > "$OUT/linux-recheck.txt" 2>&1; then
		log "Linux's kvm-recheck-refscale.sh/kvm-recheck-rcuscale.sh on both logs: $OUT/linux-recheck.txt"
	else
		log "warning: tests/bench/linux-recheck.sh failed, see $OUT/linux-recheck.txt"
	fi
else
	log "skipping Linux's kvm-recheck parsers: apt-get install gawk"
fi
exit $rc
