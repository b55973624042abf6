#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Self-tests of the boot harness: fake logs and a fake QEMU, no real boot.

  test_harness.py [-v] [--results FILE]

With --results, one 'PASS: harness:<test>' or 'FAIL: harness:<test>' line per
test goes to FILE (the make check protocol).
"""

import sys
sys.dont_write_bytecode = True   # no __pycache__ in the source tree
import os
import time
import stat
import tempfile
import textwrap
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import boot  # noqa: E402
import logcheck  # noqa: E402
import scenario  # noqa: E402
import shellfuzz  # noqa: E402


def log(s):
    return textwrap.dedent(s).lstrip("\n")


PASSING = log("""
    [    0.000000] rcuos booting on 2 CPUs
    rcuos> test
    KTAP version 1
    1..2
        KTAP version 1
        # Subtest: lib
        1..2
        ok 1 lib_strlen
        ok 2 lib_sort
    # lib: pass:2 fail:0 skip:0 total:2
    # Totals: pass:2 fail:0 skip:0 total:2
    ok 1 lib
        KTAP version 1
        # Subtest: sched
        1..2
        ok 1 sched_sleep
        ok 2 sched_rt_order # SKIP needs 2 CPUs
    # sched: pass:1 fail:0 skip:1 total:2
    # Totals: pass:1 fail:0 skip:1 total:2
    ok 2 sched
    rcuos> poweroff
    """)

KTAP_FAILURE = log("""
    rcuos> test
    KTAP version 1
    1..1
        KTAP version 1
        # Subtest: alloc
        1..3
        ok 1 alloc_simple
        # alloc_smp_stress: EXPECTATION FAILED at lib/alloc_test.c:42
        Expected p != NULL, but
            p == 0000000000000000
        not ok 2 alloc_smp_stress
        ok 3 alloc_free
    # alloc: pass:2 fail:1 skip:0 total:3
    # Totals: pass:2 fail:1 skip:0 total:3
    not ok 1 alloc
    rcuos> poweroff
    """)

SPLAT_OUTSIDE = log("""
    rcuos> cpus
    [    2.000100] WARNING: CPU: 1 PID: 7 at kernel/sched.c:310 schedule+0x4f/0x120
    [    2.000200] Call Trace:
    rcuos> poweroff
    """)

SPLAT_INSIDE = log("""
    rcuos> test kmalloc
    KTAP version 1
    1..1
        KTAP version 1
        # Subtest: kmalloc
        1..1
        # expect-splat: begin
    [    3.100000] BUG: double free of 00000000deadbeef (kmalloc-64)
    [    3.100001] Call Trace:
        # expect-splat: end
        ok 1 kmalloc_double_free_detected
    ok 1 kmalloc
    rcuos> poweroff
    """)

PANIC = log("""
    rcuos> test
    KTAP version 1
    1..1
        KTAP version 1
        # Subtest: timers
        1..4
        ok 1 timer_basic
    [    4.000000] Kernel panic - not syncing: page fault in kernel mode at ffff800000001000
    [    4.000001] CPU: 3 PID: 12 Comm: ktest
    """)

STALL = log("""
    rcuos> torture
    [   30.000000] INFO: rcu detected stalls on CPUs/tasks:
    [   30.000001]  3-...!: (1 GPs behind)
    rcuos> poweroff
    """)

SELF_STALL = log("""
    rcuos> stall 30
    [   24.000000] INFO: rcu self-detected stall on CPU
    [   24.000001] 	2-...: (5250 ticks this GP) last QS 5252 jiffies ago, current shell
    rcuos> poweroff
    """)

EXP_STALL = log("""
    rcuos> torture
    [   25.000000] INFO: rcu detected expedited stalls on CPUs/tasks: { 3-... } 3003 jiffies s: 1234 root: 2 CPUs
    rcuos> poweroff
    """)

STARVED = log("""
    rcuos> torture
    [   40.000000] rcu: rcu_gp kthread starved for 5000 jiffies! g-299 f0 waiting to force QS ->state=0 ->cpu=0
    rcuos> poweroff
    """)

HUNG = log("""
    rcuos> test
    [  130.000000] INFO: task shell:25 blocked for more than 120 seconds.
    [  130.000100] task:shell           pid:25 cpu:1 state:D prio:120
    rcuos> poweroff
    """)

PARAMS = log("""
    KTAP version 1
    1..1
        KTAP version 1
        # Subtest: example
        1..2
            KTAP version 1
            # Subtest: example_params_test
            ok 1 example value 3 # SKIP unsupported
            ok 2 example value 2
            not ok 3 example value 1
        # example_params_test: pass:1 fail:1 skip:1 total:3
        not ok 1 example_params_test
        ok 2 example_simple
    not ok 1 example
    """)

RCUOS_KUNIT = log("""
    rcuos> test
    [    5.000000] KTAP version 1
    [    5.000000] 1..3
    [    5.000000]     KTAP version 1
    [    5.000000]     # Subtest: alpha
    [    5.000000]     1..4
    [    5.000000]     ok 1 t_pass
    [    5.000000]     # t_fail: EXPECTATION FAILED at tests/unit/test_kunit.c:10
    [    5.000000]     Expected x == 5 to be true, but is false
    [    5.000000]     x is 3
    [    5.000000]     not ok 2 t_fail
    [    5.000000]     ok 3 t_skip # SKIP no way
    [    5.000000]     not ok 4 t_leak
    [    5.000000] # alpha: pass:1 fail:2 skip:1 total:4
    [    5.000000] not ok 1 alpha
    [    5.000000]     KTAP version 1
    [    5.000000]     # Subtest: beta
    [    5.000000]     1..2
    [    5.000000]     ok 1 t_pass
    [    5.000000]         KTAP version 1
    [    5.000000]         # Subtest: t_param
    [    5.000000]         ok 1 v1
    [    5.000000]         not ok 2 v2
    [    5.000000]         ok 3 v3
    [    5.000000]         1..3
    [    5.000000]     # t_param: pass:2 fail:1 skip:0 total:3
    [    5.000000]     not ok 2 t_param
    [    5.000000] # beta: pass:3 fail:1 skip:0 total:4
    [    5.000000] not ok 2 beta
    [    5.000000]     KTAP version 1
    [    5.000000]     # Subtest: gamma
    [    5.000000]     1..1
    [    5.000000]     ok 1 t_skip # SKIP no way
    [    5.000000] # gamma: pass:0 fail:0 skip:1 total:1
    [    5.000000] ok 3 gamma # SKIP all cases skipped
    [    5.000000] # Totals: pass:4 fail:3 skip:2 total:9
    rcuos> poweroff
    """)


class JudgeLogs(unittest.TestCase):
    def judge(self, text, code=logcheck.EXIT_POWEROFF_PASS, **kw):
        return logcheck.judge(text, exit_code=code, **kw)

    def test_pass(self):
        v = self.judge(PASSING)
        self.assertTrue(v.passed, v.failures)
        self.assertEqual(v.ktap.counts(), {"pass": 3, "fail": 0, "skip": 1, "total": 4})
        self.assertEqual(v.notes, [])
        self.assertEqual([c.path for c in v.ktap.cases()],
                         ["lib.lib_strlen", "lib.lib_sort", "sched.sched_sleep",
                          "sched.sched_rt_order"])

    def test_pass_with_crlf_and_tabs(self):
        text = PASSING.replace("    ", "\t").replace("\n", "\r\n")
        v = self.judge(text)
        self.assertTrue(v.passed, v.failures)
        self.assertEqual(v.ktap.counts()["total"], 4)

    def test_ktap_failure(self):
        v = self.judge(KTAP_FAILURE, code=logcheck.EXIT_POWEROFF_FAIL)
        self.assertFalse(v.passed)
        self.assertEqual(v.ktap.counts(), {"pass": 2, "fail": 1, "skip": 0, "total": 3})
        self.assertEqual([c.path for c in v.ktap.failures()], ["alloc.alloc_smp_stress"])
        joined = "\n".join(v.failures)
        self.assertIn("alloc.alloc_smp_stress", joined)
        self.assertIn("EXPECTATION FAILED at lib/alloc_test.c:42", joined)
        self.assertIn("exit status 35", joined)
        # The suite line is not counted as a second failure.
        self.assertNotIn("KTAP not ok: alloc (", joined)

    def test_failed_suite_without_failed_case(self):
        text = PASSING.replace("ok 2 sched\n", "not ok 2 sched\n")
        v = self.judge(text)
        self.assertFalse(v.passed)
        self.assertEqual([c.path for c in v.ktap.failures()], ["sched"])

    def test_parameterized(self):
        v = self.judge(PARAMS, code=None, expect_exit=None)
        self.assertEqual(v.ktap.counts(), {"pass": 2, "fail": 1, "skip": 1, "total": 4})
        self.assertEqual([c.path for c in v.ktap.failures()],
                         ["example.example_params_test.example value 1"])

    def test_rcuos_kunit_output(self):
        # What kernel/kunit/test.c prints (from tests/unit/test_kunit.c).
        v = self.judge(RCUOS_KUNIT, code=logcheck.EXIT_POWEROFF_FAIL)
        self.assertEqual(v.ktap.counts(), {"pass": 4, "fail": 3, "skip": 2, "total": 9})
        self.assertEqual(v.notes, [])           # agrees with '# Totals:'
        self.assertEqual([c.path for c in v.ktap.failures()],
                         ["alpha.t_fail", "alpha.t_leak", "beta.t_param.v2"])
        self.assertIn("x is 3", "\n".join(v.failures))

    def test_splat_outside_markers(self):
        v = self.judge(SPLAT_OUTSIDE)
        self.assertFalse(v.passed)
        self.assertEqual(len(v.splats), 1)
        self.assertIn("WARNING: CPU: 1", v.failures[0])

    def test_splat_allowed_by_regex(self):
        v = self.judge(SPLAT_OUTSIDE, allow_splats=[r"at kernel/sched\.c:310"])
        self.assertTrue(v.passed, v.failures)

    def test_splat_inside_markers(self):
        v = self.judge(SPLAT_INSIDE)
        self.assertTrue(v.passed, v.failures)
        self.assertEqual(len(v.expected_splats), 1)
        self.assertEqual(v.ktap.counts()["pass"], 1)

    def test_unbalanced_markers(self):
        v = self.judge(SPLAT_INSIDE.replace("    # expect-splat: end\n", ""))
        self.assertFalse(v.passed)
        self.assertTrue(any("never ended" in f for f in v.failures), v.failures)
        v = self.judge(SPLAT_INSIDE.replace("    # expect-splat: begin\n", ""))
        self.assertFalse(v.passed)
        self.assertTrue(any("without a begin" in f for f in v.failures), v.failures)
        self.assertTrue(any("BUG: double free" in f for f in v.failures), v.failures)

    def test_stall_warning(self):
        v = self.judge(STALL)
        self.assertFalse(v.passed)
        self.assertIn("rcu detected stalls", v.failures[0])

    def test_self_detected_stall(self):
        v = self.judge(SELF_STALL)
        self.assertFalse(v.passed)
        self.assertIn("self-detected stall", "\n".join(v.failures))

    def test_expedited_stall(self):
        v = self.judge(EXP_STALL)
        self.assertFalse(v.passed)
        self.assertIn("detected expedited stalls", "\n".join(v.failures))

    def test_kthread_starved(self):
        v = self.judge(STARVED)
        self.assertFalse(v.passed)
        self.assertIn("kthread starved", "\n".join(v.failures))

    def test_hung_task(self):
        v = self.judge(HUNG)
        self.assertFalse(v.passed)
        self.assertIn("blocked for more than", "\n".join(v.failures))

    def test_panic(self):
        v = self.judge(PANIC, code=logcheck.EXIT_PANIC)
        self.assertFalse(v.passed)
        joined = "\n".join(v.failures)
        self.assertIn("Kernel panic - not syncing: page fault", joined)
        self.assertIn("incomplete", joined)         # 1 of 4 results

    CRASH = textwrap.dedent("""\
        [    0.100000] rcuos shell: type 'help' for the commands
        rcuos> crash stack
        [    0.200000] crash: recursing until the stack overflows
        [    0.200001] BUG: stack guard page hit by task shell/8 (stack overflow)
        [    0.200002] Call Trace:
        [    0.300000] Kernel panic - not syncing: stack guard page hit by task shell/8 (stack overflow)
        [    0.300001] ---[ end Kernel panic - not syncing: stack guard page hit ]---
        """)
    GUARD = r"stack guard page hit by task shell/\d+ \(stack overflow\)"

    def test_expect_panic(self):
        v = self.judge(self.CRASH, code=logcheck.EXIT_PANIC, expect_panic=self.GUARD)
        self.assertTrue(v.passed, v.failures)
        self.assertEqual(len(v.expected_splats), 1)

    def test_expect_panic_wrong_panic(self):
        v = self.judge(self.CRASH, code=logcheck.EXIT_PANIC,
                       expect_panic=r"write to read-only kernel text")
        self.assertFalse(v.passed)
        self.assertIn("panic does not match", "\n".join(v.failures))

    def test_expect_panic_none(self):
        v = self.judge(PASSING, expect_panic=self.GUARD)
        self.assertFalse(v.passed)
        self.assertIn("did not happen", "\n".join(v.failures))

    def test_expect_panic_exit_status(self):
        v = self.judge(self.CRASH, code=0, expect_panic=self.GUARD)  # triple fault
        self.assertFalse(v.passed)
        self.assertIn("triple fault", "\n".join(v.failures))

    def test_expect_panic_earlier_splat(self):
        text = self.CRASH.replace("rcuos> crash stack",
                                  "[    0.1] WARNING: at foo.c:1\nrcuos> crash stack")
        v = self.judge(text, code=logcheck.EXIT_PANIC, expect_panic=self.GUARD)
        self.assertFalse(v.passed)
        self.assertIn("splat: WARNING", "\n".join(v.failures))

    def test_timeout(self):
        v = logcheck.judge(PASSING.replace("rcuos> poweroff\n", ""), exit_code=None,
                           timed_out=True)
        self.assertFalse(v.passed)
        self.assertIn("timeout", v.failures[0])

    def test_triple_fault(self):
        v = self.judge(PASSING, code=0)
        self.assertFalse(v.passed)
        self.assertIn("triple fault", v.failures[0])

    def test_poweroff_code(self):
        v = self.judge(PASSING, code=2 * 5 + 1, expect_exit=11)
        self.assertTrue(v.passed, v.failures)
        v = self.judge(PASSING, code=2 * 5 + 1)
        self.assertFalse(v.passed)

    def test_expect(self):
        self.assertTrue(self.judge(PASSING, expects=[r"^rcuos> poweroff$"]).passed)
        v = self.judge(PASSING, expects=[r"CPU 7 online"])
        self.assertFalse(v.passed)
        self.assertIn("CPU 7 online", v.failures[0])

    def test_require_ktap(self):
        self.assertFalse(self.judge(SPLAT_OUTSIDE.replace("WARNING", "warn"),
                                    require_ktap=True).passed)
        self.assertTrue(self.judge(PASSING, require_ktap=True).passed)

    def test_plan_mismatch(self):
        text = PASSING.replace("    1..2\n    ok 1 lib_strlen", "    1..3\n    ok 1 lib_strlen")
        v = self.judge(text)
        self.assertFalse(v.passed)
        self.assertTrue(any("planned 3" in f for f in v.failures), v.failures)

    def test_totals_report_failure(self):
        text = PASSING.replace("# Totals: pass:2 fail:0", "# Totals: pass:2 fail:1")
        self.assertFalse(self.judge(text).passed)

    def test_two_runs(self):
        v = self.judge(PASSING + PASSING)
        self.assertTrue(v.passed, v.failures)
        self.assertEqual(v.ktap.runs, 2)
        self.assertEqual(v.ktap.counts()["total"], 8)


FAKE_QEMU = r'''#!/usr/bin/env python3
import sys, time
args = sys.argv[1:]
mode = open(__file__ + ".mode").read().strip()
print("[    0.000000] fake kernel, -smp " + args[args.index("-smp") + 1], flush=True)
if mode == "hang":
    time.sleep(60)
for line in sys.stdin:
    line = line.strip()
    print("rcuos> " + line, flush=True)
    if line == "test":
        print("KTAP version 1\n1..1\nok 1 fake_case", flush=True)
    if line == "failhang":
        print("KTAP version 1\n1..2\n[    1.000000]     # fake: EXPECTATION FAILED at x.c:1", flush=True)
        print("not ok 1 fake_case", flush=True)
        time.sleep(60)
    if line == "stallhang":
        print("[    2.000000] rcu: INFO: rcu detected stalls on CPUs/tasks:", flush=True)
        time.sleep(60)
    if line == "splatfail":
        print("# expect-splat: begin\nnot ok 1 inner\n# expect-splat: end", flush=True)
    if line == "panic":
        print("Kernel panic - not syncing: fake", flush=True)
        sys.exit(37)
    if line.startswith("poweroff"):
        n = int(line.split()[1]) if " " in line else 0x10
        sys.exit(2 * n + 1)
time.sleep(60)
'''


class FakeQemu(unittest.TestCase):
    """boot.main() against a stand-in for qemu-system-x86_64."""

    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        d = self.dir.name
        self.qemu = os.path.join(d, "fake-qemu")
        with open(self.qemu, "w") as f:
            f.write(FAKE_QEMU)
        os.chmod(self.qemu, os.stat(self.qemu).st_mode | stat.S_IXUSR)
        self.iso = os.path.join(d, "x.iso")
        open(self.iso, "w").close()
        self.log = os.path.join(d, "serial.log")

    def tearDown(self):
        self.dir.cleanup()

    def boot(self, mode, *cmds, extra=()):
        with open(self.qemu + ".mode", "w") as f:
            f.write(mode)
        argv = ["--iso", self.iso, "--qemu", self.qemu, "--cpus", "3", "--timeout", "3",
                "--log", self.log, "--name", "fake"] + list(extra)
        for c in cmds:
            argv += ["--cmd", c]
        with open(os.devnull, "w") as null:
            old, sys.stdout = sys.stdout, null
            try:
                return boot.main(argv)
            finally:
                sys.stdout = old

    def test_pass_and_log(self):
        self.assertEqual(self.boot("run", "test", "poweroff", extra=["--require-ktap"]), 0)
        text = open(self.log).read()
        self.assertIn("-smp 3", text)
        self.assertIn("rcuos> poweroff", text)
        self.assertIn(boot.TRAILER, text)
        # The saved log judges the same way, the trailer ignored.
        self.assertNotIn(boot.TRAILER, boot.read_log(self.log))

    def test_poweroff_failure_code(self):
        self.assertEqual(self.boot("run", "poweroff 17"), 1)
        self.assertEqual(self.boot("run", "poweroff 17", extra=["--expect-exit", "35"]), 0)

    def test_timeout_kills(self):
        self.assertEqual(self.boot("hang", "poweroff"), 1)
        self.assertIn("timed out", open(self.log).read())

    def test_panic(self):
        self.assertEqual(self.boot("run", "panic"), 1)

    def test_fail_fast_stops_a_failed_run(self):
        t0 = time.monotonic()
        self.assertEqual(self.boot("run", "failhang", "poweroff",
                                   extra=["--timeout", "30", "--fail-fast"]), 1)
        self.assertLess(time.monotonic() - t0, 15)
        text = open(self.log).read()
        self.assertIn("--fail-fast", text)
        self.assertNotIn("timed out", text)

    def test_fail_fast_stops_at_a_stall(self):
        t0 = time.monotonic()
        self.assertEqual(self.boot("run", "stallhang", "poweroff",
                                   extra=["--timeout", "30", "--fail-fast"]), 1)
        self.assertLess(time.monotonic() - t0, 15)
        self.assertIn("--fail-fast", open(self.log).read())

    def test_fail_fast_keeps_an_allowed_stall(self):
        t0 = time.monotonic()
        self.assertEqual(self.boot("run", "stallhang", "poweroff",
                                   extra=["--timeout", "8", "--fail-fast",
                                          "--allow-splat", "detected stalls"]), 1)
        self.assertGreaterEqual(time.monotonic() - t0, 8)
        self.assertIn("timed out", open(self.log).read())

    def test_fail_fast_ignores_expected_splats(self):
        self.assertEqual(self.boot("run", "splatfail", "test", "poweroff",
                                   extra=["--fail-fast", "--timeout", "10"]), 0)

    def test_no_poweroff_times_out(self):
        self.assertEqual(self.boot("run", "test"), 1)


class Scenarios(unittest.TestCase):
    def test_parse(self):
        with tempfile.NamedTemporaryFile("w", suffix=".scenario", delete=False) as f:
            f.write("# comment\nname = demo\ndefconfig = tiny\ncpus = 1\ntimeout = 60\n"
                    "command = cpus\ncommand = test\ncommand = poweroff\n"
                    "expect = ^CPU 0\nallow-splat = WARNING: .*frob\n")
        try:
            s = scenario.load(f.name)
        finally:
            os.unlink(f.name)
        self.assertEqual(s.name, "demo")
        self.assertEqual(s.defconfig, "tiny_defconfig")
        self.assertEqual(s.commands, ["cpus", "test", "poweroff"])
        self.assertEqual(s.expects, ["^CPU 0"])
        self.assertEqual(s.allow_splats, ["WARNING: .*frob"])
        self.assertTrue(s.require_ktap)
        self.assertEqual(s.mem, "512M")

    def test_expect_panic_key(self):
        with tempfile.NamedTemporaryFile("w", suffix=".scenario", delete=False) as f:
            f.write("command = crash text\nexpect-panic = read-only kernel text$\n")
        try:
            s = scenario.load(f.name)
        finally:
            os.unlink(f.name)
        self.assertEqual(s.expect_panic, "read-only kernel text$")
        self.assertFalse(s.require_ktap)

    def test_bad_key(self):
        with tempfile.NamedTemporaryFile("w", suffix=".scenario", delete=False) as f:
            f.write("cpu = 4\n")
        try:
            with self.assertRaises(scenario.ScenarioError):
                scenario.load(f.name)
        finally:
            os.unlink(f.name)

    def test_shipped_scenarios_parse(self):
        d = os.path.join(HERE, "..", "scenarios")
        for fn in sorted(os.listdir(d)):
            if fn.endswith(".scenario"):
                s = scenario.load(os.path.join(d, fn))
                self.assertTrue(os.path.exists(os.path.join(HERE, "..", "..", "configs",
                                                            s.defconfig)), fn)


def main():
    results = None
    argv = sys.argv[1:]
    if "--results" in argv:
        i = argv.index("--results")
        results = argv[i + 1]
        del argv[i:i + 2]
    verbosity = 2 if "-v" in argv else 1
    suite = unittest.defaultTestLoader.loadTestsFromModule(sys.modules[__name__])
    ids = [t.id() for t in iter_tests(suite)]   # running the suite empties it
    res = unittest.TextTestRunner(verbosity=verbosity, stream=sys.stderr).run(suite)
    if results:
        bad = {t.id() for t, _ in res.failures + res.errors}
        with open(results, "a") as f:
            for i in ids:
                f.write("%s: harness:%s\n" % ("FAIL" if i in bad else "PASS",
                                               i.split(".", 1)[1]))
    return 0 if res.wasSuccessful() else 1


def iter_tests(suite):
    for t in suite:
        if isinstance(t, unittest.TestSuite):
            yield from iter_tests(t)
        else:
            yield t


class ShellFuzzModel(unittest.TestCase):
    """shellfuzz.py's model of the shell's line editor and its filter."""

    def test_editor(self):
        e = shellfuzz.Editor()
        self.assertEqual(e.feed(b"cpuz\x7fs\r\n"), [("run", "cpus")])
        self.assertEqual(e.feed(b"ps\x03"), [("cancel",)])
        self.assertEqual(e.feed(b"xx\x15mem\n"), [("run", "mem")])
        self.assertEqual(e.feed(b"\x1b[A\x1b[A\r"), [("run", "cpus")])    # history
        self.assertEqual(e.feed(b"\x1bxid\x01\xff\r"), [("run", "id")])  # ESC eats x
        self.assertEqual(e.feed(b"a" * 300 + b"\r"), [("long",)])
        self.assertEqual(e.feed(b"\ttest\x1b[3~\r"), [("run", " test")])

    def test_filter(self):
        known = {"poweroff", "reboot", "crash", "torture", "test", "set", "onoff", "stall",
                 "cpus", "cpu"}
        for line in ("poweroff", "reboot", "crash stack", "torture", "test",
                     "set rcupdate.rcu_cpu_stall_timeout=1 zz=1", "onoff 5", "stall 3"):
            self.assertFalse(shellfuzz.safe(line, known), line)
        for line in ("", "cpus", "cpu offline 3", "torture zz duration=1", "test --list",
                     "onoff 0", "onoff 200", "frob", "set \"zz a\""):
            self.assertTrue(shellfuzz.safe(line, known), line)

if __name__ == "__main__":
    sys.exit(main())
