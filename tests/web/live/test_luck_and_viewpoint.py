"""After the game the luck card says "verified" with a page to check it (issue 35.9), and a
replay is drawn from the seat of whoever opens it (issue 35.8)."""

from __future__ import annotations

import hashlib
import re
from typing import Any

from ludoteca.web.live.views import replay_view

LUDO_TWO = {"game": "ludo", "players": 2, "options": {"colours_per_seat": 1}, "speed": "fast"}


def finished(web: Any, **body: Any) -> Any:
    table = web.create(**{**LUDO_TWO, "seats": ["greedy", "greedy"], "seed": None, **body})
    web.wait_until_over(table)
    return table


def test_the_luck_card_says_verified_after_the_game_and_links_to_the_check(web: Any) -> None:
    table = web.create(game="ludo", players=2, seats=["human", "greedy"], seed=None)
    playing = web.client.get(f"/table/{table.id}").text
    assert "published before the first roll" in playing and "fixed now" not in playing
    assert "verified" not in web.view(table)["chance"]
    done = finished(web)
    view = web.view(done)
    assert view["chance"]["verified"] is True
    assert view["chance"]["outcomes"] == sum(1 for player, _n in view["log"] if player < 0)
    page = web.client.get(f"/table/{done.id}").text
    assert 'data-testid="luck-verdict">Verified:' in page
    assert f'href="/table/{done.id}/luck"' in page


def test_the_luck_page_shows_the_secret_its_fingerprint_and_every_roll_checked(web: Any) -> None:
    done = finished(web)
    record = web.client.get(f"/table/{done.id}/record.json").json()
    secret, commitment = record["chance"]["secret"], record["chance"]["commitment"]
    page = web.client.get(f"/table/{done.id}/luck")
    assert page.status_code == 200
    found = dict(re.findall(r'data-testid="(commitment|secret|digest)">([0-9a-f]+)<', page.text))
    assert found == {
        "commitment": commitment,
        "secret": secret,
        "digest": hashlib.sha256(bytes.fromhex(secret)).hexdigest(),
    }
    assert found["digest"] == commitment and "the same as the fingerprint" in page.text
    rolls = sum(1 for move in record["moves"] if move["player"] < 0)
    assert f"All {rolls} rolls, cards and draws" in page.text
    assert f"ludoteca replay ludoteca-ludo-{done.id}.json" in page.text
    playing = web.create(game="ludo", players=2, seats=["human", "greedy"], seed=None)
    assert web.client.get(f"/table/{playing.id}/luck").status_code == 409  # not before the end


def test_rolls_that_do_not_follow_from_the_secret_are_not_verified(web: Any) -> None:
    """The check is real: the same stored rolls against another secret fail it."""
    done = finished(web)
    table = web.app.state.manager.tables[done.id]
    table.data.secret = "00" * 16
    table._positions = None  # the positions kept were checked against the first secret
    assert web.view(done)["chance"]["verified"] is False
    assert "Not verified" in web.client.get(f"/table/{done.id}").text


def test_a_replay_is_drawn_from_the_seat_asked_for(web: Any) -> None:
    """Ludo turns its board to the viewer: Red (seat 0) plays from the bottom at the table,
    and in the replay of that seat; a spectator's replay is not turned."""
    done = finished(web)
    table = web.app.state.manager.tables[done.id]
    spectator = web.client.get(f"/table/{done.id}/replay/0.json").json()["svg"]
    from_red = web.client.get(f"/table/{done.id}/replay/0.json?seat=1").json()["svg"]
    assert from_red == replay_view(table, 0, 1)["svg"] and from_red != spectator
    page = web.client.get(f"/table/{done.id}/replay?seat=1").text
    assert 'data-seat="1"' in page and "Seen by Yellow (medium bot)" in page
    assert "Seen by a spectator" in web.client.get(f"/table/{done.id}/replay").text
    assert 'data-seat=""' in web.client.get(f"/table/{done.id}/replay").text
    wrong = web.client.get(f"/table/{done.id}/replay/0.json?seat=5")
    assert wrong.status_code == 403 and wrong.json()["code"] == "no_such_seat"
