# SPDX-License-Identifier: GPL-2.0
#
# The weak-memory checker (tests/wmm/README.md): rcu/srcutree.c and
# include/linux/srcutree.h built for the host over the shadow headers of
# tests/wmm/include/, run under a model of a weakly ordered machine.
# Included by tests/check.mk, whose CHECK_RESULTS and CHECK_LOGS it uses.
#
#   make wmm [WMM_SEEDS=N] [WMM_ARGS=...]   build and run seeds 1..N; exit
#                                           status 1 if any seed failed
#   make wmm-build                          build only: $(WMM_O)/srcu_wmm
#   make check-wmm                          make wmm, as a make check step:
#                                           PASS/FAIL in $(CHECK_RESULTS)/wmm.txt
#
# One seed with its trace: $(WMM_O)/srcu_wmm -s SEED [-t] [-v].

WMM_O		:= $(O)/wmm
WMM_SEEDS	?= 2000
WMM_ARGS	?=
HOSTCC		?= gcc

WMM_CFLAGS := -std=gnu11 -O2 -g -Wall -Werror -fno-strict-aliasing
# The kernel sources: the shadow headers first, then the kernel's own.
WMM_KCFLAGS := $(WMM_CFLAGS) -Itests/wmm/include -Iinclude
WMM_KSRCS := rcu/srcutree.c rcu/rcu_segcblist.c tests/wmm/srcu_wmm.c
WMM_OBJS := $(patsubst %.c,$(WMM_O)/%.o,$(WMM_KSRCS)) $(WMM_O)/tests/wmm/wmm.o

$(WMM_O)/tests/wmm/wmm.o: tests/wmm/wmm.c tests/wmm/wmm.mk
	@mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(WMM_CFLAGS) -MMD -MP -c $< -o $@

$(WMM_O)/%.o: %.c tests/wmm/wmm.mk
	@mkdir -p $(dir $@)
	$(Q)$(HOSTCC) $(WMM_KCFLAGS) -MMD -MP -c $< -o $@

# Static: each seed runs in a forked child, which then has no symbols
# to resolve.
$(WMM_O)/srcu_wmm: $(WMM_OBJS)
	$(Q)$(HOSTCC) -static -o $@ $^

-include $(WMM_OBJS:.o=.d)

.PHONY: wmm wmm-build check-wmm

wmm-build: $(WMM_O)/srcu_wmm

wmm: $(WMM_O)/srcu_wmm
	$(WMM_O)/srcu_wmm -n $(WMM_SEEDS) $(WMM_ARGS)

check-wmm:
	@mkdir -p $(CHECK_RESULTS) $(CHECK_LOGS)
	@f=$(CHECK_RESULTS)/wmm.txt; log=$(CHECK_LOGS)/wmm.log; rm -f $$f; \
	if $(MAKE) --no-print-directory wmm >$$log 2>&1; then rc=0; else rc=1; fi; \
	grep -E '^(PASS|FAIL|SKIP):' $$log | sed "s|^FAIL: .*|& (log: $$log)|" | tee -a $$f; \
	if [ $$rc != 0 ] && ! grep -qs '^FAIL:' $$f; then \
		echo "FAIL: wmm (log: $$log)" | tee -a $$f; \
	fi
