#!/usr/bin/env bash
# Installs the Debian packages Hawser builds with, when any is missing (Debian 12, as root or with
# sudo). The CUDA toolkit (nvcc) is expected on PATH already; without it the CPU path still builds.
#   scripts/deps.sh          what the build and ./scripts/test need
#   scripts/deps.sh --fuzz   also clang and its libFuzzer runtime, for -DHAWSER_FUZZ=ON (scripts/fuzz)
set -euo pipefail
pkgs=(cmake make gcc pkg-config python3 libyaml-dev libcriterion-dev libhdf5-dev libfftw3-dev gnuplot-nox)
# OpenMPI: `mpirun -np N hawser sweep ...` shares a sweep's cases between ranks (docs/sweep.md)
pkgs+=(libopenmpi-dev openmpi-bin)
[ "${1:-}" = "--fuzz" ] && pkgs+=(clang-14 libclang-rt-14-dev)
need=()
for pkg in "${pkgs[@]}"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  echo "hawser: installing ${need[*]}" >&2
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
