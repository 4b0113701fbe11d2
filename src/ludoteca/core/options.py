"""Game options: declared once per game, validated and documented from the same declaration."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ludoteca.core.errors import InvalidOptionError

OptionValue = bool | int | str

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True)
class Option:
    """One named option of a game: its default, the values it accepts, and what it means."""

    name: str
    default: OptionValue | None
    doc: str
    choices: Sequence[OptionValue] = ()
    kind: type = bool
    legacy: OptionValue | None = None
    """The value games stored before this option existed were played under: a record, table or
    position that lacks the option replays with it (None: such games take the default)."""
    title: str = ""
    """What the lobby calls the option, in a few words (marked `N_`, shown translated)."""
    explain: str = ""
    """One line for the lobby: what turning it on (or each choice) does (marked `N_`)."""
    labels: tuple[tuple[OptionValue, str], ...] = ()
    """Words for choices that are not plain numbers or notation: (value, label marked
    `NP_("option value", ...)`), shown through `pgettext("option value", label)`."""

    def coerce(self, value: Any) -> OptionValue:
        """Turn a value (possibly text from a command line or a form) into the option's type."""
        given = value
        if isinstance(value, str) and self.kind is not str:
            value = self._parse(value)
        wrong_type = (
            (self.kind is bool and not isinstance(value, bool))
            or (self.kind is int and (isinstance(value, bool) or not isinstance(value, int)))
            or (self.kind is str and not isinstance(value, str))
        )
        if wrong_type or (self.choices and value not in self.choices):
            raise InvalidOptionError(
                f"option {self.name!r} takes {self._accepted()}, not {given!r}"
            )
        return value  # type: ignore[no-any-return]

    def _parse(self, text: str) -> Any:
        """Read text as a bool or an int; text that is neither is returned for the error."""
        word = text.strip().lower()
        if self.kind is bool and word in _TRUE | _FALSE:
            return word in _TRUE
        if self.kind is int and word.lstrip("-").isdigit():
            return int(word)
        return text

    def _accepted(self) -> str:
        if self.choices:
            return "one of " + ", ".join(_show(c) for c in self.choices)
        return {bool: "true or false", int: "a whole number", str: "text"}[self.kind]

    def describe(self) -> dict[str, Any]:
        """A JSON-ready description (used by the lobby's form and the docs)."""
        return {
            "name": self.name,
            "default": self.default,
            "doc": self.doc,
            "choices": list(self.choices) or ([True, False] if self.kind is bool else []),
            "kind": self.kind.__name__,
            "title": self.title or self.name,
            "explain": self.explain or self.doc,
            "labels": {_show(value): label for value, label in self.labels},
        }


def _show(value: OptionValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def validate_options(
    specs: Sequence[Option], given: Mapping[str, Any]
) -> dict[str, OptionValue | None]:
    """Check names and values; unknown names raise an error that lists the valid ones."""
    by_name = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        valid = ", ".join(by_name) or "none"
        raise InvalidOptionError(
            f"unknown option{'s' if len(unknown) > 1 else ''} {', '.join(unknown)}; "
            f"valid options: {valid}"
        )
    resolved: dict[str, OptionValue | None] = {}
    for spec in specs:
        if spec.name in given and given[spec.name] is not None:
            resolved[spec.name] = spec.coerce(given[spec.name])
        else:
            resolved[spec.name] = spec.default
    return resolved


def stored_options(specs: Sequence[Option], stored: Mapping[str, Any]) -> dict[str, Any]:
    """The options of a stored game (a record, a table, a position's JSON), completed so that it
    replays under the rules it was played by: an option it lacks takes its `legacy` value."""
    options = dict(stored)
    for spec in specs:
        if spec.name not in options and spec.legacy is not None:
            options[spec.name] = spec.legacy
    return options


def every_combination(specs: Sequence[Option], players: Iterable[int]) -> list[dict[str, Any]]:
    """Every combination of every option's values (its choices, or on and off), on each
    player count: what a compiled kernel's equality check runs through."""
    names = [option.name for option in specs]
    values = [
        option.choices if option.choices else (option.default, not option.default)
        for option in specs
    ]
    counts = list(players)
    return [
        {"players": count, **dict(zip(names, combo, strict=True))}
        for combo in itertools.product(*values)
        for count in counts
    ]


def parse_assignments(items: Iterable[str]) -> dict[str, str]:
    """`["board=6", "play_out=true"]` (the command line's `--option`) -> option texts.

    Only the form is checked here; the game coerces and checks the values.
    """
    options: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise InvalidOptionError(f"--option {item!r} is not key=value (e.g. play_out=true)")
        options[key.strip()] = value.strip()
    return options
