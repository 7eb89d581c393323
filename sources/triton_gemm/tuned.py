"""Config per M bucket, written by tuners/tune_triton.py on the device; do not edit.

Provenance: tuned on NVIDIA H200, 2026-12-04, by `python -m tuners.tune_triton`
(CUPTI span after a 256 MB zero fill, median); each bucket scored by its geomean speedup over every workload M in it (the buckets not retuned keep their own lines); --preload-in-turn: each bucket's config in the previous table, each preloaded stage set up just before its loads, preloading 4, half or all of its ring; candidates after which torch.matmul ran more than 1% slower than after itself were dropped; a row stayed unless beaten by more than 0.3%; each candidate timed right after itself.
M in 1 (bucket <= 1): best geomean 1.122x vs torch; runner-up 1.122x; 123 configs
M in 2 (bucket <= 2): best geomean 1.123x vs torch; runner-up 1.117x; 5 configs
M in 4 (bucket <= 4): best geomean 1.126x vs torch; runner-up 1.115x; 5 configs
M in 7 (bucket <= 7): best geomean 1.148x vs torch; runner-up 1.148x; 4 configs
M in 8 (bucket <= 8): best geomean 1.122x vs torch; runner-up 1.122x; 5 configs; the table's row kept (1.122x, within 0.3% of the best)
M in 15 (bucket <= 15): best geomean 1.160x vs torch; runner-up 1.157x; 4 configs; the table's row kept (1.157x, within 0.3% of the best)
M in 16 (bucket <= 16): best geomean 1.182x vs torch; runner-up 1.179x; 4 configs
M in 24 (bucket <= 24): best geomean 1.144x vs torch; runner-up 1.126x; 3 configs
M in 32 (bucket <= 32): best geomean 1.157x vs torch; runner-up 1.152x; 4 configs
M in 35 (bucket <= 35): best geomean 1.116x vs torch; runner-up 1.105x; 4 configs
M in 40 (bucket <= 40): best geomean 1.142x vs torch; runner-up 1.139x; 4 configs
M in 48 (bucket <= 48): best geomean 1.125x vs torch; runner-up 1.125x; 4 configs
M in 56 (bucket <= 56): best geomean 1.132x vs torch; runner-up 1.130x; 4 configs
M in 64 (bucket <= 64): best geomean 1.126x vs torch; runner-up 1.120x; 2 configs
M in 70 (bucket <= 70): best geomean 1.085x vs torch; runner-up 1.083x; 5 configs
M in 72 (bucket <= 72): best geomean 1.079x vs torch; runner-up 1.074x; 5 configs
M in 80 (bucket <= 80): best geomean 1.074x vs torch; runner-up 1.074x; 5 configs
M in 88 (bucket <= 88): best geomean 1.078x vs torch; runner-up 1.078x; 5 configs
M in 96 (bucket <= 96): best geomean 1.088x vs torch; runner-up 1.083x; 4 configs
M in 104 (bucket <= 104): best geomean 1.080x vs torch; runner-up 1.070x; 4 configs
M in 112 (bucket <= 112): best geomean 1.080x vs torch; runner-up 1.073x; 5 configs
M in 120 (bucket <= 120): best geomean 1.084x vs torch; runner-up 1.082x; 5 configs; the table's row kept (1.082x, within 0.3% of the best)
M in 128 (bucket <= 128): best geomean 1.087x vs torch; runner-up 1.082x; 5 configs
M in 136 (bucket <= 136): best geomean 1.038x vs torch; runner-up 1.036x; 4 configs
M in 144 (bucket <= 144): best geomean 1.038x vs torch; runner-up 1.034x; 5 configs
M in 152 (bucket <= 152): best geomean 1.059x vs torch; runner-up 1.055x; 5 configs
M in 160 (bucket <= 160): best geomean 1.061x vs torch; runner-up 1.061x; 5 configs
M in 168 (bucket <= 168): best geomean 1.083x vs torch; runner-up 1.078x; 5 configs
M in 176 (bucket <= 176): best geomean 1.072x vs torch; runner-up 1.071x; 5 configs; the table's row kept (1.071x, within 0.3% of the best)
M in 184 (bucket <= 184): best geomean 1.144x vs torch; runner-up 1.128x; 4 configs
M in 192 (bucket <= 192): best geomean 1.102x vs torch; runner-up 1.095x; 5 configs
M in 200 (bucket <= 200): best geomean 1.089x vs torch; runner-up 1.081x; 4 configs
M in 208 (bucket <= 208): best geomean 1.100x vs torch; runner-up 1.091x; 4 configs
M in 216 (bucket <= 216): best geomean 1.148x vs torch; runner-up 1.138x; 4 configs
M in 224 (bucket <= 224): best geomean 1.121x vs torch; runner-up 1.117x; 4 configs
M in 232 (bucket <= 232): best geomean 1.128x vs torch; runner-up 1.121x; 4 configs
M in 240 (bucket <= 240): best geomean 1.116x vs torch; runner-up 1.114x; 4 configs
M in 248 (bucket <= 248): best geomean 1.109x vs torch; runner-up 1.109x; 4 configs; the table's row kept (1.109x, within 0.3% of the best)
M in 256 (bucket <= 256): best geomean 1.118x vs torch; runner-up 1.112x; 4 configs
M in 972 (bucket <= 1024): best geomean 1.018x vs torch; runner-up 1.017x; 4 configs; the table's row kept (1.016x, within 0.3% of the best)
M in 2053 (bucket <= 2176): best geomean 1.018x vs torch; runner-up 1.017x; 4 configs
M in 2379 (bucket <= 4096): best geomean 0.992x vs torch; runner-up 0.991x; 4 configs
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
    (2, WsTileConfig(BLOCK_R=64, BLOCK_S=16, BLOCK_K=256, BLOCK_S2=0, SWAP_AB=True, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=1, L2_PROMOTION="128B", CLIP_LAST=False, PRELOAD_IN_TURN=True)),
    (4, WsTileConfig(BLOCK_R=64, BLOCK_S=16, BLOCK_K=256, BLOCK_S2=0, SWAP_AB=True, STAGES=0, PRODUCER_REGS=24, PRELOAD=1, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=1, L2_PROMOTION="128B", CLIP_LAST=False, PRELOAD_IN_TURN=False)),
    (7, WsTileConfig(BLOCK_R=64, BLOCK_S=16, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=True, STAGES=8, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=4, ROLLED=True, B_L2_PREFETCH=3, L2_PROMOTION="128B", CLIP_LAST=False, PRELOAD_IN_TURN=True)),
    (8, WsTileConfig(BLOCK_R=64, BLOCK_S=16, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=True, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=True, UNROLL=1, ROLLED=False, B_L2_PREFETCH=3, L2_PROMOTION="128B", CLIP_LAST=False, PRELOAD_IN_TURN=False)),
    (15, WsTileConfig(BLOCK_R=64, BLOCK_S=16, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=True, STAGES=8, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=True, UNROLL=4, ROLLED=True, B_L2_PREFETCH=1, L2_PROMOTION="128B", CLIP_LAST=False, PRELOAD_IN_TURN=False)),
    (16, WsTileConfig(BLOCK_R=64, BLOCK_S=16, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=True, STAGES=8, PRODUCER_REGS=24, PRELOAD=8, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=4, ROLLED=True, B_L2_PREFETCH=3, L2_PROMOTION="128B", CLIP_LAST=False, PRELOAD_IN_TURN=True)),
    (24, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=True, STAGES=0, PRODUCER_REGS=24, PRELOAD=4, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=3, L2_PROMOTION="128B", CLIP_LAST=False, PRELOAD_IN_TURN=True)),
    (32, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=True, STAGES=0, PRODUCER_REGS=24, PRELOAD=4, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=3, L2_PROMOTION="128B", CLIP_LAST=False, PRELOAD_IN_TURN=True)),
    (35, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=True, STAGES=8, PRODUCER_REGS=24, PRELOAD=4, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=4, ROLLED=True, B_L2_PREFETCH=3, L2_PROMOTION="128B", CLIP_LAST=False, PRELOAD_IN_TURN=True)),
    (40, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=8, SWAP_AB=True, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=2, L2_PROMOTION="128B", CLIP_LAST=False, PRELOAD_IN_TURN=True)),
    (48, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=True, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=2, L2_PROMOTION="128B", CLIP_LAST=False, PRELOAD_IN_TURN=True)),
    (56, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=4, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=3, L2_PROMOTION="128B", CLIP_LAST=False, PRELOAD_IN_TURN=True)),
    (64, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=False, STAGES=8, PRODUCER_REGS=24, PRELOAD=8, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=3, L2_PROMOTION="128B", CLIP_LAST=False, PRELOAD_IN_TURN=True)),
    (70, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=4, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=False, PRELOAD_IN_TURN=True)),
    (72, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=3, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=False, PRELOAD_IN_TURN=True)),
    (80, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=3, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=False, PRELOAD_IN_TURN=True)),
    (88, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=4, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=False, PRELOAD_IN_TURN=True)),
    (96, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=4, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=False, PRELOAD_IN_TURN=True)),
    (104, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=4, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=3, L2_PROMOTION="128B", CLIP_LAST=False, PRELOAD_IN_TURN=True)),
    (112, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=3, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=False, PRELOAD_IN_TURN=True)),
    (120, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=True, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=False, PRELOAD_IN_TURN=False)),
    (128, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=3, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=False, PRELOAD_IN_TURN=True)),
    (136, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False, PRELOAD_IN_TURN=False)),
    (144, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False, PRELOAD_IN_TURN=False)),
    (152, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="none", CLIP_LAST=False, PRELOAD_IN_TURN=False)),
    (160, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False, PRELOAD_IN_TURN=False)),
    (168, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False, PRELOAD_IN_TURN=False)),
    (176, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=False, PRELOAD_IN_TURN=False)),
    (184, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=64, BLOCK_S2=8, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=13, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=False, UNROLL=4, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False, PRELOAD_IN_TURN=True)),
    (192, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=True, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False, PRELOAD_IN_TURN=False)),
    (200, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=64, BLOCK_S2=32, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=5, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False, PRELOAD_IN_TURN=True)),
    (208, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=64, BLOCK_S2=32, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=5, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False, PRELOAD_IN_TURN=True)),
    (216, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=64, BLOCK_S2=32, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=5, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False, PRELOAD_IN_TURN=True)),
    (224, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=64, BLOCK_S2=32, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=5, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False, PRELOAD_IN_TURN=True)),
    (232, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=64, BLOCK_S2=32, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=5, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False, PRELOAD_IN_TURN=True)),
    (240, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=64, BLOCK_S2=32, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=5, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False, PRELOAD_IN_TURN=True)),
    (248, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=64, BLOCK_S2=32, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=4, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=True, UNROLL=4, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False, PRELOAD_IN_TURN=False)),
    (256, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=64, BLOCK_S2=32, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=5, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True, B_L2_PREFETCH=0, L2_PROMOTION="256B", CLIP_LAST=False, PRELOAD_IN_TURN=True)),
    (1024, WsTileConfig(BLOCK_R=128, BLOCK_S=128, BLOCK_K=64, BLOCK_S2=64, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=1, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=False, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=True, PRELOAD_IN_TURN=False)),
    (2176, WsTileConfig(BLOCK_R=128, BLOCK_S=128, BLOCK_K=64, BLOCK_S2=64, SWAP_AB=True, STAGES=0, PRODUCER_REGS=24, PRELOAD=1, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=False, PERSISTENT=True, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=False, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=True, PRELOAD_IN_TURN=False)),
    (4096, WsTileConfig(BLOCK_R=128, BLOCK_S=128, BLOCK_K=64, BLOCK_S2=64, SWAP_AB=True, STAGES=0, PRODUCER_REGS=24, PRELOAD=1, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=True, GROUP_M=0, BLOCK_S3=32, ONE_C_TILE=True, C_IN_RING=False, ONE_PRELOAD_SYNC=True, UNROLL=1, ROLLED=False, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=True, PRELOAD_IN_TURN=False)),
    (1 << 62, WsTileConfig(BLOCK_R=128, BLOCK_S=128, BLOCK_K=64, BLOCK_S2=128, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=True, GROUP_M=8, BLOCK_S3=0, ONE_C_TILE=True, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=False, B_L2_PREFETCH=0, L2_PROMOTION="128B", CLIP_LAST=False, PRELOAD_IN_TURN=False)),
]
# fmt: on
