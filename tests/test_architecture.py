"""The shape of the code (issue "One shape"; docs/architecture.md, docs/adding-a-game.md).

These read the source, so a new game or app is held to the same shape without a change here:
engines stand alone on games.core, the platform reads only games.core, every game has the same
skeleton, and no import hides inside a function to dodge a cycle. The import-linter contracts in
pyproject.toml (`make lint`) check the direction between the apps.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from games.core import ActionSpec
from games.core.registry import GAME_MODULES

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "games"
PLATFORM = ROOT / "platform"
GAME_PACKAGES = sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").exists())
ENGINES = [name for name in GAME_PACKAGES if name != "core"]
APPS = sorted(p.name for p in PLATFORM.iterdir() if p.is_dir() and (p / "__init__.py").exists())
SKELETON = ("__init__.py", "state.py", "rules.py", "actions.py", "scoring.py", "text.py", "bots.py")


def _imports(path: Path) -> list[tuple[str, int, ast.AST]]:
    """(absolute module name, line, node) of every import in a file; relative ones resolved."""
    tree = ast.parse(path.read_text(), str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno, node) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((_absolute(path, node), node.lineno, node))
    return found


def _absolute(path: Path, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = path.parent.relative_to(ROOT).parts
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def _python_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py") if "migrations" not in p.parts)


@pytest.mark.parametrize("game", ENGINES)
def test_an_engine_imports_no_other_game_and_nothing_of_the_platform(game):
    others = {f"games.{name}" for name in ENGINES if name != game}
    banned_roots = set(APPS) | {"django", "channels", "celery", "rest_framework"}
    wrong = []
    for path in _python_files(GAMES / game):
        for module, line, _node in _imports(path):
            if any(module == o or module.startswith(o + ".") for o in others):
                wrong.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
            if module.split(".")[0] in banned_roots:
                wrong.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    assert wrong == []


def test_games_core_imports_no_game():
    wrong = [
        f"{path.relative_to(ROOT)}:{line} imports {module}"
        for path in _python_files(GAMES / "core")
        for module, line, _node in _imports(path)
        if module.startswith("games.") and module.split(".")[1] in ENGINES
    ]
    assert wrong == []


def test_the_platform_reads_the_engines_only_through_games_core():
    wrong = [
        f"{path.relative_to(ROOT)}:{line} imports {module}"
        for path in _python_files(PLATFORM)
        for module, line, _node in _imports(path)
        if module.startswith("games")
        and module not in ("games", "games.core")
        and not module.startswith("games.core.")
    ]
    assert wrong == []


def _function_imports(path: Path) -> list[str]:
    """Imports inside a function, except in an AppConfig.ready (Django's idiom for receivers,
    whose models exist only once the app registry is ready)."""
    tree = ast.parse(path.read_text(), str(path))
    found = []
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        if function.name == "ready" and path.name == "apps.py":
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Import | ast.ImportFrom):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} in {function.name}()")
    return found


def test_no_import_hides_inside_a_function_in_the_platform():
    assert [hit for path in _python_files(PLATFORM) for hit in _function_imports(path)] == []


def test_no_import_hides_inside_a_function_in_the_engines():
    assert [hit for path in _python_files(GAMES) for hit in _function_imports(path)] == []


@pytest.mark.parametrize("game", ENGINES)
def test_every_game_has_the_same_skeleton(game):
    folder = GAMES / game
    assert [name for name in SKELETON if not (folder / name).exists()] == []
    assert (folder / "data").is_dir()


@pytest.mark.parametrize("game", ENGINES)
def test_a_games_init_only_builds_GAME(game):
    tree = ast.parse((GAMES / game / "__init__.py").read_text())
    kinds = {type(node).__name__ for node in tree.body}
    assert kinds <= {"Expr", "ImportFrom", "Import", "Assign"}  # docstring, imports, GAME
    targets = [t.id for node in tree.body if isinstance(node, ast.Assign) for t in node.targets]
    assert set(targets) <= {"GAME", "__all__"} and "GAME" in targets


@pytest.mark.parametrize("game", ENGINES)
def test_each_action_is_declared_once_in_the_games_table(game):
    actions = importlib.import_module(f"games.{game}.actions")
    assert actions.ACTIONS and all(isinstance(s, ActionSpec) for s in actions.ACTIONS.values())


def test_every_game_package_is_registered():
    assert sorted(GAME_MODULES) == ENGINES
