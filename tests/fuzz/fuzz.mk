# SPDX-License-Identifier: GPL-2.0
#
# libFuzzer targets: the kernel's input parsers built for the host, as the
# unit tests build them (tests/unit/unit.mk), with clang, ASan and UBSan.
#
#   make fuzz                          each target for $(FUZZ_SECONDS) s (60)
#   make fuzz FUZZ_TARGETS=shell FUZZ_SECONDS=600
#   make fuzz-build                    build the targets only
#   make check-fuzz                    each target for 10 s, PASS/FAIL lines
#
# Everything goes to $(O)/fuzz/: the binaries, a log per target, the corpus
# each target grew (corpus/<name>/; the seeds in tests/fuzz/corpus/<name>/
# are read, never written) and crash-*/leak-*/timeout-* inputs.
# See tests/fuzz/README.md.

FUZZ_MK := $(lastword $(MAKEFILE_LIST))
O ?= build
Q ?= @
srctree ?= $(CURDIR)
CHECK_RESULTS ?= $(O)/check/results
CHECK_LOGS ?= $(O)/check/logs

fuzz-targets := shell params kstrtox vsprintf boot

FUZZ_TARGETS ?= $(fuzz-targets)
FUZZ_SECONDS ?= 60
FUZZ_CHECK_SECONDS := 10
FUZZ_O := $(O)/fuzz
FUZZ_CC ?= clang

# libFuzzer options for every run: inputs up to 4 KiB (a command line, a
# boot information block, an ACPI table set), a slow input is a finding.
FUZZ_RUN_OPTS := -max_len=4096 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1

FUZZ_CFLAGS := -std=gnu11 -O1 -g -fsanitize=address,undefined \
	-fno-sanitize-recover=all -fno-omit-frame-pointer -fno-strict-aliasing \
	-fno-builtin -Wall -Wextra -Wno-unused-parameter -Wno-sign-compare \
	-Wno-missing-field-initializers -Werror \
	-I$(srctree)/include -I$(srctree)/tests/unit -I$(srctree)/tests/fuzz \
	-D__UNIT_TEST__
# lib/ sources linked in: coverage-instrumented, renamed as for unit tests.
FUZZ_KCFLAGS := $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -ffreestanding \
	-Wmissing-prototypes -Wstrict-prototypes \
	-include $(srctree)/tests/unit/host_rename.h
fuzz-ksrcs := lib/string.c lib/vsprintf.c lib/ctype.c lib/kstrtox.c

FUZZ_KOBJS := $(patsubst %.c,$(FUZZ_O)/k/%.o,$(fuzz-ksrcs)) $(FUZZ_O)/ktest.o

$(FUZZ_O)/k/%.o: %.c $(FUZZ_MK)
	@mkdir -p $(dir $@)
	$(Q)$(FUZZ_CC) $(FUZZ_KCFLAGS) -MMD -MP -c $< -o $@

$(FUZZ_O)/ktest.o: tests/unit/ktest.c tests/unit/ktest.h $(FUZZ_MK)
	@mkdir -p $(dir $@)
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -c $< -o $@

# The target's own file includes the kernel sources it fuzzes (to reach
# their static functions and state), so it is built with coverage too.
$(FUZZ_O)/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_KOBJS) $(FUZZ_MK)
	@mkdir -p $(dir $@)
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -MMD -MP -MF $@.d \
		-o $@ $< $(FUZZ_KOBJS)

.SECONDARY: $(FUZZ_KOBJS)

-include $(wildcard $(FUZZ_O)/*.d $(FUZZ_O)/k/*/*.d)

.PHONY: fuzz fuzz-build fuzz-clean check-fuzz
fuzz-build: $(addprefix $(FUZZ_O)/fuzz_,$(FUZZ_TARGETS))

# $(call fuzz-run,NAME,SECONDS,LOG,CORPUS,EXTRA): fuzz NAME for SECONDS,
# growing the directory CORPUS from the seeds; findings land in $(FUZZ_O)/
# as NAME-crash-<sha1> (and leak-, timeout-, oom-).  Fails on any finding.
define fuzz-run
mkdir -p $(4) && \
$(FUZZ_O)/fuzz_$(1) $(FUZZ_RUN_OPTS) -max_total_time=$(2) $(5) \
	-artifact_prefix=$(FUZZ_O)/$(1)- $(4) tests/fuzz/corpus/$(1) >$(3) 2>&1
endef

fuzz:
	@scripts/ensure-packages fuzz
	@$(MAKE) --no-print-directory -f $(FUZZ_MK) O=$(O) fuzz-build
	@fail=0; \
	for t in $(FUZZ_TARGETS); do \
		log=$(FUZZ_O)/$$t.log; \
		echo "fuzz: $$t for $(FUZZ_SECONDS) s (log: $$log)"; \
		if $(call fuzz-run,$$t,$(FUZZ_SECONDS),$$log,$(FUZZ_O)/corpus/$$t,); then \
			grep -E '^(#[0-9]+.*DONE|stat::number_of_executed_units|stat::average_exec_per_sec)' \
				$$log | sed 's/^/  /'; \
		else \
			fail=1; echo "fuzz: $$t FAILED:"; \
			grep -E '^(==[0-9]+==ERROR|SUMMARY|.*check failed|.*runtime error|Test unit written)' \
				$$log | sed 's/^/  /'; \
		fi; \
	done; \
	exit $$fail

# make check: each target for a short fixed time from its seeds alone (a
# fresh corpus, a fixed random seed): the seeds hold every crash found so
# far, so this is their regression test plus a few seconds of new inputs.
check-fuzz:
	@mkdir -p $(CHECK_RESULTS) $(CHECK_LOGS)
	@f=$(CHECK_RESULTS)/fuzz.txt; rm -f $$f; \
	scripts/ensure-packages fuzz >$(CHECK_LOGS)/fuzz-packages.log 2>&1 || \
		echo "FAIL: fuzz:packages (log: $(CHECK_LOGS)/fuzz-packages.log)" | tee -a $$f; \
	for t in $(FUZZ_TARGETS); do \
		log=$(CHECK_LOGS)/fuzz-$$t.log; \
		if ! $(MAKE) --no-print-directory -f $(FUZZ_MK) O=$(O) \
				$(FUZZ_O)/fuzz_$$t >$$log 2>&1; then \
			echo "FAIL: fuzz:$$t (build; log: $$log)" | tee -a $$f; \
			continue; \
		fi; \
		rm -rf $(FUZZ_O)/check-corpus/$$t; \
		if $(call fuzz-run,$$t,$(FUZZ_CHECK_SECONDS),$$log.run,$(FUZZ_O)/check-corpus/$$t,-seed=1); then \
			cat $$log.run >>$$log; rm -f $$log.run; \
			echo "PASS: fuzz:$$t" | tee -a $$f; \
		else \
			cat $$log.run >>$$log; rm -f $$log.run; \
			echo "FAIL: fuzz:$$t (log: $$log)" | tee -a $$f; \
		fi; \
	done

fuzz-clean:
	rm -rf $(FUZZ_O)
