"""numba's cache cannot run old code: its folder is named by every kernel's source (issue 36).

numba checks a cached function against its own file only, so the batch engine's loops, which
hold a game's kernel, ran an edited kernel's old code until their cache was cleared
(`ludoteca.core.compiled`).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ludoteca.core import compiled

COMPILES = re.compile(r"cache=True|^@kernel$", re.MULTILINE)
"""How a module of the package compiles with numba's cache (`fastrng.kernel` is `cache=True`)."""

RUN = """
import os
import numpy as np
from ludoteca.games.ludo import fast
from ludoteca.vector import engine

game = __import__("ludoteca").load("ludo", players=2)
kernel = engine.kernel("ludo")
cfg = kernel.config(game, 100)
rows = kernel.new_rows(cfg, 1)
rows[0, fast.S_PHASE] = fast.OVER
out = np.empty(1, dtype=np.int64)
engine.loops("ludo").to_play(cfg, rows, out)  # the engine's loop, with fast.py's function in it
print(os.environ["NUMBA_CACHE_DIR"], int(out[0]))
"""
"""Whose turn it is in a finished ludo game, asked through the batch engine's compiled loop."""


def test_every_module_that_compiles_into_the_cache_is_in_the_key() -> None:
    package = compiled.PACKAGE
    keyed = set(compiled.kernel_sources())
    for path in sorted(package.rglob("*.py")):
        if path.name != "compiled.py" and COMPILES.search(path.read_text(encoding="utf-8")):
            assert path in keyed, f"{path.relative_to(package)} compiles but is not in SOURCES"
    assert len(keyed) >= 15


def test_the_folder_follows_the_sources_and_the_code_settings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "ludoteca"
    (package / "games" / "toy").mkdir(parents=True)
    kernel = package / "games" / "toy" / "fast.py"
    kernel.write_text("LIMIT = 3\n")
    monkeypatch.delenv("NUMBA_BOUNDSCHECK", raising=False)
    first = compiled.key(package)
    kernel.write_text("LIMIT = 4\n")
    assert compiled.key(package) != first
    kernel.write_text("LIMIT = 3\n")
    assert compiled.key(package) == first  # back to a version compiled before: its folder
    monkeypatch.setenv("NUMBA_BOUNDSCHECK", "1")
    assert compiled.key(package) == f"{first}-boundscheck1"
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "cache"))
    folder = compiled.use_keyed_cache(package)
    assert folder == tmp_path / "cache" / f"{first}-boundscheck1"
    assert os.environ["NUMBA_CACHE_DIR"] == str(folder)
    assert compiled.use_keyed_cache(package) == folder  # a child process keeps the folder


@pytest.mark.slow  # three processes, two of which compile a loop: about 20 s
def test_an_edited_kernel_constant_takes_effect_in_the_loops_compiled_over_it(
    tmp_path: Path,
) -> None:
    pytest.importorskip("numba")
    copy = tmp_path / "src" / "ludoteca"
    shutil.copytree(compiled.PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    env = {**os.environ, "PYTHONPATH": str(tmp_path / "src"), "NUMBA_CACHE_DIR": str(tmp_path)}
    env.pop("NUMBA_BOUNDSCHECK", None)

    def turn() -> tuple[str, int]:
        done = subprocess.run(
            [sys.executable, "-c", RUN], env=env, capture_output=True, text=True, check=False
        )
        assert done.returncode == 0, done.stderr
        folder, value = done.stdout.split()
        return folder, int(value)

    kernel = copy / "games" / "ludo" / "fast.py"
    original = kernel.read_text(encoding="utf-8")
    ended = "    if phase == OVER:\n        return TERMINAL\n"
    assert ended in original
    folder, terminal = turn()
    assert terminal < 0
    kernel.write_text(original.replace(ended, "    if phase == OVER:\n        return 77\n"))
    edited_folder, edited = turn()
    assert edited == 77, "the engine's loop ran the kernel's old code from the cache"
    kernel.write_text(original)
    assert turn() == (folder, terminal)  # restored: the first folder, and the first answer
    assert Path(folder).parent == Path(edited_folder).parent == tmp_path != Path(folder)
    assert edited_folder != folder
