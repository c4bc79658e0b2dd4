#!/usr/bin/env python3
"""Co-simulation from Python (docs/api.md, "Python"): the semisubmersible's mooring of
examples/moordyn_semisub.dat, whose three fairleads are Coupled points, driven by a "platform"
computed here - a surge x(t) = A (1 - cos(2 pi t / T)), starting at rest from the static
equilibrium - at a coupling step of 0.1 s, MoorDyn's Step(x, xd, t, dt) pattern: set the fairleads'
positions and velocities, advance the lines to the next coupling time, read the fairlead tensions.

    PYTHONPATH=python HAWSER_LIBRARY=build/host/libhawser.so python3 examples/python_cosim.py
    python3 examples/python_cosim.py --t-end 60 --plot surge.png    (the package installed)

Prints a table every second and the lines' true extremes (every step, not only the coupling
times); --plot draws the fairlead tensions against time when matplotlib is installed.
"""

import argparse
import math
import os

import numpy as np

import hawser

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deck", default=os.path.join(HERE, "moordyn_semisub.dat"))
    ap.add_argument("--t-end", type=float, default=30.0, help="s (default 30)")
    ap.add_argument("--amplitude", type=float, default=2.0, help="surge amplitude A, m")
    ap.add_argument("--period", type=float, default=10.0, help="surge period T, s")
    ap.add_argument("--coupling", type=float, default=0.1, help="coupling step, s")
    ap.add_argument("--plot", metavar="PNG", help="draw the fairlead tensions (matplotlib)")
    args = ap.parse_args()

    with hawser.World.load(args.deck, t_end=args.t_end) as world:
        # The deck's Coupled points 4, 5 and 6 are the fairleads, end B of lines 1, 2 and 3.
        lines = [world.line(name) for name in ("line1", "line2", "line3")]
        fairleads = [world.point(name) for name in ("point4", "point5", "point6")]
        rest = [p.position.copy() for p in fairleads]
        print("%s: lines %s, fairleads %s, dt %.4g s, coupling every %g s"
              % (os.path.basename(args.deck), ", ".join(world.lines),
                 ", ".join(p.name for p in fairleads), world.dt, args.coupling))
        print("%8s %9s" % ("t_s", "surge_m") + "".join(" %14s" % (ln.name + ".TB_kN")
                                                      for ln in lines))
        omega = 2 * math.pi / args.period
        n = int(round(args.t_end / args.coupling))
        times, tensions = [0.0], [[ln.end_tensions[1] for ln in lines]]
        for k in range(1, n + 1):
            t = world.time
            surge = args.amplitude * (1 - math.cos(omega * t))
            speed = args.amplitude * omega * math.sin(omega * t)
            for p, r in zip(fairleads, rest):
                p.set_kinematics(r + [surge, 0.0, 0.0], [speed, 0.0, 0.0])
            world.advance_to(k * args.coupling)
            times.append(world.time)
            tensions.append([ln.end_tensions[1] for ln in lines])
            if k % int(round(1.0 / args.coupling)) == 0 or k == n:
                print("%8.2f %9.4f" % (world.time, args.amplitude * (1 - math.cos(omega * world.time)))
                      + "".join(" %14.3f" % (x / 1e3) for x in tensions[-1]))
        print("extremes (every step):")
        for name, e in world.extremes().items():
            print("  %s: max %.1f kN at %.2f s (segment %d), fairlead mean %.1f kN, std %.1f kN"
                  % (name, e.max_tension / 1e3, e.max_time, e.max_segment, e.end_b.mean / 1e3,
                     e.end_b.std / 1e3))

    if args.plot:
        try:
            import matplotlib
            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError:
            print("--plot: matplotlib is not installed (Debian: python3-matplotlib)")
            return
        tens = np.array(tensions) / 1e3
        for j, ln in enumerate(lines):
            plt.plot(times, tens[:, j], label=ln.name)
        plt.xlabel("t (s)")
        plt.ylabel("fairlead tension (kN)")
        plt.legend()
        plt.savefig(args.plot, dpi=120)
        print("wrote " + args.plot)


if __name__ == "__main__":
    main()
