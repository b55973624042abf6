obj-$(CONFIG_PROVE_LOCKING) += kernel/lockdep/lockdep.o
