"""hawser.World against the C library: arrays equal to what the hawser program writes for the same
scenario, a closed form, located errors, co-simulation stepping bit for bit, bodies, winches."""

import csv
import gc
import json
import math
import os
import subprocess
import sys

import numpy as np
import pytest

import hawser
from conftest import DATA, EXAMPLES

OC4 = os.path.join(EXAMPLES, "oc4_mooring.yaml")
MD_BODIES = os.path.join(DATA, "md_bodies.yaml")


def last_row(path):
    """The last row of a CSV file the hawser program wrote, as {column: text}."""
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    return dict(zip(rows[0], rows[-1]))


def run_cli(cli, scenario, out, *args):
    subprocess.run([cli, "run", scenario, "-o", str(out), "-q"] + list(args), check=True,
                   stdout=subprocess.DEVNULL)
    with open(os.path.join(out, "summary.json")) as f:
        return json.load(f)


def printed(x, text, digits=10):
    """x printed as the hawser program prints it (%.10g, or %.8g) is exactly its text: the same
    double to the file's precision."""
    return "%.*g" % (digits, x) == text


def same10(x, value, digits=10):
    """x equals a summary.json number (%.10g; times %.9g) once printed the same way."""
    return float("%.*g" % (digits, x)) == value


def norm3(v):
    """|v| computed as the program computes it (host/io/output.c norm3), bit for bit."""
    return math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2])


# ---- loading, names, shapes ----------------------------------------------------------------------
def test_load_names_and_shapes():
    with hawser.World.load(OC4, t_end=1.0) as w:
        assert w.lines == ["line1", "line2", "line3"]
        assert w.points == ["anchor1", "anchor2", "anchor3", "fairlead1", "fairlead2",
                            "fairlead3"]
        assert w.bodies == [] and w.winches == [] and w.sheaves == []
        assert w.time == 0.0 and w.dt > 0 and w.t_end == 1.0
        assert w.backend == "cpu"
        ln = w.line("line2")
        assert ln.index == 1 and ln.name == "line2" and w.line(1) == ln
        assert w.find(hawser.LINE, "line3") == 2 and w.find(hawser.LINE, "nope") == -1
        assert ln.segments == 40
        x = ln.positions
        assert x.shape == (41, 3) and x.dtype == np.float64
        assert ln.velocities.shape == (41, 3)
        assert ln.tensions.shape == (40,)
        assert ln.end_forces.shape == (2, 3)
        # the line's ends sit on its points
        np.testing.assert_array_equal(x[0], w.point("anchor2").position)
        np.testing.assert_array_equal(x[-1], w.point("fairlead2").position)
        t = ln.tensions
        np.testing.assert_array_equal(ln.end_tensions, [t[0], t[-1]])
        # the fairlead's force is the line's end-B force (one line on it)
        np.testing.assert_array_equal(w.point("fairlead2").force, ln.end_forces[1])
        with pytest.raises(KeyError, match="no line 'mooring'.*line1"):
            w.line("mooring")
        with pytest.raises(IndexError):
            w.line(3)


def test_against_the_hawser_program(cli, tmp_path):
    """The same scenario stepped to t_end by `hawser run` and by Python: the end tensions and
    forces of lines.csv, points.csv and summary.json's extremes agree to the files' 10 digits."""
    out = tmp_path / "oc4"
    summary = run_cli(cli, OC4, out, "--t-end", "2")
    with hawser.World.load(OC4, t_end=2) as w:
        w.run()
        assert w.time == pytest.approx(2.0, abs=1e-12)
        assert w.dt == pytest.approx(summary["dt"], rel=1e-5)
        assert w.steps_taken == summary["steps"]
        row = last_row(out / "lines.csv")
        assert row["time_s"] == "2"
        for name in w.lines:
            ln = w.line(name)
            ta, tb = ln.end_tensions
            fa, fb = ln.end_forces
            assert printed(ta, row[name + ".TA_N"]) and printed(tb, row[name + ".TB_N"])
            assert printed(norm3(fa), row[name + ".FA_N"])
            assert printed(norm3(fb), row[name + ".FB_N"])
        prow = last_row(out / "points.csv")
        for name in w.points:
            p = w.point(name)
            for k, c in enumerate("xyz"):
                assert printed(p.position[k], prow[name + "." + c + "_m"])
                assert printed(p.force[k], prow[name + ".F" + c + "_N"])
        ext = w.extremes()
        assert list(ext) == w.lines
        for js in summary["lines"]:
            e = ext[js["name"]]
            assert same10(e.max_tension, js["max_tension_N"])
            assert e.max_segment == js["max_tension_segment"]
            assert same10(e.max_time, js["max_tension_time_s"], 9)
            assert same10(e.min_tension, js["min_tension_N"])
            assert same10(e.max_strain, js["max_strain"])
            for end in ("end_a", "end_b"):
                st, jt = getattr(e, end), js[end + "_tension"]
                assert st.samples == jt["samples"]
                assert same10(st.max, jt["max_N"]) and same10(st.min, jt["min_N"])
                assert same10(st.mean, jt["mean_N"]) and same10(st.std, jt["std_N"])
        assert w.line("line1").extremes == ext["line1"]
        for name in w.lines:
            seg = w.line(name).segment_extremes
            assert seg.max_tension.shape == (40,)
            k = int(np.argmax(seg.max_tension))
            assert seg.max_tension[k] == ext[name].max_tension
            assert k + 1 == ext[name].max_segment and seg.max_time[k] == ext[name].max_time
            assert seg.min_tension.min() == ext[name].min_tension
            assert seg.max_strain.max() == ext[name].max_strain
        crit = w.critical_step()
        assert crit.line == "line1" and crit.segment >= 1 and w.dt <= 0.5 * crit.dt * (1 + 1e-12)


def test_catenary_closed_form():
    """A chain hanging between two fixed points at the same height, at rest after the statics:
    the catenary y = a cosh(x / a) through them, 2 a sinh(150 / a) = 350 (EA 1e10 makes the
    stretch negligible): the horizontal tension a w is the same in every segment, the tension at
    arc length s from the lowest point is w sqrt(a^2 + s^2) (a segment's at its midpoint), and the
    sag is a (cosh(150 / a) - 1). w is the wet weight per metre."""
    yaml = """
environment: {depth: 500}
line_types:
  - {name: chain, diameter: 0.1, mass_per_length: 150, EA: 1.0e10, damping_ratio: 0.5}
points:
  - {name: left, type: fixed, position: [0, 0, -50]}
  - {name: right, type: fixed, position: [300, 0, -50]}
lines:
  - {name: chain, type: chain, end_a: left, end_b: right, length: 350, segments: 50}
solver: {dt: auto, t_end: 1}
"""
    with hawser.World.from_string(yaml, name="catenary.yaml") as w:
        ln = w.line("chain")
        x = ln.positions
        t = ln.tensions
        seg = np.diff(x, axis=0)
        h = t * seg[:, 0] / np.linalg.norm(seg, axis=1)   # horizontal tension per segment
        assert np.ptp(h) < 1e-6 * h.mean()
        wet = (150 - 1025 * math.pi / 4 * 0.1 ** 2) * 9.80665  # N/m
        a = 100.0
        for _ in range(50):   # Newton on 2 a sinh(150 / a) = 350
            f = 2 * a * math.sinh(150 / a) - 350
            df = 2 * math.sinh(150 / a) - 300 / a * math.cosh(150 / a)
            a -= f / df
        assert h.mean() == pytest.approx(a * wet, rel=1e-3)
        s_mid = -175 + 7 * (np.arange(50) + 0.5)
        np.testing.assert_allclose(t, wet * np.sqrt(a * a + s_mid ** 2), rtol=1e-3)
        assert -50 - x[:, 2].min() == pytest.approx(a * (math.cosh(150 / a) - 1), rel=1e-3)
        # at rest in equilibrium every inner node's net force vanishes (the statics stop below
        # 1e-6 of the largest tension; 1e-5 leaves room for the 50 nodes' round-off), while each
        # end node carries its half segment's weight beside the pull of its segment
        f = ln.node_forces
        assert f.shape == (51, 3)
        assert np.abs(f[1:-1]).max() < 1e-5 * t.max()
        assert np.linalg.norm(f[0]) > 0.5 * t[0]
        np.testing.assert_array_equal(w.point("left").acceleration, np.zeros(3))


# ---- errors --------------------------------------------------------------------------------------
def test_input_error_carries_file_and_line():
    with open(os.path.join(DATA, "scenario_bad_segments.yaml")) as f:
        text = f.read()
    with pytest.raises(hawser.InputError) as e:
        hawser.World.from_string(text, name="bad.yaml")
    msg = str(e.value)
    assert msg.startswith("bad.yaml:10:"), msg
    assert "segments" in msg
    assert e.value.status == 2 and e.value.status_name == "HW_ERR_INPUT"
    assert isinstance(e.value, hawser.HawserError)
    assert hawser.status_name(e.value.status) == "invalid input"
    path = os.path.join(DATA, "scenario_bad_segments.yaml")
    with pytest.raises(hawser.InputError, match="^" + path + ":10:.*segments"):
        hawser.World.load(path)


def test_io_error_and_bad_arguments(tmp_path):
    with pytest.raises(hawser.HawserIOError, match="no_such_file.yaml"):
        hawser.World.load(str(tmp_path / "no_such_file.yaml"))
    with pytest.raises(ValueError, match="backend"):
        hawser.World.load(OC4, backend="gpu")
    with pytest.raises(ValueError, match="dt"):
        hawser.World.load(OC4, dt=-1)


def test_time_before_now_is_an_invalid_argument():
    with hawser.World.load(OC4, t_end=1) as w:
        w.step(10)
        with pytest.raises(hawser.InvalidArgumentError) as e:
            w.advance_to(0.0)
        assert e.value.message  # the library's words, not just the status
        w.step(1)  # still usable


def test_blow_up_raises_numerical_then_state_error():
    with pytest.raises(hawser.InputError, match="critical step"):
        hawser.World.load(OC4, dt=0.05)
    with open(OC4) as f:
        text = f.read().replace("integrator: rk2", "integrator: rk2\n  allow_unstable_dt: true")
    with hawser.World.from_string(text, name="oc4.yaml", dt=0.05) as w:
        with pytest.raises(hawser.NumericalError, match="blow-up.*line 'line1'") as e:
            w.run()
        assert e.value.status_name == "HW_ERR_NUMERICAL"
        assert 0 < w.time < w.t_end
        with pytest.raises(hawser.StateError):
            w.step(1)


def test_close_and_lifetime():
    w = hawser.World.load(OC4, t_end=1)
    ln = w.line("line1")
    with w:
        pass
    assert w.closed
    w.close()  # twice is fine
    with pytest.raises(ValueError, match="closed"):
        w.step(1)
    with pytest.raises(ValueError, match="closed"):
        ln.tensions
    assert "closed" in repr(w)
    # collected without close: __del__ frees it
    for _ in range(3):
        hawser.World.load(OC4, t_end=1)
    gc.collect()


# ---- stepping ------------------------------------------------------------------------------------
def state(w):
    return np.concatenate([np.concatenate([w.line(n).positions.ravel(),
                                           w.line(n).velocities.ravel(), w.line(n).tensions])
                           for n in w.lines])


def test_advance_in_chunks_equals_one_advance_bit_for_bit():
    """Co-simulation: coupling at every 7th step (chunks whose ends are multiples of dt) gives the
    states of one advance_to and of step(n), bit for bit."""
    with hawser.World.load(OC4, t_end=5) as a, hawser.World.load(OC4, t_end=5) as b, \
            hawser.World.load(OC4, t_end=5) as c:
        dt = a.dt
        assert b.dt == dt
        n = 140
        a.advance_to(n * dt)
        for k in range(1, n // 7 + 1):
            b.advance_to(k * 7 * dt)
        c.step(n)
        assert a.time == b.time == c.time
        np.testing.assert_array_equal(state(a), state(b))
        np.testing.assert_array_equal(state(a), state(c))
        assert a.extremes() == b.extremes() == c.extremes()


def test_long_advance_in_calls_equals_one_call_bit_for_bit():
    """advance_to and step run a long advance as calls of hawser.world._CHUNK steps (so that
    Ctrl-C stops them between calls): the states equal one C call's, bit for bit."""
    from hawser import _lib, world
    n = 2 * world._CHUNK + 123
    with hawser.World.load(OC4, t_end=60) as a, hawser.World.load(OC4, t_end=60) as b, \
            hawser.World.load(OC4, t_end=60) as c, hawser.World.load(OC4, t_end=60) as d:
        t = (n + 0.5) * a.dt
        a.advance_to(t)
        assert _lib.lib.hw_world_advance_to(b._h, t) == 0
        assert a.time == b.time == t and a.steps_taken == b.steps_taken == n + 1
        np.testing.assert_array_equal(state(a), state(b))
        c.step(n)
        assert _lib.lib.hw_world_step(d._h, n) == 0
        np.testing.assert_array_equal(state(c), state(d))
        assert a.extremes() == b.extremes() and c.extremes() == d.extremes()


def test_advance_to_a_time_off_the_step_grid():
    with hawser.World.load(OC4, t_end=5) as w:
        t = 2.5 * w.dt
        w.advance_to(t)
        assert w.time == t
        assert w.steps_taken == 3  # two whole steps and one shortened one
        w.run()
        assert w.time == pytest.approx(5.0, abs=1e-12)


def test_coupled_fairlead_cosimulation():
    """A coupled fairlead moved by the caller every coupling step: the line's end follows it and
    the fairlead tension answers; pulling the fairlead away from the anchor raises it."""
    deck = os.path.join(EXAMPLES, "moordyn_semisub.dat")
    with hawser.World.load(deck, t_end=2) as w:
        names = w.points
        fair = w.point(names[4])
        line = w.line(1)
        p0 = fair.position.copy()
        t0 = line.end_tensions[1]
        h = 0.05
        v = np.array([0.5, 0.0, 0.0])  # away from anchor 2 (at -837.6, 0)
        for k in range(1, 21):
            fair.set_kinematics(p0 + v * (k - 1) * h, v)
            w.advance_to(k * h)
        np.testing.assert_allclose(fair.position, p0 + v * 20 * h, rtol=0, atol=1e-9)
        np.testing.assert_allclose(line.positions[-1], fair.position, rtol=0, atol=0)
        np.testing.assert_allclose(fair.velocity, v)
        assert line.end_tensions[1] > t0 * 1.01
        with pytest.raises(ValueError, match="3 values"):
            fair.set_kinematics([1, 2])


# ---- bodies, winches, energy ---------------------------------------------------------------------
def test_body_acceleration_sinking_from_rest():
    # tests/data/md_bodyacc.dat: 2000 kg, 1 m^3, Ca 0.5, no drag: a = -(m - rho V) g / (m + Ca rho V)
    with hawser.World.load(os.path.join(DATA, "md_bodyacc.dat")) as w:
        a, al = w.body("body1").acceleration
        assert a[2] == pytest.approx(-(2000 - 1025) * 9.80665 / (2000 + 0.5 * 1025), rel=1e-12)
        assert a[0] == 0 and a[1] == 0 and not al.any()


def test_bodies_against_the_hawser_program(cli, tmp_path):
    out = tmp_path / "bodies"
    run_cli(cli, MD_BODIES, out, "--t-end", "0.5")
    with hawser.World.load(MD_BODIES, t_end=0.5) as w:
        assert w.bodies == ["body1", "body2", "body3"]
        w.run()
        row = last_row(out / "bodies.csv")
        assert row["time_s"] == "0.5"
        for name in w.bodies:
            b = w.body(name)
            s = b.state
            assert s.position.shape == (3,) and s.quaternion.shape == (4,)
            assert s.velocity.shape == (3,) and s.angular_velocity.shape == (3,)
            assert np.linalg.norm(s.quaternion) == pytest.approx(1.0, abs=1e-12)
            f, m = b.cable_load
            for k, c in enumerate("xyz"):
                # bodies.csv: positions %.10g, the rest %.8g (host/io/bodies_out.c)
                assert printed(s.position[k], row[name + "." + c + "_m"])
                assert printed(s.velocity[k], row[name + ".v" + c + "_m_s"], 8)
                assert printed(f[k], row[name + ".F" + c + "_N"], 8)
                assert printed(m[k], row[name + ".M" + c + "_Nm"], 8)
                assert math.degrees(s.angular_velocity[k]) == pytest.approx(
                    float(row[name + ".w" + c + "_deg_s"]), rel=1e-7, abs=1e-12)
            # yaw from the quaternion (R = Rz(yaw) Ry(pitch) Rx(roll))
            qw, qx, qy, qz = s.quaternion
            yaw = math.degrees(math.atan2(2 * (qw * qz + qx * qy), 1 - 2 * (qy * qy + qz * qz)))
            assert yaw == pytest.approx(float(row[name + ".yaw_deg"]), rel=1e-7, abs=1e-9)


def test_coupled_body_and_body_load():
    with hawser.World.load(MD_BODIES, t_end=1) as w:
        vessel = w.body("body2")
        p0 = vessel.position.copy()
        v = np.array([0.2, 0.0, 0.0])
        vessel.set_kinematics(p0, (1, 0, 0, 0), v, (0, 0, 0))
        w.advance_to(0.1)
        np.testing.assert_allclose(vessel.position, p0 + 0.1 * v, atol=1e-9)
        np.testing.assert_allclose(vessel.velocity, v)
        # the line on the vessel's point moves with it
        pt = w.point("point7")
        np.testing.assert_allclose(pt.position, p0 + 0.1 * v + [0, 0, -5], atol=1e-9)
        buoy = w.body("body1")
        z0 = buoy.position[2]
        buoy.set_load((0, 0, 2.0e6))  # a large lift
        w.advance_to(0.3)
        assert buoy.position[2] > z0 + 1e-3
        e = w.energy()
        assert math.isfinite(e.total) and e.lumped.total != 0


def test_external_winch():
    yaml = """
environment: {depth: 100}
line_types:
  - {name: wire, diameter: 0.05, mass_per_length: 10, EA: 1.0e8, damping_ratio: 0.5}
points:
  - {name: top, type: fixed, position: [0, 0, 0]}
  - {name: load, type: free, position: [0, 0, -20], mass: 500, volume: 0.05}
lines:
  - name: hoist
    type: wire
    end_a: top
    end_b: load
    length: 20
    segments: 10
    winch: {end: a, mode: external, max_length: 60}
solver: {dt: auto, t_end: 2}
"""
    with hawser.World.from_string(yaml) as w:
        assert w.winches == ["hoist"]
        wi = w.winch("hoist")
        s0 = wi.state
        assert s0.length == pytest.approx(20.0) and s0.segments == 10 and s0.tension > 0
        wi.set_speed(1.0)
        w.advance_to(1.0)
        s1 = wi.state
        assert s1.speed == pytest.approx(1.0)
        assert s1.length == pytest.approx(21.0, rel=1e-6)
        assert w.line("hoist").segments == s1.segments


def test_sheave_and_winch_of_the_crane():
    with hawser.World.load(os.path.join(EXAMPLES, "crane_lowering.yaml"), t_end=1) as w:
        assert w.sheaves == ["boom_tip_sheave"] and w.winches == ["deck_wire"]
        with pytest.raises(IndexError, match="no winch"):
            w.winch(1)
        w.run()
        s = w.sheave("boom_tip_sheave").state
        assert s.wrap > 0 and not s.holding
        hoist, deck = w.line("hoist_wire"), w.line("deck_wire")
        # the sheave and winch report the tensions their own update used: close to the lines' end
        # tensions at the state, not equal
        assert s.tension_in == pytest.approx(deck.end_tensions[1], rel=1e-4)
        assert s.tension_out == pytest.approx(hoist.end_tensions[0], rel=1e-4)
        wi = w.winch("deck_wire").state
        assert wi.tension == pytest.approx(deck.end_tensions[0], rel=1e-4)
        assert wi.segments == deck.segments and wi.speed > 0


def test_rigid_cable_against_the_hawser_program(cli, tmp_path):
    scenario = os.path.join(EXAMPLES, "rigid_lowering.yaml")
    out = tmp_path / "rigid"
    run_cli(cli, scenario, out, "--t-end", "30")
    with hawser.World.load(scenario, t_end=30) as w:
        assert w.rigid_cables == ["wire"] and w.lines == []
        w.run()
        row = last_row(out / "rigid.csv")
        assert row["time_s"] == "30"
        c = w.rigid_cable("wire")
        fa, fb = c.end_forces
        t = c.tensions
        assert c.nodes.shape == (c.elements + 1, 3) and t.shape == (c.elements + 1,)
        for k, x in enumerate("xyz"):
            assert printed(fa[k], row["wire.FA" + x + "_N"])
            assert printed(fb[k], row["wire.FB" + x + "_N"])
        assert printed(t[0], row["wire.TA_N"]) and printed(t[-1], row["wire.TB_N"])
        assert printed(t.max(), row["wire.Tmax_N"])
        assert printed(c.length, row["wire.winch_length_m"])
        assert str(c.elements) == row["wire.elements"]


def test_network_node_against_the_hawser_program(cli, tmp_path):
    scenario = os.path.join(DATA, "coupling_rail.yaml")
    out = tmp_path / "rail"
    run_cli(cli, scenario, out, "--t-end", "2")
    with hawser.World.load(scenario, t_end=2) as w:
        assert w.net_nodes == ["car"]
        w.run()
        x, v = w.net_node("car")
        row = last_row(out / "network.csv")
        assert row["t"] == "2"
        assert printed(x, row["x_car"]) and printed(v, row["v_car"])


def test_overrides():
    with hawser.World.load(OC4, overrides={"solver.t_end": 3.5}) as w:
        assert w.t_end == 3.5
    with hawser.World.load(OC4, overrides=["lines.line1.segments=20"]) as w:
        assert w.line("line1").segments == 20 and w.line("line2").segments == 40
    with pytest.raises(hawser.InputError):
        hawser.World.load(OC4, overrides=["lines.line1.segments=many"])


def test_log_callback():
    notes = []
    with hawser.World.load(OC4, t_end=1, log=lambda level, msg: notes.append((level, msg))):
        pass
    assert all(isinstance(m, str) and level in (0, 1) for level, m in notes)
    assert any(m.startswith("static equilibrium") for _, m in notes), notes


def test_cuda_backend_refused_or_equal():
    """backend="cuda": without the CUDA backend compiled in, UnsupportedError; without a device,
    NoDeviceError (both with the library's words); with one, the run agrees with the CPU's."""
    try:
        g = hawser.World.load(OC4, backend="cuda", t_end=0.5)
    except (hawser.UnsupportedError, hawser.NoDeviceError) as e:
        assert "CUDA" in str(e) or "cuda" in str(e) or "device" in str(e)
        return
    with g, hawser.World.load(OC4, t_end=0.5) as c:
        assert g.backend == "cuda"
        g.run()
        c.run()
        np.testing.assert_allclose(g.line("line2").tensions, c.line("line2").tensions,
                                   rtol=1e-6)


def test_threads():
    n = hawser.threads()
    assert hawser.set_threads(1) == 1
    with hawser.World.load(OC4, t_end=1) as a:
        a.step(20)
        one = state(a)
    hawser.set_threads(0)
    assert hawser.threads() == n
    with hawser.World.load(OC4, t_end=1) as b:
        b.step(20)
        np.testing.assert_array_equal(state(b), one)


def test_example_script():
    """examples/python_cosim.py runs (a short run) and prints its table and extremes."""
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(hawser.__file__)))
    r = subprocess.run([sys.executable, os.path.join(EXAMPLES, "python_cosim.py"), "--t-end",
                        "1"], env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    out = r.stdout.splitlines()
    assert out[0].startswith("moordyn_semisub.dat: lines line1, line2, line3")
    assert out[2].split()[0] == "1.00" and len(out[2].split()) == 5
    assert out[3] == "extremes (every step):" and out[4].startswith("  line1: max ")
