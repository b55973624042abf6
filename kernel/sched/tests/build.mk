# kernel/sched/tests/: KUnit suites for the scheduler, kthreads and sleeping locks.
obj-$(CONFIG_KUNIT) += kernel/sched/tests/sched_test.o
obj-$(CONFIG_KUNIT) += kernel/sched/tests/rtmutex_test.o
# KUnit suite "pid": task lookup through the RCU pid table.
obj-$(CONFIG_KUNIT) += kernel/sched/tests/pid_test.o
# KUnit suite "hung_task": khungtaskd reports the stuck task, and only it.
obj-$(CONFIG_KUNIT) += kernel/sched/tests/hung_task_test.o
