"""Checks every solution's GPU tests make of run(A, B, C), written once."""

from dataclasses import replace

import torch

from fibgemm import K, N


def check_matches_float32_reference(run, B: torch.Tensor, m: int) -> None:
    """Fresh A, NaN-poisoned C: every element written and within tolerance of a float32
    reference, inputs unchanged, and the same bits from a second call.

    flashinfer-bench's randn inputs give outputs around ±45, so fp16 output rounding alone is up
    to 0.016; the tolerance is rtol 1e-2 on top of that absolute floor. Bitwise repeats hold
    because every reduction (split-K partials, overlapping last tiles) runs in a fixed order or
    writes identical values."""
    A = torch.randn(m, K, dtype=torch.float16, device="cuda")
    A0, B0 = A.clone(), B.clone()
    C = torch.full((m, N), float("nan"), dtype=torch.float16, device="cuda")
    run(A, B, C)
    assert torch.isfinite(C).all(), "unwritten (NaN) elements in C"
    torch.testing.assert_close(C.float(), A.float() @ B.float().T, atol=3e-2, rtol=1e-2)
    assert torch.equal(A, A0) and torch.equal(B, B0), "inputs were modified"
    C2 = torch.full_like(C, float("nan"))
    run(A, B, C2)
    assert torch.equal(C, C2)


def check_fresh_operands_every_call(run, B: torch.Tensor, m: int, calls: int = 3) -> int:
    """`calls` calls at one M, each with new A, B and C at new addresses (what a per-M launch
    plan must not cache): each must compute from its own operands and write all of C. Returns
    the device index the operands were on."""
    for _ in range(calls):
        A = torch.randn(m, K, dtype=torch.float16, device="cuda")
        B2 = B + torch.randn_like(B) * 0.1  # a B at another address, with other values
        C = torch.full((m, N), float("nan"), dtype=torch.float16, device="cuda")
        run(A, B2, C)
        assert torch.isfinite(C).all(), "unwritten (NaN) elements in C"
        torch.testing.assert_close(C.float(), A.float() @ B2.float().T, atol=3e-2, rtol=1e-2)
    return A.get_device()


def check_row_padded_views(run, B: torch.Tensor, m: int) -> None:
    """A, B and C as slices of wider matrices (row stride 16 elements past the row, so still
    16-byte aligned): a kernel that takes them uncopied must use each tensor's own row stride,
    one that needs compact rows must copy; either way every element right."""

    def padded(rows: int, cols: int) -> torch.Tensor:
        return torch.randn(rows, cols + 16, dtype=torch.float16, device="cuda")[:, :cols]

    A = padded(m, K)
    Bp = padded(N, K)
    Bp.copy_(B)
    C = padded(m, N).fill_(float("nan"))
    run(A, Bp, C)
    assert torch.isfinite(C).all(), "unwritten (NaN) elements in C"
    torch.testing.assert_close(C.float(), A.float() @ B.float().T, atol=3e-2, rtol=1e-2)


def check_clipped_against_shifted(
    run_shifted, run_clipped, B: torch.Tensor, m: int, same_bits: bool = True
) -> None:
    """One config run with its last tiles shifted back over their neighbours and with them
    clipped past the end: check_same_output of the two."""
    runs = {"shifted last tiles": run_shifted, "clipped last tiles": run_clipped}
    check_same_output(runs, B, m, same_bits)


def check_same_output(runs: dict, B: torch.Tensor, m: int, same_bits: bool = True) -> None:
    """Two ways of computing C ({label: run(A, B, C)}), on the same fresh A into NaN-poisoned
    C: every element written both ways, both right against a float32 reference, and
    (same_bits) the same bits."""
    A = torch.randn(m, K, dtype=torch.float16, device="cuda")
    outs = []
    for label, run in runs.items():
        C = torch.full((m, N), float("nan"), dtype=torch.float16, device="cuda")
        run(A, B, C)
        assert torch.isfinite(C).all(), f"{label}: unwritten (NaN) elements in C"
        outs.append(C)
    if same_bits:
        assert torch.equal(outs[0], outs[1]), f"{' and '.join(runs)} differ in their bits"
    for C in outs:
        torch.testing.assert_close(C.float(), A.float() @ B.float().T, atol=3e-2, rtol=1e-2)


def check_both_ways(launch, cfg, flag: str, B: torch.Tensor, m: int) -> None:
    """check_same_output of `cfg` with its boolean field `flag` off and on, each run as
    launch(A, B, C, config)."""
    both = (replace(cfg, **{flag: False}), replace(cfg, **{flag: True}))
    check_same_output({repr(c): lambda A, B, C, c=c: launch(A, B, C, c) for c in both}, B, m)
