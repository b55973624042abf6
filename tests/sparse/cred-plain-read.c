/* A task's RCU-protected credentials read with plain loads. */
#include <linux/rcupdate.h>

struct cred {
	int usage;
	unsigned int uid;
};

struct task {
	const struct cred __rcu *real_cred;
	const struct cred __rcu *cred;
};

static unsigned int task_uid(struct task *t)
{
	return t->cred->uid;
}

static const struct cred *task_real_cred(struct task *t)
{
	const struct cred *c = t->real_cred;

	return c;
}

/*
 * check-name: cred-plain-read
 * check-exit-value: 1
 *
 * check-error-start
cred-plain-read.c:21:33: error: incorrect type in initializer (different address spaces)
cred-plain-read.c:21:33:    expected struct cred const *c
cred-plain-read.c:21:33:    got struct cred const [noderef] __rcu *real_cred
cred-plain-read.c:16:17: error: dereference of noderef expression
 * check-error-end
 */
