# kernel/softirq/: softirqs, irq_enter()/irq_exit(), ksoftirqd.
obj-y += kernel/softirq/softirq.o
include kernel/softirq/tests/build.mk
