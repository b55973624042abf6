# rcu/tests/: everything that tests or measures RCU, none of it needed by
# the implementation in rcu/.
# rcutorture; refscale and rcuscale (Linux's parameters and output lines,
# make bench); kfreebench.
obj-$(CONFIG_RCU_TORTURE_TEST) += rcu/tests/rcutorture.o
obj-$(CONFIG_RCU_REF_SCALE_TEST) += rcu/tests/refscale.o
obj-$(CONFIG_RCU_SCALE_TEST) += rcu/tests/rcuscale.o
obj-$(CONFIG_TORTURE_TEST) += rcu/tests/kvfree_rcu_bench.o
# The RCU KUnit suites.
obj-$(CONFIG_KUNIT) += rcu/tests/rcu_test.o rcu/tests/rculist_test.o \
		       rcu/tests/prove_rcu_test.o rcu/tests/kvfree_rcu_test.o \
		       rcu/tests/srcu_test.o
obj-$(CONFIG_TINY_SRCU) += $(if $(CONFIG_KUNIT),rcu/tests/srcutiny_test.o)
obj-$(CONFIG_TREE_RCU) += $(if $(CONFIG_KUNIT),rcu/tests/tree_stall_test.o rcu/tests/rcu_preempt_test.o \
					   rcu/tests/rcu_cpus_test.o \
					   rcu/tests/rcu_hotplug_test.o)
# Shell commands "stall" and "rcuqoi": RCU quality-of-implementation checks.
obj-$(CONFIG_TREE_RCU) += $(if $(CONFIG_KUNIT),rcu/tests/rcu_qoi.o)
