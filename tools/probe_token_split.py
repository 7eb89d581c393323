"""Probe (docs/cute_gemm.md, "Measured slower"): M = 136..176 as tokens 0..127 in 64 x 64
tiles (96 CTAs) beside the other tokens in one row of 64 x 88 or 64 x 96 tiles (35 or 32
CTAs), each part alone and both launched on two streams so that they share the SMs as one grid
would; torch.matmul and the table's row in the same profile. Run on a Hopper GPU:
`python -m tools.probe_token_split [M ...]`."""

import sys

import torch
from cute_gemm import main as cute_main
from cute_gemm.kernel import CuteConfig, is_valid

from fibgemm.timing import ColdL2Timer

K, N = 2048, 3072
SPLIT_AT = 128  # tokens of the first part: two 64-token rows


def part_configs() -> tuple[list[CuteConfig], list[CuteConfig]]:
    first = [
        CuteConfig(64, 64, False, tile_k=tk, l2_hint="b_first", epi_whole=True) for tk in (64, 128)
    ]
    rest = [
        CuteConfig(64, w, False, tile_k=64, l2_hint="b_first", epi_whole=whole)
        for w in (88, 96)
        for whole in (True, False)
    ]
    return [c for c in first if is_valid(c, K)], [c for c in rest if is_valid(c, K)]


def probe(m: int, timer: ColdL2Timer, side: torch.cuda.Stream) -> None:
    dev, here = timer.device, torch.cuda.current_stream()
    firsts, rests = part_configs()
    A = torch.randn(m, K, device=dev, dtype=torch.float16) / 16
    B = torch.randn(N, K, device=dev, dtype=torch.float16) / 16
    C = torch.empty(m, N, device=dev, dtype=torch.float16)
    ref = A.float() @ B.float().T
    A1, C1, A2, C2 = A[:SPLIT_AT], C[:SPLIT_AT], A[SPLIT_AT:], C[SPLIT_AT:]
    fns = [lambda: torch.matmul(A, B.T, out=C), lambda: cute_main.run(A, B, C)]
    names = ["torch", "table"]
    for c1 in firsts:
        fns.append(lambda c1=c1: cute_main.launch_config(A1, B, C1, c1))
        names.append(f"p1 tk{c1.tile_k}")
    for c2 in rests:
        fns.append(lambda c2=c2: cute_main.launch_config(A2, B, C2, c2))
        names.append(f"p2 w{c2.tile_s} ew{int(c2.epi_whole)}")
    for c1 in firsts:
        for c2 in rests:

            def split(c1=c1, c2=c2):
                side.wait_stream(here)
                cute_main.launch_config(A1, B, C1, c1)
                with torch.cuda.stream(side):
                    cute_main.launch_config(A2, B, C2, c2)
                here.wait_stream(side)

            C.fill_(float("nan"))
            split()
            err = (C.float() - ref).abs().max().item()  # NaN fails: every element written
            assert err < 2e-2, (m, c1, c2, err)
            fns.append(split)
            names.append(f"split tk{c1.tile_k} w{c2.tile_s} ew{int(c2.epi_whole)}")
    for rep in range(2):
        times = timer.time_many(fns, iters=100)
        base = times[0].p50
        for name, t in zip(names, times, strict=True):
            print(f"M={m} rep={rep} {name:24s} {t.p50:7.3f} us  {base / t.p50:6.3f}x", flush=True)


def main() -> None:
    timer = ColdL2Timer(torch.device("cuda"))
    side = torch.cuda.Stream()
    for m in [int(x) for x in sys.argv[1:]] or [136, 144, 152, 160, 168, 176]:
        probe(m, timer, side)


if __name__ == "__main__":
    main()
