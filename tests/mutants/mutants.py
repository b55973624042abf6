# SPDX-License-Identifier: GPL-2.0
"""Planted bugs ("mutants") that the tests must catch, for tests/mutants/run.py.

Each mutant replaces one piece of text, which must occur exactly once in its
file, and names the checks that must fail with it in every run: "torture"
(rcutorture, which must end in FAILURE or hang), "kunit" (the KUnit suites
named in CHECKS) and "wmm" (tests/wmm, a host program, no boot).  A mutant is a realistic slip in the code, not a sabotage
that any test would notice.  "escapes" marks one the checks are known not
to catch, with the reason: run.py reports it without failing.
"""

# Boots used as checks: defconfig, CPUs, timeout (s), commands, and what a
# passing run prints.  rcutorture with its default reader preemption.
# A check with "host" is a command run in the mutated tree instead of a
# boot (after "build"): it catches the mutant if it exits non-zero.
CHECKS = {
    "torture": dict(defconfig="tree_preempt", cpus=4, timeout=120,
                    commands=["torture duration=30", "poweroff"],
                    expect=[r"End of test: SUCCESS"]),
    "torture-deep": dict(defconfig="tree_preempt_leaf2", cpus=8, timeout=150,
                         commands=["torture duration=30", "poweroff"],
                         expect=[r"End of test: SUCCESS"]),
    "kunit": dict(defconfig="tree_preempt", cpus=4, timeout=120,
                  commands=["test rcu_preempt", "poweroff"],
                  expect=[], require_ktap=True),
    "srcu": dict(defconfig="tree_preempt", cpus=4, timeout=120,
                 commands=["test srcu", "poweroff"],
                 expect=[], require_ktap=True),
    "srcutiny": dict(defconfig="tiny", cpus=1, timeout=90,
                     commands=["test srcutiny", "poweroff"],
                     expect=[], require_ktap=True),
    "srcu-tiny": dict(defconfig="tiny", cpus=1, timeout=120,
                      commands=["test srcu", "poweroff"],
                      expect=[], require_ktap=True),
    "hotplug": dict(defconfig="tree_preempt_leaf2", cpus=4, timeout=150,
                    commands=["test cpu_hotplug rcu_hotplug", "poweroff"],
                    expect=[], require_ktap=True),
    "notifier": dict(defconfig="tiny", cpus=1, timeout=90,
                     commands=["test notifier", "poweroff"],
                     expect=[], require_ktap=True),
    # The RCU hash table: its torture (preemptible readers, 8 CPUs) and
    # the KUnit suites of the table, the pid lookup and typesafe slabs.
    "rhashtorture": dict(defconfig="tree_preempt", cpus=8, timeout=150,
                         commands=["rhashtorture duration=15", "poweroff"],
                         expect=[r"rhash-torture:--- End of test: SUCCESS"]),
    "rhashtable": dict(defconfig="tree_preempt", cpus=4, timeout=120,
                       commands=["test rhashtable", "poweroff"],
                       expect=[], require_ktap=True),
    "pid": dict(defconfig="tree", cpus=4, timeout=90,
                commands=["test pid", "poweroff"],
                expect=[], require_ktap=True),
    "slab_typesafe": dict(defconfig="tree", cpus=2, timeout=90,
                          commands=["test slab_typesafe", "poweroff"],
                          expect=[], require_ktap=True),
    # Tree SRCU's own code under a weak memory model (tests/wmm).
    "wmm": dict(build=["make", "--no-print-directory", "wmm-build"],
                host=["make", "--no-print-directory", "wmm"]),
    # The scenario builds its own ISO, with maxcpus=2 on its command line.
    "hotplug-maxcpus": dict(build=["true"],
                            host=["make", "--no-print-directory", "test-scenario",
                                  "SCENARIO=hotplug-maxcpus-4"]),
}

# rcu_exp_run() from its declarations to its IPIs, for a mutant that IPIs
# the CPUs marked at the snapshot (a cpumask) instead of those still online.
_EXP_IPI_OLD = (
    '\tint left;\n'
    '\n'
    '\tatomic_set(&rcu_state.exp_cpus_remaining, 1);\n'
    '\tthis_cpu = get_cpu();\n'
    '\t/*\n'
    '\t * Each leaf under its lock: the tasks queued there hold this grace\n'
    '\t * period up, and so do the CPUs it marks.  A task preempted in a\n'
    '\t * reader after this is queued under the same lock and sees whether\n'
    '\t * its CPU still owes this grace period a quiescent state\n'
    '\t * (rcu_preempt_queue_task()): then it holds the grace period up too.\n'
    '\t */\n'
    '\trcu_for_each_leaf_node(rnp) {\n'
    '\t\tint n = 0;\n'
    '\n'
    '\t\tspin_lock_irqsave(&rnp->lock, flags);\n'
    '\t\tn += rcu_preempt_exp_init_leaf(rnp);\n'
    '\t\t/*\n'
    "\t\t * Only CPUs online in RCU's view, under the leaf lock that\n"
    '\t\t * rcutree_report_dead() takes to leave it: an outgoing CPU\n'
    '\t\t * is either marked here and reports as it goes, or never\n'
    '\t\t * marked.  Its IPI is then skipped (smp_call_function_single()\n'
    '\t\t * sends none to an offline CPU) or runs before it parks.\n'
    '\t\t */\n'
    '\t\tfor_each_leaf_node_cpu_mask(rnp, cpu, rnp->qsmaskinitnext) {\n'
    '\t\t\tif (cpu == this_cpu)\n'
    '\t\t\t\tcontinue;\t/* we are not in a reader: we may sleep */\n'
    '\t\t\tif (rcu_watching_in_eqs(rcu_watching_snap(cpu)))\n'
    '\t\t\t\tcontinue;\t/* idle: do not disturb */\n'
    '\t\t\tper_cpu(rcu_exp_qs_pending, cpu) = 1;\n'
    '\t\t\tn++;\n'
    '\t\t}\n'
    '\t\tatomic_add(n, &rcu_state.exp_cpus_remaining);\n'
    '\t\tspin_unlock_irqrestore(&rnp->lock, flags);\n'
    '\t\trcu_boost_exp_kick(rnp);\n'
    '\t}\n'
    '\tsmp_mb();\n'
    '\tput_cpu();\n'
    '\t/*\n'
    '\t * A marked CPU may go offline from here on: it answers as it goes\n'
    '\t * (its context switch to the idle task, or rcutree_report_dead()),\n'
    '\t * and the walk below no longer sees it.  A test can take one\n'
    '\t * offline at exactly this point.\n'
    '\t */\n'
    '\trcu_exp_test_hook();\n'
    '\tfor_each_online_cpu(cpu) {\n'
    '\t\tif (cpu != this_cpu && per_cpu(rcu_exp_qs_pending, cpu)) {\n'
    '\t\t\trcu_state.n_exp_ipis++;\n'
    '\t\t\tper_cpu(rcu_data, cpu).n_exp_ipis++;\n'
    '\t\t\tsmp_call_function_single(cpu, rcu_exp_handler, NULL, false);\n'
    '\t\t}\n'
    '\t}\n'
)
_EXP_IPI_NEW = (_EXP_IPI_OLD
                .replace("\tint left;\n", "\tint left;\n\tstatic struct cpumask marked;\n", 1)
                .replace("\tatomic_set(", "\tcpumask_clear(&marked);\n\tatomic_set(", 1)
                .replace("\t\t\tper_cpu(rcu_exp_qs_pending, cpu) = 1;\n",
                         "\t\t\tper_cpu(rcu_exp_qs_pending, cpu) = 1;\n"
                         "\t\t\tcpumask_set_cpu(cpu, &marked);\n", 1)
                .replace("\tfor_each_online_cpu(cpu) {\n"
                         "\t\tif (cpu != this_cpu && per_cpu(rcu_exp_qs_pending, cpu)) {\n",
                         "\tfor_each_cpu(cpu, &marked) {\n\t\t{\n", 1))

MUTANTS = [
    dict(name="queue-never-blocks-gp",
         what="a task preempted while its CPU owes the grace period is not counted",
         file="rcu/tree_preempt.c",
         old="if ((rnp->qsmask & rdp->grpmask) && gp_seq_state(rnp->gp_seq)) {",
         new="if (0) {",
         checks=["torture", "kunit"]),
    dict(name="queue-ignores-qsmask",
         what="every task queued during a grace period holds it up, also after its CPU reported",
         file="rcu/tree_preempt.c",
         old="if ((rnp->qsmask & rdp->grpmask) && gp_seq_state(rnp->gp_seq)) {",
         new="if (gp_seq_state(rnp->gp_seq)) {",
         checks=["kunit"]),
    dict(name="gp-init-forgets-queued",
         what="a grace period starting on a leaf does not count the tasks already queued",
         file="rcu/tree_preempt.c",
         old="WRITE_ONCE(rnp->n_gp_blkd, rnp->n_blkd);",
         new="WRITE_ONCE(rnp->n_gp_blkd, 0);",
         checks=["torture", "kunit"]),
    dict(name="report-ignores-blocked",
         what="a leaf reports up when its CPUs have, whatever its blocked tasks",
         file="rcu/tree.c",
         old="if (rnp->qsmask || rcu_preempt_blocked_readers_cgp(rnp)) {",
         new="if (rnp->qsmask) {",
         checks=["torture-deep"]),
    dict(name="root-done-ignores-blocked",
         what="the grace-period kthread ends a grace period with tasks blocking the root leaf",
         file="rcu/tree.c",
         old="return !READ_ONCE(root->qsmask) && !rcu_preempt_blocked_readers_cgp(root);",
         new="return !READ_ONCE(root->qsmask);",
         checks=["torture", "kunit"]),
    dict(name="dequeue-forgets-gp-count",
         what="the last blocking task's unlock does not report the leaf",
         file="rcu/tree_preempt.c",
         old="report = !rnp->n_gp_blkd && !rnp->qsmask && gp_seq_state(rnp->gp_seq);",
         new="report = false;",
         checks=["torture-deep"]),
    dict(name="exp-init-forgets-queued",
         what="an expedited grace period does not wait for tasks already queued",
         file="rcu/tree_preempt.c",
         old="rnp->n_exp_blkd = rnp->n_blkd;\n\treturn rnp->n_exp_blkd != 0;",
         new="rnp->n_exp_blkd = 0;\n\treturn 0;",
         checks=["torture", "kunit"]),
    dict(name="exp-ipi-reports-in-reader",
         what="the expedited IPI reports a quiescent state for a CPU running a reader",
         file="rcu/tree_exp.c",
         old="return IS_ENABLED(CONFIG_PREEMPT) && !rcu_preempt_depth() &&",
         new="return IS_ENABLED(CONFIG_PREEMPT) &&",
         checks=["torture", "kunit"]),
    dict(name="tick-qs-in-reader",
         what="a tick inside a running reader counts as a quiescent state",
         file="rcu/tree_preempt.c",
         old="\tif (READ_ONCE(t->rcu_read_lock_nesting))\n\t\treturn false;\n\tif (READ_ONCE(t->rcu_read_unlock_special.s)) {",
         new="\tif (READ_ONCE(t->rcu_read_unlock_special.s)) {",
         checks=["torture", "kunit"]),
    dict(name="cond-resched-qs-in-reader",
         what="cond_resched() inside a preemptible reader reports a quiescent state",
         file="rcu/tree.c",
         old="if (IS_ENABLED(CONFIG_PREEMPT_RCU) && (rcu_preempt_depth() || preempt_count()))",
         new="if (IS_ENABLED(CONFIG_PREEMPT_RCU) && preempt_count())",
         checks=["kunit"]),
    dict(name="unlock-not-deferred",
         what="an unlock with interrupts off clears its special bits without dequeuing",
         file="rcu/tree_preempt.c",
         old="\t\tWRITE_ONCE(t->rcu_read_unlock_special.b.deferred_qs, 1);\n\t\tset_need_resched();",
         new="\t\tWRITE_ONCE(t->rcu_read_unlock_special.s, 0);",
         checks=["torture", "kunit"]),
    # Tree SRCU (rcu/srcutree.c, include/linux/srcutree.h), against the
    # srcu suite.  The barrier mutants escape on x86, which never shows
    # the reorderings they allow: the weak-memory checker (tests/wmm)
    # catches them.
    dict(name="srcu-no-flip",
         what="a grace period never flips the index",
         file="rcu/srcutree.c",
         old="\t\t\tWRITE_ONCE(ssp->srcu_ctrp,\n\t\t\t\t   &ssp->sda->srcu_ctrs[srcu_ctr_idx(ssp) ^ 1]);\n",
         new="",
         checks=["srcu"]),
    dict(name="srcu-one-index",
         what="a grace period does not drain the inactive index before flipping",
         file="rcu/srcutree.c",
         old='\t\t\tret = srcu_scan(ssp, srcu_ctr_idx(ssp) ^ 1);\n\t\t\tif (ret == SRCU_SCAN_BARRIER)\n\t\t\t\treturn SRCU_WAIT;\n\t\t\tif (ret == SRCU_SCAN_BUSY)\n\t\t\t\treturn srcu_busy(ssp);\n\t\t\tssp->srcu_phase = SRCU_PH_FLIP;',
         new="\t\t\tssp->srcu_phase = SRCU_PH_FLIP;",
         checks=["srcu"]),
    dict(name="srcu-scan-new-index",
         what="after the flip the grace period drains the new index, not the old",
         file="rcu/srcutree.c",
         old='\t\t\tret = srcu_scan(ssp, srcu_ctr_idx(ssp) ^ 1);\n\t\t\tif (ret == SRCU_SCAN_BARRIER)\n\t\t\t\treturn SRCU_WAIT;\n\t\t\tif (ret == SRCU_SCAN_BUSY)\n\t\t\t\treturn srcu_busy(ssp);\n\t\t\tssp->srcu_phase = SRCU_PH_END;',
         new='\t\t\tret = srcu_scan(ssp, srcu_ctr_idx(ssp));\n\t\t\tif (ret == SRCU_SCAN_BARRIER)\n\t\t\t\treturn SRCU_WAIT;\n\t\t\tif (ret == SRCU_SCAN_BUSY)\n\t\t\t\treturn srcu_busy(ssp);\n\t\t\tssp->srcu_phase = SRCU_PH_END;',
         checks=["srcu"]),
    dict(name="srcu-unlock-wrong-index",
         what="srcu_read_unlock() counts itself in the other index",
         file="include/linux/srcutree.h",
         old="this_cpu_inc(ssp->sda->srcu_ctrs[idx].srcu_unlocks);",
         new="this_cpu_inc(ssp->sda->srcu_ctrs[idx ^ 1].srcu_unlocks);",
         checks=["srcu"]),
    dict(name="srcu-scan-locks-only",
         what="a scan sums the lock counts twice instead of unlocks then locks",
         file="rcu/srcutree.c",
         old="\t\tssp->srcu_scan_unlocks = srcu_sum_unlocks(ssp, idx);",
         new="\t\tssp->srcu_scan_unlocks = srcu_sum_locks(ssp, idx);",
         checks=["srcu"]),
    dict(name="srcu-snap-current-gp",
         what="a request arriving during a grace period is satisfied by that grace period",
         file="rcu/srcutree.c",
         old="unsigned long s = gp_seq_snap_val(ssp->srcu_gp_seq);",
         new="unsigned long s = gp_seq_endval(ssp->srcu_gp_seq);",
         checks=["srcu"]),
    dict(name="srcu-no-batching",
         what="each request asks for a grace period after every one already requested",
         file="rcu/srcutree.c",
         old="unsigned long s = gp_seq_snap_val(ssp->srcu_gp_seq);",
         new="unsigned long s = gp_seq_snap_val(ssp->srcu_gp_seq_needed);",
         checks=["srcu"]),
    dict(name="srcu-barrier-no-wait",
         what="srcu_barrier() does not wait for the callbacks it queued",
         file="rcu/srcutree.c",
         old="\tif (!atomic_dec_and_test(&ssp->srcu_barrier_cpu_cnt))\n\t\twait_for_completion(&ssp->srcu_barrier_done);",
         new="\tatomic_dec(&ssp->srcu_barrier_cpu_cnt);",
         checks=["srcu"]),
    dict(name="srcu-poll-cookie-now",
         what="get_state_synchronize_srcu() returns the current sequence number",
         file="rcu/srcutree.c",
         old="\ts = gp_seq_snap_val(ssp->srcu_gp_seq);\n\tspin_unlock_irqrestore(&ssp->lock, flags);",
         new="\ts = ssp->srcu_gp_seq;\n\tspin_unlock_irqrestore(&ssp->lock, flags);",
         checks=["srcu"]),
    dict(name="srcu-cleanup-no-wait",
         what="cleanup_srcu_struct() frees a domain the grace-period kthread still works on",
         file="rcu/srcutree.c",
         old="\t\tif (!held)\n\t\t\tbreak;\n",
         new="\t\tbreak;\n",
         checks=["srcu"],
         escapes="the kthread lets go of a domain microseconds after waking its last waiter: a race no test hits reliably"),
    dict(name="srcu-held-any-lock",
         what="srcu_read_lock_held() is true in any reader or lock",
         file="rcu/srcu_prove.c",
         old="\treturn lock_is_held(&ssp->dep_map);\n}",
         new="\treturn current->lockdep_depth > 0;\n}",
         checks=["srcu"]),
    dict(name="srcu-no-repair",
         what="an unlock with the wrong index is reported but not repaired",
         file="rcu/srcu_prove.c",
         old="\t\treturn (int)held;",
         new="\t\treturn idx;",
         checks=["srcu"]),
    dict(name="srcu-no-barrier-A",
         what="no barrier between a scan's unlock and lock sums",
         file="rcu/srcutree.c",
         old="\tif (!srcu_mb_point(ssp))\t/* A: pairs with B and C */\n\t\treturn SRCU_SCAN_BARRIER;\n",
         new="",
         checks=["wmm"]),
    dict(name="srcu-no-barrier-B",
         what="no barrier after a reader's lock increment",
         file="include/linux/srcutree.h",
         old="smp_mb();\t/* B: pairs with E */",
         new="barrier();",
         checks=["wmm"]),
    dict(name="srcu-no-barrier-C",
         what="no barrier before a reader's unlock increment",
         file="include/linux/srcutree.h",
         old="smp_mb();\t/* C: pairs with D and A */",
         new="barrier();",
         checks=["wmm"]),
    dict(name="srcu-no-barrier-D",
         what="no barrier between the last scan and the end of the grace period",
         file="rcu/srcutree.c",
         old="\t\t\tif (!srcu_mb_point(ssp))\t/* D: pairs with C */\n\t\t\t\treturn SRCU_WAIT;\n",
         new="",
         checks=["wmm"],
         escapes="redundant with A: the last scan's A comes after its unlock sum, so it already orders the unlocks it counted (and the critical sections before them) before the report"),
    dict(name="srcu-no-barrier-E",
         what="no barrier between the start of a grace period and its first scan",
         file="rcu/srcutree.c",
         old="\t\t\tif (!srcu_mb_point(ssp))\t/* E: pairs with B */\n\t\t\t\treturn SRCU_WAIT;\n",
         new="",
         checks=["wmm"],
         escapes="redundant with A: the first scan's A comes before its lock sum, so it already orders the grace period's start before every lock count it reads"),
    dict(name="srcu-fast-no-rcu-gp",
         what="a domain with fast readers uses plain barriers instead of RCU grace periods",
         file="rcu/srcutree.c",
         old="\tif (!READ_ONCE(ssp->srcu_fast))\n\t\treturn true;",
         new="\treturn true;",
         checks=["wmm"]),
    # Tiny SRCU (rcu/srcutiny.c, include/linux/srcutiny.h), against the
    # srcutiny suite and the srcu suite on the tiny build.
    dict(name="srcutiny-ignore-readers",
         what="a grace period ends right after the flip, whatever the old index's readers",
         file="rcu/srcutiny.c",
         old="\tif (READ_ONCE(ssp->srcu_ctrs[!ssp->srcu_idx].srcu_readers))\n\t\tgoto out;\n",
         new="",
         checks=["srcutiny", "srcu-tiny"]),
    dict(name="srcutiny-kthread-waits",
         what="the grace-period kthread sleeps until a domain's readers leave",
         file="rcu/srcutiny.c",
         old="\tif (READ_ONCE(ssp->srcu_ctrs[!ssp->srcu_idx].srcu_readers))\n\t\tgoto out;\n",
         new="\twhile (READ_ONCE(ssp->srcu_ctrs[!ssp->srcu_idx].srcu_readers)) {\n\t\tspin_unlock_irq(&srcu_lock);\n\t\tschedule_timeout_uninterruptible(1);\n\t\tspin_lock_irq(&srcu_lock);\n\t}\n",
         checks=["srcutiny", "srcu-tiny"]),
    dict(name="srcutiny-cbs-bh-on",
         what="callbacks run with bottom halves enabled",
         file="rcu/srcutiny.c",
         old="\tlocal_bh_disable();\n\tfor (; cbs; cbs = next) {\n\t\tnext = cbs->next;\n\t\trcu_head_debug_unqueue(cbs);\n\t\tcbs->func(cbs);\n\t}\n\tlocal_bh_enable();\n",
         new="\tfor (; cbs; cbs = next) {\n\t\tnext = cbs->next;\n\t\trcu_head_debug_unqueue(cbs);\n\t\tcbs->func(cbs);\n\t}\n",
         checks=["srcutiny"]),
    dict(name="srcutiny-cbs-rescan",
         what="callbacks queued while callbacks run are invoked in the same pass",
         file="rcu/srcutiny.c",
         old="\tfor (; cbs; cbs = next) {\n\t\tnext = cbs->next;\n\t\trcu_head_debug_unqueue(cbs);\n\t\tcbs->func(cbs);\n\t}\n",
         new="\tfor (; cbs; cbs = next) {\n\t\tnext = cbs->next;\n\t\trcu_head_debug_unqueue(cbs);\n\t\tcbs->func(cbs);\n\t\tif (!next) {\n\t\t\tspin_lock_irq(&srcu_lock);\n\t\t\tnext = ssp->srcu_cb_head;\n\t\t\tssp->srcu_cb_head = NULL;\n\t\t\tssp->srcu_cb_tail = &ssp->srcu_cb_head;\n\t\t\tspin_unlock_irq(&srcu_lock);\n\t\t}\n\t}\n",
         checks=["srcutiny"]),
    dict(name="srcutiny-get-state-starts-gp",
         what="get_state_synchronize_srcu() requests the grace period it names",
         file="rcu/srcutiny.c",
         old="\tbarrier();\t/* the caller's updates before the snapshot */\n\treturn gp_seq_snap_val(READ_ONCE(ssp->srcu_gp_seq));",
         new="\treturn srcu_request(ssp);",
         checks=["srcutiny"]),
    dict(name="srcutiny-fast-unlock-current",
         what="srcu_read_unlock_fast() counts itself out of the current index",
         file="include/linux/srcutiny.h",
         old="__srcu_read_unlock(ssp, (struct srcu_ctr __force *)scp - ssp->srcu_ctrs);",
         new="__srcu_read_unlock(ssp, READ_ONCE(ssp->srcu_idx));",
         checks=["srcutiny", "srcu-tiny"]),
    dict(name="srcutiny-cleanup-ignores-readers",
         what="cleanup_srcu_struct() goes ahead with readers inside",
         file="rcu/srcutiny.c",
         old="\telse if (READ_ONCE(ssp->srcu_ctrs[0].srcu_readers) ||\n\t\t READ_ONCE(ssp->srcu_ctrs[1].srcu_readers))\n\t\twhy = \"readers active\";\n",
         new="",
         checks=["srcutiny", "srcu-tiny"]),
    # SRCU notifier chains (kernel/notifier/notifier.c), against the
    # notifier suite.
    dict(name="notifier-srcu-unregister-no-sync",
         what="srcu_notifier_chain_unregister() does not wait for callers",
         file="kernel/notifier/notifier.c",
         old="\tmutex_unlock(&nh->mutex);\n\tsynchronize_srcu(&nh->srcu);\n",
         new="\tmutex_unlock(&nh->mutex);\n",
         checks=["notifier"]),
    dict(name="notifier-srcu-call-no-reader",
         what="srcu_notifier_call_chain() walks the chain outside an SRCU reader",
         file="kernel/notifier/notifier.c",
         old="\tidx = srcu_read_lock(&nh->srcu);\n\tret = notifier_call_chain(&nh->head, val, v);\n\tsrcu_read_unlock(&nh->srcu, idx);\n",
         new="\tidx = 0;\n\tret = notifier_call_chain(&nh->head, val, v) + idx;\n",
         checks=["notifier"]),
    # CPU hotplug (kernel/cpu.c, rcu/tree_hotplug.c and the subsystems'
    # hotplug callbacks), against the cpu_hotplug and rcu_hotplug suites.
    dict(name="hotplug-teardown-in-bringup-order",
         what="hotplug teardown callbacks run in bring-up order",
         file="kernel/cpu.c",
         old="\tfor (int st = from; st > to; st--) {\n\t\tint ret = cpuhp_invoke(cpu, st, false);\n\n\t\tif (ret)\n\t\t\treturn ret;\n\t\tWRITE_ONCE(per_cpu(cpuhp_state, cpu), st - 1);\n\t}",
         new="\tfor (int st = to + 1; st <= from; st++) {\n\t\tint ret = cpuhp_invoke(cpu, st, false);\n\n\t\tif (ret)\n\t\t\treturn ret;\n\t}\n\tWRITE_ONCE(per_cpu(cpuhp_state, cpu), to);",
         checks=["hotplug"]),
    dict(name="hotplug-timers-stay",
         what="an offline CPU's pending timers are not moved",
         file="kernel/time/timer.c",
         old="\tunsigned long n = 0;\n\n\tlocal_irq_disable();\n\tnew = this_cpu_ptr(&timer_bases);",
         new="\tunsigned long n = 0;\n\n\treturn 0;\n\tlocal_irq_disable();\n\tnew = this_cpu_ptr(&timer_bases);",
         checks=["hotplug"]),
    dict(name="hotplug-outgoing-not-reported",
         what="an outgoing CPU does not report the quiescent state the grace period waits for",
         file="rcu/tree_hotplug.c",
         old="\tif (rnp->qsmask & mask) {",
         new="\tif (0 && (rnp->qsmask & mask)) {",
         checks=["hotplug"]),
    dict(name="hotplug-callbacks-stranded",
         what="an offline CPU's callbacks are not moved to a surviving CPU",
         file="rcu/tree_hotplug.c",
         old="\tif (rcu_segcblist_empty(&rdp->cblist))\n\t\treturn 0;",
         new="\tif (1)\n\t\treturn 0;",
         checks=["hotplug"]),
    dict(name="hotplug-offline-not-eqs",
         what="an offline CPU's dyntick counter stays odd",
         file="rcu/tree_nohz.c",
         old="\tWARN_ON_ONCE(!(atomic64_read(&w->watching) & 1));\n\twatching_inc(w);",
         new="\tWARN_ON_ONCE(!(atomic64_read(&w->watching) & 1));",
         checks=["hotplug"]),
    dict(name="hotplug-kfree-array-stranded",
         what="an outgoing CPU's kfree_rcu() array is not handed to RCU",
         file="rcu/kvfree_rcu.c",
         old="\tdel_timer(&krc->monitor);\n\tkvfree_flush_local(krc, false);",
         new="\tdel_timer(&krc->monitor);",
         checks=["hotplug"]),
    dict(name="hotplug-empty-leaf-ignores-blocked",
         what="a leaf whose CPUs are all offline leaves the grace period with readers queued on it",
         file="rcu/tree.c",
         old="(rnp->qsmaskinit || rcu_preempt_has_tasks(rnp))",
         new="(rnp->qsmaskinit)",
         checks=["hotplug"]),
    dict(name="hotplug-exp-not-answered",
         what="an outgoing CPU does not answer the expedited grace period it owes",
         file="rcu/tree_hotplug.c",
         old="\tspin_lock_irqsave(&rnp->lock, flags);\n\trcu_exp_note_qs();\n",
         new="\tspin_lock_irqsave(&rnp->lock, flags);\n",
         checks=["hotplug"]),
    dict(name="hotplug-softirq-dropped",
         what="a dead CPU's pending softirqs are cleared but not raised on the CPU that took it down",
         file="kernel/softirq/softirq.c",
         old="\tif (pending) {\n\t\tthis_cpu_write(__softirq_pending, local_softirq_pending() | pending);",
         new="\tif (0 && pending) {\n\t\tthis_cpu_write(__softirq_pending, local_softirq_pending() | pending);",
         checks=["hotplug"]),
    dict(name="hotplug-barrier-not-adopted",
         what="rcu_barrier() does not cover the callbacks of a CPU that died before its visit",
         file="rcu/tree_hotplug.c",
         old="\trcu_barrier_dead_cpu(cpu);\n",
         new="",
         checks=["hotplug"]),
    dict(name="hotplug-never-started-refused",
         what="add_cpu() refuses a CPU that was not started at boot",
         file="kernel/arch/smp.c",
         old="\treturn cpu > 0 && cpu < nr_cpus_detected;",
         new="\treturn cpu_info[cpu].started;",
         checks=["hotplug-maxcpus"]),
    dict(name="hotplug-stall-lists-gp-start-cpus",
         what="a stall warning lists the CPUs the grace period started with, offline ones too",
         file="rcu/tree_stall.c",
         old="\t\tunsigned long mask = READ_ONCE(rnp->qsmask);\n\n\t\tfor_each_leaf_node_cpu_mask(rnp, cpu, mask) {\n\t\t\tstruct rcu_data",
         new="\t\tunsigned long mask = READ_ONCE(rnp->qsmaskinit);\n\n\t\tfor_each_leaf_node_cpu_mask(rnp, cpu, mask) {\n\t\t\tstruct rcu_data",
         checks=["hotplug"]),
    dict(name="hotplug-exp-ipi-snapshot",
         what="expedited IPIs go to the CPUs marked at the snapshot, offline ones too",
         file="rcu/tree_exp.c",
         old=_EXP_IPI_OLD,
         new=_EXP_IPI_NEW,
         checks=["hotplug"]),
    dict(name="rhash-grow-publish-early",
         what="a doubled bucket array is published before its buckets point into the old chains",
         file="lib/rhashtable.c",
         old="\trht_build_stripes(ht, old, fut);\n\trcu_assign_pointer(ht->tbl, fut);",
         new="\tif (grow)\n\t\trcu_assign_pointer(ht->tbl, fut);\n"
             "\trht_build_stripes(ht, old, fut);\n\trcu_assign_pointer(ht->tbl, fut);",
         checks=["rhashtorture", "rhashtable"]),
    dict(name="rhash-shrink-publish-early",
         what="a halved bucket array is published before the chains it joins are linked",
         file="lib/rhashtable.c",
         old="\trht_build_stripes(ht, old, fut);\n\trcu_assign_pointer(ht->tbl, fut);",
         new="\tif (!grow)\n\t\trcu_assign_pointer(ht->tbl, fut);\n"
             "\trht_build_stripes(ht, old, fut);\n\trcu_assign_pointer(ht->tbl, fut);",
         checks=["rhashtorture", "rhashtable"]),
    dict(name="rhash-unzip-no-gp",
         what="unzip passes follow each other without a grace period",
         file="lib/rhashtable.c",
         old="\t\tht->nr_unzip_passes++;\n\t\t/* A reader sees at most one moved pointer per pair. */\n"
             "\t\tsynchronize_rcu();",
         new="\t\tht->nr_unzip_passes++;",
         checks=["rhashtorture"]),
    dict(name="pid-task-freed-at-once",
         what="a task is freed as soon as its last reference goes, under pid lookups",
         file="kernel/sched/core.c",
         old="\tcall_rcu(&t->rcu, delayed_free_task);",
         new="\tdelayed_free_task(&t->rcu);",
         checks=["pid"]),
    dict(name="slab-typesafe-page-freed-at-once",
         what="an empty typesafe slab goes back to the page allocator without a grace period",
         file="kernel/mm/slab.c",
         old="\t\tif (s->flags & SLAB_TYPESAFE_BY_RCU) {",
         new="\t\tif (0) {",
         checks=["slab_typesafe"]),
    dict(name="slab-typesafe-poison-all",
         what="debug poisoning of a freed typesafe object overwrites the fields readers check",
         file="kernel/mm/slab.c",
         old="\t\tmemset((char *)obj + s->keep, POISON_FREE, s->size - s->keep);",
         new="\t\tmemset(obj, POISON_FREE, s->size);",
         checks=["slab_typesafe"]),
]
