# SPDX-License-Identifier: GPL-2.0
#
# The sparse cases and the planted-misuse test, included by the top
# Makefile (after SPARSEFLAGS, O and AUTOCONF are set).
#
#   make sparse-cases    every tests/sparse/*.c case against its expected
#                        diagnostics, plus the proof that each case can fail;
#                        'PASS: sparse-case/<name>' lines in
#                        $(SPARSE_CASES_RESULTS)
#   make sparse-plant    copy the tree, plant a plain access in place of a
#                        real rcu_dereference(), and check that 'make sparse'
#                        fails on that file and line (and passes without it);
#                        lines in $(SPARSE_PLANT_RESULTS)
#
# Both exit non-zero on any failure.

ifndef RCUOS_SPARSE_MK
RCUOS_SPARSE_MK := 1

SPARSE_CASES_RESULTS ?= $(O)/check/results/sparse-cases.txt
SPARSE_PLANT_RESULTS ?= $(O)/check/results/sparse-plant.txt
SPARSE_PLANT_CONFIG ?= tree_defconfig

.PHONY: sparse-cases sparse-plant sparse-print-flags sparse-print-csrcs

# The flags 'make sparse' uses, for tests/sparse/run.py run by hand.
sparse-print-flags: $(AUTOCONF)
	@echo '$(SPARSEFLAGS)'

# The C files 'make sparse' checks for this config (for plant.sh).
sparse-print-csrcs: $(AUTOCONF)
	@echo '$(CSRCS)'

sparse-cases: $(AUTOCONF)
	@mkdir -p $(dir $(SPARSE_CASES_RESULTS))
	$(Q)$(PYTHON) tests/sparse/run.py --sparse '$(SPARSE)' --flags '$(SPARSEFLAGS)' \
		--srctree $(srctree) --results $(SPARSE_CASES_RESULTS) --self-test

sparse-plant:
	@mkdir -p $(dir $(SPARSE_PLANT_RESULTS))
	$(Q)tests/sparse/plant.sh --config $(SPARSE_PLANT_CONFIG) \
		--results $(SPARSE_PLANT_RESULTS)

endif
