"""Where numba keeps the compiled kernels: a folder named by the sources of every kernel.

numba's cache (`cache=True`) checks a compiled function against its own source file only. A
function compiled with kernels of other modules inside it (the batch engine's loops hold each
game's `fast.py`, a game's searches its rules) is loaded from the cache unchanged after one of
those kernels was edited, so the old code runs on: a bug made by hand stays hidden, or a correct
tree fails with the old bug's mismatch (issue 36). Here the cache folder is named by a hash of
the sources of every compiled module of the package (`SOURCES`), so an edit to any of them
compiles everything again, and going back to a version already compiled finds its folder.

`use_keyed_cache()` runs on `import ludoteca`, before any kernel is compiled: it points
`$NUMBA_CACHE_DIR` (and numba's setting, should numba be imported already) at
`<base>/<hash>`, `<base>` being the `$NUMBA_CACHE_DIR` given, else the user's cache folder
(`$XDG_CACHE_HOME`, else `~/.cache`) `/ludoteca/numba`. Settings that change the compiled code
without changing the sources (`$NUMBA_BOUNDSCHECK`) name a folder of their own. Old folders may
be deleted at any time.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

VARIABLE = "NUMBA_CACHE_DIR"
PACKAGE = Path(__file__).resolve().parent.parent
SOURCES = ("games/*/fast*.py", "games/*/perft.py", "core/fastrng.py", "vector/engine.py")
"""The compiled modules, as patterns under the package: every module that compiles with
`cache=True` (a test checks that none is missing)."""
CODE_SETTINGS = ("NUMBA_BOUNDSCHECK",)
"""numba's settings that change the compiled code: each value set gets a folder of its own."""


def kernel_sources(package: Path = PACKAGE) -> list[Path]:
    """The source files whose compiled code numba caches, in a fixed order."""
    found = {path for pattern in SOURCES for path in package.glob(pattern)}
    return sorted(found, key=lambda path: path.relative_to(package).as_posix())


def key(package: Path = PACKAGE) -> str:
    """The name of the cache folder of these sources (and of the code settings in force)."""
    digest = hashlib.sha256()
    for path in kernel_sources(package):
        digest.update(path.relative_to(package).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    name = digest.hexdigest()[:16]
    for setting in CODE_SETTINGS:
        value = os.environ.get(setting, "").strip()
        if value:
            name += f"-{setting.removeprefix('NUMBA_').lower()}{value}"
    return name


def base_folder() -> Path:
    given = os.environ.get(VARIABLE, "").strip()
    if given:
        return Path(given)
    home = os.environ.get("XDG_CACHE_HOME", "").strip() or Path.home() / ".cache"
    return Path(home) / "ludoteca" / "numba"


def use_keyed_cache(package: Path = PACKAGE) -> Path:
    """Point numba's cache at the folder of the current kernel sources; returns it."""
    name = key(package)
    base = base_folder()
    folder = base if base.name == name else base / name  # a child process inherits the folder
    os.environ[VARIABLE] = str(folder)
    config = sys.modules.get("numba.core.config")
    if config is not None:  # numba read the variable when it was imported
        config.CACHE_DIR = str(folder)  # type: ignore[attr-defined]
    return folder
