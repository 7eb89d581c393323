"""Pack sources/<name>/ into solutions/gemm/<definition>/<name>.json, or check they agree.

Usage:
    python scripts/pack_solutions.py          # rewrite every packed JSON
    python scripts/pack_solutions.py --check  # exit 1 and name each JSON that is out of date
"""

import argparse
import sys

from fibgemm import REPO_ROOT
from fibgemm.packing import packed_path, packed_text, solution_from_folder, source_folders

OP_TYPE = "gemm"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare only, write nothing")
    args = parser.parse_args()
    stale = []
    for folder in source_folders(REPO_ROOT):
        solution = solution_from_folder(folder)
        path = packed_path(REPO_ROOT, solution, OP_TYPE)
        text = packed_text(solution)
        current = path.read_text() if path.exists() else None
        if current == text:
            continue
        if args.check:
            stale.append(path.relative_to(REPO_ROOT))
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
            print(f"packed {folder.relative_to(REPO_ROOT)} -> {path.relative_to(REPO_ROOT)}")
    if stale:
        print("out of date (run scripts/pack_solutions.py):", *stale, sep="\n  ", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
