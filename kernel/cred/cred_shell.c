// SPDX-License-Identifier: GPL-2.0
/*
 * Shell commands for credentials: id [pid] and su UID.
 *
 * id reads another task's credentials the way any reader must: a
 * reference from get_task_cred() (under rcu_read_lock()), then
 * put_cred().  su changes the shell's own credentials with
 * prepare_creds()/commit_creds(); there is no password database, so the
 * group ids follow the user id.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/kstrtox.h>
#include <linux/cred.h>
#include <linux/sched.h>
#include <linux/shell.h>

static int cmd_id(int argc, char **argv)
{
	struct task_struct *task = current;
	const struct cred *cred;
	int pid;

	if (argc > 2)
		return -EINVAL;
	if (argc == 2) {
		if (kstrtoint(argv[1], 0, &pid) || pid <= 0)
			return shell_error("id: '%s' is not a pid", argv[1]);
		task = find_get_task_by_vpid(pid);
		if (!task)
			return shell_error("id: no task with pid %d", pid);
	} else {
		get_task_struct(task);
	}
	cred = get_task_cred(task);
	printk("pid=%d(%s) uid=%u gid=%u euid=%u egid=%u suid=%u sgid=%u\n",
	       task->pid, task->comm, cred->uid, cred->gid, cred->euid,
	       cred->egid, cred->suid, cred->sgid);
	put_cred(cred);
	put_task_struct(task);
	return 0;
}
DEFINE_SHELL_CMD(id, "[pid]", "a task's credentials (default: the shell's)", cmd_id);

static int cmd_su(int argc, char **argv)
{
	struct cred *new;
	unsigned int uid;

	if (argc != 2)
		return -EINVAL;
	if (kstrtouint(argv[1], 0, &uid))
		return shell_error("su: '%s' is not a user id", argv[1]);
	new = prepare_creds();
	if (!new)
		return shell_error("su: out of memory");
	new->uid = new->euid = new->suid = uid;
	new->gid = new->egid = new->sgid = uid;
	commit_creds(new);
	printk("su: shell now runs as uid=%u gid=%u\n", uid, uid);
	return 0;
}
DEFINE_SHELL_CMD(su, "UID", "change the shell's credentials (prepare/commit_creds)", cmd_su);
