#!/usr/bin/env bash
# The installed-consumer test (CTest test_install; docs/install.md): installs this build into a
# scratch prefix under the build tree and uses it as a program outside the project would.
#   test_install.sh BUILD_DIR SOURCE_DIR SCRATCH LIBDIR C_COMPILER CUDA(ON/OFF) [CONSUMER_FLAGS]
# (CONSUMER_FLAGS: what a consumer of this build must compile and link with: the sanitizers of a
# HAWSER_SANITIZE build.) Exits 77 (skipped) when LIBDIR is absolute: the install would leave the
# scratch prefix.
# Checks: the files are where docs/install.md says; the installed `hawser` runs; libhawser.so
# exports exactly the functions declared in include/hawser/*.h (nm -D against the headers); the
# consumer (tests/install_consumer/main.c) builds with find_package(Hawser) and with pkg-config,
# against the shared library and the static one, and prints the hand value of its tension (from
# an hw_sim and from a world loaded from YAML text); a consumer of the shared library gets no CUDA
# flag and needs no CUDA library; the headers build warning-free in C99 and in C++.
set -euo pipefail
build=$1 src=$2 scratch=$3 libdir=$4 cc=$5 cuda=$6 cflags=${7:-}
prefix=$scratch/prefix
case "$libdir" in /*) echo "test_install: CMAKE_INSTALL_LIBDIR $libdir is absolute: skipped"; exit 77;; esac
rm -rf "$scratch"
mkdir -p "$scratch"
fail() { echo "test_install: $*" >&2; exit 1; }
errors=0
bad() { echo "test_install: $*" >&2; errors=1; }  # a failed check that lets the others run
expect="sim: tension 20020.020020 N (expected 20020.020020 N)
world: tension 20020.020020 N (expected 20020.020020 N)"

cmake --install "$build" --prefix "$prefix" >"$scratch/install.log" || { cat "$scratch/install.log"; fail "cmake --install failed"; }

for f in bin/hawser "$libdir/libhawser.so" "$libdir/libhawser.so.0" "$libdir/libhawser.a" \
         include/hawser/hawser.h include/hawser/world.h \
         "$libdir/cmake/Hawser/HawserConfig.cmake" "$libdir/cmake/Hawser/HawserConfigVersion.cmake" \
         "$libdir/pkgconfig/hawser.pc" "$libdir/pkgconfig/hawser-static.pc" \
         share/doc/hawser/README.md share/doc/hawser/docs/install.md \
         share/doc/hawser/examples/oc4_mooring.yaml; do
  [ -e "$prefix/$f" ] || fail "not installed: $f"
done
"$prefix/bin/hawser" --version >/dev/null || fail "the installed hawser does not run"

# The shared library's exports are the public headers' functions, every one defined.
nm -D --defined-only "$prefix/$libdir/libhawser.so" | awk '$2 == "T" { print $3 }' | sort >"$scratch/exported.txt"
sort "$build/hawser_api.txt" >"$scratch/declared.txt"
if ! cmp -s "$scratch/declared.txt" "$scratch/exported.txt"; then
  echo "declared in include/hawser/*.h but not exported:" >&2
  comm -23 "$scratch/declared.txt" "$scratch/exported.txt" | sed 's/^/  /' >&2
  echo "exported but not declared:" >&2
  comm -13 "$scratch/declared.txt" "$scratch/exported.txt" | sed 's/^/  /' >&2
  bad "libhawser.so's exports differ from the public API"
fi
if readelf -d "$prefix/$libdir/libhawser.so" | grep -qi 'NEEDED.*cuda'; then
  fail "libhawser.so needs a CUDA library at run time (cudart should be inside it)"
fi

run() {  # run NAME EXE: the consumer prints the expected tension
  local out
  out=$("$2") || fail "$1: the consumer failed: $out"
  [ "$out" = "$expect" ] || fail "$1: printed '$out', expected '$expect'"
  echo "test_install: $1: ok"
}

# 1. CMake: find_package(Hawser), Hawser::hawser and Hawser::hawser_static.
cmake -S "$src/tests/install_consumer" -B "$scratch/cmake" -DCMAKE_PREFIX_PATH="$prefix" \
      -DCMAKE_C_COMPILER="$cc" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS="$cflags" >"$scratch/cmake.log" 2>&1 \
  || { cat "$scratch/cmake.log"; fail "the consumer's cmake configure failed"; }
cmake --build "$scratch/cmake" >>"$scratch/cmake.log" 2>&1 \
  || { cat "$scratch/cmake.log"; fail "the consumer's cmake build failed"; }
run "cmake, shared" "$scratch/cmake/consumer_shared"
run "cmake, static" "$scratch/cmake/consumer_static"

# 2. pkg-config and a plain compiler.
export PKG_CONFIG_PATH="$prefix/$libdir/pkgconfig"
flags=$(pkg-config --cflags --libs hawser) || fail "pkg-config hawser failed"
case "${flags//$prefix/}" in *cuda*|*CUDA*) fail "pkg-config --cflags --libs hawser names CUDA: $flags";; esac
# shellcheck disable=SC2086
"$cc" -std=c99 -Wall -Wextra -pedantic -Werror $cflags -o "$scratch/pc_shared" "$src/tests/install_consumer/main.c" $flags -lm \
      -Wl,-rpath,"$(pkg-config --variable=libdir hawser)" || fail "cc with pkg-config hawser failed"
run "pkg-config, shared" "$scratch/pc_shared"
if readelf -d "$scratch/pc_shared" | grep -qi 'NEEDED.*cuda'; then
  fail "the shared library's consumer needs a CUDA library"
fi
static_flags=$(pkg-config --cflags --libs hawser-static) || fail "pkg-config hawser-static failed"
# shellcheck disable=SC2086
"$cc" $cflags -o "$scratch/pc_static" "$src/tests/install_consumer/main.c" $static_flags \
  || fail "cc with pkg-config hawser-static failed"
run "pkg-config, static" "$scratch/pc_static"
# the headers in C++ too (extern "C")
if command -v c++ >/dev/null; then
  printf '#include <hawser/world.h>\n#include <hawser/checkpoint.h>\nint main() { return hw_world_t_end(nullptr) > 0; }\n' \
    >"$scratch/headers.cpp"
  # shellcheck disable=SC2086
  c++ -Wall -Wextra -Werror $cflags -o "$scratch/cxx_shared" "$scratch/headers.cpp" $flags \
    -Wl,-rpath,"$(pkg-config --variable=libdir hawser)" || bad "the public headers do not build in C++"
fi
# --static on hawser.pc lists the archive's dependencies (those of hawser-static.pc)
private=$(pkg-config --static --libs hawser)
if [ "$cuda" = ON ]; then
  case "$private" in *-lcudart_static*) ;; *) fail "pkg-config --static --libs hawser lacks cudart_static: $private";; esac
fi
case "$private" in *-lyaml*) ;; *) fail "pkg-config --static --libs hawser lacks libyaml: $private";; esac
[ "$errors" = 0 ] || fail "failed (above)"
echo "test_install: ok ($prefix)"
