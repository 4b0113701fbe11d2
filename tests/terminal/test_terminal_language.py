"""The terminal speaks Dutch and German: `--lang`, or the usual `LANG`/`LC_MESSAGES`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca.cli import app
from ludoteca.core.record import Record

runner = CliRunner()


MOVES = {"en": " moves from ", "de": " zieht von ", "nl": " gaat van "}
"""How the ludo sentences of a pawn's move begin in each language."""


def play(record: Path, *extra: str, env: dict[str, str] | None = None) -> str:
    args = ["play", "ludo", "--seats", "random,random", "--fast", "--seed", "3"]
    result = runner.invoke(app, [*args, "--record", str(record), *extra], env=env)
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


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


def decisions(record: Path) -> list[str]:
    """The notation of every player's move in a saved record, in order."""
    return [move.notation for move in Record.load(record).moves if move.player >= 0]


def bracketed(output: str) -> list[str]:
    """The notations the terminal shows in brackets after each move's sentence."""
    return re.findall(r"\[([^\]\s]+)\]", output)


@pytest.mark.parametrize(("lang", "moves"), list(MOVES.items()))
def test_play_tells_each_move_in_words_with_its_notation(
    tmp_path: Path, lang: str, moves: str
) -> None:
    record = tmp_path / "game.json"
    output = play(record, "--lang", lang)
    assert moves in output  # the game's own sentence: "Blau zieht von 10 auf 15"
    assert bracketed(output) == decisions(record)  # and what to type for it
    others = [words for code, words in MOVES.items() if code != lang]
    assert not any(words in output for words in others)


@pytest.mark.parametrize(("lang", "moves"), list(MOVES.items()))
def test_replay_in_each_language_and_the_notation_stays_the_same(
    tmp_path: Path, lang: str, moves: str
) -> None:
    record = tmp_path / "game.json"
    play(record)
    result = runner.invoke(app, ["replay", str(record), "--lang", lang])
    assert result.exit_code == 0, result.output
    output = " ".join(result.output.split())
    assert moves in output
    assert bracketed(output) == decisions(record)


@pytest.mark.parametrize(
    ("lang", "told"),
    [
        ("de", "'zz' ist kein Zug in der Notation dieses Spiels. Gib 1 (oder Enter) ein"),
        ("nl", "'zz' is geen zet in de notatie van dit spel. Typ 1 (of Enter)"),
        ("en", "'zz' is not a ludo move: write the circle a pawn leaves"),
    ],
)
def test_a_move_that_cannot_be_read_is_told_in_that_language(
    tmp_path: Path, lang: str, told: str
) -> None:
    args = ["play", "ludo", "--seats", "human,random", "--fast", "--seed", "6", "--lang", lang]
    result = runner.invoke(app, [*args, "--record", str(tmp_path / "g.json")], input="zz\n")
    assert result.exit_code == 0, result.output
    assert told in " ".join(result.output.split())


def test_an_unknown_language_is_a_usage_error() -> None:
    result = runner.invoke(app, ["games", "--lang", "xx"])
    assert result.exit_code == 2
    assert "en, nl, de" in result.output
