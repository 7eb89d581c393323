"""The files the runner appends to (traces JSONL, results CSV): a lock, an append that never
leaves half a line behind, and a start-up repair that never drops a line that parses.

A line is only ever appended whole, under the dataset lock. What can still go wrong:
- a kill between the bytes of one write leaves a last line cut short: the repair moves exactly
  that line aside into a side file (named in its warning) so the file parses again;
- a tool that rewrites the file without a final newline (an editor, a merge) leaves a complete
  last line without one: the repair adds the newline and keeps the line;
- a full disk or an I/O error in the middle of an append: the file is cut back to its length
  before the append, so it stays parseable, and the caller learns which record was lost.
"""

import csv
import datetime as dt
import fcntl
import io
import json
import os
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def _root_locked(root: Path, operation: int) -> Iterator[None]:
    """flock on the dataset's root folder itself: every dataset has one, read-only ones too,
    and no lock file is left in it."""
    fd = os.open(root, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        fcntl.flock(fd, operation)
        yield
    finally:
        os.close(fd)  # releases the lock


def dataset_lock(root: Path):
    """Exclusive lock over the dataset's appended files: two runners never interleave lines,
    and a repair never cuts a line another runner is writing."""
    return _root_locked(root, fcntl.LOCK_EX)


def dataset_read_lock(root: Path):
    """Shared lock for reading the appended files: a reader never sees half of a line another
    runner is appending."""
    return _root_locked(root, fcntl.LOCK_SH)


def json_line_parses(line: bytes, header: bytes | None = None) -> bool:
    try:
        return isinstance(json.loads(line), dict)
    except (ValueError, UnicodeDecodeError):
        return False


def csv_line_parses(line: bytes, header: bytes | None) -> bool:
    """A CSV row parses when it has the header's fields and each field is whole.

    A row cut inside its last field would still have the right count of fields, so the last
    field is also checked against the form the runner writes it in (see `_whole_field`).
    """
    if header is None:
        return False
    try:
        names = next(csv.reader(io.StringIO(header.decode())))
        fields = next(csv.reader(io.StringIO(line.decode())))
    except (UnicodeDecodeError, csv.Error, StopIteration):
        return False
    if len(fields) != len(names) or not _whole_field(fields[-1]):
        return False
    # The runner fills its last two columns together (or neither): a value before an empty
    # last field means the row was cut right after its last comma.
    return not (len(fields) > 1 and fields[-2] != "" and fields[-1] == "")


def _whole_field(value: str) -> bool:
    """True for an empty field or a number with the three decimals the runner writes."""
    if value == "":
        return True
    whole, dot, decimals = value.partition(".")
    return dot == "." and whole.lstrip("-").isdigit() and len(decimals) == 3 and decimals.isdigit()


def repair_appended_file(
    path: Path, line_parses: Callable[[bytes, bytes | None], bool], log: Callable[[str], None]
) -> str | None:
    """Make `path` end in a newline without losing a line that parses.

    Returns what was done ("newline" or the side file's name), or None when nothing was needed.
    """
    if not path.exists() or path.stat().st_size == 0:
        return None
    data = path.read_bytes()
    if data.endswith(b"\n"):
        return None
    start = data.rfind(b"\n") + 1
    last = data[start:]
    lines = data.splitlines()
    header = lines[0] if start > 0 else None
    if line_parses(last, header):
        with open(path, "ab") as f:
            f.write(b"\n")
        log(f"warning: {path}: its last line had no final newline; added one, line kept")
        return "newline"
    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%SZ")
    side = path.with_name(f"{path.name}.cut-{stamp}")
    with open(side, "ab") as f:
        f.write(last + b"\n")
    with open(path, "r+b") as f:
        f.truncate(start)
    log(
        f"warning: {path}: its last line ({len(last)} bytes) does not parse (a write cut "
        f"short, e.g. by a kill); moved it to {side}"
    )
    return str(side)


def _unfinished(path: Path) -> bool:
    """Whether the file's last byte is not a newline (a line cut short, or being appended)."""
    if path.stat().st_size == 0:
        return False
    with open(path, "rb") as f:
        f.seek(-1, os.SEEK_END)
        return f.read(1) != b"\n"


def repair_appended(root: Path, log: Callable[[str], None] = print) -> list[str]:
    """Repair every file the runner appends to, before the dataset is loaded. Only where a
    file does not end in a newline, and then under the dataset lock: a line another runner is
    appending is finished before it is looked at (a read-only dataset with nothing to repair
    is left alone)."""
    files = [(p, json_line_parses) for p in sorted((root / "traces").rglob("*.jsonl"))]
    files += [(p, csv_line_parses) for p in sorted((root / "results").glob("*.csv"))]
    if not any(_unfinished(p) for p, _ in files):
        return []
    done = []
    with dataset_lock(root):
        for path, parses in files:
            if repair_appended_file(path, parses, log):
                done.append(str(path))
    return done


class AppendError(OSError):
    """An append failed; every file it touched is back to its length before the append."""


def append_all(parts: list[tuple[Path, bytes]]) -> None:
    """Append each chunk of bytes to its file; on any OSError cut every file back to its
    length before this call, so no file ends in half a record and none holds a record the
    others lack."""
    sizes = []
    try:
        for path, data in parts:
            path.parent.mkdir(parents=True, exist_ok=True)
            sizes.append((path, path.stat().st_size if path.exists() else None))
            with open(path, "ab") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
    except OSError as e:
        for path, size in sizes:
            try:
                if size is None:
                    path.unlink(missing_ok=True)
                else:
                    with open(path, "r+b") as f:
                        f.truncate(size)
            except OSError:
                pass
        raise AppendError(e.errno, f"{e.strerror or e} (writing {path})") from e


def unwritable(folders: list[Path]) -> list[str]:
    """Each folder that this process could not write a file into, with why; nothing is created.

    A probe file is created and removed in the folder, or in its nearest existing parent when
    the folder does not exist yet, rather than asking os.access: permission bits say nothing
    for root, and nothing about a read-only mount.
    """
    bad = []
    for folder in folders:
        probe = folder
        while not probe.exists() and probe != probe.parent:
            probe = probe.parent
        if not probe.is_dir():
            bad.append(f"{folder}: {probe} is a file, not a folder")
            continue
        try:
            with tempfile.TemporaryFile(dir=probe, prefix=".fibgemm-probe-"):
                pass
        except OSError as e:
            bad.append(f"{folder}: {e.strerror or e}")
    return bad


def extend_csv_header(path: Path, fields: list[str]) -> None:
    """Give a CSV written with fewer columns the columns added since (at the end), its older
    rows empty there, in one atomic replace. Call it under the dataset lock."""
    if not path.exists() or path.stat().st_size == 0:
        return
    with open(path, newline="") as f:
        header = next(csv.reader(f), [])
    if header == fields:
        return
    if header != fields[: len(header)]:
        raise ValueError(
            f"{path}: its columns {header} are not a prefix of the runner's {fields}: "
            "move the file aside, the runner will start a new one"
        )
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(fields)
    pad = [""] * (len(fields) - len(header))
    for row in rows[1:]:
        w.writerow(row + pad)
    replace_atomically(path, out.getvalue())


def replace_atomically(path: Path, text: str) -> None:
    """Write `text` to a temporary file beside `path`, flush it to disk, then rename it over
    `path`: a reader (or a crash) sees the old file or the new one, never a mix."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", newline="") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
