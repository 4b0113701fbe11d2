"""The examples in the README and the API page run as written."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("page", ["README.md", "docs/api.md"])
def test_examples_in_page_run(page: str) -> None:
    result = doctest.testfile(
        str(ROOT / page),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted > 0
    assert result.failed == 0


@pytest.mark.parametrize(
    "page", ["README.md", *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "docs").glob("*.md"))]
)
def test_links_between_pages_lead_to_files(page: str) -> None:
    """Every relative link of a page names a file of the repository."""
    text = (ROOT / page).read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text)
    local = [t for t in targets if "://" not in t and not t.startswith("mailto:")]
    missing = [t for t in local if not ((ROOT / page).parent / t).exists()]
    assert not missing, f"{page} links to missing files: {missing}"
