"""Shared paths for the hawser package's tests (run by CTest: tests/CMakeLists.txt test_python).

Environment (CTest sets them; a run by hand may too):
  HAWSER_LIBRARY   the build's libhawser.so (the package loads it)
  HAWSER_CLI       the build's hawser program (tests comparing with its files; skipped without)
  HAWSER_LIB_DIR   the directory of libhawser.so.0 (the pip-install test bundles it)
"""

import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
EXAMPLES = os.path.join(REPO, "examples")
DATA = os.path.join(REPO, "tests", "data")

# The package from this source tree (the pip-install test installs it separately).
sys.path.insert(0, os.path.dirname(HERE))


@pytest.fixture
def cli():
    path = os.environ.get("HAWSER_CLI")
    if not path or not os.access(path, os.X_OK):
        pytest.skip("HAWSER_CLI (the hawser program) not given")
    return path
