"""The shape of the code (issues 11, 19): no import circle anywhere in the package, counting
every import (at the top, inside functions, and for type checking only); the pure layers load
without arcade; the product imports none of its tools, and no package another's private names;
no test file imports another."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import seigneurs

PACKAGE = Path(seigneurs.__file__).parent


def import_graph() -> dict[str, set[str]]:
    """Module -> the package's modules it imports, in any way at all."""
    modules = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        modules[name] = path
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.module:
                targets = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            graph[name] |= {t for t in targets if t in modules and t != name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in graph[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in graph:
        if node not in index:
            visit(node)
    return found


def test_the_circle_finder_finds_a_circle() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_circle_in_the_package() -> None:
    graph = import_graph()
    assert graph["seigneurs.ui.window"]  # the graph is really read
    assert circles(graph) == []


def test_views_know_the_table_only_through_its_narrow_interface() -> None:
    graph = import_graph()
    views = [name for name in graph if name.startswith("seigneurs.ui.") and name.endswith("_view")]
    assert len(views) >= 6
    for view in views:
        assert not graph[view] & {"seigneurs.ui.window", "seigneurs.ui.navigator",
                                  "seigneurs.ui.run"}, view


def tool_users(graph: dict[str, set[str]]) -> list[str]:
    """Product modules that import a tool: anything outside `seigneurs.tools` and the command
    line (which runs the tools) that imports from `seigneurs.tools`."""
    def is_tool(name: str) -> bool:
        return name == "seigneurs.tools" or name.startswith("seigneurs.tools.")

    def runs_tools(name: str) -> bool:
        return is_tool(name) or name == "seigneurs.cli" or name.startswith("seigneurs.cli.")

    return sorted(name for name, targets in graph.items()
                  if not runs_tools(name) and any(is_tool(t) for t in targets))


def test_the_tool_check_finds_a_product_module_that_imports_a_tool() -> None:
    graph = {"seigneurs.ui.run": {"seigneurs.tools.startup"}, "seigneurs.cli": {"seigneurs.tools"},
             "seigneurs.cli.bench": {"seigneurs.tools.bench"},
             "seigneurs.tools.bench": {"seigneurs.tools.scripted", "seigneurs.ui.window"},
             "seigneurs.tools_like": {"seigneurs.ui"}, "seigneurs.game": {"seigneurs.tools"}}
    assert tool_users(graph) == ["seigneurs.game", "seigneurs.ui.run"]


def test_the_product_never_imports_its_tools() -> None:
    """Simulators, scenarios, benches, the recorder and the scripted table live in `tools/`:
    the game ships without needing them, and a newcomer sees at once what is product."""
    graph = import_graph()
    assert any(t.startswith("seigneurs.tools.") for name, targets in graph.items()
               if name.startswith("seigneurs.cli") for t in targets)  # the graph is really read
    assert tool_users(graph) == []


def private_imports(sources: dict[str, str]) -> list[str]:
    """`module -> imported name` for each underscore name a module takes from another top-level
    package of ours (`seigneurs.table` from `seigneurs.input`, say): a package's private names
    are its own to change."""
    def package(name: str) -> str:
        return ".".join(name.split(".")[:2])

    found = []
    for name, text in sources.items():
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("seigneurs"):
                module = node.module or ""
                found += [f"{name} -> {module}.{alias.name}" for alias in node.names
                          if alias.name.startswith("_") and package(module) != package(name)]
    return sorted(found)


def test_the_private_import_check_finds_one_across_packages() -> None:
    sources = {"seigneurs.tools.crowd": "from seigneurs.input.setup import InputSettings, _f",
               "seigneurs.input.tuio": "from seigneurs.input.osc import _parse",
               "seigneurs.ui.run": "from seigneurs.ui.window import _warm"}
    assert private_imports(sources) == ["seigneurs.tools.crowd -> seigneurs.input.setup._f"]


def test_no_package_imports_another_ones_private_names() -> None:
    sources = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        sources[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = \
            path.read_text(encoding="utf-8")
    assert len(sources) > 50  # the package is really read
    assert private_imports(sources) == []


def test_rules_game_input_and_kiosk_keeping_load_without_arcade() -> None:
    code = ("import sys, seigneurs.rules, seigneurs.game, seigneurs.input.setup, "
            "seigneurs.kiosk.keeper, seigneurs.kiosk.config; "
            "sys.exit(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('arcade', 'pyglet', 'pymunk')) or None)")
    result = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True,
                            text=True)
    assert result.returncode == 0, result.stderr


LEFT_FOR_LATER: set[str] = set()
"""Classes over the limit, to be split where a part has its own reason (issue 26, item 4: the
evdev decoder's device table and protocols, the TUIO frame assembly, are split)."""


def long_classes(sources: dict[str, str], limit: int = 250) -> list[str]:
    """`module.Class` for each class of more than `limit` lines."""
    return sorted(f"{name}.{node.name}" for name, text in sources.items()
                  for node in ast.walk(ast.parse(text)) if isinstance(node, ast.ClassDef)
                  and (node.end_lineno or node.lineno) - node.lineno + 1 > limit)


def product_sources() -> dict[str, str]:
    sources = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        if not name.startswith(("seigneurs.tools", "seigneurs.cli")):
            sources[name] = path.read_text(encoding="utf-8")
    return sources


def test_the_long_class_check_finds_one() -> None:
    text = "class A:\n" + "    x = 1\n" * 5 + "class B:\n    y = 2\n"
    assert long_classes({"m": text}, limit=3) == ["m.A"]


def test_no_class_of_the_product_does_several_jobs_in_over_250_lines() -> None:
    sources = product_sources()
    assert len(sources) > 50  # the product is really read
    assert set(long_classes(sources)) <= LEFT_FOR_LATER


KINDS = {"RaceGame", "DuoGame", "RaceSession", "DuoSession", "RaceController",
         "DuoController", "RaceView", "DuoView"}


def kind_questions(sources: dict[str, str]) -> list[str]:
    """`module: what` for each place that asks which kind a game is: an isinstance on a
    kind's class, or a variant's `.duo`, outside `game/` and the kinds registries."""
    found = []
    for name, text in sources.items():
        if name.startswith("seigneurs.game") or name.endswith(".kinds"):
            continue
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                    node.func.id == "isinstance" and len(node.args) == 2:
                named = {n.id for n in ast.walk(node.args[1]) if isinstance(n, ast.Name)}
                found += [f"{name}: isinstance {kind}" for kind in sorted(named & KINDS)]
            elif isinstance(node, ast.Attribute) and node.attr == "duo":
                found.append(f"{name}: .duo")
    return sorted(found)


def test_the_kind_check_finds_an_isinstance_and_a_duo_branch() -> None:
    sources = {"seigneurs.ui.x": "if isinstance(g, DuoGame): pass\nif spec.duo: pass\n",
               "seigneurs.game.kinds": "isinstance(g, RaceGame)",
               "seigneurs.table.kinds": "spec.duo"}
    assert kind_questions(sources) == ["seigneurs.ui.x: .duo",
                                       "seigneurs.ui.x: isinstance DuoGame"]


def test_nothing_outside_game_and_the_kinds_registries_asks_which_kind_a_game_is() -> None:
    """Issue 26, item 1: a kind's parts are found from its registry entries."""
    sources = product_sources()
    assert kind_questions(sources) == ["seigneurs.rules.outcomes: .duo"]  # the rules' guard:
    # a Duo is never checked as a race (below the game, where no registry is)


def test_the_tools_sit_below_the_command_line() -> None:
    """The command line runs the tools; a tool that imported the command line would climb
    back up (the year's table once took its log setup from there)."""
    graph = import_graph()
    climbs = sorted(f"{name} -> {target}" for name, targets in graph.items()
                    if name.startswith("seigneurs.tools") for target in targets
                    if target == "seigneurs.cli" or target.startswith("seigneurs.cli."))
    assert climbs == []


def rectangle_types(sources: dict[str, str]) -> list[str]:
    """`module.Class` for each class whose fields are a rectangle's x, y, w and h."""
    return sorted(f"{name}.{node.name}" for name, text in sources.items()
                  for node in ast.walk(ast.parse(text)) if isinstance(node, ast.ClassDef)
                  and {s.target.id for s in node.body if isinstance(s, ast.AnnAssign)
                       and isinstance(s.target, ast.Name)} == {"x", "y", "w", "h"})


def test_one_rectangle_type_in_the_product() -> None:
    """Issue 26: one declaration per fact; the table's zones and the input's ignored regions
    are both `seigneurs.rect.Rect`."""
    assert rectangle_types({"a": "class R:\n    x: int\n    y: int\n    w: int\n    h: int\n",
                            "b": "class P:\n    x: int\n    y: int\n"}) == ["a.R"]
    assert rectangle_types(product_sources()) == ["seigneurs.rect.Rect"]


def shared_names(*modules: ModuleType) -> set[str]:
    """The class names declared in more than one of `modules`."""
    declared = [{name for name, value in vars(m).items()
                 if isinstance(value, type) and value.__module__ == m.__name__} for m in modules]
    return {n for i, a in enumerate(declared) for b in declared[i + 1:] for n in a & b}


def test_the_shared_name_check_finds_one() -> None:
    first, second = ModuleType("first"), ModuleType("second")
    exec("class PutBack: pass\nclass Pick: pass", first.__dict__)
    exec("class PutBack: pass", second.__dict__)
    second.__dict__["Pick"] = first.__dict__["Pick"]  # imported, not declared: not counted
    assert shared_names(first, second) == {"PutBack"}


def test_no_table_event_shares_its_name_with_a_game_action() -> None:
    """Issue 26: an event says what happened (`BackOnTable`), the action what was asked
    (`PutBack`); one name for both made every reader check which was meant."""
    from seigneurs.game import actions
    from seigneurs.table import events
    assert shared_names(events, actions) == set()


TESTS = Path(__file__).resolve().parent
TEST_IMPORT = re.compile(r"^\s*(from|import)\s+(tests\.)?test_\w"
                         r"""|__import__\(["'](tests\.)?test_""")


def imports_of_test_files(text: str) -> list[str]:
    """The lines of `text` that import a test file: at the top, inside a function, or in a
    script a test runs in a process of its own."""
    return [line.strip() for line in text.splitlines() if TEST_IMPORT.search(line)]


def test_the_test_import_check_finds_one_at_the_top_in_a_function_and_in_a_script() -> None:
    lines = ["from test_hands import race", "def f():", "    import tests.test_physics",
             'SCRIPT = """', "from test_persist import stored", '"""',
             "game = " + "__import__(" + '"test_persist").bot_game(1)',
             "from helpers import pick", "from race_table import held"]
    assert len(imports_of_test_files("\n".join(lines))) == 4


def test_no_test_file_imports_another() -> None:
    """What two test files share lives in a helper module or conftest.py (issue 51, item 4):
    a rule's tests are found in the file named by the rule or part, and a test file moves or
    goes without breaking another."""
    found = [f"{path.name}: {line}" for path in sorted(TESTS.glob("*.py"))
             for line in imports_of_test_files(path.read_text(encoding="utf-8"))]
    assert not found, found
