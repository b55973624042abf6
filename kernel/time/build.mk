# kernel/time/: the TSC clock, delays, jiffies, the tick and kernel timers.
obj-y += kernel/time/clock.o kernel/time/tick.o kernel/time/timer.o
include kernel/time/tests/build.mk
