"""A game's own static files (`games/<id>/static/`, served at `/static/games/<id>/`) and its own
browser board in the table's view (villa: the 3D villa and the parts it is built from)."""

from __future__ import annotations

from typing import Any

import pytest

from ludoteca.games.villa.parts import load_parts

# What a game's static folder and board data are does not depend on where tables are kept.
pytestmark = pytest.mark.sqlite_only


def test_a_games_static_folder_is_served(web: Any) -> None:
    for path, kind in [
        ("/static/games/villa/board.js", "javascript"),
        ("/static/games/villa/board.css", "css"),
        ("/static/games/villa/vendor/three/three.module.js", "javascript"),
        ("/static/games/villa/vendor/three/OrbitControls.js", "javascript"),
    ]:
        response = web.client.get(path)
        assert response.status_code == 200, path
        assert kind in response.headers["content-type"]
    assert web.client.get("/static/games/villa/missing.js").status_code == 404
    assert web.client.get("/static/games/ludo/board.js").status_code == 404
    assert web.client.get("/static/table.js").status_code == 200


def test_the_villa_view_carries_its_3d_board_built_from_the_engines_parts(web: Any) -> None:
    table = web.create(game="villa", players=2, seats=["human", "human"], seed=3)
    view = web.view(table, 0)
    board = view["board"]
    assert board["module"] == "/static/games/villa/board.js"
    data = board["data"]
    parts = load_parts()
    assert [f["name"] for f in data["parts"]["floors"]] == [f.name for f in parts.floors]
    assert data["parts"]["floors"][0]["pieces"] == [
        [list(point) for point in piece] for piece in parts.floors[0].pieces
    ]
    assert data["parts"]["kinds"]["hex"] == {"shape": "hexagon", "radius": 9.0, "value": 2}
    assert len(data["columns"]) == 20 and len(data["floors"]) == 1
    pulls = {m["action"] for m in view["legal"] if m["clicks"][0].startswith("column:")}
    assert pulls and pulls <= {c["id"] for c in data["columns"]}
    assert data["texts"]["confirm"] == "Confirm"


def test_games_without_a_board_of_their_own_have_none_in_their_view(web: Any) -> None:
    table = web.create()
    assert "board" not in web.view(table, 0)
