"""A serving process tunes its garbage collector once started (`web.server_gc`); the apps the
tests build leave it as it is."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ludoteca.web.server import create_app
from ludoteca.web.server_gc import THRESHOLDS


@pytest.mark.sqlite_only  # the collector, not the storage
def test_a_serving_app_freezes_and_spaces_collections_and_a_test_app_does_not(
    tmp_path: Path,
) -> None:
    before = gc.get_threshold()
    try:
        with TestClient(create_app(f"sqlite:///{tmp_path / 'test.db'}")):
            assert gc.get_threshold() == before
        with TestClient(create_app(f"sqlite:///{tmp_path / 'serving.db'}", serving=True)):
            assert gc.get_threshold() == THRESHOLDS
            assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
