# linux/linux.mk: targets for the Linux __rcu series.
# Included by the top-level Makefile ("-include linux/linux.mk"); works from
# the repository root, and also standalone: make -f linux/linux.mk linux-check
#
#   make linux         extract + apply the series + configure + build bzImage
#   make linux-sparse  sparse over kernel/, before/after table (small+defconfig)
#   make linux-check   the checks of the series (make check runs it), PASS/
#                      FAIL/SKIP lines, also appended to
#                      build/check/results/linux.txt
#   make linux-check-all  linux-check over every set, those outside kernel/
#                      included (linux-check: the kernel/ sets only)
#   make linux-check-full  linux-check plus the checks that only change with
#                      the pristine tree or the check scripts: the pristine
#                      bzImage's rcuscale oops, the NFC self-test, sparse
#                      over all of the pristine kernel/
#   make linux-sparse-all  sparse over the whole x86-64 defconfig build
#                      (every directory), pristine and patched tree,
#                      per-directory table; on demand only (about an hour
#                      per tree on 2 cores)
#   make linux-boot    boot the patched kernel with the test init (4 CPUs)
#   make linux-boot-all  build the whole series (every set) with the small
#                      config plus config/outside.fragment and boot it with
#                      the test init's checks of the sets outside kernel/ and
#                      rcutorture (make linux-check-all runs it)
#
# Variables: LINUX_SPARSE_CONFIGS (default "small defconfig"),
#            LINUX_SPARSE_ALL_STEPS (default "pristine series table"),
#            LINUX_CHECK_DEFCONFIG=0 to skip the defconfig sparse in checks,
#            JOBS (default: number of CPUs).
LINUX_MK_DIR := $(patsubst %/,%,$(dir $(lastword $(MAKEFILE_LIST))))
LINUX_SCRIPTS := $(LINUX_MK_DIR)/scripts
LINUX_SPARSE_CONFIGS ?= small defconfig
# All targets share build/linux/ (one source checkout switched between the
# pristine and the patched tree): serialise them with a lock.
LINUX_LOCK = mkdir -p build/linux && flock build/linux/.lock

.PHONY: linux linux-sparse linux-sparse-all linux-check linux-check-all linux-check-full linux-boot linux-boot-all linux-module linux-clean

linux:
	@$(LINUX_LOCK) $(LINUX_SCRIPTS)/build.sh

linux-module: linux
	@$(LINUX_LOCK) $(LINUX_SCRIPTS)/build-module.sh

linux-boot: linux
	@$(LINUX_LOCK) $(LINUX_SCRIPTS)/boot-test.sh

linux-boot-all:
	@$(LINUX_LOCK) $(LINUX_SCRIPTS)/boot-all.sh

linux-sparse:
	@$(LINUX_LOCK) $(LINUX_SCRIPTS)/sparse.sh $(LINUX_SPARSE_CONFIGS)

linux-sparse-all:
	@$(LINUX_LOCK) $(LINUX_SCRIPTS)/sparse-all.sh $(LINUX_SPARSE_ALL_STEPS)

linux-check:
	@$(LINUX_LOCK) $(LINUX_SCRIPTS)/check.sh

linux-check-all:
	@$(LINUX_LOCK) env LINUX_SERIES=all $(LINUX_SCRIPTS)/check.sh

linux-check-full:
	@$(LINUX_LOCK) env LINUX_CHECK_FULL=1 $(LINUX_SCRIPTS)/check.sh

linux-clean:
	rm -rf build/linux
