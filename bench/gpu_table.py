#!/usr/bin/env python3
"""One table from a GPU session's CSVs (scripts/gpu-session): the issue's goals per path.

  python3 bench/gpu_table.py LUMPED_CSV [RIGID_CSV]   > table.md

LUMPED_CSV: lumped_bench rows (any backend: cuda-<path> and cpu rows with their threads);
RIGID_CSV: rigid_bench rows. Standard library only. Rows are grouped by case, backend (path),
threads and integrator; where a group has several rows (repeated runs) the best rate is shown.
Goals (docs/gpu.md, issue "Scale"): >= 1e10 segment-steps/s and >= half the copy bandwidth at 1e6
segments; >= 20x real time for one 1000-segment line at its critical step; chain330 60 s of
simulated time in under 60 s; CPU threads at >= 0.8 x threads of the 1-thread rate.
"""
import csv
import sys


def num(s):
    try:
        return float(s)
    except (TypeError, ValueError):
        return float("nan")


def fmt(x, spec=".3g"):
    return "" if x != x else format(x, spec)


def best(rows, key):
    out = {}
    for r in rows:
        k = key(r)
        if k not in out or num(r["seg_steps_per_s"]) > num(out[k]["seg_steps_per_s"]):
            out[k] = r
    return out


def lumped(path):
    with open(path, newline="") as f:
        rows = [r for r in csv.DictReader(f) if not r["case"].endswith("-quick")]
    if not rows:
        return
    dev = next((r["device"] for r in rows if r.get("device")), "")
    bw = next((num(r["copy_bw_GB_per_s"]) for r in rows if r.get("copy_bw_GB_per_s")), float("nan"))
    print(f"## Lumped mass ({dev or 'CPU'}; measured copy bandwidth {fmt(bw)} GB/s)\n")
    print("| case | backend / path | threads | integrator | segments | segment-steps/s | of copy bw "
          "| RT factor at dt_crit | 60 s simulated (s) | goal |")
    print("| --- | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |")
    g = best(rows, lambda r: (r["case"], r["backend"], r.get("threads", ""), r["integrator"]))
    one = {}
    for k in sorted(g, key=lambda k: (k[1], int(num(g[k]["segments"])), k[0], num(k[2] or 0), k[3])):
        r = g[k]
        rate, segs, ofbw = num(r["seg_steps_per_s"]), int(num(r["segments"])), num(r["fraction_of_copy_bw"])
        rt, wps = num(r["realtime_factor_at_crit"]), num(r["wall_per_sim_s"])
        case, back, thr = r["case"], r["backend"], r.get("threads", "")
        goal = ""
        if back.startswith("cuda") and segs >= 1_000_000 and case.startswith("chain") and "x" in case:
            goal = ("ok" if ofbw >= 0.5 else "MISSED") + " (>= 0.5 of copy bw)"
            if r["integrator"] == "euler":
                goal += "; " + ("ok" if rate >= 1e10 else "MISSED") + " (>= 1e10 seg-steps/s)"
        elif back.startswith("cuda") and segs == 1000 and int(num(r["lines"])) == 1 and rt == rt:
            goal = ("ok" if rt >= 20 else "MISSED") + " (>= 20x real time)"
        elif back.startswith("cuda") and case.startswith("chain330"):
            goal = ("ok" if wps * 60 < 60 else "MISSED") + " (< 60 s)"
        if back == "cpu":
            base = (case, back, r["integrator"])
            if thr == "1":
                one[base] = rate
        print(f"| {case} | {back} | {thr} | {r['integrator']} | {segs} | {fmt(rate)} | {fmt(ofbw, '.2f')} "
              f"| {fmt(rt)} | {fmt(wps * 60) if case.startswith('chain330') else ''} | {goal} |")
    cpu = [g[k] for k in g if g[k]["backend"] == "cpu" and (g[k]["case"], "cpu", g[k]["integrator"]) in one]
    if cpu:
        print("\n### CPU threads (speedup over 1 thread; goal >= 0.8 x threads at >= 1e5 segments)\n")
        print("| case | integrator | threads | segment-steps/s | speedup | per thread | goal |")
        print("| --- | --- | ---: | ---: | ---: | ---: | --- |")
        for r in sorted(cpu, key=lambda r: (r["case"], r["integrator"], int(num(r["threads"])))):
            n = int(num(r["threads"]))
            s = num(r["seg_steps_per_s"]) / one[(r["case"], "cpu", r["integrator"])]
            ok = "" if int(num(r["segments"])) < 100_000 or n == 1 else ("ok" if s >= 0.8 * n else "MISSED")
            print(f"| {r['case']} | {r['integrator']} | {n} | {fmt(num(r['seg_steps_per_s']))} | {s:.2f} "
                  f"| {s / n:.2f} | {ok} |")
    print()


def rigid(path):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    if not rows:
        return
    rate_col = next((c for c in rows[0] if "per_s" in c), None)
    keys = [c for c in ("case", "elements", "cables", "note") if c in rows[0]]
    print("## Rigid cables (the note names the backend, path and threads)\n")
    print("| " + " | ".join(keys + [rate_col]) + " |")
    print("| " + " | ".join("---" for _ in keys + [rate_col]) + " |")
    for r in rows:
        print("| " + " | ".join(r.get(c, "") for c in keys + [rate_col]) + " |")
    print()


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    lumped(sys.argv[1])
    if len(sys.argv) > 2:
        rigid(sys.argv[2])
