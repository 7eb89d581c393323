"""tools/sass_issue on hand-made disassembly and on a hand-written PTX loop: no DSL, no GPU."""

import pytest
from helpers import broken_nvdisasms, run_repo_module

from tools import ptx_resources, sass_issue


def _line(address: int, text: str, stall: int) -> str:
    """One instruction as `nvdisasm -hex` prints it: the text and its low word, then its high
    word, whose bits 41-44 hold the stall count."""
    return (
        f"        /*{address:04x}*/                   {text} ;   /* 0x{0x1234:016x} */\n"
        f"                                                   /* 0x{stall << 41 | 0x7F:016x} */\n"
    )


def _sass(body: list[tuple[str, int]], before=(), after=()) -> str:
    out, address = "", 0
    for text, stall in before:
        out, address = out + _line(address, text, stall), address + 16
    out += ".L_x_0:\n"
    for text, stall in body:
        out, address = out + _line(address, text, stall), address + 16
    out += _line(address, "@P0 BRA `(.L_x_0)", 11)
    for text, stall in after:
        address += 16
        out += _line(address, text, stall)
    return out


def test_the_loops_stall_counts_are_summed_and_its_mmas_counted():
    body = [("HMMA.16816.F32 R4, R8, R12, R4", 6), ("LDSM.16.M88.4 R8, [R1]", 5),
            ("HMMA.16816.F32 R16, R8, R14, R16", 1), ("IADD3 R1, R1, 0x80, RZ", 2)]  # fmt: skip
    sass = _sass(body, before=[("HMMA.16816.F32 R4, R8, R12, RZ", 3)], after=[("EXIT", 5)])
    code, labels = sass_issue.parse(sass)
    assert [i.stall for i in code] == [3, 6, 5, 1, 2, 11, 5] and labels == {".L_x_0": 1}
    loop = sass_issue.mma_loop(sass)
    assert loop == {"instructions": 5, "mma": 2, "issue_cycles": 25, "cycles_per_mma": 12.5}
    assert sass_issue.summary(code)["mma"] == 3


def test_the_innermost_loop_is_taken_and_a_loop_without_mmas_is_not():
    inner = _sass([("HMMA.16816.F32 R4, R8, R12, R4", 6)]).replace(".L_x_0", ".L_x_1")
    outer = ".L_x_0:\n" + inner + _line(0x100, "@P1 BRA `(.L_x_0)", 7)
    assert sass_issue.mma_loop(outer)["instructions"] == 2  # the HMMA and its branch
    assert sass_issue.mma_loop(_sass([("IADD3 R1, R1, 0x1, RZ", 4)])) is None
    forward = _line(0, "BRA `(.L_x_0)", 1) + ".L_x_0:\n" + _line(16, "HMMA.16816.F32 R4", 6)
    assert sass_issue.mma_loop(forward) is None  # a forward branch closes no loop


def test_the_path_to_the_first_tma_load_sums_its_stalls_and_names_its_waits():
    before = [("S2R R0, SR_TID.X", 2), ("@!P0 BRA `(.L_x_0)", 5)]  # warps 4+ go on, 0-3 branch
    body = [("I2F.RP R8, R6", 1), ("MUFU.RCP R8, R8", 2), ("@!P1 BAR.SYNC.DEFER_BLOCKING 0x0", 4),
            ("UTMALDG.2D [UR8], [UR16]", 3), ("UTMALDG.2D [UR12], [UR20]", 1)]  # fmt: skip
    sass = _sass(body, before=before)
    path = sass_issue.to_first_load(sass, ".L_x_0")
    assert path == {"instructions": 4, "mma": 0, "issue_cycles": 10, "cycles_per_mma": None,
                    "waits": ["I2F", "MUFU", "BAR"]}  # fmt: skip
    whole = sass_issue.to_first_load(sass)  # from the entry: the branch not taken
    assert (whole["instructions"], whole["issue_cycles"], whole["waits"][0]) == (6, 17, "S2R")
    with pytest.raises(ValueError, match=r"no label \.L_x_9 .*\.L_x_0"):  # a typo is named
        sass_issue.to_first_load(sass, ".L_x_9")
    assert sass_issue.to_first_load(_sass([("IADD3 R1, R1, 0x1, RZ", 4)])) is None  # no load


def test_the_gap_between_a_walks_tiles_follows_the_walk_to_the_next_tiles_first_wgmma():
    """Wait for all WGMMAs, epilogue, back to the walk's top, the next tile's first HGMMA: the
    spin loops (after the wait, and at the walk's top, before it) and the one thread's forward
    skip are not taken, the walk's back edge and an unconditional jump are; the last tile's
    wait, followed by the exit, has no gap."""
    code = [
        (".L_x_0", "IADD3 R1, R1, 0x1, RZ", 2),
        (".L_x_4", "SYNCS.PHASECHK.TRANS64.TRYWAIT P3, [UR8], R2", 3),
        (None, "@!P3 BRA `(.L_x_4)", 1),  # the ring stage's spin loop: not retried
        (None, "HGMMA.64x224x16.F32 R24, gdesc[UR4], R24, gsb0", 1),
        (None, "WARPGROUP.DEPBAR.LE gsb0, 0x0", 3),  # the wait: the path starts here
        (None, "STSM.16.M88.4 [R1], R4", 2),
        (".L_x_1", "SYNCS.PHASECHK.TRANS64.TRYWAIT P0, [UR8], R2", 4),
        (None, "@!P0 BRA `(.L_x_1)", 5),  # a spin loop: after the wait, not taken
        (None, "BAR.SYNC.DEFER_BLOCKING 0x0, 0x100", 6),
        (None, "@!P1 BRA `(.L_x_2)", 1),  # one thread's stores skipped by the others: not taken
        (None, "UTMASTG.2D [UR4], [UR12]", 2),
        (".L_x_2", "DEPBAR.LE SB0, 0x0", 7),
        (None, "@P2 BRA `(.L_x_0)", 8),  # the walk's next tile: before the wait, taken
        (None, "WARPGROUP.DEPBAR.LE gsb0, 0x0", 1),  # the last tile's: no WGMMA follows
        (None, "BRA `(.L_x_3)", 1),
        (None, "HGMMA.64x224x16.F32 R24, gdesc[UR4], R24", 1),  # jumped over
        (".L_x_3", "EXIT", 5),
    ]
    sass = ""
    for address, (label, text, stall) in enumerate(code):
        sass += f"{label}:\n" if label else ""
        sass += _line(16 * address, text, stall)
    (gap,) = sass_issue.mma_gaps(sass)
    epilogue, next_top = 3 + 2 + 4 + 5 + 6 + 1 + 2 + 7 + 8, 2 + 3 + 1 + 1
    assert gap == {"instructions": 13, "issue_cycles": epilogue + next_top,
                   "stsm": 1, "tma_stores": 1, "store_waits": 1, "barriers": 1,
                   "waits": ["SYNCS", "BAR", "SYNCS"]}  # fmt: skip
    assert sass_issue.mma_gaps(_sass([("IADD3 R1, R1, 0x1, RZ", 4)])) == []


# A loop of mma.sync the PTX keeps rolled (its trip count a parameter).
PTX = """.version 9.4
.target sm_80
.address_size 64

.visible .entry mma_loop(.param .u64 out, .param .u32 n)
{
    .reg .pred %p<2>;
    .reg .b32 %r<12>;
    .reg .f32 %f<5>;
    .reg .b64 %rd<3>;
    ld.param.u64 %rd1, [out];
    ld.param.u32 %r1, [n];
    mov.u32 %r2, 0;
    mov.b32 %r3, 0x3c003c00;
    mov.f32 %f1, 0f00000000;
    mov.f32 %f2, 0f00000000;
    mov.f32 %f3, 0f00000000;
    mov.f32 %f4, 0f00000000;
LOOP:
MMA
MMA
    add.u32 %r2, %r2, 1;
    setp.lt.u32 %p1, %r2, %r1;
    @%p1 bra LOOP;
    cvta.to.global.u64 %rd2, %rd1;
    st.global.f32 [%rd2], %f1;
    st.global.f32 [%rd2+4], %f2;
    st.global.f32 [%rd2+8], %f3;
    st.global.f32 [%rd2+12], %f4;
    ret;
}
""".replace(
    "MMA",
    "    mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"
    " {%f1, %f2, %f3, %f4}, {%r3, %r3, %r3, %r3}, {%r3, %r3}, {%f1, %f2, %f3, %f4};",
)


@pytest.mark.parametrize("arch, spacing", [("sm_80", 8), ("sm_90a", 6)])
def test_ptxas_spaces_dependent_mmas_at_least_the_pipes_rate_apart(arch, spacing):
    """Read from a real assembly: the loop's HMMAs (two an iteration, ptxas may unroll it),
    each waiting on the one before, are at least the tensor pipe's issue interval apart
    (sm_80: 8 cycles, sm_90: 6); a misread control word would not keep to it."""
    res = ptx_resources.resources(PTX, arch)
    assert "error" not in res, res
    loop = res["issue"]["mma_loop"]
    assert loop["mma"] >= 2 and loop["mma"] % 2 == 0, loop
    assert loop["issue_cycles"] >= spacing * loop["mma"], loop
    assert res["issue"]["kernel"]["mma"] >= loop["mma"]


def test_unknown_control_words_and_a_missing_file_are_named(tmp_path):
    assert "sm_100a" in sass_issue.of_cubin(tmp_path / "none.cubin", "sm_100a")["error"]
    out = run_repo_module("tools.sass_issue", str(tmp_path / "none.cubin"))
    assert out.returncode == 2 and "no such file" in out.stderr


def test_a_failing_or_unrunnable_disassembler_is_an_error_not_a_crash(monkeypatch, tmp_path):
    from triton_gemm import sass_check

    cubin = tmp_path / "k.cubin"
    cubin.write_bytes(b"not a cubin")
    for tool, complaint in broken_nvdisasms(tmp_path):
        monkeypatch.setattr(sass_check, "nvdisasm", lambda ptxas, tool=tool: str(tool))
        assert complaint in sass_issue.of_cubin(cubin, "sm_90a")["error"]
