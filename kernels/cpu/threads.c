/* The CPU backends' thread count (include/hawser/hawser.h: hw_set_threads, hw_threads). The
 * passes themselves open their own OpenMP parallel regions (num_threads(hw_threads())). */
#include "hawser/hawser.h"

#ifdef _OPENMP
#include <omp.h>
#endif

static int g_threads; /* 0: OpenMP's default */

int hw_set_threads(int n)
{
    g_threads = n > 0 ? n : 0;
    return hw_threads();
}

int hw_threads(void)
{
#ifdef _OPENMP
    return g_threads > 0 ? g_threads : omp_get_max_threads();
#else
    return 1;
#endif
}
