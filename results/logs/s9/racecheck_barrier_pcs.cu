// Does compute-sanitizer's racecheck follow `barrier.sync 1` (CTA-wide, without .aligned) when
// two groups of warps reach it at different PCs? The pattern of Triton 3.6's warp-specialization
// hand-off (results/logs/s9/racecheck_sass_m80.txt): warps 0-3 write a state byte, pass the
// barrier four times, and write it again before the fourth; warps 4-7 read it after the first
// and after the fourth. Every access pair is separated by at least one barrier phase that all
// 256 threads pass. `divergent` reaches the barriers on separate code paths (different PCs);
// `converged` has the same accesses with the barriers on the common path (one PC each);
// `reallocating` is `divergent` plus the register hand-over of Triton's partitions (warps 4-7
// give registers up with setmaxnreg.dec after their read, warps 0-3 take more with .inc);
// `partial_sync` adds what Triton's default partition does before its first state write:
// mbarrier inits in shared memory, each followed by `bar.sync 0, 128` (warps 0-3 only).
//   nvcc -gencode arch=compute_90a,code=sm_90a -o /tmp/rc racecheck_barrier_pcs.cu && compute-sanitizer --tool racecheck /tmp/rc
#include <cstdio>

__device__ __forceinline__ void barrier1() { asm volatile("barrier.sync 1;" ::: "memory"); }

__global__ void divergent(int *out) {
  __shared__ volatile unsigned char state[8];
  int warp = threadIdx.x / 32, got = 0;
  if (warp < 4) {
    if (threadIdx.x == 0)
      for (int i = 0; i < 8; i++) state[i] = 1;
    barrier1();  // #1
    barrier1();  // #2
    barrier1();  // #3
    if (threadIdx.x == 0)
      for (int i = 0; i < 8; i++) state[i] = 3;
    barrier1();  // #4
  } else {
    barrier1();  // #1
    got = state[warp];
    barrier1();  // #2
    barrier1();  // #3
    barrier1();  // #4
    got += state[warp];
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = got;
}

__global__ void converged(int *out) {
  __shared__ volatile unsigned char state[8];
  int warp = threadIdx.x / 32, got = 0;
  if (threadIdx.x == 0)
    for (int i = 0; i < 8; i++) state[i] = 1;
  barrier1();  // #1
  if (warp >= 4) got = state[warp];
  barrier1();  // #2
  barrier1();  // #3
  if (threadIdx.x == 0)
    for (int i = 0; i < 8; i++) state[i] = 3;
  barrier1();  // #4
  if (warp >= 4) got += state[warp];
  out[blockIdx.x * blockDim.x + threadIdx.x] = got;
}

__global__ void __launch_bounds__(256, 1) reallocating(int *out) {
  __shared__ volatile unsigned char state[8];
  int warp = threadIdx.x / 32, got = 0;
  if (warp < 4) {
    if (threadIdx.x == 0)
      for (int i = 0; i < 8; i++) state[i] = 1;
    barrier1();  // #1
    asm volatile("setmaxnreg.inc.sync.aligned.u32 232;");
    barrier1();  // #2
    barrier1();  // #3
    if (threadIdx.x == 0)
      for (int i = 0; i < 8; i++) state[i] = 3;
    barrier1();  // #4
  } else {
    barrier1();  // #1
    got = state[warp];
    asm volatile("setmaxnreg.dec.sync.aligned.u32 24;");
    barrier1();  // #2
    barrier1();  // #3
    barrier1();  // #4
    got += state[warp];
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = got;
}

__global__ void partial_sync(int *out) {
  __shared__ volatile unsigned char state[8];
  __shared__ __align__(8) unsigned long long bars[4];
  int warp = threadIdx.x / 32, got = 0;
  if (warp < 4) {
    for (int i = 0; i < 4; i++) {
      if (threadIdx.x == 0) {
        unsigned addr = static_cast<unsigned>(__cvta_generic_to_shared(&bars[i]));
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(addr) : "memory");
      }
      asm volatile("bar.sync 0, 128;" ::: "memory");
    }
    if (threadIdx.x == 0)
      for (int i = 0; i < 8; i++) state[i] = 1;
    barrier1();  // #1
    barrier1();  // #2
    barrier1();  // #3
    if (threadIdx.x == 0)
      for (int i = 0; i < 8; i++) state[i] = 3;
    barrier1();  // #4
  } else {
    barrier1();  // #1
    got = state[warp];
    barrier1();  // #2
    barrier1();  // #3
    barrier1();  // #4
    got += state[warp];
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = got;
}

int main() {
  int *out, host[256];
  cudaMalloc(&out, 256 * sizeof(int));
  const char *names[] = {"divergent", "converged", "reallocating", "partial_sync"};
  for (int which = 0; which < 4; which++) {
    if (which == 0) divergent<<<1, 256>>>(out);
    if (which == 1) converged<<<1, 256>>>(out);
    if (which == 2) reallocating<<<1, 256>>>(out);
    if (which == 3) partial_sync<<<1, 256>>>(out);
    cudaError_t err = cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost);
    printf("%s: warp 4 got %d (expected 1 + 3 = 4), %s\n", names[which], host[128],
           cudaGetErrorString(err));
  }
  return 0;
}
