# SPDX-License-Identifier: GPL-2.0
# The call_rcu() flood's backlog (callbacks queued, not yet invoked) over
# time, rcuos and Linux (make bench), sampled every 10 ms by each kernel's
# flood monitor.  tests/bench/report.py writes the data
# (DIR/{rcuos,linux}-flood.dat: "seconds callbacks" lines) and calls, for
# example:
#   gnuplot -e "outfile='x.png'; plot_flood='\"DIR/rcuos-flood.dat\" u 1:2 w lines t \"rcuos\"'" flood-backlog.gp
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
	set terminal pngcairo size 1000,500 enhanced font "sans,11"
} else {
	set terminal png size 1000,500
}
set output outfile
set title "call\\_rcu() flood from every CPU: backlog over time (same QEMU configuration)"
set grid
set key top left
set xlabel "time into the flood (s)"
set ylabel "callbacks queued, not yet invoked"
set format y "%.0s%c"
set yrange [0:*]
plot @plot_flood
