# kernel/params/: kernel command line parameters.
obj-y += kernel/params/parse.o kernel/params/params.o kernel/params/initcall.o
include kernel/params/tests/build.mk
