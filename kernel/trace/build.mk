# kernel/trace/: RCU tracepoints' buffer and the sampling profiler.
obj-$(CONFIG_RCU_TRACE) += kernel/trace/ring_buffer.o kernel/trace/trace.o \
			   kernel/trace/rcu_events.o
obj-$(CONFIG_PROFILING) += kernel/trace/profile.o
include kernel/trace/tests/build.mk
