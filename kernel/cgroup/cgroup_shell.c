// SPDX-License-Identifier: GPL-2.0
/*
 * The shell's cgroup command: mkdir, rmdir, attach, ls and set.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/kstrtox.h>
#include <linux/slab.h>
#include <linux/shell.h>
#include "cgroup-internal.h"

#define CGROUP_PATH_MAX		256
#define LS_MAX_TASKS		256

static struct cgroup *lookup_or_report(const char *path)
{
	struct cgroup *cgrp = cgroup_lookup(path);

	if (IS_ERR(cgrp))
		shell_error("cgroup: no cgroup %s", path);
	return cgrp;
}

static int cgroup_cmd_mkdir(char *path)
{
	char *slash = strrchr(path, '/');
	const char *name = slash ? slash + 1 : path;
	struct cgroup *parent, *cgrp;

	if (slash) {
		*slash = '\0';
		parent = lookup_or_report(*path ? path : "/");
		*slash = '/';
	} else {
		parent = lookup_or_report("/");
	}
	if (IS_ERR(parent))
		return -EINVAL;
	cgrp = cgroup_mkdir(parent, name);
	cgroup_put(parent);
	switch (IS_ERR(cgrp) ? PTR_ERR(cgrp) : 0) {
	case 0:
		return 0;
	case -EEXIST:
		return shell_error("cgroup: %s already exists", path);
	case -EINVAL:
		return shell_error("cgroup: '%s' is not a valid name (letters, digits, _-. up to %d)",
				   name, CGROUP_NAME_LEN - 1);
	case -ENOENT:
		return shell_error("cgroup: the parent of %s is being removed", path);
	default:
		return shell_error("cgroup: mkdir %s: out of memory", path);
	}
}

static int cgroup_cmd_rmdir(const char *path)
{
	struct cgroup *cgrp = lookup_or_report(path);
	int ret;

	if (IS_ERR(cgrp))
		return -EINVAL;
	ret = cgroup_rmdir(cgrp);
	if (ret == -EBUSY)
		shell_error("cgroup: %s is busy: %d tasks, %s", path, READ_ONCE(cgrp->nr_tasks),
			    list_empty(&cgrp->children) ? "no children" : "has children");
	else if (ret == -EPERM)
		shell_error("cgroup: the root cannot be removed");
	else if (ret)
		shell_error("cgroup: %s is already being removed", path);
	cgroup_put(cgrp);
	return ret ? -EINVAL : 0;
}

static int cgroup_cmd_attach(const char *path, const char *pidstr)
{
	struct task_struct *task;
	struct cgroup *cgrp;
	int pid, ret;

	if (kstrtoint(pidstr, 0, &pid) || pid <= 0)
		return shell_error("cgroup: '%s' is not a pid", pidstr);
	cgrp = lookup_or_report(path);
	if (IS_ERR(cgrp))
		return -EINVAL;
	task = find_get_task_by_vpid(pid);
	if (!task) {
		cgroup_put(cgrp);
		return shell_error("cgroup: no task with pid %d", pid);
	}
	ret = cgroup_attach_task(cgrp, task);
	if (ret == -EAGAIN)
		shell_error("cgroup: %s is full: pids.max %ld reached", path, pids_max(cgrp));
	else if (ret == -ESRCH)
		shell_error("cgroup: task %d is exiting", pid);
	else if (ret == -ENOENT)
		shell_error("cgroup: %s is being removed", path);
	else if (ret)
		shell_error("cgroup: attach: out of memory");
	put_task_struct(task);
	cgroup_put(cgrp);
	return ret ? -EINVAL : 0;
}

struct ls_task {
	pid_t pid;
	char comm[TASK_COMM_LEN];
};

static void cgroup_ls_tasks(struct cgroup *cgrp)
{
	struct ls_task *t = kmalloc_array(LS_MAX_TASKS, sizeof(*t), GFP_KERNEL);
	struct task_struct *task;
	struct css_set *cset;
	unsigned long flags;
	int n = 0, total = 0;
	char line[80];
	size_t len = 0;

	if (!t) {
		printk("  tasks: (out of memory)\n");
		return;
	}
	spin_lock_irqsave(&css_set_lock, flags);
	list_for_each_entry(cset, &cgrp->cset_links, cgrp_link) {
		list_for_each_entry(task, &cset->tasks, cg_list) {
			if (n < LS_MAX_TASKS) {
				t[n].pid = task->pid;
				memcpy(t[n].comm, task->comm, TASK_COMM_LEN);
				n++;
			}
			total++;
		}
	}
	spin_unlock_irqrestore(&css_set_lock, flags);

	printk("  tasks %d\n", total);
	for (int i = 0; i < n; i++) {
		char item[TASK_COMM_LEN + 16];
		int w = snprintf(item, sizeof(item), " %d(%s)", t[i].pid, t[i].comm);

		if (len + w >= sizeof(line)) {
			printk("   %s\n", line);
			len = 0;
		}
		memcpy(line + len, item, w + 1);
		len += w;
	}
	if (len)
		printk("   %s\n", line);
	if (total > n)
		printk("    ... and %d more\n", total - n);
	kfree(t);
}

static int cgroup_cmd_ls(const char *path)
{
	struct cgroup *cgrp = lookup_or_report(path);
	struct cgroup_subsys *ss;
	struct cgroup *child;
	char *buf;
	int i;

	if (IS_ERR(cgrp))
		return -EINVAL;
	buf = kmalloc(CGROUP_PATH_MAX, GFP_KERNEL);
	if (buf && !cgroup_path(cgrp, buf, CGROUP_PATH_MAX))
		printk("%s\n", buf);
	kfree(buf);

	mutex_lock(&cgroup_mutex);
	printk("  children");
	list_for_each_entry(child, &cgrp->children, sibling)
		printk(KERN_CONT " %s", child->name);
	printk(KERN_CONT "\n");
	for_each_subsys(ss, i) {
		if (ss->show)
			ss->show(cgrp->subsys[i]);
	}
	mutex_unlock(&cgroup_mutex);
	cgroup_ls_tasks(cgrp);
	cgroup_put(cgrp);
	return 0;
}

static int cgroup_cmd_set(const char *path, int argc, char **argv)
{
	struct cgroup *cgrp = lookup_or_report(path);
	struct cgroup_subsys *ss;
	int i, ret = 0;

	if (IS_ERR(cgrp))
		return -EINVAL;
	for (int a = 0; a < argc && !ret; a++) {
		char *val = shell_kv(argv[a]);

		if (!val) {
			ret = shell_error("cgroup: '%s' is not key=value", argv[a]);
			break;
		}
		if (cgrp == &cgrp_dfl_root) {
			ret = shell_error("cgroup: the root has no limits");
			break;
		}
		ret = -ENOENT;
		mutex_lock(&cgroup_mutex);
		for_each_subsys(ss, i) {
			if (ss->write) {
				ret = ss->write(cgrp->subsys[i], argv[a], val);
				if (ret != -ENOENT)
					break;
			}
		}
		mutex_unlock(&cgroup_mutex);
		if (ret == -ENOENT)
			ret = shell_error("cgroup: unknown key '%s' (keys: pids.max)", argv[a]);
		else if (ret)
			ret = shell_error("cgroup: %s: '%s' is not a number or max", argv[a], val);
	}
	cgroup_put(cgrp);
	return ret;
}

static int cmd_cgroup(int argc, char **argv)
{
	if (argc < 2)
		return -EINVAL;
	if (!strcmp(argv[1], "mkdir") && argc == 3)
		return cgroup_cmd_mkdir(argv[2]);
	if (!strcmp(argv[1], "rmdir") && argc == 3)
		return cgroup_cmd_rmdir(argv[2]);
	if (!strcmp(argv[1], "attach") && argc == 4)
		return cgroup_cmd_attach(argv[2], argv[3]);
	if (!strcmp(argv[1], "ls") && argc <= 3)
		return cgroup_cmd_ls(argc == 3 ? argv[2] : "/");
	if (!strcmp(argv[1], "set") && argc >= 4)
		return cgroup_cmd_set(argv[2], argc - 3, argv + 3);
	return -EINVAL;
}
DEFINE_SHELL_CMD(cgroup, "mkdir PATH | rmdir PATH | attach PATH PID | ls [PATH] | set PATH pids.max=N|max",
		 "control groups: create, remove, move a task, show tasks and figures, set limits",
		 cmd_cgroup);
