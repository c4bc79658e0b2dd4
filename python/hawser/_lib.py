"""Finding libhawser.so and declaring the C API's functions to ctypes (private).

The library is looked for, in order:

1. the ``HAWSER_LIBRARY`` environment variable: the path of the library file (only that one is
   tried: a wrong path is an error, not a fall-through);
2. the copy bundled in the package at install time (``hawser/_lib/libhawser.so.0``);
3. the system's: ``ctypes.util.find_library("hawser")`` (the linker cache), ``libhawser.so.0``
   through the dynamic loader's search (``LD_LIBRARY_PATH``, ...), then ``lib/`` under
   ``sys.prefix``, ``/usr/local`` and ``/usr``.

Every prototype below follows include/hawser/hawser.h, world.h and rigid.h.
"""

import ctypes
import ctypes.util
import os
import sys

from ctypes import POINTER, c_char_p, c_double, c_int, c_long, c_size_t, c_void_p

_HERE = os.path.dirname(os.path.abspath(__file__))
_SONAME = "libhawser.so.0"


def _candidates():
    env = os.environ.get("HAWSER_LIBRARY")
    if env:
        return [env]
    out = []
    for name in (_SONAME, "libhawser.so"):
        p = os.path.join(_HERE, "_lib", name)
        if os.path.exists(p):
            out.append(p)
    found = ctypes.util.find_library("hawser")
    if found:
        out.append(found)
    out.append(_SONAME)
    for prefix in (sys.prefix, "/usr/local", "/usr"):
        for libdir in ("lib", "lib64", "lib/x86_64-linux-gnu", "lib/aarch64-linux-gnu"):
            p = os.path.join(prefix, libdir, _SONAME)
            if os.path.exists(p):
                out.append(p)
    return out


def _where(name):
    """The file a library loaded by a bare name came from (/proc/self/maps), or the name."""
    try:
        with open("/proc/self/maps") as f:
            for line in f:
                p = line.split(None, 5)[-1].strip()
                if os.path.basename(p).startswith("libhawser.so"):
                    return p
    except OSError:
        pass
    return name


def _load():
    tried = []
    for cand in _candidates():
        try:
            lib = ctypes.CDLL(cand)
        except OSError as e:
            tried.append("%s (%s)" % (cand, e))
            continue
        return lib, cand if os.sep in cand else _where(cand)
    raise ImportError(
        "hawser: libhawser.so not found; set HAWSER_LIBRARY to its path (e.g. "
        "build/host/libhawser.so), install the package with HAWSER_LIB_DIR set to the build's "
        "host/ directory, or install the library (cmake --install). Tried: " + "; ".join(tried))


lib, path = _load()


# ---- structures (same layout as the C headers) -------------------------------------------------
class EndStats(ctypes.Structure):
    _fields_ = [("samples", c_long), ("mean", c_double), ("std", c_double), ("min", c_double),
                ("max", c_double), ("t_min", c_double), ("t_max", c_double)]


class LineExtremes(ctypes.Structure):
    _fields_ = [("max_tension", c_double), ("max_time", c_double), ("max_segment", c_int),
                ("min_tension", c_double), ("min_time", c_double), ("min_segment", c_int),
                ("max_strain", c_double), ("max_strain_segment", c_int),
                ("end_a", EndStats), ("end_b", EndStats)]


class Energy(ctypes.Structure):
    _fields_ = [(n, c_double) for n in
                ("kinetic", "gravity", "axial", "bending", "seabed", "dissipated", "total")]


class WorldEnergy(ctypes.Structure):
    _fields_ = [("lumped", Energy)] + [(n, c_double) for n in
                ("body_kinetic", "body_potential", "body_dissipated", "rigid", "network",
                 "total")]


LOG_FN = ctypes.CFUNCTYPE(None, c_void_p, c_int, c_char_p)


class LoadOpts(ctypes.Structure):
    _fields_ = [("backend", c_int), ("dt", c_double), ("t_end", c_double),
                ("n_overrides", c_int), ("overrides", POINTER(c_char_p)),
                ("log", LOG_FN), ("log_user", c_void_p)]


# ---- prototypes --------------------------------------------------------------------------------
_P = c_void_p          # an opaque handle (hw_world *, hw_sim *, hw_rc *, hw_net *)
_D = POINTER(c_double)  # a double array (NumPy's data pointer)
_S = c_int             # hw_status
_PROTOS = {
    "hw_status_str": (c_char_p, [c_int]),
    "hw_version": (c_char_p, []),
    "hw_set_threads": (c_int, [c_int]),
    "hw_threads": (c_int, []),
    # world
    "hw_default_load_opts": (LoadOpts, []),
    "hw_world_load": (_S, [c_char_p, POINTER(LoadOpts), POINTER(_P), c_char_p, c_size_t]),
    "hw_world_load_string": (_S, [c_char_p, c_char_p, POINTER(LoadOpts), POINTER(_P), c_char_p,
                                  c_size_t]),
    "hw_world_destroy": (None, [_P]),
    "hw_world_last_error": (c_char_p, [_P]),
    "hw_world_step": (_S, [_P, c_int]),
    "hw_world_advance_to": (_S, [_P, c_double]),
    "hw_world_time": (c_double, [_P]),
    "hw_world_dt": (c_double, [_P]),
    "hw_world_t_end": (c_double, [_P]),
    "hw_world_lumped": (_P, [_P]),
    "hw_world_rigid": (_P, [_P]),
    "hw_world_network": (_P, [_P]),
    "hw_world_find": (c_int, [_P, c_int, c_char_p]),
    "hw_world_count": (c_int, [_P, c_int]),
    "hw_world_name": (c_char_p, [_P, c_int, c_int]),
    "hw_world_n_bodies": (c_int, [_P]),
    "hw_world_body_state": (_S, [_P, c_int, _D, _D, _D, _D]),
    "hw_world_body_cable_load": (_S, [_P, c_int, _D, _D]),
    "hw_world_body_acceleration": (_S, [_P, c_int, _D, _D]),
    "hw_world_set_body_load": (_S, [_P, c_int, _D, _D]),
    "hw_world_set_body_kinematics": (_S, [_P, c_int, _D, _D, _D, _D]),
    "hw_world_get_energy": (_S, [_P, POINTER(WorldEnergy)]),
    "hw_world_static_info": (_S, [_P, POINTER(c_int), POINTER(c_double)]),
    # lumped lines
    "hw_sim_last_error": (c_char_p, [_P]),
    "hw_sim_backend_name": (c_char_p, [_P]),
    "hw_sim_steps_taken": (c_long, [_P]),
    "hw_sim_line_nseg": (c_int, [_P, c_int]),
    "hw_sim_line_positions": (_S, [_P, c_int, _D]),
    "hw_sim_line_velocities": (_S, [_P, c_int, _D]),
    "hw_sim_line_tensions": (_S, [_P, c_int, _D]),
    "hw_sim_line_end_tensions": (_S, [_P, c_int, _D, _D]),
    "hw_sim_line_end_forces": (_S, [_P, c_int, _D, _D]),
    "hw_sim_line_node_forces": (_S, [_P, c_int, _D]),
    "hw_sim_point_acceleration": (_S, [_P, c_int, _D]),
    "hw_sim_line_mass": (c_double, [_P, c_int]),
    "hw_sim_point_state": (_S, [_P, c_int, _D, _D, _D]),
    "hw_sim_set_point_kinematics": (_S, [_P, c_int, _D, _D]),
    "hw_sim_set_winch_speed": (_S, [_P, c_int, c_double]),
    "hw_sim_winch_state": (_S, [_P, c_int, _D, _D, _D, POINTER(c_int)]),
    "hw_sim_sheave_state": (_S, [_P, c_int, _D, _D, _D, _D, POINTER(c_int)]),
    "hw_sim_all_line_extremes": (_S, [_P, POINTER(LineExtremes)]),
    "hw_sim_line_failure": (_S, [_P, c_int, POINTER(c_int), _D, POINTER(c_int), _D, _D]),
    "hw_sim_energy": (_S, [_P, POINTER(Energy)]),
    "hw_sim_segment_extremes": (_S, [_P, c_int, _D, _D, _D, _D, _D]),
    "hw_sim_critical_step": (_S, [_P, _D, POINTER(c_int), POINTER(c_int)]),
    # rigid cables
    "hw_rc_last_error": (c_char_p, [_P]),
    "hw_rc_n_cables": (c_int, [_P]),
    "hw_rc_elements": (c_int, [_P, c_int]),
    "hw_rc_cable_length": (c_double, [_P, c_int]),
    "hw_rc_nodes": (_S, [_P, c_int, _D]),
    "hw_rc_tensions": (_S, [_P, c_int, _D]),
    "hw_rc_end_forces": (_S, [_P, c_int, _D, _D]),
    # network
    "hw_net_node_state": (_S, [_P, c_int, _D, _D]),
}

missing = []
for _name, (_res, _args) in _PROTOS.items():
    try:
        _f = getattr(lib, _name)
    except AttributeError:
        missing.append(_name)
        continue
    _f.restype = _res
    _f.argtypes = _args


def fn(name):
    """The C function `name`; an AttributeError naming the library when it lacks it (a build
    older than this package)."""
    if name in missing:
        raise AttributeError("hawser: %s has no %s (a library older than this package; rebuild "
                             "it)" % (path, name))
    return getattr(lib, name)
