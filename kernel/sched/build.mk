# kernel/sched/: tasks, the scheduler, kthreads and sleeping locks.
obj-y += kernel/sched/core.o kernel/sched/switch.o kernel/sched/kthread.o \
	 kernel/sched/wait.o kernel/sched/completion.o kernel/sched/mutex.o \
	 kernel/sched/rwsem.o kernel/sched/rtmutex.o
obj-$(CONFIG_DETECT_HUNG_TASK) += kernel/sched/hung_task.o
include kernel/sched/tests/build.mk
