# kernel/trace/tests/: KUnit suites for tracing and the profiler.
ifeq ($(CONFIG_KUNIT)$(CONFIG_RCU_TRACE),yy)
obj-y += kernel/trace/tests/trace_test.o
endif
ifeq ($(CONFIG_KUNIT)$(CONFIG_PROFILING),yy)
obj-y += kernel/trace/tests/profile_test.o
endif
