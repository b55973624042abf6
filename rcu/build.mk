# rcu/: everything RCU.  Tiny RCU for UP non-preemptible builds, Tree RCU
# otherwise; update.c and the segmented callback lists serve both.
obj-y += rcu/update.o rcu/rcu_segcblist.o rcu/rcu_shell.o rcu/kvfree_rcu.o \
	 rcu/kvfree_rcu_bench.o
obj-$(CONFIG_TINY_RCU) += rcu/tiny.o
obj-$(CONFIG_TREE_RCU) += rcu/tree.o rcu/tree_geometry.o rcu/tree_nohz.o \
			  rcu/tree_stall.o rcu/tree_exp.o
# rcutorture and the RCU KUnit suites.
obj-$(CONFIG_RCU_TORTURE_TEST) += rcu/rcutorture.o
# refscale and rcuscale: Linux's parameters and output lines (make bench).
obj-$(CONFIG_RCU_REF_SCALE_TEST) += rcu/refscale.o
obj-$(CONFIG_RCU_SCALE_TEST) += rcu/rcuscale.o
obj-$(CONFIG_KUNIT) += $(if $(wildcard include/kunit/test.h),rcu/rcu_test.o)
obj-$(CONFIG_KUNIT) += rcu/rculist_test.o
obj-$(CONFIG_KUNIT) += rcu/prove_rcu_test.o
obj-$(CONFIG_KUNIT) += rcu/kvfree_rcu_test.o
# Shell commands "stall" and "rcuqoi": RCU quality-of-implementation checks.
obj-$(CONFIG_TREE_RCU) += $(if $(CONFIG_KUNIT),rcu/rcu_qoi.o)
