"""Write workloads/gemm/gemm_n3072_k2048.jsonl: one random-input workload per captured M.

UUIDs are derived from the definition name and M, so regenerating the file gives the same bytes.

Usage: python tools/make_workloads.py [--root DATASET_ROOT]
"""

import argparse
import uuid
from pathlib import Path

from flashinfer_bench.data import RandomInput, Trace, Workload, save_jsonl_file

from fibgemm import DEFINITION_NAME, REPO_ROOT, WORKLOAD_MS

UUID_NAMESPACE = uuid.UUID("6f1c1d1e-8a52-4c36-9b0e-3d7f0b2a9c41")


def workload_uuid(m: int) -> str:
    """Stable UUID for the workload with M rows."""
    return str(uuid.uuid5(UUID_NAMESPACE, f"{DEFINITION_NAME}/M={m}"))


def build_workloads() -> list[Trace]:
    """One workload trace per M in WORKLOAD_MS, inputs drawn at random by flashinfer-bench."""
    return [
        Trace(
            definition=DEFINITION_NAME,
            workload=Workload(
                axes={"M": m},
                inputs={"A": RandomInput(), "B": RandomInput()},
                uuid=workload_uuid(m),
            ),
        )
        for m in WORKLOAD_MS
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=REPO_ROOT)
    args = parser.parse_args()
    path = args.root / "workloads" / "gemm" / f"{DEFINITION_NAME}.jsonl"
    save_jsonl_file(build_workloads(), path)
    print(f"wrote {len(WORKLOAD_MS)} workloads to {path}")


if __name__ == "__main__":
    main()
