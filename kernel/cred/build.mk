# kernel/cred/: task credentials (RCU-protected, copy on write) and the
# shell's id and su.
obj-y += kernel/cred/cred.o kernel/cred/cred_shell.o
include kernel/cred/tests/build.mk
