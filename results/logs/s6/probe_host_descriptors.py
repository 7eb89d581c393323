"""Probe: host-side TMA descriptors vs in-kernel ones; wide pair tiles (device only)."""
import sys
import torch, triton, triton.language as tl
from triton.tools.tensor_descriptor import TensorDescriptor
sys.path.insert(0, "sources")
from fibgemm.timing import ColdL2Timer
from triton_gemm.main import launch_config, select_config
from triton_gemm.tma_tile import TileTmaConfig as T
from triton_gemm.pair import PairConfig as P
from triton_gemm.kernel import GemmConfig as G

@triton.jit(do_not_specialize=["M"])
def host_tma(a_desc, b_desc, b2_desc, c_ptr, M, N: tl.constexpr, stride_cm,
             BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_N2: tl.constexpr,
             BLOCK_K: tl.constexpr, SWAP_AB: tl.constexpr, K: tl.constexpr):
    WIDTH: tl.constexpr = BLOCK_N + BLOCK_N2
    pid = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BLOCK_M)
    pid_m = pid % num_pid_m
    pid_n = pid // num_pid_m
    row = pid_m * BLOCK_M
    col = tl.minimum(pid_n * WIDTH, N - WIDTH)
    offs_m = row + tl.arange(0, BLOCK_M)
    c_rows = c_ptr + offs_m[:, None].to(tl.int64) * stride_cm
    rin = offs_m[:, None] < M
    if BLOCK_N2 == 0:
        if SWAP_AB:
            acc_t = tl.zeros((BLOCK_N, BLOCK_M), dtype=tl.float32)
            for k in range(0, K, BLOCK_K):
                acc_t = tl.dot(b_desc.load([col, k]), a_desc.load([row, k]).T, acc_t)
            acc = acc_t.T
        else:
            acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
            for k in range(0, K, BLOCK_K):
                acc = tl.dot(a_desc.load([row, k]), b_desc.load([col, k]).T, acc)
        tl.store(c_rows + (col + tl.arange(0, BLOCK_N))[None, :], acc.to(tl.float16), mask=rin)
    else:
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        acc2 = tl.zeros((BLOCK_M, BLOCK_N2), dtype=tl.float32)
        for k in range(0, K, BLOCK_K):
            a = a_desc.load([row, k])
            acc = tl.dot(a, b_desc.load([col, k]).T, acc)
            acc2 = tl.dot(a, b2_desc.load([col + BLOCK_N, k]).T, acc2)
        tl.store(c_rows + (col + tl.arange(0, BLOCK_N))[None, :], acc.to(tl.float16), mask=rin)
        tl.store(c_rows + (col + BLOCK_N + tl.arange(0, BLOCK_N2))[None, :], acc2.to(tl.float16), mask=rin)

def host_launch(a, b, c, cfg):
    M, K = a.shape; N = b.shape[0]
    if cfg.SWAP_AB:
        ad = TensorDescriptor.from_tensor(a, [cfg.BLOCK_M, cfg.BLOCK_K])
    else:
        ad = TensorDescriptor.from_tensor(a, [cfg.BLOCK_M, cfg.BLOCK_K])
    bd = TensorDescriptor.from_tensor(b, [cfg.BLOCK_N, cfg.BLOCK_K])
    bd2 = TensorDescriptor.from_tensor(b, [max(cfg.BLOCK_N2, 16), cfg.BLOCK_K])
    grid = (cfg.num_tiles(M, N),)
    host_tma[grid](ad, bd, bd2, c, M, N, c.stride(0), cfg.BLOCK_M, cfg.BLOCK_N, cfg.BLOCK_N2,
                   cfg.BLOCK_K, cfg.SWAP_AB, K, num_warps=cfg.num_warps, num_stages=cfg.num_stages)

def main():
    N, K = 3072, 2048
    torch.manual_seed(0)
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    timer = ColdL2Timer()
    def cfgs(m):
        fit = max(16, 1 << (m - 1).bit_length())
        out = []
        for st in (3, 4, 6):
            out += [("host", T(64, 64, 64, 16, num_stages=st)), ("dev", T(64, 64, 64, 16, num_stages=st)),
                    ("host", T(64, 64, 64, 32, num_stages=st)), ("host", T(64, 64, 64, num_stages=st)),
                    ("host", T(64, 128, 64, num_stages=st)), ("dev", T(64, 128, 64, num_stages=st)),
                    ("host", T(min(fit, 256), 64, 64, SWAP_AB=True, num_stages=st, num_warps=8 if fit >= 256 else 4)),
                    ("host", T(128, 128, 64, 64, num_stages=st, num_warps=8)),
                    ("ptr", P(128, 128, 64, 64, num_warps=8, num_stages=st)),
                    ("ptr", P(64, 64, 16, 64, num_warps=8, num_stages=st + 2)),
                    ("ptr", P(64, 64, 32, 64, num_warps=8, num_stages=st + 2)),
                    ("ptr", G(128, 64, 64, ROWS_N=48, num_warps=8, num_stages=st + 2, SWAP_AB=True)),
                    ]
        return out
    for m in (72, 136, 184, 256, 972, 2053):
        a = torch.randn(m, K, dtype=torch.float16, device="cuda")
        ref = (a.float() @ b.float().T)
        c0 = torch.empty(m, N, dtype=torch.float16, device="cuda")
        good = []
        for kind, cfg in cfgs(m):
            c = torch.full((m, N), float("nan"), dtype=torch.float16, device="cuda")
            fn = (lambda cfg=cfg, c=c: host_launch(a, b, c, cfg)) if kind == "host" else (lambda cfg=cfg, c=c: launch_config(a, b, c, cfg))
            try:
                fn(); torch.cuda.synchronize()
            except Exception as e:
                print(f"M={m} {kind} {cfg}: FAIL {type(e).__name__}: {str(e)[:200]}", flush=True); continue
            ok = torch.isfinite(c).all().item() and torch.allclose(c.float(), ref, atol=3e-2, rtol=1e-2)
            if not ok:
                print(f"M={m} {kind} {cfg}: WRONG", flush=True); continue
            good.append((kind, cfg, fn))
        table = select_config(m)
        fns = [lambda: torch.matmul(a, b.T, out=c0), lambda: launch_config(a, b, c0, table)] + [g[2] for g in good]
        med = [t.p50 for t in timer.time_many(fns, iters=30)]
        print(f"M={m}: torch {med[0]:.2f} us, table {med[1]:.2f} ({med[0]/med[1]:.3f}x) {table}", flush=True)
        for us, (kind, cfg, _) in sorted(zip(med[2:], good), key=lambda r: r[0]):
            print(f"   {us:6.2f} us {med[0]/us:.3f}x {kind:4s} {cfg}", flush=True)

if __name__ == "__main__":
    main()
