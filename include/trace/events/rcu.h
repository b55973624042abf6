/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _TRACE_EVENTS_RCU_H
#define _TRACE_EVENTS_RCU_H

#include <linux/tracepoint.h>

/*
 * RCU's tracepoints.  Names, fields and printed formats are Linux's
 * (include/trace/events/rcu.h there) where Linux has the event; the
 * srcu_* events are rcuos's own.  String arguments must be static
 * strings: the buffer keeps the pointer.  The formats are in
 * kernel/trace/rcu_events.c.
 */

enum {
	TRACE_rcu_grace_period,
	TRACE_rcu_grace_period_init,
	TRACE_rcu_quiescent_state_report,
	TRACE_rcu_fqs,
	TRACE_rcu_callback,
	TRACE_rcu_batch_start,
	TRACE_rcu_invoke_callback,
	TRACE_rcu_batch_end,
	TRACE_rcu_invoke_kfree_bulk_callback,
	TRACE_rcu_exp_grace_period,
	TRACE_rcu_dyntick,
	TRACE_rcu_stall_warning,
	TRACE_rcu_preempt_task,
	TRACE_rcu_unlock_preempted_task,
	TRACE_srcu_grace_period,
	TRACE_srcu_invoke_callback,
	TRACE_NR_EVENTS
};

/* The flavor's name in the events, as Linux's rcu_state.name. */
#ifdef CONFIG_PREEMPT_RCU
#define RCU_TRACE_NAME	"rcu_preempt"
#else
#define RCU_TRACE_NAME	"rcu_sched"
#endif

/*
 * trace_<event>(args) evaluates its arguments only when the event is on:
 * while tracing is off a tracepoint is trace_event_on()'s load and
 * branch, whatever its arguments cost.  Without CONFIG_RCU_TRACE it is
 * nothing at all (the arguments still count as used).
 */
#ifdef CONFIG_RCU_TRACE
#define RCU_TRACE_EVENT(name, proto, args)	void __trace_##name proto;
#define RCU_TRACE_CALL(name, ...)					\
	do {								\
		if (trace_event_on(TRACE_##name))			\
			__trace_##name(__VA_ARGS__);			\
	} while (0)
#else
#define RCU_TRACE_EVENT(name, proto, args)
static inline void __rcu_trace_nop(int unused, ...) { }
#define RCU_TRACE_CALL(name, ...)					\
	do {								\
		if (0)							\
			__rcu_trace_nop(0, __VA_ARGS__);		\
	} while (0)
#endif

struct rcu_head;

/* gpevent: "start", "end" (the kthread); "cpustart", "cpuend", "cpuqs" (a CPU) */
RCU_TRACE_EVENT(rcu_grace_period,
		(const char *rcuname, unsigned long gp_seq, const char *gpevent),
		(rcuname, gp_seq, gpevent))
/* An rcu_node armed for a new grace period: CPUs grplo-grphi, qsmask. */
RCU_TRACE_EVENT(rcu_grace_period_init,
		(const char *rcuname, unsigned long gp_seq, u8 level, int grplo,
		 int grphi, unsigned long qsmask),
		(rcuname, gp_seq, level, grplo, grphi, qsmask))
/* @mask cleared from an rcu_node, leaving @qsmask; gp_tasks: tasks block it. */
RCU_TRACE_EVENT(rcu_quiescent_state_report,
		(const char *rcuname, unsigned long gp_seq, unsigned long mask,
		 unsigned long qsmask, u8 level, int grplo, int grphi, int gp_tasks),
		(rcuname, gp_seq, mask, qsmask, level, grplo, grphi, gp_tasks))
/* The kthread credits @cpu ("dti": idle, "ofl": offline) or nudges it ("kick"). */
RCU_TRACE_EVENT(rcu_fqs,
		(const char *rcuname, unsigned long gp_seq, int cpu, const char *qsevent),
		(rcuname, gp_seq, cpu, qsevent))
RCU_TRACE_EVENT(rcu_callback,
		(const char *rcuname, struct rcu_head *rhp, void *func, long qlen),
		(rcuname, rhp, func, qlen))
RCU_TRACE_EVENT(rcu_batch_start,
		(const char *rcuname, long qlen, long blimit),
		(rcuname, qlen, blimit))
RCU_TRACE_EVENT(rcu_invoke_callback,
		(const char *rcuname, struct rcu_head *rhp, void *func),
		(rcuname, rhp, func))
/* cb: callbacks still ready; nr: need_resched; iit: idle task; risk: from a kthread */
RCU_TRACE_EVENT(rcu_batch_end,
		(const char *rcuname, int callbacks_invoked, bool cb, bool nr,
		 bool iit, bool risk),
		(rcuname, callbacks_invoked, cb, nr, iit, risk))
RCU_TRACE_EVENT(rcu_invoke_kfree_bulk_callback,
		(const char *rcuname, unsigned long nr_records, void **p),
		(rcuname, nr_records, p))
/* gpevent: "snap", "start", "end", "done" */
RCU_TRACE_EVENT(rcu_exp_grace_period,
		(const char *rcuname, unsigned long gpseq, const char *gpevent),
		(rcuname, gpseq, gpevent))
/* polarity: "Start" (idle entry), "End" (idle exit), "++=" / "--=" (irq or NMI) */
RCU_TRACE_EVENT(rcu_dyntick,
		(const char *polarity, long oldnesting, long newnesting, long dynticks),
		(polarity, oldnesting, newnesting, dynticks))
/* msg: "StallDetected", "SelfDetected", "ExpeditedStall" */
RCU_TRACE_EVENT(rcu_stall_warning,
		(const char *rcuname, const char *msg),
		(rcuname, msg))
RCU_TRACE_EVENT(rcu_preempt_task,
		(const char *rcuname, int pid, unsigned long gp_seq),
		(rcuname, pid, gp_seq))
RCU_TRACE_EVENT(rcu_unlock_preempted_task,
		(const char *rcuname, unsigned long gp_seq, int pid),
		(rcuname, gp_seq, pid))
struct srcu_struct;
/* Domain @ssp's grace period: "start", "flip" (of the reader index), "end". */
RCU_TRACE_EVENT(srcu_grace_period,
		(struct srcu_struct *ssp, unsigned long gp_seq, const char *gpevent),
		(ssp, gp_seq, gpevent))
RCU_TRACE_EVENT(srcu_invoke_callback,
		(struct srcu_struct *ssp, struct rcu_head *rhp, void *func),
		(ssp, rhp, func))

#define trace_rcu_grace_period(...)		RCU_TRACE_CALL(rcu_grace_period, __VA_ARGS__)
#define trace_rcu_grace_period_init(...)	RCU_TRACE_CALL(rcu_grace_period_init, __VA_ARGS__)
#define trace_rcu_quiescent_state_report(...)	RCU_TRACE_CALL(rcu_quiescent_state_report, __VA_ARGS__)
#define trace_rcu_fqs(...)			RCU_TRACE_CALL(rcu_fqs, __VA_ARGS__)
#define trace_rcu_callback(...)			RCU_TRACE_CALL(rcu_callback, __VA_ARGS__)
#define trace_rcu_batch_start(...)		RCU_TRACE_CALL(rcu_batch_start, __VA_ARGS__)
#define trace_rcu_invoke_callback(...)		RCU_TRACE_CALL(rcu_invoke_callback, __VA_ARGS__)
#define trace_rcu_batch_end(...)		RCU_TRACE_CALL(rcu_batch_end, __VA_ARGS__)
#define trace_rcu_invoke_kfree_bulk_callback(...)	RCU_TRACE_CALL(rcu_invoke_kfree_bulk_callback, __VA_ARGS__)
#define trace_rcu_exp_grace_period(...)		RCU_TRACE_CALL(rcu_exp_grace_period, __VA_ARGS__)
#define trace_rcu_dyntick(...)			RCU_TRACE_CALL(rcu_dyntick, __VA_ARGS__)
#define trace_rcu_stall_warning(...)		RCU_TRACE_CALL(rcu_stall_warning, __VA_ARGS__)
#define trace_rcu_preempt_task(...)		RCU_TRACE_CALL(rcu_preempt_task, __VA_ARGS__)
#define trace_rcu_unlock_preempted_task(...)	RCU_TRACE_CALL(rcu_unlock_preempted_task, __VA_ARGS__)
#define trace_srcu_grace_period(...)		RCU_TRACE_CALL(srcu_grace_period, __VA_ARGS__)
#define trace_srcu_invoke_callback(...)		RCU_TRACE_CALL(srcu_invoke_callback, __VA_ARGS__)

#endif /* _TRACE_EVENTS_RCU_H */
