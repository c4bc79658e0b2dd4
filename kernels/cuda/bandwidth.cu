// The device's measured copy bandwidth, the roofline the benches compare their traffic with: a
// device-to-device cudaMemcpy of a large buffer timed with CUDA events, best of several, counting
// the bytes read plus the bytes written (2 x size per copy). Compiled only with CUDA; callers
// guard with HAWSER_HAVE_CUDA.
#include <cuda_runtime.h>
#include <stdio.h>
#include <string.h>

extern "C" {
#include "backend.h"
}

extern "C" int hw_cuda_copy_bandwidth(size_t bytes, int reps, double *bytes_per_s, char *msg,
                                      size_t msg_len)
{
    void *a = NULL, *b = NULL;
    cudaEvent_t e0 = NULL, e1 = NULL;
    float best_ms = -1.0f;
    cudaError_t err = cudaSuccess;
    if (reps < 1) reps = 1;
    if ((err = cudaMalloc(&a, bytes)) != cudaSuccess || (err = cudaMalloc(&b, bytes)) != cudaSuccess)
        goto done;
    // a non-zero pattern in both (a copy of zeros could be special-cased by nothing we know of,
    // but the measurement should not depend on that)
    if ((err = cudaMemset(a, 0x5a, bytes)) != cudaSuccess || (err = cudaMemset(b, 0xa5, bytes)) != cudaSuccess)
        goto done;
    if ((err = cudaEventCreate(&e0)) != cudaSuccess || (err = cudaEventCreate(&e1)) != cudaSuccess)
        goto done;
    // warm-up copy (first touch, clocks up), untimed
    if ((err = cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice)) != cudaSuccess) goto done;
    for (int k = 0; k < reps; k++) {
        void *src = (k & 1) ? b : a, *dst = (k & 1) ? a : b;
        cudaEventRecord(e0, 0);
        cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, 0);
        cudaEventRecord(e1, 0);
        if ((err = cudaEventSynchronize(e1)) != cudaSuccess) goto done;
        float ms = 0.0f;
        if ((err = cudaEventElapsedTime(&ms, e0, e1)) != cudaSuccess) goto done;
        if (best_ms < 0.0f || ms < best_ms) best_ms = ms;
    }
done:
    if (e0) cudaEventDestroy(e0);
    if (e1) cudaEventDestroy(e1);
    if (a) cudaFree(a);
    if (b) cudaFree(b);
    if (err != cudaSuccess || best_ms <= 0.0f) {
        if (msg && msg_len)
            snprintf(msg, msg_len, "copy bandwidth: %s",
                     err != cudaSuccess ? cudaGetErrorString(err) : "no timing");
        cudaGetLastError();
        return -1;
    }
    *bytes_per_s = 2.0 * (double)bytes / (1e-3 * (double)best_ms);
    return 0;
}

extern "C" int hw_cuda_device_name(char *out, size_t len)
{
    cudaDeviceProp p;
    int dev = 0;
    if (cudaGetDevice(&dev) != cudaSuccess || cudaGetDeviceProperties(&p, dev) != cudaSuccess) {
        cudaGetLastError();
        if (len) snprintf(out, len, "no CUDA device");
        return -1;
    }
    snprintf(out, len, "%s (sm_%d%d, %d SMs, %.1f GiB)", p.name, p.major, p.minor,
             p.multiProcessorCount, (double)p.totalGlobalMem / 1073741824.0);
    return 0;
}
