# tests/requirements/: the RCU requirements suite, one source that rcuos
# builds in (KUnit suite "rcu_requirements") and that linux/module/ builds
# as a Linux module.
obj-$(CONFIG_KUNIT) += tests/requirements/rcu_requirements.o
