"""The `ludoteca` command: parses arguments and hands over to `terminal/` or the web server."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from ludoteca.core.errors import InvalidOptionError, LudotecaError, UnknownGameError
from ludoteca.core.options import parse_assignments
from ludoteca.core.registry import game_class, game_module
from ludoteca.core.registry import games as registered_games
from ludoteca.i18n import LANGUAGES, from_environment, parse_language
from ludoteca.i18n.catalog import activate
from ludoteca.interop import MissingExtraError
from ludoteca.web.notify.settings import (
    DEFAULT_CONTACT,
    MAIL_FROM_VARIABLE,
    SMTP_URL_VARIABLE,
    VAPID_CONTACT_VARIABLE,
    VAPID_KEY_VARIABLE,
    NotifySettings,
)

app = typer.Typer(
    help="Board games on the screen: play in the terminal or the browser, replay records.",
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
    rich_markup_mode="rich",
)

USAGE_ERROR = 2

LangOption = Annotated[
    str | None,
    typer.Option(
        "--lang",
        help="language of what is shown: en, nl or de (default: from LANG or LC_MESSAGES)",
        show_default=False,
    ),
]

SelfPlayAgent = Annotated[
    str | None, typer.Option(help="agent spec in every seat (default: the game's strongest)")
]
PlayerCount = Annotated[int | None, typer.Option(help="number of players")]
RunSeed = Annotated[
    int, typer.Option(min=0, max=2**48 - 1, help="seed of the run: the same seed, same games")
]
Jobs = Annotated[
    int | None, typer.Option("--jobs", "-j", min=1, help="worker processes [default: CPUs]")
]
ClusterOption = Annotated[
    str | None,
    typer.Option(
        "--cluster",
        help="play the games as Ray tasks: ray (a local Ray for this run) or ray://HOST:PORT"
        " (a running cluster); --jobs then caps the tasks at once [default: its CPUs]",
        show_default=False,
    ),
]


def _language(lang: str | None) -> None:
    """Show text in `lang` from now on; a language we do not speak is a usage error."""
    if lang is None:
        return
    code = parse_language(lang)
    if code is None:
        raise typer.BadParameter(f"choose one of {', '.join(LANGUAGES)}", param_hint="--lang")
    activate(code)


@app.callback()
def main(lang: LangOption = None) -> None:
    """Board games on the screen: play in the terminal or the browser, replay records."""
    activate(from_environment())
    _language(lang)


@contextmanager
def _errors() -> Iterator[None]:
    """Print ludoteca's own errors as one red line and exit 2, without a traceback."""
    try:
        yield
    except LudotecaError as exc:
        Console(stderr=True).print(Text(f"Error: {exc}", style="bold red"), soft_wrap=True)
        raise typer.Exit(USAGE_ERROR) from None


@app.command()
def games(lang: LangOption = None) -> None:
    """List the games: id, title and how many can play."""
    # On use, not at start-up: the catalogue loads every game's rules.
    from ludoteca.terminal.catalogue import games_table

    _language(lang)
    with _errors():
        Console().print(games_table())


@app.command()
def rules(
    game: Annotated[str, typer.Argument(help="game id, e.g. ludo")], lang: LangOption = None
) -> None:
    """Show a game's options with their defaults and meaning, its bots and its rules page."""
    # On use, not at start-up: the catalogue loads every game's rules.
    from ludoteca.terminal.catalogue import print_rules

    _language(lang)
    with _errors():
        print_rules(game, Console())


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="game id, e.g. ludo")],
    seats: Annotated[
        str | None,
        typer.Option(
            "--seats",
            "-s",
            help="one entry per seat: human, a strength (easy, medium, hard) or a bot spec"
            " (greedy, mcts:iterations=100); the count is the number of players"
            " (default: you against medium bots)",
        ),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="a game option as name=value (repeatable)"),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(min=0, max=2**48 - 1, help="seed of the dice and the bots")
    ] = None,
    fast: Annotated[bool, typer.Option("--fast", help="no pauses after bots' moves")] = False,
    auto_single: Annotated[
        bool,
        typer.Option("--auto-single", help="play a person's only legal move without asking"),
    ] = False,
    record: Annotated[
        Path | None,
        typer.Option(help="where to save the record (default: records/GAME-TIME-SEED.json)"),
    ] = None,
    lang: LangOption = None,
) -> None:
    """Play a game in the terminal against bots or at one keyboard with friends."""
    # On use, not at start-up: the terminal game loads the agents and renderers.
    from ludoteca.terminal.play import Ending, Options, start

    _language(lang)
    with _errors():
        outcome = start(
            game,
            seats,
            option or [],
            seed=seed,
            console=Console(),
            options=Options(fast=fast, auto_single=auto_single, record=record),
        )
    if outcome.ending is Ending.INTERRUPTED:
        raise typer.Exit(130)


@app.command()
def replay(
    file: Annotated[
        Path, typer.Argument(help="a record saved by play", exists=True, dir_okay=False)
    ],
    step: Annotated[bool, typer.Option("--step", help="show the board after every move")] = False,
    fast: Annotated[
        bool, typer.Option("--fast", help="with --step, do not wait for Enter")
    ] = False,
    lang: LangOption = None,
) -> None:
    """Replay a saved game, checking every move, and show the result."""
    # On use, not at start-up: the replay loads the records and renderers.
    from ludoteca.terminal.replay import replay as run_replay

    _language(lang)
    with _errors():
        run_replay(file, Console(), step=step, fast=fast)


@app.command()
def serve(
    host: Annotated[
        str,
        typer.Option(help="address to listen on (0.0.0.0: every device on the network may join)"),
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
    database: Annotated[
        str | None,
        typer.Option(help="SQLAlchemy URL of the database (default: SQLite file ludoteca.db)"),
    ] = None,
    workers: Annotated[
        int, typer.Option(min=1, help="server processes behind the port (more than 1: PostgreSQL)")
    ] = 1,
    ws_compression: Annotated[
        bool,
        typer.Option(help="compress WebSocket messages (less traffic, more server CPU)"),
    ] = True,
    public_url: Annotated[
        str | None,
        typer.Option(
            help="the address others open the site at, for invite links (behind a proxy:"
            " https://games.example.org); default: the address each page was opened with"
        ),
    ] = None,
    idle_hours: Annotated[
        float,
        typer.Option(min=0, help="close a table nobody touched for this many hours (0: never)"),
    ] = 72.0,
    vapid_private_key: Annotated[
        str | None,
        typer.Option(
            envvar=VAPID_KEY_VARIABLE,
            help="PEM file of the site's VAPID key for push notifications (default: one made"
            " on first start and kept in the database)",
        ),
    ] = None,
    vapid_contact: Annotated[
        str,
        typer.Option(
            envvar=VAPID_CONTACT_VARIABLE,
            help="mailto: or https: address push services may reach the site's keeper at",
        ),
    ] = DEFAULT_CONTACT,
    smtp_url: Annotated[
        str | None,
        typer.Option(
            envvar=SMTP_URL_VARIABLE,
            help="send mails through smtp://user:password@host:port (smtps:// for TLS); off"
            " unless given",
        ),
    ] = None,
    mail_from: Annotated[
        str | None, typer.Option(envvar=MAIL_FROM_VARIABLE, help="the mails' sender address")
    ] = None,
) -> None:
    """Serve the browser app: a lobby, tables to play at, and replays.

    `--host 0.0.0.0` lets phones and other computers on the house network join."""
    # On use, not at start-up: the web server loads FastAPI, SQLAlchemy and uvicorn.
    from ludoteca.web.server import serve as run_server

    notify = NotifySettings(vapid_private_key, vapid_contact, smtp_url, mail_from)

    with _errors():
        run_server(
            host,
            port,
            database,
            workers,
            ws_compression=ws_compression,
            public_url=public_url,
            idle_hours=idle_hours,
            notify=notify,
        )


@app.command()
def solve(
    game: Annotated[str, typer.Argument(help="game id; a game with a `solve` module (siege)")],
    time: Annotated[
        float | None, typer.Option("--time", min=0, help="stop after this many seconds")
    ] = None,
    depth: Annotated[int, typer.Option("--depth", min=1, help="deepest search, in plies")] = 200,
    checkpoint: Annotated[
        Path | None,
        typer.Option("--checkpoint", dir_okay=False, help="JSON file to resume from and save to"),
    ] = None,
    method: Annotated[
        str, typer.Option("--method", help="proof (forward proof search) or retro (siege tables)")
    ] = "proof",
    tables: Annotated[
        Path | None,
        typer.Option("--tables", file_okay=False, help="retro: the tables' folder (resumes)"),
    ] = None,
    log: Annotated[
        Path | None, typer.Option("--log", dir_okay=False, help="retro: append progress here")
    ] = None,
) -> None:
    """Search for the game-theoretic value of a game's starting position (resumable)."""
    with _errors():
        game_class(game)
        if method == "retro":
            retro = game_module(game, "fast_retro")
            if retro is None or tables is None:
                raise UnknownGameError("--method retro needs --tables DIR (a game with it: siege)")
            retro.run(Console(), tables, seconds=time, log=log)
            return
        if method != "proof":
            raise UnknownGameError(f"--method is proof or retro, not {method!r}")
        solver = game_module(game, "solve")
        if solver is None:
            with_one = [info.id for info in registered_games() if game_module(info.id, "solve")]
            raise UnknownGameError(f"no solver for {game!r}; games with one: {', '.join(with_one)}")
        solver.run(Console(), seconds=time, max_depth=depth, checkpoint=checkpoint)


@app.command()
def tune(
    game: Annotated[str, typer.Argument(help="game id; a game whose greedy bot has weights")],
    players: Annotated[int, typer.Option("--players", help="players per tuning game")] = 2,
    generations: Annotated[
        int, typer.Option("--generations", help="rounds of sampling and refitting")
    ] = 8,
    population: Annotated[
        int, typer.Option("--population", help="weight vectors tried per generation")
    ] = 16,
    games: Annotated[
        int, typer.Option("--games", help="games per weight vector per generation")
    ] = 100,
    seed: Annotated[int, typer.Option("--seed", help="seed of the whole search")] = 0,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs", help="worker processes (the result does not depend on it) [default: 1]"
        ),
    ] = None,
    cluster: ClusterOption = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            dir_okay=False,
            help="where to write (default: the game's tuned-<N>p.json, played at N players)",
        ),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="a game option as name=value (repeatable)"),
    ] = None,
) -> None:
    """Tune a game's greedy bot by self-play (cross-entropy method); writes its `tuned` weights."""
    # On use, not at start-up: tuning loads the arena and its cluster runner.
    from ludoteca.agents.tuned import count_path
    from ludoteca.arena.cluster import parse_cluster
    from ludoteca.arena.tune import TuneSettings
    from ludoteca.arena.tune import tune as run_tune

    with _errors():
        game_class(game)
        settings = TuneSettings(
            game, players, generations, population, games, seed, parse_assignments(option or [])
        )
        on = None if cluster is None else parse_cluster(cluster)
        console = Console()
        result = run_tune(
            settings, jobs=jobs if jobs is not None or on else 1, console=console, cluster=on
        )
        path = out or count_path(game, players)
        result.write(path)
        last = result.history[-1]
        console.print(
            f"generation {last['generation']}: best {last['best']:+.3f}, mean {last['mean']:+.3f}"
        )
        for name, value in result.weights.items():
            console.print(f"  {name} = {value:g} (default {result.defaults[name]:g})")
        console.print(f"wrote {path}")


@app.command()
def arena(
    game: Annotated[str, typer.Argument(help="game id, e.g. siege")],
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            "-a",
            help="two or more agent specs, e.g. greedy,random,mcts:iterations=200;"
            " seats rotate so each plays every seat equally often",
        ),
    ],
    games: Annotated[
        int, typer.Option("--games", "-n", help="number of games, a multiple of the agent count")
    ] = 100,
    seed: Annotated[
        int,
        typer.Option(
            min=0, max=2**48 - 1, help="tournament seed; each game's seed derives from it"
        ),
    ] = 0,
    jobs: Annotated[
        int | None,
        typer.Option("--jobs", "-j", min=1, help="worker processes (default: CPU count)"),
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="players per game (default: game's)")
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="a game option as name=value (repeatable)"),
    ] = None,
    max_actions: Annotated[
        int, typer.Option(min=1, help="actions after which a game is stopped unfinished")
    ] = 20_000,
    database: Annotated[
        str | None,
        typer.Option(help="SQLAlchemy URL of the database (default: the web app's ludoteca.db)"),
    ] = None,
    csv: Annotated[
        Path | None, typer.Option("--csv", dir_okay=False, help="write one row per game here")
    ] = None,
    json: Annotated[
        Path | None,
        typer.Option("--json", dir_okay=False, help="write run, games and summary here"),
    ] = None,
    cluster: ClusterOption = None,
) -> None:
    """Bots against bots: a stored, resumable tournament with statistics and ratings."""
    # On use, not at start-up: the arena loads its store (SQLAlchemy) and the web server's.
    from ludoteca.arena.command import ArenaRequest, run_arena
    from ludoteca.web.server import DEFAULT_DATABASE

    with _errors():
        code = run_arena(
            Console(),
            ArenaRequest(
                game=game,
                agents=agents,
                games=games,
                seed=seed,
                jobs=jobs,
                database=database or DEFAULT_DATABASE,
                players=players,
                options=option or [],
                max_actions=max_actions,
                csv=csv,
                json=json,
                cluster=cluster,
            ),
        )
    if code:
        raise typer.Exit(code)


@app.command()
def analyze(
    game: Annotated[str, typer.Argument(help="game id, e.g. siege")],
    agent: SelfPlayAgent = None,
    games: Annotated[int, typer.Option("--games", min=1, help="games to play")] = 200,
    players: PlayerCount = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="a game option as name=value (repeatable)"),
    ] = None,
    compare: Annotated[
        str | None,
        typer.Option(help="also play each value of this option (e.g. variant) and compare them"),
    ] = None,
    seed: RunSeed = 0,
    jobs: Jobs = None,
    out: Annotated[
        Path, typer.Option("--out", dir_okay=False, help="the HTML report to write")
    ] = Path("report.html"),
    figures: Annotated[
        Path | None,
        typer.Option("--figures", file_okay=False, help="also save each figure as a PNG here"),
    ] = None,
    cluster: ClusterOption = None,
) -> None:
    """Self-play a game and write an HTML balance report: win rates, lengths, rules, variants."""

    # On use, not at start-up: the balance report loads the arena and matplotlib.
    from ludoteca.analysis.report import write_report
    from ludoteca.analysis.run import analyze as run_analysis
    from ludoteca.analysis.selfplay import SelfPlay
    from ludoteca.arena.cluster import parse_cluster

    with _errors():
        run = SelfPlay(
            game=game,
            agent=agent or "",
            games=games,
            seed=seed,
            players=players,
            options=parse_assignments(option or []),
        )
        on = None if cluster is None else parse_cluster(cluster)
        console = Console()
        workers = jobs or (None if on else os.cpu_count() or 1)
        analysis = run_analysis(run, compare=compare, jobs=workers, console=console, cluster=on)
        path = write_report(analysis, out, figures)
        console.print(f"{analysis.summary.games} games; report written to {path}")


@app.command("review-fit")
def review_fit(
    game: Annotated[str, typer.Argument(help="game id, e.g. ludo")],
    agent: SelfPlayAgent = None,
    games: Annotated[int, typer.Option("--games", min=10, help="self-play games")] = 300,
    players: PlayerCount = None,
    per_game: Annotated[
        int, typer.Option("--per-game", min=1, help="positions sampled per game")
    ] = 30,
    l2: Annotated[
        float | None,
        typer.Option("--l2", min=0.0, help="weight decay [default: chosen on validation games]"),
    ] = None,
    seed: RunSeed = 0,
    jobs: Jobs = None,
    plot: Annotated[
        Path | None,
        typer.Option("--plot", dir_okay=False, help="save the reliability plot (PNG) here"),
    ] = None,
    evaluation: Annotated[
        bool,
        typer.Option(help="add the game's own evaluation to the features (slow in museum)"),
    ] = True,
    samples: Annotated[
        Path | None,
        typer.Option(
            "--samples", dir_okay=False, help="cache of the self-play positions (npz) to reuse"
        ),
    ] = None,
) -> None:
    """Fit a game's value function for `review` on self-play and calibrate it on held-out games."""

    # On use, not at start-up: fitting loads the review's values and self-play.
    from ludoteca.analysis.selfplay import SelfPlay
    from ludoteca.review.fit import fit_game
    from ludoteca.review.samples import Sampling

    with _errors():
        run = SelfPlay(game=game, agent=agent or "", games=games, seed=seed, players=players)
        console = Console()
        sampling = Sampling(run, per_game, evaluation)
        fitted = fit_game(sampling, l2, jobs or os.cpu_count() or 1, plot, console, samples)
        c = fitted.calibration
        console.print(
            f"{fitted.train_games} games fitted, {c.games} held out ({c.positions} positions):"
            f" Brier {c.brier:.4f} against {c.baseline:.4f} for the constant baseline"
            f" (skill {c.skill:.1%}); written to {fitted.path}"
        )


@app.command()
def train(
    game: Annotated[str, typer.Argument(help="game id, e.g. ludo")],
    players: PlayerCount = None,
    agent: SelfPlayAgent = None,
    games: Annotated[
        int, typer.Option("--games", min=10, help="self-play games to learn from")
    ] = 1500,
    per_game: Annotated[
        int, typer.Option("--per-game", min=1, help="decisions kept per game")
    ] = 64,
    test_games: Annotated[
        int, typer.Option("--test-games", min=2, help="held-out games of another seed")
    ] = 150,
    steps: Annotated[int, typer.Option("--steps", min=1, help="training steps in all")] = 20000,
    hidden: Annotated[str, typer.Option("--hidden", help="hidden layer widths")] = "64,32",
    rate: Annotated[float, typer.Option("--rate", min=0.0, help="Adam's learning rate")] = 1e-3,
    batch: Annotated[int, typer.Option("--batch", min=1, help="positions per step")] = 256,
    weight_decay: Annotated[
        float, typer.Option("--weight-decay", min=0.0, help="Adam's weight decay")
    ] = 1e-4,
    check_every: Annotated[
        int, typer.Option("--check-every", min=1, help="steps between validation checks")
    ] = 250,
    patience: Annotated[
        int, typer.Option("--patience", min=0, help="checks without progress before stopping")
    ] = 8,
    seed: RunSeed = 0,
    jobs: Jobs = None,
    work: Annotated[
        Path, typer.Option("--work", file_okay=False, help="positions, checkpoint and weights")
    ] = Path(".runs/train"),
    ship: Annotated[
        bool, typer.Option(help="ship the weights if they beat the softmax value")
    ] = False,
    plot: Annotated[
        Path | None,
        typer.Option("--plot", dir_okay=False, help="save the training curve (PNG) here"),
    ] = None,
    method: Annotated[
        str, typer.Option("--method", help="mc: fit to the bots' games; td: TD(lambda) self-play")
    ] = "mc",
    deviate: Annotated[
        bool,
        typer.Option(help="mc: also learn from each game replayed with one random move"),
    ] = False,
    residual: Annotated[
        bool, typer.Option(help="mc: learn beside the softmax value, from its weights")
    ] = False,
    duel_games: Annotated[
        int | None,
        typer.Option("--duel-games", min=2, help="mc: seeds learned plays by both [default: 240]"),
    ] = None,
    generations: Annotated[
        int, typer.Option("--generations", min=1, help="td: generations in all")
    ] = 200,
    per_generation: Annotated[
        int, typer.Option("--per-generation", min=1, help="td: games per generation")
    ] = 64,
    td_steps: Annotated[
        int, typer.Option("--td-steps", min=1, help="td: Adam steps per generation")
    ] = 100,
    lam: Annotated[float, typer.Option("--lam", min=0.0, max=1.0, help="td: lambda")] = 0.7,
    explore: Annotated[
        float, typer.Option("--explore", min=0.0, max=1.0, help="td: chance of a random move")
    ] = 0.02,
    strength_every: Annotated[
        int, typer.Option("--strength-every", min=0, help="td: generations between checks")
    ] = 0,
    strength_games: Annotated[
        int, typer.Option("--strength-games", min=1, help="td: games of a strength check")
    ] = 30,
    rate_half_life: Annotated[
        int, typer.Option("--rate-half-life", min=0, help="td: generations to halve --rate")
    ] = 0,
    average: Annotated[
        float,
        typer.Option("--average", min=0.0, max=0.9999, help="td: weights' moving-average decay"),
    ] = 0.0,
    versus_greedy: Annotated[
        float,
        typer.Option("--versus-greedy", min=0.0, max=1.0, help="td: share of games vs greedy"),
    ] = 0.0,
) -> None:
    """Train a value network by self-play (the `learn` extra: PyTorch) and test it on held-out
    games; a run stopped and started again resumes from its checkpoint."""
    if method not in ("mc", "td"):
        raise typer.BadParameter(f"--method is mc or td, not {method!r}")
    if method == "td":
        _train_td(game, players, hidden, rate, batch, seed, work, ship, plot,
                  generations, per_generation, td_steps, lam, explore, strength_every,
                  strength_games, rate_half_life, average, versus_greedy)  # fmt: skip
        return
    with _errors():
        with _needs_torch():  # on use, not at start-up: training needs the `learn` extra
            from ludoteca.learn.command import Job, plot_curve, report
            from ludoteca.learn.command import train as run_training
            from ludoteca.learn.duel import GAMES as DUEL_GAMES
            from ludoteca.learn.train import Settings
        settings = Settings(
            hidden=_widths(hidden), rate=rate, weight_decay=weight_decay, batch=batch,
            check_every=check_every, patience=patience, seed=seed,
        )  # fmt: skip
        job = Job(game, players, agent or "", games, per_game, test_games, steps, settings,
                  jobs or os.cpu_count() or 1, work, ship, deviate, residual,
                  duel_games or DUEL_GAMES)  # fmt: skip
        console = Console()
        outcome = run_training(job, console)
        console.print(report(outcome))
        if plot is not None:
            title = f"{game}, {job.load_game().num_players} players: loss while training"
            plot_curve(outcome.curve, title, plot)


@contextmanager
def _needs_torch() -> Iterator[None]:
    """Imports of the `learn` extra: without torch, one line saying what to install."""
    try:
        yield
    except ImportError as exc:
        if exc.name != "torch":
            raise
        raise MissingExtraError("torch is not installed: pip install 'ludoteca[learn]'") from exc


def _widths(hidden: str) -> tuple[int, ...]:
    """`--hidden 64,32`: the widths of the network's hidden layers."""
    try:
        return tuple(int(w) for w in hidden.split(","))
    except ValueError:
        raise InvalidOptionError(f"--hidden is widths such as 64,32, not {hidden!r}") from None


def _train_td(
    game: str, players: int | None, hidden: str, rate: float, batch: int, seed: int,
    work: Path, ship: bool, plot: Path | None, generations: int, per_generation: int,
    td_steps: int, lam: float, explore: float, strength_every: int, strength_games: int,
    rate_half_life: int, average: float, versus_greedy: float,
) -> None:  # fmt: skip
    """`train --method td`: TD(lambda) self-play on the compiled kernel (`learn.td_command`)."""
    with _errors():
        with _needs_torch():
            from ludoteca.learn.td import TDSettings
            from ludoteca.learn.td_command import TDJob, plot_td_curve, report_td, run_td
        settings = TDSettings(
            hidden=_widths(hidden), rate=rate, lam=lam, explore=explore, games=per_generation,
            steps=td_steps, batch=batch, seed=seed, rate_half_life=rate_half_life,
            average=average, versus_greedy=versus_greedy,
        )  # fmt: skip
        job = TDJob(game, players, settings, generations, strength_every, strength_games,
                    work, ship)  # fmt: skip
        console = Console()
        trainer, path, shipped = run_td(job, console)
        console.print(report_td(job, trainer, path, shipped))
        if plot is not None:
            title = f"{game}, {trainer.game.num_players} players: TD self-play"
            plot_td_curve(trainer.curve, title, plot)


@app.command()
def review(
    record: Annotated[Path, typer.Argument(help="a game record (JSON), as `play` or the web save")],
    html: Annotated[
        Path | None, typer.Option("--html", dir_okay=False, help="write the HTML review here")
    ] = None,
    json_out: Annotated[
        Path | None, typer.Option("--json", dir_okay=False, help="write the review as JSON here")
    ] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="worker processes")] = 1,
) -> None:
    """Review a recorded game: win chances, the loss of every decision, the luck of every roll."""
    # On use, not at start-up: the review loads its values, reports and figures.
    from ludoteca.review.command import run_review

    with _errors():
        run_review(record, html, json_out, jobs, Console())
