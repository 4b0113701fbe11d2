"""The rules page of each game (`docs/games/<id>.md`) and its pictures, wherever ludoteca runs.

A wheel carries the pages as `ludoteca/rules/` (see `pyproject.toml`); a source checkout reads
them from `docs/games/`. The terminal points to the page; the web app shows it as HTML.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

PACKAGED = Path(__file__).resolve().parent / "rules"
SOURCE = Path(__file__).resolve().parents[2] / "docs" / "games"
PICTURE_TYPES = {".svg": "image/svg+xml", ".png": "image/png"}
_PLAIN_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")


def folder() -> Path | None:
    """The folder holding the rules pages, or None when this installation has none."""
    return next((place for place in (PACKAGED, SOURCE) if place.is_dir()), None)


def _file(name: str) -> Path | None:
    """A file of the rules folder by its plain name (no paths: nothing outside is reachable)."""
    place = folder()
    if place is None or not _PLAIN_NAME.fullmatch(name):
        return None
    path = place / name
    return path if path.is_file() else None


def page_path(game_id: str) -> Path | None:
    """The Markdown rules page of a game, if there is one."""
    return _file(f"{game_id}.md")


def picture_path(name: str) -> Path | None:
    """A picture a rules page shows (`ludo-board.svg`), if there is one."""
    return _file(name) if Path(name).suffix in PICTURE_TYPES else None


def page_html(game_id: str) -> str | None:
    """The rules page rendered to HTML (tables included), or None without a page."""
    path = page_path(game_id)
    if path is None:
        return None
    from markdown_it import MarkdownIt  # only the web app renders pages

    markdown = MarkdownIt("commonmark", {"html": False}).enable("table")
    html: str = markdown.render(path.read_text(encoding="utf-8"))
    return html


def write_pictures(pictures: Mapping[str, str], folder: str | Path) -> list[Path]:
    """Write a rules page's pictures (file name -> SVG text) into `folder` (`docs/games`)."""
    written = []
    for name, picture in pictures.items():
        path = Path(folder) / name
        path.write_text(picture, encoding="utf-8")
        written.append(path)
    return written
