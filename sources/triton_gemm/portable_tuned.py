"""Config per M bucket of the portable path (paths.py): plain Triton tiles, no Gluon, no PTX
rewrite, on any GPU from sm_80.

TMA_TABLE serves GPUs with TMA and 227 KB of shared memory per CTA (sm_90, sm_100, sm_103):
pointer tiles at the smallest M, TMA descriptor tiles (tma_tile.py, tma.py) above. It is the
table tune_triton chose on the H200 on 2026-11-30 before the Gluon tiles existed (commit
4c727e6); each row's comment is its geomean ratio to torch.matmul then.

POINTER_TABLE serves everything else (sm_80, sm_86, sm_89, sm_120, and GPUs with less shared
memory): pointer tiles only (kernel.py, pair.py: cp.async loads, which every arch from sm_80
has). Tuned on the H200 before the TMA tiles existed (commit 004d143, ratios then); the last
bucket is the plain 128 x 128 x 64 tile. Rings deeper than a device's shared memory are cut
by `fit_to_shared_memory` at selection time.
"""

import dataclasses

from .kernel import GemmConfig
from .pair import PairConfig
from .tma import TmaConfig
from .tma_tile import TileTmaConfig

INF = 2**62
# What Triton's epilogue and barriers may take beside a pointer tile's ring: the compile tests
# check every row of POINTER_TABLE against sm_80's, sm_86's and sm_120's limits with it.
EPILOGUE_RESERVE = 16384

# (largest M of the bucket, config), one line a bucket; the last covers every larger M.
# fmt: off
TMA_TABLE = [
    (1, GemmConfig(BLOCK_M=16, BLOCK_N=64, BLOCK_K=128, SPLIT_K=1, ROWS_N=48, GROUP_M=8, num_warps=4, num_stages=8, SWAP_AB=True)),  # 1.035
    (2, GemmConfig(BLOCK_M=16, BLOCK_N=64, BLOCK_K=128, SPLIT_K=1, ROWS_N=32, GROUP_M=8, num_warps=4, num_stages=8, SWAP_AB=True)),  # 1.037
    (4, GemmConfig(BLOCK_M=16, BLOCK_N=64, BLOCK_K=128, SPLIT_K=1, ROWS_N=48, GROUP_M=8, num_warps=4, num_stages=8, SWAP_AB=True)),  # 1.049
    (7, GemmConfig(BLOCK_M=16, BLOCK_N=64, BLOCK_K=128, SPLIT_K=1, ROWS_N=48, GROUP_M=8, num_warps=4, num_stages=8, SWAP_AB=True)),  # 1.035
    (8, GemmConfig(BLOCK_M=16, BLOCK_N=64, BLOCK_K=128, SPLIT_K=1, ROWS_N=48, GROUP_M=8, num_warps=4, num_stages=8, SWAP_AB=True)),  # 1.042
    (15, TileTmaConfig(BLOCK_M=16, BLOCK_N=64, BLOCK_K=128, BLOCK_N2=0, SWAP_AB=True, num_warps=4, num_stages=8)),  # 1.071
    (16, GemmConfig(BLOCK_M=16, BLOCK_N=64, BLOCK_K=128, SPLIT_K=1, ROWS_N=48, GROUP_M=8, num_warps=4, num_stages=8, SWAP_AB=True)),  # 1.111
    (24, GemmConfig(BLOCK_M=16, BLOCK_N=64, BLOCK_K=128, SPLIT_K=1, ROWS_N=48, GROUP_M=8, num_warps=4, num_stages=8, SWAP_AB=True)),  # 1.014
    (32, GemmConfig(BLOCK_M=16, BLOCK_N=64, BLOCK_K=128, SPLIT_K=1, ROWS_N=48, GROUP_M=8, num_warps=4, num_stages=8, SWAP_AB=True)),  # 1.070
    (35, TileTmaConfig(BLOCK_M=32, BLOCK_N=64, BLOCK_K=128, BLOCK_N2=0, SWAP_AB=True, num_warps=4, num_stages=6)),  # 1.011
    (40, TileTmaConfig(BLOCK_M=32, BLOCK_N=64, BLOCK_K=128, BLOCK_N2=0, SWAP_AB=True, num_warps=4, num_stages=6)),  # 1.037
    (48, TileTmaConfig(BLOCK_M=32, BLOCK_N=64, BLOCK_K=128, BLOCK_N2=0, SWAP_AB=True, num_warps=4, num_stages=8)),  # 1.059
    (56, TileTmaConfig(BLOCK_M=32, BLOCK_N=64, BLOCK_K=128, BLOCK_N2=0, SWAP_AB=True, num_warps=4, num_stages=8)),  # 1.046
    (64, TileTmaConfig(BLOCK_M=32, BLOCK_N=64, BLOCK_K=128, BLOCK_N2=0, SWAP_AB=True, num_warps=4, num_stages=8)),  # 1.055
    (70, GemmConfig(BLOCK_M=64, BLOCK_N=64, BLOCK_K=64, SPLIT_K=1, ROWS_N=48, GROUP_M=8, num_warps=4, num_stages=12, SWAP_AB=True)),  # 0.886
    (72, GemmConfig(BLOCK_M=64, BLOCK_N=64, BLOCK_K=64, SPLIT_K=1, ROWS_N=48, GROUP_M=8, num_warps=4, num_stages=10, SWAP_AB=True)),  # 0.895
    (80, GemmConfig(BLOCK_M=64, BLOCK_N=64, BLOCK_K=64, SPLIT_K=1, ROWS_N=None, GROUP_M=8, num_warps=4, num_stages=12, SWAP_AB=True)),  # 0.907
    (88, TileTmaConfig(BLOCK_M=64, BLOCK_N=64, BLOCK_K=128, BLOCK_N2=0, SWAP_AB=False, num_warps=4, num_stages=6)),  # 0.924
    (96, TileTmaConfig(BLOCK_M=64, BLOCK_N=64, BLOCK_K=128, BLOCK_N2=0, SWAP_AB=False, num_warps=4, num_stages=6)),  # 0.950
    (104, TileTmaConfig(BLOCK_M=64, BLOCK_N=64, BLOCK_K=128, BLOCK_N2=0, SWAP_AB=True, num_warps=4, num_stages=6)),  # 1.021
    (112, TileTmaConfig(BLOCK_M=64, BLOCK_N=64, BLOCK_K=128, BLOCK_N2=0, SWAP_AB=True, num_warps=4, num_stages=6)),  # 1.019
    (120, TileTmaConfig(BLOCK_M=64, BLOCK_N=64, BLOCK_K=128, BLOCK_N2=0, SWAP_AB=False, num_warps=4, num_stages=6)),  # 1.023
    (128, TileTmaConfig(BLOCK_M=64, BLOCK_N=64, BLOCK_K=128, BLOCK_N2=0, SWAP_AB=True, num_warps=4, num_stages=6)),  # 1.023
    (136, TileTmaConfig(BLOCK_M=64, BLOCK_N=128, BLOCK_K=64, BLOCK_N2=0, SWAP_AB=False, num_warps=4, num_stages=8)),  # 0.830
    (144, TileTmaConfig(BLOCK_M=64, BLOCK_N=64, BLOCK_K=128, BLOCK_N2=16, SWAP_AB=False, num_warps=4, num_stages=6)),  # 0.875
    (152, TileTmaConfig(BLOCK_M=64, BLOCK_N=64, BLOCK_K=128, BLOCK_N2=16, SWAP_AB=False, num_warps=4, num_stages=6)),  # 0.905
    (160, TileTmaConfig(BLOCK_M=64, BLOCK_N=64, BLOCK_K=128, BLOCK_N2=16, SWAP_AB=False, num_warps=4, num_stages=6)),  # 0.918
    (168, TileTmaConfig(BLOCK_M=64, BLOCK_N=64, BLOCK_K=128, BLOCK_N2=16, SWAP_AB=False, num_warps=4, num_stages=6)),  # 0.940
    (176, TileTmaConfig(BLOCK_M=64, BLOCK_N=64, BLOCK_K=128, BLOCK_N2=16, SWAP_AB=False, num_warps=4, num_stages=6)),  # 0.936
    (184, TileTmaConfig(BLOCK_M=64, BLOCK_N=64, BLOCK_K=128, BLOCK_N2=16, SWAP_AB=False, num_warps=4, num_stages=6)),  # 0.974
    (192, TileTmaConfig(BLOCK_M=64, BLOCK_N=64, BLOCK_K=128, BLOCK_N2=16, SWAP_AB=False, num_warps=4, num_stages=6)),  # 0.970
    (200, TileTmaConfig(BLOCK_M=64, BLOCK_N=128, BLOCK_K=64, BLOCK_N2=0, SWAP_AB=False, num_warps=4, num_stages=8)),  # 0.891
    (208, TileTmaConfig(BLOCK_M=64, BLOCK_N=128, BLOCK_K=64, BLOCK_N2=0, SWAP_AB=False, num_warps=4, num_stages=8)),  # 0.895
    (216, TileTmaConfig(BLOCK_M=128, BLOCK_N=64, BLOCK_K=128, BLOCK_N2=0, SWAP_AB=True, num_warps=4, num_stages=4)),  # 0.933
    (224, TileTmaConfig(BLOCK_M=128, BLOCK_N=64, BLOCK_K=128, BLOCK_N2=0, SWAP_AB=True, num_warps=4, num_stages=4)),  # 0.942
    (232, TileTmaConfig(BLOCK_M=128, BLOCK_N=64, BLOCK_K=128, BLOCK_N2=0, SWAP_AB=True, num_warps=4, num_stages=4)),  # 0.955
    (240, TileTmaConfig(BLOCK_M=128, BLOCK_N=64, BLOCK_K=64, BLOCK_N2=0, SWAP_AB=True, num_warps=4, num_stages=8)),  # 0.940
    (248, TileTmaConfig(BLOCK_M=128, BLOCK_N=64, BLOCK_K=64, BLOCK_N2=0, SWAP_AB=True, num_warps=4, num_stages=8)),  # 0.929
    (256, TileTmaConfig(BLOCK_M=128, BLOCK_N=64, BLOCK_K=64, BLOCK_N2=0, SWAP_AB=True, num_warps=4, num_stages=8)),  # 0.935
    (1024, TileTmaConfig(BLOCK_M=128, BLOCK_N=128, BLOCK_K=64, BLOCK_N2=64, SWAP_AB=False, num_warps=8, num_stages=4)),  # 0.946
    (2176, TileTmaConfig(BLOCK_M=64, BLOCK_N=256, BLOCK_K=64, BLOCK_N2=0, SWAP_AB=False, num_warps=8, num_stages=5)),  # 0.911
    (4096, TileTmaConfig(BLOCK_M=128, BLOCK_N=128, BLOCK_K=64, BLOCK_N2=0, SWAP_AB=False, num_warps=8, num_stages=3)),  # 0.883
    (INF, TmaConfig(BLOCK_M=128, BLOCK_N=256, BLOCK_K=64, GROUP_M=8, CTAS_PER_SM=1, num_warps=8, num_stages=3)),  # 0.973
]

POINTER_TABLE = [
    (1, GemmConfig(BLOCK_M=16, BLOCK_N=64, BLOCK_K=128, SPLIT_K=1, ROWS_N=48, GROUP_M=8, num_warps=4, num_stages=8, SWAP_AB=True)),  # 1.041
    (2, GemmConfig(BLOCK_M=16, BLOCK_N=64, BLOCK_K=128, SPLIT_K=1, ROWS_N=48, GROUP_M=8, num_warps=4, num_stages=8, SWAP_AB=True)),  # 1.055
    (4, GemmConfig(BLOCK_M=16, BLOCK_N=64, BLOCK_K=128, SPLIT_K=1, ROWS_N=48, GROUP_M=8, num_warps=4, num_stages=8, SWAP_AB=True)),  # 1.039
    (7, GemmConfig(BLOCK_M=16, BLOCK_N=64, BLOCK_K=128, SPLIT_K=1, ROWS_N=48, GROUP_M=8, num_warps=4, num_stages=8, SWAP_AB=True)),  # 1.053
    (8, GemmConfig(BLOCK_M=16, BLOCK_N=64, BLOCK_K=128, SPLIT_K=1, ROWS_N=48, GROUP_M=8, num_warps=4, num_stages=8, SWAP_AB=True)),  # 1.025
    (15, GemmConfig(BLOCK_M=16, BLOCK_N=64, BLOCK_K=128, SPLIT_K=1, ROWS_N=48, GROUP_M=8, num_warps=4, num_stages=8, SWAP_AB=True)),  # 1.096
    (16, GemmConfig(BLOCK_M=16, BLOCK_N=64, BLOCK_K=128, SPLIT_K=1, ROWS_N=48, GROUP_M=8, num_warps=4, num_stages=8, SWAP_AB=True)),  # 1.097
    (24, GemmConfig(BLOCK_M=16, BLOCK_N=64, BLOCK_K=128, SPLIT_K=1, ROWS_N=48, GROUP_M=8, num_warps=4, num_stages=8, SWAP_AB=True)),  # 1.018
    (32, GemmConfig(BLOCK_M=16, BLOCK_N=64, BLOCK_K=128, SPLIT_K=1, ROWS_N=48, GROUP_M=8, num_warps=4, num_stages=8, SWAP_AB=True)),  # 1.075
    (35, GemmConfig(BLOCK_M=32, BLOCK_N=64, BLOCK_K=128, SPLIT_K=1, ROWS_N=48, GROUP_M=8, num_warps=4, num_stages=8, SWAP_AB=True)),  # 1.038
    (40, GemmConfig(BLOCK_M=32, BLOCK_N=64, BLOCK_K=128, SPLIT_K=1, ROWS_N=None, GROUP_M=8, num_warps=4, num_stages=6, SWAP_AB=True)),  # 1.029
    (48, GemmConfig(BLOCK_M=32, BLOCK_N=64, BLOCK_K=128, SPLIT_K=1, ROWS_N=None, GROUP_M=8, num_warps=4, num_stages=6, SWAP_AB=True)),  # 1.027
    (56, GemmConfig(BLOCK_M=32, BLOCK_N=64, BLOCK_K=128, SPLIT_K=1, ROWS_N=None, GROUP_M=8, num_warps=4, num_stages=6, SWAP_AB=True)),  # 1.025
    (64, GemmConfig(BLOCK_M=32, BLOCK_N=64, BLOCK_K=128, SPLIT_K=1, ROWS_N=None, GROUP_M=8, num_warps=4, num_stages=6, SWAP_AB=True)),  # 1.017
    (70, GemmConfig(BLOCK_M=64, BLOCK_N=64, BLOCK_K=64, SPLIT_K=1, ROWS_N=48, GROUP_M=8, num_warps=4, num_stages=12, SWAP_AB=True)),  # 0.924
    (72, GemmConfig(BLOCK_M=64, BLOCK_N=64, BLOCK_K=64, SPLIT_K=1, ROWS_N=None, GROUP_M=8, num_warps=4, num_stages=12, SWAP_AB=True)),  # 0.933
    (80, GemmConfig(BLOCK_M=64, BLOCK_N=64, BLOCK_K=64, SPLIT_K=1, ROWS_N=None, GROUP_M=8, num_warps=4, num_stages=12, SWAP_AB=True)),  # 0.931
    (88, GemmConfig(BLOCK_M=64, BLOCK_N=64, BLOCK_K=64, SPLIT_K=1, ROWS_N=None, GROUP_M=8, num_warps=4, num_stages=12, SWAP_AB=True)),  # 0.938
    (96, GemmConfig(BLOCK_M=64, BLOCK_N=64, BLOCK_K=64, SPLIT_K=1, ROWS_N=None, GROUP_M=8, num_warps=4, num_stages=10, SWAP_AB=True)),  # 0.933
    (104, GemmConfig(BLOCK_M=64, BLOCK_N=64, BLOCK_K=64, SPLIT_K=1, ROWS_N=None, GROUP_M=8, num_warps=4, num_stages=10, SWAP_AB=True)),  # 0.929
    (112, GemmConfig(BLOCK_M=64, BLOCK_N=64, BLOCK_K=64, SPLIT_K=1, ROWS_N=None, GROUP_M=8, num_warps=4, num_stages=12, SWAP_AB=True)),  # 0.927
    (120, GemmConfig(BLOCK_M=64, BLOCK_N=64, BLOCK_K=64, SPLIT_K=1, ROWS_N=None, GROUP_M=8, num_warps=4, num_stages=12, SWAP_AB=True)),  # 0.936
    (128, GemmConfig(BLOCK_M=64, BLOCK_N=64, BLOCK_K=64, SPLIT_K=1, ROWS_N=None, GROUP_M=8, num_warps=4, num_stages=12, SWAP_AB=True)),  # 0.948
    (136, PairConfig(BLOCK_M=64, BLOCK_N=64, BLOCK_N2=16, BLOCK_K=64, num_warps=4, num_stages=8)),  # 0.761
    (144, PairConfig(BLOCK_M=64, BLOCK_N=64, BLOCK_N2=16, BLOCK_K=64, num_warps=4, num_stages=8)),  # 0.769
    (152, GemmConfig(BLOCK_M=128, BLOCK_N=64, BLOCK_K=64, SPLIT_K=1, ROWS_N=48, GROUP_M=8, num_warps=4, num_stages=8, SWAP_AB=True)),  # 0.788
    (160, GemmConfig(BLOCK_M=128, BLOCK_N=64, BLOCK_K=64, SPLIT_K=1, ROWS_N=48, GROUP_M=8, num_warps=4, num_stages=8, SWAP_AB=True)),  # 0.792
    (168, GemmConfig(BLOCK_M=128, BLOCK_N=64, BLOCK_K=64, SPLIT_K=1, ROWS_N=48, GROUP_M=8, num_warps=4, num_stages=8, SWAP_AB=True)),  # 0.808
    (176, GemmConfig(BLOCK_M=128, BLOCK_N=64, BLOCK_K=64, SPLIT_K=1, ROWS_N=48, GROUP_M=8, num_warps=4, num_stages=8, SWAP_AB=True)),  # 0.820
    (184, GemmConfig(BLOCK_M=128, BLOCK_N=64, BLOCK_K=64, SPLIT_K=1, ROWS_N=48, GROUP_M=8, num_warps=4, num_stages=8, SWAP_AB=True)),  # 0.889
    (192, GemmConfig(BLOCK_M=128, BLOCK_N=64, BLOCK_K=64, SPLIT_K=1, ROWS_N=48, GROUP_M=8, num_warps=4, num_stages=8, SWAP_AB=True)),  # 0.885
    (200, GemmConfig(BLOCK_M=128, BLOCK_N=64, BLOCK_K=64, SPLIT_K=1, ROWS_N=48, GROUP_M=8, num_warps=4, num_stages=8, SWAP_AB=True)),  # 0.853
    (208, GemmConfig(BLOCK_M=128, BLOCK_N=64, BLOCK_K=64, SPLIT_K=1, ROWS_N=48, GROUP_M=8, num_warps=4, num_stages=8, SWAP_AB=True)),  # 0.875
    (216, GemmConfig(BLOCK_M=128, BLOCK_N=64, BLOCK_K=64, SPLIT_K=1, ROWS_N=48, GROUP_M=8, num_warps=4, num_stages=8, SWAP_AB=True)),  # 0.900
    (224, GemmConfig(BLOCK_M=128, BLOCK_N=64, BLOCK_K=64, SPLIT_K=1, ROWS_N=48, GROUP_M=8, num_warps=4, num_stages=8, SWAP_AB=True)),  # 0.906
    (232, GemmConfig(BLOCK_M=128, BLOCK_N=64, BLOCK_K=64, SPLIT_K=1, ROWS_N=48, GROUP_M=8, num_warps=4, num_stages=8, SWAP_AB=True)),  # 0.903
    (240, GemmConfig(BLOCK_M=128, BLOCK_N=64, BLOCK_K=64, SPLIT_K=1, ROWS_N=48, GROUP_M=8, num_warps=4, num_stages=8, SWAP_AB=True)),  # 0.894
    (248, GemmConfig(BLOCK_M=128, BLOCK_N=64, BLOCK_K=64, SPLIT_K=1, ROWS_N=48, GROUP_M=8, num_warps=4, num_stages=8, SWAP_AB=True)),  # 0.900
    (256, GemmConfig(BLOCK_M=128, BLOCK_N=64, BLOCK_K=64, SPLIT_K=1, ROWS_N=48, GROUP_M=8, num_warps=4, num_stages=8, SWAP_AB=True)),  # 0.900
    (1024, GemmConfig(BLOCK_M=64, BLOCK_N=128, BLOCK_K=64, SPLIT_K=1, ROWS_N=None, GROUP_M=8, num_warps=4, num_stages=3, SWAP_AB=False)),  # 0.872
    (2176, GemmConfig(BLOCK_M=64, BLOCK_N=256, BLOCK_K=64, SPLIT_K=1, ROWS_N=None, GROUP_M=8, num_warps=4, num_stages=4, SWAP_AB=False)),  # 0.844
    (4096, GemmConfig(BLOCK_M=128, BLOCK_N=128, BLOCK_K=64, SPLIT_K=1, ROWS_N=None, GROUP_M=8, num_warps=4, num_stages=3, SWAP_AB=False)),  # 0.849
    (INF, GemmConfig(BLOCK_M=128, BLOCK_N=128, BLOCK_K=64, SPLIT_K=1, ROWS_N=None, GROUP_M=8, num_warps=4, num_stages=3, SWAP_AB=False)),  # -
]
# fmt: on


def _ring_stage_bytes(cfg) -> int:
    """Shared memory one stage of a pointer tile's ring holds: an fp16 tile of A and of B."""
    width = cfg.BLOCK_N + cfg.BLOCK_N2 if isinstance(cfg, PairConfig) else cfg.BLOCK_N
    return (cfg.BLOCK_M + width) * cfg.BLOCK_K * 2


def fit_to_shared_memory(cfg, shared_memory: int):
    """`cfg` with its ring cut to what `shared_memory` bytes per CTA hold (at least 2 stages);
    TMA configs unchanged (their table is only chosen where all of their ring fits)."""
    if not isinstance(cfg, (GemmConfig, PairConfig)):
        return cfg
    stages = max(2, (shared_memory - EPILOGUE_RESERVE) // _ring_stage_bytes(cfg))
    if stages >= cfg.num_stages:
        return cfg
    return dataclasses.replace(cfg, num_stages=stages)


# Keep the imports used by the rows above visible to linters.
__all__ = ["TMA_TABLE", "POINTER_TABLE", "fit_to_shared_memory", "TileTmaConfig", "TmaConfig"]
