# SPDX-License-Identifier: GPL-2.0
#
# The spin models of the RCU protocols (tests/spin/README.md), for make
# check: included by the top Makefile after tests/check.mk, whose
# CHECK_RESULTS and CHECK_LOGS it uses.
#
#   make check-spin     each model verified and each busted variant
#                       rejected; PASS/FAIL lines in $(CHECK_RESULTS)/spin.txt,
#                       spin's output in $(CHECK_LOGS)/spin.log

.PHONY: check-spin

check-spin:
	@mkdir -p $(CHECK_RESULTS) $(CHECK_LOGS)
	@f=$(CHECK_RESULTS)/spin.txt; rm -f $$f; \
	if bash tests/spin/check.sh >$(CHECK_LOGS)/spin.log 2>&1; then rc=0; else rc=1; fi; \
	grep -E '^(PASS|FAIL|SKIP):' $(CHECK_LOGS)/spin.log | tee -a $$f; \
	if [ $$rc != 0 ] && ! grep -qs '^FAIL:' $$f; then \
		echo "FAIL: spin (log: $(CHECK_LOGS)/spin.log)" | tee -a $$f; \
	fi
