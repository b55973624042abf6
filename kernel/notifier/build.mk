# kernel/notifier/: notifier chains (atomic, blocking, raw, SRCU) and the
# kernel's chains: panic, reboot, die, CPU online.
obj-y += kernel/notifier/notifier.o
include kernel/notifier/tests/build.mk
