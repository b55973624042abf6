#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Read the serial logs of "make bench" (tests/bench/bench.sh) for rcuos and
Linux, print the comparison table, write the grace-period latency data and
plot it with gnuplot, and optionally rewrite BENCHMARKS.md.  A second table
compares the preemptible builds (refscale and rcuscale only); a pair of
kernels without logs leaves its part of BENCHMARKS.md as it was.

One parser for both kernels: rcuos's refscale and rcuscale print Linux's
lines, and rcuos's "test rcu_batch" / "rcuqoi flood" / "rcuqoi idle" print
the same lines as linux/bench/rcubench.c.  The parsing follows Linux's
tools/testing/selftests/rcutorture/bin/kvm-recheck-refscale.sh and
kvm-recheck-rcuscale.sh: strip the "[ time]" prefix; refscale figures are
the lines "RUN<TAB>NS.FRAC" after "Runs<TAB>Time(ns)"; rcuscale figures are
field 5 (ns) of the "writer-duration:" lines.
"""
import argparse
import datetime
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys

TS = re.compile(r'^\[[^\]]*\]')


def lines_of(path):
    if not os.path.exists(path):
        return []
    with open(path, errors='replace') as f:
        return [TS.sub('', l.rstrip('\r\n')) for l in f]


def refscale(lines, scale_type='rcu'):
    """Per-run ns per read section, from the "Runs Time(ns)" tables of the
    runs of @scale_type (a run starts with "TYPE-ref-scale: --- Start")."""
    out, on, cur = [], False, None
    for l in lines:
        m = re.search(r'(\S+)-ref-scale: --- Start of test', l)
        if m:
            cur = m.group(1)
            continue
        if re.match(r'^[ \t]*Runs\tTime\(ns\) *$', l):
            on = cur == scale_type
            continue
        m = re.match(r'^[ \t]*(\d+)\t(\d+\.\d+)\s*$', l)
        if on and m:
            out.append(float(m.group(2)))
        elif on and l.strip():
            on = False
    return out


def rcuscale(lines, scale_type='rcu'):
    """The runs of @scale_type keyed by gp_exp: {'durations_us': [...], 'gps': n,
    'batches': n} (a run starts with "TYPE-scale:--- Start of test")."""
    runs, cur = {}, None
    for l in lines:
        m = re.search(r'(\S+)-scale: ?--- Start of test: .*gp_exp=(\d+)', l)
        if m:
            cur = None
            if m.group(1) == scale_type:
                cur = runs.setdefault(int(m.group(2)), {'durations_us': [], 'gps': None,
                                                        'batches': None})
            continue
        if cur is None:
            continue
        f = l.split()
        if '-scale:' in l and 'writer-duration:' in l and len(f) >= 5:
            cur['durations_us'].append(int(f[4]) / 1000.0)
            continue
        m = re.search(r'-scale: ?start: \d+ end: \d+ duration: (\d+) gps: (\d+) batches: (-?\d+)', l)
        if m:
            cur['gps'], cur['batches'] = int(m.group(2)), int(m.group(3))
    return runs


FLOOD_RE = r'# flood: (\d+) CPUs, (\d+) ms: (\d+) callbacks queued, (\d+) invoked, (\d+) per second'


def first(lines, pattern):
    for l in lines:
        m = re.search(pattern, l)
        if m:
            return m
    return None


def pct(sorted_vals, p):
    """The kvm-recheck-rcuscale.sh percentile: element int(n*p/100), 1-based."""
    if not sorted_vals:
        return None
    i = max(int(len(sorted_vals) * p / 100), 1)
    return sorted_vals[i - 1]


def figures(lines_main, lines_by_test):
    """All figures of one kernel.  lines_by_test maps test -> lines (Linux
    boots once per test); for rcuos every test is in lines_main."""
    get = lambda t: lines_by_test.get(t, lines_main)
    fig = {}
    # scale_type, key prefix, Linux's boot names (test prefix)
    for typ, key, test in (('rcu', '', ''), ('srcu', 'srcu_', 'srcu-'),
                           ('srcu_fast', 'srcu_fast_', 'srcu_fast-')):
        rs = refscale(get(test + 'refscale'), typ)
        if rs:
            fig[key + 'ref_median'] = statistics.median(rs)
            fig[key + 'ref_mean'] = statistics.mean(rs)
        runs = {}
        runs.update(rcuscale(get(test + 'rcuscale'), typ))
        for k, v in rcuscale(get(test + 'rcuscale-exp'), typ).items():
            runs.setdefault(k, v)
        for exp, name in ((0, 'gp'), (1, 'exp')):
            r = runs.get(exp)
            if not r or not r['durations_us']:
                continue
            d = sorted(r['durations_us'])
            name = key + name
            fig[name + '_durations'] = d
            fig[name + '_median'] = pct(d, 50)
            fig[name + '_p90'] = pct(d, 90)
            fig[name + '_p99'] = pct(d, 99)
            fig[name + '_mean'] = statistics.mean(d)
            fig[name + '_n'] = len(d)
            if r['gps'] and r['batches'] is not None:
                fig[name + '_per_batch'] = r['gps'] / max(r['batches'], 1)
    b = get('rcubench')
    m = first(b, r'# rcu_batch: (\d+) synchronize_rcu\(\) callers, (\d+) grace periods '
                 r'\(all called within (\d+) us, all returned within (\d+) us\)')
    if m:
        fig['batch_callers'] = int(m.group(1))
        fig['batch_gps'] = int(m.group(2))
        fig['batch_ms'] = int(m.group(4)) / 1000.0
    m = first(b, FLOOD_RE)
    if m:
        fig['flood_rate'] = int(m.group(5))
        fig['flood_secs'] = int(m.group(2)) / 1000.0
    m = first(b, r'# peak backlog (\d+) .*peak memory (\d+) KiB')
    if m:
        fig['flood_backlog'] = int(m.group(1))
        fig['flood_kib'] = int(m.group(2))
    series = []
    for line in b:
        m = re.search(r'# backlog:((?: \d+:\d+)+)\s*$', line)
        if m:
            series += [tuple(int(x) for x in p.split(':')) for p in m.group(1).split()]
    if series:
        fig['flood_series'] = series
    for phase in ('before', 'during'):
        m = first(b, r'# reader sections %s the flood: (\d+); ns p50 (\d+), p99 (\d+), '
                     r'p99\.9 (\d+), p99\.99 (\d+), max (\d+)' % phase)
        if m:
            for i, k in enumerate(('p50', 'p99', 'p999', 'p9999', 'max'), 2):
                fig['rd_%s_%s' % (phase, k)] = int(m.group(i))
    m = first(b, r'# (\d+) grace periods waited for on CPU 0 in (\d+) s')
    if m:
        fig['idle_gps'] = int(m.group(1))
        fig['idle_secs'] = int(m.group(2))
    m = first(b, r'# (\d+) idle CPUs: (\d+) ticks, (\d+) wake-ups, (\d+) IPIs in total')
    if m:
        fig['idle_cpus'] = int(m.group(1))
        fig['idle_ticks'] = int(m.group(2))
        fig['idle_wakeups'] = int(m.group(3))
        fig['idle_ipis'] = int(m.group(4))
    for line in get('rhashbench'):
        m = re.search(r'rhashbench: cpus=(\d+) keys=\d+ buckets=\d+ rcu=(\d+) '
                      r'rwlock=(\d+) ratio=([\d.]+)', line)
        if m:
            n = m.group(1)
            fig['rhash_rcu_' + n] = int(m.group(2))
            fig['rhash_rwlock_' + n] = int(m.group(3))
            fig['rhash_ratio_' + n] = float(m.group(4))
    return fig


def kfree_figures(fig, lines, vcpus):
    """kfreebench's "<mode>: n=N cpus=P ... total_ms=T ... peak_kib=K
    callbacks=C" lines of a boot on @vcpus vCPUs (one producer, then one
    per CPU: tests/bench/bench.sh), several runs of each: the median."""
    runs = {}
    for line in lines:
        m = re.search(r'(kfree_rcu|call_rcu): n=\d+ cpus=(\d+) .*total_ms=(\d+) .*'
                      r'peak_kib=(\d+) callbacks=(\d+)', line)
        if m:
            key = 'kfree_%d_%s_%s_' % (vcpus, 'one' if m.group(2) == '1' else 'all', m.group(1))
            for suffix, val in (('ms', m.group(3)), ('kib', m.group(4)), ('cbs', m.group(5))):
                runs.setdefault(key + suffix, []).append(int(val))
    for key, vals in runs.items():
        fig[key] = int(statistics.median_low(vals))


def kconfig(path):
    cfg = {}
    if os.path.exists(path):
        for l in open(path):
            m = re.match(r'^CONFIG_(\w+)=(.*)$', l.strip())
            if m:
                cfg[m.group(1)] = m.group(2).strip('"')
    return cfg


def describe(cfg, kernel, preemptible=False):
    yn = lambda k: 'on' if cfg.get(k) == 'y' else 'off'
    if kernel == 'linux':
        preempt = ('none' if cfg.get('PREEMPT_NONE') == 'y' else
                   'voluntary' if cfg.get('PREEMPT_VOLUNTARY') == 'y' else
                   'full' if cfg.get('PREEMPT') == 'y' else '?')
        return ('tinyconfig + linux/bench/bench.fragment%s: HZ=%s, preemption %s, '
                'PREEMPT_RCU %s, RCU_BOOST %s, NO_HZ_IDLE %s, lockdep %s, PROVE_RCU %s, '
                'DEBUG_OBJECTS %s, NR_CPUS=%s'
                % (' + linux/bench/bench-preempt.fragment' if preemptible else '',
                   cfg.get('HZ', '?'), preempt, yn('PREEMPT_RCU'), yn('RCU_BOOST'),
                   yn('NO_HZ_IDLE'), yn('PROVE_LOCKING'),
                   yn('PROVE_RCU'), yn('DEBUG_OBJECTS'), cfg.get('NR_CPUS', '?')))
    return ('configs/%s: HZ=%s, preemption %s, PREEMPT_RCU %s, RCU_BOOST %s, NO_HZ_IDLE %s, '
            'lockdep %s, PROVE_RCU %s, DEBUG_OBJECTS_RCU_HEAD %s, DEBUG_KMALLOC %s, NR_CPUS=%s, '
            'RCU_FANOUT=%s/LEAF=%s'
            % ('bench_preempt_defconfig' if preemptible else 'bench_defconfig',
               cfg.get('HZ', '?'), 'full' if cfg.get('PREEMPT') == 'y' else 'none',
               yn('PREEMPT_RCU'), yn('RCU_BOOST'),
               yn('NO_HZ_IDLE'), yn('PROVE_LOCKING'), yn('PROVE_RCU'),
               yn('DEBUG_OBJECTS_RCU_HEAD'), yn('DEBUG_KMALLOC'), cfg.get('NR_CPUS', '?'),
               cfg.get('RCU_FANOUT', '?'), cfg.get('RCU_FANOUT_LEAF', '?')))


def fmt(v, nd):
    if v is None:
        return 'n/a'
    if isinstance(v, int) or nd == 0:
        return '{:,}'.format(int(round(v)))
    return '%.*f' % (nd, v)


def ratio(a, b):
    if a is None or b is None:
        return 'n/a'
    if b == 0:
        return 'n/a (Linux 0)' if a else '1 (both 0)'
    return '%.2f' % (a / b)


# rhashbench runs in one boot per vCPU count (tests/bench/bench.sh).
RHASH_VCPUS = (1, 4, 8)
# kfreebench: one boot per vCPU count, one producer and one per CPU.
KFREE_VCPUS = (4, 8)

ROWS = [
    # key, label, digits
    ('ref_median', 'refscale rcu: read-side ns per lock/unlock pair (median of runs)', 3),
    ('ref_mean', 'refscale rcu: read-side ns per pair (mean of runs)', 3),
    ('gp_median', 'rcuscale: synchronize_rcu() latency, median (us)', 0),
    ('gp_p90', 'rcuscale: synchronize_rcu() latency, 90th percentile (us)', 0),
    ('gp_p99', 'rcuscale: synchronize_rcu() latency, 99th percentile (us)', 0),
    ('gp_mean', 'rcuscale: synchronize_rcu() latency, mean (us)', 0),
    ('gp_per_batch', 'rcuscale: synchronize_rcu() calls per grace period', 2),
    ('exp_median', 'rcuscale: synchronize_rcu_expedited() latency, median (us)', 0),
    ('exp_p90', 'rcuscale: synchronize_rcu_expedited() latency, 90th percentile (us)', 0),
    ('exp_p99', 'rcuscale: synchronize_rcu_expedited() latency, 99th percentile (us)', 0),
    ('exp_mean', 'rcuscale: synchronize_rcu_expedited() latency, mean (us)', 0),
    ('exp_per_batch', 'rcuscale: synchronize_rcu_expedited() calls per expedited GP', 2),
    ('batch_gps', 'batching: grace periods for 2000 concurrent synchronize_rcu()', 0),
    ('batch_ms', 'batching: until all 2000 returned (ms)', 0),
    ('flood_rate', 'flood: call_rcu() callbacks queued (and invoked) per second', 0),
    ('flood_icount_rate', 'flood under `-icount` (instructions as time): callbacks per second', 0),
    ('flood_median_rate', 'floods in a boot of their own: callbacks per second, the median run', 0),
    ('flood_backlog', 'flood: peak backlog (callbacks queued, not yet invoked)', 0),
    ('flood_kib', 'flood: peak memory (KiB)', 0),
    ('rd_before_p99', 'flood: reader section before the flood, 99th percentile (ns)', 0),
    ('rd_during_p99', 'flood: reader section during the flood, 99th percentile (ns)', 0),
    ('rd_before_p999', 'flood: reader section before the flood, 99.9th percentile (ns)', 0),
    ('rd_during_p999', 'flood: reader section during the flood, 99.9th percentile (ns)', 0),
    ('rd_before_p9999', 'flood: reader section before the flood, 99.99th percentile (ns)', 0),
    ('rd_during_p9999', 'flood: reader section during the flood, 99.99th percentile (ns)', 0),
    ('idle_ticks', 'idle: scheduling-clock ticks on the idle CPUs (total)', 0),
    ('idle_wakeups', 'idle: wake-ups (interrupts + IPIs) on the idle CPUs (total)', 0),
    ('idle_ipis', 'idle: IPIs to the idle CPUs (total)', 0),
    ('srcu_ref_median', 'refscale srcu: read-side ns per srcu_read_lock()/srcu_read_unlock() pair (median of runs)', 3),
    ('srcu_fast_ref_median', 'refscale srcu_fast: read-side ns per srcu_read_lock_fast()/srcu_read_unlock_fast() pair (median of runs; not in Linux 6.12)', 3),
    ('srcu_gp_median', 'rcuscale srcu: synchronize_srcu() latency, median (us)', 0),
    ('srcu_gp_p99', 'rcuscale srcu: synchronize_srcu() latency, 99th percentile (us)', 0),
    ('srcu_gp_per_batch', 'rcuscale srcu: synchronize_srcu() calls per grace period', 2),
    ('srcu_exp_median', 'rcuscale srcu: synchronize_srcu_expedited() latency, median (us)', 0),
    ('srcu_exp_p99', 'rcuscale srcu: synchronize_srcu_expedited() latency, 99th percentile (us)', 0),
    ('srcu_fast_gp_median', 'rcuscale srcu_fast: synchronize_srcu() latency, fast-reader domain, median (us; not in Linux 6.12)', 0),
] + [row for n in RHASH_VCPUS for row in (
    ('rhash_rcu_%d' % n, 'rhashbench, %d vCPU(s): RCU hash table lookups per second per CPU (rcuos only)' % n, 0),
    ('rhash_rwlock_%d' % n, 'rhashbench, %d vCPU(s): same table under a reader-writer lock, lookups per second per CPU (rcuos only)' % n, 0),
    ('rhash_ratio_%d' % n, 'rhashbench, %d vCPU(s): RCU / reader-writer lock (rcuos only)' % n, 2))
] + [row for n in KFREE_VCPUS for who, what in (('one', '1 producer'), ('all', 'a producer per CPU'))
     for row in (
    ('kfree_%d_%s_kfree_rcu_ms' % (n, who), 'kfreebench, %d vCPUs, %s: kfree_rcu() of 1,000,000 objects (ms, rcuos only)' % (n, what), 0),
    ('kfree_%d_%s_call_rcu_ms' % (n, who), 'kfreebench, %d vCPUs, %s: call_rcu() + kfree() (ms, rcuos only)' % (n, what), 0),
    ('kfree_%d_%s_kfree_rcu_kib' % (n, who), 'kfreebench, %d vCPUs, %s: kfree_rcu() peak memory (KiB, rcuos only)' % (n, what), 0),
    ('kfree_%d_%s_call_rcu_kib' % (n, who), 'kfreebench, %d vCPUs, %s: call_rcu() + kfree() peak memory (KiB, rcuos only)' % (n, what), 0),
    ('kfree_%d_%s_kfree_rcu_cbs' % (n, who), 'kfreebench, %d vCPUs, %s: kfree_rcu() callbacks (rcuos only)' % (n, what), 0))]

# Rows Linux 6.12 has no figure for: srcu_read_lock_fast() came later.
LINUX_LACKS = ('srcu_fast_', 'rhash_', 'kfree_')


# The preemptible pair runs only refscale and rcuscale.
PREEMPT_ROWS = [r for r in ROWS if r[0].startswith(('ref_', 'gp_', 'exp_'))]


def table(fr, fl, rows=ROWS):
    out = ['| figure | rcuos | Linux | rcuos / Linux |', '|---|---:|---:|---:|']
    for key, label, nd in rows:
        a, b = fr.get(key), fl.get(key)
        out.append('| %s | %s | %s | %s |' % (label, fmt(a, nd), fmt(b, nd), ratio(a, b)))
    return '\n'.join(out)


def write_cdf(path, vals):
    with open(path, 'w') as f:
        n = len(vals)
        for i, v in enumerate(vals):
            f.write('%.3f %.5f\n' % (v / 1000.0, (i + 1) / n))


def plot(out, fr, fl, png):
    data = os.path.join(out, 'data')
    os.makedirs(data, exist_ok=True)
    have = []
    for who, fig in (('rcuos', fr), ('linux', fl)):
        for kind in ('gp', 'exp'):
            d = fig.get(kind + '_durations')
            p = os.path.join(data, '%s-%s.dat' % (who, kind))
            if d:
                write_cdf(p, d)
                have.append(p)
            elif os.path.exists(p):
                os.remove(p)
    if not have:
        print('bench: no rcuscale data to plot', file=sys.stderr)
        return False
    if not shutil.which('gnuplot'):
        print('bench: gnuplot is missing: apt-get install gnuplot-nox', file=sys.stderr)
        return False
    style = {'rcuos': 'lw 2 lc rgb "#1f77b4"', 'linux': 'lw 2 lc rgb "#d62728"'}
    cmds = {}
    for kind in ('gp', 'exp'):
        parts = []
        for who, title in (('rcuos', 'rcuos'), ('linux', 'Linux')):
            p = os.path.join(data, '%s-%s.dat' % (who, kind))
            if p in have:
                parts.append('"%s" using 1:2 with steps %s title "%s"' % (p, style[who], title))
        # An empty panel still needs a plot command.
        cmds[kind] = ', '.join(parts) or '1/0 notitle'
    gp = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'gp-latency.gp')
    # Single-quoted gnuplot strings: the double quotes inside stay as they are.
    subprocess.run(['gnuplot', '-e', "outfile='%s'; plot_gp='%s'; plot_exp='%s'"
                    % (png, cmds['gp'], cmds['exp']), gp], check=True)
    return True


def plot_flood(out, fr, fl, png):
    """The flood's backlog over time, both kernels in one plot."""
    data = os.path.join(out, 'data')
    os.makedirs(data, exist_ok=True)
    parts = []
    style = {'rcuos': 'lw 2 lc rgb "#1f77b4"', 'linux': 'lw 2 lc rgb "#d62728"'}
    for who, title, fig in (('rcuos', 'rcuos', fr), ('linux', 'Linux', fl)):
        p = os.path.join(data, '%s-flood.dat' % who)
        ser = fig.get('flood_series')
        if not ser:
            if os.path.exists(p):
                os.remove(p)
            continue
        with open(p, 'w') as f:
            for t, v in ser:
                f.write('%.3f %d\n' % (t / 1000.0, v))
        parts.append('"%s" using 1:2 with lines %s title "%s"' % (p, style[who], title))
    if not parts:
        print('bench: no flood backlog series to plot', file=sys.stderr)
        return False
    if not shutil.which('gnuplot'):
        return False
    gp = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'flood-backlog.gp')
    subprocess.run(['gnuplot', '-e', "outfile='%s'; plot_flood='%s'" % (png, ', '.join(parts)),
                    gp], check=True)
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--out', default='build/bench')
    ap.add_argument('--cpus', default='4')
    ap.add_argument('--mem', default='512M')
    ap.add_argument('--rcuos-config', default='build/bench/rcuos/.config')
    ap.add_argument('--linux-config', default='build/linux-bench/obj/.config')
    ap.add_argument('--rcuos-preempt-config', default='build/bench/rcuos-preempt/.config')
    ap.add_argument('--linux-preempt-config', default='build/linux-bench/obj-preempt/.config')
    ap.add_argument('--command', default='make bench')
    ap.add_argument('--benchmarks-md')
    ap.add_argument('--png-copy')
    ap.add_argument('--flood-png-copy')
    a = ap.parse_args()

    logs = os.path.join(a.out, 'logs')
    rl = lines_of(os.path.join(logs, 'rcuos.log'))
    for n in RHASH_VCPUS:
        rl += lines_of(os.path.join(logs, 'rcuos-rhash-%d.log' % n))
    ll = {t: lines_of(os.path.join(logs, 'linux-%s.log' % t))
          for t in ('refscale', 'rcuscale', 'rcuscale-exp', 'rcubench',
                    'srcu-refscale', 'srcu-rcuscale', 'srcu-rcuscale-exp')}
    fr = figures(rl, {})
    fl = figures([], ll)
    for n in KFREE_VCPUS:
        kfree_figures(fr, lines_of(os.path.join(logs, 'rcuos-kfree-%d.log' % n)), n)
    # The flood under -icount, in logs of its own (bench.sh).
    for fig, log in ((fr, 'rcuos-icount.log'), (fl, 'linux-icount.log')):
        m = first(lines_of(os.path.join(logs, log)), FLOOD_RE)
        if m:
            fig['flood_icount_rate'] = int(m.group(5))
    # Several shorter floods in a boot of their own: the median run.
    for fig, log in ((fr, 'rcuos-floods.log'), (fl, 'linux-floods.log')):
        rates = sorted(int(m.group(5)) for m in
                       (re.search(FLOOD_RE, l) for l in lines_of(os.path.join(logs, log))) if m)
        if rates:
            fig['flood_median_rate'] = rates[len(rates) // 2]
    rcfg, lcfg = kconfig(a.rcuos_config), kconfig(a.linux_config)
    lver = first(sum(ll.values(), []), r'Linux version (\S+)')
    rpl = lines_of(os.path.join(logs, 'rcuos-preempt.log'))
    lpl = {t: lines_of(os.path.join(logs, 'linux-preempt-%s.log' % t))
           for t in ('refscale', 'rcuscale', 'rcuscale-exp')}
    frp = figures(rpl, {})
    flp = figures([], lpl)
    lpver = first(sum(lpl.values(), []), r'Linux version (\S+)')
    qv = re.search(r'version (\S+)', subprocess.run(
        ['qemu-system-x86_64', '--version'], capture_output=True, text=True).stdout)
    png = os.path.join(a.out, 'gp-latency.png')
    plotted = plot(a.out, fr, fl, png)
    flood_png = os.path.join(a.out, 'flood-backlog.png')
    flood_plotted = plot_flood(a.out, fr, fl, flood_png)

    tab = table(fr, fl)
    now = datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%d %H:%M UTC')
    machine = ('QEMU %s, `-accel tcg,thread=multi -smp %s -m %s`, on a %d-CPU %s host'
               % (qv.group(1) if qv else '?', a.cpus, a.mem, os.cpu_count(),
                  platform.machine()))
    head = [
        'Made by `%s` on %s.' % (a.command, now),
        '',
        '- Machine: %s (shared with other work: absolute figures move from run to run).' % machine,
        '- rcuos: %s.' % describe(rcfg, 'rcuos'),
        '- Linux %s: %s.' % (lver.group(1) if lver else '6.12', describe(lcfg, 'linux')),
        '- rcuscale: %s writers and %s readers, %s/%s synchronize_rcu() and %s/%s '
        'synchronize_rcu_expedited() measurements (rcuos/Linux).'
        % (a.cpus, a.cpus, fr.get('gp_n', 0), fl.get('gp_n', 0), fr.get('exp_n', 0),
           fl.get('exp_n', 0)),
    ]
    ptab = table(frp, flp, PREEMPT_ROWS)
    phead = [
        'Made by `%s` on %s.' % (a.command, now),
        '',
        '- Machine: %s (shared with other work: absolute figures move from run to run).'
        % machine,
        '- rcuos: %s.' % describe(kconfig(a.rcuos_preempt_config), 'rcuos', True),
        '- Linux %s: %s.' % (lpver.group(1) if lpver else '6.12',
                            describe(kconfig(a.linux_preempt_config), 'linux', True)),
        '- rcuscale: %s writers and %s readers, %s/%s synchronize_rcu() and %s/%s '
        'synchronize_rcu_expedited() measurements (rcuos/Linux).'
        % (a.cpus, a.cpus, frp.get('gp_n', 0), flp.get('gp_n', 0), frp.get('exp_n', 0),
           flp.get('exp_n', 0)),
    ]
    have_main = any(k in fr or k in fl for k, _, _ in ROWS)
    have_preempt = any(k in frp or k in flp for k, _, _ in PREEMPT_ROWS)
    if have_main:
        print('\n'.join(head))
        print()
        print(tab)
        if plotted:
            print('\nGrace-period latency distributions: %s' % png)
        if flood_plotted:
            print('Flood backlog over time: %s' % flood_png)
    if have_preempt:
        print('\nPreemptible (CONFIG_PREEMPT=y on both):\n')
        print('\n'.join(phead))
        print()
        print(ptab)
    missing = [k for k, _, _ in ROWS if have_main and
               (k not in fr or (k not in fl and not k.startswith(LINUX_LACKS)))]
    missing += ['preempt:' + k for k, _, _ in PREEMPT_ROWS
                if have_preempt and (k not in frp or k not in flp)]
    if missing:
        print('\nbench: no figure for: %s (see %s)' % (', '.join(missing), logs),
              file=sys.stderr)

    if a.benchmarks_md:
        pngref = ''
        if plotted and a.png_copy:
            shutil.copyfile(png, a.png_copy)
            pngref = ('\n![grace-period latency distributions, rcuos and Linux](%s)\n'
                      % os.path.relpath(a.png_copy, os.path.dirname(os.path.abspath(a.benchmarks_md)) or '.'))
        if flood_plotted and a.flood_png_copy:
            shutil.copyfile(flood_png, a.flood_png_copy)
            pngref += ('\n![call_rcu() flood: backlog over time, rcuos and Linux](%s)\n'
                       % os.path.relpath(a.flood_png_copy,
                                         os.path.dirname(os.path.abspath(a.benchmarks_md)) or '.'))
        pblock = PREEMPT_MD.format(head='\n'.join(phead), table=ptab)
        md = BENCHMARKS_MD.format(head='\n'.join(head), table=tab, png=pngref,
                                  command=a.command, preempt=pblock)
        # Hand-written notes below the marker survive a rerun, and so does
        # the part of a pair of kernels that has no logs in this run.
        notes = NOTES_MARKER + '\n'
        old = open(a.benchmarks_md).read() if os.path.exists(a.benchmarks_md) else ''
        if NOTES_MARKER in old:
            notes += old.split(NOTES_MARKER, 1)[1].lstrip('\n')
        oldmain = old.split(NOTES_MARKER, 1)[0].rstrip('\n') + '\n'
        if not have_preempt:
            pblock = ''
            if PREEMPT_BEGIN in oldmain:
                pblock = PREEMPT_BEGIN + oldmain.split(PREEMPT_BEGIN, 1)[1].split(
                    PREEMPT_END, 1)[0] + PREEMPT_END + '\n\n'
            md = BENCHMARKS_MD.format(head='\n'.join(head), table=tab, png=pngref,
                                      command=a.command, preempt=pblock)
        if not have_main and old:
            if PREEMPT_BEGIN in oldmain:
                b, rest = oldmain.split(PREEMPT_BEGIN, 1)
                md = b + pblock + rest.split(PREEMPT_END, 1)[1].lstrip('\n')
            else:
                b, rest = oldmain.split(WHAT_EACH, 1)
                md = b + pblock + WHAT_EACH + rest
        md += '\n' + notes
        with open(a.benchmarks_md, 'w') as f:
            f.write(md)
        print('bench: wrote %s' % a.benchmarks_md)
    # Only missing output is an error; no figure is judged.
    return 0 if have_main or have_preempt else 1


NOTES_MARKER = '<!-- notes: everything below this line is kept by make bench -->'
PREEMPT_BEGIN = '<!-- preemptible pair: begin -->'
PREEMPT_END = '<!-- preemptible pair: end -->'
WHAT_EACH = 'What each figure is:'

PREEMPT_MD = PREEMPT_BEGIN + """
## Preemptible: CONFIG_PREEMPT=y on both

Goal: rcuos's preemptible read side costs no more than Linux's: the
refscale rows' ratio at most 1.  In a preemptible build a reader is not
free any more: `rcu_read_lock()` increments the task's nesting count and
`rcu_read_unlock()` decrements it and, at the outermost level, tests the
task's special word (tests/codegen/check-preempt.sh checks that nothing
else is there).

{head}

{table}
""" + PREEMPT_END + '\n\n'

BENCHMARKS_MD = """# Benchmarks: rcuos and Linux side by side

The latest output of `make bench` (tests/bench/bench.sh), which builds rcuos
and Linux 6.12 for measurement (no lockdep, PROVE_RCU or debug objects, the
same HZ and preemption model), boots both in the same QEMU configuration and
runs the same RCU measurements on each. Regenerate with:

    {command}

{head}

{table}
{png}
{preempt}What each figure is:

- **refscale**: both kernels' refscale (`refscale.scale_type=rcu`,
  `nreaders`=CPUs, `loops`, `nruns`): each run times `loops` empty read-side
  critical sections on every reader CPU at once with interrupts off; the
  figure per run is ns per `rcu_read_lock()`/`rcu_read_unlock()` pair. In a
  non-preemptible build both compile to nothing, so this is the loop's cost
  under TCG; it tells that neither kernel adds read-side work.
- **rcuscale**: both kernels' rcuscale (`rcuscale.gp_exp=0|1`, `nwriters`=CPUs,
  `nreaders`=CPUs as background load, `writer_holdoff=0`): each writer waits
  for grace periods back to back; latencies are the `writer-duration:`
  lines, with kvm-recheck-rcuscale.sh's percentiles. "calls per grace
  period" is rcuscale's `gps:` over `batches:` (how many waits each grace
  period served).
- **batching**: 2000 kthreads call `synchronize_rcu()` at once (rcuos:
  `test rcu_batch`; Linux: linux/bench/rcubench.c); the figure is the
  number of grace periods that completed meanwhile.
- **flood**: a kthread per CPU `call_rcu()`s 32-byte kmalloc'd objects as
  fast as it can for the given seconds, a SCHED_FIFO monitor samples the
  backlog (callbacks queued and not yet invoked) and free memory every
  10 ms (rcuos: `rcuqoi flood`; Linux: rcubench).  A reader kthread runs
  back-to-back reader sections (16 `rcu_dereference()`s each) for 2 s
  before the flood and throughout it; the reader rows are percentiles of
  one section's length (histogram with 12.5% buckets, same code in both
  kernels).  Under TCG the tail includes the host descheduling vCPUs;
  what a flood adds is callback batches run at interrupt exit on the
  reader's CPU (rcuos bounds a batch at 3 ms, as Linux's rcu_resched_ns).
- **flood under `-icount`**: the same flood (`BENCH_ICOUNT_FLOOD_SECS`,
  default 3 s) in a boot of its own with QEMU's `-icount shift=0,sleep=off`:
  one guest instruction is one virtual nanosecond and the vCPUs take turns
  on one host thread, so the rate is callbacks per instruction executed,
  which a loaded or shared host does not move (two runs of one kernel agree
  within a few percent).  It leaves out what instructions do not show under
  TCG (memory traffic between host cores, the host's scheduling).
- **floods in a boot of their own**: `BENCH_FLOOD_RUNS` (default 3)
  floods of `BENCH_FLOOD_RUN_SECS` (default 5) back to back in one more
  boot of each kernel, nothing else run before them; the row is the
  median run's rate.  One flood of either kernel can run half again as
  fast or slow as the next on a shared host, and the first row is one.
- **idle**: every CPU but 0 idles while a kthread on CPU 0 waits for a grace
  period every 100 ms, with the grace-period kthread confined to CPU 0
  (rcuos: `rcuqoi idle`; Linux: rcubench, counting the idle CPUs' local
  APIC timer interrupts as ticks and all their interrupts and IPIs as
  wake-ups).
- **srcu**: refscale and rcuscale as above with `scale_type=srcu` (a
  static `srcu_struct`; Linux boots once per run); expedited SRCU grace
  periods are among SRCU's `batches:`. `srcu_fast` (rcuos only: Linux 6.12
  has no `srcu_read_lock_fast()`) measures fast readers, which bump a
  per-CPU counter without a full barrier, and `synchronize_srcu()` on
  their domain, which pays for that with normal RCU grace periods.
- **rhashbench** (rcuos only: Linux has no comparable in-kernel test): a
  bound kthread per vCPU looks up random keys of 1024 in the resizable
  RCU hash table (lib/rhashtable.c) for 1 s, then the same with each
  reader also holding the read side of a reader-writer spinlock; the best
  of 3 alternating runs of each, in lookups per second per CPU, on 1, 4 and
  8 vCPUs (one boot each, whatever `BENCH_CPUS`).
- **kfreebench** (rcuos only: it compares two ways of freeing in one
  kernel): 1,000,000 objects of 32 bytes freed after a grace period,
  with `kfree_rcu()` and then with `call_rcu()` and a callback that
  `kfree()`s, by one producer and by one per CPU, on 4 and 8 vCPUs (one
  boot each, whatever `BENCH_CPUS`): the time until every object is
  freed, the peak memory used meanwhile, and the callbacks `kfree_rcu()`
  queued (one per CPU and grace period, for the batches handed over in
  it; `call_rcu()` queues one per object). The two
  alternate, three runs each after an unreported pair (the first run
  after boot grows the slabs), and each row is the median of its three.

These are measurements, never pass/fail tests: the host is shared and TCG
timing varies from run to run; compare the two columns of one run.
"""

if __name__ == '__main__':
    sys.exit(main())
