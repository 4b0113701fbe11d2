"""E-mail notices for sites that configure SMTP (issue 33, item 3): "your turn", "time almost
up" and the daily digest, in the language the seat asked in, each with a link that stops them;
caught by a local SMTP server (aiosmtpd) the test starts.

Issue 33: "Optional e-mail for sites that configure SMTP ...: "your turn", "time almost up", a
daily digest; off unless configured; test it against a local SMTP server (`aiosmtpd`)."
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from fastapi.testclient import TestClient
from notify_support import MailCatcher, mail_server
from web_support import Seated, WebKit

from ludoteca.web.notify.settings import NotifySettings
from ludoteca.web.server import create_app

SENDER = "ludoteca@club.test"


@pytest.fixture
def mails() -> Iterator[MailCatcher]:
    with mail_server() as catcher:
        yield catcher


@pytest.fixture
def mailing(database: str, mails: MailCatcher) -> Iterator[WebKit]:
    """A site that sends mail through the test's SMTP server."""
    settings = NotifySettings(smtp_url=mails.url, mail_from=SENDER)
    app = create_app(database, bot_delay=0.0, notify=settings)
    with TestClient(app) as client:
        yield WebKit(app, client)


def leave_address(web: WebKit, table: Seated, seat: int, address: str, language: str) -> None:
    body = {"seat": seat, "token": table.tokens[seat], "address": address, "language": language}
    answer = web.client.post(f"/api/tables/{table.id}/mail", json=body)
    assert answer.status_code == 200, answer.text


def drain(web: WebKit) -> None:
    web.client.portal.call(web.app.state.notifier.drain)  # type: ignore[union-attr]


def waiting_seat(web: WebKit, table: Seated) -> int:
    return 1 - int(web.view(table)["to_move"])


def test_your_turn_comes_by_mail_in_the_seats_language_with_a_link_that_stops_it(
    mailing: WebKit, mails: MailCatcher
) -> None:
    web = mailing
    table = web.create()
    seat = waiting_seat(web, table)
    leave_address(web, table, seat, "oma@family.test", "de")
    while web.view(table)["to_move"] != seat:
        web.play_first_moves(table, 1)
    drain(web)
    assert len(mails.mails) == 1
    mail = mails.mails[0]
    assert mail["To"] == "oma@family.test" and mail["From"] == SENDER
    assert mail["Subject"] == "Du bist am Zug bei Mensch ärgere dich nicht"
    text = mail.get_content()
    assert f"Öffne deinen Platz: http://testserver/table/{table.id}?seat={seat}&token=" in text
    assert table.tokens[seat] in text
    unsubscribe = str(mail["List-Unsubscribe"]).strip(" <>")
    assert unsubscribe in text and "/notify/unsubscribe/" in unsubscribe
    path = unsubscribe.split("testserver", 1)[1]
    assert web.client.get(path).status_code == 200  # asks first: a link scanner stops nothing
    assert web.app.state.notifier.store.mail(table.id, seat) is not None
    assert "Keine Mails mehr" in web.client.post(path, params={"lang": "de"}).text
    assert web.app.state.notifier.store.mail(table.id, seat) is None


def test_time_almost_up_and_the_daily_digest_come_by_mail(
    mailing: WebKit, mails: MailCatcher
) -> None:
    web = mailing
    first, second = web.create(), web.create(seed=8)
    for table in (first, second):
        seat = int(web.view(table)["to_move"])
        leave_address(web, table, seat, "ben@family.test", "nl")
    notifier = web.app.state.notifier
    deadline = datetime.now(UTC) + timedelta(hours=1)
    web.client.portal.call(notifier.time_almost_up, first.id, web.view(first)["to_move"], deadline)  # type: ignore[union-attr]
    drain(web)
    assert [m["Subject"] for m in mails.mails] == ["Je tijd is bijna om bij Mens erger je niet"]
    sent = web.client.portal.call(notifier.daily_digest)  # type: ignore[union-attr]
    assert sent == 1  # one mail for the address, listing both tables
    digest = mails.mails[-1]
    assert digest["Subject"] == "2 spellen wachten op jouw zet"
    text = digest.get_content()
    assert f"/table/{first.id}?" in text and f"/table/{second.id}?" in text
    assert text.count("/notify/unsubscribe/") == 2


def test_mail_is_off_unless_the_site_configures_it(web: WebKit) -> None:
    table = web.create()
    body = {"seat": 0, "token": table.tokens[0], "address": "a@b.test"}
    answer = web.client.post(f"/api/tables/{table.id}/mail", json=body)
    assert answer.status_code == 409 and answer.json()["code"] == "mail_off"
    offered = web.client.get(
        f"/api/tables/{table.id}/notify", params={"seat": 0, "token": table.tokens[0]}
    ).json()
    assert offered["mail"] is False and offered["push"]


def test_an_address_that_is_not_one_is_refused(mailing: WebKit) -> None:
    table = mailing.create()
    body = {"seat": 0, "token": table.tokens[0], "address": "not an address"}
    answer = mailing.client.post(f"/api/tables/{table.id}/mail", json=body)
    assert answer.status_code == 422 and answer.json()["code"] == "bad_address"
