"""The README and docs: every link resolves, the README stays short, and the tree speaks only of
itself."""

import re
import subprocess

import pytest

from fibgemm import REPO_ROOT
from fibgemm.report import PROSE_WIDTH

DOCS = [REPO_ROOT / "README.md", *sorted((REPO_ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def _slug(heading: str) -> str:
    s = heading.strip().lower()
    s = re.sub(r"[^\w\- ]", "", s)
    return s.replace(" ", "-")


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_relative_link_resolves(doc):
    for target in LINK.findall(doc.read_text()):
        if target.startswith(("http://", "https://", "mailto:")):
            continue
        path, _, anchor = target.partition("#")
        dest = (doc.parent / path).resolve() if path else doc
        assert dest.exists(), f"{doc.name}: link to {target} does not resolve"
        if anchor:
            headings = re.findall(r"^#+ (.+)$", dest.read_text(), flags=re.M)
            assert anchor in {_slug(h) for h in headings}, f"{doc.name}: no #{anchor} in {path}"


def test_the_readme_is_short_and_the_docs_are_pages_not_logs():
    assert len((REPO_ROOT / "README.md").read_bytes()) <= 12_000
    for doc in DOCS[1:]:
        assert len(doc.read_bytes()) <= 15_000, doc.name


@pytest.mark.parametrize(
    "doc", [*DOCS, REPO_ROOT / "results" / "README.md"], ids=lambda p: str(p.relative_to(REPO_ROOT))
)
def test_prose_wraps_at_the_code_width(doc):
    """Tables, code blocks and images may run long (markdown cannot wrap them); prose may not."""
    in_code = False
    for number, line in enumerate(doc.read_text().splitlines(), start=1):
        if line.lstrip().startswith("```"):
            in_code = not in_code
        if in_code or line.lstrip().startswith(("|", "![")):
            continue
        assert len(line) <= PROSE_WIDTH, f"{doc.name}:{number}: {len(line)} characters"


def test_the_readmes_results_table_is_the_committed_rows():
    """The README's table is `fibgemm report --bands` of the results CSV: a pass appended or a
    solution's content changed fails this until the README is redrawn from the rows."""
    from fibgemm.curation import content_hashes
    from fibgemm.dataset import load_dataset
    from fibgemm.report import band_table, load_rows, pass_geomeans

    current = content_hashes(load_dataset(REPO_ROOT).trace_set)
    rows = load_rows(REPO_ROOT / "results" / "gemm_n3072_k2048.csv")
    readme = (REPO_ROOT / "README.md").read_text()
    table, _, _ = band_table(rows, current).partition("\n\n")
    assert table in readme
    for solution, means in pass_geomeans(rows, current).items():
        assert f"**{solution}: {min(means):.3f}–{max(means):.3f}× geomean**" in readme


def _tracked(*patterns: str) -> list[str]:
    out = subprocess.run(
        ["git", "-C", str(REPO_ROOT), "ls-files", *patterns], capture_output=True, text=True
    )
    if out.returncode != 0:
        pytest.skip("not a git checkout")  # a tree without .git: nothing to list
    return out.stdout.split()


def test_results_hold_the_evidence_of_the_current_figures_only():
    assert len(_tracked("results")) <= 25
    assert not _tracked("notes") and not _tracked("results/logs")


# What a checkout holds at its top: the dataset, the package, its sources, tools and tests (and
# a tuner's logs, kept for the commit that cites them).
TOP_LEVEL = {".ci", ".gitignore", "README.md", "constraints.txt", "definitions", "docs",
             "fibgemm", "logs", "pyproject.toml", "results", "scripts", "solutions", "sources",
             "stored_inputs", "tests", "tools", "traces", "tuners", "workloads"}  # fmt: skip


def test_nothing_stray_is_tracked():
    """A tool's output committed by mistake (a folder named like an option, a compile cache)."""
    stray = {rel.split("/")[0] for rel in _tracked()} - TOP_LEVEL
    assert not stray, f"tracked outside the layout: {sorted(stray)}"
    caches = [rel for rel in _tracked() if "triton-cache/" in rel or "__pycache__/" in rel]
    assert not caches, caches[:5]


# How the tree must not speak of itself: labels of its past work, folders named after them, paths
# outside the repository.
TALK = re.compile(
    r"\bsessions?\b|\.\./shared|results/logs/s\d|\b(?:eleventh|twelfth|thirteenth|fourteenth|"
    r"fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|twenty-\w+)\b",
    re.I,
)
# Files allowed to match TALK: none (the solutions' sources cite commits, not log folders).
MEASURED_SOURCES_WITH_LOG_PATHS: set = set()


def test_the_tree_speaks_only_of_itself():
    hits = set()
    for rel in _tracked():
        path = REPO_ROOT / rel
        if path.suffix in (".png", ".jsonl", ".csv") or not path.is_file():
            continue
        if rel == "tests/test_docs.py":  # this file spells the patterns out
            continue
        text = path.read_text(errors="replace")
        for m in TALK.finditer(text):
            line = text[: m.start()].count("\n") + 1
            context = text[max(0, m.start() - 20) : m.end() + 20]
            if "profil" in context.lower():  # "one profiler session" is CUPTI's word
                continue
            if rel not in MEASURED_SOURCES_WITH_LOG_PATHS:
                pytest.fail(f"{rel}:{line}: {m.group(0)!r}")
            hits.add(rel)
    assert hits <= MEASURED_SOURCES_WITH_LOG_PATHS
