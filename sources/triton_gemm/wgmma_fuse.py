"""One WGMMA in place of a Gluon kernel's two (or three) side-by-side dots, merged in its PTX.

Gluon's register tensors are powers of two (Triton 3.6 and 3.7 refuse a (64, 80) accumulator),
so ws_tile.py writes an 80-wide tile as two dots, 64 + 16 columns, each its own WGMMA per k-step
reading the same X tile. That second WGMMA costs 0.43-0.47 us a call at M = 80-200
(probe at commit ade0bf1); the CuTe kernel issues one m64n80k16.

A WGMMA of width n1 + n2 is the two: its accumulator registers are the first one's followed by
the second one's (each thread holds four values per 8 columns, in column order), and it reads
n1 + n2 rows of Y from where the first one's descriptor points, 8-row groups at one stride. So
where ws_tile lays each ring stage's second-dot rows right after its first-dot rows (ONE_WGMMA),
every m64n{n2}k16 is dropped and the m64n{n1}k16 of the same k-step (the same X descriptor)
becomes one m64n{n1 + n2}k16 over both register lists. That leaves the second dot's WGMMA
groups empty (a fence and a commit with no WGMMA between): ptxas issues a null
HGMMA.64x8x16 for each. They go too (drop_empty_groups), and every wait's count of groups left
in flight is halved: the kernel waits after whole pairs of groups, so N groups of
(merged, empty) pairs are N / 2 merged ones. A third dot (ws_tile's BLOCK_S3, its rows right
after the second's) joins the same way: one m64n{n1 + n2 + n3}k16, the waits divided by 3.
Two dots of one width (128 + 128: a 128 x 256 tile whose halves ws_tile's ONE_C_TILE stages in
turn, so that a walk keeps 4 ring stages) are told apart by their order among the WGMMAs that
read one X tile.
"""

import re

_FENCE = "wgmma.fence.sync.aligned;"
_COMMIT = "wgmma.commit_group.sync.aligned;"
_WAIT = re.compile(r"wgmma\.wait_group\.sync\.aligned (\d+);")
# A fence, then lines without a WGMMA, fence or commit, then a commit: an empty group.
_EMPTY_GROUP = re.compile(
    rf"^[ \t]*{re.escape(_FENCE)}\n((?:(?![^\n]*wgmma\.)[^\n]*\n)*?)[ \t]*{re.escape(_COMMIT)}\n",
    re.M,
)

_WGMMA = re.compile(
    r"^(?P<indent>[ \t]*)wgmma\.mma_async\.sync\.aligned\.m64n(?P<n>\d+)k16\.f32\.f16\.f16 "
    r"\{(?P<regs>[^}]*)\}, (?P<desc_x>%rd\d+), (?P<desc_y>%rd\d+), (?P<rest>[^;]*);\n",
    re.M,
)


def with_fused_dots(ptx: str, *widths: int, drop_empty_groups: bool = True) -> str:
    """ptx with the WGMMAs of side-by-side dots of `widths` (widest first: 64, 16 or 128, 64,
    32 or 128, 128) merged into one: every m64n{w}k16 of a later dot joins the latest
    m64n{widths[0]}k16 before it that reads the same X descriptor, in the order of `widths`, and
    (drop_empty_groups) the emptied groups are taken out, each wait counting 1 / len(widths) of
    the groups it did. ValueError unless every WGMMA of each width finds its place exactly once,
    with the same predicate and scales, and the groups and waits are as the dots leave them."""
    first, others = widths[0], widths[1:]
    total = sum(widths)
    if not others or list(widths) != sorted(widths, reverse=True) or total % 8 or total > 256:
        raise ValueError(f"no m64n{total}k16 WGMMA to merge {' + '.join(map(str, widths))} into")
    found = list(_WGMMA.finditer(ptx))
    sets = len(found) // len(widths)
    counts = [sum(int(m["n"]) == w for m in found) // widths.count(w) for w in widths]
    if not sets or len(found) != len(widths) * sets or counts != [sets] * len(widths):
        raise ValueError(
            f"{', '.join(f'{n} m64n{w}k16' for n, w in zip(counts, widths, strict=True))} WGMMAs "
            f"among {len(found)}: not one of each width a step"
        )
    # In program order, a WGMMA joins the latest first-dot one that read its X tile while that
    # one lacks a dot of its width; otherwise a first-dot one starts a set. (Dots of one width,
    # such as 128 + 128, are told apart by their order alone.)
    partners, latest_by_x = {}, {}
    for m in found:
        m1 = latest_by_x.get(m["desc_x"])
        joined = partners[m1.start()] if m1 is not None else None
        if joined is not None and len(joined) < len(others) and int(m["n"]) == others[len(joined)]:
            if m1["rest"] != m["rest"]:
                raise ValueError(f"`{m1[0].strip()}` and `{m[0].strip()}` differ in their flags")
            joined.append(m)
        elif int(m["n"]) == first:
            partners[m.start()], latest_by_x[m["desc_x"]] = [], m
        else:
            raise ValueError(f"no m64n{first}k16 before `{m[0].strip()}` reads its X tile")
    if any(len(p) != len(others) for p in partners.values()):
        raise ValueError(f"a m64n{first}k16 WGMMA without the other dots' of its X tile")

    def merged(m: re.Match) -> str:
        if m.start() not in partners:  # a later dot's, merged into its set's first
            return ""
        regs = ",".join([m["regs"]] + [m2["regs"] for m2 in partners[m.start()]])
        return (
            f"{m['indent']}wgmma.mma_async.sync.aligned.m64n{total}k16.f32.f16.f16 "
            f"{{{regs}}}, {m['desc_x']}, {m['desc_y']}, {m['rest']};\n"
        )

    out = _WGMMA.sub(merged, ptx)
    return _without_empty_groups(out, len(widths)) if drop_empty_groups else out


def _without_empty_groups(ptx: str, dots: int) -> str:
    """ptx without its empty WGMMA groups, each wait counting 1 / dots of the groups it did.
    All but one in `dots` groups must be empty (merging leaves them so) and every wait's count
    a multiple of `dots`."""
    commits = ptx.count(_COMMIT)
    empty = len(_EMPTY_GROUP.findall(ptx))
    if not empty or dots * empty != (dots - 1) * commits:
        raise ValueError(f"{empty} empty WGMMA groups among {commits}: not {dots - 1} in {dots}")
    waits = [int(n) for n in _WAIT.findall(ptx)]
    if any(n % dots for n in waits):
        raise ValueError(f"a wait for groups ({waits}) not after whole sets of {dots}")
    out = _EMPTY_GROUP.sub(lambda m: m[1], ptx)  # the lines between stay (ptxas drops them)
    return _WAIT.sub(lambda m: f"wgmma.wait_group.sync.aligned {int(m[1]) // dots};", out)
