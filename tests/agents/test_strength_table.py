"""The strength table (`benchmarks/strength_table.py`, issue 34): the docs quote what its results
file holds, measured on seeds no agent was tuned or designed on, for today's rules."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import ludoteca
from benchmark_support import load_benchmark
from ludoteca import rulebook
from ludoteca.arena.match import play_game
from ludoteca.arena.schedule import game_seed

table = load_benchmark("strength_table")


def test_the_docs_tables_equal_what_the_results_file_gives() -> None:
    stale = table.stale_docs()
    assert not stale, (
        f"{[str(p) for p in stale]}: regenerate with"
        " `benchmarks/strength_table.py run` and `benchmarks/strength_table.py docs`"
    )


def test_every_doc_holds_its_tables_between_markers() -> None:
    names = {doc.name: set(table.MARKER.findall(doc.read_text())) for doc in table.DOCS}
    assert all(names.values()), names


def test_a_changed_figure_in_a_doc_is_noticed(tmp_path: Path) -> None:
    doc = table.DOCS[0]
    text = doc.read_text()
    match = table.MARKER.search(text)
    assert match is not None
    tampered = text.replace(match["body"], match["body"].replace("%", "% ", 1))
    assert table.render(tampered, table.read_results()) != tampered


def test_the_measuring_seeds_are_disjoint_from_every_design_seed() -> None:
    table.check_seeds()
    low, high = table.SEED_BASE, table.SEED_BASE + table.SEED_SPAN
    assert all(m.games <= table.SEED_SPAN for m in table.matchups())
    assert not any(low <= s < high for s in table.arena_design_seeds())
    # the seeds careful was designed on (`ludoteca arena villa ... --seed 2`) are among them
    assert game_seed(2, 0) in table.arena_design_seeds()


def test_the_seed_check_refuses_an_overlap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table, "SEED_BASE", 5)
    with pytest.raises(SystemExit, match="overlap"):
        table.check_seeds()


def test_every_level_pair_of_every_table_size_is_measured_or_the_same_agent() -> None:
    plan = {m.key for m in table.matchups()}
    for info in ludoteca.games():
        game = ludoteca.load(info.id)
        for players in range(game.min_players, game.max_players + 1):
            pairs = [p for p in table.level_pairs() if (p.game, p.players) == (info.id, players)]
            assert [(p.lower, p.higher) for p in pairs] == [("easy", "medium"), ("medium", "hard")]
            for pair in pairs:
                key = table.Matchup(info.id, players, pair.higher_spec, pair.lower_spec, 0).key
                assert pair.same or key in plan


def test_new_tuned_weights_make_the_old_blocks_stale(monkeypatch: pytest.MonkeyPatch) -> None:
    tuned = table.Matchup("museum", 2, "tuned", "greedy", 12)
    plain = table.Matchup("museum", 2, "greedy", "random", 12)
    before = table.fingerprint(tuned), table.fingerprint(plain)
    monkeypatch.setattr(table, "tuned_weights", lambda game_id, players: '{"pace": 9.0}')
    assert table.fingerprint(tuned) != before[0]
    assert table.fingerprint(plain) == before[1]


def test_a_tuned_matchup_is_fingerprinted_by_the_file_its_player_count_plays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("ludoteca.agents.tuned.GAMES_DIR", tmp_path)
    (tmp_path / "bremen").mkdir()
    for name, storm in (("tuned.json", 1.0), ("tuned-3p.json", 3.0)):
        (tmp_path / "bremen" / name).write_text(json.dumps({"weights": {"storm": storm}}))
    assert table.tuned_weights("bremen", 3) == '{"storm": 3.0}'
    assert table.tuned_weights("bremen", 2) == table.tuned_weights("bremen", 4) == '{"storm": 1.0}'
    three, four = (table.Matchup("bremen", n, "tuned", "greedy", 12) for n in (3, 4))
    before = table.fingerprint(three), table.fingerprint(four)
    (tmp_path / "bremen" / "tuned-3p.json").write_text(json.dumps({"weights": {"storm": 9.0}}))
    assert table.fingerprint(three) != before[0] and table.fingerprint(four) == before[1]


def test_blocks_rotate_the_measured_agent_through_every_seat() -> None:
    for players in range(2, 7):
        size = table.block_size(players)
        matchup = table.Matchup("ludo", players, "greedy", "random", size)
        seats = [table.specs_of(matchup, i).index("greedy") for i in range(size)]
        assert sorted(seats) == sorted(list(range(players)) * (size // players))


def test_a_stopped_run_continues_with_the_blocks_it_lacks() -> None:
    matchups = [table.Matchup("ludo", 2, "greedy", "random", 36)]
    done = {("ludo/2/greedy/random", table.fingerprint(matchups[0]), 12): {}}
    assert [b.first for b in table.pending(matchups, done)] == [0, 24]


def _first_games() -> list[tuple[str, int, str, str]]:
    """Each game and player count's `easy` against `medium` (cheap bots)."""
    return [
        (p.game, p.players, p.higher_spec, p.lower_spec)
        for p in table.level_pairs()
        if p.lower == "easy" and not p.same
    ]


@pytest.mark.parametrize(("game_id", "players", "agent", "opponent"), _first_games())
def test_the_recorded_games_replay_alike_under_todays_rules(
    game_id: str, players: int, agent: str, opponent: str
) -> None:
    """A change that alters play (a rule, an option's default, a bot's weights) changes these
    games: the table must then be measured again in the same change (docs/agents.md, "The
    strength table")."""
    matchup = table.Matchup(game_id, players, agent, opponent, 0)
    found = table.read_results().items()
    records = [r for (key, _, first), r in found if key == matchup.key and first == 0]
    assert records, f"{matchup.key} has no recorded first block"
    game = ludoteca.load(game_id, players=players)
    for index in range(2 * players):  # every seat twice: one short game may miss a change
        result = play_game(game, table.specs_of(matchup, index), table.SEED_BASE + index)
        assert table.digest(result.actions) == records[-1]["digests"][index], index


def _tally(wins: float, games: int, draws: int = 0, players: int = 2) -> Any:
    return table.Tally(games, wins, draws, unfinished=0, cpu_s=0.0, dates=(), players=players)


def test_a_draw_counts_as_the_fair_share() -> None:
    assert _tally(4, 10, draws=2).score == 5
    assert _tally(0, 9, draws=9, players=3).rate == pytest.approx(1 / 3)


def test_the_verdict_is_the_wilson_interval_against_the_fair_share() -> None:
    assert table.verdict(_tally(70, 100), 2) == "**stronger**"
    assert table.verdict(_tally(30, 100), 2) == "weaker"
    assert table.verdict(_tally(58, 100), 2) == "not shown stronger"  # Wilson 48.2%-67.2%
    assert table.verdict(_tally(40, 100, players=4), 4) == "**stronger**"
    assert "39.5% (30.5%-49.3%) of 100" in table.cell(_tally(39, 100, draws=2, players=4), 4)


def test_every_rules_page_shows_its_games_levels_in_its_language_without_the_markers() -> None:
    """Issue 34: the rules pages' bot figures come from the results file too, in the page's
    words; the markers the tool needs are not shown to readers."""

    said = {
        "en": "medium against easy",
        "nl": "gemiddeld tegen makkelijk",
        "de": "mittel gegen leicht",
    }
    for game in ("ludo", "bremen", "museum", "siege", "villa"):
        for language, words in said.items():
            html = rulebook.page_html(game, language)
            assert html is not None and words in html, (game, language)
            assert "strength-table" not in html
