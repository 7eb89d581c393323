"""A/B a few portable cute_gemm configs against the table's row, M by M, in one process.

Usage: python -m tuners.probe_cute_portable --ms 104 128 \\
           --config "tile_p=48 tile_q=64 warps_p=1 warps_q=4 stages=10" [--config ...] \\
           [--table large|small] [--rounds 3] [--iters 40] [--schedule after-itself]

The tuner (tune_cute_portable) scores hundreds of configs a bucket once each; a probe times a
handful against the row that serves each M now, in `--rounds` rounds (each round: fresh random
A, every config checked against a float32 reference, then all of them and torch.matmul timed
under the runner's cold-L2 protocol), and prints each config's ratio to torch.matmul averaged
over the rounds, its change against the row and its spread: how the "probe" figures of
docs/cute_gemm_portable_tables.md were measured. A round calls the configs one after another;
with --schedule after-itself each twice in a row, timed on the second call, as the runner
times every callable right after itself. Nothing is written; a config that wins is put into
portable.py by hand, with its figures in the line's comment.

A config is the fields of portable.PortableConfig as key=value pairs; unnamed fields take the
dataclass defaults, swap_ab true (the token side narrow, as every row up to M = 256 runs).
"""

import argparse
import dataclasses
import statistics
import sys

import torch

from fibgemm import REPO_ROOT
from fibgemm.timing import ColdL2Timer
from tuners.common import rank_bucket, row_for
from tuners.tune_cute_portable import LARGE_SHARED_LIMIT, SHARED_LIMIT, fits

sys.path.insert(0, str(REPO_ROOT / "sources"))

from cute_gemm import main as cute_main  # noqa: E402
from cute_gemm import portable  # noqa: E402
from cute_gemm.portable import PortableConfig  # noqa: E402

_FIELDS = {f.name: f for f in dataclasses.fields(PortableConfig)}
_TRUE, _FALSE = {"1", "true", "yes", "on"}, {"0", "false", "no", "off"}


def parse_config(text: str) -> PortableConfig:
    """'tile_p=48 tile_q=64 warps_q=4' (spaces or commas between pairs) -> PortableConfig;
    argparse.ArgumentTypeError naming the problem for an unknown field, a bad value, a missing
    tile side, or a config that portable.is_valid refuses."""
    values = {"swap_ab": True}
    for pair in text.replace(",", " ").split():
        key, sep, raw = pair.partition("=")
        if not sep or key not in _FIELDS:
            known = ", ".join(_FIELDS)
            raise argparse.ArgumentTypeError(f"{pair!r}: not field=value of {known}")
        kind = _FIELDS[key].type
        if kind in (bool, "bool"):
            if raw.lower() not in _TRUE | _FALSE:
                raise argparse.ArgumentTypeError(f"{key}={raw!r}: not a boolean (1/0, true/false)")
            values[key] = raw.lower() in _TRUE
        else:
            try:
                values[key] = int(raw)
            except ValueError:
                raise argparse.ArgumentTypeError(f"{key}={raw!r}: not an integer") from None
    missing = [f for f in ("tile_p", "tile_q") if f not in values]
    if missing:
        raise argparse.ArgumentTypeError(f"{text!r}: {' and '.join(missing)} missing")
    cfg = PortableConfig(**values)
    if not portable.is_valid(cfg, cute_main.K):
        raise argparse.ArgumentTypeError(
            f"{text!r}: portable.is_valid refuses it (warp tiles of whole 16 x 16 blocks, whole "
            "copy passes, K tiles that divide K and the splits)"
        )
    return cfg


def config_text(cfg: PortableConfig) -> str:
    """The config as --config takes it: its tile, then each field off the defaults parse_config
    fills in (swap_ab true), so a line of the summary can be passed back as it is."""
    pairs = [f"tile_p={cfg.tile_p}", f"tile_q={cfg.tile_q}"]
    for name, field in _FIELDS.items():
        default = True if name == "swap_ab" else field.default
        value = getattr(cfg, name)
        if name not in ("tile_p", "tile_q") and value != default:
            pairs.append(f"{name}={int(value) if isinstance(value, bool) else value}")
    return " ".join(pairs)


def plan(table: list, ms: list[int], configs: list[PortableConfig]) -> dict:
    """{m: [the row's config, then each probed config not equal to it]}."""
    rows = {m: row_for(table, m) for m in ms}
    return {m: [row] + [c for c in configs if c != row] for m, row in rows.items()}


def summary(ms: list[int], configs_by_m: dict, ratios: dict, rounds: int) -> str:
    """Per M: the row's mean ratio, then each config fastest first, with its change against the
    row and the spread of its rounds; configs that were never correct are named. Configs are
    written as --config takes them (config_text)."""
    lines = [f"mean ratio to torch.matmul over {rounds} rounds"]
    for m in ms:
        row, *others = configs_by_m[m]
        row_ratios = ratios.get((m, row))
        if not row_ratios:
            lines.append(f"M={m}: the row {config_text(row)!r} did not rank (incorrect or refused)")
            continue
        base = statistics.fmean(row_ratios)
        lines.append(f"M={m}: row {base:.3f}x {config_text(row)!r}")
        ranked = sorted(
            (c for c in others if ratios.get((m, c))),
            key=lambda c: -statistics.fmean(ratios[(m, c)]),
        )
        for c in ranked:
            r = ratios[(m, c)]
            mean = statistics.fmean(r)
            lines.append(
                f"  {mean:.3f}x {mean / base - 1:+6.1%} ({min(r):.3f}-{max(r):.3f}, "
                f"{len(r)} rounds) {config_text(c)!r}"
            )
        lines += [
            f"  not ranked (incorrect or refused): {config_text(c)!r}"
            for c in others
            if c not in ranked
        ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--ms", type=int, nargs="+", required=True, metavar="M",
                   help="the token counts to probe at (any M > 0)")  # fmt: skip
    p.add_argument("--config", type=parse_config, action="append", required=True,
                   metavar="FIELD=VALUE ...",
                   help="a config to time against the row (repeat for more)")  # fmt: skip
    p.add_argument("--table", choices=("large", "small"), default="large",
                   help="the rows to probe against: TABLE_LARGE_SHARED (160 KB a CTA: sm_80, "
                        "sm_90, sm_100; default) or TABLE (96 KB)")  # fmt: skip
    p.add_argument("--rounds", type=int, default=3, help="rounds of every config (default 3)")
    p.add_argument("--iters", type=int, default=40, help="timed calls a config a round")
    p.add_argument("--schedule", choices=("interleaved", "after-itself"), default="interleaved",
                   help="each round: every config called once in turn (default), or each "
                        "twice in a row and timed on the second call, right after itself, as "
                        "the runner times it (twice the calls)")  # fmt: skip
    args = p.parse_args(argv)
    if min(args.ms) < 1 or args.rounds < 1 or args.iters < 1:
        p.error("--ms, --rounds and --iters take positive numbers")
    table = portable.TABLE_LARGE_SHARED if args.table == "large" else portable.TABLE
    limit = LARGE_SHARED_LIMIT if args.table == "large" else SHARED_LIMIT
    too_big = [c for c in args.config if not fits(c, limit)]
    if too_big:  # the tuner's rule: the ring, and a persistent walk's whole shared memory
        named = "; ".join(repr(config_text(c)) for c in too_big)
        p.error(f"over the {args.table} table's {limit // 1024} KB ring: {named}")
    if not torch.cuda.is_available():
        print("needs a CUDA GPU", file=sys.stderr)
        return 2
    configs_by_m = plan(table, args.ms, args.config)
    distinct = list(dict.fromkeys(c for cs in configs_by_m.values() for c in cs))
    for i, cfg in enumerate(distinct, 1):  # compiles outside the timing, each once
        print(f"compiling {i} of {len(distinct)}: {config_text(cfg)}", flush=True)
        cute_main.compiled_kernel(cfg)
    b = torch.randn(cute_main.N, cute_main.K, dtype=torch.float16, device="cuda")
    timer = ColdL2Timer()
    ratios: dict = {}
    for round_ in range(args.rounds):
        for m, cfgs in configs_by_m.items():
            ranked, torch_us, _ = rank_bucket(
                timer, m, b, cfgs, cute_main.launch_config, args.iters,
                after_itself=args.schedule == "after-itself",
            )  # fmt: skip
            for us, cfg in ranked:
                ratios.setdefault((m, cfg), []).append(torch_us / us)
        print(f"round {round_ + 1} of {args.rounds} done", flush=True)
    print(f"schedule: {args.schedule}")
    print(summary(args.ms, configs_by_m, ratios, args.rounds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
