obj-y += kernel/arch/boot.o kernel/arch/spinlock.o kernel/arch/paging.o kernel/arch/cpu.o \
	 kernel/arch/entry.o kernel/arch/traps.o kernel/arch/irq.o \
	 kernel/arch/acpi.o kernel/arch/apic.o kernel/arch/smp.o \
	 kernel/arch/tsc.o kernel/arch/percpu.o kernel/arch/percpu_alloc.o kernel/arch/reboot.o \
	 kernel/arch/nohz.o kernel/arch/crash.o
include kernel/arch/tests/build.mk
