"""hawser.World: a scenario or deck loaded into libhawser's world (include/hawser/world.h),
stepped, read into NumPy arrays and driven from outside (co-simulation)."""

import ctypes
import logging
import math
import os
from collections import namedtuple
from ctypes import POINTER, byref, c_char_p, c_double, c_int, c_void_p
from dataclasses import dataclass

import numpy as np

from . import _lib
from .errors import HawserError, error_for

# hw_object_kind
LINE, POINT, SHEAVE, WINCH, BODY, RIGID_CABLE, NET_NODE = range(7)
_KIND_WORD = {LINE: "line", POINT: "point", SHEAVE: "sheave", WINCH: "winch", BODY: "body",
              RIGID_CABLE: "rigid cable", NET_NODE: "network node"}
_BACKENDS = {"cpu": 0, "cuda": 1, "auto": 2}
_MSG_LEN = 4096
_CHUNK = 2000  # whole steps per C call in a long advance_to (Ctrl-C between calls)

BodyState = namedtuple("BodyState", "position quaternion velocity angular_velocity")
BodyState.__doc__ = """A body's state: reference point (3,), orientation quaternion (4,: w x y z),
velocity (3,) and angular velocity (3,), world frame."""
PointState = namedtuple("PointState", "position velocity force")
PointState.__doc__ = """A point's position (3,), velocity (3,) and the total force the lines exert
on it (3,), N."""
WinchState = namedtuple("WinchState", "length speed tension segments")
WinchState.__doc__ = """A winch's deployed (unstretched) length (m), pay-out speed (m/s, negative
hauls in), tension of the segment at the winch (N) and segment count."""
SegmentExtremes = namedtuple("SegmentExtremes",
                             "max_tension max_time min_tension min_time max_strain")
SegmentExtremes.__doc__ = """Per segment slot of a line, arrays (segments,): largest and smallest
tension (N) with their times (s), largest strain, over every step so far."""
CriticalStep = namedtuple("CriticalStep", "dt line segment")
CriticalStep.__doc__ = """The predicted critical (largest stable) step of the integrator (s), and
the line (name) and segment (1-based) that limit it."""
SheaveState = namedtuple("SheaveState", "speed wrap tension_in tension_out holding")
SheaveState.__doc__ = """A sheave's sliding speed (m/s), wrap angle (rad), tensions of the two
line segments at it (N) and whether a locked sheave holds."""


@dataclass(frozen=True)
class EndStats:
    """Statistics of an end segment's tension over every step (N; population std)."""
    samples: int
    mean: float
    std: float
    min: float
    max: float
    t_min: float
    t_max: float


@dataclass(frozen=True)
class LineExtremes:
    """A line's true extremes, accumulated at every step (hw_line_extremes): tensions in N,
    times in s, segments 1-based."""
    max_tension: float
    max_time: float
    max_segment: int
    min_tension: float
    min_time: float
    min_segment: int
    max_strain: float
    max_strain_segment: int
    end_a: EndStats
    end_b: EndStats


@dataclass(frozen=True)
class Energy:
    """The lumped lines' energy (hw_energy), J."""
    kinetic: float
    gravity: float
    axial: float
    bending: float
    seabed: float
    dissipated: float
    total: float


@dataclass(frozen=True)
class WorldEnergy:
    """Energy over every family (hw_world_energy), J."""
    lumped: Energy
    body_kinetic: float
    body_potential: float
    body_dissipated: float
    rigid: float
    network: float
    total: float


def _struct_fields(s):
    return [getattr(s, name) for name, _ in s._fields_]


def _ptr(a):
    return a.ctypes.data_as(POINTER(c_double))


def _vector(x, n, what):
    """x as a contiguous float64 array of n values (ValueError otherwise)."""
    a = np.ascontiguousarray(x, dtype=np.float64).reshape(-1)
    if a.size != n:
        raise ValueError("hawser: %s takes %d values, got %d" % (what, n, a.size))
    return a


def _text(s):
    return s.decode("utf-8", "replace") if s is not None else None


def _override_strings(overrides):
    """Overrides as "KEY=VALUE" strings: a dict {key: value} (a value that is not a string is
    written as YAML: numbers, booleans, lists) or an iterable of "KEY=VALUE" strings."""
    if overrides is None:
        return []
    if isinstance(overrides, str):
        overrides = [overrides]
    if isinstance(overrides, dict):
        out = []
        for key, value in overrides.items():
            out.append("%s=%s" % (key, _yaml_value(value)))
        return out
    return [str(o) for o in overrides]


def _yaml_value(v):
    if isinstance(v, str):
        return v
    if isinstance(v, bool):
        return "true" if v else "false"
    if v is None:
        return "null"
    if isinstance(v, (int, float, np.integer, np.floating)):
        return repr(float(v)) if isinstance(v, (float, np.floating)) else str(int(v))
    if isinstance(v, (list, tuple, np.ndarray)):
        return "[" + ", ".join(_yaml_value(x) for x in v) + "]"
    return str(v)


def _log_callback(log):
    """A C log sink for `log`: None (silent), True (Python's logging, logger "hawser") or a
    callable(level, message) with level 0 (info) or 1 (warning)."""
    if log is None or log is False:
        return None
    if log is True:
        logger = logging.getLogger("hawser")

        def log(level, message):
            logger.log(logging.WARNING if level else logging.INFO, message)
    if not callable(log):
        raise TypeError("hawser: log must be None, True or a callable(level, message)")
    user = log

    def sink(_user, level, msg):
        user(level, _text(msg))
    return _lib.LOG_FN(sink)


class World:
    """A Hawser world: lumped lines, rigid cables, 6-DOF bodies and a 1-D network loaded from a
    YAML scenario or a MoorDyn v2 deck, with its statics solved (what ``hawser run`` steps,
    without the files it writes).

    Create one with :meth:`World.load` or :meth:`World.from_string`; step it with :meth:`step`,
    :meth:`advance_to` (co-simulation) or :meth:`run`; read states as NumPy arrays through the
    objects :meth:`line`, :meth:`point`, :meth:`body`, :meth:`winch`, :meth:`sheave` and
    :meth:`rigid_cable` return. The library's memory is freed by :meth:`close`, at the end of a
    ``with`` block, or when the object is collected.

    Every failing call raises a :class:`hawser.HawserError` subclass carrying the library's
    message (for bad input "FILE:LINE: FIELD: expected ..., got ...").
    """

    def __init__(self, handle, log_ref=None, source=None):
        # Private: use World.load / World.from_string.
        self._h = handle
        self._log_ref = log_ref  # the C log sink must live as long as the world
        self._sim = c_void_p(_lib.fn("hw_world_lumped")(handle))
        rc = _lib.fn("hw_world_rigid")(handle)
        self._rc = c_void_p(rc) if rc else None
        net = _lib.fn("hw_world_network")(handle)
        self._net = c_void_p(net) if net else None
        self.source = source

    # ---- creation -----------------------------------------------------------------------------
    @staticmethod
    def _opts(backend, dt, t_end, overrides, log):
        if backend not in _BACKENDS:
            raise ValueError("hawser: backend must be one of %s, got %r"
                             % (", ".join(_BACKENDS), backend))
        opts = _lib.fn("hw_default_load_opts")()
        opts.backend = _BACKENDS[backend]
        if dt is not None:
            if not dt > 0:
                raise ValueError("hawser: dt must be > 0 (None: the file's), got %r" % (dt,))
            opts.dt = float(dt)
        if t_end is not None:
            if not t_end > 0:
                raise ValueError("hawser: t_end must be > 0 (None: the file's), got %r"
                                 % (t_end,))
            opts.t_end = float(t_end)
        strings = [s.encode() for s in _override_strings(overrides)]
        keep = (c_char_p * max(len(strings), 1))(*strings)
        opts.n_overrides = len(strings)
        opts.overrides = ctypes.cast(keep, POINTER(c_char_p))
        sink = _log_callback(log)
        if sink is not None:
            opts.log = sink
        return opts, (keep, sink)

    @classmethod
    def load(cls, path, backend="cpu", dt=None, t_end=None, overrides=None, log=None):
        """Loads a YAML scenario or a MoorDyn v2 deck (a deck has '---' section headers, or the
        extension .dat, .txt, .in or .inp) and solves its statics.

        Args:
            path: the file (str or os.PathLike).
            backend: "cpu", "cuda" or "auto" (the lumped lines' and rigid cables' backend).
            dt: the time step, s (None: the file's solver.dt).
            t_end: the end time, s (None: the file's solver.t_end); :meth:`run` goes there.
            overrides: scenario keys set before the file is checked (YAML only), as a dict
                ``{"environment.current.speed": 1.5, "lines.mooring.segments": 40}`` or a list
                of ``"KEY=VALUE"`` strings (the value is YAML).
            log: None (silent), True (Python's ``logging``, logger "hawser") or a
                callable(level, message), level 0 info or 1 warning.

        Raises:
            InputError, UnsupportedError, HawserIOError, NotConvergedError, NumericalError
            (all HawserError) with the loader's located message.
        """
        opts, keep = cls._opts(backend, dt, t_end, overrides, log)
        handle = c_void_p()
        msg = ctypes.create_string_buffer(_MSG_LEN)
        st = _lib.fn("hw_world_load")(os.fsencode(path), byref(opts), byref(handle), msg,
                                      _MSG_LEN)
        if st != 0:
            raise error_for(st, _text(msg.value))
        return cls(handle, keep, os.fspath(path))

    @classmethod
    def from_string(cls, yaml, name="<string>", backend="cpu", dt=None, t_end=None,
                    overrides=None, log=None):
        """Loads a YAML scenario from its text (str or bytes; `name` in messages; relative file names in it
        are relative to the working directory). Arguments and errors as :meth:`load`."""
        opts, keep = cls._opts(backend, dt, t_end, overrides, log)
        handle = c_void_p()
        msg = ctypes.create_string_buffer(_MSG_LEN)
        text = yaml.encode() if isinstance(yaml, str) else bytes(yaml)
        st = _lib.fn("hw_world_load_string")(text, name.encode(), byref(opts),
                                             byref(handle), msg, _MSG_LEN)
        if st != 0:
            raise error_for(st, _text(msg.value))
        return cls(handle, keep, name)

    # ---- lifetime -----------------------------------------------------------------------------
    def close(self):
        """Frees the world (idempotent). Objects taken from it stop working."""
        h, self._h = getattr(self, "_h", None), None
        if h:
            _lib.fn("hw_world_destroy")(h)
        self._sim = self._rc = self._net = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:  # interpreter shutdown: the library may be gone already
            pass

    @property
    def closed(self):
        """True once :meth:`close` has run."""
        return not self._h

    def _world(self):
        if not self._h:
            raise ValueError("hawser: the world is closed")
        return self._h

    def _lumped(self):
        self._world()
        return self._sim

    def _check(self, st, family="world"):
        if st == 0:
            return
        if family == "sim":
            text = _lib.fn("hw_sim_last_error")(self._sim)
        elif family == "rc":
            text = _lib.fn("hw_rc_last_error")(self._rc)
        else:
            text = _lib.fn("hw_world_last_error")(self._h)
        raise error_for(st, _text(text))

    def __repr__(self):
        if self.closed:
            return "<hawser.World closed>"
        return "<hawser.World %r t=%g dt=%g lines=%d points=%d bodies=%d>" % (
            self.source, self.time, self.dt, len(self.lines), len(self.points),
            len(self.bodies))

    # ---- stepping -----------------------------------------------------------------------------
    def step(self, n=1):
        """Advances n whole steps of :attr:`dt`."""
        n = int(n)
        if n < 0:
            raise ValueError("hawser: step(n) takes n >= 0, got %d" % n)
        h, step = self._world(), _lib.fn("hw_world_step")
        while n > _CHUNK:  # Ctrl-C between calls (advance_to)
            self._check(step(h, _CHUNK))
            n -= _CHUNK
        self._check(step(h, n))

    def advance_to(self, t):
        """Advances to time t exactly (co-simulation): whole steps of dt while they fit, then one
        shortened step that lands on t (a target within a tolerance of a step boundary takes
        none). Advancing in chunks whose ends are multiples of dt gives the states of one call,
        bit for bit. Rigid cables refuse a shortened step (InputError).

        A long advance runs as calls of _CHUNK whole steps (the same steps, bit for bit) so
        that Ctrl-C (KeyboardInterrupt) stops it between two of them, the world at a step's
        end and usable."""
        t = float(t)
        h = self._world()
        dt = _lib.fn("hw_world_dt")(h)
        if dt > 0 and math.isfinite(t):
            step, now = _lib.fn("hw_world_step"), _lib.fn("hw_world_time")
            while t - now(h) > (_CHUNK + 2) * dt:
                self._check(step(h, _CHUNK))
        self._check(_lib.fn("hw_world_advance_to")(h, t))

    def run(self):
        """Advances to :attr:`t_end` (the file's solver.t_end, or the t_end given to load)."""
        self.advance_to(self.t_end)

    @property
    def time(self):
        """The world's time, s."""
        return _lib.fn("hw_world_time")(self._world())

    @property
    def dt(self):
        """The time step, s (the lumped model's: given, or a safe fraction of the critical
        step)."""
        return _lib.fn("hw_world_dt")(self._world())

    @property
    def t_end(self):
        """The time the file asks the run to end at (or load's t_end), s."""
        return _lib.fn("hw_world_t_end")(self._world())

    @property
    def backend(self):
        """The lumped lines' backend: "cpu" or "cuda"."""
        return _text(_lib.fn("hw_sim_backend_name")(self._lumped()))

    @property
    def steps_taken(self):
        """The lumped lines' steps so far (shortened ones included)."""
        return _lib.fn("hw_sim_steps_taken")(self._lumped())

    def critical_step(self):
        """The lumped lines' predicted critical step (:class:`CriticalStep`): dt is usually a
        fraction of it (solver.dt_safety)."""
        dt = np.zeros(1)
        line, seg = c_int(), c_int()
        self._check(_lib.fn("hw_sim_critical_step")(self._lumped(), _ptr(dt), byref(line),
                                                      byref(seg)), "sim")
        name = self.lines[line.value] if 0 <= line.value < len(self.lines) else None
        return CriticalStep(float(dt[0]), name, seg.value)

    def static_info(self):
        """The statics at the start: (outer iterations over the free bodies, their largest
        residual)."""
        it, res = c_int(), c_double()
        self._check(_lib.fn("hw_world_static_info")(self._world(), byref(it), byref(res)))
        return it.value, res.value

    # ---- names --------------------------------------------------------------------------------
    def _names(self, kind):
        h = self._world()
        n = _lib.fn("hw_world_count")(h, kind)
        name = _lib.fn("hw_world_name")
        return [_text(name(h, kind, i)) for i in range(n)]

    @property
    def lines(self):
        """The lumped lines' names, in index order."""
        return self._names(LINE)

    @property
    def points(self):
        """The lumped model's points' names, in index order."""
        return self._names(POINT)

    @property
    def bodies(self):
        """The 6-DOF bodies' names, in index order."""
        return self._names(BODY)

    @property
    def sheaves(self):
        """The sheaves' names, in index order."""
        return self._names(SHEAVE)

    @property
    def winches(self):
        """The names of the lines that have a winch (a winch goes by its line's name)."""
        return [n for n in self._names(WINCH) if n is not None]

    @property
    def rigid_cables(self):
        """The rigid cables' names, in index order."""
        return self._names(RIGID_CABLE)

    @property
    def net_nodes(self):
        """The 1-D network's translational nodes' names, in index order."""
        return self._names(NET_NODE)

    def find(self, kind, name):
        """The index of the object `name` of kind LINE, POINT, SHEAVE, WINCH, BODY, RIGID_CABLE
        or NET_NODE (hawser.LINE, ...), or -1 when there is none."""
        return _lib.fn("hw_world_find")(self._world(), int(kind), name.encode())

    def index(self, kind, key):
        """The index of an object given by name or index (KeyError / IndexError when there is
        no such object)."""
        n = _lib.fn("hw_world_count")(self._world(), kind)
        if isinstance(key, (int, np.integer)) and not isinstance(key, bool):
            k = int(key)
            if k < 0:
                k += n
            if not 0 <= k < n:
                raise IndexError("hawser: %s index %d out of range (%d)"
                                 % (_KIND_WORD[kind], int(key), n))
            if kind == WINCH and _lib.fn("hw_world_name")(self._h, kind, k) is None:
                raise IndexError("hawser: line %d has no winch" % k)
            return k
        k = self.find(kind, str(key))
        if k < 0:
            raise KeyError("hawser: no %s %r (there are: %s)" % (
                _KIND_WORD[kind], key, ", ".join(repr(x) for x in self._names(kind)
                                                 if x is not None) or "none"))
        return k

    # ---- objects ------------------------------------------------------------------------------
    def line(self, key):
        """The lumped line `key` (name or index) as a :class:`Line`."""
        return Line(self, self.index(LINE, key))

    def point(self, key):
        """The point `key` (name or index) as a :class:`Point`."""
        return Point(self, self.index(POINT, key))

    def body(self, key):
        """The 6-DOF body `key` (name or index) as a :class:`Body`."""
        return Body(self, self.index(BODY, key))

    def winch(self, key):
        """The winch of line `key` (the line's name or index) as a :class:`Winch`."""
        return Winch(self, self.index(WINCH, key))

    def sheave(self, key):
        """The sheave `key` (name or index) as a :class:`Sheave`."""
        return Sheave(self, self.index(SHEAVE, key))

    def rigid_cable(self, key):
        """The rigid cable `key` (name or index) as a :class:`RigidCable`."""
        return RigidCable(self, self.index(RIGID_CABLE, key))

    def net_node(self, key):
        """The network node `key`: (position along its axis, velocity)."""
        i = self.index(NET_NODE, key)
        x, v = np.zeros(1), np.zeros(1)
        st = _lib.fn("hw_net_node_state")(self._net, i, _ptr(x), _ptr(v))
        if st != 0:
            raise error_for(st, "network node %d" % i)
        return float(x[0]), float(v[0])

    # ---- whole-world outputs ------------------------------------------------------------------
    def extremes(self):
        """Every lumped line's true extremes so far (hw_sim_all_line_extremes), as a dict
        {line name: :class:`LineExtremes`} in line order."""
        names = self.lines
        buf = (_lib.LineExtremes * max(len(names), 1))()
        self._check(_lib.fn("hw_sim_all_line_extremes")(self._lumped(), buf), "sim")
        return {name: _extremes(buf[i]) for i, name in enumerate(names)}

    def energy(self):
        """Energy over every family (hw_world_get_energy) as a :class:`WorldEnergy`."""
        e = _lib.WorldEnergy()
        self._check(_lib.fn("hw_world_get_energy")(self._world(), byref(e)))
        f = _struct_fields(e)
        return WorldEnergy(Energy(*_struct_fields(f[0])), *f[1:])


def _extremes(x):
    def ends(s):
        return EndStats(*_struct_fields(s))
    return LineExtremes(x.max_tension, x.max_time, x.max_segment, x.min_tension, x.min_time,
                        x.min_segment, x.max_strain, x.max_strain_segment, ends(x.end_a),
                        ends(x.end_b))


class _Object:
    _kind = LINE

    def __init__(self, world, index):
        self.world = world
        self.index = index

    @property
    def name(self):
        return _text(_lib.fn("hw_world_name")(self.world._world(), self._kind, self.index))

    def __repr__(self):
        return "<hawser.%s %d %r>" % (type(self).__name__, self.index, self.name)

    def __eq__(self, other):
        return (type(self) is type(other) and self.world is other.world
                and self.index == other.index)

    def __hash__(self):
        return hash((type(self), id(self.world), self.index))


class Line(_Object):
    """A lumped line of a :class:`World` (states at the world's time; each call a new array)."""
    _kind = LINE

    def _sim(self):
        return self.world._lumped()

    def _call(self, fname, *args):
        self.world._check(_lib.fn(fname)(self._sim(), self.index, *args), "sim")

    @property
    def segments(self):
        """Segments now (a winch changes it)."""
        return _lib.fn("hw_sim_line_nseg")(self._sim(), self.index)

    @property
    def positions(self):
        """Node positions, (segments + 1, 3), node 0 at end A, m."""
        a = np.empty((self.segments + 1, 3))
        self._call("hw_sim_line_positions", _ptr(a))
        return a

    @property
    def velocities(self):
        """Node velocities, (segments + 1, 3), m/s."""
        a = np.empty((self.segments + 1, 3))
        self._call("hw_sim_line_velocities", _ptr(a))
        return a

    @property
    def tensions(self):
        """Segment tensions, (segments,), N (EA strain + BA strain rate, slack 0)."""
        a = np.empty(self.segments)
        self._call("hw_sim_line_tensions", _ptr(a))
        return a

    @property
    def end_tensions(self):
        """Tensions of the end segments, (2,): [T at end A, T at end B], N."""
        a = np.empty(2)
        self._call("hw_sim_line_end_tensions", _ptr(a[0:]), _ptr(a[1:]))
        return a

    @property
    def end_forces(self):
        """Forces the line exerts on its end points, (2, 3): [end A, end B], N (the end node's
        share of the line included: not the end segment's tension)."""
        a = np.empty((2, 3))
        self._call("hw_sim_line_end_forces", _ptr(a[0]), _ptr(a[1]))
        return a

    @property
    def node_forces(self):
        """Net force on each node, (segments + 1, 3), N: tension, bending, weight, buoyancy,
        fluid loads and seabed contact, before the node's inertia (an end node's without its
        point's); MoorDyn's line output flag D's companion."""
        a = np.empty((self.segments + 1, 3))
        self._call("hw_sim_line_node_forces", _ptr(a))
        return a

    @property
    def mass(self):
        """Structural (in-air) mass of the deployed line, kg."""
        return _lib.fn("hw_sim_line_mass")(self._sim(), self.index)

    @property
    def extremes(self):
        """The line's true extremes so far (:class:`LineExtremes`)."""
        return self.world.extremes()[self.name]

    @property
    def segment_extremes(self):
        """Per segment slot (:class:`SegmentExtremes` of (segments,) arrays): on a reeling line a
        slot is a place in the segment array, which shifts as the winch inserts segments."""
        n = self.segments
        a = [np.empty(n) for _ in range(5)]
        self._call("hw_sim_segment_extremes", *[_ptr(x) for x in a])
        return SegmentExtremes(*a)

    @property
    def failure(self):
        """(broken, time, segment, tension, released energy): the line's failure so far (None
        for the values of a line that has not broken)."""
        broken, seg = c_int(), c_int()
        t, ten, rel = np.zeros(1), np.zeros(1), np.zeros(1)
        self._call("hw_sim_line_failure", byref(broken), _ptr(t), byref(seg), _ptr(ten),
                   _ptr(rel))
        if not broken.value:
            return (False, None, None, None, None)
        return (True, float(t[0]), seg.value, float(ten[0]), float(rel[0]))


class Point(_Object):
    """A point of the lumped model."""
    _kind = POINT

    @property
    def state(self):
        """:class:`PointState` (position, velocity, force of the lines on it)."""
        pos, vel, force = np.empty(3), np.empty(3), np.empty(3)
        w = self.world
        w._check(_lib.fn("hw_sim_point_state")(w._lumped(), self.index, _ptr(pos), _ptr(vel),
                                                 _ptr(force)), "sim")
        return PointState(pos, vel, force)

    @property
    def position(self):
        """Position (3,), m."""
        return self.state.position

    @property
    def velocity(self):
        """Velocity (3,), m/s."""
        return self.state.velocity

    @property
    def force(self):
        """The total force all lines exert on the point (3,), N."""
        return self.state.force

    @property
    def acceleration(self):
        """Acceleration (3,), m/s^2, at the current state: a free point's from its loads and
        mass, a prescribed point's from its motion, 0 for fixed and coupled points."""
        a = np.empty(3)
        w = self.world
        w._check(_lib.fn("hw_sim_point_acceleration")(w._lumped(), self.index, _ptr(a)), "sim")
        return a

    def set_kinematics(self, position, velocity=(0.0, 0.0, 0.0)):
        """For a coupled point (co-simulation): its position and velocity from now on (held at
        position + velocity (t - now))."""
        pos, vel = _vector(position, 3, "position"), _vector(velocity, 3, "velocity")
        w = self.world
        w._check(_lib.fn("hw_sim_set_point_kinematics")(w._lumped(), self.index, _ptr(pos),
                                                          _ptr(vel)), "sim")


class Body(_Object):
    """A 6-DOF body of the world."""
    _kind = BODY

    @property
    def state(self):
        """:class:`BodyState` (position (3,), quaternion (4,) w x y z, velocity (3,), angular
        velocity (3,), world frame)."""
        p, q, v, w_ = np.empty(3), np.empty(4), np.empty(3), np.empty(3)
        w = self.world
        w._check(_lib.fn("hw_world_body_state")(w._world(), self.index, _ptr(p), _ptr(q),
                                                  _ptr(v), _ptr(w_)))
        return BodyState(p, q, v, w_)

    @property
    def position(self):
        """Reference point (3,), m."""
        return self.state.position

    @property
    def quaternion(self):
        """Orientation (4,): w x y z."""
        return self.state.quaternion

    @property
    def velocity(self):
        """Velocity of the reference point (3,), m/s."""
        return self.state.velocity

    @property
    def angular_velocity(self):
        """Angular velocity (3,), rad/s, world frame."""
        return self.state.angular_velocity

    @property
    def cable_load(self):
        """(force (3,), moment (3,)): the lumped lines' and rigid cables' load on the body over
        the last step, N and N m about the reference point."""
        f, m = np.empty(3), np.empty(3)
        w = self.world
        w._check(_lib.fn("hw_world_body_cable_load")(w._world(), self.index, _ptr(f), _ptr(m)))
        return f, m

    @property
    def acceleration(self):
        """(acceleration (3,), angular acceleration (3,)): from the body's equations of motion in
        its current state, m/s^2 of the reference point and rad/s^2, world frame (a pinned body's
        linear one its pin's; zero for fixed, coupled and prescribed bodies)."""
        a, al = np.empty(3), np.empty(3)
        w = self.world
        w._check(_lib.fn("hw_world_body_acceleration")(w._world(), self.index, _ptr(a), _ptr(al)))
        return a, al

    def set_load(self, force=(0.0, 0.0, 0.0), moment=(0.0, 0.0, 0.0)):
        """An external load on a free body (world force, N, and moment about its reference point,
        N m), held until set again: wind or current computed by the caller."""
        f, m = _vector(force, 3, "force"), _vector(moment, 3, "moment")
        w = self.world
        w._check(_lib.fn("hw_world_set_body_load")(w._world(), self.index, _ptr(f), _ptr(m)))

    def set_kinematics(self, position, quaternion=(1.0, 0.0, 0.0, 0.0), velocity=(0.0, 0.0, 0.0),
                       angular_velocity=(0.0, 0.0, 0.0)):
        """A coupled body's kinematics from outside (co-simulation), held with constant
        velocities: position (3,), quaternion (4,: w x y z), velocity (3,), angular velocity
        (3,)."""
        p = _vector(position, 3, "position")
        q = _vector(quaternion, 4, "quaternion")
        v = _vector(velocity, 3, "velocity")
        a = _vector(angular_velocity, 3, "angular_velocity")
        w = self.world
        w._check(_lib.fn("hw_world_set_body_kinematics")(w._world(), self.index, _ptr(p),
                                                           _ptr(q), _ptr(v), _ptr(a)))


class Winch(_Object):
    """A line's winch (it goes by the line's name and index)."""
    _kind = WINCH

    @property
    def state(self):
        """:class:`WinchState` (deployed length, pay-out speed, tension at the winch,
        segments)."""
        v = np.empty(3)
        n = c_int()
        w = self.world
        w._check(_lib.fn("hw_sim_winch_state")(w._lumped(), self.index, _ptr(v[0:]),
                                                 _ptr(v[1:]), _ptr(v[2:]), byref(n)), "sim")
        return WinchState(float(v[0]), float(v[1]), float(v[2]), n.value)

    def set_speed(self, speed):
        """Pay-out speed, m/s (negative hauls in), for a winch in mode external: held until set
        again."""
        w = self.world
        w._check(_lib.fn("hw_sim_set_winch_speed")(w._lumped(), self.index, float(speed)),
                 "sim")


class Sheave(_Object):
    """A sheave of the lumped model."""
    _kind = SHEAVE

    @property
    def state(self):
        """:class:`SheaveState`."""
        v = np.empty(4)
        hold = c_int()
        w = self.world
        w._check(_lib.fn("hw_sim_sheave_state")(w._lumped(), self.index, _ptr(v[0:]),
                                                  _ptr(v[1:]), _ptr(v[2:]), _ptr(v[3:]),
                                                  byref(hold)), "sim")
        return SheaveState(float(v[0]), float(v[1]), float(v[2]), float(v[3]),
                           bool(hold.value))


class RigidCable(_Object):
    """A rigid-cylinder cable of the world (include/hawser/rigid.h)."""
    _kind = RIGID_CABLE

    def _rc(self):
        self.world._world()
        return self.world._rc

    @property
    def elements(self):
        """Rigid elements N now."""
        return _lib.fn("hw_rc_elements")(self._rc(), self.index)

    @property
    def length(self):
        """Unstretched length now, m."""
        return _lib.fn("hw_rc_cable_length")(self._rc(), self.index)

    @property
    def nodes(self):
        """Node points, (N + 1, 3): end A, the joints, end B, m."""
        a = np.empty((self.elements + 1, 3))
        self.world._check(_lib.fn("hw_rc_nodes")(self._rc(), self.index, _ptr(a)), "rc")
        return a

    @property
    def tensions(self):
        """Axial force at the N + 1 constraint blocks (end A, joints, end B), N."""
        a = np.empty(self.elements + 1)
        self.world._check(_lib.fn("hw_rc_tensions")(self._rc(), self.index, _ptr(a)), "rc")
        return a

    @property
    def end_forces(self):
        """Forces the cable exerts on its attachment points, (2, 3): [A, B], N."""
        a = np.empty((2, 3))
        self.world._check(_lib.fn("hw_rc_end_forces")(self._rc(), self.index, _ptr(a[0]),
                                                        _ptr(a[1])), "rc")
        return a


def set_threads(n):
    """Threads of the CPU backends, process-wide (n <= 0: OpenMP's default); results do not
    depend on it. Returns the number now in use."""
    return _lib.fn("hw_set_threads")(int(n))


def threads():
    """Threads the CPU backends use."""
    return _lib.fn("hw_threads")()


def library_version():
    """libhawser's version string."""
    return _text(_lib.fn("hw_version")())


def status_name(status):
    """hw_status_str(status): the library's words for a status."""
    return _text(_lib.fn("hw_status_str")(int(status)))


__all__ = ["World", "Line", "Point", "Body", "Winch", "Sheave", "RigidCable", "BodyState",
           "SegmentExtremes", "CriticalStep",
           "PointState", "WinchState", "SheaveState", "LineExtremes", "EndStats", "Energy",
           "WorldEnergy", "set_threads", "threads", "library_version", "status_name", "LINE",
           "POINT", "SHEAVE", "WINCH", "BODY", "RIGID_CABLE", "NET_NODE", "HawserError"]
