"""The shape of the code: the figures issue 32 asks for, measured the same way before and after.

    python benchmarks/code_shape.py            # the figures
    python benchmarks/code_shape.py --list     # also every import made inside a function

- modules directly in `web/`: its `.py` files, packages below it not counted;
- import levels and loops, of `ludoteca.web` and of the whole package: the modules as a graph
  of their imports (at module level and inside functions, not those under `TYPE_CHECKING`,
  which never run); a loop is a group of modules that reach each other (a strongly connected
  component of two or more), and the levels are the longest chain of imports once each loop
  counts as one node;
- imports inside functions: every `import` statement in a function's body, any module.

The repeated places are counted by the `duplicates` command (`duplicates --repo src`), the
suite's time by CI. Reads the source as text (`ast`); imports nothing of ludoteca.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"


@dataclass
class Graph:
    """Every module of the package and the modules of the package each one imports."""

    modules: dict[str, Path] = field(default_factory=dict)
    imports: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    in_functions: list[tuple[str, int, str]] = field(default_factory=list)
    """(module, line, the statement) of each import made inside a function."""


def module_name(path: Path, src: Path) -> str:
    parts = list(path.relative_to(src).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _targets(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> Iterator[str]:
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
        return
    base = node.module or ""
    if node.level:
        package = module.split(".") if is_package else module.split(".")[:-1]
        package = package[: len(package) - node.level + 1]
        base = ".".join([*package, base] if base else package)
    # `from package import module` counts as an import of the module (as import-linter counts
    # it); a name that is not a module resolves to the module defining it (see `_visit`).
    yield from (f"{base}.{alias.name}" for alias in node.names)


def _is_type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _visit(graph: Graph, node: ast.AST, module: str, is_package: bool, in_function: bool) -> None:
    for child in ast.iter_child_nodes(node):
        if _is_type_checking(child):
            continue
        if isinstance(child, ast.Import | ast.ImportFrom):
            if in_function:
                graph.in_functions.append((module, child.lineno, ast.unparse(child)))
            for target in _targets(child, module, is_package):
                while target and target not in graph.modules:
                    target = target.rpartition(".")[0]
                if target and target != module:
                    graph.imports[module].add(target)
        function = isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
        _visit(graph, child, module, is_package, in_function or function)


def read(src: Path, package: str = "ludoteca") -> Graph:
    graph = Graph()
    for path in sorted((src / package).rglob("*.py")):
        graph.modules[module_name(path, src)] = path
    for module, path in graph.modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        _visit(graph, tree, module, path.name == "__init__.py", False)
    return graph


def loops(nodes: set[str], imports: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of the graph (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    for root in sorted(nodes):
        if root in index:
            continue
        work = [(root, iter(sorted(imports[root] & nodes)))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        top = stack.pop()
                        on_stack.discard(top)
                        component.append(top)
                        if top == node:
                            break
                    components.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(imports[child] & nodes))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return components


def levels(nodes: set[str], imports: dict[str, set[str]]) -> tuple[int, list[list[str]]]:
    """The longest chain of imports (each loop one node) and the loops themselves."""
    components = loops(nodes, imports)
    group = {module: k for k, component in enumerate(components) for module in component}
    # Tarjan's components come out in reverse topological order: dependencies first.
    depth: list[int] = []
    for component in components:
        below = {group[t] for m in component for t in imports[m] & nodes} - {len(depth)}
        depth.append(1 + max((depth[k] for k in below), default=0))
    return max(depth, default=0), [c for c in components if len(c) > 1]


def report(graph: Graph, src: Path) -> list[str]:
    web = src / "ludoteca" / "web"
    lines = [f"modules directly in web/: {len(list(web.glob('*.py')))}"]
    for label, prefix in (("ludoteca.web", "ludoteca.web"), ("ludoteca", "ludoteca")):
        nodes = {m for m in graph.modules if m == prefix or m.startswith(prefix + ".")}
        depth, found = levels(nodes, graph.imports)
        lines.append(f"{label}: {len(nodes)} modules, {depth} import levels, {len(found)} loops")
        lines.extend("  loop: " + " ".join(found_loop) for found_loop in found)
    areas = Counter(".".join(m.split(".")[:2]) for m, _, _ in graph.in_functions)
    lines.append(f"imports inside functions: {len(graph.in_functions)}")
    lines.extend(f"  {area}: {count}" for area, count in areas.most_common())
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", type=Path, default=SRC, help="the source folder (src/)")
    parser.add_argument("--list", action="store_true", help="every import inside a function")
    args = parser.parse_args(argv)
    graph = read(args.src)
    print("\n".join(report(graph, args.src)))
    if args.list:
        for module, line, statement in graph.in_functions:
            print(f"{graph.modules[module].relative_to(args.src)}:{line}: {statement}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
