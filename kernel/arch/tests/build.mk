# kernel/arch/tests/: KUnit suite "arch" (exceptions, APIC, IPIs, SMP).
obj-$(CONFIG_KUNIT) += kernel/arch/tests/arch_test.o
