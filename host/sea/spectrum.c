/* Irregular seas: components of a spectrum or of a measured elevation record. Not built yet: the
 * forms are refused with a message. */
#include "sea/waves.h"

#include <stdio.h>

hw_status hw_waves_spectrum_components(const hw_waves_def *d, double depth,
                                                             double g, int *n, double **amp,
                                                             double **omega, double **dir,
                                                             double **phase, char *msg,
                                                             size_t msg_len)
{
    (void)d; (void)depth; (void)g; (void)n; (void)amp; (void)omega; (void)dir; (void)phase;
    snprintf(msg, msg_len, "waves: spectra are not built yet");
    return HW_ERR_UNSUPPORTED;
}
hw_status hw_waves_elevation_components(const hw_waves_def *d, double depth,
                                                              double g, int *n, double **amp,
                                                              double **omega, double **dir,
                                                              double **phase, char *msg,
                                                              size_t msg_len)
{
    (void)d; (void)depth; (void)g; (void)n; (void)amp; (void)omega; (void)dir; (void)phase;
    snprintf(msg, msg_len, "waves: measured elevation records are not read yet");
    return HW_ERR_UNSUPPORTED;
}

