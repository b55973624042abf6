# kernel/shell/: serial input (tty) and the command shell.
obj-y += kernel/shell/tty.o kernel/shell/shell.o kernel/shell/cmds.o
