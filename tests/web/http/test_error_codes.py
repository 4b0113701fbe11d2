"""Error codes: every raise site uses a documented code of the right status, and answers carry it.

Issue 15: "API answers (/api/...) keep stable English error texts and machine-readable codes;
the page shows the translated message."
"""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path
from typing import Any

import pytest

import ludoteca.web.server  # noqa: F401  (imports every module that defines an error class)
from ludoteca.i18n import _, use
from ludoteca.web.http.error_codes import CODES
from ludoteca.web.http.errors import NotFound, Unprocessable, WebError
from ludoteca.web.pages.js_catalog import script_catalog

ROOT = Path(__file__).resolve().parents[3]
WEB = ROOT / "src" / "ludoteca" / "web"


def _error_classes() -> dict[str, type[WebError]]:
    found: dict[str, type[WebError]] = {"WebError": WebError}
    todo = [WebError]
    while todo:
        for sub in todo.pop().__subclasses__():
            found[sub.__name__] = sub
            todo.append(sub)
    return found


def _raise_sites() -> list[tuple[str, str, dict[str, ast.expr]]]:
    """(where, class name, keywords) of every error the web layer makes (`raise NotFound(...)`,
    or one made to be answered, as the server's validation errors are)."""
    classes = _error_classes()
    sites = []
    for path in sorted(WEB.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            func = node.func if isinstance(node, ast.Call) else None
            if isinstance(node, ast.Call) and isinstance(func, ast.Name) and func.id in classes:
                keywords = {k.arg: k.value for k in node.keywords if k.arg}
                sites.append((f"{path.name}:{node.lineno}", func.id, keywords))
    return sites


def _placeholders(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


def test_every_raise_site_uses_a_documented_code_of_its_status() -> None:
    classes = _error_classes()
    sites = _raise_sites()
    assert len(sites) > 40  # the walk finds the raise sites at all
    for where, name, keywords in sites:
        code = keywords.get("code")
        assert isinstance(code, ast.Constant) and isinstance(code.value, str), where
        assert code.value in CODES, f"{where}: undocumented code {code.value!r}"
        assert classes[name].status == CODES[code.value].status, where
        missing = _placeholders(CODES[code.value].text) - set(keywords)
        assert not missing, f"{where}: the message of {code.value} needs {missing}"


def test_every_code_is_used_somewhere() -> None:
    used = {k["code"].value for _w, _n, k in _raise_sites() if isinstance(k["code"], ast.Constant)}
    limits = (WEB / "http" / "limits.py").read_text(encoding="utf-8")
    literal = re.findall(r'"code": "(\w+)"', limits)
    assert set(CODES) == used | set(literal)


def test_the_docs_list_every_code_with_its_status_and_meaning() -> None:
    text = (ROOT / "docs" / "web.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(\w+)` \| (\d{3}) \| (.+) \|$", text, flags=re.MULTILINE)
    assert rows == [(code, str(e.status), e.meaning) for code, e in CODES.items()]


def test_codes_are_snake_case() -> None:
    assert all(re.fullmatch(r"[a-z]+(_[a-z]+)*", code) for code in CODES)


def test_an_unknown_code_is_refused_where_it_is_raised() -> None:
    with pytest.raises(ValueError, match="undocumented"):
        NotFound("nothing here", code="no_such_thing")


@pytest.mark.parametrize(
    ("move", "code", "params"),
    [
        ({"notation": "c9"}, "bad_notation", {"notation": "c9"}),
        ({"action": 1, "notation": "1"}, "action_or_notation", {}),
    ],
)
def test_a_wrong_move_answers_its_code_and_values(
    web: Any, move: dict[str, Any], code: str, params: dict[str, Any]
) -> None:
    table = web.create()
    seat = web.view(table)["to_move"]
    body = web.act(table, seat, **move).json()
    assert (body["code"], body["params"]) == (code, params)
    assert body["detail"]  # the English message stays


def test_an_illegal_move_names_the_move_sent(web: Any) -> None:
    table = web.create()
    seat = web.view(table)["to_move"]
    body = web.act(table, seat, action=999).json()
    assert body["code"] == "illegal_move" and body["params"]["move"]
    assert "is not a legal action here" in body["detail"]


def test_not_your_turn_and_a_wrong_token_have_their_codes(web: Any) -> None:
    table = web.create()
    seat = web.view(table)["to_move"]
    other = 1 - seat
    assert web.act(table, other, action=0).json()["code"] == "not_your_turn"
    wrong = {"seat": seat, "token": "nope", "action": 0}
    body = web.client.post(f"/api/tables/{table.id}/actions", json=wrong).json()
    assert (body["code"], body["params"]) == ("wrong_token", {"seat": seat})


def test_a_malformed_body_and_an_unknown_table_have_their_codes(web: Any) -> None:
    body = web.client.post("/api/tables/nope/actions", content=b"{").json()
    assert body["code"] == "validation_error"
    body = web.client.get("/api/tables/nope").json()
    assert (body["code"], body["params"]) == ("unknown_table", {"table": "nope"})


def test_an_error_page_shows_the_message_in_the_readers_language(web: Any) -> None:
    page = web.client.get("/table/nope", params={"lang": "de"})
    assert page.status_code == 404
    with use("de"):
        assert NotFound("x", code="unknown_table", table="nope").shown() in page.text
    assert "there is no table" not in page.text


def test_an_address_nothing_answers_is_a_page_or_a_code_not_a_bare_not_found(web: Any) -> None:
    """A mistyped link gets a page in the reader's language; a script gets the code."""
    page = web.client.get("/tabel/nope", params={"lang": "nl"})
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
    assert "Op dit adres is niets te vinden" in page.text
    body = web.client.get("/api/nowhere").json()
    assert (body["code"], body["detail"]) == ("no_such_page", "nothing at /api/nowhere")


def test_english_shows_the_full_message_and_other_languages_the_codes_text() -> None:
    error = Unprocessable("'c9' is not a ludo move: ...", code="bad_notation", notation="c9")
    with use("en"):
        assert error.shown() == "'c9' is not a ludo move: ..."
    with use("nl"):
        assert "c9" in error.shown() and "ludo move" not in error.shown()


def test_the_openapi_schema_lists_the_codes(web: Any) -> None:
    schema = web.client.get("/openapi.json").json()
    body = schema["components"]["schemas"]["ErrorBody"]
    assert body["properties"]["code"]["enum"] == sorted(CODES)
    assert set(body["required"]) == {"detail", "code", "params"}


def test_the_pages_scripts_get_each_codes_message_in_their_language() -> None:
    assert script_catalog("en")["errors"] == {}  # English pages show the API's own detail
    for language in ("nl", "de"):
        errors = script_catalog(language)["errors"]
        assert set(errors) == set(CODES)
        with use(language):
            assert errors["illegal_move"] == _(CODES["illegal_move"].text)
        assert errors["illegal_move"] != CODES["illegal_move"].text


@pytest.mark.parametrize(
    ("message", "code", "params"),
    [
        ('{"notation": "hop"}', "bad_notation", {"notation": "hop"}),
        ('{"move": 3}', "bad_message", {}),
        ("{}", "action_or_notation", {}),
    ],
)
def test_socket_errors_carry_the_code_and_values(
    web: Any, message: str, code: str, params: dict[str, Any]
) -> None:
    table = web.create()
    mover = web.view(table)["to_move"]
    path = f"/ws/table/{table.id}?seat={mover}&token={table.tokens[mover]}"
    with web.client.websocket_connect(path) as socket:
        socket.send_text(message)
        reply = socket.receive_json()
        while reply["type"] != "error":
            reply = socket.receive_json()
        assert (reply["code"], reply["params"]) == (code, params) and reply["error"]


def test_the_lobby_tells_a_form_mistake_in_the_readers_language(web: Any) -> None:
    form = {"game": "", "speed": "normal"}
    page = web.client.post("/tables", data=form, headers={"Accept-Language": "de"})
    assert page.status_code == 400
    assert "Wähle ein Spiel." in page.text and "choose a game" not in page.text
