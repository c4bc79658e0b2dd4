/* Hawser: discretized cable solver. Public C API.
 *
 * Shape: fill definition structs (start from the hw_default_*() functions), create a simulation
 * with hw_sim_create(), step it, read outputs, destroy it. Every call returns an hw_status; the
 * library never exits, aborts or prints. hw_sim_last_error() holds a human-readable message for
 * the last failure on a handle.
 *
 * Units are SI. World frame: z up, sea surface at z = 0, seabed at z = -depth.
 * Arrays passed in definitions are copied by hw_sim_create(); the caller keeps ownership.
 */
#ifndef HAWSER_H
#define HAWSER_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define HAWSER_VERSION "0.1.0"

typedef enum hw_status {
    HW_OK = 0,
    HW_ERR_INVALID_ARG,   /* NULL handle, index out of range, misuse of the API */
    HW_ERR_INPUT,         /* the model definition is invalid (message says what and where) */
    HW_ERR_NUMERICAL,     /* blow-up: NaN/Inf or a segment stretched past the sanity bound */
    HW_ERR_NOT_CONVERGED, /* the static equilibrium solve did not reach its tolerance */
    HW_ERR_NO_DEVICE,     /* the CUDA backend was asked for and no device is present */
    HW_ERR_UNSUPPORTED,   /* a feature compiled out or not implemented yet */
    HW_ERR_NOMEM,
    HW_ERR_IO,
    HW_ERR_STATE,         /* the simulation is in a failed state; destroy it */
    HW_INTERRUPTED        /* hw_sim_step stopped between steps: the interrupt flag was set */
} hw_status;

const char *hw_status_str(hw_status s);
const char *hw_version(void);

/* Threads of the CPU backends (OpenMP, gcc's libgomp), process-wide: hw_set_threads(n) with
 * n >= 1 uses n threads from the next parallel pass on; n <= 0 restores OpenMP's default
 * (OMP_NUM_THREADS when set, else every core). Results do not depend on the number of threads:
 * every pass writes each element from one thread and every reduction runs in a fixed order.
 * Returns the number now in use, as hw_threads() does (1 when built without OpenMP). */
int hw_set_threads(int n);
int hw_threads(void);

typedef enum hw_backend_kind { HW_BACKEND_CPU = 0, HW_BACKEND_CUDA, HW_BACKEND_AUTO } hw_backend_kind;
typedef enum hw_integrator {
    HW_INT_SYMPLECTIC_EULER = 0, /* semi-implicit Euler: v += dt a(x, v); x += dt v */
    HW_INT_RK2,                  /* Heun's method (explicit trapezoid) */
    HW_INT_RK4,                  /* classical fourth-order Runge-Kutta */
    HW_INT_EULER,                /* explicit (forward) Euler: y += dt f(t, y) */
    HW_INT_AB2,                  /* Adams-Bashforth, 2nd order (one evaluation per step; the first */
    HW_INT_AB3,                  /*  steps start up on the lower orders: Euler, AB2, AB3) */
    HW_INT_AB4,                  /* Adams-Bashforth, 4th order */
    HW_INT_MOORDYN_HEUN,         /* MoorDyn's "Heun": one evaluation per step, at the state predicted
                                    with the previous step's derivative; trapezoid correction */
    HW_INT_BEULER,               /* MoorDyn's backward Euler and implicit midpoint: the derivative at */
    HW_INT_MIDPOINT,             /*  t + dt (t + dt/2) by solver.iterations relaxed fixed-point
                                    iterations, as MoorDyn solves them */
    HW_INT_ACA,                  /* MoorDyn's Newmark average constant acceleration (gamma 1/2,
                                    beta 1/4) and Wilson-theta (theta 1.37): positions and */
    HW_INT_WILSON                /*  velocities from different mixes of the accelerations, by
                                    solver.iterations relaxed fixed-point iterations, as MoorDyn */
} hw_integrator;
/* The number of integrators (valid values are 0 .. HW_INT_COUNT - 1). */
#define HW_INT_COUNT 12

/* A table of y against strictly increasing x (linear interpolation, flat extrapolation). */
typedef struct hw_table {
    int n;
    const double *x;
    const double *y;
} hw_table;

/* Current: a profile of (ux, uy, uz) against depth z, optionally at several times, optionally on
 * a grid of x and y values too. n_depth == 0 means still water. With n_time <= 1 the profile is
 * constant in time, with n_x <= 1 (n_y <= 1) it is the same at every x (y). Values
 * u[((k*ny + j)*nx + i)*n_depth + m] at time t[k], y[j], x[i] and depth z[m] (nx = max(n_x, 1),
 * ny = max(n_y, 1)): with n_x, n_y <= 1, u[k*n_depth + m]. Linear along each axis, flat
 * outside. */
typedef struct hw_current_def {
    int n_depth;
    const double *z;  /* strictly increasing, n_depth values */
    int n_time;
    const double *t;  /* strictly increasing, n_time values (ignored when n_time <= 1) */
    const double *ux, *uy, *uz; /* max(n_time,1) * max(n_y,1) * max(n_x,1) * n_depth values each */
    int n_x, n_y;
    const double *x, *y; /* strictly increasing, n_x and n_y values (ignored when <= 1) */
} hw_current_def;

/* Bathymetry: a seabed that is not flat (docs/physics.md section 4). The depth (m, positive down,
 * as depth) on a rectangular grid: nx x values and ny y values, each strictly increasing (nx, ny
 * >= 1), depth[j * nx + i] at (x[i], y[j]), finite and > 0; bilinear between grid points, the
 * nearest edge's value beyond the grid. nx == 0 (the default): the flat seabed at z = -depth. */
typedef struct hw_bathymetry_def {
    int nx, ny;
    const double *x, *y;
    const double *depth; /* nx * ny values, x fastest */
} hw_bathymetry_def;

/* Waves (docs/physics.md section 10; include/hawser/waves.h has their functions). A sea state is
 * a set of linear (Airy) wave components, built from one of the forms below. Angles in radians;
 * a direction is where the waves travel towards, from +x towards +y (0: along +x). */
typedef enum hw_waves_kind {
    HW_WAVES_NONE = 0,   /* still water (the default) */
    HW_WAVES_REGULAR,    /* one component: height, period, direction, phase */
    HW_WAVES_SPECTRUM,   /* an irregular sea from a spectrum, components from a seed */
    HW_WAVES_ELEVATION,  /* a measured elevation record at a reference point, into components */
    HW_WAVES_COMPONENTS  /* the components given one by one */
} hw_waves_kind;

typedef enum hw_spectrum_kind {
    HW_SPECTRUM_JONSWAP = 0,     /* Hs, Tp, gamma */
    HW_SPECTRUM_PM,              /* Pierson-Moskowitz: Hs, Tp (JONSWAP with gamma = 1) */
    HW_SPECTRUM_TABLE            /* S(w) given as a table: w (rad/s), S (m^2 s/rad) */
} hw_spectrum_kind;

typedef struct hw_waves_def {
    hw_waves_kind kind;
    /* HW_WAVES_REGULAR: crest-to-trough height H (m), period T (s; or omega > 0, rad/s, instead),
     * direction (rad) and phase (rad): eta = H/2 cos(k.x - w t + phase) */
    double height, period, omega, direction, phase;
    /* HW_WAVES_SPECTRUM */
    hw_spectrum_kind spectrum;
    double hs, tp, gamma;      /* significant height (m), peak period (s), peak enhancement (>= 1;
                                  0: 3.3) */
    hw_table table;            /* HW_SPECTRUM_TABLE: x = w (rad/s), y = S(w) (m^2 s/rad) */
    double omega_min, omega_max; /* the band the components cover (rad/s; 0: from the spectrum,
                                    leaving 0.05% of its m0 out at each end) */
    int n_frequencies;         /* components per direction (>= 2; 0: 200), at whole multiples of
                                  one step dw: the sea repeats after 2 pi / dw */
    uint64_t seed;             /* the random phases (splitmix64): the same seed gives the same sea
                                  on every machine */
    double spreading;          /* directional spreading exponent s of cos^2s((b - b0) / 2)
                                  (0: long-crested, all energy along `direction`) */
    int n_directions;          /* directions of a spread sea (odd; 0: 11) */
    /* HW_WAVES_ELEVATION: a record eta(t) at (ref_x, ref_y), n_samples (>= 8) equally spaced
     * samples from t[0] (s, m); its Fourier components (FFT, the mean removed) travel along
     * `direction`, and repeat the record every n_samples intervals */
    int n_samples;
    const double *t, *eta;
    double ref_x, ref_y;
    /* HW_WAVES_COMPONENTS: n_components of amplitude (m), omega (rad/s), direction (rad) and
     * phase (rad) */
    int n_components;
    const double *c_amp, *c_omega, *c_dir, *c_phase;
    /* all forms */
    double ramp_time;          /* waves grow from 0 over this time (s; 0: none) */
    double kinematics_step;    /* the lumped lines' wave kinematics are sampled at every node on
                                  this interval and interpolated linearly in time between samples
                                  (s; 0: automatic, (2 pi / 40) (m0 / m4)^(1/4) from the
                                  spectral moments: T / 40 for regular waves) */
} hw_waves_def;

typedef struct hw_env_def {
    double g;          /* gravity magnitude, m/s^2 (acts along -z). Default 9.80665 */
    double rho_w;      /* water density, kg/m^3. Default 1025 */
    double depth;      /* water depth, m (> 0). Default 100 */
    double seabed_k;   /* seabed stiffness per contact area, Pa/m. Default 3e6 */
    double seabed_c;   /* seabed damping per contact area, Pa s/m. Default 3e5 */
    double friction_v; /* velocity scale of the smoothed Coulomb seabed friction, m/s. Default 1e-2 */
    hw_current_def current;
    hw_waves_def waves;  /* default: none (still water) */
    hw_bathymetry_def bathymetry; /* default: none (nx = 0: the flat seabed at z = -depth; depth
                                     still sets the waves' water depth) */
} hw_env_def;

typedef struct hw_line_type_def {
    const char *name;
    double d;          /* volume-equivalent diameter, m (> 0) */
    double mu;         /* mass per unit length in air, kg/m (> 0) */
    double ea;         /* axial stiffness EA, N (> 0 unless ea_table is given) */
    hw_table ea_table; /* optional: tension (N) against strain; replaces ea when n >= 2 */
    double ba;         /* axial internal damping BA, N s (>= 0) */
    double damping_ratio; /* used instead of ba when > 0: BA = zeta * l * sqrt(EA mu), the fraction
                             of critical damping of the highest axial mode of a segment of length l */
    hw_table ba_table; /* optional: damping force (N) against strain rate (1/s), MoorDyn's BA curve;
                          replaces ba and damping_ratio when n >= 2. Rates all >= 0: the force is
                          odd in the rate (mirrored); a first rate < 0: read as given. Flat past the
                          ends (kernels/physics/segment.h hw_ba_table_force) */
    double ei;         /* bending stiffness EI, N m^2 (>= 0; 0 = none) */
    double cdn, cdt;   /* normal / tangential drag coefficients. Defaults 1.2, 0.008 */
    double can, cat;   /* normal / tangential added-mass coefficients. Defaults 1.0, 0.0 */
    double seabed_mu;  /* seabed Coulomb friction coefficient (>= 0). Default 0 */
    double mbl;        /* minimum breaking load, N (> 0; 0 = not given): utilisation, failure */
    /* Viscoelastic (polyester) line, MoorDyn's static-dynamic stiffness model (docs/physics.md,
     * "Viscoelastic lines"): ea is then the static stiffness EA_s, ba (or damping_ratio) the
     * damping of the static branch. ea_d = 0: an elastic line. */
    double ea_d;       /* dynamic stiffness EA_d, N (> ea) */
    double ba_d;       /* damping of the dynamic branch BA_d, N s (>= 0; ba + ba_d > 0) */
    double ea_d_slope; /* mean-load slope beta of EA_d (>= 0; 0 = constant EA_d): EA_d = ea_d +
                          beta x (the mean load), MoorDyn's EA_s|alpha|beta (ea_d = alpha) */
    /* cross-flow vortex-induced vibration (kernels/physics/viv.h; docs/physics.md "Vortex-induced
     * vibration"): viv_cl = 0 turns it off (the default) */
    double viv_cl;     /* lift coefficient Cl (>= 0) */
    double viv_cf;     /* centre of the synchronization range of the non-dimensional frequency (0.18) */
    double viv_df;     /* its half-width (0.08) */
    double viv_tau;    /* averaging time of the cross-flow rms, s (0: 500 time steps, as MoorDyn) */
    /* Syrope polyester line (docs/physics.md, "Syrope"; MoorDyn's EA SYROPE:file|alpha|beta):
     * on = 1 with an original working curve owc (tension, N, against strain; n >= 2, both
     * increasing from strain >= 0), a working-curve shape curve (0 linear, 1 quadratic, 2 exp)
     * with k1, k2, the fast spring alpha (N, > 0) and beta (> 0), and the dampings ba (BA_s)
     * and ba_d (BA_d); ea, ea_d and ea_table are then unused (ea is set to the fast spring's
     * largest stiffness, alpha + beta x the OWC's last tension, for the step estimate).
     * line_curve: 0, each segment reads the working curve of its own running maximum; 1, the
     * segments of a line share one, made at the last raise of any of them (MoorDyn 2.7.2's; the
     * deck reader sets it). */
    struct {
        int on;
        hw_table owc;
        int curve;
        double k1, k2, alpha, beta;
        int line_curve;
    } syrope;
} hw_line_type_def;

typedef enum hw_point_kind {
    HW_POINT_FIXED = 0,  /* stays at pos */
    HW_POINT_PRESCRIBED, /* moves as given by motion */
    HW_POINT_FREE,       /* a point mass moved by the lines attached to it and its own loads */
    HW_POINT_COUPLED     /* kinematics set from outside with hw_sim_set_point_kinematics() */
} hw_point_kind;

typedef enum hw_motion_kind {
    HW_MOTION_CONSTANT_VELOCITY = 0, /* r(t) = pos + vel t */
    HW_MOTION_SINUSOID,              /* r(t) = pos + amp sin(2 pi t / period + phase) */
    HW_MOTION_TABLE,                 /* r(t) = pos + offset(t), natural cubic spline through the rows, flat outside */
    HW_MOTION_RAO                    /* bodies only (include/hawser/body.h): the mean pose plus the response
                                        of an RAO table to the world's waves; refused on points */
} hw_motion_kind;

typedef struct hw_point_def {
    const char *name;
    hw_point_kind kind;
    double pos[3];
    /* HW_POINT_PRESCRIBED */
    hw_motion_kind motion;
    double vel[3];
    double amp[3];
    double period;   /* s (> 0) */
    double phase;    /* rad */
    int table_n;     /* >= 2 */
    const double *table_t;   /* strictly increasing */
    const double *table_xyz; /* 3 * table_n offsets, x y z per row */
    /* HW_POINT_FREE */
    double mass;    /* kg (> 0 unless lines give it mass) */
    double volume;  /* displaced volume for buoyancy, m^3 */
    double cda;     /* drag area Cd * A, m^2: F = 0.5 rho |u| u Cd A */
    double ca;      /* added-mass coefficient on volume: added mass = ca rho volume */
} hw_point_def;

/* A winch at one end of a line, in reel mode (docs/physics.md section 6): the segment next to the
 * winch grows or shrinks with the pay-out, and a segment is inserted when it passes 1.5x the
 * nominal length (length / segments at the start) or merged into its neighbour below 0.5x,
 * conserving mass and momentum. The winch sits on the end's point (fixed, moving or free). */
typedef enum hw_winch_end { HW_WINCH_NONE = 0, HW_WINCH_A, HW_WINCH_B } hw_winch_end;
typedef enum hw_winch_mode {
    HW_WINCH_SPEED = 0, /* pay-out speed: constant `speed`, or `speed_table` against time */
    HW_WINCH_LENGTH,    /* drive the deployed length to `target` (m): speed (target - L) / tau */
    HW_WINCH_TENSION,   /* constant tension: pay out when the winch tension exceeds `target`
                           (N), haul in below it: speed gain (T - target) */
    HW_WINCH_EXTERNAL,  /* speed set through hw_sim_set_winch_speed (co-simulation) */
    HW_WINCH_DRUM       /* a drum (docs/physics.md section 2) of radius R and inertia J turned by a
                           torque: J dw/dt = torque - T R - bearing w, pay-out speed -w R
                           (w > 0 and a positive torque haul in, i.e. hoist) */
} hw_winch_mode;
typedef struct hw_winch_def {
    hw_winch_end end;      /* default HW_WINCH_NONE */
    hw_winch_mode mode;
    double speed;          /* SPEED: pay-out speed, m/s (negative hauls in) */
    hw_table speed_table;  /* SPEED: pay-out speed (m/s) against time (s), when n >= 2 */
    double target;         /* LENGTH: deployed length, m; TENSION: tension at the winch, N */
    double tau;            /* LENGTH: time constant, s (> 0). Default 2 */
    double gain;           /* TENSION: m/s per N (>= 0; 0 = max_speed / target). Keep gain times
                              the line's dT/dL well below its slowest mode's frequency */
    double max_speed;      /* LENGTH, TENSION: speed limit, m/s (> 0). Default 1 */
    double max_length;     /* cable available: the deployed length stops there, m (>= length) */
    double min_length;     /* the deployed length stops there when hauling in, m (> 0;
                              default: half a nominal segment) */
    /* DRUM */
    double drum_radius;    /* R, m (> 0) */
    double drum_inertia;   /* J, kg m^2 (> 0) */
    double drum_bearing;   /* viscous bearing friction, N m s/rad (>= 0). Default 0.001 */
    double drum_speed0;    /* initial angular velocity, rad/s (w > 0 hauls in) */
    double torque;         /* constant drive torque, N m (w/o table or motor) */
    hw_table torque_table; /* drive torque (N m) against time (s), when n >= 2 */
    double motor_stall_torque; /* a motor instead (when > 0): torque = stall (1 - w / w0) */
    double motor_no_load_speed;/* w0, rad/s (> 0 with a motor) */
} hw_winch_def;

/* A line's failure rule (docs/scenario.md, lines[].failure): the line breaks once, at the end of
 * the first step where a trigger fires, and the run goes on with the pieces. The broken segment
 * carries no tension, damping or bending moment from then on; its nodes (and their masses) stay,
 * as free ends; the mechanical energy the break removes is booked as dissipated. */
enum { HW_FAIL_ANY = 0, HW_FAIL_END_A = -1, HW_FAIL_END_B = -2 };
typedef struct hw_failure_def {
    int on;            /* 1: the line has a rule */
    double tension;    /* tension trigger, N (> 0); 0: none unless use_mbl */
    int use_mbl;       /* 1: the tension trigger is the line type's mbl */
    double time;       /* time trigger, s (>= 0); < 0: none. Default -1 */
    int at;            /* where: HW_FAIL_ANY (the segment whose tension exceeds the trigger;
                          needs a tension trigger), HW_FAIL_END_A / HW_FAIL_END_B (the end
                          segment, watched alone), or k >= 1 (segment k, watched alone) */
} hw_failure_def;

typedef struct hw_line_def {
    const char *name;
    int type;          /* index into line types */
    int point_a;       /* index of the point end A (node 0) is attached to */
    int point_b;       /* index of the point end B (node nseg) is attached to */
    double length;     /* unstretched length, m (> 0); with a winch, the deployed length at t = 0 */
    int nseg;          /* number of segments (>= 1); with a winch, the count at t = 0 */
    hw_winch_def winch;
    hw_failure_def failure; /* optional (on = 0: none); not on winch or sheave lines */
    /* Optional start state (docs/scenario.md, lines[].start; a MoorDyn deck's fileIC): node
     * positions and velocities, 3 (nseg + 1) values each (node 0 = end A; start_vel NULL: at
     * rest), used instead of the initial catenary; needs solver.static_solve = 0. A free end
     * point starts where its end node does, with its velocity; the end node on a fixed,
     * prescribed or coupled point takes that point's place. NULL: none. */
    const double *start_pos;
    const double *start_vel;
    /* Clamped ends (docs/physics.md section 4, "A clamped end"; docs/scenario.md lines[].clamp_a,
     * clamp_b): clamp[0] for end A, clamp[1] for end B, the direction the line leaves its end
     * point along (any length > 0; normalized), held there by a bending hinge of stiffness
     * EI / (l0 / 2) against the end segment (a cantilever: MoorDyn's line on a rod end). In the
     * frame of the body the point rides on (hw_world_def.body_points), which turns it and takes
     * the hinge's moment; world frame for a fixed or prescribed point. Zero (the default): a ball
     * joint. Needs a line type with EI > 0 and an end point that is not free. */
    double clamp[2][3];
    /* A Syrope line's start (its type's syrope.on; MoorDyn's SYROPE IC row): the running maximum
     * tension Tmax0 (> 0, N) every segment starts with, and the mean tension Tmean0 (0 <= Tmean0
     * <= Tmax0) it starts at on the working curve of Tmax0 (without a static solve; the static
     * solve puts each segment at rest on that curve instead) */
    double syr_tmax0, syr_tmean0;
    /* Ends on a bending joint (docs/physics.md section 4, "A bending joint"; docs/scenario.md
     * lines[].clamp_a: axis | -axis; MoorDyn's zero-length rod joining lines with EI): +1, the end
     * is clamped to leave its point along the point's joint axis, -1 against it; 0 (the default):
     * not. The axis is no body's: it turns to balance the moments of the ends clamped to it (all
     * such ends on the same point form its joint). Needs a line type with EI > 0 and no clamp[]
     * direction on that end; any point kind. */
    int clamp_axis[2];
} hw_line_def;

/* A sheave (docs/physics.md section 6) over which a cable runs from one line (line_in) to another
 * (line_out). Both line ends (end_in, end_out: HW_WINCH_A or HW_WINCH_B) are attached to the
 * sheave's point, which may be fixed, moving, or free (a travelling pulley). The cable slides at
 * speed v (> 0: from line_in into line_out): the two line ends reel like winches (section 6),
 * and (J / R^2 + mu R wrap) dv/dt = T_out - T_in - friction, where the wrap angle follows from the
 * directions of the two spans at the sheave. A free sheave turns at v / R against its bearing
 * friction; a locked sheave holds while T_high / T_low <= exp(friction * wrap) (capstan) and
 * slides against T_high (1 - exp(-friction * wrap)) past it. The sheave is treated as a point:
 * the tangent points sit at its centre, an error of order radius / span length. */
typedef struct hw_sheave_def {
    const char *name;
    int line_in, line_out;         /* line indices */
    hw_winch_end end_in, end_out;  /* which end of each is on the sheave */
    double radius;                 /* m (> 0) */
    double inertia;                /* kg m^2 (>= 0) */
    double bearing;                /* viscous bearing friction, N m s/rad (>= 0). Default 0 */
    int locked;                    /* 1: does not turn; the cable slides with capstan friction */
    double friction;               /* capstan friction coefficient (>= 0; locked sheaves) */
} hw_sheave_def;

typedef struct hw_solver_def {
    double dt;          /* time step, s; 0 = automatic (a safe fraction of the critical step) */
    double dt_safety;   /* the fraction used when dt = 0. Default 0.5 */
    double dt_period;   /* with dt = 0: the step is the largest within dt_safety of the critical
                           step that divides this period exactly (an output or coupling interval),
                           so hw_sim_advance_to at its multiples takes whole steps only; 0 (the
                           default): dt_safety x the critical step. The CLI sets the output
                           interval (docs/scenario.md solver.dt) */
    double t_end;       /* end time, s. Default 10 */
    hw_integrator integrator; /* default HW_INT_RK2 */
    int static_solve;   /* solve static equilibrium before the dynamic run. Default 1 */
    double static_tol;  /* largest node force residual over largest tension. Default 1e-6 */
    int static_max_iter;/* Newton iterations. Default 200 */
    double max_strain;  /* a segment stretched past this strain is a blow-up. Default 1.0 */
    int allow_unstable_dt; /* 1: run a given dt above the critical step (else refused). Default 0 */
    int monitor_off;    /* 1: the instability monitor records but never stops the run. Default 0 */
    int iterations;     /* HW_INT_BEULER, HW_INT_MIDPOINT, HW_INT_ACA, HW_INT_WILSON: fixed-point
                           iterations per step (>= 1).
                           Default 5 */
} hw_solver_def;

typedef struct hw_model_def {
    hw_env_def env;
    int n_types;
    const hw_line_type_def *types;
    int n_points;
    const hw_point_def *points;
    int n_lines;
    const hw_line_def *lines;
    int n_sheaves;
    const hw_sheave_def *sheaves;
    hw_solver_def solver;
    /* Optional (NULL = 1 everywhere): the current each line and each point sees is the
     * environment's current times this factor. Ensembles use it to run load cases with different
     * current speeds in one model (host/run/ensemble.c). */
    const double *line_current_scale;   /* n_lines values */
    const double *point_current_scale;  /* n_points values */
} hw_model_def;

/* Segment slots line l needs: nseg; with a winch enough for winch.max_length; on a sheave
 * enough for the whole cable (+2 in both cases). */
int hw_line_max_segments(const hw_model_def *def, int line);

hw_env_def hw_default_env(void);
hw_line_type_def hw_default_line_type(void);
hw_point_def hw_default_point(void);
hw_line_def hw_default_line(void);
hw_solver_def hw_default_solver(void);
hw_model_def hw_default_model(void);

/* Where a definition is wrong. Field names are the scenario file's keys (e.g. "segments",
 * "EA_table", "motion.period"), so a file loader can point at the line that holds them. */
hw_sheave_def hw_default_sheave(void);

typedef enum hw_section {
    HW_SEC_ENVIRONMENT = 0, HW_SEC_LINE_TYPE, HW_SEC_POINT, HW_SEC_LINE, HW_SEC_SOLVER,
    HW_SEC_SHEAVE
} hw_section;
typedef struct hw_input_error {
    hw_section section;
    int index;          /* item index within its section (-1 for environment and solver) */
    char field[64];
    char message[256];  /* what was expected and what was found */
} hw_input_error;

/* Size limits hw_model_check() enforces (README, Limits):
 * - HW_MAX_LINE_SEGMENTS segments per line: beyond it no run ends in useful time (the explicit step
 *   shrinks with the segment length: a 1 km chain in a million 1 mm segments needs steps of about
 *   0.4 us), and a MoorDyn deck's every-node outputs would be millions of columns;
 * - HW_MAX_MODEL_NODES nodes and points in all (winch and sheave slots included): the state is 7
 *   blocks of that many values indexed by an int (kernels/lumped.h), 7 x 306783378 <= INT_MAX. */
#define HW_MAX_LINE_SEGMENTS 1000000
#define HW_MAX_MODEL_NODES 306783378
/* Checks a definition without building anything. Returns HW_OK or HW_ERR_INPUT and, when err is
 * not NULL, fills it. */
hw_status hw_model_check(const hw_model_def *def, hw_input_error *err);
/* The same, formatted as one line ("line 'mooring1' field 'segments': ...") into msg. */
hw_status hw_model_validate(const hw_model_def *def, char *msg, size_t msg_len);

/* ---- simulation ------------------------------------------------------------------------------ */
typedef struct hw_sim hw_sim;

/* Optional log sink for warnings and notes (critical step, slack, static solve progress).
 * level: 0 info, 1 warning. Without one the library stays silent. */
typedef void (*hw_log_fn)(void *user, int level, const char *msg);

/* Builds the simulation: validates, lays out elements, sets the initial shape (catenary), solves
 * static equilibrium if asked. On failure *out is NULL and, if msg != NULL, msg holds the reason. */
hw_status hw_sim_create(const hw_model_def *def, hw_backend_kind backend, hw_log_fn log,
                        void *log_user, hw_sim **out, char *msg, size_t msg_len);
void hw_sim_destroy(hw_sim *sim); /* NULL-safe */
const char *hw_sim_last_error(const hw_sim *sim);
const char *hw_sim_backend_name(const hw_sim *sim);

/* Advances n steps of the solver's dt. On HW_ERR_NUMERICAL last_error holds the diagnosis (line,
 * segment, time, likely cause); the state is left as it was when the blow-up was detected and the
 * simulation refuses further steps (HW_ERR_STATE). The time after the steps is
 * t_b + k dt, k the whole steps since t_b (0 at the start, or the target of the last shortened
 * step of hw_sim_advance_to): computed, never accumulated, so it does not drift. */
hw_status hw_sim_step(hw_sim *sim, int n);
/* Advances to time t exactly (the co-simulation step: MoorDyn's Step(x, xd, f, t, dt) with the
 * master's coupling time): whole steps of dt while they fit, then one shortened step of the
 * remainder that lands on t, from which whole steps count again. A target within a tolerance of
 * a step boundary takes no sliver step: tol = 1e-9 dt + 8 eps |t| (at most dt / 4), i.e. far below
 * what a step resolves yet above the rounding by which t_b + k dt and a caller's k x interval can
 * differ (eps: DBL_EPSILON); hw_sim_time() then returns that boundary, within tol of t (a few
 * rounding units of t when the interval is a multiple of dt). So a master whose coupling
 * interval is a multiple of dt gets exactly the states of hw_sim_step (bit for bit), and one
 * whose interval is not gets one shortened step per coupling and no drift. Prescribed and coupled points, winches and sheaves see each step's own
 * time and length. Errors: HW_ERR_INVALID_ARG (last_error says why) for t before the current
 * time (beyond tol), not finite, or more than 2^53 steps away; as hw_sim_step otherwise. */
hw_status hw_sim_advance_to(hw_sim *sim, double t);
/* An interrupt flag (e.g. set by a SIGINT handler; NULL: none): hw_sim_step checks it before
 * every step and, when it is non-zero, returns HW_INTERRUPTED at the end of the last step taken
 * (last_error says when). The simulation stays usable: save its state, or step on. */
void hw_sim_set_interrupt(hw_sim *sim, const volatile sig_atomic_t *flag);
double hw_sim_time(const hw_sim *sim);
double hw_sim_dt(const hw_sim *sim);   /* the whole step's length (shortened steps aside) */
long hw_sim_steps_taken(const hw_sim *sim); /* every step, shortened ones included */

/* Critical (largest stable) step of the chosen integrator, predicted from the stiffest segment,
 * and the line/segment that limits it (segment index 1..nseg). */
hw_status hw_sim_critical_step(const hw_sim *sim, double *dt_crit, int *line, int *segment);
/* The same prediction for any integrator. */
hw_status hw_sim_critical_step_for(const hw_sim *sim, hw_integrator integ, double *dt_crit,
                                   int *line, int *segment);

/* Static equilibrium result: largest residual node force over largest tension, iterations. */
hw_status hw_sim_static_info(const hw_sim *sim, double *residual, int *iterations);

/* ---- outputs (the state at hw_sim_time()) ---------------------------------------------------- */
int hw_sim_line_nseg(const hw_sim *sim, int line);
/* Node positions and velocities of a line: xyz holds 3*(nseg+1) values (node 0 = end A). */
hw_status hw_sim_line_positions(const hw_sim *sim, int line, double *xyz);
hw_status hw_sim_line_velocities(const hw_sim *sim, int line, double *xyz);
/* Vortex-induced vibration phases of a line's nodes (kernels/physics/viv.h), nseg+1 values (rad,
 * 0 at the end nodes); all 0 for a line without VIV. */
hw_status hw_sim_line_viv_phases(const hw_sim *sim, int line, double *phi);
/* Segment tensions T_i (N), i = 1..nseg stored at [i-1]: EA strain + BA strain rate, slack >= 0
 * (a viscoelastic line's: docs/physics.md, where a slack segment's dashpot may pull it below 0). */
hw_status hw_sim_line_tensions(const hw_sim *sim, int line, double *T);
/* Effective tension of the end segments: T_1 at end A and T_nseg at end B. */
hw_status hw_sim_line_end_tensions(const hw_sim *sim, int line, double *ta, double *tb);
/* Force the line exerts on its end-A / end-B attachment point, N (3-vector). This includes the
 * end node's share of the line (its half-segment weight and buoyancy, drag, seabed contact and the
 * inertia of its mass), so it is not the tension of the end segment. */
hw_status hw_sim_line_end_forces(const hw_sim *sim, int line, double fa[3], double fb[3]);
/* Net force on each node of a line (3 (nseg + 1) values, N): tension, bending, weight, buoyancy,
 * fluid loads and seabed contact (the force before the node's inertia; an end node's without its
 * point). Computed on the CPU from the current state (with the CUDA backend: from the host's copy
 * of the model, whose sampled wave kinematics may lag). */
hw_status hw_sim_line_node_forces(const hw_sim *sim, int line, double *f);
/* Point acceleration (m/s^2) at the current state: a free point's from its loads and mass (lines'
 * end nodes included), a fixed, prescribed or coupled point's from its kinematics (0 for fixed and
 * coupled points: a coupled point moves at constant velocity between two settings). */
hw_status hw_sim_point_acceleration(const hw_sim *sim, int point, double acc[3]);
/* Point position, velocity, and the total force all lines exert on it (N). */
hw_status hw_sim_point_state(const hw_sim *sim, int point, double pos[3], double vel[3],
                             double force[3]);
/* For HW_POINT_COUPLED points: position and velocity from now on (held at pos + vel (t - now)). */
hw_status hw_sim_set_point_kinematics(hw_sim *sim, int point, const double pos[3],
                                      const double vel[3]);
/* A clamped line end (hw_line_def.clamp; end 0: A, 1: B): its world direction (normalized here)
 * and that direction's rate (w x dir for a body turning at w) from now on. HW_ERR_INVALID_ARG for
 * an end that is not clamped. */
hw_status hw_sim_set_end_clamp(hw_sim *sim, int line, int end, const double dir[3],
                               const double rate[3]);
/* The moment (N m, world) a clamped end's bending hinge exerts on what holds the end (its body)
 * at the current state, beside the end force of hw_sim_point_state; zero for an end that is not
 * clamped. */
hw_status hw_sim_line_end_moment(const hw_sim *sim, int line, int end, double moment[3]);

/* Winches (lines with winch.end set). The speed is the pay-out speed, m/s (negative: haul in);
 * for HW_WINCH_EXTERNAL it holds until set again. State: deployed (unstretched) length, m;
 * current pay-out speed; tension of the segment at the winch, N; segments now. */
hw_status hw_sim_set_winch_speed(hw_sim *sim, int line, double speed);
/* Sheave k: sliding speed v (m/s, > 0 from line_in to line_out; the sheave turns at v / R unless
 * locked), wrap angle (rad), tensions of the two line segments at the sheave (N), and whether a
 * locked sheave is holding (1) or slipping (0). */
hw_status hw_sim_sheave_state(const hw_sim *sim, int sheave, double *v, double *wrap,
                              double *t_in, double *t_out, int *holding);
/* Segment-steps taken so far (segments in use at each step, summed over the steps). */
double hw_sim_segment_steps(const hw_sim *sim);
/* Structural (in-air) mass of a line's deployed cable, kg: the sum of its node masses. */
double hw_sim_line_mass(const hw_sim *sim, int line);
hw_status hw_sim_winch_state(const hw_sim *sim, int line, double *length, double *speed,
                             double *tension, int *nseg);

/* Overwrites a line's node positions and velocities (3*(nseg+1) values each; vel may be NULL for
 * rest), e.g. to start from a chosen shape or restart. The end nodes stay on their points: a free
 * end point is moved with its end node; fixed, prescribed and coupled points keep theirs, so the
 * given end positions must match them. A viscoelastic line starts again with each segment's
 * whole stretch on its first spring (e1 = e, as at t = 0 without the static solve). */
hw_status hw_sim_set_line_state(hw_sim *sim, int line, const double *xyz, const double *vel);

/* Line failure (hw_line_def.failure): whether line has broken and, if so, when (s, a step's end),
 * at which segment (1..nseg), the segment's tension then (N, from the step's last evaluation) and
 * the mechanical energy the break removed (J: the segment's elastic energy, the bending hinges at
 * its nodes, in water the added-mass kinetic energy change of its nodes; booked in
 * hw_energy.dissipated). Any pointer may be NULL. */
hw_status hw_sim_line_failure(const hw_sim *sim, int line, int *broken, double *time, int *segment,
                              double *tension, double *released);

/* True extremes, accumulated at every step (not at output rows) on either backend, from the
 * forces at the start of each step and at the current state. Times in s, segments 1-based. The
 * end statistics are over every step's end-segment tension (population standard deviation). */
typedef struct hw_end_stats {
    long samples;
    double mean, std, min, max, t_min, t_max;
} hw_end_stats;
typedef struct hw_line_extremes {
    double max_tension, max_time; int max_segment;  /* largest segment tension, N */
    double min_tension, min_time; int min_segment;  /* smallest segment tension, N */
    double max_strain; int max_strain_segment;      /* largest segment strain */
    hw_end_stats end_a, end_b;                      /* end-segment tensions TA, TB, N */
} hw_line_extremes;
hw_status hw_sim_line_extremes(const hw_sim *sim, int line, hw_line_extremes *out);
/* The same for every line at once, out[0 .. lines - 1]: one snapshot of the accumulators (on CUDA
 * one copy from the device) instead of one per line. */
hw_status hw_sim_all_line_extremes(const hw_sim *sim, hw_line_extremes *out);
/* Per segment slot of a line (hw_sim_line_nseg values each; any pointer may be NULL): largest
 * and smallest tension with their times, largest strain. On a reeling line a slot is a place
 * in the line's segment array, which shifts as the winch inserts and removes segments. */
hw_status hw_sim_segment_extremes(const hw_sim *sim, int line, double *max_T, double *max_t,
                                  double *min_T, double *min_t, double *max_strain);
/* The accumulator state (extremes, end statistics, instability monitor) as a flat array of
 * hw_sim_accum_size doubles, to save in a checkpoint and restore into a simulation of the same
 * model at the same time (hw_sim_accum_set before the next step). */
size_t hw_sim_accum_size(const hw_sim *sim);
hw_status hw_sim_accum_get(const hw_sim *sim, double *buf);
hw_status hw_sim_accum_set(hw_sim *sim, const double *buf);

typedef struct hw_energy {
    double kinetic;       /* 1/2 v^T M v over nodes and free points (added mass included) */
    double gravity;       /* potential of weight minus buoyancy, relative to z = 0 */
    double axial;         /* elastic energy of the segments */
    double bending;       /* elastic energy of the bending hinges */
    double seabed;        /* elastic energy of the seabed springs */
    double dissipated;    /* work done by damping, drag, seabed damping and friction so far */
    double total;         /* kinetic + gravity + axial + bending + seabed */
} hw_energy;
/* With waves the balance is not closed (docs/physics.md section 8): dissipated includes the work
 * the lines do on the water, negative where the waves push them, and total + dissipated is not
 * conserved. */
hw_status hw_sim_energy(const hw_sim *sim, hw_energy *e);

#ifdef __cplusplus
}
#endif
#endif /* HAWSER_H */
