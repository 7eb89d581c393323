"""Issue cycles of a kernel's MMA loop, read from its machine code's control words (no GPU).

From sm_70 on, ptxas writes beside every instruction the cycles the warp waits before it may
issue the next one (the stall count of the instruction's control bits, bits 105-108 of its 128;
the layout the public dissections of Volta and Turing describe, unchanged through sm_90).
Summed over a loop's body they are the cycles one warp needs to issue an iteration when nothing
else holds it up: a floor on its time where one warp has a scheduler to itself, as in the
portable kernel's mid-M tiles. On sm_90 ptxas spaces independent mma.sync HMMAs 6 cycles apart
(the tensor pipe's rate for m16n8k16), so issue cycles over 6 an HMMA say how far the loop's
copies, address arithmetic and ldmatrix push its MMAs apart. A guide for what to time, not a
time: it knows nothing of memory latency or of the other warps.

Usage: python -m tools.sass_issue KERNEL.cubin [--arch sm_90a] [--first-load-from LABEL]
(prints one JSON line). "to_first_load": the issue cycles from the entry (or LABEL) to the first
TMA load, and the waits on the way: what delays the first bytes of a latency-bound kernel.
"mma_gap": the longest path from a wait for all WGMMAs to the next WGMMA (a persistent walk's
epilogue between two tiles, when the tensor cores idle), with its stagings, TMA stores, store
waits and barriers counted.
Callers with PTX use tools.ptx_resources.resources, which adds these figures as "issue",
disassembled by the nvdisasm beside the ptxas that assembled them.
"""

import argparse
import json
import re
import sys
from pathlib import Path
from typing import NamedTuple

from fibgemm import REPO_ROOT

# triton_gemm's machine-code check runs nvdisasm (beside Triton's ptxas, else on PATH) the way
# this module needs it; the solution cannot import from here, so this imports from it.
sys.path.insert(0, str(REPO_ROOT / "sources"))
from triton_gemm.sass_check import DISASSEMBLY_ERRORS, disassembled_file  # noqa: E402

# Archs whose control words this reads (the 128-bit encoding of sm_70 to sm_90)
KNOWN_ARCHS = ("sm_80", "sm_86", "sm_89", "sm_90", "sm_90a")
_LINE = re.compile(r"^\s*/\*([0-9a-f]+)\*/\s+(.*?)\s*;\s*/\* (0x[0-9a-f]{16}) \*/")
_HIGH = re.compile(r"^\s*/\* (0x[0-9a-f]{16}) \*/")
_LABEL = re.compile(r"^(\.L_x_\d+):")
_BRANCH = re.compile(r"\bBRA\b.*`\((\.L_x_\d+)\)")
_MMA = re.compile(r"(^|\s)HMMA\.")


class Instruction(NamedTuple):
    text: str
    stall: int  # cycles before the warp's next instruction may issue


def parse(sass: str) -> tuple[list[Instruction], dict[str, int]]:
    """nvdisasm -hex output -> (instructions in order, {label: index of the next instruction})."""
    lines = sass.splitlines()
    code, labels = [], {}
    for i, line in enumerate(lines):
        label = _LABEL.match(line)
        if label:
            labels[label.group(1)] = len(code)
        m = _LINE.match(line)
        if m and i + 1 < len(lines) and (high := _HIGH.match(lines[i + 1])):
            code.append(Instruction(m.group(2), (int(high.group(1), 16) >> 41) & 0xF))
    return code, labels


def summary(body: list[Instruction]) -> dict:
    mma = sum(_MMA.search(ins.text) is not None for ins in body)
    cycles = sum(ins.stall for ins in body)
    return {
        "instructions": len(body),
        "mma": mma,
        "issue_cycles": cycles,
        "cycles_per_mma": round(cycles / mma, 2) if mma else None,
    }


def mma_loop(sass: str) -> dict | None:
    """The innermost loop (a backward branch with no other inside it) holding the most HMMAs:
    its summary. None where no loop holds one (ptxas unrolled a fixed trip count whole)."""
    code, labels = parse(sass)
    spans = []
    for end, ins in enumerate(code):
        target = _BRANCH.search(ins.text)
        if target and labels.get(target.group(1), end + 1) <= end:
            spans.append((labels[target.group(1)], end))

    def holds_another(a: int, b: int) -> bool:
        return any(a <= c and d <= b and (c, d) != (a, b) for c, d in spans)

    innermost = [(a, b) for a, b in spans if not holds_another(a, b)]
    loops = [summary(code[a : b + 1]) for a, b in innermost]
    loops = [s for s in loops if s["mma"]]
    return max(loops, key=lambda s: s["mma"], default=None)


# Instructions whose wait the stall count does not hold (the warp waits on a scoreboard):
# conversions and the special-function unit, special-register, constant and shared-memory
# reads, fences, barriers and register re-allocation.
_SCOREBOARDED = re.compile(
    r"^(?:@!?U?P\w+\s+)?(I2F|F2I|MUFU|S2U?R|U?LDC|LDS|MEMBAR|BAR|SYNCS|USETMAXREG)"
)


def to_first_load(sass: str, label: str | None = None) -> dict | None:
    """From `label` (else the kernel's first instruction) to the first TMA load (UTMALDG) after
    it, in program order, as a warp that takes no branch runs it: its summary, with the
    scoreboarded instructions on the way named in order ("waits"), whose latencies add to the
    issue cycles. None where no load follows; ValueError for a label the code does not have."""
    code, labels = parse(sass)
    start = 0 if label is None else labels.get(label)
    if start is None:
        raise ValueError(f"no label {label} in the disassembly (it has {', '.join(labels)})")
    end = next((i for i in range(start, len(code)) if "UTMALDG" in code[i].text), None)
    if end is None:
        return None
    path = code[start : end + 1]
    waits = [m.group(1) for ins in path if (m := _SCOREBOARDED.match(ins.text))]
    return {**summary(path), "waits": waits}


# A warp group's wait for all its WGMMAs, and what a tile's epilogue does between it and the
# next tile's first WGMMA: stage into shared memory, store by TMA, wait for the stores to have
# read shared memory, synchronize the warp group.
_WAIT_ALL_MMAS = re.compile(r"\bWARPGROUP\.DEPBAR\.LE gsb0, 0x0\b")
_HGMMA = re.compile(r"(^|\s)HGMMA\.")
_EPILOGUE_FAMILIES = {
    "stsm": re.compile(r"(^|\s)STSM\b"),
    "tma_stores": re.compile(r"(^|\s)UTMASTG\b"),
    "store_waits": re.compile(r"(^|\s)DEPBAR\.LE SB0\b"),
    "barriers": re.compile(r"(^|\s)BAR\.SYNC\b"),
}


def _to_next_wgmma(code: list[Instruction], labels: dict[str, int], wait: int) -> list[int]:
    """The indices a warp passes from `wait` to the first HGMMA it reaches (that one included),
    taking unconditional branches and the first backward branch to before `wait` (the walk's
    next tile), no other (a barrier's spin loop retried, a forward skip of what one thread
    does); [] where it meets an EXIT or goes round in a cycle first."""
    path, i, walked_back = [], wait, False
    while i < len(code) and i not in path:
        path.append(i)
        text = code[i].text
        if _HGMMA.search(text):
            return path
        if text.startswith("EXIT"):
            return []
        branch = _BRANCH.search(text)
        target = labels.get(branch.group(1)) if branch else None
        if target is not None and (text.startswith("BRA") or target <= wait and not walked_back):
            walked_back |= target <= wait
            i = target
        else:
            i += 1
    return []


def mma_gaps(sass: str) -> list[dict]:
    """From each wait for all WGMMAs to the next WGMMA a warp issues (_to_next_wgmma): the
    stretch over which a persistent walk's tensor cores have nothing to do, between one tile's
    last MMA and the next tile's first. Each: its instructions and issue cycles (the HGMMA
    included), its epilogue's work counted (_EPILOGUE_FAMILIES) and the scoreboarded waits on
    it, in order. A wait after which no WGMMA comes (the last tile's, before the exit) has none."""
    code, labels = parse(sass)
    gaps = []
    for wait, ins in enumerate(code):
        if not _WAIT_ALL_MMAS.search(ins.text):
            continue
        path = [code[i] for i in _to_next_wgmma(code, labels, wait)]
        if not path:
            continue
        gap = {"instructions": len(path), "issue_cycles": sum(p.stall for p in path)}
        for family, found in _EPILOGUE_FAMILIES.items():
            gap[family] = sum(found.search(p.text) is not None for p in path)
        gap["waits"] = [m.group(1) for p in path if (m := _SCOREBOARDED.match(p.text))]
        gaps.append(gap)
    return gaps


def of_cubin(
    cubin: Path, arch: str, ptxas: str | None = None, first_load_from: str | None = None
) -> dict:
    """{"mma_loop": summary or None, "kernel": summary of every instruction, "to_first_load":
    to_first_load from `first_load_from`, "mma_gap": the longest of mma_gaps or None} of a
    cubin (that `ptxas` assembled, when known), or {"error": ...} where its control words are
    not known or no nvdisasm is here."""
    if arch not in KNOWN_ARCHS:
        return {"error": f"control words of {arch} not read (only {', '.join(KNOWN_ARCHS)})"}
    try:
        text = disassembled_file(cubin, ptxas, "-hex")
    except DISASSEMBLY_ERRORS as e:
        return {"error": str(e)}
    if text is None:
        return {"error": "no nvdisasm found (Triton's wheel or PATH)"}
    try:
        first_load = to_first_load(text, first_load_from)
    except ValueError as e:
        return {"error": str(e)}
    return {
        "mma_loop": mma_loop(text),
        "kernel": summary(parse(text)[0]),
        "to_first_load": first_load,
        "mma_gap": max(mma_gaps(text), key=lambda g: g["issue_cycles"], default=None),
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("cubin", type=Path)
    p.add_argument("--arch", default="sm_90a", help="the arch it was assembled for")
    p.add_argument(
        "--first-load-from",
        metavar="LABEL",
        help="nvdisasm's label (.L_x_N) the path to the first TMA load starts at (default: the "
        "kernel's entry; ws_tile's kernels branch their default partition, warps 0-3, to .L_x_0)",
    )
    args = p.parse_args()
    if not args.cubin.is_file():
        print(f"{args.cubin}: no such file", file=sys.stderr)
        return 2
    from tools.ptx_resources import ptxas_candidates  # which imports this module

    ptxas = next(iter(ptxas_candidates()), None)
    result = of_cubin(args.cubin, args.arch, ptxas, args.first_load_from)
    print(json.dumps(result))
    return 1 if "error" in result else 0


if __name__ == "__main__":
    sys.exit(main())
