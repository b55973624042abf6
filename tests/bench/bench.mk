# tests/bench/bench.mk: "make bench", included by the top-level Makefile.
# Builds rcuos (bench_defconfig, bench_preempt_defconfig) and Linux 6.12
# (linux/bench/, non-preemptible and CONFIG_PREEMPT=y) for
# measurement, boots both in the same QEMU configuration, prints the
# comparison table and rewrites BENCHMARKS.md (tests/bench/bench.sh).
#   make bench [BENCH_CPUS=4] [BENCH_UPDATE=0] [BENCH_SKIP_BUILD=1]
#              [BENCH_ONLY=rcuos|linux|rcuos-preempt|linux-preempt|nopreempt|preempt|report]
BENCH_VARS := $(foreach v,BENCH_CPUS BENCH_MEM BENCH_UPDATE BENCH_SKIP_BUILD BENCH_ONLY \
	BENCH_REFSCALE_LOOPS BENCH_REFSCALE_NRUNS BENCH_FLOOD_SECS BENCH_IDLE_SECS,\
	$(if $($(v)),$(v)=$($(v))))

.PHONY: bench
bench:
	@$(BENCH_VARS) tests/bench/bench.sh
