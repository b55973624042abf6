# kernel/params/: kernel command line parameters.
obj-y += kernel/params/parse.o kernel/params/params.o

