"""What the notices say, in each of the site's languages: the push's title and line, and the
mails built from them (in the recipient's language, the one the page had when they asked).

The words about a table are made on the event loop, where the table may be read; the mails are
put together from them in the sending thread.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from ludoteca.i18n import LANGUAGES, _, format_date, game_title, ngettext, use
from ludoteca.web.notify.mail import Mail
from ludoteca.web.table.people import versus
from ludoteca.web.table.table import Table

TURN = "turn"
ALMOST_UP = "almost_up"


@dataclass(frozen=True)
class Words:
    """A notice's words in one language: its title, its line, and the table as a digest names it."""

    title: str
    body: str
    table: str


def words(table: Table, kind: str, deadline: datetime | None) -> dict[str, Words]:
    """The notice `kind` (TURN, ALMOST_UP) of `table` in every language."""
    found = {}
    for language in LANGUAGES:
        with use(language):
            name = game_title(table.game.title)
            players = versus(table.names())
            if kind == TURN:
                title = _("Your turn at {table}").format(table=name)
            else:
                title = _("Time is almost up at {table}").format(table=name)
            body = players
            if deadline is not None:
                when = format_date(deadline, "short")
                body = _("{players}: move before {time}").format(players=players, time=when)
            found[language] = Words(
                title, body, _("{table}: {players}").format(table=name, players=players)
            )
    return found


def notice_mail(to: str, language: str, said: Words, link: str, unsubscribe: str) -> Mail:
    with use(language):
        text = "\n\n".join(
            [
                said.body,
                _("Open your seat: {link}").format(link=link),
                _(
                    "You get this mail because you left your address at this seat. No more mails"
                    " about it: {link}"
                ).format(link=unsubscribe),
            ]
        )
        return Mail(to, said.title, text + "\n", unsubscribe)


@dataclass(frozen=True)
class Waiting:
    """A table waiting for a seat's move, for the digest: what to call it and its links."""

    said: Words
    link: str
    unsubscribe: str


def digest_mail(to: str, language: str, waiting: Sequence[Waiting]) -> Mail:
    """One mail listing every table that waits for the address's move."""
    with use(language):
        count = len(waiting)
        subject = ngettext(
            "{n} game waits for your move", "{n} games wait for your move", count
        ).format(n=count)
        entries = [
            "\n".join(
                [
                    w.said.table,
                    w.link,
                    _("No more mails about this table: {link}").format(link=w.unsubscribe),
                ]
            )
            for w in waiting
        ]
        text = "\n\n".join([_("These tables wait for your move:"), *entries])
        return Mail(to, subject, text + "\n", waiting[0].unsubscribe)
