"""What every `fibgemm` command shares: how it reports a problem, loads the dataset and refuses
to time without CUDA. fibgemm.cli and fibgemm.duel_command both use it, so neither reaches into
the other's private names."""

import csv
import sys
from pathlib import Path

# What reading a user's CSV can raise; a command turns each into a one-line error.
CSV_READ_ERRORS = (OSError, UnicodeDecodeError, csv.Error)


def err(msg: str) -> None:
    print(msg, file=sys.stderr)


def no_cuda(checked: str = "the arguments are") -> bool:
    """True, after saying so, where this machine has no CUDA device to time on."""
    import torch

    if torch.cuda.is_available():
        return False
    err(
        f"no CUDA device here: {checked} valid, but nothing can be timed on this machine. "
        "Run this on a GPU machine."
    )
    return True


def load_or_report(root: Path):
    """The dataset at `root`, or None after printing every problem with it."""
    from .dataset import DatasetError, load_dataset

    try:
        return load_dataset(root)
    except DatasetError as e:
        err(str(e))
        return None
