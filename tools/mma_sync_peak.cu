// Ceiling of mma.sync m16n8k16 (f16 inputs, f32 accumulators) on the GPU at hand: registers
// only, ILP independent accumulators a warp, every SM busy. The portable CuTe path's bound.
// Build and run: nvcc -O3 -arch=sm_90a -o mma_sync_peak tools/mma_sync_peak.cu && ./mma_sync_peak
#include <cstdio>
#include <cuda_runtime.h>
template <int ILP>
__global__ void k(float* out, int iters) {
  unsigned a0 = threadIdx.x, a1 = a0 * 3, a2 = a0 * 5, a3 = a0 * 7, b0 = a0 * 11, b1 = a0 * 13;
  float c[ILP][4];
  for (int i = 0; i < ILP; ++i) for (int j = 0; j < 4; ++j) c[i][j] = 0.f;
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int i = 0; i < ILP; ++i)
      asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                   : "+f"(c[i][0]), "+f"(c[i][1]), "+f"(c[i][2]), "+f"(c[i][3])
                   : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
  }
  float s = 0; for (int i = 0; i < ILP; ++i) for (int j = 0; j < 4; ++j) s += c[i][j];
  if (s == 1.2345f) out[0] = s;
}
template <int ILP> void bench(int warps, int ctas_per_sm, int sms) {
  float* out; cudaMalloc(&out, 4);
  int iters = 4096; dim3 grid(sms * ctas_per_sm), block(32 * warps);
  k<ILP><<<grid, block>>>(out, iters); cudaDeviceSynchronize();
  cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
  cudaEventRecord(e0); for (int r = 0; r < 5; ++r) k<ILP><<<grid, block>>>(out, iters); cudaEventRecord(e1);
  cudaEventSynchronize(e1); float ms; cudaEventElapsedTime(&ms, e0, e1);
  double flops = 5.0 * grid.x * warps * (double)iters * ILP * 16 * 8 * 16 * 2;
  printf("mma.sync ILP=%d warps/CTA=%d CTAs/SM=%d: %.1f TFLOP/s\n", ILP, warps, ctas_per_sm, flops / (ms * 1e-3) / 1e12);
  cudaFree(out);
}
int main() {
  int sms; cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  bench<4>(4, 1, sms); bench<8>(4, 1, sms); bench<8>(4, 2, sms); bench<8>(8, 1, sms); bench<16>(8, 1, sms); bench<8>(8, 2, sms); bench<16>(4, 4, sms);
  return 0;
}
