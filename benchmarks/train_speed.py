"""PyTorch against JAX (with optax) on the optimisation our trainers run, on these CPU cores.

    make bench-train                     # creates .venv-jax (benchmarks/requirements-jax.txt), runs
    python benchmarks/train_speed.py --jax-python .venv-jax/bin/python --rounds 3 --steps 2000

Issue 30 asks to choose the training library "by measured training speed on these two CPU cores
and by install size". The workload is the step `ludoteca.learn` repeats: a minibatch of 256
positions drawn from the samples, the network applied to every seat's observation, the
cross-entropy of the softmax over seats against the targets, one Adam step, and the loss read
back (the trainers log it every step). It is run for three shipped networks, whose observation
size, layers and player count are read from the files in `review/nets/`.

Each library runs in its own process (the torch one in this interpreter's environment, the JAX
one in `--jax-python`'s), pinned to one core and then to two (`sched_setaffinity`, and the
library's own thread count where it has one). Both start from the same weights and draw the
same minibatches, so their losses must agree to float32 rounding: the table shows the largest
difference over the first steps, which checks that the two train the same network. Speed is
wall-clock steps a second after a warm-up (JAX's compilation is reported on its own), best of
`--rounds` rounds, the libraries alternating so that other load on a shared machine hits both.
The install size is the size on disk of the library's distributions and everything they require,
numpy excepted (the project needs it anyway).
"""

from __future__ import annotations

import argparse
import importlib.metadata as metadata
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

NETS = Path(__file__).resolve().parents[1] / "src" / "ludoteca" / "review" / "nets"
WORKLOADS = ("selfplay/museum-2p.npz", "bremen-2p.npz", "ludo-5p.npz")
"""One network per trainer and shape: museum's TD net (one hidden layer), bremen's review net
(the widest observation), five-player ludo's (the most seats a position)."""
SAMPLES = 20_000
BATCH = 256
RATE = 5e-4
COMPARED_STEPS = 50
LIBRARIES = {"torch": ("torch",), "jax": ("jax", "jaxlib", "optax")}


WITHDRAWN: dict[str, dict[str, Any]] = {
    "bremen-2p.npz": {"size": 929, "hidden": [64, 32], "players": 2}
}
"""Workloads whose network is no longer shipped, by the shape it had: bremen 2's review network
was withdrawn on 2026-12-03 (it ranked moves badly, docs/learning.md), and its 929 inputs are
still the widest observation a review network reads."""


def workload(name: str) -> dict[str, Any]:
    """The shape of network `name` (shipped, or in `WITHDRAWN`): observation size, hidden
    layers, players."""
    if name in WITHDRAWN and not (NETS / name).exists():
        return {"net": name, **WITHDRAWN[name]}
    with np.load(NETS / name) as saved:
        meta = json.loads(str(saved["meta"]))
    hidden = meta.get("hidden") or meta["settings"]["hidden"]
    return {
        "net": name,
        "size": int(meta["observation_size"]),
        "hidden": [int(h) for h in hidden],
        "players": int(meta["players"]),
    }


def problem(spec: dict[str, Any], steps: int) -> dict[str, np.ndarray]:
    """The samples, the first weights and every minibatch's rows, the same for both libraries."""
    rng = np.random.default_rng(0)
    size, players = spec["size"], spec["players"]
    x = (rng.random((SAMPLES, players, size)) < 0.1).astype(np.float32)
    y = np.eye(players, dtype=np.float32)[rng.integers(players, size=SAMPLES)]
    arrays = {"x": x, "y": y, "picks": rng.integers(SAMPLES, size=(steps, BATCH))}
    width = size
    for i, h in enumerate([*spec["hidden"], 1]):
        bound = np.sqrt(6.0 / width)
        arrays[f"w{i}"] = rng.uniform(-bound, bound, (width, h)).astype(np.float32)
        arrays[f"b{i}"] = np.zeros(h, dtype=np.float32)
        width = h
    return arrays


def layers(arrays: dict[str, np.ndarray]) -> list[tuple[np.ndarray, np.ndarray]]:
    count = sum(1 for k in arrays if k.startswith("w"))
    return [(arrays[f"w{i}"], arrays[f"b{i}"]) for i in range(count)]


def torch_trainer(arrays: dict[str, np.ndarray], threads: int) -> Callable[[int], float]:
    """One step of `ludoteca.learn`'s optimisation as it is written there (nn.Sequential, Adam)."""
    import torch
    from torch import nn

    torch.set_num_threads(threads)
    modules: list[nn.Module] = []
    for w, b in layers(arrays):
        linear = nn.Linear(*w.shape)
        with torch.no_grad():
            linear.weight.copy_(torch.from_numpy(w.T.copy()))
            linear.bias.copy_(torch.from_numpy(b))
        modules += [linear, nn.ReLU()]
    net = nn.Sequential(*modules[:-1])
    optimiser = torch.optim.Adam(net.parameters(), lr=RATE)
    x, y = torch.from_numpy(arrays["x"]), torch.from_numpy(arrays["y"])
    picks = torch.from_numpy(arrays["picks"])

    def step(i: int) -> float:
        pick = picks[i]
        scores = net(x[pick]).squeeze(-1)
        loss = -(y[pick] * torch.log_softmax(scores, dim=-1)).sum(dim=-1).mean()
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()
        return float(loss.item())

    return step


def jax_trainer(arrays: dict[str, np.ndarray], threads: int) -> Callable[[int], float]:
    """The same step written as JAX users write it: one jitted function, data on the device."""
    import jax
    import jax.numpy as jnp
    import optax

    def loss_of(params: Any, x: Any, y: Any) -> Any:
        h = x
        for w, b in params[:-1]:
            h = jax.nn.relu(h @ w + b)
        w, b = params[-1]
        scores = (h @ w + b)[..., 0]
        return -(y * jax.nn.log_softmax(scores, axis=-1)).sum(axis=-1).mean()

    optimiser = optax.adam(RATE)
    x, y = jnp.asarray(arrays["x"]), jnp.asarray(arrays["y"])
    picks = jnp.asarray(arrays["picks"])

    @jax.jit
    def update(params: Any, state: Any, pick: Any) -> Any:
        loss, grads = jax.value_and_grad(loss_of)(params, x[pick], y[pick])
        updates, state = optimiser.update(grads, state, params)
        return optax.apply_updates(params, updates), state, loss

    held = {"params": [(jnp.asarray(w), jnp.asarray(b)) for w, b in layers(arrays)]}
    held["state"] = optimiser.init(held["params"])

    def step(i: int) -> float:
        held["params"], held["state"], loss = update(held["params"], held["state"], picks[i])
        return float(loss)

    return step


def measure(library: str, spec: dict[str, Any], threads: int, steps: int) -> dict[str, Any]:
    """In this process: the first losses, the first step's time and the steps a second."""
    os.sched_setaffinity(0, set(sorted(os.sched_getaffinity(0))[:threads]))
    arrays = problem(spec, COMPARED_STEPS + steps)
    make = torch_trainer if library == "torch" else jax_trainer
    step = make(arrays, threads)
    start = time.perf_counter()
    losses = [step(0)]
    first = time.perf_counter() - start
    losses += [step(i) for i in range(1, COMPARED_STEPS)]
    start = time.perf_counter()
    for i in range(COMPARED_STEPS, COMPARED_STEPS + steps):
        step(i)
    seconds = time.perf_counter() - start
    return {
        "library": library,
        "version": metadata.version(LIBRARIES[library][0]),
        "threads": threads,
        "first_step_s": first,
        "steps_per_s": steps / seconds,
        "losses": losses,
    }


def install_bytes(library: str) -> int:
    """Bytes on disk of `library`'s distributions and all they require, numpy excepted."""
    seen: set[str] = set()
    todo = list(LIBRARIES[library])
    total = 0
    while todo:
        name = re.sub(r"[-_.]+", "-", todo.pop()).lower()
        if name in seen or name == "numpy":
            continue
        seen.add(name)
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        total += sum(
            p.stat().st_size for f in dist.files or [] if (p := Path(str(f.locate()))).is_file()
        )
        for requirement in dist.requires or []:
            if "extra ==" not in requirement:
                todo.append(re.split(r"[\s;<>=!~\[(]", requirement, maxsplit=1)[0])
    return total


def child(
    python: str, library: str, spec: dict[str, Any], threads: int, steps: int
) -> dict[str, Any]:
    arguments = json.dumps({"library": library, "spec": spec, "threads": threads, "steps": steps})
    out = subprocess.run(
        [python, __file__, "--child", arguments], capture_output=True, text=True, check=False
    )
    if out.returncode != 0:
        raise SystemExit(f"{library} run failed:\n{out.stderr[-2000:]}")
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--jax-python", default=".venv-jax/bin/python", help="an interpreter with jax and optax"
    )
    parser.add_argument("--torch-python", default=sys.executable, help="an interpreter with torch")
    parser.add_argument("--steps", type=int, default=2000, help="timed steps a run")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each; the best counts")
    parser.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--json", type=Path, help="write the rows here")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        job = json.loads(args.child)
        row = measure(job["library"], job["spec"], job["threads"], job["steps"])
        row["install_mb"] = install_bytes(job["library"]) / 1e6
        print(json.dumps(row))
        return
    pythons = {"torch": args.torch_python, "jax": args.jax_python}
    rows = []
    print(f"{'net':24} threads  torch steps/s  jax steps/s  jax÷torch  jax compile s  loss diff")
    for name in WORKLOADS:
        spec = workload(name)
        for threads in args.threads:
            best: dict[str, dict[str, Any]] = {}
            for _ in range(args.rounds):
                for library, python in pythons.items():
                    run = child(python, library, spec, threads, args.steps)
                    if library not in best or run["steps_per_s"] > best[library]["steps_per_s"]:
                        best[library] = run
            torch_row, jax_row = best["torch"], best["jax"]
            diff = float(np.max(np.abs(np.subtract(torch_row["losses"], jax_row["losses"]))))
            ratio = jax_row["steps_per_s"] / torch_row["steps_per_s"]
            print(
                f"{name:24} {threads:7}  {torch_row['steps_per_s']:13,.0f}"
                f"  {jax_row['steps_per_s']:11,.0f}  {ratio:9.2f}"
                f"  {jax_row['first_step_s']:13.2f}  {diff:9.1e}"
            )
            rows.append(
                {**spec, "threads": threads, "torch": torch_row, "jax": jax_row, "loss_diff": diff}
            )
    sizes = {library: rows[0][library]["install_mb"] for library in pythons}
    versions = {library: rows[0][library]["version"] for library in pythons}
    print(
        f"installed (numpy excepted): torch {versions['torch']} {sizes['torch']:,.0f} MB, "
        f"jax {versions['jax']} with jaxlib and optax {sizes['jax']:,.0f} MB"
    )
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main()
