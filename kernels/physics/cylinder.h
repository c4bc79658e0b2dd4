/* A rigid cylinder carried by a 6-DOF body (MoorDyn's rod; include/hawser/body.h
 * hw_body_cylinder_def; docs/physics.md section 9, "Cylinders on bodies"). Written once, for gcc
 * and nvcc (hd.h); the bodies run on the host and call it there.
 *
 * The cylinder runs from end A to end B (body frame, from the body's reference point), diameter d,
 * mass m_l per length, N segments of length l = L / N: N + 1 nodes x_i = A + (i / N)(B - A), each
 * with its tributary length dL_i (l / 2 at the ends, l inside) and volume v_i = (pi d^2 / 4) dL_i.
 * q is the unit axis from A to B (world), phi its angle from the vertical (cos phi = q_z,
 * sin phi = |q_h| >= 0, q_h its horizontal part).
 *
 * Mass: its own (m_l L, a uniform cylinder's inertia: m_l L (L^2 / 12 + d^2 / 16) across the axis
 * and m_l L d^2 / 8 about it, at its middle) is added to the body's at creation
 * (hw_cyl_mass_props); its weight then acts at the body's CG with the rest.
 *
 * Submergence, as MoorDyn's rod computes it: the surface elevation zeta is taken at the upper end
 * (the wave elevation above that node; 0 in still water); h0, the submerged length along the axis
 * measured from the lower end, is (zeta - z_low) / |q_z| when the surface crosses the cylinder, L
 * when end A is under it, else 0. Node i's axial wet fraction f0_i is the part of its tributary
 * interval (along the axis from the lower end) below h0. Its cross-section (a disc of diameter d
 * seen tilted: vertical extent d sin phi) has the wet area A_i (a circular segment when the surface
 * cuts it: with G = (z_i - zeta) / sin phi and al = acos(2 G / d), A = d^2 (2 al - sin 2 al) / 8)
 * and that area's centroid height zA_i = z_i - (2 / 3) d sin^3 al / (2 al - sin 2 al) (z_i when
 * the whole disc is wet). The node's wet fraction blends the two with the tilt:
 *   F_i = f0_i cos^2 phi + (A_i / (pi d^2 / 4)) sin^2 phi.
 *
 * Loads at node i (rho water density, U_i the water's velocity there: current + waves, a_i the
 * waves' acceleration, p_i their dynamic pressure; u = U_i - v_i the relative velocity, its axial
 * part u_q = (u.q) q and normal part u_p = u - u_q; likewise a_q, a_p) for N >= 1:
 *   side buoyancy     F_i v_i rho g (e_z - q_z q)         (the radial part; the axial part is the
 *                                                          end faces' pressure below)
 *   normal drag       F_i rho/2 Cd d dL_i |u_p| u_p
 *   axial drag        F_i rho/2 CdAx pi d dL_i |u_q| u_q   (MoorDyn: CdAx = 0 always)
 *   fluid inertia     F_i rho v_i ((1 + Ca) a_p + CaAx a_q) (MoorDyn: CaAx = 0 always)
 *   added mass        F_i rho v_i (Ca (1 - q q^T) + CaAx q q^T)
 *   seabed            (kb p - cb v_z) d dL_i up, p > 0 the node's depth below the seabed
 * and at each end face whose lowest point (z - (d/2) sin phi) is below zeta, with F and zA of its
 * end node, sign s = -1 at A and +1 at B (the face's outward normal is s q), V_e = pi d^3 / 12 (a
 * half sphere):
 *   end pressure      -s F (pi d^2 / 4) (p - rho g zA) q  (hydrostatic and the waves' dynamic
 *                                                         pressure on the face)
 *   end face moment   s F rho g (pi d^4 / 64) (q_y, -q_x, 0)
 *   end drag          F rho/2 CdEnd (pi d^2 / 4) |u_q| u_q
 *   end inertia       F rho CaEnd V_e a_q, added mass F rho CaEnd V_e q q^T
 * and, when the surface crosses the cylinder, the waterplane moment
 *   rho g (pi d^4 / 16) q_z (q_y, -q_x, 0).
 * N = 0 (MoorDyn's zero-length rod): one node at A with the end effects of both faces (the axis
 * still from A to B, or the body's z axis when they coincide), no length, no mass.
 *
 * Each node's force acts at the node (its moment about the reference point), the moments as they
 * are; each node's added mass joins the body's generalized mass as a point mass riding on the
 * body (hw_body_point_mass6: with its centripetal term). */
#ifndef HW_PHYSICS_CYLINDER_H
#define HW_PHYSICS_CYLINDER_H
#include "hd.h"
#include "body.h"
#include "hydro.h"
#include "seabed.h"
#include "waves.h"

typedef struct hw_cyl_p {
    hw_v3 a, b;          /* ends, body frame */
    double d, ml;        /* diameter (m), mass per length (kg/m) */
    int n;               /* segments (>= 0) */
    double cd, ca, cd_ax, ca_ax, cd_end, ca_end;
} hw_cyl_p;

/* What a cylinder sees of the sea: the waves (n = 0: still water) at time t, the current on its
 * grid (cur.nz = 0: none; none above the surface) with its time bracket cw at t (hw_current_when),
 * the seabed with stiffness kb and damping cb per contact area (kb = 0: no contact): flat at
 * z = -depth when sb_nx = 0, else the bathymetry grid sb_x (sb_nx values), sb_y (sb_ny), depths
 * sb_d (x fastest) under each node (hw_bathy_depth, as the lines' nodes). */
typedef struct hw_cyl_sea {
    const hw_wave_field *W;
    double t;
    hw_cur_grid cur;
    hw_tlu_w cw;
    double depth, kb, cb;
    int sb_nx, sb_ny;
    const double *sb_x, *sb_y, *sb_d;
} hw_cyl_sea;

/* The seabed's depth under (x, y) as the cylinder sees it. */
HW_HD double hw_cyl_sea_depth(const hw_cyl_sea *sea, double x, double y)
{
    return sea->sb_nx > 0 ? hw_bathy_depth(sea->sb_x, sea->sb_nx, sea->sb_y, sea->sb_ny, sea->sb_d, x, y)
                          : sea->depth;
}

/* The cylinder's length as MoorDyn counts it (0 for N = 0) and its unit axis in the body frame. */
HW_HD double hw_cyl_length(const hw_cyl_p *c, hw_v3 *axis)
{
    hw_v3 ab = hw_v3_sub(c->b, c->a);
    double L = hw_v3_norm(ab);
    if (axis) *axis = L > 0.0 ? hw_v3_scale(ab, 1.0 / L) : hw_v3_make(0.0, 0.0, 1.0);
    return c->n > 0 ? L : 0.0;
}

/* Its mass m, centre (body frame) and inertia about that centre (body axes): a uniform cylinder. */
HW_HD void hw_cyl_mass_props(const hw_cyl_p *c, double *m, hw_v3 *cg, hw_m3s *I)
{
    hw_v3 t;
    double L = hw_cyl_length(c, &t);
    double mm = c->ml * L;
    double across = mm * (L * L / 12.0 + c->d * c->d / 16.0), along = mm * c->d * c->d / 8.0;
    *m = mm;
    *cg = hw_v3_scale(hw_v3_add(c->a, c->b), 0.5);
    *I = hw_m3s_iso_axial(across, along - across, t);
}

/* The wet cross-section of node i at height z: area (returned) and centroid height *za. */
HW_HD double hw_cyl_section(double z, double zeta, double d, double sphi, double *za)
{
    double area = 0.25 * HW_PI * d * d;
    double lo = z - 0.5 * d * sphi, hi = z + 0.5 * d * sphi;
    if (lo > zeta) { *za = 0.0; return 0.0; }
    if (hi < zeta) { *za = z; return area; }
    if (sphi < 1e-3) { *za = z; return 0.5 * area; } /* an end face lying on the surface */
    double G = (z - zeta) / sphi;
    double x = 2.0 * G / d;
    x = x > 1.0 ? 1.0 : (x < -1.0 ? -1.0 : x);
    double al = acos(x), s2 = 2.0 * al - sin(2.0 * al);
    double sa = sin(al);
    *za = s2 > 0.0 ? z - (2.0 / 3.0) * d * sa * sa * sa / s2 : z;
    return d * d / 8.0 * s2;
}

/* What the nodes share in state s: the axis q (world), sin and cos of its tilt, the moment
 * direction sin phi (sin beta, -cos beta, 0), the length, segment length, the surface elevation at
 * the upper end, the lower end's height zlow and the wet length h0 from it, which end is lower,
 * whether the surface crosses the cylinder. */
typedef struct hw_cyl_geo {
    hw_v3 q, mdir;
    double L, l, sphi, cphi, zeta, zlow, h0;
    int N, a_low, crossing;
} hw_cyl_geo;

HW_HD hw_cyl_geo hw_cyl_geometry(const hw_cyl_p *c, const hw_body_s *s, const hw_cyl_sea *sea)
{
    hw_cyl_geo G;
    hw_v3 tb;
    G.N = c->n > 0 ? c->n : 0;
    G.L = hw_cyl_length(c, &tb);
    G.l = G.N > 0 ? G.L / G.N : 0.0;
    G.q = hw_quat_rotate(s->q, tb);
    G.sphi = sqrt(G.q.x * G.q.x + G.q.y * G.q.y);
    G.cphi = G.q.z;
    G.mdir = hw_v3_make(G.q.y, -G.q.x, 0.0);
    hw_v3 xa = hw_body_point(s, c->a);
    hw_v3 xb = G.N > 0 ? hw_body_point(s, c->b) : xa;
    /* the surface at the upper end, the wet length from the lower end */
    G.a_low = xa.z <= xb.z;
    hw_v3 xtop = G.a_low ? xb : xa;
    double zlow = G.a_low ? xa.z : xb.z, ztop = xtop.z;
    G.zeta = sea->W->n > 0 ? hw_wave_eta(sea->W, xtop.x, xtop.y, sea->t) : 0.0;
    G.crossing = zlow < G.zeta && ztop > G.zeta;
    G.h0 = G.crossing ? (G.zeta - zlow) / fabs(G.q.z) : (xa.z < G.zeta ? G.L : 0.0);
    G.zlow = zlow;
    return G;
}

/* One node's loads, each part apart (the groups MoorDyn's rod output flags name: W B X Y A a P b;
 * docs/moordyn.md, "Rod output files"), world. */
typedef struct hw_cyl_node {
    hw_v3 x, v, U;       /* the node's position and velocity, the water's velocity there */
    hw_v3 weight;        /* m_l dL_i g downwards: for output only (the body's weight holds it) */
    hw_v3 buoy;          /* side buoyancy and the end faces' hydrostatic pressure */
    hw_v3 drag_n, drag_q;/* drag across the axis; along it (sides' CdAx, end faces' CdEnd) */
    hw_v3 fk_n, fk_q;    /* fluid inertia across the axis; along it (CaAx, end faces' CaEnd) */
    hw_v3 pdyn;          /* the waves' dynamic pressure on the end faces */
    hw_v3 seabed;
    hw_v3 moment;        /* the end faces' moments */
    double cam, caq;     /* added mass across and along the axis */
    double dl, F;        /* tributary length, wet fraction (axial wet length and cross-section blended) */
    double asub, za;     /* the wet cross-section and its centroid's height */
    double seabed_power, seabed_energy; /* the contact's damping power (>= 0) and elastic energy */
} hw_cyl_node;

HW_HD hw_cyl_node hw_cyl_node_loads(const hw_cyl_p *c, const hw_cyl_geo *G, const hw_body_s *s, double g,
                                    double rho, const hw_cyl_sea *sea, int i)
{
    hw_cyl_node o;
    int N = G->N;
    double d = c->d, area = 0.25 * HW_PI * d * d, ve = HW_PI * d * d * d / 12.0, l = G->l;
    hw_v3 q = G->q;
    double fr = N > 0 ? (double)i / N : 0.0;
    hw_v3 at = N == 0 ? c->a : hw_v3_add(c->a, hw_v3_scale(hw_v3_sub(c->b, c->a), fr));
    hw_v3 x = hw_body_point(s, at), v = hw_body_point_vel(s, at);
    double dl = N == 0 ? 0.0 : ((i == 0 || i == N) ? 0.5 * l : l);
    double vi = area * dl;
    /* the tributary interval [s0, s0 + dl] along the axis from the lower end */
    double s0 = i == 0 ? 0.0 : (i - 0.5) * l;
    if (!G->a_low) s0 = G->L - s0 - dl;
    double f0 = dl > 0.0 ? (G->h0 - s0) / dl : 1.0;
    f0 = f0 > 1.0 ? 1.0 : (f0 < 0.0 ? 0.0 : f0);
    double za = 0.0;
    double asub = hw_cyl_section(x.z, G->zeta, d, G->sphi, &za);
    double F = f0 * G->cphi * G->cphi + asub / area * G->sphi * G->sphi;
    hw_wave_kin K = hw_wave_eval(sea->W, x, sea->t);
    hw_v3 U = K.u;
    if (sea->cur.nz > 0 && K.wet)
        U = hw_v3_add(U, hw_current_grid(&sea->cur, sea->cw, x.x, x.y, x.z));
    hw_v3 u = hw_v3_sub(U, v);
    hw_v3 uq = hw_v3_scale(q, hw_v3_dot(u, q)); /* the axial part, for the end faces' drag */
    hw_v3 aq = hw_v3_scale(q, hw_v3_dot(K.a, q)), ap = hw_v3_sub(K.a, aq);
    double uqm = hw_v3_norm(uq);
    hw_v3 z = hw_v3_zero();
    o.x = x; o.v = v; o.U = U;
    o.weight = hw_v3_make(0.0, 0.0, -c->ml * dl * g);
    o.buoy = o.drag_n = o.drag_q = o.fk_n = o.fk_q = o.pdyn = o.seabed = o.moment = z;
    o.cam = o.caq = 0.0;
    o.dl = dl; o.F = F; o.asub = asub; o.za = za;
    o.seabed_power = o.seabed_energy = 0.0;
    if (N > 0) {
        o.buoy = hw_v3_scale(hw_v3_sub(hw_v3_make(0.0, 0.0, 1.0), hw_v3_scale(q, q.z)), F * vi * rho * g);
        /* the lines' Morison drag, across and along the axis apart */
        o.drag_n = hw_morison_drag(u, q, rho, d, F * dl, c->cd, 0.0);
        o.drag_q = hw_morison_drag(u, q, rho, d, F * dl, 0.0, c->cd_ax);
        o.fk_n = hw_v3_scale(ap, F * rho * vi * (1.0 + c->ca));
        o.fk_q = hw_v3_scale(aq, F * rho * vi * c->ca_ax);
        o.cam = F * rho * vi * c->ca;
        o.caq = F * rho * vi * c->ca_ax;
        if (sea->kb > 0.0) { /* at the depth under the node (flat, or the bathymetry grid's) */
            hw_seabed_result sb = hw_seabed_contact(x, v, hw_cyl_sea_depth(sea, x.x, x.y), sea->kb, sea->cb, 1.0, 0.0, d, dl);
            o.seabed = sb.f;
            o.seabed_power = sb.power;
            o.seabed_energy = sb.energy;
        }
    }
    double zlo_node = x.z - 0.5 * d * G->sphi;
    for (int e = 0; e < 2; e++) { /* end A (node 0), end B (node N) */
        if ((e == 0 && i != 0) || (e == 1 && i != N) || !(zlo_node < G->zeta)) continue;
        double sg = e == 0 ? -1.0 : 1.0;
        o.buoy = hw_v3_add(o.buoy, hw_v3_scale(q, sg * F * area * rho * g * za));
        o.pdyn = hw_v3_add(o.pdyn, hw_v3_scale(q, -sg * F * area * K.pd));
        o.moment = hw_v3_add(o.moment, hw_v3_scale(G->mdir, sg * F * rho * g * HW_PI * d * d * d * d / 64.0));
        o.drag_q = hw_v3_add(o.drag_q, hw_v3_scale(uq, 0.5 * F * area * rho * c->cd_end * uqm));
        o.fk_q = hw_v3_add(o.fk_q, hw_v3_scale(aq, F * rho * c->ca_end * ve));
        o.caq += F * rho * c->ca_end * ve;
    }
    return o;
}

/* The node's fluid and seabed load (every part but the weight). */
HW_HD hw_v3 hw_cyl_node_force(const hw_cyl_node *o)
{
    hw_v3 f = hw_v3_add(hw_v3_add(o->buoy, o->fk_n), hw_v3_add(o->fk_q, o->seabed));
    f = hw_v3_add(f, o->pdyn);
    return hw_v3_add(f, hw_v3_add(o->drag_n, o->drag_q));
}

/* The cylinder's loads on the body in state s (world, about the reference point), added to *f;
 * its added mass added to *m6 (and the added mass's centripetal force to *f); the power of its
 * drag and of its seabed contact's damping (<= 0: what they take out) added to *drag_power when
 * not NULL. */
HW_HD void hw_cyl_loads(const hw_cyl_p *c, const hw_body_s *s, double g, double rho, const hw_cyl_sea *sea,
                        hw_v6 *f, hw_m6 *m6, double *drag_power)
{
    hw_cyl_geo G = hw_cyl_geometry(c, s, sea);
    double pw = 0.0;
    for (int i = 0; i <= G.N; i++) {
        hw_cyl_node o = hw_cyl_node_loads(c, &G, s, g, rho, sea, i);
        pw -= hw_v3_dot(hw_v3_add(o.drag_n, o.drag_q), hw_v3_sub(o.U, o.v)) + o.seabed_power;
        hw_body_add_force_at(f, s->r, o.x, hw_cyl_node_force(&o));
        f->a[3] += o.moment.x; f->a[4] += o.moment.y; f->a[5] += o.moment.z;
        if (o.cam != 0.0 || o.caq != 0.0)
            hw_body_point_mass6(m6, f, hw_m3s_iso_axial(o.cam, o.caq - o.cam, G.q), hw_v3_sub(o.x, s->r), s->w);
    }
    if (G.crossing && G.N > 0) {
        hw_v3 M3 = hw_v3_scale(G.mdir, rho * g * HW_PI * c->d * c->d * c->d * c->d / 16.0 * G.cphi);
        f->a[3] += M3.x; f->a[4] += M3.y; f->a[5] += M3.z;
    }
    if (drag_power) *drag_power += pw;
}

/* What the body's own energy (hw_body_energy: the cylinder's mass is in the body's) leaves out of
 * the cylinder in state s: the added mass's kinetic energy 1/2 v^T A v at each node (across the
 * axis Ca, along it CaAx and a wet end face's CaEnd: the loads' cam, caq), added to *kinetic;
 * the buoyancy's potential, -rho g times the first moment in z of the wet volume, and the seabed
 * contact's elastic energy, added to *potential. The wet volume's moment is that of the loads'
 * blend: cos^2 phi of the axial wet length h0 from the lower end (A (z_low h0 + |q_z| h0^2 / 2))
 * plus sin^2 phi of each node's wet cross-section (dL a_sub z_a); under water it is V z_centre
 * whatever the tilt, and for a vertical cylinder piercing the surface it gives rho g A z_low^2 / 2,
 * its bottom face's pressure's potential. Exact where the loads derive from it: a submerged
 * cylinder, a vertical one piercing the surface; the added mass is constant along a path that
 * keeps each node's wet fraction (a heaving spar), otherwise the loads leave out its rate of
 * change (as MoorDyn's do). */
HW_HD void hw_cyl_energy(const hw_cyl_p *c, const hw_body_s *s, double g, double rho, const hw_cyl_sea *sea,
                         double *kinetic, double *potential)
{
    hw_cyl_geo G = hw_cyl_geometry(c, s, sea);
    double area = 0.25 * HW_PI * c->d * c->d, ke = 0.0, pe = 0.0;
    double moment = G.cphi * G.cphi * area * (G.zlow * G.h0 + 0.5 * fabs(G.q.z) * G.h0 * G.h0);
    for (int i = 0; i <= G.N; i++) {
        hw_cyl_node o = hw_cyl_node_loads(c, &G, s, g, rho, sea, i);
        double vq = hw_v3_dot(o.v, G.q), vp2 = hw_v3_dot(o.v, o.v) - vq * vq;
        ke += 0.5 * (o.cam * vp2 + o.caq * vq * vq);
        if (G.N > 0) moment += G.sphi * G.sphi * o.dl * o.asub * o.za;
        pe += o.seabed_energy;
    }
    *kinetic += ke;
    *potential += pe - rho * g * moment;
}
#endif
