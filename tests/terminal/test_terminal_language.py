"""The terminal speaks Dutch and German: `--lang`, or the usual `LANG`/`LC_MESSAGES`."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca.cli import app

runner = CliRunner()


def play(record: Path, *extra: str, env: dict[str, str] | None = None) -> str:
    args = ["play", "ludo", "--seats", "random,random", "--fast", "--seed", "3"]
    result = runner.invoke(app, [*args, "--record", str(record), *extra], env=env)
    assert result.exit_code == 0, result.output
    return result.output.replace("\n", " ")


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("de", ["würfelt", "gewinnt!", "Protokoll gespeichert in"]),
        ("nl", ["gooit", "wint!", "Verslag opgeslagen in"]),
    ],
)
def test_play_with_lang_speaks_that_language(tmp_path: Path, lang: str, words: list[str]) -> None:
    output = play(tmp_path / "game.json", "--lang", lang)
    for word in words:
        assert word in output
    assert "Record saved" not in output and " wins!" not in output


def test_the_language_comes_from_lc_messages_without_lang(tmp_path: Path) -> None:
    output = play(tmp_path / "game.json", env={"LC_MESSAGES": "nl_NL.UTF-8"})
    assert "Verslag opgeslagen in" in output


def test_lang_before_the_command_works_too(tmp_path: Path) -> None:
    result = runner.invoke(app, ["--lang", "de", "rules", "ludo"])
    assert result.exit_code == 0, result.output
    assert "Optionen (--option Name=Wert)" in result.output


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_replay_in_each_language_and_the_notation_stays_the_same(tmp_path: Path, lang: str) -> None:
    record = tmp_path / "game.json"
    english = play(record)
    result = runner.invoke(app, ["replay", str(record), "--lang", lang])
    assert result.exit_code == 0, result.output
    played = {"de": "spielt", "nl": "speelt"}[lang]
    assert f" {played} " in result.output and " plays " not in result.output
    assert "plays" in english


def test_an_unknown_language_is_a_usage_error() -> None:
    result = runner.invoke(app, ["games", "--lang", "xx"])
    assert result.exit_code == 2
    assert "en, nl, de" in result.output
