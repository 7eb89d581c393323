"""The appended files never lose a line that parses, and never keep half a record."""

import errno
import json

import pytest

from fibgemm.storage import (
    AppendError,
    append_all,
    csv_line_parses,
    json_line_parses,
    repair_appended_file,
    unwritable,
)

LINE = json.dumps({"definition": "gemm_n3072_k2048", "solution": "x", "n": 1})
HEADER = "run_id,date,M,p50_us,host_us"
ROW = "20261201T000000Z,2026-12-01T00:00:00+00:00,16,7.213,20.500"


def _repair(path, parses=json_line_parses):
    logged = []
    done = repair_appended_file(path, parses, logged.append)
    return done, logged


def test_a_complete_last_line_without_newline_is_kept_and_ended(tmp_path):
    p = tmp_path / "t.jsonl"
    p.write_text(f"{LINE}\n{LINE}")
    done, logged = _repair(p)
    assert done == "newline" and p.read_text() == f"{LINE}\n{LINE}\n"
    assert "added one, line kept" in logged[0] and str(p) in logged[0]
    assert list(tmp_path.iterdir()) == [p]  # no side file


def test_a_line_cut_mid_json_is_moved_to_a_side_file_named_in_the_warning(tmp_path):
    p = tmp_path / "t.jsonl"
    cut = LINE[:25]
    p.write_text(f"{LINE}\n{cut}")
    done, logged = _repair(p)
    assert p.read_text() == f"{LINE}\n"
    side = tmp_path / done.rsplit("/", 1)[-1]
    assert side.name.startswith("t.jsonl.cut-") and side.read_text() == cut + "\n"
    assert str(side) in logged[0] and "does not parse" in logged[0]


def test_an_empty_file_is_left_alone(tmp_path):
    p = tmp_path / "t.jsonl"
    p.write_bytes(b"")
    assert _repair(p) == (None, [])
    assert p.read_bytes() == b"" and list(tmp_path.iterdir()) == [p]


def test_a_file_of_only_a_cut_line_becomes_empty_and_the_line_is_kept_aside(tmp_path):
    p = tmp_path / "t.jsonl"
    p.write_text('{"defin')
    done, _ = _repair(p)
    assert p.read_bytes() == b""
    assert (tmp_path / done.rsplit("/", 1)[-1]).read_text() == '{"defin\n'


def test_a_file_ending_in_a_newline_is_untouched(tmp_path):
    p = tmp_path / "t.jsonl"
    p.write_text(f"{LINE}\n")
    before = p.stat().st_mtime_ns
    assert _repair(p) == (None, [])
    assert p.stat().st_mtime_ns == before


def test_a_complete_csv_row_without_newline_is_kept(tmp_path):
    p = tmp_path / "r.csv"
    p.write_bytes(f"{HEADER}\r\n{ROW}\r\n{ROW}".encode())
    done, _ = _repair(p, csv_line_parses)
    assert done == "newline" and p.read_bytes().count(ROW.encode()) == 2


@pytest.mark.parametrize("cut", [ROW[:30], ROW[:-2], ROW.rsplit(",", 1)[0]])
def test_a_csv_row_cut_anywhere_is_moved_aside(tmp_path, cut):
    p = tmp_path / "r.csv"
    p.write_bytes(f"{HEADER}\r\n{ROW}\r\n{cut}".encode())
    done, _ = _repair(p, csv_line_parses)
    assert p.read_bytes() == f"{HEADER}\r\n{ROW}\r\n".encode()
    assert (tmp_path / done.rsplit("/", 1)[-1]).read_text() == cut + "\n"


def test_a_csv_of_only_a_cut_header_is_moved_aside(tmp_path):
    p = tmp_path / "r.csv"
    p.write_text("run_id,da")
    done, _ = _repair(p, csv_line_parses)
    assert p.read_bytes() == b"" and done.endswith(tuple("0123456789Z"))


def test_a_failed_append_leaves_every_file_as_it_was(tmp_path, monkeypatch):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.csv"
    a.write_text("first\n")
    b.write_text("h\n")
    real_open = open

    class FullDisk:
        def __init__(self, f):
            self.f = f

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

        def write(self, data):
            self.f.write(data[: len(data) // 2])  # a partial write, then the disk is full
            self.f.flush()
            raise OSError(errno.ENOSPC, "No space left on device")

    def fake_open(path, mode="r", *args, **kw):
        f = real_open(path, mode, *args, **kw)
        return FullDisk(f) if str(path) == str(b) and "a" in mode else f

    monkeypatch.setattr("builtins.open", fake_open)
    with pytest.raises(AppendError, match="No space left on device"):
        append_all([(a, b"second\n"), (b, b"row,row\n")])
    monkeypatch.undo()
    assert a.read_text() == "first\n" and b.read_text() == "h\n"


def test_unwritable_names_a_folder_blocked_by_a_file(tmp_path):
    (tmp_path / "traces").write_text("not a folder")
    bad = unwritable([tmp_path / "traces" / "gemm", tmp_path / "results"])
    assert len(bad) == 1 and bad[0].startswith(str(tmp_path / "traces" / "gemm"))


def test_a_csv_row_cut_right_after_its_last_comma_is_moved_aside(tmp_path):
    p = tmp_path / "r.csv"
    p.write_bytes(f"{HEADER}\r\n{ROW}\r\n{ROW.rsplit(',', 1)[0]},".encode())
    done, _ = _repair(p, csv_line_parses)
    assert done not in (None, "newline") and p.read_bytes().count(b"\n") == 2


def test_a_row_of_an_older_run_with_empty_new_columns_is_whole(tmp_path):
    p = tmp_path / "r.csv"
    p.write_bytes(f"{HEADER},new1,new2\r\n{ROW},,".encode())
    done, _ = _repair(p, csv_line_parses)
    assert done == "newline"
