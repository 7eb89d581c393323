"""Write the stored-input workloads' tensors: A with the statistics of a Llama-style qkv_proj
input and B with the per-row scales of a fused qkv weight, deterministically from a seed.

Usage: python -m tools.make_stored_inputs [--root stored_inputs] [--seed 20261201] [--check]

What the tensors model (every workload so far drew `randn`, outputs around ±45):
- A [M, 2048], the input of attn.qkv_proj: a token's hidden state after RMSNorm, so each row has
  unit RMS before the norm's gain; the gain is ~1 (0.6–1.4) on every channel but 6 outlier
  channels, where it is 100–400 (the "massive activations" of Llama-family models), so those
  channels hold values in the hundreds while the rest stay O(1).
- B [3072, 2048], the fused q/k/v weight: N(0, 0.02²) entries times a per-row scale drawn
  log-uniformly over three decades (0.01–10), the k and v rows scaled apart from the q rows.
The outputs then span ~1e-3 to ~1e3 within one matrix: fp16 rounding and any partial-sum order
(split-K, stream-K) behave differently there than on randn.

The tensors are generated with numpy's PCG64 from the seed, so the bytes are the same on every
machine (numpy does not promise its Generator streams never change between versions: --check
compares the file with `MANIFEST`, the sha256 this script wrote with numpy 2.4). The file
(~27 MB) is generated rather than committed: binary blobs would grow the history with every
regeneration, and this script rebuilds the exact bytes in a second. It also writes the
workloads that name the file (stored_inputs/workloads/), with UUIDs derived from M.
"""

import argparse
import hashlib
import sys
from pathlib import Path

import numpy as np

from fibgemm import DEFINITION_NAME, REPO_ROOT, K, N

STORED_MS = (1, 15, 128, 972, 2379)
SEED = 20261201
OUTLIER_CHANNELS = 6
BLOB = Path("blob") / DEFINITION_NAME / "llama_like_inputs.safetensors"
GENERATOR = "python -m tools.make_stored_inputs"
# sha256 of the file this script writes with the default seed.
MANIFEST = "0c8844e8ec6a754ad0940d5f0c381fd5db870053cc1faf5393063b3ac37ff8f1"


def activations(rng: np.random.Generator, m: int, gain: np.ndarray) -> np.ndarray:
    x = rng.standard_normal((m, K), dtype=np.float32)
    x /= np.sqrt(np.mean(x * x, axis=1, keepdims=True))  # RMSNorm: unit RMS per token
    return (x * gain).astype(np.float16)


def norm_gain(rng: np.random.Generator) -> np.ndarray:
    gain = rng.uniform(0.6, 1.4, K).astype(np.float32)
    outliers = rng.choice(K, OUTLIER_CHANNELS, replace=False)
    gain[outliers] = rng.uniform(100.0, 400.0, OUTLIER_CHANNELS)
    return gain


def fused_weight(rng: np.random.Generator) -> np.ndarray:
    w = rng.standard_normal((N, K), dtype=np.float32) * 0.02
    scale = 10.0 ** rng.uniform(-2.0, 1.0, N)  # per output row, three decades
    scale[2048:] *= 0.5  # k and v rows (the last 2 × 512) apart from the q rows
    return (w * scale[:, None].astype(np.float32)).astype(np.float16)


def tensors(seed: int = SEED) -> dict[str, np.ndarray]:
    rng = np.random.Generator(np.random.PCG64(seed))
    gain = norm_gain(rng)
    out = {"B": fused_weight(rng)}
    for m in STORED_MS:
        out[f"A_M{m}"] = activations(rng, m, gain)
    return out


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def write(root: Path, seed: int = SEED) -> Path:
    from safetensors.numpy import save_file

    path = root / BLOB
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    # One metadata key: safetensors writes its metadata from a hash map, so two keys came out
    # in either order from one run to the next, and the file's sha256 with them.
    save_file(tensors(seed), str(tmp), metadata={"generator": f"{GENERATOR} --seed {seed}"})
    tmp.replace(path)
    return path


def workloads() -> list:
    import uuid

    from flashinfer_bench.data import SafetensorsInput, Trace, Workload

    namespace = uuid.UUID("0d6c5f36-5b8e-4d55-a3c2-7c1f2f0a6b91")
    return [
        Trace(
            definition=DEFINITION_NAME,
            workload=Workload(
                axes={"M": m},
                inputs={
                    "A": SafetensorsInput(path=BLOB.as_posix(), tensor_key=f"A_M{m}"),
                    "B": SafetensorsInput(path=BLOB.as_posix(), tensor_key="B"),
                },
                uuid=str(uuid.uuid5(namespace, f"{DEFINITION_NAME}/stored/M={m}")),
            ),
        )
        for m in STORED_MS
    ]


def write_workloads(root: Path) -> Path:
    from flashinfer_bench.data import save_jsonl_file

    path = root / "workloads" / "gemm" / f"{DEFINITION_NAME}.jsonl"
    save_jsonl_file(workloads(), path)
    return path


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--root", type=Path, default=REPO_ROOT / "stored_inputs")
    p.add_argument("--seed", type=int, default=SEED)
    p.add_argument("--check", action="store_true", help="verify the existing file, write nothing")
    args = p.parse_args(argv)
    path = args.root / BLOB
    if args.check:
        if not path.exists():
            print(f"{path} does not exist: run python -m tools.make_stored_inputs", file=sys.stderr)
            return 1
        got = sha256(path)
        if args.seed == SEED and got != MANIFEST:
            print(f"{path}: sha256 {got}, expected {MANIFEST}", file=sys.stderr)
            return 1
        print(f"{path}: ok ({got})")
        return 0
    path = write(args.root, args.seed)
    print(f"wrote {path} ({path.stat().st_size / 1e6:.1f} MB, sha256 {sha256(path)})")
    print(f"wrote {write_workloads(args.root)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
