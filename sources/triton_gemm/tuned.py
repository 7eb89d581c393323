"""Config per M bucket, written by tuners/tune_triton.py on the device; do not edit.

Provenance: tuned on NVIDIA H200, 2026-12-04, by `python -m tuners.tune_triton`
(CUPTI span after a 256 MB zero fill, median); each bucket scored by its geomean speedup over every workload M in it (the buckets not retuned keep their own lines); --c-in-ring: each bucket's config in the previous table, its output staged in the ring; candidates after which torch.matmul ran more than 1% slower than after itself were dropped; a row stayed unless beaten by more than 0.3%; each candidate timed right after itself. Of that pass's 19 changed rows (H200 GPU-95852fdc) only those ahead in both of two A/B passes in turn against e7380af's table (H200 GPU-e7286f9f; results/passes-triton_gemm.log, passes 47-50) were kept: 48, 96, 104, 136, 192, 240, 256. The other rows are e7380af's, with their lines below; of a --one-preload-sync pass before it that table kept 7, 16, 96, 104, 120, 192, 208 (ahead in passes 37-44).
M in 1 (bucket <= 1): best geomean 1.122x vs torch; runner-up 1.122x; 123 configs
M in 2 (bucket <= 2): best geomean 1.128x vs torch; runner-up 1.125x; 5 configs
M in 4 (bucket <= 4): best geomean 1.102x vs torch; runner-up 1.078x; 5 configs
M in 7 (bucket <= 7): best geomean 1.149x vs torch; runner-up 1.132x; 4 configs
M in 8 (bucket <= 8): best geomean 1.083x vs torch; runner-up 1.073x; 5 configs
M in 15 (bucket <= 15): best geomean 1.149x vs torch; runner-up 1.149x; 4 configs; the table's row kept (1.149x, within 0.3% of the best)
M in 16 (bucket <= 16): best geomean 1.166x vs torch; runner-up 1.160x; 4 configs
M in 24 (bucket <= 24): best geomean 1.136x vs torch; runner-up 1.136x; 4 configs; the table's row kept (1.136x, within 0.3% of the best)
M in 32 (bucket <= 32): best geomean 1.152x vs torch; runner-up 1.134x; 4 configs
M in 35 (bucket <= 35): best geomean 1.103x vs torch; runner-up 1.090x; 4 configs
M in 40 (bucket <= 40): best geomean 1.139x vs torch; runner-up 1.139x; 4 configs
M in 48 (bucket <= 48): best geomean 1.124x vs torch; runner-up 1.100x; 2 configs
M in 56 (bucket <= 56): best geomean 1.107x vs torch; runner-up 1.070x; 2 configs
M in 64 (bucket <= 64): best geomean 1.116x vs torch; runner-up 1.105x; 5 configs
M in 70 (bucket <= 70): best geomean 1.045x vs torch; runner-up 1.045x; 5 configs; the table's row kept (1.045x, within 0.5% of the best)
M in 72 (bucket <= 72): best geomean 1.060x vs torch; runner-up 1.050x; 4 configs
M in 80 (bucket <= 80): best geomean 1.059x vs torch; runner-up 1.055x; 5 configs
M in 88 (bucket <= 88): best geomean 1.066x vs torch; runner-up 1.066x; 5 configs; the table's row kept (1.066x, within 0.3% of the best)
M in 96 (bucket <= 96): best geomean 1.078x vs torch; runner-up 1.063x; 2 configs
M in 104 (bucket <= 104): best geomean 1.058x vs torch; runner-up 1.053x; 2 configs
M in 112 (bucket <= 112): best geomean 1.049x vs torch; runner-up 1.049x; 5 configs
M in 120 (bucket <= 120): best geomean 1.082x vs torch; runner-up 1.072x; 5 configs
M in 128 (bucket <= 128): best geomean 1.077x vs torch; runner-up 1.077x; 5 configs
M in 136 (bucket <= 136): best geomean 1.029x vs torch; runner-up 1.025x; 2 configs
M in 144 (bucket <= 144): best geomean 1.034x vs torch; runner-up 1.030x; 4 configs
M in 152 (bucket <= 152): best geomean 1.059x vs torch; runner-up 1.055x; 5 configs
M in 160 (bucket <= 160): best geomean 1.072x vs torch; runner-up 1.070x; 5 configs; the table's row kept (1.070x, within 0.3% of the best)
M in 168 (bucket <= 168): best geomean 1.083x vs torch; runner-up 1.078x; 4 configs
M in 176 (bucket <= 176): best geomean 1.071x vs torch; runner-up 1.062x; 5 configs
M in 184 (bucket <= 184): best geomean 1.151x vs torch; runner-up 1.142x; 4 configs
M in 192 (bucket <= 192): best geomean 1.090x vs torch; runner-up 1.083x; 2 configs
M in 200 (bucket <= 200): best geomean 1.076x vs torch; runner-up 1.076x; 5 configs
M in 208 (bucket <= 208): best geomean 1.089x vs torch; runner-up 1.080x; 5 configs
M in 216 (bucket <= 216): best geomean 1.123x vs torch; runner-up 1.119x; 4 configs
M in 224 (bucket <= 224): best geomean 1.116x vs torch; runner-up 1.116x; 5 configs
    (232, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=64, BLOCK_S2=32, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=4, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False)),
M in 240 (bucket <= 240): best geomean 1.115x vs torch; runner-up 1.106x; 2 configs
M in 248 (bucket <= 248): best geomean 1.100x vs torch; runner-up 1.087x; 5 configs
M in 256 (bucket <= 256): best geomean 1.111x vs torch; runner-up 1.102x; 2 configs
M in 972 (bucket <= 1024): best geomean 1.016x vs torch; runner-up 1.003x; 2 configs
M in 2053 (bucket <= 2176): best geomean 1.018x vs torch; runner-up 1.008x; 2 configs
M in 2379 (bucket <= 4096): best geomean 0.987x vs torch; runner-up 0.977x; 2 configs
M in 8192 (bucket <= inf): best geomean 1.004x vs torch; runner-up 0.989x; 5 configs
"""

from .gemv import GemvConfig  # noqa: F401  (rows may name any config)
from .kernel import GemmConfig  # noqa: F401
from .pair import PairConfig  # noqa: F401
from .tma import TmaConfig  # noqa: F401
from .tma_tile import TileTmaConfig  # noqa: F401
from .ws_tile import WsTileConfig  # noqa: F401

DEVICE = "NVIDIA H200"
DATE = "2026-12-04"

# (largest M of the bucket, config), one line a bucket; the last covers every larger M.
# fmt: off
TABLE = [
    (1, GemvConfig(BLOCK_M=1, ROWS=8, BLOCK_K=256, num_warps=4, num_stages=8, B_EVICT_FIRST=True)),
    (2, WsTileConfig(BLOCK_R=64, BLOCK_S=16, BLOCK_K=256, BLOCK_S2=0, SWAP_AB=True, STAGES=0, PRODUCER_REGS=24, PRELOAD=1, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=1, L2_PROMOTION="128B", CLIP_LAST=False)),
    (4, WsTileConfig(BLOCK_R=64, BLOCK_S=16, BLOCK_K=256, BLOCK_S2=0, SWAP_AB=True, STAGES=0, PRODUCER_REGS=24, PRELOAD=1, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=1, L2_PROMOTION="128B", CLIP_LAST=False)),
    (7, WsTileConfig(BLOCK_R=64, BLOCK_S=16, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=True, STAGES=8, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=4, ROLLED=True, B_L2_PREFETCH=3, L2_PROMOTION="128B", CLIP_LAST=False)),
    (8, WsTileConfig(BLOCK_R=64, BLOCK_S=16, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=True, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=True, UNROLL=1, ROLLED=False, B_L2_PREFETCH=3, L2_PROMOTION="128B", CLIP_LAST=False)),
    (15, WsTileConfig(BLOCK_R=64, BLOCK_S=16, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=True, STAGES=8, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=True, UNROLL=4, ROLLED=True, B_L2_PREFETCH=1, L2_PROMOTION="128B", CLIP_LAST=False)),
    (16, WsTileConfig(BLOCK_R=64, BLOCK_S=16, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=True, STAGES=8, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=4, ROLLED=True, B_L2_PREFETCH=3, L2_PROMOTION="128B", CLIP_LAST=False)),
    (24, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=True, STAGES=0, PRODUCER_REGS=24, PRELOAD=4, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=3, L2_PROMOTION="128B", CLIP_LAST=False)),
    (32, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=True, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=3, L2_PROMOTION="128B", CLIP_LAST=False)),
    (35, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=True, STAGES=8, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=True, UNROLL=4, ROLLED=True, B_L2_PREFETCH=3, L2_PROMOTION="128B", CLIP_LAST=False)),
    (40, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=8, SWAP_AB=True, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=2, L2_PROMOTION="128B", CLIP_LAST=False)),
    (48, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=True, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=2, L2_PROMOTION="128B", CLIP_LAST=False)),
    (56, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=3, L2_PROMOTION="128B", CLIP_LAST=False)),
    (64, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=False, STAGES=8, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=3, L2_PROMOTION="128B", CLIP_LAST=False)),
    (70, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=False)),
    (72, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=False)),
    (80, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=False)),
    (88, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=False)),
    (96, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=True, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=False)),
    (104, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=True, UNROLL=1, ROLLED=True, B_L2_PREFETCH=3, L2_PROMOTION="128B", CLIP_LAST=False)),
    (112, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=False)),
    (120, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=True, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=False)),
    (128, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=False)),
    (136, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False)),
    (144, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False)),
    (152, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="none", CLIP_LAST=False)),
    (160, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False)),
    (168, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False)),
    (176, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=False)),
    (184, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=64, BLOCK_S2=8, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=6, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=True, UNROLL=4, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False)),
    (192, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=True, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False)),
    (200, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=64, BLOCK_S2=32, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=4, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False)),
    (208, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=64, BLOCK_S2=32, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=4, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=True, UNROLL=2, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False)),
    (216, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=64, BLOCK_S2=32, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=4, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False)),
    (224, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=64, BLOCK_S2=32, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=4, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False)),
    (232, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=64, BLOCK_S2=32, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=4, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False)),
    (240, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=64, BLOCK_S2=32, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=4, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False)),
    (248, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=64, BLOCK_S2=32, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=4, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=True, UNROLL=4, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False)),
    (256, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=64, BLOCK_S2=32, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=4, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False)),
    (1024, WsTileConfig(BLOCK_R=128, BLOCK_S=128, BLOCK_K=64, BLOCK_S2=64, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=1, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=False, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=True)),
    (2176, WsTileConfig(BLOCK_R=128, BLOCK_S=128, BLOCK_K=64, BLOCK_S2=64, SWAP_AB=True, STAGES=0, PRODUCER_REGS=24, PRELOAD=1, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=False, PERSISTENT=True, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=False, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=True)),
    (4096, WsTileConfig(BLOCK_R=128, BLOCK_S=128, BLOCK_K=64, BLOCK_S2=64, SWAP_AB=True, STAGES=0, PRODUCER_REGS=24, PRELOAD=1, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=True, GROUP_M=0, BLOCK_S3=32, ONE_C_TILE=True, C_IN_RING=False, ONE_PRELOAD_SYNC=True, UNROLL=1, ROLLED=False, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=True)),
    (1 << 62, WsTileConfig(BLOCK_R=128, BLOCK_S=128, BLOCK_K=64, BLOCK_S2=128, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=True, GROUP_M=8, BLOCK_S3=0, ONE_C_TILE=True, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=False, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=False)),
]
# fmt: on
