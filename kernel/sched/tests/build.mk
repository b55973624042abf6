# kernel/sched/tests/: KUnit suites for the scheduler, kthreads and sleeping locks.
obj-$(CONFIG_KUNIT) += kernel/sched/tests/sched_test.o
obj-$(CONFIG_KUNIT) += kernel/sched/tests/rtmutex_test.o
