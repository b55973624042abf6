# kernel/cgroup/tests/: KUnit suite "cgroup" and the cgroup torture test.
