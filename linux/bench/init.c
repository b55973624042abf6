// SPDX-License-Identifier: GPL-2.0
/*
 * The init of the Linux measurement initramfs (linux/bench/build.sh).
 *
 * With "rcubench.KEY=VALUE" words on the kernel command line, it loads
 * /rcubench.ko with those parameters (prefix removed), which runs its
 * measurements from module_init, prints "BENCH: DONE" and powers off.
 * Without them it just waits: a built-in refscale or rcuscale run with
 * refscale.shutdown=1 / rcuscale.shutdown=1 powers the machine off itself.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

static void say(const char *s)
{
	int fd = open("/dev/console", O_WRONLY | O_NOCTTY);

	if (fd < 0)
		fd = 1;
	if (write(fd, s, strlen(s)) < 0) {
		/* nothing sensible to do */
	}
	if (fd != 1)
		close(fd);
}

int main(void)
{
	char cmdline[4096], params[4096] = "", msg[512], *w, *save;
	ssize_t n;
	int fd;

	mkdir("/proc", 0755);
	mkdir("/dev", 0755);
	mount("proc", "/proc", "proc", 0, NULL);
	mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);

	fd = open("/proc/cmdline", O_RDONLY);
	n = fd >= 0 ? read(fd, cmdline, sizeof(cmdline) - 1) : -1;
	cmdline[n > 0 ? n : 0] = 0;
	if (fd >= 0)
		close(fd);
	for (w = strtok_r(cmdline, " \n", &save); w; w = strtok_r(NULL, " \n", &save)) {
		if (strncmp(w, "rcubench.", 9))
			continue;
		if (strlen(params) + strlen(w) + 2 < sizeof(params)) {
			strcat(params, w + 9);
			strcat(params, " ");
		}
	}
	if (!params[0]) {
		say("BENCH: waiting for a built-in test to power off\n");
		for (;;)
			pause();
	}
	fd = open("/rcubench.ko", O_RDONLY);
	if (fd < 0 || syscall(SYS_finit_module, fd, params, 0) != 0) {
		snprintf(msg, sizeof(msg), "BENCH: FAIL loading rcubench.ko (%s): errno %d\n",
			 params, errno);
		say(msg);
	} else {
		say("BENCH: DONE\n");
	}
	sync();
	reboot(RB_POWER_OFF);
	for (;;)
		pause();
}
