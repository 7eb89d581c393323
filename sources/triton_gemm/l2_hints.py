"""L2 hints on B's loads, added in a compiled kernel's PTX: B is read once a call, and under the
protocol's zero fill the L2 is full of dirty lines.

- `with_evict_first`: an evict-first policy on a Gluon kernel's TMA loads of B (Gluon's
  `tma.async_copy_global_to_shared` takes no cache hint, Triton 3.6 and 3.7). A B line marked
  evict-first is its set's next victim instead of a dirty line that must first be written back:
  0.06-0.16 us less at M = 1-256 and 0.23 at 972 (probe at commit ade0bf1; the CuTe solution
  measured 0.10-0.16 us with the same hint).
- `with_evict_first_copies`: the same policy on the cp.async copies of B in a kernel Triton
  pipelines itself (the GEMV), where Triton drops a load's eviction_policy: 6.32 -> 6.19 us at
  M = 1 (commit c2f90f1).
- `with_l2_prefetch`: after each TMA load of B, an L2 prefetch of the same rows a few K steps on,
  so that those loads find their lines in the L2 (commit 37264d1).

Each hinted load gets a policy made just before it (`createpolicy`, in a scope of its own: no
register stays live across the kernel's partitions). Nothing else in the PTX changes;
ptx_rewrite.py assembles it.
"""

import re

_TENSORMAP_PARAM = re.compile(r"\.param \.align 64 \.b8 (\w+_param_\d+)\[128\]")
_TMA_LOAD = re.compile(
    r"^(?P<indent>[ \t]*)(?P<pred>@!?%p\d+ )?(?P<op>cp\.async\.bulk\.tensor\.\dd\.shared::\w+"
    r"\.global\.mbarrier::complete_tx::bytes) (?P<dst>\[[^\]]+\]), \[(?P<desc>%rd\d+), "
    r"(?P<coords>\{[^}]*\})\], (?P<bar>\[[^\]]+\]);$",
    re.M,
)


def _evict_first(indent: str, pred: str | None, hinted_op: str) -> str:
    """`hinted_op` (an .L2::cache_hint load, its policy operand left off) under its predicate,
    with an evict-first policy made just before it in a scope of its own."""
    i = indent
    return (
        f"{i}{{\n{i}.reg .b64 %rd_evict_first;\n"
        f"{i}createpolicy.fractional.L2::evict_first.b64 %rd_evict_first, 1.0;\n"
        f"{i}{pred or ''}{hinted_op}, %rd_evict_first;\n{i}}}"
    )


def descriptor_registers(ptx: str) -> list[str | None]:
    """The register holding each TMA descriptor parameter's address, in parameter order (None
    for a parameter the kernel never reads: ws_tile's second-dot Y descriptor with ONE_Y_BOX)."""
    registers = []
    for name in _TENSORMAP_PARAM.findall(ptx):
        moved = re.search(rf"mov\.b64 \t?(%rd\d+), {name};", ptx)
        if moved is None:
            registers.append(None)
            continue
        cvta = re.search(rf"cvta\.param\.u64 \t?(%rd\d+), {re.escape(moved.group(1))};", ptx)
        if cvta is None:
            raise ValueError(f"descriptor parameter {name} is not converted to an address")
        registers.append(cvta.group(1))
    return registers


def _chosen_registers(ptx: str, positions: tuple[int, ...]) -> set[str]:
    """The registers of the descriptor parameters at `positions`; ValueError if the PTX has no
    such parameter or never reads one."""
    registers = descriptor_registers(ptx)
    if max(positions) >= len(registers):
        raise ValueError(f"descriptor {max(positions)} asked for; the PTX has {len(registers)}")
    chosen = {registers[p] for p in positions}
    if None in chosen:
        raise ValueError(f"descriptor(s) {[p for p in positions if registers[p] is None]} unread")
    return chosen


def with_evict_first(ptx: str, positions: tuple[int, ...]) -> str:
    """ptx with an evict-first L2 policy on every TMA load through the descriptor parameters at
    `positions` (0 = the kernel's first descriptor). ValueError if one has no load."""
    chosen = _chosen_registers(ptx, positions)
    hinted = set()

    def hint(m: re.Match) -> str:
        if m["desc"] not in chosen:
            return m[0]
        hinted.add(m["desc"])
        load = f"{m['op']}.L2::cache_hint {m['dst']}, [{m['desc']}, {m['coords']}], {m['bar']}"
        return _evict_first(m["indent"], m["pred"], load)

    out = _TMA_LOAD.sub(hint, ptx)
    if hinted != chosen:
        raise ValueError(f"no TMA load through descriptor(s) {sorted(chosen - hinted)}")
    return out


# A cp.async from global to shared (the pipelined loads of a pointer tile or the GEMV), with
# its optional source size (Triton's mask) and no cache hint yet.
_CP_ASYNC = re.compile(
    r"^(?P<indent>[ \t]*)(?P<pred>@!?%p\d+ )?cp\.async\.(?P<cache>ca|cg)\.shared\.global "
    r"(?P<dst>\[[^\]]+\]), \[ ?(?P<src>%rd\d+)(?P<offset> \+ -?\d+)? ?\], "
    r"(?P<size>0x10|0x8|0x4|16|8|4)(?P<src_size>, %r\d+)?;$",
    re.M,
)
_REGISTER = re.compile(r"%[a-z]+\d+")
_INSTRUCTION = re.compile(r"^\s*(?:@!?%p\d+\s+)?[a-z][\w.:]*\s+(%[a-z]+\d+)\s*,(.*);\s*$")


def registers_from_params(ptx: str) -> dict[int, set[str]]:
    """For each kernel parameter the PTX loads (0 = the first), the registers whose values derive
    from it: those its ld.param writes, then every register an instruction writes from one of
    them (address arithmetic, moves, the loop's carried copies), to a fixed point. The PTX's
    instructions are parsed once for all parameters."""
    loads = re.findall(r"ld\.param\.[bu]64\s+(%rd\d+), \[\w+_param_(\d+)\];", ptx)
    writes = [
        (m[1], set(_REGISTER.findall(m[2]))) for m in map(_INSTRUCTION.match, ptx.splitlines()) if m
    ]
    derived: dict[int, set[str]] = {}
    for register, param in loads:
        derived.setdefault(int(param), set()).add(register)
    for registers in derived.values():
        grown = True
        while grown:
            grown = False
            for dst, sources in writes:
                if dst not in registers and sources & registers:
                    registers.add(dst)
                    grown = True
    return derived


def with_evict_first_copies(ptx: str, param: int) -> str:
    """ptx with an evict-first L2 policy on every cp.async whose global address derives from
    pointer parameter `param` (B's, in a kernel Triton pipelines with cp.async: Triton
    drops a load's eviction_policy there). ValueError if no copy derives from it, or if one
    also derives from another pointer parameter (the rewrite could not tell whose it is)."""
    derived = registers_from_params(ptx)
    from_param = derived.get(param, set())
    if not from_param:
        raise ValueError(f"the PTX loads no pointer parameter {param}")
    others = set().union(*(regs for p, regs in derived.items() if p != param))
    hinted = 0

    def hint(m: re.Match) -> str:
        nonlocal hinted
        if m["src"] not in from_param:
            return m[0]
        if m["src"] in others:
            raise ValueError(f"copy from {m['src']} derives from more than parameter {param}")
        hinted += 1
        copy = (
            f"cp.async.{m['cache']}.shared.global.L2::cache_hint {m['dst']}, "
            f"[{m['src']}{m['offset'] or ''}], {m['size']}{m['src_size'] or ''}"
        )
        return _evict_first(m["indent"], m["pred"], copy)

    out = _CP_ASYNC.sub(hint, ptx)
    if not hinted:
        raise ValueError(f"no cp.async from pointer parameter {param}")
    return out


_B_LOAD = re.compile(
    r"^(?P<indent>[ \t]*)(?P<neg>@!?)?(?P<pred>%p\d+ )?cp\.async\.bulk\.tensor\.2d\.shared::\w+"
    r"\.global\.mbarrier::complete_tx::bytes(?:\.L2::cache_hint)? \[[^\]]+\], "
    r"\[(?P<desc>%rd\d+), \{(?P<k>[^,}]+), (?P<row>[^}]+)\}\], \[[^\]]+\](?:, %\w+)?;$",
    re.M,
)


def with_l2_prefetch(ptx: str, positions: tuple[int, ...], ahead: int, k: int) -> str:
    """ptx with, after every TMA load through the descriptor parameters at `positions`, an L2
    prefetch (cp.async.bulk.prefetch.tensor) of the same rows `ahead` columns of K further, under
    the load's predicate and only while that is inside the kernel's K (`k`, a constant of the
    compiled kernel): the loads `ahead` columns on find their lines in the L2 instead of in HBM.
    ValueError if a descriptor has no load."""
    chosen = _chosen_registers(ptx, positions)
    prefetched = set()

    def prefetch(m: re.Match) -> str:
        if m["desc"] not in chosen:
            return m[0]
        prefetched.add(m["desc"])
        i = m["indent"]
        guard = f"{'!' if m['neg'] == '@!' else ''}{m['pred'].strip()}" if m["pred"] else ""
        # Inside K, and (under a predicated load) only where the load itself runs.
        inside = f"%p_l2_ahead, %r_l2_ahead, {k}"
        setp = f"setp.lt.and.s32 {inside}, {guard}" if guard else f"setp.lt.s32 {inside}"
        return (
            f"{m[0]}\n{i}{{\n{i}.reg .b32 %r_l2_ahead;\n{i}.reg .pred %p_l2_ahead;\n"
            f"{i}add.s32 %r_l2_ahead, {m['k']}, {ahead};\n"
            f"{i}{setp};\n"
            f"{i}@%p_l2_ahead cp.async.bulk.prefetch.tensor.2d.L2.global.tile "
            f"[{m['desc']}, {{%r_l2_ahead, {m['row']}}}];\n{i}}}"
        )

    out = _B_LOAD.sub(prefetch, ptx)
    if prefetched != chosen:
        raise ValueError(f"no TMA load through descriptor(s) {sorted(chosen - prefetched)}")
    return out
