"""Mutation testing of the modules where a bug costs most (`make mutate`; not in CI: it is long).

mutmut (the `mutate` extra) changes the code of the modules `[tool.mutmut] only_mutate` names in
pyproject.toml one small change at a time (a `<` for a `<=`, a constant, a dropped call) and runs
the quick tests that reach the changed function (`pytest_add_cli_args_test_selection`); a change
no test notices survives. All of it happens in a scratch copy of the tree (`--dir`, default
`.runs/mutate/`): the tracked and untracked files that git does not ignore are copied there and
mutmut works inside it, so the tree itself is never touched.

    python benchmarks/mutate.py                 # every mutant of every module (hours)
    python benchmarks/mutate.py --sample 40     # 40 mutants per module, drawn with --seed
    python benchmarks/mutate.py --module limits --module leases   # only these modules
    python benchmarks/mutate.py --blank tests/web/http/test_bot_limits.py  # without a test's cases
    python benchmarks/mutate.py --keep --only .runs/mutate/survivors.txt  # again, just these

A rate before and after new tests: the first run with `--blank` for each new test file (kept in
the selection, its cases taken out), the second with `--keep --only survivors.txt`, which copies
the tree again (the tests whole), keeps every mutant already killed (more tests kill no fewer)
and tries the survivors against the new tests as well.

At the end it prints the kill rate per module and writes `report.md` beside the copy, with the
diff of every survivor (docs/testing.md lists those that are equivalent, and why).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

KILLED = {1, 3}
"""mutmut's exit codes of a mutant the tests caught (3: pytest stopped on an internal error)."""
SURVIVED = 0
NO_TESTS = {5, 33}
TIMEOUT = {24, -24, 36, 152, 255}

GENERATE = (
    "from mutmut.__main__ import create_mutants, setup_source_paths\n"
    "from mutmut.utils.file_utils import copy_also_copy_files, copy_src_dir\n"
    "copy_src_dir(); copy_also_copy_files(); setup_source_paths(); create_mutants(2)\n"
)
"""mutmut's first step alone (copy and mutate, no test run), to learn the mutants' names."""


def copy_tree(target: Path) -> None:
    """The work tree as git sees it (tracked, and untracked but not ignored) into `target`."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout
    for name in sorted(set(filter(None, listed.decode().split("\0")))):
        source = ROOT / name
        if not source.is_file():  # deleted but still tracked
            continue
        destination = target / name
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, destination)


def blank_tests(tree: Path, blanked: list[str]) -> None:
    """Take the cases out of test files of the copy (each stays, a module without tests)."""
    for name in blanked:
        (tree / name).write_text('"""Left out of this mutation run (`--blank`)."""\n')


def module_of(meta: Path, mutants: Path) -> str:
    """`mutants/src/ludoteca/web/http/limits.py.meta` -> `web/http/limits`."""
    relative = meta.relative_to(mutants / "src" / "ludoteca").as_posix()
    return relative.removesuffix(".py.meta")


def read_results(tree: Path) -> dict[str, dict[str, int | None]]:
    """Module -> mutant name -> mutmut's exit code (None: not run)."""
    mutants = tree / "mutants"
    results: dict[str, dict[str, int | None]] = {}
    for meta in sorted(mutants.rglob("*.py.meta")):
        codes = json.loads(meta.read_text())["exit_code_by_key"]
        results[module_of(meta, mutants)] = dict(codes)
    return results


def chosen(results: dict[str, dict[str, int | None]], args: argparse.Namespace) -> list[str]:
    """The mutants to run: every one of the modules asked for, or a seeded sample of each
    (with `--keep`, of those not tried yet)."""
    if args.only:
        return sorted(set(args.only.read_text().split()))
    draw = random.Random(args.seed)
    names: list[str] = []
    for module, codes in sorted(results.items()):
        if args.module and not any(module.endswith(m) for m in args.module):
            continue
        pool = sorted(name for name, code in codes.items() if code is None or not args.keep)
        if args.sample and len(pool) > args.sample:
            pool = sorted(draw.sample(pool, args.sample))
        names += pool
    return names


def tally(codes: list[int | None]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for code in codes:
        if code in KILLED:
            counts["killed"] += 1
        elif code == SURVIVED:
            counts["survived"] += 1
        elif code in NO_TESTS:
            counts["no tests"] += 1
        elif code in TIMEOUT:
            counts["timeout"] += 1  # an endless loop the tests stopped: counted as caught
        elif code is None:
            counts["not run"] += 1
        else:
            counts["other"] += 1
    return counts


def report(tree: Path, env: dict[str, str]) -> str:
    results = read_results(tree)
    lines = [
        "| module | mutants run | killed | timeout | survived | no tests | kill rate |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    survivors: list[str] = []
    for module, codes in sorted(results.items()):
        run = {name: code for name, code in codes.items() if code is not None}  # tried, ever
        if not run:
            continue
        counts = tally(list(run.values()))
        done = len(run) - counts["not run"]
        caught = counts["killed"] + counts["timeout"]
        rate = f"{100 * caught / done:.0f}%" if done else "-"
        lines.append(
            f"| {module} | {done} of {len(codes)} | {counts['killed']} | {counts['timeout']}"
            f" | {counts['survived']} | {counts['no tests']} | {rate} |"
        )
        survivors += [name for name, code in sorted(run.items()) if code in {SURVIVED, *NO_TESTS}]
    lines += ["", f"## Survivors ({len(survivors)})", ""]
    for name in survivors:
        shown = subprocess.run(
            [sys.executable, "-m", "mutmut", "show", name],
            cwd=tree,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        lines += [f"### {name}", "", "```diff", shown.stdout.strip(), "```", ""]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", type=Path, default=ROOT / ".runs" / "mutate")
    parser.add_argument("--sample", type=int, default=0, help="mutants per module (0: all)")
    parser.add_argument("--seed", type=int, default=36)
    parser.add_argument("--module", action="append", default=[], help="e.g. web/http/limits")
    parser.add_argument("--jobs", type=int, default=1, help="mutants tested at once")
    parser.add_argument("--keep", action="store_true", help="reuse the copy and its results")
    parser.add_argument("--blank", action="append", default=[], help="a test file to empty")
    parser.add_argument("--only", type=Path, help="a file of mutant names to run, one a line")
    args = parser.parse_args()

    tree = args.dir.resolve() / "tree"
    if tree.exists() and not args.keep:
        shutil.rmtree(tree)
    copy_tree(tree)  # again with --keep: the tests as they are now
    blank_tests(tree, args.blank)
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    # The copy's kernels compile into a cache of their own (ludoteca.core.compiled).
    env["NUMBA_CACHE_DIR"] = str(args.dir.resolve() / "numba")
    python = sys.executable
    subprocess.run([python, "-c", GENERATE], cwd=tree, env=env, check=True)
    names = chosen(read_results(tree), args)
    print(f"mutate: {len(names)} mutants to run in {tree}", flush=True)
    run = [python, "-m", "mutmut", "run", "--max-children", str(args.jobs), *names]
    subprocess.run(run, cwd=tree, env=env, check=False)
    text = report(tree, env)
    (args.dir / "report.md").write_text(text)
    survivors = [line.removeprefix("### ") for line in text.splitlines() if line.startswith("### ")]
    (args.dir / "survivors.txt").write_text("".join(f"{name}\n" for name in survivors))
    print(text.split("\n## ")[0])
    print(f"survivors and their diffs: {args.dir / 'report.md'}")


if __name__ == "__main__":
    main()
