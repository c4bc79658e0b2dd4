"""Hawser: a discretized cable solver (lumped-mass lines, rigid cables, 6-DOF bodies, a 1-D
network) from Python, over the C library libhawser.so (ctypes).

    import hawser
    with hawser.World.load("examples/oc4_mooring.yaml", t_end=20) as w:
        fairlead = w.point("fairlead1")
        while w.time < w.t_end:
            w.advance_to(w.time + 0.1)
            print(w.time, w.line("line1").end_tensions[1])

docs/api.md ("Python") describes the package; the library is found through HAWSER_LIBRARY, a
copy bundled at install time, or the system's (hawser/_lib.py).
"""

from .errors import (HawserError, HawserIOError, InputError, Interrupted, InvalidArgumentError,
                     NoDeviceError, NotConvergedError, NumericalError, OutOfMemoryError,
                     StateError, UnsupportedError)
from .world import (BODY, LINE, NET_NODE, POINT, RIGID_CABLE, SHEAVE, WINCH, Body, BodyState,
                    CriticalStep, EndStats, SegmentExtremes, Energy, Line, LineExtremes, Point, PointState, RigidCable, Sheave,
                    SheaveState, Winch, WinchState, World, WorldEnergy, library_version,
                    set_threads, status_name, threads)
from . import _lib

__version__ = "0.1.0"
library_path = _lib.path
"""The path libhawser.so was loaded from."""

__all__ = ["World", "Line", "Point", "Body", "Winch", "Sheave", "RigidCable", "BodyState",
           "SegmentExtremes", "CriticalStep",
           "PointState", "WinchState", "SheaveState", "LineExtremes", "EndStats", "Energy",
           "WorldEnergy", "set_threads", "threads", "library_version", "status_name",
           "library_path", "LINE", "POINT", "SHEAVE", "WINCH", "BODY", "RIGID_CABLE", "NET_NODE",
           "HawserError", "InvalidArgumentError", "InputError", "NumericalError",
           "NotConvergedError", "NoDeviceError", "UnsupportedError", "OutOfMemoryError",
           "HawserIOError", "StateError", "Interrupted"]
