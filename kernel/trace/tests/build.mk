# kernel/trace/tests/: KUnit suites for tracing and the profiler.
