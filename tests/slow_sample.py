"""Which `slow` checks a run keeps: `--slow=all` keeps every one (`make test-full`);
`--slow=sample` (the default, so `make test` and CI) keeps one parametrization of each slow
test function (say one game of five) for each database and each screen size it runs on, and
every slow test that is not parametrized.

The kept case of a function is fixed by a hash of its name, so a run repeats exactly, and
different functions keep different games. Naming test ids on the command line (`file::test[x]`)
runs exactly those, sampled or not.

Slow tests of one file that check the same thing in different ways (say the same promises
through real server processes) can share a sample: `@pytest.mark.slow(sample="processes")`.
The sample keeps one test of such a group (and, of a parametrized one, one case), again by a
hash of the group's name, for each database and screen size.
"""

from __future__ import annotations

import zlib
from collections import defaultdict

import pytest

OPTION = "--slow"
CHOICES = ("sample", "all")
KEPT_APART = ("database", "viewport", "sized_page")
"""Parameters whose every value the sample keeps: the web tests run on SQLite and PostgreSQL,
and the pages are measured at both sizes."""


def add_option(parser: pytest.Parser) -> None:
    parser.addoption(
        OPTION,
        choices=CHOICES,
        default="sample",
        help="slow checks: one case of each parametrized slow test (sample), or all of them",
    )


def _names_cases(config: pytest.Config) -> bool:
    return any("::" in str(arg) for arg in config.args)


def _sample_of(item: pytest.Item) -> str | None:
    """The name of the sample a slow test shares with others of its file, if any."""
    marker = item.get_closest_marker("slow")
    sample = marker.kwargs.get("sample") if marker is not None else None
    return str(sample) if sample else None


def _case_group(item: pytest.Item) -> str:
    """The test function (or the sample it shares), with the values of its parameters that
    are kept apart."""
    name = _sample_of(item)
    function = f"{item.nodeid.split('::', 1)[0]}::" + (
        f"sample:{name}" if name else getattr(item, "originalname", item.name)
    )
    params = getattr(item, "callspec", None)
    values = params.params if params is not None else {}
    return function + "".join(f"/{values[key]}" for key in KEPT_APART if key in values)


def dropped(config: pytest.Config, items: list[pytest.Item]) -> list[pytest.Item]:
    """The slow cases this run leaves out (none under `--slow=all` or named test ids)."""
    if config.getoption(OPTION) == "all" or _names_cases(config):
        return []
    cases: dict[str, list[pytest.Item]] = defaultdict(list)
    for item in items:
        if item.get_closest_marker("slow") and (hasattr(item, "callspec") or _sample_of(item)):
            cases[_case_group(item)].append(item)
    left_out = []
    for function, group in cases.items():
        group.sort(key=lambda item: item.nodeid)
        kept = zlib.crc32(function.encode()) % len(group)
        left_out += [item for index, item in enumerate(group) if index != kept]
    return left_out
