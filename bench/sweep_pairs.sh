#!/usr/bin/env bash
# Wall time of one sweep run four ways, interleaved round by round (this machine is shared and
# noisy: compare within a round): serial (one case at a time), --jobs 2 (two processes), mpirun -np 2
# (two ranks sharing a work queue), and --ensemble N (the cases grouped into one model per run).
#   bench/sweep_pairs.sh [BUILD] [ROUNDS] [T_END] [BACKEND]   (default build 3 30 cpu; auto on a GPU)
# Prints CSV: round,mode,wall_s.
set -euo pipefail
cd "$(dirname "$0")/.."
B=${1:-build}; R=${2:-3}; T=${3:-30}; BK=${4:-cpu}
H=$B/host/hawser
base=examples/oc4_mooring.yaml; sw=examples/oc4_sweep.yaml
out=$(mktemp -d "$B/sweep_pairs.XXXXXX")
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
echo "round,mode,wall_s"
for r in $(seq 1 "$R"); do
  for mode in serial jobs2 mpi2 ensemble6; do
    d=$out/$mode.$r
    case $mode in
      serial)    cmd=("$H" sweep "$base" "$sw" -o "$d" --t-end "$T" -q --backend "$BK") ;;
      jobs2)     cmd=("$H" sweep "$base" "$sw" -o "$d" --t-end "$T" -q --backend "$BK" --jobs 2) ;;
      mpi2)      cmd=(mpirun -np 2 --oversubscribe "$H" sweep "$base" "$sw" -o "$d" --t-end "$T" -q --backend "$BK") ;;
      ensemble6) cmd=("$H" sweep "$base" "$sw" -o "$d" --t-end "$T" -q --backend "$BK" --ensemble 6) ;;
    esac
    t0=$(date +%s.%N); "${cmd[@]}" > /dev/null; t1=$(date +%s.%N)
    echo "$r,$mode,$(echo "$t1 - $t0" | bc -l | sed 's/^\./0./')"
  done
done
rm -rf "$out"
