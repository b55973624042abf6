// SPDX-License-Identifier: GPL-2.0
/*
 * A small static init for booting the __rcu series under QEMU.
 *
 * It exercises the kernel paths the series touches from user space:
 * fork/exit/wait and reparenting (task->real_parent), signals and thread
 * groups (task->sighand), ptrace attach/detach, setuid credential changes
 * (task->real_cred/cred), /proc readers, seccomp strict mode, kcmp() of
 * ->sighand, a PID namespace torn down by its exiting init (all three take
 * another task's ->sighand), and module loading (which walks the module
 * notifier chain), process groups and sessions (setsid(), setpgid(),
 * kill() and waitpid() of a group), ITIMER_REAL (it_real_fn() sends
 * SIGALRM to the group's pid) and exec from a thread that is not the group
 * leader (de_thread() swaps the pids with exchange_tids()), the fasync list
 * (O_ASYNC and SIGIO), close-on-exec, exec of a CLONE_SIGHAND child
 * (unshare_sighand()) and inotify (fsnotify's mark lists).  With CGROUPS
 * on, every fork passes cgroup_post_fork().  With "rcuos.outside" on the
 * command line, the checks of the sets outside kernel/ (outside.c) follow.
 * Then it loads the requirements test module if the initramfs holds one,
 * and either powers the machine off or, with "rcuos.wait" on the command
 * line, waits for a built-in torture test to shut the machine down.
 *
 * Every check prints one line "INIT: PASS <name>" or "INIT: FAIL <name> ...";
 * the last line is "INIT: DONE <failures> failures".
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/kcmp.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/mount.h>
#include <sys/ptrace.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "init.h"

static int failures;

void say(const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int fd, n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n > (int)sizeof(buf) - 1)
		n = sizeof(buf) - 1;
	/* /dev/console is the serial line: write straight to it. */
	fd = open("/dev/console", O_WRONLY | O_NOCTTY);
	if (fd < 0)
		fd = 1;
	if (write(fd, buf, n) < 0) {
		/* nothing sensible to do */
	}
	if (fd != 1)
		close(fd);
}

void result(const char *name, int ok, const char *why)
{
	if (ok) {
		say("INIT: PASS %s\n", name);
	} else {
		say("INIT: FAIL %s %s (errno %d)\n", name, why, errno);
		failures++;
	}
}

/* Wait for one child; return its wait status or -1. */
int wait_for(pid_t pid)
{
	int st;

	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return st;
}

/* fork/exit/wait: many children, each exits with its own code. */
static void test_fork_exit_wait(void)
{
	enum { N = 64 };
	pid_t pids[N];
	int i, ok = 1;

	for (i = 0; i < N; i++) {
		pids[i] = fork();
		if (pids[i] == 0)
			_exit(i & 0x7f);
		if (pids[i] < 0)
			ok = 0;
	}
	for (i = 0; i < N; i++) {
		int st = pids[i] > 0 ? wait_for(pids[i]) : -1;

		if (st < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != (i & 0x7f))
			ok = 0;
	}
	result("fork-exit-wait", ok, "wrong exit status");
}

/* Reparenting: an orphaned grandchild is reparented to init (us). */
static void test_reparent(void)
{
	int pfd[2], ok = 0;
	pid_t child, gc = 0;

	if (pipe(pfd) < 0) {
		result("reparent", 0, "pipe");
		return;
	}
	child = fork();
	if (child == 0) {
		pid_t g = fork();

		if (g == 0) {
			int i;

			close(pfd[0]);
			/* Wait until our parent is gone, then report getppid(). */
			for (i = 0; i < 1000 && getppid() != 1; i++)
				usleep(1000);
			g = getppid();
			if (write(pfd[1], &g, sizeof(g)) < 0)
				_exit(1);
			_exit(0);
		}
		_exit(g > 0 ? 0 : 1);
	}
	close(pfd[1]);
	wait_for(child);
	if (read(pfd[0], &gc, sizeof(gc)) == sizeof(gc))
		ok = gc == 1;
	close(pfd[0]);
	/* Reap the reparented grandchild. */
	while (waitpid(-1, NULL, WNOHANG) > 0)
		;
	result("reparent-to-init", ok, "getppid() of orphan is not 1");
}

static volatile sig_atomic_t got_usr1;

static void on_usr1(int sig)
{
	(void)sig;
	got_usr1 = 1;
}

/* Signals: handled, blocked/pending, fatal; and thread-group signals. */
static void test_signals(void)
{
	struct sigaction sa;
	sigset_t set, old;
	pid_t pid;
	int st;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sigaction(SIGUSR1, &sa, NULL);
	got_usr1 = 0;
	kill(getpid(), SIGUSR1);
	result("signal-self-handled", got_usr1 == 1, "handler not run");

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, &old);
	got_usr1 = 0;
	kill(getpid(), SIGUSR1);
	sigpending(&set);
	st = sigismember(&set, SIGUSR1) && !got_usr1;
	sigprocmask(SIG_SETMASK, &old, NULL);
	result("signal-blocked-pending", st && got_usr1, "not pending/delivered");

	pid = fork();
	if (pid == 0) {
		for (;;)
			pause();
	}
	usleep(10000);
	kill(pid, SIGTERM);
	st = wait_for(pid);
	result("signal-fatal", st >= 0 && WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM,
	       "child not killed by SIGTERM");

	/* Child with handler: SIGUSR1 lets it exit 0. */
	pid = fork();
	if (pid == 0) {
		/* Cleared first: the signal may come as soon as the handler is set. */
		got_usr1 = 0;
		sigaction(SIGUSR1, &sa, NULL);
		while (!got_usr1)
			usleep(1000);
		_exit(0);
	}
	usleep(10000);
	kill(pid, SIGUSR1);
	st = wait_for(pid);
	result("signal-child-handled", st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0,
	       "child did not handle SIGUSR1");
}

static int threads_got;		/* signals taken by sigwait() so far */

static void *thread_fn(void *arg)
{
	sigset_t set;
	int sig;

	(void)arg;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	sigwait(&set, &sig);
	__atomic_add_fetch(&threads_got, 1, __ATOMIC_SEQ_CST);
	return (void *)(long)sig;
}

/*
 * Threads share sighand: a process-directed signal reaches a thread that
 * waits for it.  A standard signal is not queued: a second SIGUSR2 sent
 * while the first is still pending is lost, so the next signal is sent
 * only once a thread has taken the previous one (on a loaded host the
 * threads can take longer than any fixed delay to get there).  If a
 * signal is not taken within 20 s, the check fails instead of hanging.
 */
static void test_threads(void)
{
	pid_t pid = fork();
	int st;

	if (pid == 0) {
		pthread_t t[4];
		sigset_t set;
		void *r;
		int i, ms, ok = 1;

		sigemptyset(&set);
		sigaddset(&set, SIGUSR2);
		pthread_sigmask(SIG_BLOCK, &set, NULL);
		for (i = 0; i < 4; i++)
			pthread_create(&t[i], NULL, thread_fn, NULL);
		for (i = 0; i < 4 && ok; i++) {
			kill(getpid(), SIGUSR2);
			for (ms = 0; __atomic_load_n(&threads_got, __ATOMIC_SEQ_CST) <= i; ms++) {
				if (ms == 20000) {
					ok = 0;	/* lost: exit without joining */
					break;
				}
				usleep(1000);
			}
		}
		for (i = 0; i < 4 && ok; i++) {
			pthread_join(t[i], &r);
			if ((long)r != SIGUSR2)
				ok = 0;
		}
		/* exec-less exit of a whole thread group */
		_exit(ok ? 0 : 1);
	}
	st = wait_for(pid);
	result("threads-shared-sighand", st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0,
	       "thread group signals");
}

/* ptrace: attach, peek, detach; seize/interrupt; traceme + exit. */
static void test_ptrace(void)
{
	pid_t pid;
	int st, ok;

	pid = fork();
	if (pid == 0) {
		for (;;)
			pause();
	}
	usleep(10000);
	ok = ptrace(PTRACE_ATTACH, pid, 0, 0) == 0;
	st = ok ? wait_for(pid) : -1;
	ok = ok && st >= 0 && WIFSTOPPED(st);
	errno = 0;
	ptrace(PTRACE_PEEKUSER, pid, 0, 0);
	ok = ok && errno == 0;
	ok = ok && ptrace(PTRACE_DETACH, pid, 0, 0) == 0;
	result("ptrace-attach-detach", ok, "attach/peek/detach");

	ok = ptrace(PTRACE_SEIZE, pid, 0, 0) == 0;
	ok = ok && ptrace(PTRACE_INTERRUPT, pid, 0, 0) == 0;
	st = ok ? wait_for(pid) : -1;
	ok = ok && st >= 0 && WIFSTOPPED(st);
	ok = ok && ptrace(PTRACE_DETACH, pid, 0, 0) == 0;
	result("ptrace-seize-interrupt", ok, "seize/interrupt/detach");

	/* The tracee is killed while traced: exit_ptrace/release paths. */
	ok = ptrace(PTRACE_ATTACH, pid, 0, 0) == 0;
	st = ok ? wait_for(pid) : -1;
	kill(pid, SIGKILL);
	st = wait_for(pid);
	result("ptrace-kill-traced", ok && st >= 0 && WIFSIGNALED(st), "kill traced child");

	pid = fork();
	if (pid == 0) {
		ptrace(PTRACE_TRACEME, 0, 0, 0);
		raise(SIGSTOP);
		_exit(7);
	}
	st = wait_for(pid);
	ok = st >= 0 && WIFSTOPPED(st) && WSTOPSIG(st) == SIGSTOP;
	ok = ok && ptrace(PTRACE_CONT, pid, 0, 0) == 0;
	st = wait_for(pid);
	result("ptrace-traceme", ok && st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 7,
	       "traceme/cont/exit");
}

/* Credentials: setuid/setgid changes, and their effect on kill(). */
static void test_creds(void)
{
	pid_t victim, pid;
	int st;

	victim = fork();
	if (victim == 0) {
		for (;;)
			pause();
	}
	pid = fork();
	if (pid == 0) {
		gid_t groups[1] = { 1000 };

		if (setgroups(1, groups) || setresgid(1000, 1000, 1000) ||
		    setresuid(1000, 1000, 1000))
			_exit(10);
		if (getuid() != 1000 || geteuid() != 1000 || getgid() != 1000)
			_exit(11);
		/* No permission to signal a root process any more. */
		if (kill(victim, 0) == 0 || errno != EPERM)
			_exit(12);
		/* Cannot get root back. */
		if (setuid(0) == 0)
			_exit(13);
		/* A child inherits the credentials. */
		pid = fork();
		if (pid == 0)
			_exit(getuid() == 1000 ? 0 : 1);
		st = wait_for(pid);
		if (st < 0 || !WIFEXITED(st) || WEXITSTATUS(st))
			_exit(14);
		_exit(0);
	}
	st = wait_for(pid);
	result("setuid-credentials", st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0,
	       "credential change");
	if (st >= 0 && WIFEXITED(st) && WEXITSTATUS(st))
		say("INIT: setuid-credentials child exit %d\n", WEXITSTATUS(st));
	kill(victim, SIGKILL);
	wait_for(victim);
}

/* /proc readers walk other tasks' creds, parents and signal state. */
static void test_proc(void)
{
	pid_t pid = fork();
	char path[64], buf[4096];
	int fd, n, ok = 0;

	if (pid == 0) {
		if (setresuid(1000, 1000, 1000))
			_exit(1);
		for (;;)
			pause();
	}
	usleep(10000);
	snprintf(path, sizeof(path), "/proc/%d/status", pid);
	fd = open(path, O_RDONLY);
	if (fd >= 0) {
		n = read(fd, buf, sizeof(buf) - 1);
		if (n > 0) {
			buf[n] = 0;
			ok = strstr(buf, "PPid:\t1\n") && strstr(buf, "Uid:\t1000");
		}
		close(fd);
	}
	result("proc-status", ok, "PPid/Uid in /proc/<pid>/status");
	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	fd = open(path, O_RDONLY);
	ok = fd >= 0 && read(fd, buf, sizeof(buf)) > 0;
	if (fd >= 0)
		close(fd);
	result("proc-stat", ok, "/proc/<pid>/stat");
	kill(pid, SIGKILL);
	wait_for(pid);
}

/*
 * seccomp strict mode: seccomp_assign_mode() under the task's siglock.
 * The child may then only read, write and exit; exit_group() (glibc's
 * _exit()) would kill it, so it leaves with the raw exit system call.
 */
static void test_seccomp(void)
{
	pid_t pid = fork();
	int st;

	if (pid == 0) {
		if (syscall(SYS_seccomp, SECCOMP_SET_MODE_STRICT, 0, NULL))
			syscall(SYS_exit, 1);
		syscall(SYS_getppid);	/* not allowed: SIGKILL */
		syscall(SYS_exit, 2);
	}
	st = wait_for(pid);
	result("seccomp-strict", st >= 0 && WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL,
	       "strict mode did not kill the child at getppid()");
}

/* kcmp(KCMP_SIGHAND): threads share ->sighand, a fork has its own. */
static void test_kcmp(void)
{
	pid_t me = getpid(), pid = fork();
	long same, other;

	if (pid == 0) {
		for (;;)
			pause();
	}
	same = syscall(SYS_kcmp, me, me, KCMP_SIGHAND, 0, 0);
	other = syscall(SYS_kcmp, me, pid, KCMP_SIGHAND, 0, 0);
	kill(pid, SIGKILL);
	wait_for(pid);
	result("kcmp-sighand", same == 0 && other > 0, "kcmp(KCMP_SIGHAND)");
}

/*
 * A PID namespace whose init exits with children still running:
 * zap_pid_ns_processes() kills and reaps them (it changes the dying
 * init's SIGCHLD action under its siglock).
 */
static void test_pid_namespace(void)
{
	int pfd[2], ok = 0;
	pid_t nsinit;
	char c;

	if (pipe(pfd) || unshare(CLONE_NEWPID)) {
		result("pidns-zap", 0, "pipe/unshare(CLONE_NEWPID)");
		return;
	}
	nsinit = fork();	/* the first child is the namespace's init */
	if (nsinit == 0) {
		int i;

		close(pfd[0]);
		if (getpid() != 1)
			_exit(1);
		for (i = 0; i < 4; i++) {
			if (fork() == 0) {
				for (;;)
					pause();
			}
		}
		if (write(pfd[1], "r", 1) != 1)
			_exit(2);
		_exit(0);	/* the four children are zapped */
	}
	close(pfd[1]);
	ok = nsinit > 0 && read(pfd[0], &c, 1) == 1;
	close(pfd[0]);
	if (nsinit > 0) {
		int st = wait_for(nsinit);

		ok = ok && st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0;
	}
	result("pidns-zap", ok, "namespace init with children exits");
}

int cmdline_has(const char *word)
{
	char buf[4096];
	int fd = open("/proc/cmdline", O_RDONLY), n;

	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = 0;
	return strstr(buf, word) != NULL;
}

/* Load every *.ko in / (the requirements module): KUnit runs it on load. */
static void load_modules(void)
{
	static const char *const mods[] = { "/rcu_requirements.ko" };
	unsigned int i;

	for (i = 0; i < sizeof(mods) / sizeof(mods[0]); i++) {
		int fd = open(mods[i], O_RDONLY | O_CLOEXEC);

		if (fd < 0)
			continue;
		say("INIT: loading %s\n", mods[i]);
		result("module-load", syscall(SYS_finit_module, fd, "", 0) == 0,
		       "finit_module");
		close(fd);
	}
}

static volatile sig_atomic_t got_sigio;

static void on_sigio(int sig)
{
	(void)sig;
	got_sigio = 1;
}

/* Run by execve() in test_files(): the close-on-exec descriptor is gone. */
static int cloexec_child(const char *fd)
{
	return fcntl(atoi(fd), F_GETFD) < 0 && errno == EBADF ? 43 : 1;
}

static char clone_stack[64 * 1024] __attribute__((aligned(16)));

/* A CLONE_SIGHAND child that execs: unshare_sighand() gives it its own. */
static int sighand_clone_fn(void *arg)
{
	char pid[16];
	char *argv[] = { "/init", "rcuos-exec-child", pid, NULL };
	char *envp[] = { NULL };

	(void)arg;
	snprintf(pid, sizeof(pid), "%d", (int)syscall(SYS_getpid));
	execve("/init", argv, envp);
	_exit(2);
}

/*
 * Files: the fasync list (O_ASYNC on a pipe, SIGIO from kill_fasync(),
 * removal), close-on-exec at exec (do_close_on_exec()), exec of a
 * CLONE_SIGHAND child (unshare_sighand()) and inotify marks (fsnotify()
 * walks the mark lists).
 */
static void test_files(void)
{
	char buf[sizeof(struct inotify_event) + 256], fdstr[16];
	int p[2], fd, wd, st, ok;
	pid_t pid;

	signal(SIGIO, on_sigio);
	got_sigio = 0;
	ok = pipe(p) == 0 && fcntl(p[0], F_SETOWN, getpid()) == 0 &&
	     fcntl(p[0], F_SETFL, fcntl(p[0], F_GETFL) | O_ASYNC) == 0 &&
	     write(p[1], "x", 1) == 1;
	for (int i = 0; ok && !got_sigio && i < 2000; i++)
		usleep(1000);
	result("files-fasync-sigio", ok && got_sigio, "SIGIO after a write to an O_ASYNC pipe");
	ok = fcntl(p[0], F_SETFL, fcntl(p[0], F_GETFL) & ~O_ASYNC) == 0;
	got_sigio = 0;
	ok = ok && write(p[1], "y", 1) == 1;
	usleep(20000);
	result("files-fasync-removed", ok && !got_sigio, "no SIGIO once O_ASYNC is cleared");
	close(p[0]);
	close(p[1]);
	signal(SIGIO, SIG_DFL);

	fd = open("/proc/self/stat", O_RDONLY | O_CLOEXEC);
	snprintf(fdstr, sizeof(fdstr), "%d", fd);
	pid = fork();
	if (pid == 0) {
		char *argv[] = { "/init", "rcuos-cloexec-child", fdstr, NULL };
		char *envp[] = { NULL };

		execve("/init", argv, envp);
		_exit(2);
	}
	st = wait_for(pid);
	result("files-close-on-exec", fd >= 0 && st >= 0 && WIFEXITED(st) &&
	       WEXITSTATUS(st) == 43, "O_CLOEXEC descriptor closed by execve()");
	if (fd >= 0)
		close(fd);

	pid = clone(sighand_clone_fn, clone_stack + sizeof(clone_stack),
		    CLONE_VM | CLONE_SIGHAND | SIGCHLD, NULL);
	st = pid > 0 ? wait_for(pid) : -1;
	result("files-exec-shared-sighand", st >= 0 && WIFEXITED(st) &&
	       WEXITSTATUS(st) == 42, "execve() of a CLONE_SIGHAND child");

	if (mkdir("/tmp", 0755) < 0 && errno != EEXIST)
		say("INIT: mkdir /tmp failed (errno %d)\n", errno);
	fd = inotify_init1(IN_NONBLOCK);
	wd = fd >= 0 ? inotify_add_watch(fd, "/tmp", IN_CREATE) : -1;
	ok = wd >= 0;
	if (ok) {
		int f = open("/tmp/rcuos-inotify", O_CREAT | O_WRONLY, 0644);

		ok = f >= 0 && read(fd, buf, sizeof(buf)) > 0;
		if (f >= 0)
			close(f);
		unlink("/tmp/rcuos-inotify");
		inotify_rm_watch(fd, wd);
	}
	result("files-inotify", ok, "IN_CREATE event from an inotify watch");
	if (fd >= 0)
		close(fd);
}

/* Run by a thread's execve() in test_pids(): the exec keeps the group's pid. */
static int exec_child(const char *want)
{
	return getpid() == atoi(want) ? 42 : 1;
}

static void *exec_thread_fn(void *arg)
{
	char pid[16];
	char *argv[] = { "/init", "rcuos-exec-child", pid, NULL };
	char *envp[] = { NULL };

	(void)arg;
	snprintf(pid, sizeof(pid), "%d", getpid());
	execve("/init", argv, envp);
	_exit(2);
}

/* Process groups, sessions, ITIMER_REAL and exec from a non-leader thread. */
static void test_pids(void)
{
	pid_t pid;
	int st, p[2];

	/* setsid() in a child: the new session's and group's pid is its own. */
	pid = fork();
	if (pid == 0)
		_exit(setsid() == getpid() && getsid(0) == getpid() &&
		      getpgid(0) == getpid() ? 0 : 1);
	st = wait_for(pid);
	result("pids-setsid", st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0,
	       "setsid/getsid/getpgid");

	/*
	 * setpgid() of a child by its parent, getpgid()/getsid() of another
	 * process, kill() of the group and waitpid() for the group.
	 */
	if (pipe(p) < 0) {
		result("pids-process-group", 0, "pipe");
		return;
	}
	pid = fork();
	if (pid == 0) {
		char c;

		close(p[1]);
		if (read(p[0], &c, 1) < 0)
			_exit(3);
		pause();
		_exit(4);
	}
	close(p[0]);
	st = setpgid(pid, pid) == 0 && getpgid(pid) == pid &&
	     getsid(pid) == getsid(0);
	if (write(p[1], "x", 1) < 0)
		st = 0;
	close(p[1]);
	usleep(10000);
	if (kill(-pid, SIGTERM) < 0)
		st = 0;
	{
		int ws;
		pid_t w;

		while ((w = waitpid(-pid, &ws, 0)) < 0 && errno == EINTR)
			;
		result("pids-process-group", st && w == pid && WIFSIGNALED(ws) &&
		       WTERMSIG(ws) == SIGTERM, "setpgid/kill(-pgrp)/waitpid(-pgrp)");
	}

	/* ITIMER_REAL: it_real_fn() sends SIGALRM to the group's pid. */
	pid = fork();
	if (pid == 0) {
		struct itimerval it = { .it_value = { .tv_usec = 20000 } };

		signal(SIGALRM, SIG_DFL);
		if (setitimer(ITIMER_REAL, &it, NULL) < 0)
			_exit(1);
		for (;;)
			pause();
	}
	st = wait_for(pid);
	result("pids-itimer-real", st >= 0 && WIFSIGNALED(st) && WTERMSIG(st) == SIGALRM,
	       "SIGALRM from ITIMER_REAL");

	/* exec from a thread that is not the group leader. */
	pid = fork();
	if (pid == 0) {
		pthread_t t;

		if (pthread_create(&t, NULL, exec_thread_fn, NULL) != 0)
			_exit(5);
		for (;;)
			pause();
	}
	st = wait_for(pid);
	result("pids-exec-from-thread", st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 42,
	       "execve() in a non-leader thread keeps the pid");
}

int main(int argc, char **argv)
{
	int rounds = 1, r;

	if (argc == 3 && !strcmp(argv[1], "rcuos-exec-child"))
		return exec_child(argv[2]);
	if (argc == 3 && !strcmp(argv[1], "rcuos-cloexec-child"))
		return cloexec_child(argv[2]);
	if (argc == 3 && !strcmp(argv[1], "rcuos-script-child"))
		return 44;	/* the interpreter of outside.c's script */

	mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	mount("proc", "/proc", "proc", 0, NULL);
	mount("sysfs", "/sys", "sysfs", 0, NULL);
	say("INIT: rcuos test init started, pid %d\n", getpid());
	if (cmdline_has("rcuos.rounds=10"))
		rounds = 10;
	for (r = 0; r < rounds; r++) {
		test_fork_exit_wait();
		test_reparent();
		test_signals();
		test_threads();
		test_ptrace();
		test_creds();
		test_proc();
		test_seccomp();
		test_kcmp();
		test_pids();
		test_files();
	}
	if (cmdline_has("rcuos.outside"))
		test_outside();
	/* Last: afterwards our children are in another PID namespace. */
	test_pid_namespace();
	if (!cmdline_has("rcuos.nomodule"))
		load_modules();
	say("INIT: DONE %d failures\n", failures);
	if (cmdline_has("rcuos.wait")) {
		/* A built-in test (rcutorture shutdown_secs=) powers off. */
		for (;;) {
			while (waitpid(-1, NULL, 0) > 0)
				;
			sleep(1);
		}
	}
	sync();
	reboot(RB_POWER_OFF);
	return 0;
}
