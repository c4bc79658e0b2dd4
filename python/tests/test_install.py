"""The package installs with pip, offline (--no-build-isolation --no-index, Debian's setuptools),
into a virtual environment, with the build's library bundled, and works from outside the source
tree without HAWSER_LIBRARY.

Scratch: a copy of python/ and the venv go under HAWSER_TEST_TMP (the build tree; CTest sets it)
or pytest's tmp_path, so pip's in-tree build writes nothing into the sources."""

import importlib.util
import os
import shutil
import subprocess
import sys

import pytest

from conftest import EXAMPLES, HERE

PKG = os.path.dirname(HERE)


def test_pip_install_and_use(tmp_path):
    lib_dir = os.environ.get("HAWSER_LIB_DIR")
    if not lib_dir:
        pytest.skip("HAWSER_LIB_DIR (the build's libhawser.so.0 directory) not given")
    # python3-pip (the venv below sees it with the system's packages) and python3-venv
    lacking = [m for m in ("pip", "venv") if importlib.util.find_spec(m) is None]
    if lacking:
        pytest.skip("this Python cannot pip install into a venv: no %s (Debian: python3-pip "
                    "python3-venv)" % " ".join(lacking))
    base = os.environ.get("HAWSER_TEST_TMP")
    work = os.path.join(base, "pip_install") if base else str(tmp_path)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    src = os.path.join(work, "src")
    shutil.copytree(PKG, src, ignore=shutil.ignore_patterns(
        "tests", "build", "*.egg-info", "__pycache__", "_lib"))
    env_dir = os.path.join(work, "venv")
    # No pip of its own (ensurepip is slow and may be absent): the system's pip, which the venv
    # sees through --system-site-packages, installs into the venv.
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", "--system-site-packages",
                    env_dir], check=True)
    py = os.path.join(env_dir, "bin", "python")
    env = dict(os.environ, HAWSER_LIB_DIR=lib_dir, TMPDIR=work, PIP_NO_CACHE_DIR="1",
               PIP_DISABLE_PIP_VERSION_CHECK="1", PYTHONDONTWRITEBYTECODE="1")
    env.pop("HAWSER_LIBRARY", None)
    env.pop("PYTHONPATH", None)
    r = subprocess.run([py, "-m", "pip", "install", "--no-build-isolation", "--no-index", src],
                       env=env, cwd=work, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    script = """
import os, sys, hawser
assert hawser.__file__.startswith(sys.prefix), hawser.__file__
assert hawser.library_path.startswith(os.path.dirname(hawser.__file__)), hawser.library_path
with hawser.World.load(sys.argv[1], t_end=0.5) as w:
    w.run()
    print("%.6f %d %.1f" % (w.time, len(w.lines), w.line("line1").end_tensions[1]))
"""
    r = subprocess.run([py, "-c", script, os.path.join(EXAMPLES, "oc4_mooring.yaml")],
                       env=env, cwd=work, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    t, n, tb = r.stdout.split()
    assert float(t) == 0.5 and n == "3" and float(tb) > 1e5
