#!/usr/bin/env python3
"""Interleaved wall-time pairs: Hawser's CPU backend against MoorDyn v2 on the same line and step.

For each size N (segments of one line), runs `lumped_bench --case long --sizes N` and
`moordyn_compare.py --nseg N` back to back, alternately in either order (pair 1 Hawser first,
pair 2 MoorDyn first, ...), so that a slow spell of a shared machine hits both sides alike. Both
use the same scheme and the same dt: 0.16201 / N s (0.5 x the RK2 critical step of the
1000-segment line at N = 1000, and the same fraction of it for other N, as the critical step
scales with the segment length). One core each; only the stepping is timed by both programs.

Prints one line per pair (the two rates and their ratio) and, per size, the median and range of
the ratios; --csv writes the pairs (size, pair, order, both rates, ratio).

Usage:
  python3 -m venv /tmp/mdvenv && /tmp/mdvenv/bin/pip install moordyn
  /tmp/mdvenv/bin/python bench/moordyn_pairs.py --bench build/bench/lumped_bench \\
      [--sizes 100,1000,2000,10000] [--pairs 5] [--scheme RK2] [--time 2] [--csv FILE]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def rate_of(text, pattern):
    m = re.search(pattern, text, re.M)
    if not m:
        sys.exit("could not read the rate from:\n" + text)
    return float(m.group(1))


def hawser(a, n, dt):
    integ = {"RK2": "rk2", "RK4": "rk4"}[a.scheme]
    out = subprocess.run([a.bench, "--case", "long", "--sizes", str(n), "--integrator", integ,
                          "--dt", repr(dt), "--time", str(a.time)],
                         check=True, capture_output=True, text=True).stdout
    # the table row: segments lines static integ dt_s steps setup_s wall_s segstep/s ...
    return rate_of(out, r"^\s*%d\s+1\s+\S+\s+%s\s+\S+\s+\d+\s+\S+\s+\S+\s+(\S+)" % (n, integ))


def moordyn(a, n, dt):
    out = subprocess.run([sys.executable, os.path.join(HERE, "moordyn_compare.py"), "--nseg",
                          str(n), "--dt", repr(dt), "--scheme", a.scheme, "--time", str(a.time)],
                         check=True, capture_output=True, text=True).stdout
    return rate_of(out, r"seg_steps_per_s (\S+)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bench", default="build/bench/lumped_bench")
    ap.add_argument("--sizes", default="100,1000,2000,10000")
    ap.add_argument("--pairs", type=int, default=5)
    ap.add_argument("--scheme", default="RK2", choices=["RK2", "RK4"])
    ap.add_argument("--time", type=float, default=2.0, help="timed seconds per run")
    ap.add_argument("--csv")
    a = ap.parse_args()
    rows = []
    for n in [int(float(s)) for s in a.sizes.split(",")]:
        dt = 0.16201 / n
        ratios = []
        for p in range(a.pairs):
            first = "hawser" if p % 2 == 0 else "moordyn"
            if first == "hawser":
                h = hawser(a, n, dt); m = moordyn(a, n, dt)
            else:
                m = moordyn(a, n, dt); h = hawser(a, n, dt)
            ratios.append(h / m)
            rows.append((n, p + 1, first, dt, h, m, h / m))
            print(f"N {n:6d}  pair {p + 1}  ({first} first)  dt {dt:.6g}  hawser {h:.4g}  "
                  f"moordyn {m:.4g}  ratio {h / m:.2f}", flush=True)
        print(f"N {n:6d}  ratio median {statistics.median(ratios):.2f}  "
              f"range {min(ratios):.2f}..{max(ratios):.2f}", flush=True)
    if a.csv:
        new = not os.path.exists(a.csv) or os.path.getsize(a.csv) == 0
        with open(a.csv, "a") as f:
            if new:
                f.write("segments,pair,first,scheme,dt,hawser_seg_steps_per_s,"
                        "moordyn_seg_steps_per_s,ratio\n")
            for n, p, first, dt, h, m, r in rows:
                f.write(f"{n},{p},{first},{a.scheme},{dt:.6g},{h:.6g},{m:.6g},{r:.4f}\n")


if __name__ == "__main__":
    main()
