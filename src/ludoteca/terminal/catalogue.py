"""The `games` and `rules` listings: what can be played and with which options."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ludoteca import agents, rulebook
from ludoteca.core.options import Option
from ludoteca.core.registry import game_class, games, load
from ludoteca.i18n import _, game_title


def games_table() -> Table:
    """Every registered game with its id, title and player counts."""
    table = Table(title=_("Games"), title_justify="left")
    table.add_column(_("id"), style="bold cyan")
    table.add_column(_("title"))
    table.add_column(_("players"), justify="right")
    table.add_column(_("default"), justify="right")
    for info in games():
        table.add_row(info.id, game_title(info.title), info.players_text, str(info.default_players))
    return table


def rules_page(game_id: str) -> str:
    """Where the rules page is: its file, else where the sources keep it."""
    page = rulebook.page_path(game_id)
    return (
        str(page)
        if page is not None
        else _("docs/games/{game}.md (in the ludoteca sources)").format(game=game_id)
    )


def _show(value: object) -> str:
    if value is None:
        return "auto"  # what is typed: notation, not translated
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _values(option: Option) -> str:
    choices = option.describe()["choices"]
    if choices:
        return ", ".join(_show(c) for c in choices)
    names = {int: _("a whole number"), str: _("text")}
    return names.get(option.kind, option.kind.__name__)


def print_rules(game_id: str, console: Console) -> None:
    """Title, players, options (default, values, meaning), bots and the rules page of a game."""
    cls = game_class(game_id)
    console.print(
        Text.assemble(
            (game_title(cls.title), "bold"),
            " (",
            (cls.id, "cyan"),
            "): "
            + _("{low}-{high} players, {default} by default").format(
                low=cls.min_players, high=cls.max_players, default=cls.default_players
            ),
        )
    )
    table = Table(title=_("Options (--option name=value)"), title_justify="left")
    table.add_column(_("name"), style="bold cyan", no_wrap=True)
    table.add_column(_("default"), no_wrap=True)
    table.add_column(_("values"))
    table.add_column(_("meaning"))
    for option in cls.option_specs:
        table.add_row(
            Text(option.name),
            Text(_show(option.default)),
            Text(_values(option)),
            Text(_(option.doc)),
        )
    console.print(table)
    bots = Text(_("Bots for --seats: "))
    for index, (name, agent) in enumerate(sorted(agents.available(load(game_id)).items())):
        bots.append(", " if index else "")
        bots.append(name, "bold")
        bots.append(f" ({_(agent.description)})" if agent.description else "")
    console.print(bots)
    levels = Text(_("Strengths for --seats: "))
    for index, (level, spec) in enumerate(agents.strengths(load(game_id)).items()):
        levels.append(", " if index else "")
        levels.append(level, "bold")
        levels.append(f" ({spec})")
    console.print(levels)
    console.print(Text(_("Rules page: {page}").format(page=rules_page(game_id))), soft_wrap=True)
