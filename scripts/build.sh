#!/usr/bin/env bash
# Configures and builds into build/ (RelWithDebInfo; the compute kernels are -O3 with an AVX2
# clone of their element loops in this build too: kernels/CMakeLists.txt).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >&2
cmake --build build -j"$(nproc)" >&2  # build log to stderr: stdout stays the run's JSON
