# rcu/: the RCU implementation.  Tiny RCU for UP non-preemptible builds,
# Tree RCU otherwise; update.c and kvfree_rcu.c serve both, the segmented
# callback lists only Tree RCU.
obj-y += rcu/update.o rcu/kvfree_rcu.o
# prove_rcu.c: PROVE_RCU's checks (inline stubs in the headers without it).
obj-$(CONFIG_PROVE_RCU) += rcu/prove_rcu.o
obj-$(CONFIG_TINY_RCU) += rcu/tiny.o
obj-$(CONFIG_TREE_RCU) += rcu/tree.o rcu/tree_geometry.o rcu/tree_nohz.o \
			  rcu/tree_stall.o rcu/tree_exp.o rcu/rcu_segcblist.o \
			  rcu/tree_hotplug.o
obj-$(CONFIG_PREEMPT_RCU) += rcu/tree_preempt.o
obj-$(CONFIG_RCU_BOOST) += rcu/tree_boost.o
# SRCU: Tree SRCU for the SMP build, Tiny SRCU for the single-CPU one.
# srcu_prove.c, PROVE_RCU's SRCU checks, serves both.
obj-$(CONFIG_TREE_SRCU) += rcu/srcutree.o
obj-$(CONFIG_TINY_SRCU) += rcu/srcutiny.o
obj-$(CONFIG_PROVE_RCU) += rcu/srcu_prove.o
include rcu/tests/build.mk
