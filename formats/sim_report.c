/* sim_report.c — the simulation report's codec (sim_report.h): the Wilson interval. */
#include "sim_report.h"

#include <math.h>

void bsk_wilson(uint64_t successes, uint64_t trials, double out[2])
{
    if (trials == 0) {
        out[0] = 0.0;
        out[1] = 1.0;
        return;
    }
    const double z = 1.96;
    double n = (double)trials, p = (double)successes / n, z2 = z * z;
    double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
    double half = z * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n);
    out[0] = centre - half < 0 ? 0.0 : centre - half;
    out[1] = centre + half > 1 ? 1.0 : centre + half;
}
