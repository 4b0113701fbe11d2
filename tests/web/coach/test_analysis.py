"""The analysis of a finished table (issue 18): started over HTTP, run in the background with
its progress readable, stored with the table, shown to the replay page in the reader's words.

Issue 18: "an "Analyse" button on every finished table: the analysis runs in the background
with visible progress, is stored with the table, and the replay shows the graph under the board,
the marks in the move list, and the better move on the board when a marked move is selected".
"""

from __future__ import annotations

import re
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from typer.testing import CliRunner

import ludoteca
from ludoteca.cli import app as cli
from ludoteca.core.errors import StateFormatError
from ludoteca.store.arena import GameRow
from ludoteca.web.coach import jobs as analysis_jobs
from ludoteca.web.coach.view import INKS, seat_ink
from ludoteca.web.server import create_app


def finished_siege(web: Any) -> Any:
    """A siege game between two random bots, played to its end (siege has a value function)."""
    table = web.create(game="siege", players=2, seats=["random", "random"], seed=3)
    web.wait_until_over(table)
    return table


def analysed(web: Any, table: Any) -> dict[str, Any]:
    """Start the analysis and wait for its result."""
    started = web.client.post(f"/api/tables/{table.id}/analysis")
    assert started.status_code == 202, started.text
    url = f"/api/tables/{table.id}/analysis"
    web.wait_for(lambda: web.client.get(url).json()["status"] != "running")
    body: dict[str, Any] = web.client.get(url).json()
    return body


def test_an_unfinished_table_cannot_be_analysed(web: Any) -> None:
    table = web.create()
    for answer in (
        web.client.post(f"/api/tables/{table.id}/analysis"),
        web.client.get(f"/api/tables/{table.id}/analysis"),
        web.client.get(f"/table/{table.id}/analysis.json"),
    ):
        assert answer.status_code == 409
        assert answer.json()["code"] == "game_not_over"


def test_an_unknown_table_has_no_analysis(web: Any) -> None:
    answer = web.client.post("/api/tables/nosuchtable/analysis")
    assert answer.status_code == 404 and answer.json()["code"] == "unknown_table"


def test_a_two_player_ludo_game_is_analysed(web: Any) -> None:
    """Issue 30: "a two-player ludo game's Analyse answers that ludo with 2 players has no
    fitted value function"."""
    table = web.create(seats=["greedy", "greedy"], speed="fast")
    web.wait_until_over(table)
    assert web.view(table)["links"]["analysis"] == f"/table/{table.id}/replay?analyse=1"
    body = analysed(web, table)
    assert body["status"] == "done", body
    assert len(body["review"]["entries"]) == len(web.view(table)["log"])


def test_a_variant_without_a_value_function_is_refused_with_its_reason(web: Any) -> None:
    """Value functions are fitted for the default options: one colour each at two is a variant."""
    table = web.create(seats=["random", "random"], options={"colours_per_seat": 1})
    web.wait_until_over(table)
    assert "analysis" not in web.view(table)["links"]  # the table page offers no "Analyse"
    answer = web.client.post(f"/api/tables/{table.id}/analysis")
    assert answer.status_code == 409
    assert answer.json()["code"] == "cannot_analyse"
    assert "fitted with the options" in answer.json()["detail"]


def test_the_analysis_reviews_every_action_and_is_stored_with_the_table(web: Any) -> None:
    table = finished_siege(web)
    assert web.view(table)["links"]["analysis"] == f"/table/{table.id}/replay?analyse=1"
    assert web.client.get(f"/api/tables/{table.id}/analysis").json()["status"] == "none"
    body = analysed(web, table)
    moves = len(web.view(table)["log"])
    assert body["status"] == "done" and body["percent"] == 100
    assert body["done"] == body["total"] == moves
    review = body["review"]
    assert [e["index"] for e in review["entries"]] == list(range(moves))
    assert len(review["seats"]) == 2
    assert all(e["loss"] >= 0 for e in review["entries"] if e["kind"] == "decision")
    stored = web.app.state.analyses.store.get(table.id)
    assert stored == review
    again = web.client.post(f"/api/tables/{table.id}/analysis")  # a second press: the result
    assert again.status_code == 202 and again.json()["status"] == "done"


def test_the_replay_page_data_has_the_graph_marks_and_summary_in_words(web: Any) -> None:
    table = finished_siege(web)
    review = analysed(web, table)["review"]
    body = web.client.get(f"/table/{table.id}/analysis.json", headers={"Accept-Language": "de"})
    assert body.status_code == 200
    view = body.json()["analysis"]
    names = [s["name"] for s in view["seats"]]
    assert names == ["Angreifer (leichter Bot)", "Verteidiger (leichter Bot)"]
    assert len(view["points"]) == len(review["entries"]) + 1
    for point in view["points"]:
        assert sum(point) == pytest.approx(1.0)
    marked = [e for e in review["entries"] if e["mark"] is not None]
    assert marked, "a game between random bots has marked moves"
    assert [m["index"] for m in view["marks"]] == [e["index"] for e in marked]
    symbols = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
    labels = {"inaccuracy": "Ungenauigkeit", "mistake": "Fehler", "blunder": "grober Fehler"}
    for mark in view["marks"]:
        assert mark["symbol"] == symbols[mark["mark"]]
        assert mark["label"] == labels[mark["mark"]]
        assert mark["played"] and mark["better"] and mark["played"] != mark["better"]
    counts = {m["mark"]: m["count"] for m in view["summary"][0]["marks"]}
    assert counts == review["seats"][0]["marks"]


@pytest.mark.parametrize("language", ["en", "nl", "de"])
def test_the_summary_says_each_figure_in_words_a_family_reads(web: Any, language: str) -> None:
    """Issue 35.6: no "luck-adjusted result 142 %", "-50 %" or "−0"; one minus sign; each
    figure in words with a one-line explanation; start + luck + play = end."""
    table = finished_siege(web)
    review = analysed(web, table)["review"]
    body = web.client.get(f"/table/{table.id}/analysis.json?lang={language}").json()["analysis"]
    legend = {figure["key"]: figure for figure in body["legend"]}
    assert list(legend) == ["best", "accuracy", "mistakes", "luck", "play", "chance"]
    assert all(f["label"] and f["explain"].endswith(".") for f in legend.values())
    for card, seat in zip(body["summary"], review["seats"], strict=True):
        figures = {f["key"]: f["value"] for f in card["figures"]}
        assert figures.keys() == legend.keys()
        text = " ".join(figures.values())
        assert "%" not in text and "-" not in text, text  # minus is U+2212 only
        assert "−0" not in text and "+0" not in text, text
        start, end = (int(n) for n in re.findall(r"\d+", figures["chance"]))
        luck = int(re.search(r"\(([+−]?\d+)\)", figures["luck"]).group(1).replace("−", "-"))
        play = int(figures["play"].replace("−", "-"))
        assert start + luck + play == end
        assert end == round(100 * seat["final"])
    english = web.client.get(f"/table/{table.id}/analysis.json?lang=en").json()["analysis"]
    assert english["legend"][3]["explain"].startswith("What the dice and cards did")
    if language != "en":
        assert body["legend"][0]["explain"] != english["legend"][0]["explain"]


def test_the_better_move_of_a_decision_is_drawn_on_the_board_before_it(web: Any) -> None:
    table = finished_siege(web)
    missing = web.client.get(f"/table/{table.id}/analysis/0.json")
    assert missing.status_code == 404 and missing.json()["code"] == "no_analysis"
    review = analysed(web, table)["review"]
    entry = next(e for e in review["entries"] if e["mark"] is not None)
    board = web.client.get(f"/table/{table.id}/analysis/{entry['index']}.json").json()
    assert board["index"] == entry["index"]
    assert board["svg"].startswith("<svg") and "data-last-move" in board["svg"]
    words = web.client.get(f"/table/{table.id}/analysis.json").json()["analysis"]["marks"][0]
    assert board["better"] == words["better"]
    chance = [e["index"] for e in review["entries"] if e["kind"] == "chance"]
    for index in [len(review["entries"]), *chance[:1]]:
        wrong = web.client.get(f"/table/{table.id}/analysis/{index}.json")
        assert wrong.status_code == 404 and wrong.json()["code"] == "not_a_decision", index


def test_more_analyses_than_the_server_runs_at_once_are_refused(web: Any) -> None:
    table = finished_siege(web)
    web.app.state.analyses.limit = 0
    answer = web.client.post(f"/api/tables/{table.id}/analysis")
    assert answer.status_code == 429 and answer.json()["code"] == "too_many_analyses"


def test_a_restart_during_a_run_leaves_no_half_result_and_the_table_can_be_analysed_again(
    database: str, make_kit: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server stops while a review runs: nothing is stored, and a new server reruns it."""
    running = threading.Event()
    real = analysis_jobs.review_states

    def endless(values: Any, states: Any, actions: Any, progress: Any) -> Any:
        while True:  # until the stopping server makes `progress` raise
            progress(1)
            running.set()
            threading.Event().wait(0.01)

    monkeypatch.setattr(analysis_jobs, "review_states", endless)
    app = create_app(database, bot_delay=0.0)
    with TestClient(app) as client:
        web = make_kit(app, client)
        table = finished_siege(web)
        assert client.post(f"/api/tables/{table.id}/analysis").status_code == 202
        assert running.wait(10)
        assert client.get(f"/api/tables/{table.id}/analysis").json()["status"] == "running"
        run = app.state.analyses._runs[table.id]
    assert run.finished.wait(10)
    assert app.state.analyses.store.get(table.id) is None

    monkeypatch.setattr(analysis_jobs, "review_states", real)
    again = create_app(database, bot_delay=0.0)
    with TestClient(again) as client:
        web = make_kit(again, client)
        assert client.get(f"/api/tables/{table.id}/analysis").json()["status"] == "none"
        assert analysed(web, table)["status"] == "done"


@pytest.mark.sqlite_only  # the arena's file, the pages' replay: no storage checked
def test_an_arena_game_opens_in_the_replay_and_can_be_analysed(tmp_path: Path) -> None:
    """`ludoteca arena` stores each game as a finished web table: its replay offers the analysis."""
    url = f"sqlite:///{tmp_path / 'arena.db'}"
    args = ["arena", "siege", "--agents", "random,greedy", "--games", "2", "--seed", "4"]
    result = CliRunner().invoke(cli, [*args, "--jobs", "1", "--database", url])
    assert result.exit_code == 0, result.output
    app = create_app(url, bot_delay=0.0)
    with TestClient(app) as client, app.state.manager.store.engine.connect() as connection:
        table = connection.execute(select(GameRow.table_id).limit(1)).scalar_one()
        replay = client.get(f"/table/{table}/replay")
        assert replay.status_code == 200 and 'data-testid="analyse"' in replay.text
        assert client.post(f"/api/tables/{table}/analysis").status_code == 202
        url_of = f"/api/tables/{table}/analysis"
        deadline = time.monotonic() + 20
        while (body := client.get(url_of).json())["status"] == "running":
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert body["status"] == "done" and body["total"] == len(body["review"]["entries"]) > 0


def test_a_seat_named_by_a_colour_draws_its_line_in_that_colour() -> None:
    ludo = ludoteca.load("ludo", players=4)
    assert [seat_ink(ludo, seat) for seat in range(4)] == [
        INKS["red"],
        INKS["blue"],
        INKS["yellow"],
        INKS["green"],
    ]
    siege = ludoteca.load("siege", players=2)
    assert seat_ink(siege, 0) != seat_ink(siege, 1)


def test_a_failed_run_says_why_and_may_be_started_again(
    web: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = finished_siege(web)
    real = analysis_jobs.review_states

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise StateFormatError("the record does not replay")

    monkeypatch.setattr(analysis_jobs, "review_states", broken)
    failed = analysed(web, table)
    assert failed["status"] == "failed" and failed["detail"] == "the record does not replay"
    assert web.app.state.analyses.store.get(table.id) is None
    monkeypatch.setattr(analysis_jobs, "review_states", real)
    assert analysed(web, table)["status"] == "done"
