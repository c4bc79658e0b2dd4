#!/usr/bin/env bash
# Installs the Debian packages Hawser builds with, when any is missing (Debian 12, as root or with
# sudo). The CUDA toolkit (nvcc) is expected on PATH already; without it the CPU path still builds.
set -euo pipefail
need=()
for pkg in cmake make gcc pkg-config libyaml-dev libcriterion-dev libhdf5-dev gnuplot-nox; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  echo "hawser: installing ${need[*]}" >&2
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
