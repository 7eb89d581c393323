"""Config per M bucket, written by tuners/tune_triton.py on the device; do not edit.

Provenance: tuned on NVIDIA H200, 2026-12-04, by `python -m tuners.tune_triton`
(CUPTI span after a 256 MB zero fill, median); each bucket scored by its geomean speedup over every workload M in it (the buckets not retuned keep their own lines); --c-in-ring: each bucket's config in the previous table, its output staged in the ring; candidates after which torch.matmul ran more than 1% slower than after itself were dropped; a row stayed unless beaten by more than 0.3%; each candidate timed right after itself.
M in 1 (bucket <= 1): best geomean 1.122x vs torch; runner-up 1.122x; 123 configs
M in 2 (bucket <= 2): best geomean 1.135x vs torch; runner-up 1.124x; 2 configs
M in 4 (bucket <= 4): best geomean 1.141x vs torch; runner-up 1.135x; 2 configs
M in 7 (bucket <= 7): best geomean 1.148x vs torch; runner-up 1.143x; 2 configs
M in 8 (bucket <= 8): best geomean 1.155x vs torch; runner-up 1.149x; 2 configs
M in 15 (bucket <= 15): best geomean 1.167x vs torch; runner-up 1.158x; 2 configs
M in 16 (bucket <= 16): best geomean 1.179x vs torch; runner-up 1.179x; 2 configs
M in 24 (bucket <= 24): best geomean 1.141x vs torch; runner-up 1.141x; 2 configs
M in 32 (bucket <= 32): best geomean 1.158x vs torch; runner-up 1.155x; 2 configs
M in 35 (bucket <= 35): best geomean 1.106x vs torch; runner-up 1.100x; 2 configs
M in 40 (bucket <= 40): best geomean 1.135x vs torch; 1 configs
M in 48 (bucket <= 48): best geomean 1.124x vs torch; runner-up 1.100x; 2 configs
M in 56 (bucket <= 56): best geomean 1.131x vs torch; runner-up 1.128x; 2 configs; the table's row kept (1.128x, within 0.3% of the best)
M in 64 (bucket <= 64): best geomean 1.124x vs torch; 1 configs
M in 70 (bucket <= 70): best geomean 1.075x vs torch; runner-up 1.061x; 2 configs
M in 72 (bucket <= 72): best geomean 1.068x vs torch; runner-up 1.058x; 2 configs
M in 80 (bucket <= 80): best geomean 1.068x vs torch; runner-up 1.056x; 2 configs
M in 88 (bucket <= 88): best geomean 1.054x vs torch; runner-up 1.049x; 2 configs
M in 96 (bucket <= 96): best geomean 1.078x vs torch; runner-up 1.063x; 2 configs
M in 104 (bucket <= 104): best geomean 1.058x vs torch; runner-up 1.053x; 2 configs
M in 112 (bucket <= 112): best geomean 1.070x vs torch; runner-up 1.065x; 2 configs
M in 120 (bucket <= 120): best geomean 1.081x vs torch; runner-up 1.081x; 2 configs
M in 128 (bucket <= 128): best geomean 1.067x vs torch; runner-up 1.065x; 2 configs; the table's row kept (1.065x, within 0.3% of the best)
M in 136 (bucket <= 136): best geomean 1.029x vs torch; runner-up 1.025x; 2 configs
M in 144 (bucket <= 144): best geomean 1.029x vs torch; runner-up 1.027x; 2 configs; the table's row kept (1.027x, within 0.3% of the best)
M in 152 (bucket <= 152): best geomean 1.058x vs torch; runner-up 1.050x; 2 configs
M in 160 (bucket <= 160): best geomean 1.056x vs torch; runner-up 1.054x; 2 configs; the table's row kept (1.054x, within 0.3% of the best)
M in 168 (bucket <= 168): best geomean 1.066x vs torch; runner-up 1.066x; 2 configs
M in 176 (bucket <= 176): best geomean 1.066x vs torch; runner-up 1.066x; 2 configs; the table's row kept (1.066x, within 0.3% of the best)
M in 184 (bucket <= 184): best geomean 1.105x vs torch; 1 configs
M in 192 (bucket <= 192): best geomean 1.090x vs torch; runner-up 1.083x; 2 configs
M in 200 (bucket <= 200): best geomean 1.073x vs torch; runner-up 1.071x; 2 configs; the table's row kept (1.071x, within 0.3% of the best)
M in 208 (bucket <= 208): best geomean 1.076x vs torch; 1 configs
M in 216 (bucket <= 216): best geomean 1.111x vs torch; 1 configs
M in 224 (bucket <= 224): best geomean 1.111x vs torch; runner-up 1.102x; 2 configs
M in 232 (bucket <= 232): best geomean 1.131x vs torch; 1 configs
M in 240 (bucket <= 240): best geomean 1.115x vs torch; runner-up 1.106x; 2 configs
M in 248 (bucket <= 248): best geomean 1.103x vs torch; 1 configs
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
    (2, WsTileConfig(BLOCK_R=64, BLOCK_S=16, BLOCK_K=256, BLOCK_S2=0, SWAP_AB=True, STAGES=0, PRODUCER_REGS=24, PRELOAD=1, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=1, L2_PROMOTION="128B", CLIP_LAST=False)),
    (4, WsTileConfig(BLOCK_R=64, BLOCK_S=16, BLOCK_K=256, BLOCK_S2=0, SWAP_AB=True, STAGES=0, PRODUCER_REGS=24, PRELOAD=1, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=1, L2_PROMOTION="128B", CLIP_LAST=False)),
    (7, WsTileConfig(BLOCK_R=64, BLOCK_S=16, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=True, STAGES=8, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=False, UNROLL=4, ROLLED=True, B_L2_PREFETCH=3, L2_PROMOTION="128B", CLIP_LAST=False)),
    (8, WsTileConfig(BLOCK_R=64, BLOCK_S=16, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=True, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=True, UNROLL=1, ROLLED=False, B_L2_PREFETCH=3, L2_PROMOTION="128B", CLIP_LAST=False)),
    (15, WsTileConfig(BLOCK_R=64, BLOCK_S=16, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=True, STAGES=8, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=True, UNROLL=4, ROLLED=True, B_L2_PREFETCH=1, L2_PROMOTION="128B", CLIP_LAST=False)),
    (16, WsTileConfig(BLOCK_R=64, BLOCK_S=16, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=True, STAGES=8, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=4, ROLLED=True, B_L2_PREFETCH=3, L2_PROMOTION="128B", CLIP_LAST=False)),
    (24, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=True, STAGES=0, PRODUCER_REGS=24, PRELOAD=4, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=3, L2_PROMOTION="128B", CLIP_LAST=False)),
    (32, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=True, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=3, L2_PROMOTION="128B", CLIP_LAST=False)),
    (35, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=True, STAGES=8, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=True, UNROLL=4, ROLLED=True, B_L2_PREFETCH=3, L2_PROMOTION="128B", CLIP_LAST=False)),
    (40, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=8, SWAP_AB=True, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=2, L2_PROMOTION="128B", CLIP_LAST=False)),
    (48, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=True, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=2, L2_PROMOTION="128B", CLIP_LAST=False)),
    (56, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=3, L2_PROMOTION="128B", CLIP_LAST=False)),
    (64, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=False, STAGES=8, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=3, L2_PROMOTION="128B", CLIP_LAST=False)),
    (70, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=False)),
    (72, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=False)),
    (80, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=False)),
    (88, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=False)),
    (96, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=True, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=False)),
    (104, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=True, UNROLL=1, ROLLED=True, B_L2_PREFETCH=3, L2_PROMOTION="128B", CLIP_LAST=False)),
    (112, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=False)),
    (120, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=True, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=False)),
    (128, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=False)),
    (136, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False)),
    (144, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False)),
    (152, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="none", CLIP_LAST=False)),
    (160, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False)),
    (168, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False)),
    (176, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=False)),
    (184, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=64, BLOCK_S2=8, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=6, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=True, UNROLL=4, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False)),
    (192, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=True, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False)),
    (200, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=64, BLOCK_S2=32, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=4, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False)),
    (208, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=64, BLOCK_S2=32, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=4, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=True, UNROLL=2, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False)),
    (216, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=64, BLOCK_S2=32, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=4, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False)),
    (224, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=64, BLOCK_S2=32, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=4, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False)),
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
