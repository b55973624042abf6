# SPDX-License-Identifier: GPL-2.0
#
# Planted bugs (tests/mutants/mutants.py) that the tests must catch:
# included by tests/check.mk, whose CHECK_RESULTS and CHECK_LOGS it uses.
#
#   make mutants [MUTANT_RUNS=10] [MUTANTS=name,...]
#                       every mutant against every check that must catch
#                       it, MUTANT_RUNS boots each; a table on stdout
#   make check-mutants  the subset CHECK_MUTANTS, one run each, for make
#                       check: PASS/FAIL lines in $(CHECK_RESULTS)/mutants.txt

MUTANT_RUNS	?= 10
MUTANTS		?=
# make check's share: blocked-tasks mutants, and core Tree RCU ones that
# the rcu_cpus suite catches deterministically (one boot each, seconds):
# a CPU left out of grace periods, a tick that reports a reader, one
# CPU's expedited report taken in advance, a polled cookie and a
# kfree_rcu() array one grace period early; a kfree_rcu() array that
# joins the callback of one handed over before a grace period began (the
# kvfree_rcu suite); an srcu_barrier() that misses a callback being
# invoked (the srcu suite); and the RCU hash table's, against its host
# interleaving model (seconds, no boot).  Each
# with the checks that caught it in every one of ten runs of make mutants
# (the others are caught by the KUnit suites that make check runs anyway,
# and by make mutants).
CHECK_MUTANTS_BLOCKED := queue-never-blocks-gp,report-ignores-blocked,dequeue-forgets-gp-count
CHECK_MUTANTS_TREE := gp-init-leaf-skips-first-cpu,tick-qs-from-any-task,exp-count-starts-at-zero,poll-cookie-current-gp,kfree-chain-first-cookie,kfree-group-any-cookie
CHECK_MUTANTS_SRCU := srcu-barrier-skips-invoking
CHECK_MUTANTS_RHASH := rhash-grow-publish-early,rhash-shrink-publish-early,rhash-unzip-no-gp,rhash-walk-resume-any-array,rhash-unzip-under-reader
CHECK_MUTANTS	?= $(CHECK_MUTANTS_BLOCKED),$(CHECK_MUTANTS_TREE),$(CHECK_MUTANTS_SRCU),$(CHECK_MUTANTS_RHASH)
CHECK_MUTANT_CHECKS ?= kunit,torture-deep,cpus,kvfree,srcu,rhashmodel

.PHONY: mutants check-mutants

mutants:
	python3 tests/mutants/run.py --runs $(MUTANT_RUNS) $(if $(MUTANTS),--only $(MUTANTS))

check-mutants:
	@mkdir -p $(CHECK_RESULTS) $(CHECK_LOGS)
	@f=$(CHECK_RESULTS)/mutants.txt; rm -f $$f; \
	if python3 tests/mutants/run.py --runs 1 --only $(CHECK_MUTANTS) \
		--checks $(CHECK_MUTANT_CHECKS) \
		--out $(CHECK_OUT)/mutants >$(CHECK_LOGS)/mutants.log 2>&1; then rc=0; else rc=1; fi; \
	grep -E '^(PASS|FAIL|SKIP):' $(CHECK_LOGS)/mutants.log | tee -a $$f; \
	if [ $$rc != 0 ] && ! grep -qs '^FAIL:' $$f; then \
		echo "FAIL: mutants (log: $(CHECK_LOGS)/mutants.log)" | tee -a $$f; \
	fi
