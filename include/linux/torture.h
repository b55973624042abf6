/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_TORTURE_H
#define _LINUX_TORTURE_H

/*
 * The torture-test framework (kernel/torture/torture.c): what every test
 * tool (rcutorture, rcuscale, refscale, kfreebench, rcuqoi) and the KUnit
 * suites that need threads on other CPUs have in common, so that each of
 * them keeps only its own checks:
 *
 *  - parameters: torture_param() declares a "tool.key" parameter, set at
 *    boot ("rcutorture.nreaders=4") or as a shell word ("nreaders=4");
 *    a shell run puts every "tool.*" parameter back when it ends;
 *  - a run's life: one run of a tool at a time, the shell command, the
 *    run at boot and the power-off after it (struct torture_tool);
 *  - kthreads: torture_create_kthread() and torture_stop_kthread(); a
 *    stop that hangs names the thread it waits for;
 *  - statistics at an interval, per-thread random numbers, CPU choice
 *    (torture_pick_cpu() and friends) and KTAP output for checks that are
 *    shell commands (struct torture_ktap).
 */

#include <linux/atomic.h>
#include <linux/compiler.h>
#include <linux/moduleparam.h>
#include <linux/random.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <linux/types.h>

struct task_struct;

/**
 * torture_param() - declare a tool's parameter with its initial value
 * @type: int, uint, long, ulong, bool (a charp is declared by hand)
 * @name: the variable and the parameter's name after MODULE_PARAM_PREFIX
 * @init: the default
 * @msg: the one-line description the shell's "cmdline" shows
 */
#define torture_param(type, name, init, msg)				\
	static type name = init;					\
	module_param(name, type, 0444);					\
	MODULE_PARM_DESC(name, msg)

/**
 * torture_param_named() - as torture_param(), for a variable whose name
 *	differs from the parameter's
 * @type: as for torture_param()
 * @name: the parameter's name after MODULE_PARAM_PREFIX
 * @var: the variable
 * @init: the default
 * @msg: the description
 */
#define torture_param_named(type, name, var, init, msg)			\
	static type var = init;						\
	module_param_named(name, var, type, 0444);			\
	MODULE_PARM_DESC(name, msg)

/*
 * Ops tables.  A tool describes each type it tests (rcutorture's
 * "type=", the scale tools' "scale_type=") by one row of an array of
 * pointers to its ops structure, whose member "name" is what selects it;
 * these find a row and list the names, so that the table is the only
 * place a type is described.
 */

/**
 * torture_ops_find() - the row of @table named @str
 * @table: an array of pointers to ops structures with a "name" member
 * @str: the name asked for; may be NULL
 *
 * Return: the row, or NULL.
 */
#define torture_ops_find(table, str) ({					\
	const void *__row = NULL;					\
	for (unsigned int __i = 0; (str) && __i < ARRAY_SIZE(table); __i++) \
		if (!strcmp((table)[__i]->name, (str))) {		\
			__row = (table)[__i];				\
			break;						\
		}							\
	(typeof(&*(table)[0]))__row; })

/**
 * torture_ops_names() - the names of @table's rows, for a message
 * @buf: a char array to write them to
 * @table: as for torture_ops_find()
 * @sep: what goes between two names
 *
 * Return: @buf.
 */
#define torture_ops_names(buf, table, sep) ({				\
	size_t __len = 0;						\
	(buf)[0] = '\0';						\
	for (unsigned int __i = 0; __i < ARRAY_SIZE(table); __i++)	\
		__len += scnprintf((buf) + __len, sizeof(buf) - __len, "%s%s", \
				   __i ? (sep) : "", (table)[__i]->name); \
	(buf); })

/**
 * struct torture_tool - one test tool: its name, its run, its state
 * @name: the shell command and the parameter prefix ("rcutorture")
 * @tag: what the framework's console lines start with ("rcu-torture")
 * @busy_msg: the shell's one line when a run is already in progress
 * @check: check the parameters, report the first bad one (a shell error
 *	for the command @cmd, a console line at boot when @cmd is NULL);
 *	return 0 or -EINVAL.  May be NULL
 * @run: one run with the current parameter values (@cmd as for @check).
 *	Return: 0, -EIO when the test failed (it said so on the console),
 *	-EBUSY, -ENOMEM, -EINVAL
 * @shutdown_param: the name of its "power off when done" parameter
 * @shutdown_secs: for a tool whose shell runs also power off when that
 *	parameter is set (rcutorture.shutdown_secs), the parameter; NULL:
 *	only the boot run powers off
 * @stuck_secs: how long torture_stop_kthread() may wait before the thread
 *	is reported stuck, when the run prints no statistics (0: 20 s); with
 *	statistics, two intervals
 * @stuck_hook: called after a stuck thread is reported (e.g. to print
 *	RCU's state), or NULL
 *
 * The fields below are the framework's own.
 */
struct torture_tool {
	const char *name;
	const char *tag;
	const char *busy_msg;
	int (*check)(const char *cmd);
	int (*run)(const char *cmd);
	const char *shutdown_param;
	const int *shutdown_secs;
	unsigned int stuck_secs;
	void (*stuck_hook)(void);
	/* A test's own tool: its failures are planted and not the kernel's. */
	bool selftest;

	/* private: */
	atomic_t running;
	int boot_shutdown;
	spinlock_t stop_lock;
	struct task_struct *stopping;
	unsigned long stop_since;
	unsigned long stop_reported;
	struct task_struct *monitor;
	void (*stats)(void);
	int stat_interval;
	unsigned long next_stats;
};

/* A struct torture_tool initializer for the fields the framework owns. */
#define TORTURE_TOOL_STATE(_tool)					\
	.running = ATOMIC_INIT(0),					\
	.stop_lock = __SPIN_LOCK_UNLOCKED((_tool).stop_lock)

/* ---- a run's life ---- */

int torture_init_begin(struct torture_tool *tool);
void torture_cleanup_end(struct torture_tool *tool);
void torture_stats_start(struct torture_tool *tool, void (*stats)(void), int interval);
void torture_stats_stop(struct torture_tool *tool);
int torture_shell_run(struct torture_tool *tool, int argc, char **argv);
__printf(3, 4) int torture_report_bad(const struct torture_tool *tool, const char *cmd,
				      const char *fmt, ...);
int torture_boot_start(struct torture_tool *tool, int shutdown);
__noreturn void torture_shutdown(const struct torture_tool *tool, int value, int ret);

/* ---- kthreads ---- */

int torture_create_kthread_on(int (*fn)(void *arg), void *arg, int cpu,
			      struct task_struct **tp, const char *namefmt, ...)
	__printf(5, 6);

/**
 * torture_create_kthread() - create and start a test kthread, on any CPU
 * @fn: its function; it loops until kthread_should_stop()
 * @arg: @fn's argument
 * @tp: where to store the task (NULL on failure)
 * @namefmt: printf-style name, then its arguments
 *
 * Return: 0 or -ENOMEM.
 */
#define torture_create_kthread(fn, arg, tp, namefmt, ...)		\
	torture_create_kthread_on(fn, arg, -1, tp, namefmt, ##__VA_ARGS__)

void torture_stop_kthread(struct torture_tool *tool, struct task_struct **tp);
void torture_kthread_park(void);

/* ---- random numbers: one state per thread (or per timer) ---- */

/**
 * struct torture_random_state - a thread's own pseudo-random generator
 * @rs: the generator (lib/random.c)
 */
struct torture_random_state {
	struct rnd_state rs;
};

void torture_random_init(struct torture_random_state *trs, u64 salt);

/**
 * torture_random() - 32 pseudo-random bits
 * @trs: the calling thread's state
 *
 * Return: the next value of @trs.
 */
static inline u32 torture_random(struct torture_random_state *trs)
{
	return prandom_u32_state(&trs->rs);
}

/**
 * torture_random_below() - a pseudo-random value in [0, @ceil)
 * @trs: the calling thread's state
 * @ceil: the exclusive bound; 0 gives 0
 *
 * Return: a value below @ceil (0 if @ceil is 0).
 */
static inline u32 torture_random_below(struct torture_random_state *trs, u32 ceil)
{
	return prandom_u32_below_state(&trs->rs, ceil);
}

/* ---- CPUs ---- */

int torture_pick_cpu(unsigned int nth, int exclude);

/**
 * torture_other_cpu() - an online CPU other than @cpu
 * @cpu: the CPU to avoid (usually raw_smp_processor_id())
 *
 * Return: the first online CPU that is not @cpu, or -1 if there is none.
 */
static inline int torture_other_cpu(int cpu)
{
	return torture_pick_cpu(0, cpu);
}

/**
 * torture_other_cpu_or_self() - an online CPU other than the caller's, or
 *	the caller's own when it is the only one
 *
 * Return: that CPU.
 */
static inline unsigned int torture_other_cpu_or_self(void)
{
	unsigned int self = raw_smp_processor_id();
	int cpu = torture_other_cpu(self);

	return cpu < 0 ? self : cpu;
}

/**
 * torture_nth_cpu() - round-robin placement over the online CPUs
 * @n: thread number; thread n goes to the (n mod online)-th online CPU
 *
 * Return: that CPU.
 */
static inline unsigned int torture_nth_cpu(unsigned int n)
{
	return torture_pick_cpu(n, -1);
}

/* ---- results ---- */

#ifdef CONFIG_TORTURE_TEST
bool torture_any_failed(void);
#else
/* No torture tool is built in: none can have failed. */
static inline bool torture_any_failed(void)
{
	return false;
}
#endif

/* ---- CPU hotplug ---- */

int torture_onoff_init(unsigned long holdoff_ms, unsigned long interval_ms);
void torture_onoff_cleanup(struct torture_tool *tool);
char *torture_onoff_stats(char *buf, size_t size);
bool torture_onoff_failures(void);

/* ---- KTAP output of checks run as shell commands ---- */

/**
 * struct torture_ktap - one KTAP run of a tool's checks
 * @tool: the tool's name, in the "# tool name" header lines
 * @name: the run's name, also each check's prefix ("stall" -> "stall_warned")
 * @planned: the plan ("1..N")
 * @n: checks printed so far
 * @failed: checks that failed
 */
struct torture_ktap {
	const char *tool;
	const char *name;
	int planned;
	int n;
	int failed;
};

void torture_ktap_begin(struct torture_ktap *k, const char *tool, const char *name,
			int planned);
void torture_ktap_check(struct torture_ktap *k, bool ok, const char *what);
void torture_ktap_skip(struct torture_ktap *k, const char *what, const char *why);
int torture_ktap_end(struct torture_ktap *k);

#endif /* _LINUX_TORTURE_H */
