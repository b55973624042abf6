// SPDX-License-Identifier: GPL-2.0
/*
 * RCU's trace events: the out-of-line recording half of each tracepoint
 * in include/trace/events/rcu.h, and how each is printed.  The printed
 * formats follow Linux's TP_printk() for the same event, so tools and
 * eyes used to Linux's RCU traces read these.
 */
#include <linux/kernel.h>
#include <linux/tracepoint.h>
#include <trace/events/rcu.h>

#define S(a)	((const char *)(unsigned long)(a))
#define P(a)	((void *)(unsigned long)(a))
#define REC(name, ...)							\
	do {								\
		const u64 __a[] = { __VA_ARGS__ };			\
									\
		trace_event_write(TRACE_##name, __a, ARRAY_SIZE(__a));	\
	} while (0)
#define U(x)	((u64)(unsigned long)(x))

void __trace_rcu_grace_period(const char *rcuname, unsigned long gp_seq,
			      const char *gpevent)
{
	REC(rcu_grace_period, U(rcuname), gp_seq, U(gpevent));
}

static int print_rcu_grace_period(char *buf, size_t size, const u64 *a)
{
	return scnprintf(buf, size, "%s %ld %s", S(a[0]), (long)a[1], S(a[2]));
}

void __trace_rcu_grace_period_init(const char *rcuname, unsigned long gp_seq,
				   u8 level, int grplo, int grphi,
				   unsigned long qsmask)
{
	REC(rcu_grace_period_init, U(rcuname), gp_seq, level, grplo, grphi, qsmask);
}

static int print_rcu_grace_period_init(char *buf, size_t size, const u64 *a)
{
	return scnprintf(buf, size, "%s %ld %u %d %d %lx", S(a[0]), (long)a[1],
			 (unsigned int)a[2], (int)a[3], (int)a[4],
			 (unsigned long)a[5]);
}

void __trace_rcu_quiescent_state_report(const char *rcuname,
					unsigned long gp_seq, unsigned long mask,
					unsigned long qsmask, u8 level,
					int grplo, int grphi, int gp_tasks)
{
	REC(rcu_quiescent_state_report, U(rcuname), gp_seq, mask, qsmask, level,
	    grplo, grphi, gp_tasks);
}

static int print_rcu_quiescent_state_report(char *buf, size_t size, const u64 *a)
{
	return scnprintf(buf, size, "%s %ld %lx>%lx %u %d %d %u", S(a[0]),
			 (long)a[1], (unsigned long)a[2], (unsigned long)a[3],
			 (unsigned int)a[4], (int)a[5], (int)a[6],
			 (unsigned int)a[7]);
}

void __trace_rcu_fqs(const char *rcuname, unsigned long gp_seq, int cpu,
		     const char *qsevent)
{
	REC(rcu_fqs, U(rcuname), gp_seq, cpu, U(qsevent));
}

static int print_rcu_fqs(char *buf, size_t size, const u64 *a)
{
	return scnprintf(buf, size, "%s %ld %d %s", S(a[0]), (long)a[1],
			 (int)a[2], S(a[3]));
}

void __trace_rcu_callback(const char *rcuname, struct rcu_head *rhp,
			  void *func, long qlen)
{
	REC(rcu_callback, U(rcuname), U(rhp), U(func), qlen);
}

static int print_rcu_callback(char *buf, size_t size, const u64 *a)
{
	return scnprintf(buf, size, "%s rhp=%p func=%ps %ld", S(a[0]), P(a[1]),
			 P(a[2]), (long)a[3]);
}

void __trace_rcu_batch_start(const char *rcuname, long qlen, long blimit)
{
	REC(rcu_batch_start, U(rcuname), qlen, blimit);
}

static int print_rcu_batch_start(char *buf, size_t size, const u64 *a)
{
	return scnprintf(buf, size, "%s CBs=%ld bl=%ld", S(a[0]), (long)a[1],
			 (long)a[2]);
}

void __trace_rcu_invoke_callback(const char *rcuname, struct rcu_head *rhp,
				 void *func)
{
	REC(rcu_invoke_callback, U(rcuname), U(rhp), U(func));
}

static int print_invoke_callback(char *buf, size_t size, const u64 *a)
{
	return scnprintf(buf, size, "%s rhp=%p func=%ps", S(a[0]), P(a[1]),
			 P(a[2]));
}

void __trace_rcu_batch_end(const char *rcuname, int callbacks_invoked,
			   bool cb, bool nr, bool iit, bool risk)
{
	REC(rcu_batch_end, U(rcuname), callbacks_invoked, cb, nr, iit, risk);
}

static int print_rcu_batch_end(char *buf, size_t size, const u64 *a)
{
	return scnprintf(buf, size, "%s CBs-invoked=%d idle=%c%c%c%c", S(a[0]),
			 (int)a[1], a[2] ? 'C' : '.', a[3] ? 'S' : '.',
			 a[4] ? 'I' : '.', a[5] ? 'R' : '.');
}

void __trace_rcu_invoke_kfree_bulk_callback(const char *rcuname,
					    unsigned long nr_records, void **p)
{
	REC(rcu_invoke_kfree_bulk_callback, U(rcuname), nr_records, U(p));
}

static int print_rcu_invoke_kfree_bulk_callback(char *buf, size_t size,
						const u64 *a)
{
	return scnprintf(buf, size, "%s bulk=0x%p nr_records=%lu", S(a[0]),
			 P(a[2]), (unsigned long)a[1]);
}

void __trace_rcu_exp_grace_period(const char *rcuname, unsigned long gpseq,
				  const char *gpevent)
{
	REC(rcu_exp_grace_period, U(rcuname), gpseq, U(gpevent));
}

static int print_rcu_exp_grace_period(char *buf, size_t size, const u64 *a)
{
	return scnprintf(buf, size, "%s %#lx %s", S(a[0]), (unsigned long)a[1],
			 S(a[2]));
}

void __trace_rcu_dyntick(const char *polarity, long oldnesting,
			 long newnesting, long dynticks)
{
	REC(rcu_dyntick, U(polarity), oldnesting, newnesting, dynticks);
}

static int print_rcu_dyntick(char *buf, size_t size, const u64 *a)
{
	return scnprintf(buf, size, "%s %lx %lx %#3x", S(a[0]), (long)a[1],
			 (long)a[2], (unsigned int)(a[3] & 0xfff));
}

void __trace_rcu_stall_warning(const char *rcuname, const char *msg)
{
	REC(rcu_stall_warning, U(rcuname), U(msg));
}

static int print_rcu_stall_warning(char *buf, size_t size, const u64 *a)
{
	return scnprintf(buf, size, "%s %s", S(a[0]), S(a[1]));
}

void __trace_rcu_preempt_task(const char *rcuname, int pid,
			      unsigned long gp_seq)
{
	REC(rcu_preempt_task, U(rcuname), gp_seq, pid);
}

void __trace_rcu_unlock_preempted_task(const char *rcuname,
				       unsigned long gp_seq, int pid)
{
	REC(rcu_unlock_preempted_task, U(rcuname), gp_seq, pid);
}

/* Both record (name, gp_seq, pid) and print them the same way. */
static int print_preempt_task(char *buf, size_t size, const u64 *a)
{
	return scnprintf(buf, size, "%s %ld %d", S(a[0]), (long)a[1], (int)a[2]);
}

/* SRCU domains have no name: they are told apart by address. */
void __trace_srcu_grace_period(struct srcu_struct *ssp, unsigned long gp_seq,
			       const char *gpevent)
{
	REC(srcu_grace_period, U(ssp), gp_seq, U(gpevent));
}

static int print_srcu_grace_period(char *buf, size_t size, const u64 *a)
{
	return scnprintf(buf, size, "srcu=%p %ld %s", P(a[0]), (long)a[1], S(a[2]));
}

void __trace_srcu_invoke_callback(struct srcu_struct *ssp, struct rcu_head *rhp,
				  void *func)
{
	REC(srcu_invoke_callback, U(ssp), U(rhp), U(func));
}

static int print_srcu_invoke_callback(char *buf, size_t size, const u64 *a)
{
	return scnprintf(buf, size, "srcu=%p rhp=%p func=%ps", P(a[0]), P(a[1]),
			 P(a[2]));
}

const struct trace_event_type trace_events[TRACE_NR_EVENTS] = {
	[TRACE_rcu_grace_period] = { "rcu_grace_period", print_rcu_grace_period },
	[TRACE_rcu_grace_period_init] = { "rcu_grace_period_init",
					  print_rcu_grace_period_init },
	[TRACE_rcu_quiescent_state_report] = { "rcu_quiescent_state_report",
					       print_rcu_quiescent_state_report },
	[TRACE_rcu_fqs] = { "rcu_fqs", print_rcu_fqs },
	[TRACE_rcu_callback] = { "rcu_callback", print_rcu_callback },
	[TRACE_rcu_batch_start] = { "rcu_batch_start", print_rcu_batch_start },
	[TRACE_rcu_invoke_callback] = { "rcu_invoke_callback", print_invoke_callback },
	[TRACE_rcu_batch_end] = { "rcu_batch_end", print_rcu_batch_end },
	[TRACE_rcu_invoke_kfree_bulk_callback] = {
		"rcu_invoke_kfree_bulk_callback",
		print_rcu_invoke_kfree_bulk_callback },
	[TRACE_rcu_exp_grace_period] = { "rcu_exp_grace_period",
					 print_rcu_exp_grace_period },
	[TRACE_rcu_dyntick] = { "rcu_dyntick", print_rcu_dyntick },
	[TRACE_rcu_stall_warning] = { "rcu_stall_warning", print_rcu_stall_warning },
	[TRACE_rcu_preempt_task] = { "rcu_preempt_task", print_preempt_task },
	[TRACE_rcu_unlock_preempted_task] = { "rcu_unlock_preempted_task",
					      print_preempt_task },
	[TRACE_srcu_grace_period] = { "srcu_grace_period", print_srcu_grace_period },
	[TRACE_srcu_invoke_callback] = { "srcu_invoke_callback",
					 print_srcu_invoke_callback },
};
