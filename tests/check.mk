# SPDX-License-Identifier: GPL-2.0
#
# make check: the whole test suite, included by the top Makefile.
#
#   make check                           everything below, then the summary
#   make check-quick                     the inner loop (under 10 minutes on 2
#                                        cores): every defconfig built, host unit
#                                        tests, sparse, the sparse cases,
#                                        codegen, the weak-memory checker
#                                        (tests/wmm), one boot of each RCU flavour
#                                        ($(CHECK_QUICK_SCENARIOS)); same lines
#                                        and summary as make check
#   make test-scenario SCENARIO=torture-tree-8   build one scenario's config, boot it
#   make harness-test                    the harness self-tests only
#   make list-scenarios
#
# Every step writes 'PASS: <name>', 'FAIL: <name>' or 'SKIP: <name> (<why>)'
# lines into $(CHECK_RESULTS)/*.txt and goes on after failures; the summary
# prints the failures and, as the last line, 'N passed, N failed'
# (', N skipped' if any); make check fails if anything failed.
# Each defconfig is built in build/cfg/<name>/ (tiny_defconfig -> tiny).
# Logs: $(CHECK_LOGS)/; scenario ISOs: $(CHECK_OUT)/iso/.

CHECK_OUT	:= $(O)/check
CHECK_RESULTS	:= $(CHECK_OUT)/results
CHECK_LOGS	:= $(CHECK_OUT)/logs
CHECK_CFG_ROOT	:= build/cfg
CHECK_JOBS	?= 2
CHECK_CONFIGS	:= $(patsubst configs/%_defconfig,%,$(sort $(wildcard configs/*_defconfig)))
CHECK_SCENARIOS	:= $(patsubst tests/scenarios/%.scenario,%,$(sort $(wildcard tests/scenarios/*.scenario)))

# The host unit tests' make fragment, unless the top Makefile has it already.
ifeq ($(filter tests/unit/unit.mk,$(MAKEFILE_LIST)),)
-include tests/unit/unit.mk
endif

# Shell test: does one of the makefiles define target $(1)? For recipes
# only: they expand after every makefile (linux/linux.mk comes after this
# one) has been read.
check-have-target = grep -qsE '^$(1)[[:space:]]*:' $(filter-out $(KCONFIG_CONFIG),$(MAKEFILE_LIST))

# Sub-make for one defconfig's build directory. KCONFIG_CONFIG is exported
# by the top Makefile, so it must be overridden, not just O.
check-cfg-make = $(MAKE) --no-print-directory O=$(CHECK_CFG_ROOT)/$(1) \
	KCONFIG_CONFIG=$(CHECK_CFG_ROOT)/$(1)/.config

# $(call check-step,NAME,RESULTFILE,LOG,COMMAND): run COMMAND with its output
# in LOG, then record PASS or FAIL for NAME.
define check-step
if ( $(4) ) >$(3) 2>&1; then \
	echo "PASS: $(1)" | tee -a $(2); \
else \
	echo "FAIL: $(1) (log: $(3))" | tee -a $(2); \
fi
endef

# The sparse cases' make fragment (sparse-cases, sparse-plant).
ifeq ($(filter tests/sparse/sparse.mk,$(MAKEFILE_LIST)),)
-include tests/sparse/sparse.mk
endif

# The spin models (check-spin) and the fuzz targets (fuzz, check-fuzz).
ifeq ($(filter tests/spin/spin.mk,$(MAKEFILE_LIST)),)
-include tests/spin/spin.mk
endif
ifeq ($(filter tests/mutants/mutants.mk,$(MAKEFILE_LIST)),)
-include tests/mutants/mutants.mk
endif
ifeq ($(filter tests/fuzz/fuzz.mk,$(MAKEFILE_LIST)),)
-include tests/fuzz/fuzz.mk
endif
# The weak-memory checker of Tree SRCU's barriers (wmm, check-wmm).
ifeq ($(filter tests/wmm/wmm.mk,$(MAKEFILE_LIST)),)
-include tests/wmm/wmm.mk
endif

.PHONY: check-sparse-cases check-codegen
.PHONY: check check-quick check-prepare check-packages check-kconfig check-build check-size check-unit check-sparse \
	check-harness check-scenarios check-linux check-summary test-scenario \
	harness-test list-scenarios fuzz-shell check-fuzz-shell soak

# The steps, one after the other even under make -j; check-quick is the
# inner loop's subset, with one short boot of each RCU flavour: Tree on one
# CPU (every test suite), Tiny under rcutorture.
CHECK_STEPS := check-prepare check-packages check-kconfig check-build check-size check-unit \
	check-sparse check-sparse-cases check-codegen check-link check-spin \
	check-fuzz check-harness check-fuzz-shell check-scenarios check-wmm check-mutants check-linux
CHECK_QUICK_STEPS := check-prepare check-build check-size check-unit check-sparse \
	check-sparse-cases check-codegen check-link check-wmm check-scenarios
CHECK_QUICK_SCENARIOS ?= tree-1 torture-tiny-1

# $(call check-timed,STEP[ VAR=VALUE...]): run one step and append its
# wall time to $(CHECK_LOGS)/times.txt, which the summary prints (the
# budget of make check is watched step by step).
check-timed = t0=$$(date +%s); $(MAKE) --no-print-directory $(1) && \
	echo "$(firstword $(1)) $$(( $$(date +%s) - t0 ))" >> $(CHECK_LOGS)/times.txt

check:
	@$(foreach s,$(CHECK_STEPS),$(call check-timed,$(s)) &&) true
	@$(PYTHON) tests/harness/summary.py --times $(CHECK_LOGS)/times.txt $(CHECK_RESULTS)

check-quick:
	@$(foreach s,$(CHECK_QUICK_STEPS),$(call check-timed,$(s) \
		CHECK_SCENARIOS="$(CHECK_QUICK_SCENARIOS)") &&) true
	@$(PYTHON) tests/harness/summary.py --times $(CHECK_LOGS)/times.txt $(CHECK_RESULTS)

check-prepare:
	@rm -rf $(CHECK_RESULTS) $(CHECK_LOGS)
	@mkdir -p $(CHECK_RESULTS) $(CHECK_LOGS)

# The packages are there, and every command the tests run comes from one
# that scripts/ensure-packages installs (or from an Essential one).
check-packages:
	@mkdir -p $(CHECK_RESULTS) $(CHECK_LOGS)
	@rm -f $(CHECK_RESULTS)/packages.txt
	@$(call check-step,packages,$(CHECK_RESULTS)/packages.txt,$(CHECK_LOGS)/packages.log,\
		scripts/ensure-packages check)
	@if $(PYTHON) tests/packages/check.py --self-test --results $(CHECK_RESULTS)/packages.txt \
		>$(CHECK_LOGS)/packages-commands.log 2>&1; then rc=0; else rc=1; fi; \
	grep -E '^(PASS|FAIL|SKIP):' $(CHECK_LOGS)/packages-commands.log || true; \
	if [ $$rc != 0 ] && ! grep -qs '^FAIL:' $(CHECK_RESULTS)/packages.txt; then \
		echo "FAIL: packages/commands (log: $(CHECK_LOGS)/packages-commands.log)" | tee -a $(CHECK_RESULTS)/packages.txt; \
	fi

# Every defconfig is in savedefconfig form: loading it and saving it again
# gives the same file (so it has no typos, dead or overridden settings).
check-kconfig:
	@mkdir -p $(CHECK_RESULTS) $(CHECK_LOGS)
	@$(foreach c,$(CHECK_CONFIGS),\
		$(call check-step,kconfig:$(c),$(CHECK_RESULTS)/kconfig.txt,$(CHECK_LOGS)/kconfig-$(c).log,\
			d=$(CHECK_OUT)/kconfig/$(c); rm -rf $$d && \
			$(MAKE) --no-print-directory O=$$d KCONFIG_CONFIG=$$d/.config $(c)_defconfig && \
			$(MAKE) --no-print-directory O=$$d KCONFIG_CONFIG=$$d/.config savedefconfig && \
			diff -u configs/$(c)_defconfig $$d/defconfig);)

# Every defconfig in its own directory: the ELF and the ISO.
check-build:
	@mkdir -p $(CHECK_RESULTS) $(CHECK_LOGS)
	@$(foreach c,$(CHECK_CONFIGS),\
		$(call check-step,build:$(c),$(CHECK_RESULTS)/build.txt,$(CHECK_LOGS)/build-$(c).log,\
			$(call check-cfg-make,$(c)) $(c)_defconfig && \
			$(call check-cfg-make,$(c)) -j$(CHECK_JOBS) all);)

# Host unit tests: tests/unit/unit.mk's unit-test target writes its own
# PASS/FAIL lines to $(O)/check/results/unit.txt.
check-unit:
	@mkdir -p $(CHECK_RESULTS) $(CHECK_LOGS)
	@f=$(CHECK_RESULTS)/unit.txt; \
	if ! $(call check-have-target,unit-test); then \
		echo "SKIP: unit-test (no unit-test target in tests/unit/unit.mk)" | tee -a $$f; \
		exit 0; \
	fi; \
	if $(MAKE) --no-print-directory unit-test >$(CHECK_LOGS)/unit.log 2>&1; then rc=0; else rc=1; fi; \
	if [ -s $$f ]; then grep -E '^(PASS|FAIL|SKIP):' $$f || true; fi; \
	if [ $$rc != 0 ] && ! grep -qs '^FAIL:' $$f; then \
		echo "FAIL: unit-test (log: $(CHECK_LOGS)/unit.log)" | tee -a $$f; \
	elif ! grep -qsE '^(PASS|FAIL|SKIP):' $$f; then \
		echo "FAIL: unit-test (no results in $$f, log: $(CHECK_LOGS)/unit.log)" | tee -a $$f; \
	fi

# The .text of Tiny RCU and Tiny SRCU, from tiny_defconfig's build (made by
# check-build): the single-CPU flavors are meant to stay small.
CHECK_SIZE_DIR := $(CHECK_CFG_ROOT)/tiny/rcu
check-size-text = size -A $(1) | sed -n 's/^\.text[[:space:]]\{1,\}\([0-9]\{1,\}\).*/\1/p'

check-size:
	@mkdir -p $(CHECK_RESULTS) $(CHECK_LOGS)
	@rm -f $(CHECK_RESULTS)/size.txt
	@f=$(CHECK_RESULTS)/size.txt; \
	r=$$( ($(call check-size-text,$(CHECK_SIZE_DIR)/tiny.o)) 2>/dev/null); \
	s=$$( ($(call check-size-text,$(CHECK_SIZE_DIR)/srcutiny.o)) 2>/dev/null); \
	if [ -n "$$r" ] && [ -n "$$s" ]; then \
		echo "PASS: size: Tiny RCU $$r bytes .text, Tiny SRCU $$s bytes .text" | tee -a $$f; \
	else \
		echo "FAIL: size (no .text in $(CHECK_SIZE_DIR)/tiny.o or srcutiny.o: build tiny_defconfig)" | tee -a $$f; \
	fi

# sparse over each defconfig's C files (the top Makefile's sparse target).
check-sparse:
	@mkdir -p $(CHECK_RESULTS) $(CHECK_LOGS)
	@$(foreach c,$(CHECK_CONFIGS),\
		$(call check-step,sparse:$(c),$(CHECK_RESULTS)/sparse.txt,$(CHECK_LOGS)/sparse-$(c).log,\
			test -f $(CHECK_CFG_ROOT)/$(c)/.config || $(call check-cfg-make,$(c)) $(c)_defconfig; \
			$(call check-cfg-make,$(c)) sparse);)

# tests/sparse: the misuse cases (exact diagnostics, each shown able to
# fail) and the planted misuse in a copy of the tree; tree_defconfig.
check-sparse-cases:
	@mkdir -p $(CHECK_RESULTS) $(CHECK_LOGS)
	@rm -f $(CHECK_RESULTS)/sparse-cases.txt $(CHECK_RESULTS)/sparse-plant.txt
	@test -f $(CHECK_CFG_ROOT)/tree/.config || $(call check-cfg-make,tree) tree_defconfig >/dev/null
	@for t in cases plant; do \
		f=$(CHECK_RESULTS)/sparse-$$t.txt; log=$(CHECK_LOGS)/sparse-$$t.log; \
		if $(call check-cfg-make,tree) sparse-$$t SPARSE_CASES_RESULTS=$(CURDIR)/$(CHECK_RESULTS)/sparse-cases.txt \
			SPARSE_PLANT_RESULTS=$(CURDIR)/$(CHECK_RESULTS)/sparse-plant.txt >$$log 2>&1; then rc=0; else rc=1; fi; \
		if [ -s $$f ]; then grep -E '^(FAIL|SKIP):' $$f || true; \
			echo "sparse-$$t: $$(grep -c '^PASS:' $$f) passed, $$(grep -c '^FAIL:' $$f) failed (log: $$log)"; fi; \
		if [ $$rc != 0 ] && ! grep -qs '^FAIL:' $$f; then \
			echo "FAIL: sparse-$$t (log: $$log)" | tee -a $$f; \
		elif ! grep -qsE '^(PASS|FAIL|SKIP):' $$f; then \
			echo "FAIL: sparse-$$t (no results in $$f, log: $$log)" | tee -a $$f; \
		fi; \
	done

# Readers compile to nothing in a non-preemptible build without PROVE_RCU
# (bench), and to a plain fast path in a preemptible one (bench_preempt).
check-codegen:
	@mkdir -p $(CHECK_RESULTS) $(CHECK_LOGS)
	@f=$(CHECK_RESULTS)/codegen.txt; rm -f $$f; \
	for t in check:bench check-preempt:bench_preempt; do \
		log=$(CHECK_LOGS)/codegen-$${t%%:*}.log; \
		if tests/codegen/$${t%%:*}.sh $(CHECK_CFG_ROOT)/$${t#*:} >$$log 2>&1; then rc=0; else rc=1; fi; \
		grep -E '^(PASS|FAIL|SKIP):' $$log | tee -a $$f; \
		if [ $$rc != 0 ] && ! grep -qs '^FAIL:' $$log; then \
			echo "FAIL: codegen:$${t#*:} (log: $$log)" | tee -a $$f; \
		fi; \
	done

# Every RCU implementation object is needed: relinking without any one of
# them fails with undefined references; and every function a header
# declares is defined (tree and tiny, from check-build).
.PHONY: check-link
check-link:
	@mkdir -p $(CHECK_RESULTS) $(CHECK_LOGS)
	@f=$(CHECK_RESULTS)/link.txt; rm -f $$f; \
	for c in tree tiny; do \
		for t in link decls; do \
			log=$(CHECK_LOGS)/$$t-$$c.log; \
			if [ $$t = link ]; then cmd=tests/link/check.sh; else cmd=tests/link/decls.py; fi; \
			if $$cmd $(CHECK_CFG_ROOT)/$$c >$$log 2>&1; then rc=0; else rc=1; fi; \
			grep -E '^(PASS|FAIL|SKIP):' $$log | tee -a $$f; \
			if [ $$rc != 0 ] && ! grep -qs "^FAIL: $$t:$$c" $$f; then \
				echo "FAIL: $$t:$$c (log: $$log)" | tee -a $$f; \
			fi; \
		done; \
	done

check-harness:
	@mkdir -p $(CHECK_RESULTS) $(CHECK_LOGS)
	@f=$(CHECK_RESULTS)/harness.txt; \
	if $(PYTHON) tests/harness/test_harness.py --results $$f >$(CHECK_LOGS)/harness.log 2>&1; then \
		echo "PASS: harness self-tests ($$(grep -c '^PASS:' $$f) tests)"; \
	else \
		grep '^FAIL:' $$f || echo "FAIL: harness (log: $(CHECK_LOGS)/harness.log)" | tee -a $$f; \
	fi

# Scenarios, $(CHECK_JOBS) at a time; each boots its defconfig's kernel from
# check-build with its own command line and log.
# The shell fuzzer in QEMU (tests/harness/shellfuzz.py): random command
# lines typed one at a time into a 4-CPU boot of the current build (make
# fuzz-shell) or of the tree build (check-fuzz-shell).  fuzz-shell takes a
# new seed each run, check-fuzz-shell one from the commit, so that make check
# is repeatable; either is printed, and SHELLFUZZ_SEED=N repeats one.
SHELLFUZZ_SECONDS ?= 60
SHELLFUZZ_CPUS ?= 4
SHELLFUZZ_SEED ?=
shellfuzz = $(PYTHON) tests/harness/shellfuzz.py --iso $(1) --cpus $(SHELLFUZZ_CPUS) \
	--seconds $(SHELLFUZZ_SECONDS) $(if $(SHELLFUZZ_SEED),--seed $(SHELLFUZZ_SEED)) --log $(2)

fuzz-shell: $(O)/rcuos.iso
	@$(call shellfuzz,$(O)/rcuos.iso,$(O)/shellfuzz.log)

check-fuzz-shell:
	@mkdir -p $(CHECK_RESULTS) $(CHECK_LOGS)
	@f=$(CHECK_RESULTS)/shellfuzz.txt; rm -f $$f; \
	iso=$(CHECK_CFG_ROOT)/tree/rcuos.iso; \
	if [ ! -f $$iso ]; then \
		echo "FAIL: shellfuzz (no $$iso: build of tree_defconfig failed?)" | tee -a $$f; \
		exit 0; \
	fi; \
	$(call shellfuzz,$$iso,$(CHECK_LOGS)/shellfuzz.log) $(if $(SHELLFUZZ_SEED),,$$(seed=$$(git rev-parse --short=8 HEAD 2>/dev/null) && echo --seed $$((0x$$seed)))) \
		>$(CHECK_LOGS)/shellfuzz.out 2>&1; \
	cat $(CHECK_LOGS)/shellfuzz.out; \
	grep -E '^(PASS|FAIL):' $(CHECK_LOGS)/shellfuzz.out >>$$f || \
		echo "FAIL: shellfuzz (no result; log: $(CHECK_LOGS)/shellfuzz.out)" | tee -a $$f

# Soak: every scenario in rotation, one at a time, for HOURS hours
# (tests/harness/soak.py); SOAK_MATCH=REGEX keeps the matching ones.
HOURS ?= 1
SOAK_MATCH ?=
soak: check-build
	@$(PYTHON) tests/harness/soak.py --hours $(HOURS) --match '$(SOAK_MATCH)' \
		--cfg-root $(CHECK_CFG_ROOT) --out $(O)/soak

check-scenarios:
	@mkdir -p $(CHECK_RESULTS) $(CHECK_LOGS)
	@$(PYTHON) tests/harness/scenario.py run --jobs $(CHECK_JOBS) --cfg-root $(CHECK_CFG_ROOT) \
		--out $(CHECK_OUT) --results $(CHECK_RESULTS)/scenarios.txt $(CHECK_SCENARIOS) || true

# The Linux __rcu series (linux/linux.mk), when it provides linux-check; it
# writes its own lines to build/check/results/linux.txt and takes most of
# make check's time (README.md gives the measured figures).  The checks of
# the pristine tree and of the NFC tool are in make linux-check-full.
# LINUX_CHECK=0 skips linux-check, make linux-check runs it alone.
LINUX_CHECK ?= 1
check-linux:
	@mkdir -p $(CHECK_RESULTS) $(CHECK_LOGS)
	@f=build/check/results/linux.txt; \
	if [ "$(LINUX_CHECK)" != 1 ]; then \
		rm -f $$f; \
		echo "SKIP: linux-check (LINUX_CHECK=$(LINUX_CHECK); make linux-check runs it alone)" | tee -a $$f; \
		exit 0; \
	fi; \
	rm -f $$f; \
	if ! $(call check-have-target,linux-check); then \
		echo "SKIP: linux-check (no linux-check target in linux/linux.mk)" | tee -a $$f; \
		exit 0; \
	fi; \
	echo "linux-check: running (log: $(CHECK_LOGS)/linux.log)"; \
	if $(MAKE) --no-print-directory linux-check >$(CHECK_LOGS)/linux.log 2>&1; then rc=0; else rc=1; fi; \
	if [ -s $$f ]; then grep -E '^(PASS|FAIL|SKIP):' $$f || true; fi; \
	if [ $$rc != 0 ] && ! grep -qs '^FAIL:' $$f; then \
		echo "FAIL: linux-check (log: $(CHECK_LOGS)/linux.log)" | tee -a $$f; \
	elif ! grep -qsE '^(PASS|FAIL|SKIP):' $$f; then \
		echo "FAIL: linux-check (no results in $$f, log: $(CHECK_LOGS)/linux.log)" | tee -a $$f; \
	fi

check-summary:
	@$(PYTHON) tests/harness/summary.py $(CHECK_RESULTS)

harness-test:
	@$(PYTHON) tests/harness/test_harness.py

list-scenarios:
	@$(PYTHON) tests/harness/scenario.py list

# make test-scenario SCENARIO=name [SCENARIO_ECHO=1]: build the scenario's
# defconfig in build/cfg/<config>/, then boot it (serial shown live with
# SCENARIO_ECHO=1); log in $(CHECK_LOGS)/<name>.log.
test-scenario:
	@test -n "$(SCENARIO)" || { echo "usage: make test-scenario SCENARIO=<name>; scenarios: $(CHECK_SCENARIOS)" >&2; exit 2; }
	@cfg=$$($(PYTHON) tests/harness/scenario.py defconfig $(SCENARIO)) || exit 2; \
	c=$${cfg%_defconfig}; \
	$(MAKE) --no-print-directory O=$(CHECK_CFG_ROOT)/$$c KCONFIG_CONFIG=$(CHECK_CFG_ROOT)/$$c/.config $$cfg && \
	$(MAKE) --no-print-directory O=$(CHECK_CFG_ROOT)/$$c KCONFIG_CONFIG=$(CHECK_CFG_ROOT)/$$c/.config all
	@$(PYTHON) tests/harness/scenario.py run --cfg-root $(CHECK_CFG_ROOT) --out $(CHECK_OUT) \
		$(if $(SCENARIO_ECHO),--echo) $(SCENARIO)
