source .whl/device-env.sh >/dev/null; export PYTHONPATH=$PWD:$PYTHONPATH FIB_CACHE_PATH=/tmp/fibcache
export PATH=/usr/local/cuda/bin:$PATH
L=/tmp/s16f; rm -rf $L; mkdir -p $L
for m in 136 128; do
  timeout 75 ncu --clock-control none --nvtx --nvtx-include "probe/" --launch-count 1 --section SpeedOfLight --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis python results/logs/s9/probe_ncu.py cute_gemm $m > $L/ncu_cute_gemm_$m.txt 2>&1; echo "ncu $m rc=$?"
  cp $L/ncu_cute_gemm_$m.txt $OUT/
done
grep -hE "cute_gemm [0-9]|Duration|SM Active Cycles|Elapsed Cycles|Memory Throughput|DRAM Throughput|L2 Cache Throughput|L1/TEX Cache Throughput|Compute \(SM\)|Issue Slots Busy|SM Busy|Executed Ipc A" $L/ncu_cute_gemm_*.txt
