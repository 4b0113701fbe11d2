"""Names, friendly log lines and last-move marks at a table, over the HTTP API and pages."""

from __future__ import annotations

import json
import re
import types
from collections.abc import Sequence
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ludoteca.cli import app as cli
from ludoteca.core.api import CHANCE, State
from ludoteca.core.marks import MoveMark
from ludoteca.core.record import Record
from ludoteca.narration import Narrator
from ludoteca.web.live.views import turn_ends
from ludoteca.web.table import render
from ludoteca.web.table.narrate import since_previous_turn, turn_start

ONE_COLOUR = {"colours_per_seat": 1}


def test_names_entered_at_creation_are_shown_and_bots_named_by_strength(web: Any) -> None:
    table = web.create(seats=["human", "hard"], names=["  Anna ", None], options=ONE_COLOUR)
    view = web.view(table, 0)
    assert [s["name"] for s in view["seats"]] == ["Anna", "Yellow (hard bot)"]
    assert view["seats"][0]["colour"] == "Red"


def test_the_lobby_form_takes_a_name_per_person(web: Any) -> None:
    form = {"game": "ludo", "players": "2", "seat0": "human", "name0": "Bea", "seat1": "easy"}
    link = web.client.post("/tables", data=form, follow_redirects=False).headers["location"]
    page = web.client.get(link)
    assert '<span class="seat-name">Bea</span>' in page.text
    assert "Blue &amp; Green (easy bot)" in page.text


def test_the_lobby_lists_tables_by_their_players_names(web: Any) -> None:
    """Open and finished tables read "Anna vs Yellow (hard bot)", not agent specs."""
    web.create(seats=["human", "hard"], names=["Anna", None], options=ONE_COLOUR, listed=True)
    done = web.create(seats=["random", "greedy"], options=ONE_COLOUR, speed="fast", listed=True)
    web.wait_until_over(done)
    # The lobby reads the store, which has the end a moment after the table's memory has it.
    finished = 'id="finished-tables"'
    web.wait_for(lambda: "Red (easy bot) vs" in web.client.get("/").text.split(finished)[1])
    lobby = web.client.get("/").text
    open_part, finished_part = lobby.split('id="finished-tables"')
    assert 'Mens erger je niet: <span class="versus">Anna vs Yellow (hard bot)</span>' in open_part
    assert "Red (easy bot) vs Yellow (medium bot)" in finished_part
    assert ">greedy<" not in lobby and "human, hard" not in lobby
    listing = web.client.get("/api/tables").json()
    assert listing["open"][0]["names"] == ["Anna", "Yellow (hard bot)"]
    assert listing["finished"][0]["versus"] == "Red (easy bot) vs Yellow (medium bot)"
    dutch = web.client.get("/?lang=nl").text
    assert "Anna tegen Geel (moeilijke bot)" in dutch


def test_the_record_names_the_players_of_the_table(web: Any, tmp_path: Path) -> None:
    """record.json carries the names (in the reader's language), replays, and `ludoteca
    replay` calls the players by them."""
    done = web.create(seats=["random", "greedy"], options=ONE_COLOUR, speed="fast")
    web.wait_until_over(done)
    body = web.client.get(f"/table/{done.id}/record.json").json()
    assert body["names"] == ["Red (easy bot)", "Yellow (medium bot)"]
    assert body["seats"] == ["random", "greedy"]  # the agents, as before
    record = Record.from_json(body)
    assert record.names == body["names"] and record.replay().is_terminal()
    dutch = web.client.get(f"/table/{done.id}/record.json?lang=nl").json()
    assert dutch["names"] == ["Rood (makkelijke bot)", "Geel (gemiddelde bot)"]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(body), encoding="utf-8")
    replayed = CliRunner().invoke(cli, ["replay", str(path)])
    assert replayed.exit_code == 0, replayed.output
    assert "Red (easy bot) moves " in replayed.output and "seat 0" not in replayed.output


def page_text(html: str) -> str:
    """What a reader sees of a page: its text without scripts, styles and tags."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", " ", html))


@pytest.mark.slow
@pytest.mark.parametrize("game", ["ludo", "bremen", "museum", "siege", "villa"])
def test_no_page_of_a_finished_game_says_seat_n(web: Any, game: str) -> None:
    """Issue 13: "No 'seat N' anywhere a player reads": table, replay, captions, lobby."""
    options = ONE_COLOUR if game == "ludo" else {}
    done = web.create(game=game, players=2, seats=["random", "greedy"], options=options)
    web.wait_until_over(done)
    seat_n = re.compile(r"\b(seat|stoel|zetel|Sitz|Sitzplatz) ?\d", re.IGNORECASE)
    for language in ("en", "nl", "de"):
        for path in (f"/table/{done.id}", f"/table/{done.id}/replay", "/"):
            text = page_text(web.client.get(f"{path}?lang={language}").text)
            assert not seat_n.search(text), (path, language, seat_n.findall(text))
        last = len(web.app.state.manager.tables[done.id].moves)
        for step in (1, last // 2, last):
            caption = web.client.get(f"/table/{done.id}/replay/{step}.json?lang={language}")
            assert not seat_n.search(caption.json()["caption"])


def test_a_link_that_opens_no_seat_is_explained_by_name_on_the_page(web: Any) -> None:
    """A late friend whose seat went to a bot, or a cut link: names, not "seat 1" or tokens."""
    table = web.create(seats=["human", "greedy"], names=["Anna", None], options=ONE_COLOUR)
    page = web.client.get(f"/table/{table.id}?seat=1&token=old")
    assert page.status_code == 403
    assert "Yellow is played by a bot now" in page.text and "seat 1" not in page.text
    cut = web.client.get(f"/table/{table.id}?seat=0&token={table.tokens[0][:5]}&lang=de")
    assert cut.status_code == 403 and "passt nicht zum Platz von Anna" in cut.text
    for link in ("?seat=7&token=x", f"?token={table.tokens[0]}"):
        answer = web.client.get(f"/table/{table.id}{link}&lang=nl")
        assert answer.status_code == 403 and "Deze link is onvolledig" in answer.text
    api = web.client.get(f"/api/tables/{table.id}", params={"seat": 1, "token": "old"})
    assert "seat 1 is played by the bot greedy" in api.json()["detail"]  # scripts: as before


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (["x" * 25, None], "at most 24 characters"),
        (["Anna"], "2 players need 2 names"),
        (["An\u0007na", None], "letters, digits"),
    ],
)
def test_bad_names_get_a_400_with_a_message(web: Any, names: Any, message: str) -> None:
    body = {"game": "ludo", "players": 2, "names": names}
    response = web.client.post("/api/tables", json=body)
    assert response.status_code == 400 and message in response.json()["detail"]


def test_a_person_names_their_seat_from_the_invite_link(web: Any) -> None:
    table = web.create()
    body = {"seat": 1, "token": table.tokens[1], "name": "Cas & 'Co'"}
    response = web.client.post(f"/api/tables/{table.id}/name", json=body)
    assert response.status_code == 200
    assert response.json()["seats"][1]["name"] == "Cas & 'Co'"
    page = web.client.get(f"/table/{table.id}")
    assert "Cas &amp; &#39;Co&#39;" in page.text and "Cas & 'Co'" not in page.text
    markup = web.client.post(f"/api/tables/{table.id}/name", json={**body, "name": "<b>Cas</b>"})
    assert markup.status_code == 400 and markup.json()["code"] == "bad_name"  # `<` is no letter
    cleared = web.client.post(f"/api/tables/{table.id}/name", json={**body, "name": " "})
    assert cleared.json()["seats"][1]["name"] == "Blue & Green"


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({"seat": 1, "token": "wrong", "name": "Cas"}, 403, "wrong token"),
        ({"seat": 1, "token": "", "name": "x" * 30}, 403, "wrong token"),
        ({"seat": 5, "token": "t", "name": "Cas"}, 403, "no seat 5"),
        ({"seat": 1, "name": "Cas"}, 422, "token"),
    ],
)
def test_naming_a_seat_needs_its_token(web: Any, body: Any, status: int, message: str) -> None:
    table = web.create()
    response = web.client.post(f"/api/tables/{table.id}/name", json=body)
    assert response.status_code == status
    assert message in json_text(response)


def test_a_too_long_name_for_a_held_seat_gets_a_400(web: Any) -> None:
    table = web.create()
    body = {"seat": 0, "token": table.tokens[0], "name": "x" * 30}
    response = web.client.post(f"/api/tables/{table.id}/name", json=body)
    assert response.status_code == 400 and "at most 24" in response.json()["detail"]


def test_a_bot_seat_has_no_name_to_enter(web: Any) -> None:
    table = web.create(seats=["human", "greedy"])
    body = {"seat": 1, "token": "x", "name": "Cas"}
    response = web.client.post(f"/api/tables/{table.id}/name", json=body)
    assert response.status_code == 403 and "bot" in response.json()["detail"]


def json_text(response: Any) -> str:
    return str(response.json())


# -- what just happened: which moves a viewer is shown --------------------------------------
#   index:   0   1   2   3   4   5   6
#   player: C   0   C   1   C   C   0      (C: chance)


PLAYERS = [CHANCE, 0, CHANCE, 1, CHANCE, CHANCE, 0]


def test_a_seat_sees_every_move_since_its_own_last_decision() -> None:
    assert since_previous_turn(PLAYERS, 1, 0) == 4  # 1 decided at 3
    assert since_previous_turn(PLAYERS, 0, 1) == 7  # its own move was the last
    assert since_previous_turn(PLAYERS, 2, 0) == 0  # never decided: all from the start


def test_a_spectator_sees_what_the_seat_to_move_has_not_seen() -> None:
    assert since_previous_turn(PLAYERS, None, 1) == 4
    assert since_previous_turn(PLAYERS, None, None) == 4  # over: the last turn, rolls included


def test_a_turn_is_a_decision_with_the_chance_just_before_it() -> None:
    assert turn_start(PLAYERS, 4) == 2  # the roll at 2, the move at 3
    assert turn_start(PLAYERS, 2) == 0
    assert turn_start(PLAYERS, 0) == 0
    assert turn_ends(PLAYERS) == [2, 2, 4, 4, 7, 7, 7]
    assert turn_ends([0, CHANCE]) == [1, 2]  # chance after the last decision: its own turn


# -- the marks reach a renderer that takes them, and only such a renderer -------------------


def test_marks_are_passed_only_to_a_renderer_that_takes_last_moves() -> None:
    mark = MoveMark(0, (("from", "f1"), ("to", "f5")))
    seen: list[Any] = []

    def new_style(state: State, *, seat: Any, interactive: bool, last_moves: Any = ()) -> str:
        seen.append(last_moves)
        return "<svg/>"

    def old_style(state: State, *, seat: Any, interactive: bool) -> str:
        return "<svg/>"

    state: Any = object()
    render.draw(new_style, state, seat=None, interactive=False, last_moves=[mark])
    render.draw(old_style, state, seat=None, interactive=False, last_moves=[mark])
    assert seen == [(mark,)]


def fake_mark(before: State, action: int) -> MoveMark:
    player = before.current_player()
    return MoveMark(player, (("chance" if player < 0 else "to", before.action_to_string(action)),))


def fake_text(before: State, action: int, names: Sequence[str]) -> str:
    player = before.current_player()
    who = names[player] if player >= 0 else "Luck"
    return f"{who} does {before.action_to_string(action)}"


@pytest.fixture
def marked(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every game tells its moves with `fake_text` and marks them with `fake_mark`; the
    renderer records the marks it is given. Returns that record."""
    given: list[Any] = []
    real = render._renderer

    def renderer(game_id: str) -> Any:
        draw = real(game_id)

        def with_marks(state: State, *, seat: Any, interactive: bool, last_moves: Any = ()) -> str:
            given.append(last_moves)
            assert draw is not None
            svg = draw(state, seat=seat, interactive=interactive)
            spots = " ".join(f"{r}:{t}" for m in last_moves for r, t in m.spots)
            return svg.replace("<svg", f'<svg data-last-move="{spots}"', 1)

        return with_marks

    monkeypatch.setattr(render, "_renderer", renderer)
    narrator = Narrator(fake_text, fake_mark)
    monkeypatch.setattr(Narrator, "of", classmethod(lambda cls, game: narrator))
    return given


def test_the_board_marks_every_move_since_the_viewers_last_turn(web: Any, marked: Any) -> None:
    table = web.create(names=["Anna", "Ben"])
    web.play_first_moves(table, 3)
    view = web.view(table)
    waiter = 1 - view["to_move"]
    mine = web.view(table, waiter)
    log = mine["log"]
    mover_last = max(i for i, (player, _n) in enumerate(log) if player == waiter)
    expected = [
        {"seat": p, "spots": [["chance" if p < 0 else "to", n]]} for p, n in log[mover_last + 1 :]
    ]
    assert mine["last_moves"] == expected
    assert 'data-last-move="' in mine["svg"]
    assert marked and all(isinstance(m, MoveMark) for marks in marked for m in marks)


def test_the_log_tells_moves_with_the_games_words_and_the_names(web: Any, marked: Any) -> None:
    table = web.create(names=["Anna", None])
    web.play_first_moves(table, 2)
    view = web.view(table)
    names = [s["name"] for s in view["seats"]]
    assert names == ["Anna", "Blue & Green"]
    for entry, (player, notation) in zip(view["story"], view["log"], strict=True):
        who = names[player] if player >= 0 else "Luck"
        assert entry == {"seat": player, "text": f"{who} does {notation}", "notation": notation}
    # A new name is used at once, in the log of earlier moves as well.
    body = {"seat": 0, "token": table.tokens[0], "name": "Ada"}
    web.client.post(f"/api/tables/{table.id}/name", json=body)
    texts = [e["text"] for e in web.view(table)["story"] if e["seat"] == 0]
    assert texts and all(t.startswith("Ada does ") for t in texts)


def test_without_game_texts_a_move_reads_name_and_notation(
    web: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    untold = Narrator(None, None)
    monkeypatch.setattr(Narrator, "of", classmethod(lambda cls, game: untold))
    table = web.create(names=["Anna", None])
    web.play_first_moves(table, 1)
    story = web.view(table)["story"]
    first = next(e for e in story if e["seat"] == 0 or e["seat"] == 1)
    who = ["Anna", "Blue & Green"][first["seat"]]
    assert first["text"] == f"{who}: {first['notation']}"
    assert next(e for e in story if e["seat"] < 0)["text"].startswith("Chance: ")


def test_marks_and_texts_survive_a_restart(database: str, make_kit: Any, marked: Any) -> None:
    from fastapi.testclient import TestClient

    from ludoteca.web.server import create_app

    app = create_app(database, bot_delay=0.0)
    with TestClient(app) as client:
        kit = make_kit(app, client)
        table = kit.create(names=["Anna", "Ben"])
        kit.play_first_moves(table, 2)
        before = kit.view(table, 0)
    app = create_app(database, bot_delay=0.0)
    with TestClient(app) as client:
        after = make_kit(app, client).view(table, 0)
    for key in ("story", "last_moves", "seats"):
        assert after[key] == before[key]


def test_describe_module_is_used_when_a_game_has_one(monkeypatch: pytest.MonkeyPatch) -> None:
    import ludoteca
    from ludoteca import narration

    describe = types.SimpleNamespace(describe_action=lambda b, a, names: f"{names[0]} acts")
    monkeypatch.setattr(narration, "game_module", lambda gid, name: describe)
    game = ludoteca.load("ludo", players=2)
    narrator = Narrator.of(game)
    state = game.new_initial_state(seed=1)
    assert narrator.text(state, state.legal_actions()[0], ["Anna", "Ben"]) == "Anna acts"
    assert narrator.mark(state, state.legal_actions()[0]) is None  # the namespace has no marks


def test_the_position_is_told_for_screen_readers_where_the_game_tells_it(
    web: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    untold = Narrator(None, None)
    monkeypatch.setattr(Narrator, "of", classmethod(lambda cls, game: untold))
    assert web.view(web.create())["position_text"] is None
    told = Narrator(None, None, lambda state, names: f"{names[0]} after {len(state.history())}")
    monkeypatch.setattr(Narrator, "of", classmethod(lambda cls, game: told))
    table = web.create(names=["Anna", None])
    view = web.view(table)
    assert view["position_text"] == f"Anna after {view['version']}"
    page = web.client.get(f"/table/{table.id}").text
    assert f'id="board-description" class="visually-hidden">Anna after {view["version"]}<' in page


def test_each_replay_position_names_and_marks_the_turn_that_led_to_it(
    web: Any, marked: Any
) -> None:
    table = web.create(seats=["easy", "easy"], speed="fast", options=ONE_COLOUR)
    web.wait_until_over(table)
    view = web.view(table)
    players = [player for player, _notation in view["log"]]
    decision = next(i for i, player in enumerate(players) if player >= 0 and i > 0)
    step = web.client.get(f"/table/{table.id}/replay/{decision + 1}.json").json()
    turn = view["story"][turn_start(players, decision + 1) : decision + 1]
    assert step["caption"] == " · ".join(entry["text"] for entry in turn)
    assert "(easy bot) does" in step["caption"]
    spots = " ".join(f"{'chance' if e['seat'] < 0 else 'to'}:{e['notation']}" for e in turn)
    assert f'data-last-move="{spots}"' in step["svg"]
    page = web.client.get(f"/table/{table.id}/replay").text
    assert f'data-step="{decision + 1}" data-turn="{decision + 1}"' in page


def test_marks_and_texts_follow_moves_taken_back(web: Any, marked: Any) -> None:
    """Moves removed from a table (a takeback rebuilds the state from the seed) leave no
    stale marks or sentences behind: both are told again from the moves there are."""
    table = web.create(names=["Anna", "Ben"])
    web.play_first_moves(table, 3)
    live = web.app.state.manager.tables[table.id]
    before = web.view(table)
    keep = next(i for i, m in enumerate(live.moves) if m.player >= 0) + 1
    del live.moves[keep:]
    live.state = live.game.new_initial_state(seed=live.data.seed)
    for move in live.moves:
        live.state.apply_action(move.action)
    live.resolve_chance()
    seat = live.to_move()
    assert seat is not None
    live.apply(seat, live.state.legal_actions()[0])  # in memory only: the store is not asked
    after = web.view(table)
    moves = after["log"]
    assert [e["notation"] for e in after["story"]] == [n for _p, n in moves]
    assert len(live.marks()) == len(moves)
    assert [m.spots[0][1] for m in live.marks()] == [n for _p, n in moves]
    assert after["story"][:keep] == before["story"][:keep]
