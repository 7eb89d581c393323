"""One WGMMA in place of a Gluon kernel's two (or three) side-by-side dots, merged in its PTX.

Gluon's register tensors are powers of two (Triton 3.6 and 3.7 refuse a (64, 80) accumulator),
so ws_tile.py writes an 80-wide tile as two dots, 64 + 16 columns, each its own WGMMA per k-step
reading the same X tile. That second WGMMA costs 0.43-0.47 us a call at M = 80-200
(results/logs/s12/probe_two_dot_parts.log); the CuTe kernel issues one m64n80k16.

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
    32) merged into one: every m64n{w}k16 of a later dot joins the nearest m64n{widths[0]}k16
    before it that reads the same X descriptor, in the order of `widths`, and
    (drop_empty_groups) the emptied groups are taken out, each wait counting 1 / len(widths) of
    the groups it did. ValueError unless every WGMMA of each width finds its place exactly once,
    with the same predicate and scales, and the groups and waits are as the dots leave them."""
    first, others = widths[0], widths[1:]
    total = sum(widths)
    if not others or list(widths) != sorted(set(widths), reverse=True) or total % 8 or total > 256:
        raise ValueError(f"no m64n{total}k16 WGMMA to merge {' + '.join(map(str, widths))} into")
    found = list(_WGMMA.finditer(ptx))
    firsts = [m for m in found if int(m["n"]) == first]
    by_width = {w: [m for m in found if int(m["n"]) == w] for w in others}
    counts = [len(firsts)] + [len(ms) for ms in by_width.values()]
    if not firsts or len(set(counts)) != 1 or len(found) != len(widths) * len(firsts):
        raise ValueError(
            f"{', '.join(f'{n} m64n{w}k16' for n, w in zip(counts, widths, strict=True))} WGMMAs "
            f"among {len(found)}: not one of each width a step"
        )
    partners = {m1.start(): [] for m1 in firsts}
    for w in others:
        for m2 in by_width[w]:
            before = [m1 for m1 in firsts if m1.start() < m2.start()]
            before = [m1 for m1 in before if m1["desc_x"] == m2["desc_x"]]
            if not before or len(partners[before[-1].start()]) != others.index(w):
                raise ValueError(f"no m64n{first}k16 before `{m2[0].strip()}` reads its X tile")
            m1 = before[-1]
            if m1["rest"] != m2["rest"]:
                raise ValueError(f"`{m1[0].strip()}` and `{m2[0].strip()}` differ in their flags")
            partners[m1.start()].append(m2)

    def merged(m: re.Match) -> str:
        if int(m["n"]) != first:
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
