"""Which dataset a command works on: the checkout it is started from, never another one.

A user with two clones and one editable install would otherwise validate and write the first
clone's dataset while standing in the second. So the default root is the checkout that holds
the current folder; when the imported `fibgemm` package belongs to a different checkout, the
command refuses and names both (code and data of two clones must not mix silently).
"""

from pathlib import Path

from . import REPO_ROOT


class CheckoutError(RuntimeError):
    pass


def is_dataset_root(path: Path) -> bool:
    return (path / "definitions").is_dir() and (path / "workloads").is_dir()


def checkout_of(start: Path) -> Path | None:
    """The nearest folder at or above `start` that is a dataset root, or None."""
    start = start.resolve()
    for folder in [start, *start.parents]:
        if is_dataset_root(folder):
            return folder
    return None


def resolve_root(explicit: Path | None, cwd: Path | None = None) -> Path:
    """The dataset root a command works on.

    An explicit --root is taken as given (any dataset folder, e.g. a copy). Otherwise the
    checkout that holds `cwd`; outside any checkout, the one this package is installed from.
    """
    if explicit is not None:
        return explicit
    here = checkout_of(cwd or Path.cwd())
    package_checkout = REPO_ROOT if is_dataset_root(REPO_ROOT) else None
    if here is None:
        if package_checkout is None:
            raise CheckoutError(
                "not inside a fibgemm checkout and the package is not installed from one: "
                "run from a checkout or pass --root DATASET"
            )
        return package_checkout
    if package_checkout is not None and here != package_checkout.resolve():
        raise CheckoutError(
            f"you are in the checkout {here}, but the fibgemm code that would run is from "
            f"{package_checkout}: run `python -m fibgemm` from {here} (it imports that "
            f"checkout's code), `pip install -e {here}`, or pass --root {here} to use the "
            "other checkout's code on this data"
        )
    return here
