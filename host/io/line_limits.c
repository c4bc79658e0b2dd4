/* See line_limits.h. */
#include "io/line_limits.h"

#include <math.h>

double hw_line_utilisation(double max_tension, double mbl)
{
    if (!(mbl > 0)) return NAN;
    return (max_tension > 0 ? max_tension : 0.0) / mbl;
}

static double line_mbl(const hw_model_def *def, int line)
{
    return def->types[def->lines[line].type].mbl;
}

void hw_line_limits_json(FILE *f, const hw_model_def *def, const hw_sim *sim, int line,
                         double max_tension, double warn_fraction)
{
    double mbl = line_mbl(def, line), u = hw_line_utilisation(max_tension, mbl);
    if (mbl > 0)
        fprintf(f, ",\"mbl_N\":%.10g,\"utilisation\":%.6g", mbl, u);
    else
        fprintf(f, ",\"mbl_N\":null,\"utilisation\":null");
    fprintf(f, ",\"utilisation_warning\":%s", u > warn_fraction ? "true" : "false");
    int broken = 0, seg = 0;
    double t = 0, T = 0, e = 0;
    if (sim) hw_sim_line_failure(sim, line, &broken, &t, &seg, &T, &e);
    fprintf(f, ",\"failure\":{\"rule\":%s,\"broken\":%s", def->lines[line].failure.on ? "true" : "false",
            broken ? "true" : "false");
    if (broken)
        fprintf(f, ",\"time_s\":%.9g,\"segment\":%d,\"tension_N\":%.10g,\"released_energy_J\":%.10g}",
                t, seg, T, e);
    else
        fprintf(f, ",\"time_s\":null,\"segment\":null,\"tension_N\":null,\"released_energy_J\":null}");
}

int hw_line_limits_warn(FILE *f, const hw_model_def *def, int line, double max_tension,
                        double warn_fraction)
{
    double mbl = line_mbl(def, line), u = hw_line_utilisation(max_tension, mbl);
    if (!(u > warn_fraction)) return 0;
    fprintf(f, "hawser: warning: line '%s': utilisation %.3g (largest tension %.6g N over mbl %.6g N) "
               "is above the warning fraction %.3g (outputs.utilisation_warning)%s\n",
            def->lines[line].name ? def->lines[line].name : "", u, max_tension, mbl, warn_fraction,
            u > 1 ? ": the line is loaded past its breaking load" : "");
    return 1;
}
