"""The strength ladder (`benchmarks/ladder.py`, issue 30 item 5): who plays each table size's
round robin, on seeds of its own, resumed without replaying, and what its docs block says."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmark_support import load_benchmark
from ludoteca.arena.stats import wilson_interval
from ludoteca.core.registry import game_module

ladder = load_benchmark("ladder")


def _strengths(game_id: str) -> dict[str, object]:
    bots = game_module(game_id, "bots")
    assert bots is not None
    table: dict[str, object] = bots.STRENGTHS
    return table


def test_the_field_reads_hard_from_the_games_strengths(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(_strengths("ludo"), "hard", {"others": "mcts:iterations=50"})
    assert ladder.field("ludo", 5) == ("random", "greedy", "mcts:iterations=50", "learned")


def test_a_hard_that_is_greedy_or_learned_joins_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(_strengths("villa"), "hard", "greedy")
    assert ladder.field("villa", 4) == ("random", "greedy", "learned")
    museum = ladder.field("museum", 3)
    assert museum.count("learned:net=selfplay") == 1
    assert len(set(museum)) == len(museum)


def test_the_selfplay_agent_plays_only_where_its_network_is_shipped(tmp_path: Path) -> None:
    assert "learned:net=selfplay" not in ladder.field("ludo", 3, selfplay=tmp_path)
    (tmp_path / "ludo-3p.npz").write_bytes(b"")
    assert ladder.field("ludo", 3, selfplay=tmp_path)[-1] == "learned:net=selfplay"


def test_the_two_player_extras_join_the_field() -> None:
    assert ladder.field("ludo", 2) == ("random", "greedy", "expectimax", "tuned", "learned")


def test_ludo_4s_hard_plays_beside_the_hard_it_replaced() -> None:
    assert ladder.field("ludo", 4) == (
        "random", "greedy", "learned:net=selfplay", "tuned", "learned"
    )  # fmt: skip


def test_the_ladders_seeds_are_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    ladder.check_seeds()
    monkeypatch.setattr(ladder, "SEED_BASE", ladder.strength_table.SEED_BASE + 10)
    with pytest.raises(SystemExit, match="strength table"):
        ladder.check_seeds()
    monkeypatch.setattr(ladder, "SEED_BASE", 3 * 10**12)
    with pytest.raises(SystemExit, match="TD runs"):
        ladder.check_seeds()


def test_every_pair_plays_whole_blocks_of_its_field() -> None:
    assert len(ladder.PAIRS) == 15
    for pair in ladder.PAIRS:
        assert pair.games % ladder.block_size(len(ladder.field(pair.game, pair.players))) == 0


def _quick_field(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ladder, "field", lambda game, players, selfplay=None: ("random", "greedy"))


def test_a_second_run_plays_nothing_new(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _quick_field(monkeypatch)
    results = tmp_path / "ladder.jsonl"
    pair = ladder.Pair("siege", 2, 24)
    assert ladder.run([pair], jobs=1, path=results) == 2
    first = results.read_text()
    assert len(first.splitlines()) == 2
    assert ladder.run([pair], jobs=1, path=results) == 0
    assert results.read_text() == first


def test_a_new_hard_makes_the_old_blocks_stale(monkeypatch: pytest.MonkeyPatch) -> None:
    pair = ladder.Pair("siege", 2, 24)
    specs = ladder.field("siege", 2)
    mark = ladder.fingerprint(pair, specs)
    size = ladder.block_size(len(specs))
    done: dict[tuple[str, str, int], dict[str, object]] = {
        (pair.key, mark, first): {} for first in range(0, pair.games, size)
    }
    assert ladder.pending([pair], done) == []
    monkeypatch.setitem(_strengths("siege"), "hard", "alphabeta")
    assert [b.first for b in ladder.pending([pair], done)] == list(range(0, pair.games, size))


def _record(pair: object, mark: str, outcomes: list[tuple[list[str], list[float], bool]]) -> str:
    games = [
        {
            "index": i,
            "agents": seats,
            "returns": returns,
            "finished": finished,
            "decisions": [3, 3],
            "digest": "",
            "median_ms": [1.0, 2.0],
        }
        for i, (seats, returns, finished) in enumerate(outcomes)
    ]
    record = {
        "pair": "siege/2",
        "fingerprint": mark,
        "field": ["random", "greedy"],
        "first": 0,
        "games": games,
        "cpu_s": 1.5,
        "date": "2026-12-02",
        "commit": "",
    }
    return json.dumps(record) + "\n"


def test_the_docs_block_gives_ratings_shares_and_head_to_head(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _quick_field(monkeypatch)
    pair = next(p for p in ladder.PAIRS if p.key == "siege/2")
    mark = ladder.fingerprint(pair, ("random", "greedy"))
    won, lost, draw = [1.0, -1.0], [-1.0, 1.0], [0.0, 0.0]
    outcomes = 3 * (
        [(["greedy", "random"], won, True)] * 5
        + [(["random", "greedy"], lost, True)] * 3
        + [(["random", "greedy"], won, True)] * 2
        + [(["greedy", "random"], draw, True)]
        + [(["greedy", "random"], won, False)]
    )
    results = tmp_path / "ladder.jsonl"
    results.write_text(_record(pair, mark, outcomes))
    text = "before\n<!-- ladder:siege-2 -->\nold\n<!-- /ladder:siege-2 -->\nafter\n"
    page = ladder.render(text, ladder.read_results(results))
    assert page.startswith("before\n") and page.endswith("<!-- /ladder:siege-2 -->\nafter\n")
    assert "old" not in page
    rows = [line for line in page.splitlines() if line.startswith("| `")]
    # greedy: 24 wins and 3 draws (a half each) of 33 finished games; 3 unfinished left out
    greedy, random = wilson_interval(25.5, 33), wilson_interval(7.5, 33)
    share = f"77.3% ({greedy.low:.1%}-{greedy.high:.1%}) of 33"
    assert rows[0].startswith("| `greedy` |") and f"{share} | 50% | **above** |" in rows[0]
    assert "| `greedy` | medium |" in rows[0]
    against = f"22.7% ({random.low:.1%}-{random.high:.1%}) of 33"
    assert rows[1].startswith("| `random` | easy |") and f"{against} | 50% | below |" in rows[1]
    assert rows[2:] == [f"| `random` |  | {against} |", f"| `greedy` | {share} |  |"]
    assert "36 of 480 games played (2026-12-02, 2 s of CPU)" in page
    assert "3 unfinished, left out" in page


def test_the_figure_is_drawn_from_the_results(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _quick_field(monkeypatch)
    figure = tmp_path / "ladder.png"
    ladder.draw_figure({}, figure)
    assert figure.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_docs_ladder_blocks_equal_what_the_results_file_gives() -> None:
    assert not ladder.stale(), (
        "docs/learning.md: regenerate with `benchmarks/ladder.py run`, then `ladder.py docs`"
    )
