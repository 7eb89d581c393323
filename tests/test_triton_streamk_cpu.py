"""The Triton stream-K kernel on small shapes (interpreter on the CPU, natively with CUDA), with
the CTA count forced so that tiles are whole, cut in two, or shared by many CTAs."""

import pytest
import torch
from triton_gemm import streamk
from triton_gemm.streamk import StreamKConfig, is_valid, plan, streamk_launch

DEVICE = "cuda" if torch.cuda.is_available() else "cpu"


def _owner(step: int, total: int, programs: int) -> int:
    """The CTA whose range [p * total // programs, (p + 1) * total // programs) holds step,
    found by walking the ranges (what the kernel computes in closed form)."""
    return next(p for p in range(programs) if step < (p + 1) * total // programs)


@pytest.mark.parametrize("tiles, steps, sms", [(96, 32, 132), (6, 4, 5), (3, 8, 7), (10, 2, 3)])
def test_plan_has_a_slot_for_every_cta_sharing_a_tile(tiles, steps, sms):
    cfg = StreamKConfig(64, 64, 64)
    programs, got_tiles, max_parts = plan(cfg, 64 * tiles, 64, 64 * steps, sms)
    assert got_tiles == tiles and programs == min(sms, tiles * steps)
    total = tiles * steps
    parts = [
        _owner((t + 1) * steps - 1, total, programs) - _owner(t * steps, total, programs) + 1
        for t in range(tiles)
    ]
    assert max(parts) <= max_parts
    # Every step belongs to exactly one CTA.
    assert (
        sum((p + 1) * total // programs - p * total // programs for p in range(programs)) == total
    )


@pytest.mark.parametrize("sms", [1, 3, 5, 64])
@pytest.mark.parametrize("m", [1, 40])
def test_streamk_matches_float64_whatever_the_cta_count(monkeypatch, sms, m):
    cfg = StreamKConfig(16, 32, 32)
    n, k = 64, 128  # 2 column tiles of 32, 4 K steps each
    assert is_valid(cfg, n, k)
    a = torch.randn(m, k, dtype=torch.float16, device=DEVICE) / k**0.5
    monkeypatch.setitem(streamk._sm_count, a.device, sms)  # cuda:0, not cuda, on a GPU
    b = torch.randn(n, k, dtype=torch.float16, device=DEVICE)
    c = torch.full((m, n), float("nan"), dtype=torch.float16, device=DEVICE)
    streamk_launch(a, b, c, cfg.BLOCK_M, cfg.BLOCK_N, cfg.BLOCK_K)
    assert torch.isfinite(c).all(), "unwritten elements"
    torch.testing.assert_close(c.double(), a.double() @ b.double().T, atol=2e-3, rtol=2e-3)
    # The counters were left at zero and the slots are summed in a fixed order: a second
    # launch gives the same bits.
    c2 = torch.full_like(c, float("nan"))
    streamk_launch(a, b, c2, cfg.BLOCK_M, cfg.BLOCK_N, cfg.BLOCK_K)
    assert torch.equal(c, c2)
    assert not streamk._workspaces[a.device][1].any(), "counters not reset"
