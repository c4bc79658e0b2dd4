#!/usr/bin/env python3
"""Side-by-side reference: MoorDyn v2 (PyPI package `moordyn`) on the same line as lumped_bench.

Writes a MoorDyn v2 input deck for one line of bench/lumped_bench.c (steel chain d 0.0766 m,
113.35 kg/m, EA 7.536e8 N, BA = -0.5 i.e. damping ratio 0.5, Cd 1.2 / CdAx 0.008, Ca 1.0 /
CaAx 0.0, 835.5 m long, 200 m of water, anchor 837.568 m from the centre on the seabed, fairlead at
radius 40.868 m and z = -14 as a Coupled point moved on a 2 m / 10 s surge sinusoid), runs it at a
fixed internal step dtM for a fixed number of steps through the Python API, and reports
segment-steps per second of the stepping only (Create/Init excluded).

MoorDyn substeps each moordyn.Step() call with dtM; the calls here are coupling chunks of many
internal steps, so the Python overhead per call is negligible. Init_NoIC is used (no dynamic
relaxation): the run starts from MoorDyn's own catenary, as lumped_bench's big cases do.

Usage:
  python3 -m venv /tmp/mdvenv && /tmp/mdvenv/bin/pip install moordyn
  /tmp/mdvenv/bin/python bench/moordyn_compare.py [--nseg 1000] [--dt 0.00016201]
      [--scheme RK2] [--time 2] [--repeats 3] [--csv FILE]
Use the dt that lumped_bench prints (0.5 x the RK2 critical step of the 1000-segment line).
"""
import argparse
import datetime
import math
import os
import platform
import sys
import tempfile
import time

DECK = """--------------------- MoorDyn v2 input: Hawser lumped_bench line ------------------------------
---------------------- LINE TYPES -----------------------------------
TypeName   Diam    Mass/m     EA         BA/-zeta    EI         Cd     Ca     CdAx    CaAx
(name)     (m)     (kg/m)     (N)        (N-s/-)     (N-m^2)    (-)    (-)    (-)     (-)
chain      0.0766  113.35     7.536E8    -0.5        0          1.2    1.0    0.008   0.0
---------------------------- POINTS -----------------------------------------------------
ID  Attachment  X         Y     Z       Mass   Volume  CdA   Ca
(#)   (-)       (m)       (m)   (m)     (kg)   (m^3)   (m^2) (-)
1   Fixed       837.568   0.0   -200.0  0      0       0     0
2   Coupled     40.868    0.0   -14.0   0      0       0     0
-------------------------- LINES -------------------------------------------------
ID   LineType   AttachA  AttachB  UnstrLen  NumSegs  LineOutputs
(#)  (name)     (#)      (#)      (m)       (-)      (-)
1    chain      1        2        835.5     {nseg}     -
-------------------------- SOLVER OPTIONS---------------------------------------------------
0                             writeLog
{dt!r}                        dtM
{scheme}                      tScheme
3.0e6                         kBot
3.0e5                         cBot
200                           WtrDpth
----------------------------- OUTPUTS ---------------------------------------------
END
---------------------- need this line ------------------
"""

FAIRLEAD = (40.868, 0.0, -14.0)
AMP, PERIOD = 2.0, 10.0


def fairlead(t):
    w = 2.0 * math.pi / PERIOD
    return ([FAIRLEAD[0] + AMP * math.sin(w * t), FAIRLEAD[1], FAIRLEAD[2]],
            [AMP * w * math.cos(w * t), 0.0, 0.0])


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            info = f.read().splitlines()
        name = next(l.split(":", 1)[1].strip() for l in info if l.startswith("model name"))
        fam = next(l.split(":", 1)[1].strip() for l in info if l.startswith("cpu family"))
        mod = next(l.split(":", 1)[1].strip() for l in info if l.startswith("model\t"))
        n = sum(1 for l in info if l.startswith("processor"))
        return f"{name} (family {fam} model {mod}) x{n}"
    except (OSError, StopIteration):
        return platform.processor() or "unknown CPU"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--nseg", type=int, default=1000)
    ap.add_argument("--dt", type=float, default=0.00016201)
    ap.add_argument("--scheme", default="RK2", help="MoorDyn tScheme (Euler, RK2, RK4, ...)")
    ap.add_argument("--time", type=float, default=2.0, help="timed wall seconds to aim for")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--chunk", type=int, default=64, help="internal steps per moordyn.Step call")
    ap.add_argument("--csv", help="append a row (lumped_bench's columns)")
    a = ap.parse_args()

    import moordyn
    import cmoordyn

    with tempfile.TemporaryDirectory() as tmp:
        deck = os.path.join(tmp, "bench_line.txt")
        with open(deck, "w") as f:
            f.write(DECK.format(nseg=a.nseg, dt=a.dt, scheme=a.scheme))
        cwd = os.getcwd()
        os.chdir(tmp)  # anything MoorDyn writes stays in the temp dir
        # MoorDyn prints its input echo and "t = ..." progress on the C stdout: silence fd 1
        sys.stdout.flush()
        saved_fd = os.dup(1)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        try:
            s = moordyn.Create(deck)
            moordyn.SetVerbosity(s, moordyn.LEVEL_ERR)
            x, v = fairlead(0.0)
            if moordyn.Init_NoIC(s, x, v) != 0:
                sys.exit("moordyn: Init failed")
            dtm = cmoordyn.get_dt(s)
            scheme = cmoordyn.get_tscheme(s)
            h = a.chunk * a.dt
            t = 0.0

            def run(nchunks):
                nonlocal t
                for _ in range(nchunks):
                    x, v = fairlead(t)
                    moordyn.Step(s, x, v, t, h)
                    t += h

            # warm-up and calibration (untimed)
            c = 1
            while True:
                t0 = time.perf_counter()
                run(c)
                el = time.perf_counter() - t0
                if el > 0.25:
                    break
                c *= 2
            per_chunk = el / c
            nchunks = max(a.repeats, math.ceil(a.time / per_chunk))
            rates, wall = [], 0.0
            per_rep = [nchunks // a.repeats + (1 if k < nchunks % a.repeats else 0)
                       for k in range(a.repeats)]
            for n in per_rep:
                t0 = time.perf_counter()
                run(n)
                el = time.perf_counter() - t0
                wall += el
                rates.append(a.nseg * n * a.chunk / el)
            fx = moordyn.GetLineFairTen(moordyn.GetLine(s, 1)) if hasattr(moordyn, "GetLineFairTen") else float("nan")
            moordyn.Close(s)
        finally:
            sys.stdout.flush()
            os.dup2(saved_fd, 1)
            os.close(saved_fd)
            os.close(devnull)
            os.chdir(cwd)

    steps = nchunks * a.chunk
    rate = a.nseg * steps / wall
    try:
        from importlib.metadata import version
        mdv = version("moordyn")
    except Exception:
        mdv = "2.x"
    print(f"MoorDyn {mdv} (PyPI wheel)  scheme {scheme}  "
          f"dtM {dtm}  segments {a.nseg}  steps {steps}  wall_s {wall:.3f}  "
          f"seg_steps_per_s {rate:.4g}  spread {min(rates):.3g}..{max(rates):.3g}  "
          f"wall_per_sim_s {wall / (steps * a.dt):.4g}  fairlead_T_N {fx:.4g}")
    if a.csv:
        new = not os.path.exists(a.csv) or os.path.getsize(a.csv) == 0
        date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        machine = f"{platform.node()} {platform.machine()} {cpu_model()}"
        with open(a.csv, "a") as f:
            if new:
                f.write("date,machine,compiler,build_type,case,segments,lines,integrator,dt,steps,"
                        "wall_s,seg_steps_per_s,wall_per_sim_s,backend,static_solve,"
                        "napkin_bytes_per_seg_step,napkin_GB_per_s,c_flags\n")
            f.write(f'{date},"{machine}","moordyn {mdv} PyPI wheel",wheel,moordyn-chain1x{a.nseg}-'
                    f'{a.scheme.lower()},{a.nseg},1,{a.scheme.lower()},{a.dt:.6g},{steps},'
                    f'{wall:.6f},{rate:.6g},{wall / (steps * a.dt):.6g},moordyn,0,,,""\n')


if __name__ == "__main__":
    main()
