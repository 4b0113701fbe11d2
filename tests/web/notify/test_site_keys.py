"""The site's VAPID key (issue 33, item 3): made on first start and kept in the database (so
every process and every restart signs with the key the browsers subscribed to), or given by the
site in a file; without the `notify` extra the server starts with push off and says so."""

from __future__ import annotations

import base64
import logging
import sys
from pathlib import Path

import pytest
from cryptography.hazmat.primitives import serialization
from fastapi.testclient import TestClient
from py_vapid import Vapid02
from web_support import WebKit

from ludoteca.core.errors import InvalidOptionError
from ludoteca.web.notify.settings import NotifySettings
from ludoteca.web.server import create_app


def public_key(database: str, settings: NotifySettings | None = None) -> str | None:
    app = create_app(database, bot_delay=0.0, notify=settings)
    with TestClient(app) as client:
        table = WebKit(app, client).create()
        offered = client.get(
            f"/api/tables/{table.id}/notify", params={"seat": 0, "token": table.tokens[0]}
        )
        assert offered.status_code == 200, offered.text
        key: str | None = offered.json()["push"]
        return key


def test_the_key_made_on_first_start_is_kept_across_restarts(database: str) -> None:
    first = public_key(database)
    assert first is not None and len(first) == 87  # 65 bytes, base64url without padding
    assert public_key(database) == first


def test_a_key_given_in_a_file_is_used(database: str, tmp_path: Path) -> None:
    vapid = Vapid02()
    vapid.generate_keys()
    pem = tmp_path / "vapid.pem"
    pem.write_bytes(vapid.private_pem())
    given = public_key(database, NotifySettings(vapid_key_file=str(pem)))
    assert given != public_key(database)  # not the one kept in the database
    point = vapid.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    assert given == base64.urlsafe_b64encode(point).rstrip(b"=").decode()


def test_a_missing_key_file_is_one_clear_error(database: str, tmp_path: Path) -> None:
    with pytest.raises(InvalidOptionError, match="--vapid-private-key"):
        create_app(database, notify=NotifySettings(vapid_key_file=str(tmp_path / "none.pem")))


def test_without_the_extra_the_server_starts_with_push_off_and_says_so(
    database: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    for module in ("py_vapid", "pywebpush"):
        monkeypatch.setitem(sys.modules, module, None)  # as if not installed: import fails
    with caplog.at_level(logging.WARNING):
        assert public_key(database) is None
    said = [
        r.getMessage() for r in caplog.records if "push notifications are off" in r.getMessage()
    ]
    assert len(said) == 1 and "ludoteca[notify]" in said[0]
