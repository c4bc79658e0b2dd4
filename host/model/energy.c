/* Energy bookkeeping (docs/physics.md section 8), evaluated on the host from a state vector with the
 * shared physics functions. Potential energies match the forces exactly: gravity minus buoyancy
 * (buoyancy only below z = 0, so the potential is continuous at the surface), segment strain
 * energy (zero while slack), bending hinges k (1 - cos theta), seabed springs kb p^2 d l / 2. */
#include <math.h>

#include "model/energy.h"

/* The direction of segment s (zero when broken, as the forces see it: hw_segment_cut). */
static hw_v3 seg_tangent(const hw_lm_sys *S, const double *y, int s, double *len)
{
    int l = S->seg_line[s], ia = S->ln_n0[l] + (s - S->ln_s0[l]), n = S->n_state;
    hw_v3 d = hw_v3_sub(hw_lm_get3(y, n, HW_Y_RX, ia + 1), hw_lm_get3(y, n, HW_Y_RX, ia));
    *len = hw_v3_norm(d);
    hw_v3 q = *len > 0 ? hw_v3_scale(d, 1.0 / *len) : hw_v3_make(0, 0, 1);
    return hw_v3_scale(q, S->seg_alive[s]);
}

static double potential_gravity(double m, double vol, double rho, double g, double z)
{
    return (m - (z < 0 ? rho * vol : 0.0)) * g * z;
}

void hw_model_energy(const hw_model *m, double t, const double *y, hw_energy *e)
{
    (void)t;
    const hw_lm_sys *S = &m->S;
    int n = S->n_state;
    e->kinetic = e->gravity = e->axial = e->bending = e->seabed = e->dissipated = 0.0;
    for (int s = 0; s < S->n_segs; s++) {
        int l = S->seg_line[s];
        double len;
        seg_tangent(S, y, s, &len);
        double l0 = S->seg_l0[s];
        if (S->seg_alive[s] == 0.0) continue; /* broken: its energy was booked as dissipated */
        if (hw_lm_is_visco(S, l)) { /* both springs of the viscoelastic chain */
            double e1 = y[hw_lm_vis_off(S) + (size_t)s], k1, k2;
            hw_visco_springs(S->ln_ea[l], S->ln_vbeta[l], S->ln_vk1[l], S->ln_vk2[l], e1, &k1, &k2);
            e->axial += l0 * hw_visco_energy(len / l0 - 1.0, e1, k1, k2);
        } else if (hw_lm_is_syrope(S, l)) {
            /* Syrope: no stored energy counted (its working curve is not conservative;
             * docs/physics.md, "Syrope lines"); its dashpots' dissipation is counted */
        } else
            e->axial += hw_segment_energy(len / l0 - 1.0, l0, S->ln_ea[l], S->tab_x + S->ln_tab0[l],
                                          S->tab_y + S->ln_tab0[l], S->ln_tabn[l]);
    }
    for (int i = 0; i < S->n_nodes; i++) {
        int l = S->node_line[i], loc = S->node_loc[i], nseg = S->ln_nseg[l];
        int sl = S->ln_s0[l] + loc - 1;
        double la = 0, lb = 0;
        hw_v3 qa = loc > 0 ? seg_tangent(S, y, sl, &la) : hw_v3_zero();
        hw_v3 qb = loc < nseg ? seg_tangent(S, y, sl + 1, &lb) : hw_v3_zero();
        if (S->ln_ei[l] > 0 && loc > 0 && loc < nseg && S->seg_alive[sl] != 0.0 &&
            S->seg_alive[sl + 1] != 0.0) {
            double k = S->ln_ei[l] / (0.5 * (S->seg_l0[sl] + S->seg_l0[sl + 1]));
            e->bending += hw_hinge_eval(qa, la, qb, lb, k).energy;
        } else if (S->n_clamp > 0 && S->ln_ei[l] > 0 && (loc == 0 || loc == nseg)) {
            /* a clamped end's hinge (hw_hinge_clamp), k (1 - cos) against the clamp */
            int en = 2 * l + (loc == 0 ? 0 : 1), s = loc == 0 ? sl + 1 : sl;
            hw_v3 cdot, c = hw_lm_clamp_dir(S, y, en, &cdot); /* a joint's: its axis now */
            if (hw_v3_dot(c, c) > 0 && S->seg_alive[s] != 0.0)
                e->bending += hw_hinge_clamp(loc != 0, c, hw_v3_zero(), loc == 0 ? qb : qa, loc == 0 ? lb : la,
                                             hw_v3_zero(), hw_hinge_stiffness(S->ln_ei[l], 0.0, S->seg_l0[s]),
                                             0.0).energy;
        }
        hw_v3 r = hw_lm_get3(y, n, HW_Y_RX, i), v = hw_lm_get3(y, n, HW_Y_VX, i);
        double d = S->ln_d[l], vol = 0.25 * HW_PI * d * d * S->node_l[i];
        hw_m3s M = hw_node_mass(S->node_m[i], r.z < 0, S->rho, d, S->node_l[i], S->ln_can[l],
                                S->ln_cat[l], hw_node_tangent(qa, qb));
        e->kinetic += 0.5 * hw_v3_dot(v, hw_m3s_mul(M, v));
        e->gravity += potential_gravity(S->node_m[i], vol, S->rho, S->g, r.z);
        e->seabed += hw_seabed_contact(r, v, hw_lm_depth_at(S, r.x, r.y), S->kb, 0.0, S->vf, 0.0, d, S->node_l[i]).energy;
        e->dissipated += y[HW_Y_ED * n + i];
    }
    for (int p = 0; p < S->n_points; p++) {
        int i = S->n_nodes + p;
        e->dissipated += y[HW_Y_ED * n + i];
        if (S->pt_kind[p] != HW_PT_FREE) continue;
        hw_v3 r = hw_lm_get3(y, n, HW_Y_RX, i), v = hw_lm_get3(y, n, HW_Y_VX, i);
        double ma = r.z < 0 ? S->pt_ca[p] * S->rho * S->pt_vol[p] : 0.0;
        e->kinetic += 0.5 * (S->pt_mass[p] + ma) * hw_v3_dot(v, v);
        e->gravity += potential_gravity(S->pt_mass[p], S->pt_vol[p], S->rho, S->g, r.z);
    }
    e->total = e->kinetic + e->gravity + e->axial + e->bending + e->seabed;
}
