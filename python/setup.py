"""Bundles libhawser.so into the package at install time (docs/api.md, "Python: installing").

HAWSER_LIB_DIR=DIR   copy DIR/libhawser.so.0 (a build's host/ directory, or an installed lib/)
                     into hawser/_lib/;
HAWSER_LIB_DIR=none  bundle nothing: the package uses HAWSER_LIBRARY or the system's library;
unset                build the library with cmake from the repository this directory is in
                     (target hawser_shared, tests and benchmarks off; HAWSER_CMAKE_ARGS adds
                     options, e.g. "-DHAWSER_ENABLE_CUDA=OFF"), or, outside a repository,
                     bundle nothing.
Everything is offline: no download at any step.
"""

import glob
import os
import shlex
import shutil
import subprocess

from setuptools import setup
from setuptools.command.build_py import build_py as _build_py
from setuptools.dist import Distribution

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
SONAME = "libhawser.so.0"


def _from_dir(d):
    for name in (SONAME, "libhawser.so"):
        p = os.path.join(d, name)
        if os.path.exists(p):
            return os.path.realpath(p)
    found = sorted(glob.glob(os.path.join(d, "libhawser.so.*")))
    if found:
        return os.path.realpath(found[0])
    raise SystemExit("hawser: HAWSER_LIB_DIR=%s holds no libhawser.so (build the target "
                     "hawser_shared: cmake --build BUILD --target hawser_shared)" % d)


def _cmake_build(build_temp):
    if not os.path.exists(os.path.join(REPO, "CMakeLists.txt")) or not shutil.which("cmake"):
        return None
    bdir = os.path.join(os.path.abspath(build_temp), "libhawser")
    args = ["cmake", "-S", REPO, "-B", bdir, "-DCMAKE_BUILD_TYPE=Release",
            "-DHAWSER_BUILD_TESTS=OFF", "-DHAWSER_BUILD_BENCH=OFF"]
    args += shlex.split(os.environ.get("HAWSER_CMAKE_ARGS", ""))
    print("hawser: building libhawser.so: " + " ".join(args))
    subprocess.check_call(args)
    subprocess.check_call(["cmake", "--build", bdir, "--target", "hawser_shared", "-j",
                           str(len(os.sched_getaffinity(0)))])
    return _from_dir(os.path.join(bdir, "host"))


def _library(build_temp):
    d = os.environ.get("HAWSER_LIB_DIR")
    if d is not None:
        return None if d.lower() in ("", "none") else _from_dir(d)
    return _cmake_build(build_temp)


class build_py(_build_py):
    def run(self):
        super().run()
        src = _library(self.get_finalized_command("build").build_temp)
        if src is None:
            print("hawser: no library bundled; the package will use HAWSER_LIBRARY or the "
                  "system's libhawser.so.0")
            return
        dst = os.path.join(self.build_lib, "hawser", "_lib")
        os.makedirs(dst, exist_ok=True)
        shutil.copyfile(src, os.path.join(dst, SONAME))
        print("hawser: bundled %s" % src)


class BinaryDistribution(Distribution):
    """A platform wheel: the package may carry a compiled library."""

    def has_ext_modules(self):
        return True


setup(cmdclass={"build_py": build_py}, distclass=BinaryDistribution)
