# kernel/: core files here, each subsystem directory has its own build.mk.
obj-y += kernel/main.o kernel/printk.o kernel/panic.o kernel/serial.o kernel/kallsyms.o \
	 kernel/cpu.o
include $(sort $(wildcard kernel/*/build.mk))
