# SPDX-License-Identifier: GPL-2.0
# Grace-period latency distributions of rcuos and Linux (make bench):
# cumulative distribution of rcuscale's writer-duration figures, normal
# grace periods on the left, expedited on the right.  tests/bench/report.py
# writes the data (DIR/{rcuos,linux}-{gp,exp}.dat: "ms fraction" lines) and
# calls, for example:
#   gnuplot -e "outfile='x.png'; plot_gp='\"DIR/rcuos-gp.dat\" u 1:2 w steps t \"rcuos\"'; plot_exp='...'" gp-latency.gp
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
	set terminal pngcairo size 1400,560 enhanced font "sans,11"
} else {
	set terminal png size 1400,560
}
set output outfile
set multiplot layout 1,2 title "rcuscale grace-period latency, rcuos and Linux (same QEMU configuration)"
set logscale x
set grid
set key bottom right
set ylabel "fraction of waits at most this long"
set xlabel "latency (ms, log scale)"
set yrange [0:1.02]

set title "synchronize\\_rcu()"
plot @plot_gp

set title "synchronize\\_rcu\\_expedited()"
plot @plot_exp
unset multiplot
