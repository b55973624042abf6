# kernel/cgroup/: control groups (one hierarchy; pids and cpuacct controllers).
obj-$(CONFIG_CGROUPS) += kernel/cgroup/cgroup.o kernel/cgroup/pids.o kernel/cgroup/cpuacct.o \
			 kernel/cgroup/cgroup_shell.o
include kernel/cgroup/tests/build.mk
