# kernel/cgroup/tests/: KUnit suite "cgroup" and the cgroup torture test.
obj-$(CONFIG_KUNIT) += $(if $(CONFIG_CGROUPS),kernel/cgroup/tests/cgroup_test.o)
obj-$(CONFIG_TORTURE_TEST) += $(if $(CONFIG_CGROUPS),kernel/cgroup/tests/cgroup_torture.o)
