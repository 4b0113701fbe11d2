"""The rules pages of each game and their pictures, wherever ludoteca runs.

Each game has a one-minute "How to play" per language (`docs/games/<id>.howto.<lang>.md`) and
its full rules (`docs/games/<id>.md` in English, `<id>.<lang>.md` where a translation exists).
A page for players shows the first, then the second; a language without its own full rules
falls back to the English ones. A wheel carries the pages as `ludoteca/rules/` (see
`pyproject.toml`); a source checkout reads them from `docs/games/`. The terminal points to the
page; the web app shows it as HTML.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path

from ludoteca.i18n import DEFAULT, LANGUAGES
from ludoteca.i18n.catalog import use

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


def page_path(game_id: str, language: str = DEFAULT) -> Path | None:
    """The full rules of a game in `language`, else in English; None if there are none."""
    if language != DEFAULT:
        translated = _file(f"{game_id}.{language}.md")
        if translated is not None:
            return translated
    return _file(f"{game_id}.md")


def howto_path(game_id: str, language: str = DEFAULT) -> Path | None:
    """The one-minute "How to play" of a game in `language`, else in English."""
    return _file(f"{game_id}.howto.{language}.md") or _file(f"{game_id}.howto.{DEFAULT}.md")


def full_rules_language(game_id: str, language: str) -> str | None:
    """The language the full rules are shown in for a reader of `language` (None: no page)."""
    path = page_path(game_id, language)
    if path is None:
        return None
    return language if path.name == f"{game_id}.{language}.md" else DEFAULT


def picture_path(name: str) -> Path | None:
    """A picture a rules page shows (`ludo-board.svg`), if there is one."""
    return _file(name) if Path(name).suffix in PICTURE_TYPES else None


GENERATED_MARK = re.compile(r"^<!-- /?strength-table:\w+ -->\n", re.MULTILINE)
"""The lines around a table `benchmarks/strength_table.py` writes: for that tool, not readers."""


def _html(path: Path) -> str:
    from markdown_it import MarkdownIt  # only the web app renders pages

    markdown = MarkdownIt("commonmark", {"html": False}).enable("table")
    text = GENERATED_MARK.sub("", path.read_text(encoding="utf-8"))
    html: str = markdown.render(text)
    # A code block scrolls sideways on a phone: focusable, so the keyboard can scroll it too.
    return html.replace("<pre>", '<pre tabindex="0">')


def page_html(game_id: str, language: str = DEFAULT) -> str | None:
    """The full rules rendered to HTML (tables included), or None without a page."""
    path = page_path(game_id, language)
    return None if path is None else _html(path)


def howto_html(game_id: str, language: str = DEFAULT) -> str | None:
    """The "How to play" rendered to HTML, or None when the game has none."""
    path = howto_path(game_id, language)
    return None if path is None else _html(path)


def picture_name(name: str, language: str) -> str:
    """The file a page in `language` shows for the picture `name`: `siege-board.svg` in
    English, `siege-board.de.svg` in German (the pictures' words are in the page's language)."""
    if language == DEFAULT:
        return name
    stem, dot, suffix = name.rpartition(".")
    return f"{stem}.{language}.{suffix}" if dot else f"{name}.{language}"


def in_every_language(draw: Callable[[], Mapping[str, str]]) -> dict[str, str]:
    """The pictures `draw` makes (file name -> SVG), drawn once in each language and named
    by `picture_name`."""
    pictures: dict[str, str] = {}
    for language in LANGUAGES:
        with use(language):
            drawn = draw()
        pictures |= {picture_name(name, language): svg for name, svg in drawn.items()}
    return pictures


def write_pictures(pictures: Mapping[str, str], folder: str | Path) -> list[Path]:
    """Write a rules page's pictures (file name -> SVG text) into `folder` (`docs/games`)."""
    written = []
    for name, picture in pictures.items():
        path = Path(folder) / name
        path.write_text(picture, encoding="utf-8")
        written.append(path)
    return written
