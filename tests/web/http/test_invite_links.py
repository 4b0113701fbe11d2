"""Invite links that open on another device (issue 35.1): whole links from the address the page
was opened with (or the public URL), a QR code beside each, and a note when the server listens
on this machine only."""

from __future__ import annotations

import html
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludoteca.core.errors import InvalidOptionError
from ludoteca.web.http import addresses
from ludoteca.web.http.addresses import check_public_url, is_loopback, qr_svg
from ludoteca.web.server import create_app

ROOT = Path(__file__).resolve().parents[3]


pytestmark = pytest.mark.sqlite_only  # the addresses of the links, not the storage


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Any]:
    """`serve(listen=..., public_url=...)`: a client of an app told where it listens."""
    clients: list[TestClient] = []

    def make(**where: Any) -> TestClient:
        app = create_app(f"sqlite:///{tmp_path / f'{len(clients)}.db'}", bot_delay=0, **where)
        client = TestClient(app)
        client.__enter__()
        clients.append(client)
        return client

    yield make
    for client in clients:
        client.__exit__(None, None, None)


def creator_page(client: TestClient, host: str, **headers: str) -> str:
    """The creator's page of a new table of three people, opened at `host`."""
    body = {"game": "ludo", "players": 3, "seats": ["human"] * 3}
    created = client.post("/api/tables", json=body)
    page = client.get(created.json()["play"], headers={"host": host, **headers})
    assert page.status_code == 200
    return page.text


def invite_values(text: str) -> list[str]:
    found = re.findall(r'<input readonly aria-labelledby="invite-[^"]+" value="([^"]+)"', text)
    return [html.unescape(value) for value in found]


def test_links_carry_the_address_the_page_was_opened_with(serve: Any) -> None:
    client = serve(listen="0.0.0.0")
    links = invite_values(creator_page(client, "192.168.1.23:8000"))
    assert len(links) == 3  # two friends and the spectators
    assert all(link.startswith("http://192.168.1.23:8000/table/") for link in links)
    assert "token=" in links[0] and "token=" not in links[-1]


def test_a_page_opened_here_hands_out_the_house_network_address(
    serve: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Opened on the laptop as 127.0.0.1 while serving every interface: a phone gets the
    laptop's address on the network, not 127.0.0.1, which would be the phone itself."""
    monkeypatch.setattr(addresses, "house_address", lambda: "10.0.0.7")
    client = serve(listen="0.0.0.0")
    links = invite_values(creator_page(client, "127.0.0.1:8000"))
    assert links and all(link.startswith("http://10.0.0.7:8000/table/") for link in links)
    assert 'data-testid="local-only"' not in creator_page(client, "localhost:8000")


def test_a_public_url_wins_over_the_address_seen(serve: Any) -> None:
    client = serve(listen="127.0.0.1", public_url="https://games.example.org/")
    page = creator_page(client, "127.0.0.1:8000")
    assert all(link.startswith("https://games.example.org/table/") for link in invite_values(page))
    assert 'data-testid="local-only"' not in page


def test_behind_a_proxy_the_links_follow_its_scheme_and_host(serve: Any) -> None:
    """deploy.md's nginx passes Host and X-Forwarded-Proto; uvicorn turns the latter into the
    scheme (here the test client plays uvicorn's part)."""
    client = serve(listen="127.0.0.1")
    page = creator_page(client, "games.example.org", **{"x-forwarded-for": "203.0.113.9"})
    assert all(link.startswith("http://games.example.org/table/") for link in invite_values(page))
    assert 'data-testid="local-only"' not in page


def test_a_server_on_this_machine_only_says_so_beside_the_links(serve: Any) -> None:
    page = creator_page(serve(listen="127.0.0.1"), "127.0.0.1:8000")
    note = re.search(r'data-testid="local-only">([^<]+)<', page)
    assert note is not None
    assert "make serve HOST=0.0.0.0" in note.group(1)
    assert 'data-testid="local-only"' not in creator_page(serve(listen="0.0.0.0"), "10.0.0.7:8000")


def test_each_invite_link_has_its_qr_code(serve: Any) -> None:
    page = creator_page(serve(listen="0.0.0.0"), "192.168.1.23:8000")
    codes = re.findall(r'aria-label="[^"]+" data-testid="invite-qr">(.*?)</div>', page)
    links = invite_values(page)
    assert len(codes) == len(links) == 3
    for link, code in zip(links, codes, strict=True):
        assert code == qr_svg(link)  # the code of exactly that link
        assert code.startswith("<svg") and "viewBox" in code


def test_spectators_and_friends_get_no_invites(serve: Any) -> None:
    client = serve(listen="0.0.0.0")
    body = {"game": "ludo", "players": 2, "seats": ["human"] * 2}
    created = client.post("/api/tables", json=body)
    friend = client.get(created.json()["seats"][1]["link"]).text
    spectator = client.get(created.json()["spectate"]).text
    assert 'data-testid="invite-qr"' not in friend + spectator


@pytest.mark.parametrize("host", ["127.0.0.1", "127.5.0.1", "localhost", "::1", "[::1]"])
def test_loopback_hosts(host: str) -> None:
    assert is_loopback(host)


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.2", "games.example.org", "10.0.0.1"])
def test_hosts_others_can_reach(host: str) -> None:
    assert not is_loopback(host)


def test_a_public_url_must_be_an_address() -> None:
    assert check_public_url("https://games.example.org/play/") == "https://games.example.org/play"
    with pytest.raises(InvalidOptionError, match="--public-url"):
        check_public_url("games.example.org")


def make_dry_run(target: str, tmp_path: Path) -> str:
    """What `make TARGET` would run on a fresh clone (no .venv yet), without running it."""
    for name in ("Makefile", "pyproject.toml", "package.json", "package-lock.json"):
        (tmp_path / name).write_bytes((ROOT / name).read_bytes())
    done = subprocess.run(
        ["make", "-n", target], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    return done.stdout


def test_make_serve_installs_only_what_serving_needs(tmp_path: Path) -> None:
    serving = make_dry_run("serve", tmp_path)
    assert "pip install --quiet -e .\n" in serving
    assert "[test" not in serving and "lint" not in serving
    assert "ludoteca serve --host 127.0.0.1" in serving
    testing = make_dry_run("test", tmp_path)
    assert 'pip install --quiet -e ".[test,lint]"' in testing
