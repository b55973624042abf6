/* New credentials installed with plain stores instead of rcu_assign_pointer(). */
#include <linux/rcupdate.h>

struct cred {
	int usage;
	unsigned int uid;
};

struct task {
	const struct cred __rcu *real_cred;
	const struct cred __rcu *cred;
};

static void commit(struct task *t, const struct cred *new)
{
	t->real_cred = new;
	t->cred = new;
}

/*
 * check-name: cred-plain-commit
 * check-exit-value: 1
 *
 * check-error-start
cred-plain-commit.c:16:22: error: incorrect type in assignment (different address spaces)
cred-plain-commit.c:16:22:    expected struct cred const [noderef] __rcu *real_cred
cred-plain-commit.c:16:22:    got struct cred const *new
cred-plain-commit.c:17:17: error: incorrect type in assignment (different address spaces)
cred-plain-commit.c:17:17:    expected struct cred const [noderef] __rcu *cred
cred-plain-commit.c:17:17:    got struct cred const *new
 * check-error-end
 */
