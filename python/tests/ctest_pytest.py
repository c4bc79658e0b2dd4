"""CTest's entry to the package's pytest files (tests/CMakeLists.txt, test_python): exits 77
(CTest: skipped) with a clear message when this interpreter lacks numpy or pytest (Debian:
python3-numpy python3-pytest, which scripts/deps.sh installs), else runs pytest on this folder
with the arguments given."""

import os
import sys

missing = []
for mod in ("numpy", "pytest"):
    try:
        __import__(mod)
    except ImportError:
        missing.append(mod)
if missing:
    print("test_python skipped: %s has no %s (apt-get install %s, or scripts/deps.sh)"
          % (sys.executable, " ".join(missing), " ".join("python3-" + m for m in missing)))
    sys.exit(77)

import pytest  # noqa: E402

sys.exit(pytest.main([os.path.dirname(os.path.abspath(__file__))] + sys.argv[1:]))
