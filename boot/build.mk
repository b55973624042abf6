obj-y += boot/multiboot.o boot/trampoline.o
