"""Issue 25: a whole package's mutation run spread over sittings on different machines keeps
its verdicts in git (scripts/mutation.py --save, and --resume taking them back), only for the
functions whose code is unchanged since."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "mutation.py"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mutation_script", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def meta(root: Path, codes: dict[str, int | None], hashes: dict[str, str]) -> Path:
    """mutants/seigneurs/game/engine.py.meta as mutmut writes it."""
    path = root / "mutants" / "seigneurs" / "game" / "engine.py.meta"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"exit_code_by_key": codes, "hash_by_function_name": hashes,
                                "type_check_error_by_key": {}, "durations_by_key": {},
                                "estimated_durations_by_key": {}}), encoding="utf-8")
    return path


def test_saved_verdicts_come_back_only_for_unchanged_functions(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    mutation = load_script()
    monkeypatch.setattr(mutation, "ROOT", tmp_path)
    monkeypatch.setattr(mutation, "VERDICTS", tmp_path / "docs" / "mutation-verdicts")
    apply, start = "seigneurs.game.engine.xǁGameǁapply", "seigneurs.game.engine.xǁGameǁ_start"
    tested = {f"{apply}__mutmut_1": 1, f"{apply}__mutmut_2": 0, f"{apply}__mutmut_3": None,
              f"{start}__mutmut_1": 1, "seigneurs.table.x.x_f__mutmut_1": 1}
    meta(tmp_path, tested, {"xǁGameǁapply": "aaa", "xǁGameǁ_start": "bbb", "x_f": "ccc"})
    with pytest.raises(SystemExit):  # mutants/ of no package: nothing written
        mutation.save_verdicts("game")
    assert not (tmp_path / "docs").exists()
    (tmp_path / "mutants" / "package.txt").write_text("game", encoding="utf-8")
    assert mutation.save_verdicts("game") == 3  # the game's tested ones, not the table's

    # a new machine: every mutant untested; _start's code changed since
    fresh = meta(tmp_path, dict.fromkeys(tested), {"xǁGameǁapply": "aaa", "xǁGameǁ_start": "b2"})
    assert mutation.take_back_verdicts("game") == 2
    codes = json.loads(fresh.read_text(encoding="utf-8"))["exit_code_by_key"]
    assert codes == {f"{apply}__mutmut_1": 1, f"{apply}__mutmut_2": 0,
                     f"{apply}__mutmut_3": None, f"{start}__mutmut_1": None,
                     "seigneurs.table.x.x_f__mutmut_1": None}


def test_retest_forgets_only_the_named_mutants_verdicts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A survivor that has a new test is tested again (`--retest`): its verdict is forgotten,
    no other."""
    mutation = load_script()
    monkeypatch.setattr(mutation, "ROOT", tmp_path)
    apply = "seigneurs.game.engine.xǁGameǁapply"
    path = meta(tmp_path, {f"{apply}__mutmut_4": 0, f"{apply}__mutmut_40": 0,
                           f"{apply}__mutmut_5": 1}, {"xǁGameǁapply": "aaa"})
    assert mutation.forget((f"{apply}__mutmut_4",)) == 1
    assert json.loads(path.read_text(encoding="utf-8"))["exit_code_by_key"] == {
        f"{apply}__mutmut_4": None, f"{apply}__mutmut_40": 0, f"{apply}__mutmut_5": 1}


def test_a_run_that_tested_nothing_loses_no_saved_verdict(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A resumed run whose mutmut stopped before testing anything (its stats run failed)
    still saves at its end: the saved verdicts of the unchanged functions stay, a changed
    function's go, and what this run did test replaces what was saved."""
    mutation = load_script()
    monkeypatch.setattr(mutation, "ROOT", tmp_path)
    monkeypatch.setattr(mutation, "VERDICTS", tmp_path / "docs" / "mutation-verdicts")
    apply, start = "seigneurs.game.engine.xǁGameǁapply", "seigneurs.game.engine.xǁGameǁ_start"
    meta(tmp_path, {f"{apply}__mutmut_1": 1, f"{apply}__mutmut_2": 0, f"{start}__mutmut_1": 1},
         {"xǁGameǁapply": "aaa", "xǁGameǁ_start": "bbb"})
    (tmp_path / "mutants" / "package.txt").write_text("game", encoding="utf-8")
    assert mutation.save_verdicts("game") == 3

    # the next run: _start changed, apply 2 retested and killed, apply 1 left untested
    meta(tmp_path, {f"{apply}__mutmut_1": None, f"{apply}__mutmut_2": 1,
                    f"{start}__mutmut_1": None}, {"xǁGameǁapply": "aaa", "xǁGameǁ_start": "b2"})
    assert mutation.save_verdicts("game") == 2
    saved = json.loads((tmp_path / "docs" / "mutation-verdicts" / "game.json").read_text(
        encoding="utf-8"))
    assert saved == {apply: {"hash": "aaa", "codes": {"1": 1, "2": 1}}}
